package extract

import (
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A proof that follows no result proves what its author stated just
// before it: a property set as a description item ("\item[Reflection]
// For all a, a ∧ a = a", then its proof), identities in a note, a claim
// of the running text. A reader takes that statement as a result, and so
// does lore: it is a theorem named by its item's label (else as results
// without a title are), and the proof is kept with it (attachProofs).
// A proof inside an example or an exercise proves the example's point,
// not a result of the book, and a statement lore already holds a
// primitive of is not read twice.

// maxClaimParas bounds how many paragraphs before a proof its claim
// reaches back over: a statement continued by displays ("for all a,",
// the equation, "and", the next).
const maxClaimParas = 6

// provedClaims adds the claims that the proofs of st's own text prove
// when no block of the section does; first is the index of the
// section's first candidate.
func (x *extractor) provedClaims(st *secState, first int) {
	tex := x.texDoc()
	if tex == nil || len(tex.proofs) == 0 {
		return
	}
	lo, hi := st.body, st.body+len(st.own)
	for _, p := range tex.proofs {
		if p.at < lo || p.at >= hi || p.of != "" {
			continue
		}
		sp := x.texProofSpan(p)
		if sp.sketch || sp.number != "" || commentedOut(x.doc, sp.at) || tex.inert(sp.at) {
			continue
		}
		from := x.claimStart(st, sp, first)
		if from < 0 {
			continue
		}
		x.addClaim(st, from, sp.at)
	}
}

// claimStart is where the claim a proof proves begins, or -1 when the
// proof has a result, sits in an example, or follows nothing to prove.
func (x *extractor) claimStart(st *secState, sp proofSpan, first int) int {
	// The candidates a proof could belong to: the section's, and the
	// last of the sections before (a result, a heading, its proof).
	cs := append([]cand(nil), x.cands[max(0, first-8):]...)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].offset < cs[j].offset })
	var mains []int
	from := st.body
	for ci, c := range cs {
		if !c.format || c.part {
			continue
		}
		if len(mains) == 0 || cs[mains[len(mains)-1]].offset != c.offset {
			mains = append(mains, ci)
		}
		if c.offset < sp.at && c.end <= sp.at && c.end > from {
			from = c.end
		}
	}
	if o := x.proofOwner(sp, cs, mains, nil, nil, x.tex.blocks, true); o >= 0 && !cs[o].claim {
		return -1 // the proof of a result, else of the claim the text states since the last
	}
	env, envAt, item, closed := openEnvAt(x.doc, from, sp.at, x.blockEnv)
	from = max(from, closed)
	if env != "" {
		if notClaimEnv(env, x.tex.envs[env]) {
			return -1
		}
		from = max(from, envAt)
	}
	start := item
	if start < from {
		// A proof inside a macro's argument (a note: \nt{… \begin{proof}})
		// proves what the argument states.
		if g := openGroupAt(x.doc, from, sp.at); g >= 0 {
			from = g
		}
		start = x.claimParas(from, sp.at)
	}
	if start < 0 {
		return -1
	}
	for _, c := range cs {
		if c.offset >= start && c.offset < sp.at {
			return -1 // a statement lore already reads
		}
	}
	return start
}

// blockEnv reports an environment that sets a block apart (a result, an
// example, a remark): a claim begins after it.
func (x *extractor) blockEnv(name string) bool {
	base := strings.TrimSuffix(name, "*")
	if _, ok := envKinds[base]; ok {
		return true
	}
	_, ok := x.tex.envs[base]
	return ok || numberedEnvs[base] != "" || proofWord(base)
}

// claimParas is where the paragraphs before at that make the claim begin
// (at least from): the last paragraph, and those before it that it
// continues (it opens with a display, or the one before ends with a
// colon or a comma).
func (x *extractor) claimParas(from, at int) int {
	s := x.doc[from:at]
	start := len(strings.TrimRight(s, " \t\n"))
	if start == 0 {
		return -1
	}
	for n := 0; n < maxClaimParas; n++ {
		k := strings.LastIndex(s[:start], "\n\n")
		if k < 0 {
			return from
		}
		para := strings.TrimSpace(s[k:start])
		prev := strings.TrimRight(s[:k], " \t\n")
		if para != "" && !displayOpen.MatchString(para) && !strings.HasSuffix(prev, ":") &&
			!strings.HasSuffix(prev, ",") && !endsWithDisplay(prev) {
			return from + k + 2
		}
		if para != "" && endsWithDisplay(prev) && !displayOpen.MatchString(para) && !continuation.MatchString(para) {
			return from + k + 2
		}
		start = len(prev)
		if start == 0 {
			return from
		}
	}
	return from + start
}

// displayOpen is a paragraph opening with displayed mathematics.
var displayOpen = lazyre.New(`^(?:\\begin\{(?:equation|align|gather|multline|eqnarray|displaymath|math)|\\\[|\$\$)`)

// continuation is a paragraph that goes on with the sentence a display
// interrupted ("and", "where", "Likewise, for all a,").
var continuation = lazyre.New(`^(?i:and|or|where|with|likewise|similarly|then|so|hence|for all|whenever|provided)\b`)

// endsWithDisplay reports whether s ends with displayed mathematics.
func endsWithDisplay(s string) bool {
	return strings.HasSuffix(s, `\]`) || strings.HasSuffix(s, "$$") ||
		strings.HasSuffix(s, "}") && displayClose.MatchString(s[max(0, len(s)-40):])
}

// displayClose is the end of a display environment at a text's end.
var displayClose = lazyre.New(`\\end\{(?:equation|align|gather|multline|eqnarray|displaymath|math)\*?\}$`)

