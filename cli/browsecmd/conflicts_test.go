package browsecmd_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/cli/browsecmd"
	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// definition is a LaTeX chapter defining a bipartite graph by what.
func definition(what string) string {
	return `\documentclass{article}
\begin{document}
\section{Graphs}
\begin{definition}[Bipartite graph]
` + what + `
\end{definition}
\end{document}
`
}

// lore conflicts says how to decide only while a conflict waits: with
// every conflict resolved, --all lists them and says nothing of deciding.
func TestConflictsSaysDecideOnlyWhenPending(t *testing.T) {
	e := apitest.New(t, false)
	e.AddUser("ada", access.Admin, "default")
	ctx, svc := e.As("ada")
	dir := t.TempDir()
	for name, what := range map[string]string{
		"parts.tex":  "A graph is bipartite when its vertices split into two parts and every edge joins the two parts.",
		"cycles.tex": "A graph is called bipartite if it contains no cycle of odd length.",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(definition(what)), 0o644); err != nil {
			t.Fatal(err)
		}
		err := svc.Learn(ctx, &lorev1.LearnRequest{Path: path, Approve: true, Domain: "graph-theory"}, func(*lorev1.LearnEvent) error { return nil })
		if err != nil {
			t.Fatalf("learn %s: %v", name, err)
		}
	}
	run := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		f := &cmdutil.Factory{Stdout: &out, Stderr: &out, Theme: func() string { return "dark" },
			Service: func(context.Context) (context.Context, api.Service, error) { return ctx, svc, nil }}
		cmd := browsecmd.NewCmdConflicts(f)
		cmd.SetArgs(args)
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		if err := cmd.ExecuteContext(context.Background()); err != nil {
			t.Fatalf("lore conflicts %v: %v", args, err)
		}
		return out.String()
	}
	pending, err := svc.Conflicts(ctx, &lorev1.ConflictsRequest{})
	if err != nil || len(pending.GetConflicts()) != 1 {
		t.Fatalf("setup: conflicts %v (%v), want the two definitions in one", pending.GetConflicts(), err)
	}
	if out := run(); !strings.Contains(out, "decide with: lore conflicts resolve") {
		t.Errorf("a pending conflict, and no word of deciding:\n%s", out)
	}
	id := pending.GetConflicts()[0].GetId()
	if _, err := svc.Resolve(ctx, &lorev1.ResolveRequest{ConflictId: id, Choice: "keep-existing"}); err != nil {
		t.Fatal(err)
	}
	out := run("--all")
	if !strings.Contains(out, id) || !strings.Contains(out, "resolved: keep-existing") {
		t.Errorf("--all does not list the resolved conflict:\n%s", out)
	}
	if strings.Contains(out, "decide with") {
		t.Errorf("nothing pending, yet:\n%s", out)
	}
	if out := run(); strings.TrimSpace(out) != "no pending conflicts" {
		t.Errorf("without --all: %q", out)
	}
}
