package extract

import (
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core"
)

// Highlighted statements. Some authors set what a reader is to retain in
// a framed or shaded box of their own, with no title and no number:
// forallx's \factoidbox ("A sentence can be symbolized as ¬A if it can be
// paraphrased in English as 'It is not the case that…'", "A and B are
// equivalent iff…"), a course's "key fact" frame. TeX prints each as a
// box set apart from the prose, and a reader takes it as the book's own
// statement of the point the paragraph before it makes. lore reads such a
// box as a definition (a result when a bold kind word leads it) when the
// box is set by a command or environment of the author's that sets three
// or more such boxes (a device made for a class of statements; a box
// written out once, "False Theorem." before a bogus proof, is an aside),
// and when the box states something in words: a box of worked
// arithmetic, a figure or a listing in a frame is an illustration, not a
// statement.

// frameBoxes are the environments that set their body in a frame or on
// a shaded ground (tcolorbox, mdframed, framed's family).
var frameBoxes = map[string]bool{
	"tcolorbox": true, "mdframed": true, "framed": true, "oframed": true,
	"shaded": true, "shaded*": true, "snugshade": true, "snugshade*": true, "leftbar": true,
}

// frontMatter are the titles of the sections a book speaks to its reader
// in: a box there is a message ("Dear reader…"), not the book's matter.
var frontMatter = map[string]bool{
	"preface": true, "foreword": true, "acknowledgements": true, "acknowledgments": true,
	"about this book": true, "to the reader": true, "how to use this book": true, "dedication": true,
}

// minHighlights is how many stating boxes of one of the author's
// commands make that command the author's way of marking statements: one
// or two framed paragraphs are asides.
const minHighlights = 3

// minHighlightWords is how many words (outside formulas) a box's body
// needs to state something.
const minHighlightWords = 3

// highlightKind is a highlighted statement's kind.
var highlightKind = blockKind{core.Definition, "definition"}

// highlightAt reads \begin{name} whose options start at p in s, the
// text of section st, as a highlighted statement: its kind, its title
// and where its body starts. A bold title leading the box names it, and
// makes it a result when its kind's word ends it ("Soundness Theorem.").
// A box that marks no term of its own is named by the term its lead-in
// marks ("…the following formal definition for a \define{sentence of
// TFL}:"), else by the section's title: forallx's box under "Negation"
// states when a sentence is a negation.
func (x *extractor) highlightAt(st *secState, name, s string, p int) (blockKind, string, int, bool) {
	at := strings.LastIndex(s[:p], `\begin{`+name+`}`)
	if !frameBoxes[name] || at < 0 || frontMatter[strings.ToLower(strings.TrimSpace(st.title))] || inFloat(s[:at]) ||
		x.highlightMacros()[x.exp.macroAt(st.body+at)] < minHighlights {
		return blockKind{}, "", p, false
	}
	p, ok := untitledBoxOptions(s, p)
	if !ok {
		return blockKind{}, "", p, false
	}
	end := strings.Index(s[p:], `\end{`+name+`}`)
	if end < 0 || !statesInWords(s[p:p+end]) {
		return blockKind{}, "", p, false
	}
	body := s[p : p+end]
	if gluedLines(dropMath(x.texr.clean(body))) {
		return blockKind{}, "", p, false
	}
	if t, ok := boxHeading(body); ok {
		w := strings.Fields(strings.ToLower(strings.Trim(cleanLaTeX(t), " .:")))
		if len(w) == 0 {
			return blockKind{}, "", p, false
		}
		if k, ok := kindOfTitle[w[len(w)-1]]; ok && k.typ != core.Definition {
			return k, t, p, true
		}
		if _, ok := kindOfTitle[w[0]]; ok {
			return highlightKind, t, p, true
		}
		// A box headed by a word lore knows as no kind ("Example 3",
		// "Eksempel 1", "Note") is that: an aside, not a statement.
		return blockKind{}, "", p, false
	}
	if len(x.latexTerms(body)) > 0 {
		return highlightKind, "", p, true
	}
	if t := leadInTerm(x, s[max(0, at-maxLeadIn):at]); t != "" {
		return highlightKind, t, p, true
	}
	// its section's point: told from the section's other boxes by what
	// it says that they do not (uniqueNames), never by a word taken
	// from its statement ("A sentence can be symbolized as …" is no
	// definition of "Sentence")
	return highlightKind, st.title, p, true
}

// boxHeading is the bold text a box's body prints first, when it prints
// nothing before it: "\textbf{Soundness Theorem.}" after a \label, or
// "{\large \textbf{Example 1} \vspace{5pt}}".
func boxHeading(body string) (string, bool) {
	for _, open := range []string{`\textbf{`, `\bfseries`, `{\bf `} {
		i := strings.Index(body, open)
		if i < 0 || i > 200 || strings.TrimSpace(strings.Trim(cleanLaTeX(dropTeXComments(body[:i])), "{} ")) != "" {
			continue
		}
		if open != `\textbf{` {
			e := strings.IndexAny(body[i+len(open):], "}\n")
			if e < 0 {
				continue
			}
			return strings.TrimSpace(body[i+len(open) : i+len(open)+e]), true
		}
		e, ok := balanced(body, i+len(open)-1, '{', '}', 400)
		if !ok {
			continue
		}
		return body[i+len(open) : e], true
	}
	return "", false
}

