package extract

import (
	"strings"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A book that teaches a method by its code gives the method as one
// function under the method's heading: "\subsection{The Bisection
// Method}" over a python environment holding "def Bisection(fun, a, b,
// …)". A reader takes that function as the algorithm the section
// teaches, whatever language it is written in; a program of several
// functions, or one whose name says nothing of the heading, is code the
// section uses, not its method. The function is often set in an
// environment the author defines over the listing packages
// (\newenvironment{python}{\VerbatimEnvironment\begin{minted}{python}}…),
// which is read as the listing it opens.

// authorListingDefs are the listing packages' commands that define a
// verbatim environment: \lstnewenvironment{code}[…]{\lstset{language=C}}…,
// \DefineVerbatimEnvironment{code}{Verbatim}{…}, \newminted{python}{…}
// (the environment pythoncode) and \newminted[code]{python}{…}.
var authorListingDefs = lazyre.New(`\\(lstnewenvironment|DefineVerbatimEnvironment|newminted)\s*(?:\[([A-Za-z]+)\])?\s*\{([A-Za-z]+)\*?\}`)

// mintedLang is the language a minted or lstlisting opening gives.
var mintedLang = lazyre.New(`\\begin\{minted\}\s*(?:\[[^\]]*\])?\s*\{([A-Za-z+#]+)\}|language\s*=\s*\{?([A-Za-z+#]+)`)

// authorListings are the environments the document defines to set code
// verbatim, with the language each gives ("" when none).
func (d *texDoc) authorListings(doc string) map[string]string {
	if d.listings != nil {
		return d.listings // read once per document, not per section
	}
	out := map[string]string{}
	d.listings = out
	for name, a := range d.authorEnvs {
		if !strings.Contains(a.begin, `\begin{minted}`) && !strings.Contains(a.begin, `\begin{lstlisting}`) &&
			!strings.Contains(a.begin, `\VerbatimEnvironment`) && !strings.Contains(a.begin, `\begin{Verbatim}`) {
			continue
		}
		lang := ""
		if m := mintedLang.FindStringSubmatch(a.begin); m != nil {
			lang = m[1] + m[2]
		}
		out[name] = lang
	}
	for _, m := range authorListingDefs.FindAllStringSubmatchIndex(doc, -1) {
		cmd, arg := doc[m[2]:m[3]], doc[m[6]:m[7]]
		switch {
		case cmd == "newminted" && m[4] >= 0:
			out[doc[m[4]:m[5]]] = arg
		case cmd == "newminted":
			out[arg+"code"] = arg
		default:
			lang := ""
			if l := mintedLang.FindStringSubmatch(doc[m[1]:min(len(doc), m[1]+200)]); l != nil {
				lang = l[1] + l[2]
			}
			out[arg] = lang
		}
	}
	return out
}

// methodWords are the words a heading names a method with that its
// function's name leaves out ("The Bisection Method", "Newton's method
// and its extensions").
var methodWords = map[string]bool{
	"method": true, "methods": true, "algorithm": true, "algorithms": true, "the": true, "and": true,
	"its": true, "of": true, "for": true, "a": true, "an": true, "with": true, "extensions": true,
	"implementation": true, "code": true, "procedure": true, "function": true,
}

// funcName is a function definition's name on a code row: Python's def,
// and the function keywords of the languages books teach in.
var funcName = lazyre.New(`^\s*(?:def|function|func|fn|procedure|sub)\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(|^\s*function\s+(?:\[[^\]]*\]|[A-Za-z_][A-Za-z0-9_]*)\s*=\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(`)

// methodFunction reports whether b holds one function, at its head, whose
// name shares a word with the heading title: the section's method.
func methodFunction(b listingBlock, title string) bool {
	var names []string
	first := true
	for _, line := range strings.Split(b.body, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "%") || strings.HasPrefix(t, "//") {
			continue
		}
		m := funcName.FindStringSubmatch(line)
		if first && m == nil {
			return false // code before the function: a script
		}
		first = false
		if m != nil && (line[0] != ' ' && line[0] != '\t' || len(names) == 0) {
			names = append(names, m[1]+m[2])
		}
	}
	if len(names) != 1 {
		return false
	}
	heading := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if !methodWords[w] && len(w) > 2 {
			heading[text.Stem(w)] = true
		}
	}
	for _, w := range strings.FieldsFunc(splitCamel(names[0]), func(r rune) bool { return r == '_' || r == ' ' || r >= '0' && r <= '9' }) {
		if w = strings.ToLower(w); len(w) > 2 && heading[text.Stem(w)] {
			return true
		}
	}
	return false
}

// splitCamel puts a space before each upper-case letter that follows a
// lower-case one: "gaussElimination" → "gauss Elimination".
func splitCamel(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i > 0 && s[i] >= 'A' && s[i] <= 'Z' && s[i-1] >= 'a' && s[i-1] <= 'z' {
			b.WriteByte(' ')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
