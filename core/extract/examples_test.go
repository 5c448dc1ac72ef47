package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// A spec's "Example" section under a rule gives the request and response
// that rule describes; a textbook's "Example: …" section under a definition
// works it out. Each is kept with the primitive it follows, lines whole.
func TestExamplesKeptWithWhatTheyWorkOut(t *testing.T) {
	doc := "# Protocol\n\n## Core Protocol\n\n### HEAD\n\n" +
		"The Server MUST always include the Upload-Offset header in the response for a HEAD request, even if the offset is 0.\n\n" +
		"#### Example\n\nRequest:\n\n```http\nHEAD /files/24e533e02ec3bc40c387f1a0e460e216 HTTP/1.1\nHost: tus.example.org\nTus-Resumable: 1.0.0\n```\n\n" +
		"Response:\n\n```http\nHTTP/1.1 200 OK\nUpload-Offset: 70\n```\n\n" +
		"### PATCH\n\nThe Server MUST acknowledge successful PATCH requests with the 204 No Content status.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{})
	var head *core.Primitive
	for i := range ps {
		t.Logf("%s: %q %q", ps[i].Name, ps[i].FormalStatement, ps[i].Examples)
		if strings.Contains(ps[i].FormalStatement, "Upload-Offset header") {
			head = &ps[i]
		}
		if strings.Contains(ps[i].FormalStatement, "204 No Content") && len(ps[i].Examples) > 0 {
			t.Errorf("the PATCH rule takes the HEAD example: %q", ps[i].Examples)
		}
	}
	if head == nil {
		t.Fatal("no HEAD rule")
	}
	if len(head.Examples) != 1 || !strings.Contains(head.Examples[0], "HEAD /files/24e533e02ec3bc40c387f1a0e460e216 HTTP/1.1\nHost: tus.example.org") ||
		!strings.Contains(head.Examples[0], "Upload-Offset: 70") {
		t.Errorf("examples = %q, want the request and response, lines kept", head.Examples)
	}
}

// An example titled after what it shows keeps its title; one under a
// LaTeX result is that result's.
func TestExampleTitleAndLaTeXExample(t *testing.T) {
	md := "# Matching Games\n\n## Theory\n\n### Definition: Matching Game\n\nA matching game of size N is two sets of N players, each with a preference list over the other set.\n\n" +
		"#### Example: Author Reviewer as a Matching Game\n\n| Author | Preferences |\n|---|---|\n| A1 | R2, R1 |\n| A2 | R1, R2 |\n"
	ps := Extract(analyzed(md, core.FormatMarkdown, core.Textbook), Options{})
	found := false
	for _, p := range ps {
		if p.Name == "Matching Game" {
			found = true
			if len(p.Examples) != 1 || !strings.HasPrefix(p.Examples[0], "Author Reviewer as a Matching Game:\n") || !strings.Contains(p.Examples[0], "| A1 | R2, R1 |") {
				t.Errorf("examples = %q", p.Examples)
			}
		}
	}
	if !found {
		t.Fatalf("no definition among %v", names(ps))
	}
	tex := "\\documentclass{article}\n\\newtheorem{theorem}{Theorem}\n\\newtheorem{example}{Example}\n\\begin{document}\n\\section{Groups}\n" +
		"\\begin{theorem}[Lagrange]\nThe order of a subgroup of a finite group divides the order of the group.\n\\end{theorem}\n" +
		"\\begin{example}\nIn $\\mathbb{Z}_6$ the subgroup $\\{0,3\\}$ has order $2$, which divides $6$.\n\\end{example}\n\\end{document}\n"
	ps = Extract(analyzed(tex, core.FormatLaTeX, core.Textbook), Options{})
	for _, p := range ps {
		if strings.Contains(p.Name, "Lagrange") {
			if len(p.Examples) != 1 || !strings.Contains(text.ReadableMath(p.Examples[0]), "has order 2") {
				t.Errorf("Lagrange's examples = %q", p.Examples)
			}
			return
		}
	}
	t.Fatalf("no Lagrange among %v", names(ps))
}

// A step's words keep what is not emphasis: a code span whole, a star
// that multiplies or is a value, a lone star or underscore of a path or
// a listing.
func TestPlainMarkdownKeepsStars(t *testing.T) {
	for in, want := range map[string]string{
		"The most direct way is `ceiling(B*8/log_2(A))`.":               "The most direct way is `ceiling(B*8/log_2(A))`.",
		"Compute C = B * 8 / log_2(A), then **round up**.":              "Compute C = B * 8 / log_2(A), then round up.",
		"Set ALLOWED_HOSTS = ['*'] for a *demo* only.":                  "Set ALLOWED_HOSTS = ['*'] for a demo only.",
		`Create znode z with path "ELECTION/guid-n_" with both flags;`:  `Create znode z with path "ELECTION/guid-n_" with both flags;`,
		"char *initbuf = buf; uint8_t *bits = (uint8_t *)calloc(s, 1);": "char *initbuf = buf; uint8_t *bits = (uint8_t *)calloc(s, 1);",
		"An _ephemeral_ node and a __sequence__ flag.":                  "An ephemeral node and a sequence flag.",
	} {
		if got := plainMarkdown(in); got != want {
			t.Errorf("plainMarkdown(%q) = %q, want %q", in, got, want)
		}
	}
}

// An example's links to anchors of its page and its labels are no words
// of it; a formula wrapped onto the next line stays one formula in the
// skill (generate reads the math over the whole example).
func TestExampleCrossReferencesLeft(t *testing.T) {
	md := "# Games\n\n## Theory\n\n### Definition: Blocking pair\n\nA pair (s,r) blocks a matching M if s prefers r to M(s) and r prefers s to its partner.\n\n" +
		"#### Example: Blocking pair for the game\n\nIn [](#eqn:unstable_matching) the pair $(A4,\nR2)$ blocks, as [the table](#sec:prefs) shows.\n$$\\label{eqn:x} M(A4)=R3$$\n"
	for _, p := range Extract(analyzed(md, core.FormatMarkdown, core.Textbook), Options{}) {
		if p.Name != "Blocking pair" {
			continue
		}
		if len(p.Examples) != 1 || strings.Contains(p.Examples[0], "](#") || strings.Contains(p.Examples[0], `\label`) || !strings.Contains(p.Examples[0], "as the table shows") {
			t.Errorf("examples = %q", p.Examples)
		}
		return
	}
	t.Fatal("no definition")
}
