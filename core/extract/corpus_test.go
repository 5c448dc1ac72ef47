package extract

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
	"github.com/lore-kb/lore/internal/corpus"
)

// idPatternAnyScript is idPattern for slugs that keep letters of any script
// (text.Slug does, so "λ" in a name stays in its id).
var idPatternAnyScript = regexp.MustCompile(`^[\p{Ll}\p{Lo}]+(-[\p{Ll}\p{Lo}\p{Nd}]+)+$`)

// corpusDir locates the shared corpus, skipping the test when it is absent.
func corpusDir(t testing.TB) string {
	t.Helper()
	return corpus.Dir(t)
}

func formatOf(name string) core.Format {
	switch filepath.Ext(name) {
	case ".tex":
		return core.FormatLaTeX
	case ".ptx":
		return core.FormatPreTeXt
	case ".md":
		return core.FormatMarkdown
	}
	return core.FormatText
}

// loadCorpus analyzes one corpus document; ct, when set, pins the content
// type so these tests judge extraction, not classification.
func loadCorpus(t testing.TB, name string, ct core.ContentType) (*core.Document, *core.Analysis) {
	t.Helper()
	path := filepath.Join(corpusDir(t), name)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus document %s not readable: %v", name, err)
	}
	doc := &core.Document{Name: name, Path: path, Format: formatOf(name), Text: string(b)}
	a := analyze.Analyze(doc, nil)
	if ct != "" && a.ContentType != ct {
		t.Logf("%s: analyzer classified %q; extracting as %q", name, a.ContentType, ct)
		a.ContentType = ct
	}
	return doc, a
}

func byType(ps []core.Primitive) map[core.PrimitiveType]int {
	m := map[core.PrimitiveType]int{}
	for _, p := range ps {
		m[p.Type]++
	}
	return m
}

// checkCommon holds for every primitive of every document.
func checkCommon(t *testing.T, doc *core.Document, ps []core.Primitive) {
	t.Helper()
	ids := map[string]bool{}
	for _, p := range ps {
		if ids[p.ID] {
			t.Errorf("duplicate id %s", p.ID)
		}
		ids[p.ID] = true
		if !idPatternAnyScript.MatchString(p.ID) {
			t.Errorf("id %q does not match %s", p.ID, idPatternAnyScript)
		}
		if p.Provenance.Offset < 0 || p.Provenance.Offset >= len(doc.Text) {
			t.Errorf("%s: offset %d out of range", p.ID, p.Provenance.Offset)
		}
		checkName(t, p)
		checkKeywords(t, p)
		if len(p.FormalStatement) > maxBlockStatement ||
			len(p.FormalStatement) > maxStatement && p.Confidence < envConfidence && !strings.HasSuffix(p.FormalStatement, "…") {
			t.Errorf("%s: statement of %d bytes", p.ID, len(p.FormalStatement))
		}
	}
}

func logPrimitives(t *testing.T, ps []core.Primitive) {
	t.Helper()
	for _, p := range ps {
		st := p.FormalStatement
		if len(st) > 80 {
			st = st[:80]
			for !isRuneStart(st) {
				st = st[:len(st)-1]
			}
		}
		t.Logf("%-10s | %-45s | %s", p.Type, p.Name, st)
	}
}

func isRuneStart(s string) bool {
	return len(s) == 0 || s[len(s)-1] < 0x80 || strings.ToValidUTF8(s, "\uFFFD") == s
}

// beginsWith counts primitives whose provenance offset opens the given
// LaTeX environment.
func beginsWith(doc *core.Document, ps []core.Primitive, prefix string) int {
	n := 0
	for _, p := range ps {
		if strings.HasPrefix(doc.Text[p.Provenance.Offset:], prefix) {
			n++
		}
	}
	return n
}

