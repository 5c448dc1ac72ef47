package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/storetest"
)

// aheadSource writes a Markdown source with definitions, theorems and a
// credential in one of them, large enough that its analysis is still
// running when the scan ends.
func aheadSource(t *testing.T) string {
	t.Helper()
	var sb strings.Builder
	for i := range 400 {
		if i%10 == 0 {
			fmt.Fprintf(&sb, "\n## Graphs, part %d\n\n", i/10+1)
		}
		fmt.Fprintf(&sb, "Definition: Graph property %d. A graph has property %d when every vertex of degree %d lies on a cycle of length at most %d.\n\n", i, i, i%7+2, i%5+3)
		if i%3 == 0 {
			fmt.Fprintf(&sb, "Theorem: Tree bound %d. Every tree with %d vertices has exactly %d edges, and removing any edge disconnects it.\n\n", i, i+2, i+1)
		}
	}
	sb.WriteString("Definition: Access key. An access key such as AKIAIOSFODNN7QJ4ZRTW is a credential that signs requests to a graph service.\n")
	p := filepath.Join(t.TempDir(), "graphs.md")
	if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The analysis that runs beside the scan on a machine with a second
// processor learns exactly what the analysis after the gate learns on one:
// the same primitives, the same redactions, the same placement, and no
// credential in anything derived.
func TestAnalysisBesideTheScanLearnsTheSame(t *testing.T) {
	src := aheadSource(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	learned := map[int]string{}
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		opts := engine.LearnOptions{Domains: storetest.Domains(t), DryRun: true, SessionID: "learn-ahead"}
		opts.Policy.Approve = true
		res, err := engine.Learn(context.Background(), storetest.Open(t), src, opts)
		if err != nil {
			t.Fatalf("%d processors: %v", procs, err)
		}
		if len(res.Primitives) < 400 || len(res.Redactions) != 1 {
			t.Fatalf("%d processors: %d primitives, %d redactions; want 400 or more and 1", procs, len(res.Primitives), len(res.Redactions))
		}
		out, err := json.Marshal(struct {
			Primitives  []core.Primitive
			Redactions  []engine.Redaction
			ContentType core.ContentType
			Domain      string
			Plane       core.PlanePosition
		}{res.Primitives, res.Redactions, res.Analysis.ContentType, res.Analysis.Domain, res.Analysis.Plane})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), "AKIAIOSFODNN7QJ4ZRTW") {
			t.Errorf("%d processors: the credential is in what was learned", procs)
		}
		learned[procs] = string(out)
	}
	if learned[1] != learned[2] {
		a, b := learned[1], learned[2]
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		t.Logf("first difference at %d: %q / %q", i, a[max(0, i-80):min(len(a), i+40)], b[max(0, i-80):min(len(b), i+40)])
		t.Errorf("two processors learned something else than one (%d bytes of JSON against %d)", len(learned[2]), len(learned[1]))
	}
}

// A source the gate stops is not analyzed as far as anyone can see: the
// analysis begun beside the scan publishes nothing, and the analyze stage
// is skipped with the gate's reason like every later one.
func TestRejectedSourceShowsNoAnalysis(t *testing.T) {
	src := aheadSource(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	b := engine.NewBroker()
	all := collectAll(b)
	opts := engine.LearnOptions{Domains: storetest.Domains(t), Events: b, DryRun: true, Tier: core.Stranger}
	opts.Approver = gate.ApproverFunc(func(context.Context, gate.Request) (gate.Answer, error) {
		return gate.Answer{Status: core.Rejected, Rationale: "not today"}, nil
	})
	res, err := engine.Learn(context.Background(), storetest.Open(t), src, opts)
	b.Close()
	got := all()
	var rejected *gate.RejectedError
	if !errors.As(err, &rejected) {
		t.Fatalf("err = %v, want a rejection", err)
	}
	if res.Analysis != nil || len(res.Redactions) != 0 || len(res.Primitives) != 0 {
		t.Errorf("a rejected source's result holds an analysis (%v), %d redactions, %d primitives", res.Analysis != nil, len(res.Redactions), len(res.Primitives))
	}
	for _, e := range got {
		switch e := e.(type) {
		case engine.StageStarted:
			if e.Stage == engine.StageAnalyze {
				t.Errorf("the analyze stage started for a rejected source")
			}
		case engine.StageProgress:
			if e.Stage == engine.StageAnalyze {
				t.Errorf("analysis progress published for a rejected source: %+v", e)
			}
		case engine.StageFinished:
			if e.Stage == engine.StageAnalyze && (e.Status != engine.StageSkipped || e.Result != nil) {
				t.Errorf("analyze stage of a rejected source: %+v", e)
			}
		}
	}
}
