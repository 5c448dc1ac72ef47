package extract

import (
	"sort"
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Algorithms in LaTeX sources: the algorithm float (envKinds) gets the
// form of the pseudo-code it holds (algorithmBlock); pseudo-code set
// outside one — a bare algorithmic, a clrscode codebox, a program, or an
// environment the author defines — is found by what it holds
// (latexPseudocode).

// algoState is what the extractor keeps of the algorithms it read: the
// procedures each defines and calls, by the offset of its candidate.
type algoState struct {
	at map[int]*pseudo
	// procs are the procedure names already naming an algorithm, each
	// with the statement it first named.
	procs map[string]string
}

// procName names an algorithm by the procedure it defines; a name a
// procedure before took for other steps ("Sort", a book's third version
// of it) is told apart by the heading the block sits under: "Sort
// (In-place merge sort)". The same steps again (a chapter showing merge
// sort once more) keep the name: one algorithm, which the deduper makes
// one primitive.
func (a *algoState) procName(st *secState, proc, statement string) string {
	if proc == "" {
		return ""
	}
	k := strings.ToLower(proc)
	if a.procs == nil {
		a.procs = map[string]string{}
	}
	if first, ok := a.procs[k]; ok && first != statement && st.title != "" && strings.ToLower(st.title) != k {
		return proc + " (" + st.title + ")"
	}
	if _, ok := a.procs[k]; !ok {
		a.procs[k] = statement
	}
	return proc
}

func (a *algoState) keep(off int, ps *pseudo) {
	if a.at == nil {
		a.at = map[int]*pseudo{}
	}
	a.at[off] = ps
}

// algorithmBlock gives an algorithm environment the form of its
// pseudo-code, and its name: the caption, else the procedure it defines.
func (x *extractor) algorithmBlock(st *secState, b *formatBlock, body string) {
	full := text.CollapseSpace(x.texr.clean(latexArg(body, `\caption`)))
	caption := givenName(full)
	ps := readPseudoLines(x.texr, body, true)
	var proc string
	if len(ps.procs) > 0 {
		proc = givenName(ps.procs[0])
	}
	b.alt = func() string {
		if caption != "" {
			return caption
		}
		return x.algos.procName(st, proc, b.c.statement)
	}
	if !ps.looksPseudo(true) {
		var ok bool
		if ps, ok = plainFloatRows(ps); !ok {
			return
		}
	}
	b.c.form = ps.form()
	// the statement says all the caption does; the name may be cut
	b.c.statement = withCaption(full, ps.statement())
	x.algos.keep(b.c.offset, &ps)
}

// listNumber is the number a row of an algorithm float gives itself as a
// list would: "1.", "(2)", "3)", "Step 4:".
var listNumber = lazyre.New(`^(?:\(?[0-9]{1,2}[.)]|Step\s+[0-9]{1,2}[.:)]?)\s+`)

// plainFloatRows reads an algorithm float whose rows are plain lines (set
// apart by \\ or by lines, often numbered by hand) rather than a package's
// pseudo-code: the float says it is an algorithm, so its rows are its
// steps, less the inputs and outputs over them and the numbers the author
// typed. ok is false unless most rows are so numbered, two at least: a
// figure, an image, or prose wrapped over lines is no list of rows.
func plainFloatRows(ps pseudo) (pseudo, bool) {
	rows := make([]string, 0, len(ps.lines))
	for _, l := range ps.lines {
		if t := strings.TrimSpace(l.text); strings.IndexFunc(t, unicode.IsLetter) >= 0 {
			rows = append(rows, t)
		}
	}
	io, rows := rowParts(rows)
	numbered := 0
	for i, r := range rows {
		if listNumber.MatchString(r) {
			numbered++
		}
		rows[i] = listNumber.ReplaceAllString(r, "")
	}
	if numbered < 2 || 2*numbered < len(rows) {
		// lines of prose the source wraps (an "algorithm" of a book's
		// own, stated in sentences) are no rows
		return ps, false
	}
	out := finishRows(io, rows)
	out.calls = ps.calls
	return out, true
}

func withCaption(caption, stmt string) string {
	if caption == "" {
		return stmt
	}
	return strings.TrimSuffix(caption, ".") + ". " + stmt
}

// notPseudoBlock are environments never read as one block of pseudo-code
// themselves (what they hold may be): the document, lists, mathematics,
// tables, slides. A minipage, center or figure may be: an author's
// environment for pseudo-code often is one once expanded.
var notPseudoBlock = map[string]bool{
	"document": true, "itemize": true, "enumerate": true, "description": true, "frame": true,
	"tabular": true, "tabularx": true, "array": true, "multicols": true,
	"abstract": true, "thebibliography": true, "table": true,
	"quote": true, "quotation": true, "tikzpicture": true, "cases": true, "matrix": true,
	"pmatrix": true, "bmatrix": true,
	// prose blocks by their standard names, declared or not: an
	// example's list of cases ("(a) If S = {1, 2, 3, …} then …") reads
	// like rows of conditions, and is no procedure
	"example": true, "examples": true, "remark": true, "remarks": true, "note": true,
}

// skippedWhole are environments whose pseudo-code is not knowledge of its
// own: proofs, exercises and their solutions.
var skippedWhole = map[string]bool{
	"proof": true, "exercise": true, "exercises": true, "solution": true, "problem": true,
	"answer": true, "hint": true, "homework": true, "question": true,
}

// latexPseudocode adds the blocks of pseudo-code of a section that no
// algorithm environment holds. Found among the format blocks from first
// on, they are kept in offset order with them.
func (x *extractor) latexPseudocode(st *secState, first int) {
	s := st.own
	if !strings.Contains(s, `\begin{`) {
		return
	}
	tex := x.texDoc()
	found := append([]cand(nil), x.cands[first:]...)
	added := false
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], `\begin{`)
		if j < 0 {
			break
		}
		at := i + j
		i = at + 7
		q := strings.IndexByte(s[i:], '}')
		if q < 0 || q > 40 {
			continue
		}
		name := s[i : i+q]
		orig := strings.TrimSuffix(name, "*")
		base := strings.ToLower(orig)
		if _, ok := envKinds[orig]; ok {
			continue
		}
		if _, ok := declaredEnv(tex, orig); ok || notPseudoBlock[base] || displayMath[name] || displayRules[name] || verbatimLike[name] || commentedOut(s, at) || insideBlock(found, st.body+at) {
			continue
		}
		_, p := texOptional(s, i+q+1, 200)
		absBody := st.body + p
		absEnd, blockEnd := x.blockEnd(`\begin{`+name+`}`, `\end{`+name+`}`, absBody, st.body+len(s))
		if skippedWhole[base] || skippedWhole[strings.ToLower(tex.envs[orig])] {
			if rel := blockEnd - st.body; rel > i && rel <= len(s) {
				i = rel
			}
			continue
		}
		if proseTheorem(tex, orig) {
			continue
		}
		body := x.doc[absBody:absEnd]
		if len(body) > maxBody || nestsPseudoEnv(body) && !pseudoEnvs[base] {
			continue
		}
		// the pseudocode package names the procedure and its parameters
		// in the environment's arguments:
		// \begin{pseudocode}{BinarySearch}{A, n, x}
		sigName, sigArgs := "", ""
		if base == "pseudocode" {
			if n, e := texBraced(x.doc, absBody); e > absBody && e-absBody < 200 {
				if a, e2 := texBraced(x.doc, e); e2 > e && e2-e < 400 {
					sigName, sigArgs, body = n, a, x.doc[e2:absEnd]
				}
			}
		}
		ps := readPseudoLines(x.texr, withoutDrawings(body), pseudoEnvs[base])
		if !ps.looksPseudo(pseudoEnvs[base]) {
			continue
		}
		if sigName != "" {
			ps.procs = append([]string{sigName}, ps.procs...)
			if a := strings.TrimSpace(x.texr.clean(sigArgs)); a != "" {
				ps.inputs = append([]string{a}, ps.inputs...)
			}
		}
		c := cand{
			typ: core.Algorithm, offset: st.body + at, end: blockEnd, conf: envConfidence,
			format: true, body: absBody, kind: "Algorithm",
		}
		full := text.CollapseSpace(x.texr.clean(latexArg(body, `\caption`)))
		if full == "" {
			full = text.CollapseSpace(x.texr.clean(captionNear(x.doc, c.offset, blockEnd)))
		}
		caption := givenName(full)
		proc := ""
		if len(ps.procs) > 0 {
			proc = givenName(ps.procs[0])
		}
		c.statement = withCaption(full, ps.statement())
		c.form = ps.form()
		x.algos.keep(c.offset, &ps)
		n := len(x.cands)
		x.addFormatBlock(st, formatBlock{c: c, alt: func() string {
			if caption != "" {
				return caption
			}
			return x.algos.procName(st, proc, c.statement)
		}})
		if len(x.cands) > n {
			found = append(found, x.cands[n:]...)
			sort.SliceStable(found, func(a, b int) bool { return found[a].offset < found[b].offset })
			added = true
		}
		if rel := blockEnd - st.body; rel > i && rel <= len(s) {
			i = rel
		}
	}
	if added {
		fs := x.cands[first:]
		sort.SliceStable(fs, func(a, b int) bool { return fs[a].offset < fs[b].offset })
	}
}

