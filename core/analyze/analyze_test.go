package analyze

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestAnalyzeEmpty(t *testing.T) {
	for _, doc := range []*core.Document{nil, {}, {Format: core.FormatLaTeX, Text: ""}} {
		a := Analyze(doc, builtinDomains(t))
		if a.Document != doc || a.ContentType != core.Unknown || len(a.Sections) != 0 || a.Domain != "" ||
			len(a.Domains) != 0 || a.Plane != (core.PlanePosition{}) || a.Confidence != 0 || a.WordCount != 0 {
			t.Errorf("Analyze(%v) = %+v", doc, a)
		}
		if a.Sections == nil || a.Domains == nil {
			t.Errorf("empty analysis should have empty, not nil, lists (JSON [] rather than null)")
		}
		if len(a.ContentTypeScores) != 5 {
			t.Errorf("scores %v", a.ContentTypeScores)
		}
	}
}

func TestAnalyzeCombinesTheParts(t *testing.T) {
	doc := &core.Document{Format: core.FormatMarkdown, Text: "# Calculus\n\nDefinition: the derivative is the rate of change.\n\n## Integrals\n\nTheorem: the integral of a derivative.\n"}
	a := Analyze(doc, fixtureDomains)
	if a.Document != doc || a.ContentType != core.Textbook || a.Domain != "change" || len(a.Sections) != 1 || len(a.Sections[0].Children) != 1 {
		t.Fatalf("analysis %+v", a)
	}
	typ, scores := Classify(doc.Text)
	ds, plane, conf := DetectDomains(doc.Text, fixtureDomains)
	if typ != a.ContentType || fmt.Sprint(scores) != fmt.Sprint(a.ContentTypeScores) || fmt.Sprint(ds) != fmt.Sprint(a.Domains) || plane != a.Plane || conf != a.Confidence {
		t.Errorf("Analyze disagrees with Classify/DetectDomains")
	}
	if a.WordCount != 18 {
		t.Errorf("word count %d", a.WordCount)
	}
}

func TestWordCount(t *testing.T) {
	cases := map[string]int{
		"":                       0,
		"   \n\t ":               0,
		"one":                    1,
		" one  two\nthree\t":     3,
		"a-b c,d e.f":            3,
		"x\u00a0y\u2003z\u3000w": 4,
		"héllo wörld":            2,
		"\u200bzero-width":       1, // U+200B is not white space
	}
	for in, want := range cases {
		if got := WordCount(in); got != want {
			t.Errorf("WordCount(%q) = %d, want %d", in, got, want)
		}
		if got := len(strings.Fields(in)); got != want {
			t.Errorf("strings.Fields(%q) gives %d, test expects %d", in, got, want)
		}
	}
}

// corpusFormats maps corpus file extensions to document formats.
func corpusFormat(name string) core.Format {
	switch filepath.Ext(name) {
	case ".md":
		return core.FormatMarkdown
	case ".tex":
		return core.FormatLaTeX
	case ".ptx":
		return core.FormatPreTeXt
	}
	return core.FormatText
}

var corpusTexts = []string{
	"apiref_goldmark_README.md",
	"tutorial-steps_bitnami_redis-sentinel_README.md",
	"latex_ods_sorting.tex",
	"latex_openintro_ch_probability.tex",
	"latex_openlogic_enumerability.tex",
	"pretext_levin_discrete_sec_gt-trees.ptx",
	"rfc6455_websocket.txt",
	"textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt",
}

// TestCorpusSectionInvariants checks the tree invariants and exact heading
// offsets on every text document of the corpus.
func TestCorpusSectionInvariants(t *testing.T) {
	corpusDir(t)
	for _, name := range corpusTexts {
		text := readCorpus(t, name)
		f := corpusFormat(name)
		secs := Sections(text, f)
		checkTree(t, text, secs)
		n := 0
		walkAll(secs, func(s *core.Section) {
			n++
			checkMarker(t, text, f, s)
		})
		t.Logf("%s: %d sections", name, n)
	}
}

