package extract

import (
	"strings"
	"unicode"
)

// An author may set proofs in an environment of their own: amsthm's
// proof copied under another name with its own heading
// (\newenvironment{subproof}[1][Subproof]{\par\trivlist\item[\itshape
// #1.]}{…}), or a wrapper around proof. A reader knows it for a proof by
// the heading it prints, so the environment's begin code is read, with
// the use's arguments in place, for the first word it prints.

// maxHeadingCode bounds how much of an environment's begin code is read
// for its heading.
const maxHeadingCode = 2000

// printsProof reports whether the author's environment env, whose use's
// arguments start at p in doc, prints a proof's heading: its begin code's
// first printed word is "Proof" or a word for one ("Subproof",
// "Beweis"), or it opens a proof environment before any text and with no
// other heading ("\begin{proof}[Solution]" is a solution).
func (d *texDoc) printsProof(env, doc string, p int) bool {
	a, ok := d.authorEnvs[env]
	if !ok {
		return d.defProof(env)
	}
	// An environment built on LaTeX's internals (amsthm's proof copied)
	// still prints its heading's words: only they are read.
	if a.takesBody || a.box != "" {
		return false
	}
	if a.alias != "" {
		return proofEnvs[a.alias]
	}
	args, _, ok := a.params.readArgs(doc, p)
	if !ok {
		return false
	}
	code := resolveConditionals(substituteArgs(a.begin, args))
	if len(code) > maxHeadingCode {
		code = code[:maxHeadingCode]
	}
	if i := strings.Index(code, `\begin`); i >= 0 {
		if w := firstPrintedWord(code[:i]); w != "" {
			return proofWord(w)
		}
		inner, e := texBraced(code, i+6)
		if e < 0 || !proofEnvs[inner] {
			return false
		}
		if arg, _ := texOptional(code, e, 400); arg != "" {
			return proofWord(firstPrintedWord(arg))
		}
		return true
	}
	return proofWord(firstPrintedWord(code))
}

// sketchWords are the words that call a proof a sketch of one.
var sketchWords = map[string]bool{"sketch": true, "idea": true, "outline": true, "skizze": true, "idee": true, "esquisse": true, "idée": true}

// proofTitle reports whether a declared environment's printed title is a
// proof's: "Proof", "Beweis", or a sketch of one ("Sketch of proof",
// "Idea of proof", "Proof idea", "Beweisidee"), but not "Proof tip".
func proofTitle(title string) bool {
	t := strings.ToLower(strings.TrimSpace(title))
	if proofTitles[t] {
		return true
	}
	proof, sketch := false, false
	for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch {
		case proofTitles[w]:
			proof = true
		case sketchWords[w]:
			sketch = true
		case strings.HasPrefix(w, "beweis") && sketchWords[strings.TrimPrefix(w, "beweis")]:
			proof, sketch = true, true
		case !ownerWords[w]:
			return false
		}
	}
	return proof && sketch
}

// proofWord reports whether a heading's word names a proof: "Proof",
// "Beweis" and their translations, or a word ending so ("Subproof",
// "Unterbeweis", "Teilbeweis").
func proofWord(w string) bool {
	w = strings.ToLower(w)
	return proofTitles[w] || strings.HasSuffix(w, "proof") || strings.HasSuffix(w, "beweis")
}

// firstPrintedWord is the first word of letters that code prints: its
// control words (with '@' a letter, as in a package's code) and their
// optional arguments' keys print nothing, and a TeX conditional prints
// one of its branches, so its first branch is read.
func firstPrintedWord(code string) string {
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == '\\':
			j := i + 1
			for j < len(code) && (isASCIILetter(code[j]) || code[j] == '@') {
				j++
			}
			if j == i+1 {
				j++ // a control symbol
			}
			i = j
		case c == '%':
			i = lineEnd(code, i)
		case c == '#':
			i += 2
		default:
			r := rune(c)
			if c >= 0x80 {
				r = []rune(code[i:min(len(code), i+4)])[0]
			}
			if !unicode.IsLetter(r) {
				i++
				continue
			}
			j := i
			for j < len(code) {
				r := []rune(code[j:min(len(code), j+4)])[0]
				if !unicode.IsLetter(r) {
					break
				}
				j += len(string(r))
			}
			w := code[i:j]
			if isDimenUnit(w) && i > 0 && code[i-1] >= '0' && code[i-1] <= '9' {
				i = j // "6pt", "2em"
				continue
			}
			return w
		}
	}
	return ""
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isDimenUnit reports whether w is a TeX unit of length.
func isDimenUnit(w string) bool {
	switch w {
	case "pt", "em", "ex", "cm", "mm", "in", "bp", "pc", "sp", "dd", "cc", "mu", "fil", "fill", "plus", "minus":
		return true
	}
	return false
}

// defProof reports an environment made with \def, as plain TeX makes
// one: \begin{implementation} runs \implementation, and a macro that opens
// a proof ("\def\implementation#1{\proof[Implementation of \cref{#1}]}")
// makes the environment a proof, whatever its heading says when it says
// what it proves.
func (d *texDoc) defProof(env string) bool {
	m, ok := d.macros[env]
	if !ok {
		return false
	}
	b := strings.TrimSpace(m.body)
	for pe := range proofEnvs {
		rest, ok := strings.CutPrefix(b, `\`+pe)
		if !ok || rest != "" && isLetterByte(rest[0]) {
			continue
		}
		arg, _ := texOptional(rest, 0, 400)
		return arg == "" || proofWord(firstPrintedWord(arg)) || strings.Contains(arg, `ref{`)
	}
	return false
}
