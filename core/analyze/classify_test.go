package analyze

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// scores is a compact form of the five family scores in tie-break order.
type scores [5]float64

func scoresOf(m map[core.ContentType]float64) scores {
	var s scores
	for i, t := range core.ContentTypes {
		s[i] = m[t]
	}
	return s
}

func TestClassifyReferenceFixtures(t *testing.T) {
	cases := []struct {
		name string
		text string
		want core.ContentType
	}{
		{"textbook", "Definition: A group is a set with an operation.\n\nTheorem: Every subgroup of a cyclic group is cyclic.\n\nProof: Let H be a subgroup.", core.Textbook},
		{"reference", "function createUser(name, email) {\n  return db.insert({name, email})\n}\n\n```typescript\nconst user = createUser('a', 'b')\n```\n", core.Reference},
		{"tutorial", "Step 1: Install the tool.\nStep 2: Configure it.\nTry this: run it twice.\nExercise: change the port.", core.Tutorial},
		{"spec", "The client MUST send a request.\nThe server SHALL respond within 5 seconds.\n", core.Spec},
		{"paper", "Abstract\nWe study X.\nIntroduction\nMethodology\nConclusion\nReferences\n", core.Paper},
		{"plain words only", "plain words only", core.Unknown},
		{"return", "return", core.Reference},
		{"We learn", "We learn", core.Tutorial},
		{"empty", "", core.Unknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, sc := Classify(c.text)
			if got != c.want {
				t.Errorf("Classify = %s, want %s (scores %v)", got, c.want, sc)
			}
			if len(sc) != 5 {
				t.Errorf("scores for %d types, want all 5: %v", len(sc), sc)
			}
		})
	}
}

// TestClassifyPatterns pins the case, boundary and follow-up rules of each
// pattern; the scores are matches × weight in the order textbook,
// reference, tutorial, spec, paper.
func TestClassifyPatterns(t *testing.T) {
	cases := []struct {
		text string
		want scores
	}{
		{"you must do it and shall not", scores{}},             // BCP 14 keywords are upper case only
		{"MUST. SHOULD", scores{}},                             // and need white space after
		{"MUST NOT send; SHOULD\tsend", scores{0, 0, 0, 6, 0}}, // "MUST NOT " counts once
		{"results show a discussion", scores{}},                // paper headings are case-sensitive
		{"RESULTS", scores{}},
		{"Results and Discussion; the methodology", scores{0, 0, 0, 0, 6}},
		{"my_function foo, function_x, class_ A", scores{}}, // '_' is a word character for \b
		{"function foo; class Bar; interface Baz; function (", scores{0, 6, 0, 0, 0}},
		{"API apis endpoint endpoints parameter method methods return returns", scores{0, 10, 0, 0, 0}},
		{"hands-on Hands-On hands-onx hands on", scores{0, 0, 4, 0, 0}},
		{"build a house, build an app, create a file, Create   A thing", scores{0, 0, 6, 0, 0}},
		{"Step 1, step  12, Step one, Step1", scores{0, 0, 4, 0, 0}},
		{"try this; try these; Try This!", scores{0, 0, 4, 0, 0}},
		{"practice learns learn learning", scores{0, 0, 4, 0, 0}},
		{"Def. 3 and Thm. 2 but Def.3", scores{6, 0, 0, 0, 0}},
		{"Definitions are; Definition 2.1; definition: x; Lemma\n", scores{9, 0, 0, 0, 0}},
		{"Exercise: both families", scores{3, 0, 2, 0, 0}},
		{"Proof", scores{}}, // [:\s] needs a character after the word
		{"requirement constraint specification requirements", scores{0, 0, 0, 9, 0}},
		{"```go\nx := 1\n```", scores{0, 4, 0, 0, 0}},
		{"``````", scores{0, 4, 0, 0, 0}},
		// Theorem-like environments of LaTeX and PreTeXt count as textbook
		// matches; end tags and \end{…} do not.
		{`\begin{thm} x \end{thm} \begin{defn}[Name] y \end{defn} \begin{proof*}`, scores{9, 0, 0, 0, 0}},
		{`<theorem xml:id="t"><statement/></theorem><definition>d</definition><p>theorem</p>`, scores{6, 0, 0, 0, 0}},
		{`\begin{figure} \begin{nexample}`, scores{3, 0, 0, 0, 0}},
		{`\begin{figure} \begin{tipBox}`, scores{}},
	}
	for _, c := range cases {
		_, sc := Classify(c.text)
		if got := scoresOf(sc); got != c.want {
			t.Errorf("Classify(%q) scores %v, want %v", c.text, got, c.want)
		}
	}
}

