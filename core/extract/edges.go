package extract

import (
	"sort"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Edges from the source's own cross-references: a result whose statement
// or proof refers to another result of the same extraction requires it.
const (
	refStrength = 0.9
	refProof    = " in its proof"
)

// refEdges adds a requires edge from each block to every extracted block
// its statement or its proof references by label (LaTeX \label keys,
// PreTeXt xml:ids). cs is sorted by offset; outOf maps a candidate to its
// primitive in out (-1 when it was dropped).
func (x *extractor) refEdges(cs []cand, outOf []int, out []core.Primitive) {
	var refs []texRef
	var proofs []texProof
	var blocks []texBlock
	switch {
	case x.format == core.FormatLaTeX && x.tex != nil:
		refs, proofs, blocks = x.tex.refs, x.tex.proofs, x.tex.blocks
	case x.format == core.FormatPreTeXt && x.ptx != nil:
		refs, proofs, blocks = x.ptx.refs, x.ptx.proofs, x.ptx.blocks
	case x.format == core.FormatMarkdown:
		refs, proofs = mdRefs(x.doc)
		start := -1 // the offset of the block the candidate is part of
		for ci := range cs {
			c := &cs[ci]
			if !c.format {
				continue
			}
			if !c.part {
				start = c.offset
			}
			// A split definition's labels may sit on a later part (the one
			// its title names); the block still starts at its first.
			if len(c.labels) > 0 && start >= 0 {
				blocks = append(blocks, texBlock{at: start})
			}
		}
	default:
		return
	}
	if len(refs) == 0 {
		return
	}
	byKey := map[string]int{}
	var mains []int // candidates that are whole blocks, in offset order
	for ci := range cs {
		c := &cs[ci]
		if outOf[ci] < 0 || !c.format {
			continue
		}
		for _, k := range c.labels {
			byKey[k] = outOf[ci]
		}
		if !c.part {
			mains = append(mains, ci)
		}
	}
	if len(byKey) == 0 {
		return
	}
	inProof := func(at int) bool {
		i := sort.Search(len(proofs), func(i int) bool { return proofs[i].end > at })
		return i < len(proofs) && proofs[i].at <= at
	}
	link := func(src int, rs []texRef, proof bool) {
		p := &out[src]
		for _, r := range rs {
			for _, k := range r.keys {
				t, ok := byKey[k]
				if !ok || t == src {
					continue
				}
				q := &out[t]
				desc := "Refers to " + q.Name + " (" + refSource(r, k) + ")"
				if proof || inProof(r.at) {
					desc += refProof
				}
				addReference(p, q, refStrength, desc)
			}
		}
	}
	// References inside a block: each part of a split definition owns the
	// references from its start to the next part's.
	for ci := range cs {
		c := &cs[ci]
		if outOf[ci] < 0 || !c.format {
			continue
		}
		to := c.end
		if ci+1 < len(cs) && cs[ci+1].part && cs[ci+1].offset < to {
			to = cs[ci+1].offset
		}
		link(outOf[ci], refsIn(refs, c.offset, to), false)
	}
	// Proofs outside their result: the one they name, else the block right
	// before them when no other numbered block comes in between.
	for _, pr := range proofs {
		owner := -1
		if pr.of != "" {
			if t, ok := byKey[pr.of]; ok {
				owner = t
			}
		}
		if owner < 0 {
			k := sort.Search(len(mains), func(i int) bool { return cs[mains[i]].offset >= pr.at })
			if k == 0 {
				continue
			}
			c := &cs[mains[k-1]]
			if c.end > pr.at || resultBlockBetween(blocks, c.offset, pr.at) {
				continue // nested in the block (already read) or not its proof
			}
			owner = outOf[mains[k-1]]
		}
		if owner >= 0 {
			link(owner, refsIn(refs, pr.at, pr.end), true)
		}
	}
}

// addReference records that p refers to q, unless either already
// requires the other.
func addReference(p, q *core.Primitive, strength float64, desc string) {
	if p.HasEdge(q.ID, core.Requires) || q.HasEdge(p.ID, core.Requires) {
		return
	}
	p.Dependencies = append(p.Dependencies, core.Edge{
		Target: q.ID, Type: core.Requires, Strength: strength, Description: desc,
	})
}

// refSource shows a reference as the source wrote it: "\cref{lem:x}",
// "\thmref{radix-sort}", `<xref ref="prop-x"/>`.
func refSource(r texRef, key string) string {
	switch r.cmd {
	case "xref":
		return `<xref ref="` + key + `"/>`
	case "link":
		return "#" + key
	case "@":
		return "@" + key
	}
	if p := strings.TrimSuffix(r.cmd, "ref"); p != r.cmd && !genericRefPrefix[p] && refKinds[p] != "" {
		if k := strings.TrimPrefix(key, p+":"); !strings.Contains(k, ":") {
			key = k
		}
	}
	if r.cmd == "hyperref" {
		return `\hyperref[` + key + `]`
	}
	return `\` + r.cmd + "{" + key + "}"
}

// partTitle is the title of the innermost section holding sec that
// does not also hold other, cut at its colon ("UK Framework" of "UK
// Framework: Universal Combiner with a KEM"), when it differs from the
// title at other's same depth: "AEGIS-256X" for its Enc, under "The Enc
// Function" as AEGIS-128X's Enc is. "" when no title tells them apart.
func (x *extractor) partTitle(sec, other *secState) string {
	if sec == nil || other == nil || sec.s == nil || other.s == nil || sec.s == other.s {
		return ""
	}
	short := func(t string) string {
		if i := strings.Index(t, ":"); i > 0 {
			t = t[:i]
		}
		return strings.TrimSpace(t)
	}
	a, b := sectionPath(x.a.Sections, sec.s), sectionPath(x.a.Sections, other.s)
	for i, j := len(a)-1, len(b)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if a[i] == b[j] {
			return ""
		}
		if t := short(a[i].Title); t != "" && !strings.EqualFold(t, short(b[j].Title)) {
			return t
		}
	}
	return ""
}

// sectionPath is the chain of sections from the top level down to s.
func sectionPath(secs []*core.Section, s *core.Section) []*core.Section {
	for _, c := range secs {
		if c == nil {
			continue
		}
		if c == s {
			return []*core.Section{c}
		}
		if c.Offset <= s.Offset && (s.Offset < c.End || c.End == 0) {
			if p := sectionPath(c.Children, s); p != nil {
				return append([]*core.Section{c}, p...)
			}
		}
	}
	return nil
}

// uniqueNames makes names unique within the source: a later primitive
// sharing an earlier one's name gets its kind and number ("Enumerable
// (Definition 2.4)"), else what its statement says that the first one of
// the name does not ("Image (subset of the domain)" → "Image (subset
// domain)"), not a count ("Image 3" says nothing of it); with no such
// word, a statement in the same words keeps the name (the deduper makes
// the two one result), and one that differs in its numbers or formulas
// alone, or is another statement altogether (a how-to's second "Step 3 -
// Query whereami", its commands another service's), is counted.
func (x *extractor) uniqueNames(cs []cand) {
	seen := make(map[string]bool, len(cs))
	first := map[string]string{} // a name's first statement
	firstForm := map[string]string{}
	firstSec := map[string]*secState{}
	next := map[string]int{}
	lastOff := -1
	for i := range cs {
		c := &cs[i]
		if c.offset == lastOff {
			continue
		}
		lastOff = c.offset
		key := strings.ToLower(c.name)
		if !seen[key] {
			seen[key] = true
			first[key] = c.statement
			firstForm[key] = c.form
			firstSec[key] = c.sec
			continue
		}
		base := c.name
		// A procedure's restatement has its steps: one whose steps call
		// another thing (KEM.Encaps for Group.Encaps) is a variant,
		// however alike the words.
		restated := text.Restates(c.statement, first[key]) &&
			text.CollapseSpace(c.form) == text.CollapseSpace(firstForm[key])
		if c.typ == core.Algorithm && !restated {
			// A procedure given once per variant ("Encaps" of each
			// framework, "Update" of each cipher) is told apart by the
			// part it sits in, as a reader does.
			if part := x.partTitle(c.sec, firstSec[key]); part != "" {
				if n := base + " (" + part + ")"; len(n) <= maxName && !seen[strings.ToLower(n)] {
					c.name = n
					seen[strings.ToLower(n)] = true
					continue
				}
			}
		}
		if c.number != "" && c.kind != "" && !strings.Contains(base, c.kind+" "+c.number) {
			// The number alone when the kind does not fit: a name cut to
			// fit its tag ("Characterization of Convergent") says less.
			tag := " (" + c.kind + " " + c.number + ")"
			if len(base)+len(tag) > maxName {
				tag = " (" + c.number + ")"
			}
			if n := base + tag; len(n) <= maxName && !seen[strings.ToLower(n)] {
				c.name = n
				seen[strings.ToLower(n)] = true
				continue
			}
		}
		if about := text.DistinctPhrase(c.statement, first[key], base); about != "" {
			if n := base + " (" + about + ")"; len(n) <= maxName && !seen[strings.ToLower(n)] {
				c.name = n
				seen[strings.ToLower(n)] = true
				continue
			}
		}
		if text.Restates(c.statement, first[key]) {
			// The same words: a restatement, which the deduper makes one
			// result, not a second one to number.
			continue
		}
		// Statements that differ only in their numbers or formulas
		// ("property 3", "property 4") have no word to tell them
		// apart: they are counted. Counting on from the last number
		// given to this base keeps many repeats of one name linear.
		lb := strings.ToLower(base)
		for k := max(next[lb], 2); ; k++ {
			n := base + " " + strconv.Itoa(k)
			if last := base[len(base)-1]; last >= '0' && last <= '9' {
				// "Theorem 2 (2)", not "Theorem 2 2".
				n = base + " (" + strconv.Itoa(k) + ")"
			}
			if !seen[strings.ToLower(n)] {
				c.name = n
				seen[strings.ToLower(n)] = true
				next[lb] = k + 1
				break
			}
		}
	}
}

// cutStatement keeps a statement whole up to max bytes; a longer one is
// cut at the last sentence end that fits (else at the last blank outside
// a formula) and marked with "…", so no word or formula is cut.
// cutMark ends a statement cut short.
const cutMark = " …"

func cutStatement(s string, max int) string {
	if len(s) <= max {
		return s
	}
	limit := max - len(cutMark)
	best := 0
	for _, sp := range sentenceSpans(s) {
		if sp[1] > limit {
			break
		}
		best = sp[1]
	}
	if best >= limit/3 {
		return strings.TrimSpace(s[:best]) + cutMark
	}
	// Cut at the last space outside math. "$$" opens or closes a display
	// as one mark: read as two '$'s it toggled nothing, and a cut inside
	// the display left its "$$" unclosed, the statement unreadable.
	math, display := false, false
	space := 0
	for i := 0; i < limit; i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '$' && i+1 < len(s) && s[i+1] == '$':
			display, math = !display, !display
			i++
		case s[i] == '$' && !display:
			math = !math
		case s[i] == ' ' && !math:
			space = i
		}
	}
	if space > 0 {
		return strings.TrimRight(s[:space], " ,;:") + cutMark
	}
	return text.Truncate(s, limit) + cutMark
}

// textRef is a reference to a numbered result in running text: "by
// Theorem 2.3", "Lemmas 4 and 5", "Statement 1".
var textRef = lazyre.New(`\b(Theorem|Lemma|Proposition|Corollary|Definition|Claim|Statement|Conjecture|Axiom|Fact|Observation|Satz|Hilfssatz|Korollar|Folgerung|Théorème|Lemme|Corollaire|Teorema|Lema|Corolario|Corollario|Definición|Definizione|Proposición|Proposizione)s?\s+([0-9]+(?:\.[0-9]+)*|[A-Z]\.[0-9]+)((?:\s*(?:,|and|or)\s*[0-9]+(?:\.[0-9]+)*)*)`)

// elsewhere follows a reference to another work or another part: "Theorem
// 2 of [12]", "Lemma 1 in Sec. 3", "Theorem 4 in Ref. 7".
var elsewhere = lazyre.New(`^\s*(?:\([^)]{0,12}\)\s*)?(?:of|in|from)\s+(?:\[|Sec|Section|Chapter|Ch\.|Ref|Appendix|the\s+(?:paper|book|previous|next)|\\cite)`)

// textRefEdges adds a requires edge from each result of running text
// (Markdown, PDF, EPUB, plain text) to the earlier numbered results its
// statement or proof cites by kind and number. A number is looked up in
// the citing result's own section first (books that restart "Lemma 1" in
// every section), then in the whole document when only one result has
// it. Only references back are edges: a forward "see Theorem 5" is a
// pointer, not a prerequisite.
func (x *extractor) textRefEdges(cs []cand, outOf []int, out []core.Primitive) {
	type key struct {
		sec  *secState
		kind string
		num  string
	}
	local := map[key]int{}
	global := map[key]int{}
	for ci := range cs {
		c := &cs[ci]
		if outOf[ci] < 0 || c.number == "" || c.kind == "" || c.part {
			continue
		}
		k := key{c.sec, c.kind, c.number}
		if _, dup := local[k]; !dup {
			local[k] = ci
		}
		k.sec = nil
		if _, dup := global[k]; dup {
			global[k] = -1 // two results share it: ambiguous
		} else {
			global[k] = ci
		}
	}
	for k, ci := range global {
		if !bookNumber(k.num) {
			continue
		}
		if x.refs.Numbered == nil {
			x.refs.Numbered = map[string]int{}
		}
		if ci < 0 {
			x.refs.Numbered[k.kind+" "+k.num] = -1
		} else {
			x.refs.Numbered[k.kind+" "+k.num] = outOf[ci]
		}
	}
	for ci := range cs {
		c := &cs[ci]
		if outOf[ci] < 0 || c.part {
			continue
		}
		end := len(x.doc)
		if ci+1 < len(cs) {
			end = cs[ci+1].offset
		}
		if sec := c.sec.body + len(c.sec.own); sec < end {
			end = sec
		}
		if end <= c.offset {
			continue
		}
		region := x.doc[c.offset:min(end, c.offset+maxBody)]
		p := &out[outOf[ci]]
		for _, m := range textRef.FindAllStringSubmatchIndex(region, -1) {
			if elsewhere.MatchString(region[m[1]:]) {
				continue
			}
			kind := region[m[2]:m[3]]
			nums := append([]string{region[m[4]:m[5]]}, listedNumbers(region[m[6]:m[7]])...)
			for _, n := range nums {
				t, ok := local[key{c.sec, kind, n}]
				if !ok {
					if t, ok = global[key{nil, kind, n}]; !ok || t < 0 {
						if !ok && bookNumber(n) {
							// Another document's, perhaps: LinkAcross.
							x.refs.Open = append(x.refs.Open, OpenRef{From: outOf[ci], Target: kind + " " + n})
						}
						continue
					}
				}
				if t == ci || cs[t].offset >= c.offset {
					continue
				}
				q := &out[outOf[t]]
				addReference(p, q, refStrength, "Refers to "+q.Name+" ("+kind+" "+n+")")
			}
		}
	}
}

// listedNumbers reads the further numbers of "Lemmas 4, 5 and 7".
func listedNumbers(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
		if f != "and" && f != "or" {
			out = append(out, f)
		}
	}
	return out
}

// sectionRef is a reference to a numbered section of the same document:
// "Section 5", "Section 4.1.1", "Sections 4.1 and 4.2".
var sectionRef = lazyre.New(`\bSections?\s+([0-9]+(?:\.[0-9]+)*|[A-Z]\.[0-9]+(?:\.[0-9]+)*)\b((?:\s*(?:,|and|or)\s*[0-9]+(?:\.[0-9]+)*\b)*)`)

// externalBefore ends the text before a section reference that is to
// another document: "[RFC2818], Section 3", "RFC 7230, Section 2.7".
var externalBefore = lazyre.New(`(?:\]|RFC\s?[0-9]+|\[[A-Za-z0-9.-]+\])[,]?\s*$`)

// sectionRefStrength ranks a requirement's reference to a section below
// a reference to a numbered result: it names where the rules are, not
// which rule.
const sectionRefStrength = 0.75

// sectionRefEdges adds, in a specification, a requires edge from each
// requirement to a requirement of every section of the same document its
// statement refers to ("as described in Section 4.1.1"): the one that
// shares the most words with it, else the section's first. A section
// without requirements of its own stands for its subsections'.
// References to other documents ("Section 3 of [RFC2818]") are not edges.
func (x *extractor) sectionRefEdges(cs []cand, outOf []int, out []core.Primitive) {
	in := map[string][]int{}
	for ci := range cs {
		c := &cs[ci]
		if outOf[ci] < 0 || c.sec == nil || c.sec.s == nil || c.sec.s.Number == "" || x.specConceptAt(c.offset) {
			continue // a section's concept is what its requirements are about, not one of them
		}
		n := c.sec.s.Number
		in[n] = append(in[n], ci)
		// The enclosing sections stand for their subsections when they
		// have no requirement of their own.
		for k := strings.LastIndexByte(n, '.'); k > 0; k = strings.LastIndexByte(n[:k], '.') {
			p := n[:k]
			if own := in[p]; len(own) == 0 || cs[own[0]].sec.s.Number != p {
				in[p] = append(in[p], ci)
			}
		}
	}
	if len(in) == 0 {
		return
	}
	known := map[int]map[string]bool{}
	stems := func(t int) map[string]bool {
		if st, ok := known[t]; ok {
			return st
		}
		st := stemSet(cs[t].statement)
		known[t] = st
		return st
	}
	for ci := range cs {
		c := &cs[ci]
		if outOf[ci] < 0 || c.sec == nil {
			continue
		}
		p := &out[outOf[ci]]
		var words map[string]bool
		for _, m := range sectionRef.FindAllStringSubmatchIndex(c.statement, -1) {
			if elsewhere.MatchString(c.statement[m[1]:]) || externalBefore.MatchString(c.statement[:m[0]]) {
				continue
			}
			if words == nil {
				words = stemSet(c.statement)
			}
			nums := append([]string{c.statement[m[2]:m[3]]}, listedNumbers(c.statement[m[4]:m[5]])...)
			for _, n := range nums {
				t := closest(in[n], words, stems)
				if t < 0 || t == ci || cs[t].sec == c.sec {
					continue
				}
				addReference(p, &out[outOf[t]], sectionRefStrength, "Refers to Section "+n+" ("+cs[t].sec.title+")")
			}
		}
	}
}

// maxSectionCands bounds the requirements of a section compared with a
// reference to it, so a long section costs no more than a short one.
const maxSectionCands = 32

// closest is the candidate among ids whose statement shares the most
// words with words, the first on a tie; -1 when ids is empty. stems gives
// a candidate's stems, read once however often it is compared.
func closest(ids []int, words map[string]bool, stems func(int) map[string]bool) int {
	best, bestScore := -1, -1
	for _, t := range ids[:min(len(ids), maxSectionCands)] {
		score := 0
		for w := range stems(t) {
			if words[w] {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = t, score
		}
	}
	return best
}

// stemSet is the set of a statement's keyword stems.
func stemSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, st := range text.Stems(keywords(s)) {
		out[st] = true
	}
	return out
}
