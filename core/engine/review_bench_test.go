package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/storetest"
)

// BenchmarkReapplyStanding1000 measures what a re-learn spends on the
// curators' decisions: reading 1,000 standing decisions from a real store
// and applying them to the 2,000 candidates of the chapter learned again.
func BenchmarkReapplyStanding1000(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("\\documentclass{article}\\begin{document}\\section{Results}\n")
	for i := range 2000 {
		fmt.Fprintf(&sb, "\\begin{theorem}\\label{t%d}\nFor every integer $n > %d$ the quantity $q_{%d}(n)$ is bounded by the sum of its %d parts and the %s.\n\\end{theorem}\n",
			i, i, i, i+1, strings.Repeat("x", i%7+1))
	}
	sb.WriteString("\\end{document}\n")
	path := filepath.Join(b.TempDir(), "results.tex")
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	st := storetest.Open(b)
	opts := LearnOptions{Domains: storetest.Domains(b)}
	opts.Policy.Approve = true
	ctx := context.Background()
	res, err := Learn(ctx, st, path, opts)
	if err != nil {
		b.Fatal(err)
	}
	if len(res.Primitives) < 2000 {
		b.Fatalf("learned %d primitives", len(res.Primitives))
	}
	ds := make([]Decision, 0, 1000)
	for i := range 1000 {
		d := Decision{Kind: core.CurateEdit, ID: res.Primitives[2*i].ID, Name: fmt.Sprintf("Bound %d", i)}
		if i%10 == 7 {
			d = Decision{Kind: core.CurateReject, ID: res.Primitives[2*i].ID}
		}
		ds = append(ds, d)
	}
	if _, err := CurateAll(ctx, st, ds, CurateOptions{Domains: opts.Domains}); err != nil {
		b.Fatal(err)
	}
	// The candidates as the chapter gives them again.
	txt := sb.String()
	doc := core.Document{Name: "results.tex", Path: path, Format: core.FormatLaTeX, Text: txt, Bytes: int64(len(txt))}
	ar, err := Analyze(ctx, path, []core.Document{doc}, AnalyzeOptions{Domains: opts.Domains, Depth: core.Standard})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		cur, err := curateCandidates(ctx, &runner{now: opts.now}, st, "s", path, ar.Primitives, opts)
		if err != nil {
			b.Fatal(err)
		}
		if n := len(cur.reapplied.Applied); n != 1000 {
			b.Fatalf("applied %d (revisit %d)", n, len(cur.reapplied.Revisit))
		}
	}
}