func TestCorpusODSSorting(t *testing.T) {
	doc, a := loadCorpus(t, "latex_ods_sorting.tex", "")
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	if n := beginsWith(doc, ps, `\begin{thm}`); n != 8 {
		t.Errorf("thm environments: got %d primitives, want 8", n)
	}
	if n := beginsWith(doc, ps, `\begin{lem}`); n != 1 {
		t.Errorf("lem environments: got %d, want 1", n)
	}
	if n := beginsWith(doc, ps, `\begin{cor}`); n != 1 {
		t.Errorf("cor environments: got %d, want 1", n)
	}
	if n := byType(ps)[core.Theorem]; n != 10 {
		t.Errorf("theorem primitives: got %d, want 10 (8 thm, 1 lem, 1 cor)", n)
	}
	for _, p := range ps {
		if p.Type == core.Theorem && p.Confidence < 0.9 {
			t.Errorf("%s: confidence %.2f < 0.9", p.Name, p.Confidence)
		}
		if strings.Contains(p.FormalStatement, `\begin{proof}`) || strings.Contains(p.FormalStatement, `\thmlabel`) {
			t.Errorf("%s: statement not cleaned: %q", p.Name, p.FormalStatement)
		}
	}
}

func TestCorpusOpenLogicEnumerability(t *testing.T) {
	doc, a := loadCorpus(t, "latex_openlogic_enumerability.tex", "")
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	want := map[string]int{`\begin{defn}`: 3, `\begin{prop}`: 3, `\begin{cor}`: 2}
	for env, n := range want {
		if got := beginsWith(doc, ps, env); got != n {
			t.Errorf("%s: got %d primitives, want %d", env, got, n)
		}
	}
	names := map[string]bool{}
	for _, p := range ps {
		names[p.Name] = true
		if strings.Contains(p.FormalStatement, "!!{") || strings.Contains(p.FormalStatement, `\emph`) {
			t.Errorf("%s: statement not cleaned: %q", p.Name, p.FormalStatement)
		}
	}
	for _, n := range []string{"Enumeration, informally", "Enumeration, formally"} {
		if !names[n] {
			t.Errorf("missing primitive named %q", n)
		}
	}
}

func TestCorpusPreTeXtTrees(t *testing.T) {
	doc, a := loadCorpus(t, "pretext_levin_discrete_sec_gt-trees.ptx", "")
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	// Count the elements in the file itself.
	want := 0
	for _, el := range []string{"definition", "theorem", "proposition", "corollary", "lemma", "axiom", "algorithm", "identity", "principle", "fact"} {
		for _, open := range []string{"<" + el + ">", "<" + el + " "} {
			want += strings.Count(doc.Text, open)
		}
	}
	// One primitive per element, and one per term of a definition of
	// several: the first keeps the element's offset.
	got := 0
	for _, p := range ps {
		rest := doc.Text[p.Provenance.Offset:]
		// (A paragraph defining a term in running text starts at "<p".)
		if p.Confidence >= 0.9 && strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, "<term>") && !strings.HasPrefix(rest, "<p>") && !strings.HasPrefix(rest, "<p ") {
			got++
		}
		if strings.Contains(p.FormalStatement, "<m>") || strings.Contains(p.FormalStatement, "<p>") {
			t.Errorf("%s: tags left in statement %q", p.Name, p.FormalStatement)
		}
	}
	if got != want || want != 7 {
		t.Errorf("PreTeXt elements: extracted %d, file has %d (expected 7)", got, want)
	}
	names := map[string]bool{}
	for _, p := range ps {
		names[p.Name] = true
	}
	for _, n := range []string{"Tree", "Forest", "Spanning Tree", "Characterization of Trees",
		"Every connected graph has a spanning tree"} {
		if !names[n] {
			t.Errorf("missing primitive named %q", n)
		}
	}
}

