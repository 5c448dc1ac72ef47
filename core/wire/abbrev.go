package wire

import (
	"slices"
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// abbreviation is the abbreviation a statement gives its own name, as in
// "The Common Gateway Interface (CGI) is …" or "Host name (HN) means …":
// the parenthesis right after the name, whose capitals are the initials of
// the name's words in order. The text then says "CGI" for the concept, and
// a mention of it is a mention of the concept. "" when there is none.
func abbreviation(name, statement string) string {
	if len(name) < 3 || len(statement) < len(name) {
		return ""
	}
	head := statement[:min(len(statement), 300)]
	lower, lname := strings.ToLower(head), strings.ToLower(name)
	for from := 0; from < len(lower); {
		at := strings.Index(lower[from:], lname)
		if at < 0 {
			return ""
		}
		from += at + len(lname)
		rest := strings.TrimLeft(head[from:], " ")
		if !strings.HasPrefix(rest, "(") {
			continue // "Host name: Host name (HN) means …"
		}
		if end := strings.IndexByte(rest, ')'); end >= 3 && end <= 11 && text.Abbreviates(rest[1:end], name) {
			return rest[1:end]
		}
		return ""
	}
	return ""
}

// wordForAlias reports whether p, no grammar rule, names the grammar rule
// q by a word of the language: q is named as a word is ("value", "type",
// not "cookie-version" or "PATH_INFO") and only renames other rules
// ("value = token | quoted-string", "type = token"). Such a rule is the
// grammar's word for a value; a requirement's "value" or "type" is the
// English word, and would otherwise hand the rule the weight of every
// sentence that says it.
func wordForAlias(p, q *core.Primitive) bool {
	if !slices.Contains(q.Tags, core.TagGrammar) || slices.Contains(p.Tags, core.TagGrammar) {
		return false
	}
	for i, r := range q.Name {
		if !unicode.IsLetter(r) || i > 0 && unicode.IsUpper(r) != unicode.IsUpper(rune(q.Name[0])) {
			return false
		}
	}
	_, body, ok := strings.Cut(q.FormalStatement, "=")
	if !ok {
		return false
	}
	for _, alt := range strings.FieldsFunc(body, func(r rune) bool { return r == '|' || r == '/' }) {
		alt = strings.TrimSpace(alt)
		if alt == "" || strings.ContainsFunc(alt, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_'
		}) {
			return false
		}
	}
	return true
}
