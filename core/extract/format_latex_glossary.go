package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The glossaries package: a book defines its terms, symbols and acronyms
// once (\newglossaryentry{key}{name=…,text=…}, \newacronym{key}{short}{long},
// often in a file of their own brought in by \loadglsentries) and prints
// them where it uses \gls{key}. A reader sees the printed text, never the
// key: "\symbo{corr}", a shorthand for \gls{symb:corr} whose entry prints
// nothing, must not leave "symb:corr" in a statement.

// glsEntry is what an entry prints.
type glsEntry struct {
	name, text, plural string
	textSet            bool   // text={} prints nothing, where no text prints the name
	short, long        string // an acronym's forms
	acronym            bool
}

// maxGlossary bounds the entries one document keeps.
const maxGlossary = 4096

// printed gives what \gls prints: an entry's text (its name unless set),
// an acronym's short form.
func (e glsEntry) printed() string {
	switch {
	case e.acronym:
		return e.short
	case e.textSet:
		return e.text
	}
	return e.name
}

// defineGlossaryEntry reads \newglossaryentry{key}{fields} or, for an
// acronym, \newacronym[opts]{key}{short}{long}, whose arguments start at
// p, and returns where it ends.
func (d *texDoc) defineGlossaryEntry(doc string, p int, acronym bool) int {
	if acronym {
		_, q := texOptional(doc, p, 400)
		key, q1 := texRawBraced(doc, q)
		short, q2 := texRawBraced(doc, q1)
		long, q3 := texRawBraced(doc, q2)
		if q1 < 0 || q2 < 0 || q3 < 0 {
			return p
		}
		d.addGlossary(key, glsEntry{short: short, long: long, acronym: true})
		return q3
	}
	key, q1 := texRawBraced(doc, p)
	fields, q2 := texRawBraced(doc, q1)
	if q1 < 0 || q2 < 0 {
		return p
	}
	kv := keyValues(fields)
	text, set := kv["text"]
	d.addGlossary(key, glsEntry{name: kv["name"], text: text, textSet: set, plural: kv["plural"]})
	return q2
}

func (d *texDoc) addGlossary(key string, e glsEntry) {
	key = strings.TrimSpace(key)
	// A key with a parameter is an author's command defining entries
	// (\newTerm's body), not an entry.
	if key == "" || strings.Contains(key, "#") || len(d.glossary) >= maxGlossary {
		return
	}
	if d.glossary == nil {
		d.glossary = map[string]glsEntry{}
	}
	d.glossary[key] = e
}

// keyValues reads "name={\(\infty\)},description={…},text={}" at its top
// level, each value without its outer braces.
func keyValues(s string) map[string]string {
	out := map[string]string{}
	depth, from := 0, 0
	add := func(part string) {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && v[0] == '{' && v[len(v)-1] == '}' {
			v = v[1 : len(v)-1]
		}
		out[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				add(s[from:i])
				from = i + 1
			}
		}
	}
	add(s[from:])
	return out
}

// glsForm says which form of an entry a command prints.
type glsForm struct {
	long, full, plural, upper bool
}

// glsCommands are the commands that print an entry, by name.
var glsCommands = map[string]glsForm{
	"gls": {}, "Gls": {upper: true}, "glspl": {plural: true}, "Glspl": {plural: true, upper: true},
	"glstext": {}, "Glstext": {upper: true}, "glsentrytext": {}, "glsentryname": {}, "glsname": {},
	"glssymbol": {}, "ac": {}, "Ac": {upper: true}, "acs": {}, "acrshort": {}, "Acrshort": {upper: true},
	"glsxtrshort": {}, "acp": {plural: true}, "acsp": {plural: true}, "acrshortpl": {plural: true},
	"acl": {long: true}, "Acl": {long: true, upper: true}, "acrlong": {long: true}, "Acrlong": {long: true, upper: true},
	"glsxtrlong": {long: true}, "aclp": {long: true, plural: true}, "acrlongpl": {long: true, plural: true},
	"acf": {full: true}, "Acf": {full: true, upper: true}, "acrfull": {full: true}, "Acrfull": {full: true, upper: true},
	"glsxtrfull": {full: true},
}

// expandGlossary writes each use of an entry as the text it prints. A key
// the document never defines prints itself when it reads as a word
// ("\gls{graph}", its entries kept in a file not read), and nothing when
// it is an identifier ("symb:corr").
func expandGlossary(s string, g map[string]glsEntry) string {
	if !strings.Contains(s, `\gl`) && !strings.Contains(s, `\Gl`) && !strings.Contains(s, `\ac`) && !strings.Contains(s, `\Ac`) {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '\\')
		if k < 0 {
			break
		}
		at := i + k
		name, j := controlWord(s, at)
		form, ok := glsCommands[name]
		if !ok || beingDefined(s[:at]) {
			i = max(j, at+1)
			continue
		}
		if j < len(s) && s[j] == '*' {
			j++
		}
		_, q := texOptional(s, j, 400)
		key, e := texRawBraced(s, q)
		if e < 0 {
			i = max(j, at+1)
			continue
		}
		insert, e2 := texOptional(s, e, 400)
		out := glsText(strings.TrimSpace(key), g, form) + insert
		b.WriteString(s[last:at])
		b.WriteString(out)
		last, i = e2, e2
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// glsText is what a use of key in form prints.
func glsText(key string, g map[string]glsEntry, form glsForm) string {
	e, ok := g[key]
	var out string
	switch {
	case !ok:
		if !wordKey(key) {
			return ""
		}
		out = key
		if form.plural {
			out += "s"
		}
	case e.acronym && form.long:
		out = e.long
	case e.acronym && form.full:
		out = e.long + " (" + e.short + ")"
	case form.plural && e.plural != "":
		out = e.plural
	default:
		out = e.printed()
		if form.plural && out != "" {
			out += "s"
		}
	}
	if form.upper && out != "" {
		r, n := utf8.DecodeRuneInString(out)
		out = string(unicode.ToUpper(r)) + out[n:]
	}
	return out
}

// wordKey reports whether a key reads as words: letters, spaces and
// hyphens, no category prefix ("symb:", "acr:") or digits.
func wordKey(key string) bool {
	if key == "" {
		return false
	}
	for _, r := range key {
		if !unicode.IsLetter(r) && r != ' ' && r != '-' {
			return false
		}
	}
	return true
}