func TestCorpusOpenIntroProbability(t *testing.T) {
	doc, a := loadCorpus(t, "latex_openintro_ch_probability.tex", "")
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	if n := beginsWith(doc, ps, `\begin{onebox}`); n != 17 {
		t.Errorf("onebox environments: got %d primitives, want 17", n)
	}
	for _, p := range ps {
		if strings.HasPrefix(doc.Text[p.Provenance.Offset:], `\begin{onebox}`) && p.Confidence < 0.9 {
			t.Errorf("%s: confidence %.2f", p.Name, p.Confidence)
		}
		if strings.Contains(p.FormalStatement, `\vspace`) || strings.Contains(p.FormalStatement, `\index`) {
			t.Errorf("%s: statement not cleaned: %q", p.Name, p.FormalStatement)
		}
	}
}

func TestCorpusRFC6455(t *testing.T) {
	doc, a := loadCorpus(t, "rfc6455_websocket.txt", core.Spec)
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	axioms, techniques := 0, 0
	for _, p := range ps {
		switch p.Type {
		case core.Axiom:
			axioms++
			if !hasUpperKeyword(p.FormalStatement, "MUST", "SHALL", "REQUIRED") {
				t.Errorf("axiom without an upper-case keyword: %q", p.FormalStatement)
			}
			if !strings.HasPrefix(doc.Text[p.Provenance.Offset:], "MUST") &&
				!strings.HasPrefix(doc.Text[p.Provenance.Offset:], "SHALL") &&
				!strings.HasPrefix(doc.Text[p.Provenance.Offset:], "REQUIRED") {
				t.Errorf("%s: offset %d does not point at the keyword", p.ID, p.Provenance.Offset)
			}
		case core.Technique:
			techniques++
			if !hasUpperKeyword(p.FormalStatement, "SHOULD", "RECOMMENDED", "MAY") {
				t.Errorf("technique without SHOULD/RECOMMENDED/MAY: %q", p.FormalStatement)
			}
		}
		if strings.Contains(p.FormalStatement, "[Page ") || strings.Contains(p.FormalStatement, "RFC 6455   ") ||
			strings.Contains(p.FormalStatement, "\f") {
			t.Errorf("page furniture in statement: %q", p.FormalStatement)
		}
	}
	t.Logf("rfc6455: %d axioms, %d techniques, %d primitives", axioms, techniques, len(ps))
	for i, p := range ps {
		if i < 40 {
			t.Logf("%-9s | %-50s | %.90s", p.Type, p.Name, p.FormalStatement)
		}
	}
	if axioms < 120 {
		t.Errorf("axioms: got %d, want ≥ 120", axioms)
	}
	// A sentence split by a page break stays one sentence.
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "Fette & Melnikov") {
			t.Errorf("page footer inside statement: %q", p.FormalStatement)
		}
	}
}

func hasUpperKeyword(s string, kws ...string) bool {
	for _, k := range kws {
		for i := 0; ; {
			j := strings.Index(s[i:], k)
			if j < 0 {
				break
			}
			at := i + j
			end := at + len(k)
			if (at == 0 || !isWordByte(s[at-1])) && (end == len(s) || !isWordByte(s[end])) {
				return true
			}
			i = end
		}
	}
	return false
}

func TestCorpusTutorialSteps(t *testing.T) {
	doc, a := loadCorpus(t, "tutorial-steps_bitnami_redis-sentinel_README.md", core.Tutorial)
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	steps, rest, read := 0, 0, 0
	for _, p := range ps {
		switch {
		case slices.Contains(p.Tags, core.TagReading):
			// a section that runs no step ("Why use a non-root
			// container"), read by its title
			read++
		case p.Type == core.Technique && strings.HasPrefix(p.Name, "Step "):
			steps++
			if !strings.HasPrefix(doc.Text[p.Provenance.Offset:], "Step ") {
				t.Errorf("%s: offset does not point at the marker", p.Name)
			}
		case p.Type == core.Technique && strings.Contains(p.ComputationalForm, "```"):
			// the commands the steps leave out (the quick start and
			// Compose commands before them, …), in the guide's order
			rest++
		}
	}
	if steps != 10 || rest < 1 || len(ps) != steps+rest+read || !strings.Contains(ps[0].ComputationalForm, "docker-compose up") {
		t.Errorf("got %d step techniques, %d procedures of the other commands and %d sections read, of %d primitives; want 10, some, and no other", steps, rest, read, len(ps))
	}
}