func TestCorpusRFCSections(t *testing.T) {
	text := readCorpus(t, "rfc6455_websocket.txt")
	secs := Sections(text, core.FormatText)
	var roots []string
	for _, s := range secs {
		roots = append(roots, strings.TrimSpace(s.Number+" "+s.Title))
	}
	wantRoots := []string{
		"Preamble", "Abstract", "Status of This Memo", "Copyright Notice", "Table of Contents",
		"1 Introduction", "2 Conformance Requirements", "3 WebSocket URIs", "4 Opening Handshake",
		"5 Data Framing", "6 Sending and Receiving Data", "7 Closing the Connection", "8 Error Handling",
		"9 Extensions", "10 Security Considerations", "11 IANA Considerations",
		"12 Using the WebSocket Protocol from Other Specifications", "13 Acknowledgements", "14 References",
		"Authors' Addresses",
	}
	if strings.Join(roots, "|") != strings.Join(wantRoots, "|") {
		t.Errorf("roots:\n%s\nwant:\n%s", strings.Join(roots, "\n"), strings.Join(wantRoots, "\n"))
	}
	intro := secs[5]
	if intro.Level != 1 || len(intro.Children) != 9 {
		t.Fatalf("Introduction has %d children:\n%s", len(intro.Children), outline([]*core.Section{intro}))
	}
	for i, c := range intro.Children {
		if want := fmt.Sprintf("1.%d", i+1); c.Number != want || c.Level != 2 {
			t.Errorf("child %d: number %q level %d, want %s level 2", i, c.Number, c.Level, want)
		}
	}
	if intro.Children[0].Title != "Background" || intro.Children[8].Title != "Subprotocols Using the WebSocket Protocol" {
		t.Errorf("intro children %q … %q", intro.Children[0].Title, intro.Children[8].Title)
	}
	// Counted in the file (grep for "^N.  ", "^N.N.  ", "^N.N.N.  "): 88
	// numbered headings at column 0 (14 top level, 50 second level, 24
	// third level), plus 5 unnumbered headings and the preamble (the title
	// block).
	levels := map[int]int{}
	total := 0
	walkAll(secs, func(s *core.Section) {
		total++
		if s.Number != "" {
			levels[strings.Count(s.Number, ".")+1]++
		}
		first, _, _ := strings.Cut(text[s.Offset:], "\n")
		if strings.Contains(first, ". .") || strings.Contains(first, "[Page") || strings.HasPrefix(first, "RFC 6455") || strings.HasPrefix(first, " ") {
			t.Errorf("table-of-contents entry or page header taken as section: %q", first)
		}
	})
	if levels[1] != 14 || levels[2] != 50 || levels[3] != 24 || total != 14+50+24+5+1 {
		t.Errorf("numbered headings by level %v, %d sections in all", levels, total)
	}
}

func TestCorpusLaTeXSections(t *testing.T) {
	text := readCorpus(t, "latex_ods_sorting.tex")
	want := `1::Sorting Algorithms
  2::Comparison-Based Sorting
    3::Merge-Sort
    3::Quicksort
    3::Heap-sort
    3::A Lower-Bound for Comparison-Based Sorting
  2::Counting Sort and Radix Sort
    3::Counting Sort
    3::Radix-Sort
  2::Discussion and Exercises
`
	if got := outline(Sections(text, core.FormatLaTeX)); got != want {
		t.Errorf("ODS sorting:\n%s\nwant\n%s", got, want)
	}
	text = readCorpus(t, "latex_openlogic_enumerability.tex")
	want = "0::Preamble\n1::Enumerations and enumerable Sets\n"
	if got := outline(Sections(text, core.FormatLaTeX)); got != want {
		t.Errorf("OpenLogic:\n%s\nwant\n%s", got, want)
	}
}

