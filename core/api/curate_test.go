package api_test

import (
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestCuratorCurates: a curator's edit, link and reject are curate
// sessions recorded under their name, which the store and the sessions
// list show; a reader, an agent and a reviewer are refused; an unknown id
// is NotFound and a decision that changes nothing or is impossible is
// InvalidArgument, changing nothing; an unlearn takes a decision back.
func TestCuratorCurates(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		e.AddUser("rita", access.Reader, "default")
		e.AddUser("abe", access.Agent, "default")
		e.AddUser("rex", access.Reviewer, "default")
		e.Seed("default", assets.SampleName, assets.Sample())
		ctx, svc := e.As("cora")

		// Two primitives an edge may join: from depends on to, which
		// depends on nothing, so the edge closes no cycle.
		g, err := svc.Graph(ctx, &lorev1.GraphRequest{})
		if err != nil || len(g.GetNodes()) < 3 {
			t.Fatalf("graph: %v, %d nodes", err, len(g.GetNodes()))
		}
		var from, to string
		for _, n := range g.GetNodes() {
			if !slices.ContainsFunc(g.GetEdges(), func(ed *lorev1.Edge) bool { return ed.GetFrom() == n.GetId() }) {
				to = n.GetId()
				break
			}
		}
		for _, n := range g.GetNodes() {
			if n.GetId() != to && !slices.ContainsFunc(g.GetEdges(), func(ed *lorev1.Edge) bool { return ed.GetFrom() == n.GetId() && ed.GetTo() == to }) {
				from = n.GetId()
				break
			}
		}
		if from == "" || to == "" {
			t.Fatalf("no two primitives to link in %v", g.GetEdges())
		}
		// A third, which no decision is about.
		var third string
		for _, n := range g.GetNodes() {
			if n.GetId() != from && n.GetId() != to {
				third = n.GetId()
				break
			}
		}

		for _, who := range []string{"rita", "abe", "rex"} {
			octx, osvc := e.As(who)
			_, err := osvc.Curate(octx, &lorev1.CurateRequest{Decision: "edit", Id: from, Name: "x"})
			if connect.CodeOf(err) != connect.CodePermissionDenied || !strings.Contains(err.Error(), "needs the role admin or curator") {
				t.Errorf("%s curating: %v, want PermissionDenied naming admin or curator", who, err)
			}
		}

		edit, err := svc.Curate(ctx, &lorev1.CurateRequest{Decision: "Edit", Id: from, Name: "A better name", Why: "the teacher's"})
		if err != nil {
			t.Fatalf("edit: %v", err)
		}
		if edit.GetDecision() != "edit" || edit.GetBy() != "cora" || !slices.Equal(edit.GetUpdated(), []string{from}) ||
			!strings.HasPrefix(edit.GetSessionId(), "curate-") || !strings.HasPrefix(edit.GetSummary(), edit.GetSessionId()+": ") {
			t.Errorf("the edit's answer: %v", edit)
		}
		if shown, err := svc.Show(ctx, &lorev1.ShowRequest{Id: from}); err != nil || shown.GetPrimitive().GetName() != "A better name" {
			t.Errorf("shown after the edit: %v (%v)", shown.GetPrimitive().GetName(), err)
		}
		if s := session(t, e, "default", edit.GetSessionId()); s.Kind != core.KindCurate || s.Options["by"] != "cora" || s.Options["why"] != "the teacher's" {
			t.Errorf("the edit's session: %+v", s)
		}
		ss, err := svc.Sessions(ctx, &lorev1.SessionsRequest{Limit: 1})
		if err != nil || len(ss.GetSessions()) != 1 || ss.GetSessions()[0].GetId() != edit.GetSessionId() || ss.GetSessions()[0].GetUser() != "cora" {
			t.Errorf("the newest session: %v (%v)", ss, err)
		}

		link, err := svc.Curate(ctx, &lorev1.CurateRequest{Decision: "link", Id: from, Other: to, EdgeType: "motivates"})
		if err != nil {
			t.Fatalf("link: %v", err)
		}
		if !slices.Contains(link.GetUpdated(), from) {
			t.Errorf("the link's answer: %v", link)
		}
		shown, err := svc.Show(ctx, &lorev1.ShowRequest{Id: from})
		if err != nil || !slices.ContainsFunc(shown.GetPrimitive().GetRequires(), func(ed *lorev1.Edge) bool {
			return ed.GetTo() == to && ed.GetType() == string(core.Motivates)
		}) {
			t.Errorf("%s's edges after the link: %v (%v)", from, shown.GetPrimitive().GetRequires(), err)
		}

		before, err := e.Store("default").Sessions()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			req  *lorev1.CurateRequest
			code connect.Code
		}{
			{&lorev1.CurateRequest{Decision: "edit", Id: "nope", Name: "x"}, connect.CodeNotFound},
			{&lorev1.CurateRequest{Decision: "link", Id: from, Other: "nope"}, connect.CodeNotFound},
			{&lorev1.CurateRequest{Decision: "link", Id: to, Other: from}, connect.CodeInvalidArgument}, // a cycle
			{&lorev1.CurateRequest{Decision: "edit", Id: from, Name: "A better name"}, connect.CodeInvalidArgument},
			{&lorev1.CurateRequest{Decision: "merge", Id: from, Other: from}, connect.CodeInvalidArgument},
			{&lorev1.CurateRequest{Decision: "split", Id: from, Parts: []*lorev1.SplitPart{{Name: "A", Statement: "a"}}}, connect.CodeInvalidArgument},
			{&lorev1.CurateRequest{Decision: "dismiss", Id: third}, connect.CodeInvalidArgument},
			{&lorev1.CurateRequest{Decision: "rename", Id: from}, connect.CodeInvalidArgument},
			{&lorev1.CurateRequest{Decision: "unlink", Id: from}, connect.CodeInvalidArgument},
		} {
			if _, err := svc.Curate(ctx, c.req); connect.CodeOf(err) != c.code {
				t.Errorf("curate %v: %v, want %v", c.req, err, c.code)
			}
		}
		if after, err := e.Store("default").Sessions(); err != nil || len(after) != len(before) {
			t.Errorf("the refusals left %d sessions (%v), where there were %d", len(after), err, len(before))
		}

		reject, err := svc.Curate(ctx, &lorev1.CurateRequest{Decision: "reject", Id: from, Why: "not knowledge"})
		if err != nil {
			t.Fatalf("reject: %v", err)
		}
		if !slices.Equal(reject.GetRemoved(), []string{from}) || reject.GetDecision() != "reject" {
			t.Errorf("the reject's answer: %v", reject)
		}
		if _, err := svc.Show(ctx, &lorev1.ShowRequest{Id: from}); connect.CodeOf(err) != connect.CodeNotFound ||
			!strings.Contains(err.Error(), "rejected in "+reject.GetSessionId()) {
			t.Errorf("show of the rejected primitive: %v", err)
		}
		if _, err := svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: reject.GetSessionId()}); err != nil {
			t.Fatalf("unlearn the reject: %v", err)
		}
		if _, err := svc.Show(ctx, &lorev1.ShowRequest{Id: from}); err != nil {
			t.Errorf("show after unlearning the reject: %v", err)
		}
	})
}
