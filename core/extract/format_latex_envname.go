package extract

import "strings"

// The kind an environment's name gives. An author names an environment
// for what it holds: the Modelica specification declares
// \newtheorem{functiondefinition}{Function}, printed "Function" but a
// definition of a function; a workbook keeps its definitions in a
// SaveDefinition environment of its own, rendered elsewhere. When the
// printed title names no kind (or no title is declared), a name that
// ends in the word of a kind ("functiondefinition", "SaveDefinition",
// "mytheorem"), or holds it as a word of its own ("Theorem-Box"), is
// read as that kind; a package's internal name (with an @) is none. Only whole kind words of five
// letters or more count ("algorithmic" is no algorithm, "decor" no
// corollary), and a name that also names an aside (a proof, an example,
// an exercise, a wrong definition) is none.

// nameAsides are words of an environment's name that make it no
// primitive, whatever kind word it also holds.
var nameAsides = []string{
	"proof", "example", "exercise", "solution", "remark", "wrong", "incorrect", "sketch", "hint",
	"question", "problem",
}

// kindInName is the kind environment name's words give.
func kindInName(name string) (blockKind, bool) {
	name = strings.TrimRight(name, "*")
	if strings.Contains(name, "@") {
		// A package's internal environment (rep@theorem restating an
		// exercise, definition@inner): what it is, its declaration or
		// the environment wrapping it says.
		return blockKind{}, false
	}
	lower := strings.ToLower(name)
	for _, a := range nameAsides {
		if strings.Contains(lower, a) {
			return blockKind{}, false
		}
	}
	if k, ok := kindAbbrev[lower]; ok {
		return k, true // the whole name a kind's usual short form ("Def", "thm")
	}
	var found blockKind
	ok := false
	for w, k := range kindOfTitle {
		if len(w) < 5 || !asciiWord(w) {
			continue
		}
		for from := 0; ; {
			i := strings.Index(lower[from:], w)
			if i < 0 {
				break
			}
			i += from
			from = i + 1
			if !nameWordAt(name, i, i+len(w)) {
				continue
			}
			if ok && found != k {
				return blockKind{}, false // two kinds: "theoremdefinition" says neither
			}
			found, ok = k, true
		}
	}
	return found, ok
}

// kindAbbrev are the short forms authors name their environments by, read
// only as a whole name: "Def" is a definition, "undef" is not.
var kindAbbrev = map[string]blockKind{
	"def": kindOfTitle["definition"], "defn": kindOfTitle["definition"], "defi": kindOfTitle["definition"],
	"dfn": kindOfTitle["definition"], "thm": kindOfTitle["theorem"], "lem": kindOfTitle["lemma"],
	"prop": kindOfTitle["proposition"], "cor": kindOfTitle["corollary"], "coro": kindOfTitle["corollary"],
	"kor": kindOfTitle["corollary"], "ax": kindOfTitle["axiom"],
}

// nameWordAt reports whether name[i:j] is a word of the name: it ends
// the name's letters, or stands between non-letters or case changes
// ("Save|Definition", "definition|@inner", "theorem|Box").
func nameWordAt(name string, i, j int) bool {
	startOK := i == 0 || !isLetterByte(name[i-1]) || isUpper(name[i]) && !isUpper(name[i-1])
	rest := strings.TrimRight(name[j:], "0123456789")
	endOK := rest == "" || !isLetterByte(name[j]) || isUpper(name[j]) && !isUpper(name[j-1])
	return endOK && (startOK || rest == "")
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

func asciiWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if !isLetterByte(w[i]) {
			return false
		}
	}
	return true
}

// titleKeys are the keys of a block's optional argument that give its
// title when the argument is a key=value list (thmtools'
// \begin{theorem}[name=Pythagoras, label=thm:p], a workbook's
// \begin{SaveDefinition}[key=span, title={Span}]).
var titleKeys = []string{"title", "name", "note"}

// listKeys are keys that mark an optional argument as a key=value list
// rather than a title that happens to hold "=".
var listKeys = map[string]bool{"title": true, "name": true, "note": true, "label": true, "key": true, "id": true}

// optionTitle is the title a block's optional argument gives: the
// argument itself, or, when it is a key=value list, the value of its
// title key ("" when it has none).
func optionTitle(opt string) string {
	k, _, found := strings.Cut(opt, "=")
	if !found || !listKeys[strings.ToLower(strings.TrimSpace(k))] {
		return opt
	}
	for _, key := range titleKeys {
		if v, ok := enumKey(opt, key); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
