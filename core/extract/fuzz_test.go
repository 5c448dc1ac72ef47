package extract

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
)

// slowInput flags an input whose extraction took far longer than a linear
// pass over fuzz-sized text can.
const slowInput = 3 * time.Second

// fuzzOne extracts from txt as a one-section document of format f with
// every strategy enabled, and checks the invariants every caller relies on.
func fuzzOne(t *testing.T, txt string, f core.Format) {
	for _, ct := range []core.ContentType{core.Unknown, core.Textbook, core.Spec, core.Reference} {
		a := oneSection(txt, f, ct)
		start := time.Now()
		ps := Extract(a, Options{})
		if d := time.Since(start); d > slowInput {
			t.Fatalf("%d bytes took %v: super-linear path", len(txt), d)
		}
		ids := map[string]bool{}
		for _, p := range ps {
			if p.Provenance.Offset < 0 || p.Provenance.Offset >= len(txt) {
				t.Fatalf("offset %d outside [0,%d)", p.Provenance.Offset, len(txt))
			}
			if len(p.FormalStatement) > maxBlockStatement || p.FormalStatement == "" {
				t.Fatalf("statement of %d bytes", len(p.FormalStatement))
			}
			if p.Name == "" || len(p.Name) > 2*maxName {
				t.Fatalf("name %q", p.Name)
			}
			if ids[p.ID] {
				t.Fatalf("duplicate id %q", p.ID)
			}
			ids[p.ID] = true
			if p.Keywords == nil || p.Prerequisites == nil || p.Dependencies == nil {
				t.Fatal("nil slice")
			}
		}
	}
}

// fuzzFormat fuzzes extraction from documents of one format, seeded with
// seeds and the first 4 KiB of the named corpus files.
func fuzzFormat(f *testing.F, format core.Format, seeds []string, corpusFiles ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	addCorpusSeeds(f, corpusFiles...)
	f.Fuzz(func(t *testing.T, s string) { fuzzOne(t, s, format) })
}

func addCorpusSeeds(f *testing.F, names ...string) {
	// Without the corpus the fuzzers run on their own seeds alone.
	dir, _ := corpus.Locate()
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
			if len(b) > 4<<10 {
				b = b[:4<<10]
			}
			f.Add(string(b))
		}
	}
}

func FuzzExtractLaTeX(f *testing.F) {
	fuzzFormat(f, core.FormatLaTeX, []string{
		"\\begin{thm}[Name]\\label{thm:x}\nBody $x$.\n\\end{thm}",
		"\\begin{defn}\\emph{term} is \\textbf{x}\\end{defn}",
		"\\begin{onebox}{Rule of thumb}text\\end{onebox}",
		"\\begin{onebox}{",
		"\\begin{thm}[{unbalanced}",
		"\\begin{lemma}$$\\begin{align*}x\\end{lemma}",
		"% \\begin{thm}\n\\begin{cor}!!a{x} \\usetoken{S}{y}\\end{cor}",
		"Definition 2.1: A group is a set. Theorem (X). Y\n\nThe client MUST do it.",
		"\\begin{prop}\\ollabel{prop:enum-bij}\\end{prop}\\end{prop}",
	}, "latex_ods_sorting.tex", "latex_openlogic_enumerability.tex")
}

func FuzzExtractPreTeXt(f *testing.F) {
	fuzzFormat(f, core.FormatPreTeXt, []string{
		`<definition xml:id="d"><title>T</title><statement><p>A <term>x</term> is <m>1&lt;2</m>.</p></statement></definition>`,
		`<theorem><statement><p>Unclosed`,
		`<corollary/><lemma xml:id='l-a'><statement>&#x41;&#0;&bogus;<!-- c`,
		`<fact><![CDATA[x`,
		`<proposition><statement><fn>a</fn><idx>b<p>c</p></statement></proposition></proposition>`,
		"<axiom>\n<?pi ?><q>x</q><ie/></axiom>",
	}, "pretext_levin_discrete_sec_gt-trees.ptx")
}

func FuzzExtractMarkdown(f *testing.F) {
	fuzzFormat(f, core.FormatMarkdown, []string{
		"| `parser.WithAttribute` | `-` | Enables attributes. |\n| `a\\|b` |",
		"- `extension.Table`\n    - [Tables](https://x)\n- `x.Y`",
		"The **quicksort** algorithm sorts. The \\emph{x} algorithm.",
		"```go\nfunc New(opts ...Option) *Parser {\n```\n`goldmark.New()`",
		"### Step 1: Create a network\n\nRun it.\n",
		"**Definition 1.1 (Graph).** A *graph* is a pair.",
		"An **argument** is a set, called the **conclusion** and **premises**. It is **valid** if x.\n\n- **Image**: a template\n- **",
	}, "apiref_goldmark_README.md", "tutorial-steps_bitnami_redis-sentinel_README.md")
}

// FuzzExtractText covers plain text, where RFC requirements are read:
// their subjects, lead-ins and lists.
func FuzzExtractText(f *testing.F) {
	fuzzFormat(f, core.FormatText, []string{
		"The rule is used where zero or more characters MAY appear.\n",
		"   The client MUST:\n\n   o  send a request;\n   o  wait for the answer.\n",
		"If the value is absent, a recipient that does not understand it SHOULD NOT forward it, and which MUST log it.\n",
		"Theorem 5. Baire's Category Theorem. Let X be a complete metric space.\n",
	}, "rfc6455_websocket.txt", "rfc7234_http-caching.txt")
}
