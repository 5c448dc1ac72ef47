package api_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// groupsChapter is one chapter of a course on groups, as folder A holds
// it; folder B holds another edition of the same book.
const groupsChapter = `\documentclass{article}
\begin{document}
\section{Groups}
\begin{definition}[Group]\label{def:group}
A group is a set $G$ with an associative binary operation, an identity element and inverses for every element.
\end{definition}
\begin{definition}[Subgroup]\label{def:sub}
A subgroup of a group $G$ (Definition~\ref{def:group}) is a subset closed under the operation and inverses.
\end{definition}
\begin{theorem}\label{thm:lagrange}
For a finite group $G$ (Definition~\ref{def:group}) and a subgroup $H$ (Definition~\ref{def:sub}), the order of $H$ divides the order of $G$.
\end{theorem}
\begin{lemma}\label{lem:inv}
In a group (Definition~\ref{def:group}) the inverse of the product $ab$ is $b^{-1}a^{-1}$, taken in reverse order.
\end{lemma}
\end{document}
`

// TestDecisionsStayWithTheirSource: a curator's merge and rename of what
// folder A taught apply again when A is learned again, edited, and are
// neither applied nor asked about when folder B, another edition of the
// same book with the same chapter file and overlapping statements, is
// learned into the same store.
func TestDecisionsStayWithTheirSource(t *testing.T) {
	e := apitest.New(t, false)
	e.AddUser("cora", access.Curator, "default")
	ctx, svc := e.As("cora")
	write := func(dir, text string) string {
		t.Helper()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "groups.tex"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	learnReport := func(dir string) *lorev1.LearnReport {
		t.Helper()
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{Path: dir, Approve: true})
		if err != nil {
			t.Fatalf("learn %s: %v", dir, err)
		}
		for _, ev := range events {
			if r := ev.GetReport(); r != nil {
				return r
			}
		}
		t.Fatalf("learn %s: no report in %v", dir, events)
		return nil
	}
	root := t.TempDir()
	a := write(filepath.Join(root, "edition-2019"), groupsChapter)
	first := learnReport(a)
	ids := map[string]string{}
	for _, p := range first.GetPrimitives() {
		for _, n := range []string{"Group", "Subgroup", "Theorem", "Lemma"} {
			if strings.HasPrefix(p.GetName(), n) && ids[n] == "" {
				ids[n] = p.GetId()
			}
		}
	}
	if len(ids) != 4 {
		t.Fatalf("learned %v", first.GetPrimitives())
	}
	if _, err := svc.Curate(ctx, &lorev1.CurateRequest{Decision: "merge", Id: ids["Lemma"], Other: ids["Theorem"]}); err != nil {
		t.Fatalf("merge: %v", err)
	}
	if _, err := svc.Curate(ctx, &lorev1.CurateRequest{Decision: "edit", Id: ids["Theorem"], Name: "Lagrange's theorem"}); err != nil {
		t.Fatalf("rename: %v", err)
	}

	// Another edition: the same chapter file, a sentence added to the
	// group's definition, the other statements as they were.
	b := write(filepath.Join(root, "edition-2021"), strings.Replace(groupsChapter,
		"inverses for every element.", "inverses for every element. Groups model symmetry.", 1))
	other := learnReport(b)
	if len(other.GetReapplied()) != 0 || len(other.GetRevisit()) != 0 {
		t.Errorf("learning folder B applied %d of A's decisions and asked about %d: %v %v",
			len(other.GetReapplied()), len(other.GetRevisit()), other.GetReapplied(), other.GetRevisit())
	}

	// Folder A again, edited: its decisions still apply.
	write(a, strings.Replace(groupsChapter, "closed under the operation and inverses.",
		"closed under the operation and under taking inverses.", 1))
	again := learnReport(a)
	kinds := map[string]bool{}
	for _, d := range again.GetReapplied() {
		kinds[d.GetKind()] = true
	}
	if len(again.GetReapplied()) != 2 || !kinds["merge"] || !kinds["edit"] || len(again.GetRevisit()) != 0 {
		t.Errorf("learning folder A again: reapplied %v, revisit %v; want its merge and rename, nothing to revisit",
			again.GetReapplied(), again.GetRevisit())
	}
}