func TestCorpusAPIReference(t *testing.T) {
	doc, a := loadCorpus(t, "apiref_goldmark_README.md", core.Reference)
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	seen := map[string]bool{}
	for _, p := range ps {
		if seen[p.Name] {
			t.Errorf("duplicate signature name %q", p.Name)
		}
		seen[p.Name] = true
	}
}

func TestCorpusCountsReport(t *testing.T) {
	dir := corpusDir(t)
	for _, name := range []string{
		"latex_ods_sorting.tex", "latex_openlogic_enumerability.tex",
		"pretext_levin_discrete_sec_gt-trees.ptx", "latex_openintro_ch_probability.tex",
		"rfc6455_websocket.txt", "tutorial-steps_bitnami_redis-sentinel_README.md",
		"apiref_goldmark_README.md", "textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt",
	} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			continue
		}
		doc, a := loadCorpus(t, name, "")
		ps := Extract(a, Options{})
		checkCommon(t, doc, ps)
		t.Logf("%-70s %-9s %3d primitives %v", name, a.ContentType, len(ps), byType(ps))
	}
}

// refCoverage counts the document's cross-references from one extracted
// result (its statement or its proof) to another, and how many of them a
// requires edge reproduces.
func refCoverage(doc string, ps []core.Primitive) (between, reproduced int) {
	d := scanTeX(doc)
	byOff := map[int]*core.Primitive{}
	for i := range ps {
		byOff[ps[i].Provenance.Offset] = &ps[i]
	}
	envEnd := func(b texBlock) int {
		if e := strings.Index(doc[b.at:], `\end{`+b.env+`}`); e >= 0 {
			return b.at + e
		}
		return len(doc)
	}
	// The result a reference is made from: the block holding it, or the
	// block a proof holding it follows.
	source := func(at int) *core.Primitive {
		for _, pr := range d.proofs {
			if pr.at <= at && at < pr.end {
				var last *core.Primitive
				for _, b := range d.blocks {
					if b.at < pr.at {
						last = byOff[b.at]
					}
				}
				return last
			}
		}
		for k := len(d.blocks) - 1; k >= 0; k-- {
			if b := d.blocks[k]; b.at <= at {
				if at < envEnd(b) {
					return byOff[b.at]
				}
				return nil
			}
		}
		return nil
	}
	for _, r := range d.refs {
		for _, k := range r.keys {
			lab, ok := d.labels[k]
			if !ok {
				continue
			}
			tp, sp := byOff[lab.at], source(r.at)
			if tp == nil || sp == nil || sp == tp {
				continue
			}
			between++
			if sp.HasEdge(tp.ID, core.Requires) {
				reproduced++
			}
		}
	}
	return between, reproduced
}

// checkNamesFromText asserts that every name of a block is made of words
// the reader sees near it (its statement, title, the comment or sentence
// before it, its section): never of a label key's abbreviations.
func checkNamesFromText(t *testing.T, doc *core.Document, ps []core.Primitive) {
	t.Helper()
	for _, p := range ps {
		if !strings.HasPrefix(doc.Text[p.Provenance.Offset:], `\begin{`) && !strings.HasPrefix(doc.Text[p.Provenance.Offset:], "<") {
			continue
		}
		near := strings.ToLower(doc.Text[max(0, p.Provenance.Offset-600):min(len(doc.Text), p.Provenance.Offset+2000)] +
			" " + p.Provenance.Section + " " + p.FormalStatement)
		for _, w := range strings.FieldsFunc(p.Name, func(r rune) bool { return !unicode.IsLetter(r) }) {
			lw := strings.ToLower(w)
			if len(lw) < 4 || lw == "characterization" || lw == "running" || lw == "time" || refKinds[lw] != "" {
				continue
			}
			if !strings.Contains(near, strings.TrimSuffix(strings.TrimSuffix(lw, "s"), "ie")) {
				t.Errorf("%s: name word %q is not in the text around it", p.Name, w)
			}
		}
	}
}