// proseTheorem reports whether the author declares env theorem-like
// (\newtheorem, \declaretheorem, …) under a title that names no
// pseudo-code ("Step", "Problem"): a labelled block of prose, whose
// display split at its operators is no list of rows. What it holds is
// still read.
func proseTheorem(tex *texDoc, env string) bool {
	t, ok := tex.envs[env]
	if !ok {
		return false
	}
	t = strings.ToLower(t)
	return !pseudoEnvs[t] && !strings.Contains(t, "algorithm")
}

// nestsPseudoEnv reports whether body holds an environment of pseudo-code
// by name: that one is the block, not what holds it.
func nestsPseudoEnv(body string) bool {
	for i := 0; ; {
		j := strings.Index(body[i:], `\begin{`)
		if j < 0 {
			return false
		}
		i += j + 7
		if q := strings.IndexByte(body[i:], '}'); q > 0 && q < 40 && pseudoEnvs[body[i:i+q]] {
			return true
		}
	}
}

// drawingEnvs are the environments that draw a picture: what they hold
// are strokes and labels, never rows of pseudo-code.
var drawingEnvs = []string{"tikzpicture", "picture", "pspicture"}

// withoutDrawings is body with the drawings it holds cut out. A figure
// whose drawing a book keeps in a file of its own (\input{cover}) holds
// the drawing once the file is read in its place, and rendering every
// stroke as a row, only to find no pseudo-code there, took a fifth of a
// book's learning.
func withoutDrawings(body string) string {
	if !strings.Contains(body, `picture}`) {
		return body
	}
	for _, env := range drawingEnvs {
		open, closing := `\begin{`+env+`}`, `\end{`+env+`}`
		for {
			at := strings.Index(body, open)
			if at < 0 {
				break
			}
			end := envEnd(body, at+len(open), open, closing)
			if end < 0 {
				break
			}
			body = body[:at] + " " + body[end:]
		}
	}
	return body
}

