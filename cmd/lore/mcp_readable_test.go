package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	loremcp "github.com/lore-kb/lore/core/api/mcp"
)

// An agent reads a learned statement as a person does: knowledge_search
// gives its math as Unicode text, no dollar and no LaTeX command, and
// knowledge_get gives that beside the stored statement, which keeps the
// source's LaTeX.
func TestMCPKnowledgeStatementsReadable(t *testing.T) {
	root := t.TempDir()
	s := mcpStore{dir: filepath.Join(root, "store"), config: ""}
	src := filepath.Join(root, "bounds.tex")
	tex := "\\documentclass{article}\n\\newtheorem{defn}{Definition}\n\\begin{document}\n\\section{Bounds}\n" +
		"\\begin{defn}\nLet $E \\subset \\mathbb{R}$ be nonempty. We write $$ \\sup\\, E \\coloneqq b_0 $$ for the least upper bound " +
		"$b_0$ of $E$, and $0 < \\nicefrac{1}{y} < \\nicefrac{1}{x}$ when $0 < x < y$.\n\\end{defn}\n\\end{document}\n"
	if err := os.WriteFile(src, []byte(tex), 0o600); err != nil {
		t.Fatal(err)
	}
	s.must(t, nil, "learn", src, "--json")
	var asked atomic.Int32
	agent := inMemory(s.server(t))(t, client{name: "test-agent", answer: "accept", asked: &asked})
	var found loremcp.KnowledgeSearchOut
	mustCall(t, agent, "knowledge_search", map[string]any{"query": "least upper bound"}, &found)
	if len(found.Results) == 0 {
		t.Fatalf("knowledge_search: %+v", found)
	}
	markup := regexp.MustCompile(`\$|\\[A-Za-z]+`)
	st := found.Results[0].Statement
	if markup.MatchString(st) || !strings.Contains(st, "sup E ≔ b₀") || !strings.Contains(st, "0 < 1/y < 1/x") {
		t.Errorf("knowledge_search statement %q", st)
	}
	var got struct {
		Primitive struct {
			Statement         string `json:"statement"`
			ReadableStatement string `json:"readableStatement"`
		} `json:"primitive"`
	}
	mustCall(t, agent, "knowledge_get", map[string]any{"id": found.Results[0].ID}, &got)
	if got.Primitive.ReadableStatement != st || !strings.Contains(got.Primitive.Statement, `\coloneqq`) {
		t.Errorf("knowledge_get: %+v", got.Primitive)
	}
}
