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

// lore show has a Proof section: the proof the source gives, its math
// read as the statement's is, and the sketch apart.
func TestShowHasAProofSection(t *testing.T) {
	e := apitest.New(t, false)
	e.AddUser("ada", access.Admin, "default")
	ctx, svc := e.As("ada")
	path := filepath.Join(t.TempDir(), "trees.tex")
	doc := `\section{Trees}
\begin{theorem}[Edges of a tree]
A tree with $n$ vertices has $n-1$ edges.
\end{theorem}
\begin{proof}
By induction on $n$: removing a leaf leaves a tree with $n-1$ vertices and $n-2$ edges.
\end{proof}
\begin{proof}[Idea]
Leaves.
\end{proof}
\begin{example}
A path on $3$ vertices has $2$ edges.
\end{example}
`
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := svc.Learn(ctx, &lorev1.LearnRequest{Path: path, Approve: true, Domain: "graph-theory"}, func(*lorev1.LearnEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	f := &cmdutil.Factory{Stdout: &out, Stderr: &out, Theme: func() string { return "dark" },
		Service: func(context.Context) (context.Context, api.Service, error) { return ctx, svc, nil }}
	cmd := browsecmd.NewCmdShow(f)
	cmd.SetArgs([]string{"graph-theory-edges-of-a-tree"})
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	got := out.String()
	want := "\nProof\nBy induction on n: removing a leaf leaves a tree with n-1 vertices and n-2 edges.\n"
	if !strings.Contains(got, want) || !strings.Contains(got, "\nProof sketch\nLeaves.\n") {
		t.Fatalf("lore show:\n%s\nwant a section %q and the sketch", got, want)
	}
	// and the worked example the source gives of it
	if !strings.Contains(got, "\nExample\nA path on 3 vertices has 2 edges.\n") {
		t.Fatalf("lore show:\n%s\nwant its worked example", got)
	}
}