// envEnd is the offset past the closing of the environment whose body
// starts at from (nested ones of its kind counted), or -1.
func envEnd(s string, from int, open, closing string) int {
	depth := 1
	for i := from; ; {
		c := strings.Index(s[i:], closing)
		if c < 0 {
			return -1
		}
		if o := strings.Index(s[i:], open); o >= 0 && o < c {
			depth++
			i += o + len(open)
			continue
		}
		i += c + len(closing)
		if depth--; depth == 0 {
			return i
		}
	}
}

// captionNear is the caption of the float that holds the block at
// [at, end): a \caption right after it or right before it, with no other
// environment between.
func captionNear(doc string, at, end int) string {
	after := doc[end:min(len(doc), end+400)]
	if k := strings.Index(after, `\caption`); k >= 0 && !strings.Contains(after[:k], `\begin{`) && !strings.Contains(after[:k], `\end{figure`) {
		return latexArg(after[k:], `\caption`)
	}
	before := doc[max(0, at-400):at]
	if k := strings.LastIndex(before, `\caption`); k >= 0 && !strings.Contains(before[k:], `\end{`) {
		return latexArg(before[k:], `\caption`)
	}
	return ""
}

// algorithmEdges adds a requires edge from each algorithm to the
// algorithms whose procedures its steps call ("\Call{Merge}{…}") and to
// the definitions whose terms its steps use, by name.
func (x *extractor) algorithmEdges(cs []cand, outOf []int, out []core.Primitive) {
	if len(x.algos.at) == 0 {
		return
	}
	byProc := map[string]int{} // procedure name, lowercased → primitive
	byTerm := map[string]int{} // defined term, lowercased → primitive
	for ci := range cs {
		o := outOf[ci]
		if o < 0 {
			continue
		}
		switch cs[ci].typ {
		case core.Algorithm:
			if ps := x.algos.at[cs[ci].offset]; ps != nil {
				for _, pr := range ps.procs {
					if _, ok := byProc[strings.ToLower(pr)]; !ok {
						byProc[strings.ToLower(pr)] = o
					}
				}
			}
		case core.Definition:
			k := strings.ToLower(out[o].Name)
			if len(k) >= 4 && !text.IsStopword(k) && strings.Count(k, " ") < 3 {
				if _, ok := byTerm[k]; !ok {
					byTerm[k] = o
				}
			}
		}
	}
	for ci := range cs {
		o := outOf[ci]
		ps := x.algos.at[cs[ci].offset]
		if o < 0 || ps == nil || cs[ci].typ != core.Algorithm {
			continue
		}
		p := &out[o]
		for _, call := range ps.calls {
			if t, ok := byProc[strings.ToLower(call)]; ok && t != o {
				addReference(p, &out[t], refStrength, "Calls "+call)
			}
		}
		if len(byTerm) == 0 {
			continue
		}
		words := strings.Fields(strings.ToLower(text.Prose(ps.statement())))
		for k := range words {
			words[k] = strings.Trim(words[k], ".,;:()[]{}")
		}
		for a := range words {
			for n := 1; n <= 3 && a+n <= len(words); n++ {
				if t, ok := byTerm[strings.Join(words[a:a+n], " ")]; ok && t != o {
					addReference(p, &out[t], refStrength, "Uses "+out[t].Name)
				}
			}
		}
	}
}