// checkRefsRendered asserts that no cross-reference command survives in a
// statement and none is silently dropped: a block whose body references
// something shows a number, a name or "(elsewhere)".
func checkRefsRendered(t *testing.T, doc *core.Document, ps []core.Primitive) {
	t.Helper()
	for _, p := range ps {
		s := p.FormalStatement
		for _, bad := range []string{`\ref{`, `\cref{`, `\Cref{`, `\eqref{`, `\autoref{`, `\label{`, `\index{`, "()", " ,", " ."} {
			if strings.Contains(s, bad) {
				t.Errorf("%s: %q left in statement %q", p.Name, bad, s)
			}
		}
	}
}

func TestCorpusHoTTEquivalences(t *testing.T) {
	doc, a := loadCorpus(t, "latex_untitled-envs_hott_equivalences.tex", "")
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	checkNamesFromText(t, doc, ps)
	checkRefsRendered(t, doc, ps)
	// 16 thm, 13 lem, 10 defn, 4 cor: every one, some definitions giving
	// one primitive per term.
	envs := 0
	for _, e := range []string{`\begin{thm}`, `\begin{lem}`, `\begin{defn}`, `\begin{cor}`} {
		envs += beginsWith(doc, ps, e)
	}
	if envs != 43 {
		t.Errorf("environments extracted: %d, want 43", envs)
	}
	names := map[string]bool{}
	for _, p := range ps {
		names[p.Name] = true
		if strings.Contains(p.FormalStatement, "!") {
			t.Errorf("%s: index entry left in %q", p.Name, p.FormalStatement)
		}
	}
	// Surjections and embeddings are the two items of one definition: one
	// primitive holding both (it once gave one per item).
	for _, n := range []string{"Half Adjoint Equivalence", "Fiber", "Surjective and Embedding",
		"Weak Function Extensionality Principle", "Contractible maps", "Characterization of Equivalences"} {
		if !names[n] {
			t.Errorf("missing primitive named %q", n)
		}
	}
	between, got := refCoverage(doc.Text, ps)
	t.Logf("references between extracted results: %d, reproduced as edges: %d", between, got)
	if between < 24 || got*10 < between*8 {
		t.Errorf("references between results: %d reproduced of %d", got, between)
	}
}

func TestCorpusEgWalker(t *testing.T) {
	doc, a := loadCorpus(t, "paper_collaborative-text-editing.tex", "")
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	logPrimitives(t, ps)
	checkNamesFromText(t, doc, ps)
	checkRefsRendered(t, doc, ps)
	envs := 0
	for _, e := range []string{`\begin{definition}`, `\begin{lemma}`, `\begin{theorem}`} {
		envs += beginsWith(doc, ps, e)
	}
	if envs != 10 {
		t.Errorf("environments extracted: %d, want 10", envs)
	}
	between, got := refCoverage(doc.Text, ps)
	t.Logf("references between extracted results: %d, reproduced as edges: %d", between, got)
	if between != 24 || got != 24 {
		t.Errorf("references between results: %d reproduced of %d, want 24 of 24", got, between)
	}
	for _, p := range ps {
		if p.Type == core.Theorem && strings.Contains(p.FormalStatement, "strong list specification") &&
			!strings.Contains(p.FormalStatement, "(Definition C.2, Strong List Specification)") {
			t.Errorf("reference not rendered: %q", p.FormalStatement)
		}
	}
}