// notClaimEnv reports an environment whose proofs prove its own point (an
// example, an exercise and its solution), by its name or printed title.
func notClaimEnv(name, title string) bool {
	for _, w := range []string{strings.ToLower(name), strings.ToLower(title)} {
		if strings.HasPrefix(w, "ex") || strings.HasPrefix(w, "bsp") || strings.HasPrefix(w, "beispiel") ||
			strings.Contains(w, "sol") || strings.Contains(w, "answer") || strings.Contains(w, "problem") ||
			strings.Contains(w, "aufgabe") || strings.Contains(w, "hint") || strings.Contains(w, "ejemplo") {
			return true
		}
	}
	return false
}

// listEnvs are the environments whose \item opens a claim of its own.
var listEnvs = map[string]bool{"description": true, "itemize": true, "enumerate": true, "compactitem": true, "compactenum": true, "inparaenum": true}

// layoutEnvs are environments a proof may sit in that say nothing of what
// it proves.
var layoutEnvs = map[string]bool{"center": true, "minipage": true, "quote": true, "quotation": true, "flushleft": true, "small": true, "footnotesize": true, "adjustwidth": true, "mdframed": true, "tcolorbox": true}

// openEnvAt finds the innermost environment open at `at` that began after
// from, other than layout: its name and where it begins, and, when it is
// a list, where the item holding at begins (else -1); and where the last
// environment that block reports closed before at ends (else -1).
func openEnvAt(s string, from, at int, block func(string) bool) (name string, envAt, item, closed int) {
	type open struct {
		name      string
		at, items int
	}
	var stack []open
	closed = -1
	for i := from; i < at; {
		j := strings.IndexByte(s[i:at], '\\')
		if j < 0 {
			break
		}
		i += j
		switch {
		case strings.HasPrefix(s[i:], `\begin{`):
			if name, e := texBraced(s, i+len(`\begin`)); e >= 0 && !layoutEnvs[strings.TrimSuffix(name, "*")] {
				stack = append(stack, open{name: name, at: i, items: -1})
				i = e
				continue
			}
		case strings.HasPrefix(s[i:], `\end{`):
			if name, e := texBraced(s, i+len(`\end`)); e >= 0 {
				for k := len(stack) - 1; k >= 0; k-- {
					if stack[k].name == name {
						stack = stack[:k]
						if k == 0 && block(name) {
							closed = e
						}
						break
					}
				}
				i = e
				continue
			}
		case strings.HasPrefix(s[i:], `\item`) && (i+len(`\item`) >= len(s) || !isLetterByte(s[i+len(`\item`)])):
			if n := len(stack); n > 0 && listEnvs[stack[n-1].name] {
				stack[n-1].items = i
			}
		}
		i++
	}
	if len(stack) == 0 {
		return "", -1, -1, closed
	}
	top := stack[len(stack)-1]
	if listEnvs[top.name] {
		return "", top.at, top.items, closed
	}
	return top.name, top.at, -1, closed
}

// openGroupAt is where the innermost brace group open at `at`, opened
// after from, begins its text, or -1.
func openGroupAt(s string, from, at int) int {
	var opens []int
	for i := from; i < at; i++ {
		switch s[i] {
		case '\\':
			i++ // an escaped brace
		case '%':
			if nl := strings.IndexByte(s[i:at], '\n'); nl >= 0 {
				i += nl
			} else {
				i = at
			}
		case '{':
			opens = append(opens, i+1)
		case '}':
			if len(opens) > 0 {
				opens = opens[:len(opens)-1]
			}
		}
	}
	if len(opens) == 0 {
		return -1
	}
	return opens[len(opens)-1]
}

// addClaim adds the result stated in doc[from:to], titled by its item's
// label when it is one.
func (x *extractor) addClaim(st *secState, from, to int) {
	src := strings.TrimLeft(x.doc[from:to], " \t\n")
	title := ""
	if strings.HasPrefix(src, `\item`) {
		p := skipTeXSpace(src, len(`\item`))
		if p < len(src) && src[p] == '[' {
			if e, ok := balanced(src, p, '[', ']', 200); ok {
				title = x.texr.clean(src[p+1 : e])
				src = src[e+1:]
			}
		} else {
			src = src[len(`\item`):]
		}
	}
	stmt := x.texr.clean(src)
	if len(strings.Fields(stmt)) < 3 || proofTitle(strings.ToLower(strings.Trim(stmt, " .:"))) ||
		proofLeadIn.MatchString(stmt) || strings.HasSuffix(strings.TrimSpace(stmt), "?") {
		return
	}
	c := cand{
		typ:    core.Theorem,
		offset: from,
		end:    to,
		conf:   claimConfidence,
		format: true,
		body:   from,
		kind:   "Claim",
		claim:  true,
	}
	c.statement = stmt
	x.addFormatBlock(st, formatBlock{c: c, title: title})
}

// proofLeadIn is a paragraph that leads into a proof of something stated
// elsewhere, not a claim: "We are now ready to prove Theorem 4.1.6",
// "Recall the definition of …", "Now all we have to do is generalize this
// proof", "Why can we not …".
var proofLeadIn = lazyre.New(`(?i)\b(?:prove[sd]?|proofs?|proving|recall|we (?:are )?now|ready to)\b|^\s*(?:why|how|now|notice|note|here|let us|we (?:will|shall))\b`)

// claimConfidence is below a marked block's: the author proved the
// statement but did not set it apart as a result.
const claimConfidence = 0.8