// leadInTerm is the last term marked in the paragraph before a box when
// that paragraph leads into it, ending in a colon.
func leadInTerm(x *extractor, before string) string {
	para := paragraphBefore(before)
	if !strings.HasSuffix(strings.TrimSpace(dropTeXComments(para)), ":") {
		return ""
	}
	// Emphasis in a lead-in stresses a word ("with \emph{two} f's");
	// only defining markup names what the box states.
	terms := x.latexTerms(para)
	for i := len(terms) - 1; i >= 0; i-- {
		if terms[i].strong {
			return terms[i].text
		}
	}
	return ""
}

// highlightMacros counts, once per document, the untitled frame boxes
// that state something, by the author's command or environment that sets
// them.
func (x *extractor) highlightMacros() map[string]int {
	if x.highlights != nil {
		return x.highlights
	}
	x.highlights = map[string]int{}
	if x.exp != nil {
		statingBoxes(x.doc, func(at int) {
			if m := x.exp.macroAt(at); m != "" {
				x.highlights[m]++
			}
		})
	}
	return x.highlights
}

// statingBoxes calls found with the offset of each untitled frame box of
// s outside a float that states something in words.
func statingBoxes(s string, found func(at int)) {
	for name := range frameBoxes {
		open, closing := `\begin{`+name+`}`, `\end{`+name+`}`
		for i := 0; ; {
			k := strings.Index(s[i:], open)
			if k < 0 {
				break
			}
			at := i + k
			p := at + len(open)
			e := strings.Index(s[p:], closing)
			if e < 0 {
				break
			}
			if q, ok := untitledBoxOptions(s, p); ok && q <= p+e && !inFloat(s[:at]) && statesInWords(s[q:p+e]) {
				found(at)
			}
			i = p + e
		}
	}
}

// inFloat reports whether the text before a box opens a figure it sits
// in: a frame around a figure is the figure's.
func inFloat(before string) bool {
	before = before[max(0, len(before)-400):]
	for _, open := range []string{`\begin{figure`, `\wrapfigure`, `\begin{wrapfigure`, `\begin{table`} {
		if i := strings.LastIndex(before, open); i >= 0 && !strings.Contains(before[i:], `\end{`) {
			return true
		}
	}
	return false
}

// untitledBoxOptions reads a box's options at p, if any, and returns
// where its body starts; ok is false when they give it a title: a box
// titled "Exercise 3.17" or "Did you know?" is what its title says.
func untitledBoxOptions(s string, p int) (int, bool) {
	q := skipTeXSpace(s, p)
	if q >= len(s) || s[q] != '[' {
		return p, true
	}
	e, ok := balanced(s, q, '[', ']', 2000)
	if !ok {
		return p, false
	}
	for _, key := range titleOptionKeys {
		if _, found := enumKey(s[q+1:e], key); found {
			return p, false
		}
	}
	return e + 1, true
}

// statesInWords reports a box body that says something in words: enough
// words outside its formulas, and no figure (a centred or captioned
// body), drawing, derivation or listing.
func statesInWords(body string) bool {
	for _, k := range []string{`\includegraphics`, `\begin{tikzpicture}`, `\begin{lstlisting}`,
		`\begin{verbatim}`, `\begin{minted}`, `\begin{figure}`, `\begin{tabular`, `\begin{array}`,
		`\centering`, `\caption`} {
		if strings.Contains(body, k) {
			return false
		}
	}
	// A derivation drawn in a box (a Fitch proof of a rule) is a figure
	// of the rule: its lines read as text are no statement.
	for i := strings.Index(body, `\begin{`); i >= 0; {
		env, _ := texBraced(body, i+6)
		if l := strings.ToLower(env); strings.Contains(l, "proof") || strings.Contains(l, "picture") {
			return false
		}
		k := strings.Index(body[i+7:], `\begin{`)
		if k < 0 {
			break
		}
		i += 7 + k
	}
	for env := range displayMath {
		body = dropEnv(body, env)
	}
	words := 0
	for _, w := range strings.Fields(dropMath(cleanLaTeX(body))) {
		if proseWord(strings.Trim(w, ".,;:!?'`\"()")) {
			words++
		}
	}
	return words >= minHighlightWords
}

// proseWord reports a word as prose writes it: three letters or more,
// capitalised at most at its head. A derivation's lines rendered as text
// ("aA", "abAB", "CAB") are no words.
func proseWord(w string) bool {
	n := 0
	for i, r := range w {
		switch {
		case unicode.IsLower(r):
		case unicode.IsUpper(r) && i == 0:
		case r == '-' && i > 0:
			continue
		default:
			return false
		}
		n++
	}
	return n >= 3
}

// gluedLines reports text in which a drawing's lines read as glued
// letters ("aA", "mAS", "oAm-n": a Fitch derivation's line numbers, labels
// and formulas run together): such a box is a figure whose
// text would state something other than it shows.
func gluedLines(t string) bool {
	for _, w := range strings.Fields(t) {
		if len(w) >= 2 && len(w) <= 8 && w[0] >= 'a' && w[0] <= 'z' &&
			(w[1] >= 'A' && w[1] <= 'Z' || len(w) > 2 && w[1] >= 'a' && w[1] <= 'z' && w[2] >= 'A' && w[2] <= 'Z') {
			return true
		}
	}
	return false
}

// dropEnv removes every \begin{env}…\end{env} of s.
func dropEnv(s, env string) string {
	open, closing := `\begin{`+env+`}`, `\end{`+env+`}`
	for {
		i := strings.Index(s, open)
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], closing)
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + " " + s[i+j+len(closing):]
	}
}
