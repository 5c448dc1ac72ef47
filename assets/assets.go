// Package assets holds the data lore embeds in its binary: built-in domain
// definitions, the default configuration and the sample textbook `lore demo`
// runs on.
package assets

import _ "embed"

//go:embed config/default.yaml
var defaultConfig []byte

//go:embed sample/graphs.md
var sample []byte

// DefaultConfigYAML is the default configuration, the lowest layer under the
// config file, the environment and flags.
func DefaultConfigYAML() []byte { return defaultConfig }

// SampleName is the file name the embedded sample is presented under.
const SampleName = "graphs.md"

// Sample is a short original textbook chapter in Markdown used by `lore demo`.
func Sample() []byte { return sample }