func TestClassifyTiesAndThreshold(t *testing.T) {
	cases := []struct {
		text string
		want core.ContentType
	}{
		{"API and learn", core.Reference},           // 2 = 2: reference comes before tutorial
		{"MUST do; Definition: x", core.Textbook},   // 3 = 3: textbook first
		{"SHALL go; return", core.Spec},             // 3 > 2
		{"Introduction and learn", core.Tutorial},   // 2 = 2: tutorial before paper
		{"nothing to see here", core.Unknown},       // 0 < 2
		{"Abstract", core.Paper},                    // one match of weight 2 is enough
		{"learn learn API API API", core.Reference}, // 6 > 4
	}
	for _, c := range cases {
		if got, sc := Classify(c.text); got != c.want {
			t.Errorf("Classify(%q) = %s, want %s (%v)", c.text, got, c.want, sc)
		}
	}
}

// TestClassifyCorpusMatchesReference compares the family scores on the
// corpus with the numbers the reference's regular expressions give on the
// same files (computed once with the reference's patterns). Markdown and
// text must agree exactly; LaTeX and PreTeXt agree on every family but
// textbook, which the environment extension can only raise.
func TestClassifyCorpusMatchesReference(t *testing.T) {
	corpusDir(t)
	cases := []struct {
		file     string
		literal  scores
		markup   bool
		wantType core.ContentType
	}{
		{"apiref_goldmark_README.md", scores{12, 90, 0, 6, 0}, false, core.Reference},
		// The reference's scores vote reference; its "Step N" sections
		// over console sessions make it a tutorial (runsCommands).
		{"tutorial-steps_bitnami_redis-sentinel_README.md", scores{3, 116, 32, 0, 0}, false, core.Tutorial},
		{"rfc6455_websocket.txt", scores{45, 190, 8, 666, 24}, false, core.Spec},
		{"textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt", scores{2649, 218, 464, 15, 22}, false, core.Textbook},
		{"latex_ods_sorting.tex", scores{54, 22, 2, 0, 2}, true, core.Textbook},
		{"latex_openlogic_enumerability.tex", scores{9, 20, 0, 0, 0}, true, core.Textbook},
		{"latex_openintro_ch_probability.tex", scores{60, 18, 116, 0, 0}, true, core.Textbook},
		{"pretext_levin_discrete_sec_gt-trees.ptx", scores{81, 2, 14, 0, 0}, true, core.Textbook},
	}
	for _, c := range cases {
		text := readCorpus(t, c.file)
		typ, sc := Classify(text)
		got := scoresOf(sc)
		t.Logf("%s: %s %v", c.file, typ, got)
		if c.markup {
			if got[0] < c.literal[0] || got[1] != c.literal[1] || got[2] != c.literal[2] || got[3] != c.literal[3] || got[4] != c.literal[4] {
				t.Errorf("%s: scores %v, want %v with textbook ≥ %v", c.file, got, c.literal, c.literal[0])
			}
		} else if got != c.literal {
			t.Errorf("%s: scores %v, want the reference's %v", c.file, got, c.literal)
		}
		if typ != c.wantType {
			t.Errorf("%s: type %s, want %s", c.file, typ, c.wantType)
		}
	}
}

func TestClassifyCountsCustomTheoremLikeEnvironments(t *testing.T) {
	doc := strings.Repeat("\\begin{nexample}{A die}\nRoll it.\n\\end{nexample}\n\\begin{exercisewrap}\nTry.\n\\end{exercisewrap}\n", 3) +
		"We learn to practice.\n"
	got, scores := Classify(doc)
	if got != core.Textbook || scores[core.Textbook] != 18 {
		t.Fatalf("Classify = %s %v, want textbook with 6 environments × 3", got, scores)
	}
	// A custom environment without a textbook keyword is not evidence.
	if _, scores := Classify("\\begin{tipbox}x\\end{tipbox}"); scores[core.Textbook] != 0 {
		t.Fatalf("tipbox counted: %v", scores)
	}
}