func TestCorpusPreTeXtSections(t *testing.T) {
	text := readCorpus(t, "pretext_levin_discrete_sec_gt-trees.ptx")
	want := `1::Trees
  2::Section Preview
  2::Properties of Trees
  2::Spanning Trees
  2::Rooted Trees
  2::Reading Questions
`
	secs := Sections(text, core.FormatPreTeXt)
	if got := outline(secs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if s := secs[0]; !strings.HasSuffix(text[:s.End], "</section>") || !strings.HasPrefix(text[s.Offset:], "<section ") {
		t.Errorf("section span %d..%d", s.Offset, s.End)
	}
}

func TestCorpusMarkdownSections(t *testing.T) {
	text := readCorpus(t, "tutorial-steps_bitnami_redis-sentinel_README.md")
	steps := 0
	walkAll(Sections(text, core.FormatMarkdown), func(s *core.Section) {
		if strings.HasPrefix(s.Title, "Step ") {
			steps++
		}
	})
	if steps != 10 {
		t.Errorf("%d Step sections, want 10", steps)
	}
	text = readCorpus(t, "apiref_goldmark_README.md")
	secs := Sections(text, core.FormatMarkdown)
	if len(secs) != 1 || secs[0].Title != "goldmark" {
		t.Fatalf("goldmark roots:\n%s", outline(secs))
	}
	walkAll(secs, func(s *core.Section) {
		// The README shows "## heading ## {#id …}" inside a code fence.
		if strings.HasPrefix(s.Title, "heading") {
			t.Errorf("fenced example taken as a heading: %q", s.Title)
		}
	})
}

func TestCorpusContentTypes(t *testing.T) {
	corpusDir(t)
	cases := map[string]core.ContentType{
		"apiref_goldmark_README.md":                                            core.Reference,
		"rfc6455_websocket.txt":                                                core.Spec,
		"latex_ods_sorting.tex":                                                core.Textbook,
		"pretext_levin_discrete_sec_gt-trees.ptx":                              core.Textbook,
		"latex_openlogic_enumerability.tex":                                    core.Textbook,
		"textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt": core.Textbook,
		// The seed's fixed weights read this tutorial as reference: its 29
		// code fences give 58 reference matches (116) against 16 tutorial
		// matches (32: ten "Step N", four "create a", two "learn"). 25 of
		// the 29 are console sessions, the commands of its ten steps: a
		// how-to of shell steps (runsCommands).
		"tutorial-steps_bitnami_redis-sentinel_README.md": core.Tutorial,
	}
	for name, want := range cases {
		a := Analyze(&core.Document{Format: corpusFormat(name), Text: readCorpus(t, name)}, nil)
		t.Logf("%s: %s %v", name, a.ContentType, a.ContentTypeScores)
		if a.ContentType != want {
			t.Errorf("%s: %s, want %s (%v)", name, a.ContentType, want, a.ContentTypeScores)
		}
	}
}

func TestCorpusDomains(t *testing.T) {
	corpusDir(t)
	ds := builtinDomains(t)
	want := map[string]string{
		"latex_ods_sorting.tex":              "computer-science",
		"latex_openintro_ch_probability.tex": "statistics",
		"rfc6455_websocket.txt":              "protocols",
		// A graph-theory section is not "perception" (for "the number of
		// vertices"), a chapter on enumerable sets not "mapping" (for its
		// functions), a Markdown parser's README not "protocols" (for two
		// mentions of HTTP).
		"pretext_levin_discrete_sec_gt-trees.ptx":                              "computer-science",
		"latex_openlogic_enumerability.tex":                                    "foundations",
		"apiref_goldmark_README.md":                                            "software-engineering",
		"tutorial-steps_bitnami_redis-sentinel_README.md":                      "software-engineering",
		"textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt": "structure",
		"latex_untitled-envs_hott_equivalences.tex":                            "foundations",
		"paper_collaborative-text-editing.tex":                                 "computer-science",
		"rfc7234_http-caching.txt":                                             "protocols",
		"tutorial-numbered_wsl_wsl-containers.md":                              "software-engineering",
	}
	for _, name := range append(corpusTexts, "latex_untitled-envs_hott_equivalences.tex", "paper_collaborative-text-editing.tex",
		"rfc7234_http-caching.txt", "tutorial-numbered_wsl_wsl-containers.md") {
		a := Analyze(&core.Document{Format: corpusFormat(name), Text: readCorpus(t, name)}, ds)
		var top []string
		for i, d := range a.Domains {
			if i == 3 {
				break
			}
			top = append(top, fmt.Sprintf("%s %.3f", d.Domain, d.Score))
		}
		t.Logf("%-70s %-18s %s conf %.2f  top: %s (%d activated)", name, a.Domain, a.Plane, a.Confidence, strings.Join(top, ", "), len(a.Domains))
		if w, ok := want[name]; ok && a.Domain != w {
			t.Errorf("%s: domain %q, want %q", name, a.Domain, w)
		}
		// A document sits near its domain: nearly every domain activating
		// pulled every position to the middle of the plane.
		if len(a.Domains) > len(ds)/2 {
			t.Errorf("%s: %d domains activated: %v", name, len(a.Domains), top)
		}
	}
}
