package assets

import _ "embed"

//go:embed domains/builtin.yaml
var builtinDomains []byte

// BuiltinDomainsYAML is the definition of lore's built-in domains (the
// reference's ten plus lore's own) in the schema core/domains parses. It
// returns a copy so no caller can change what the next one reads.
func BuiltinDomainsYAML() []byte { return append([]byte(nil), builtinDomains...) }
