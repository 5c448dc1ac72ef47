package api_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestReadsLocalAndServer: the reads give the same answers on the local
// service and through the server.
func TestReadsLocalAndServer(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("rita", access.Reader, "default")
		sess := e.Seed("default", assets.SampleName, assets.Sample())
		ctx, svc := e.As("rita")

		who, err := svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if who.GetUser() != "rita" || who.GetRole() != "reader" || who.GetWorkspace() != "default" || who.GetRemote() != e.Remote {
			t.Errorf("WhoAmI = %v", who)
		}

		found, err := svc.Find(ctx, &lorev1.FindRequest{Query: "breadth first search", Top: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(found.GetHits()) == 0 || !strings.Contains(strings.ToLower(found.GetHits()[0].GetPrimitive().GetName()), "breadth") {
			t.Fatalf("Find: %v", found)
		}
		id := found.GetHits()[0].GetPrimitive().GetId()
		shown, err := svc.Show(ctx, &lorev1.ShowRequest{Id: id})
		if err != nil {
			t.Fatal(err)
		}
		if shown.GetPrimitive().GetId() != id || shown.GetPrimitive().GetStatement() == "" {
			t.Errorf("Show(%s) = %v", id, shown)
		}
		if _, err := svc.Show(ctx, &lorev1.ShowRequest{Id: "no-such-id"}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("Show of an unknown id: %v, want NotFound", err)
		}
		if _, err := svc.Find(ctx, &lorev1.FindRequest{Query: " "}); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("Find of nothing: %v, want InvalidArgument", err)
		}

		ss, err := svc.Sessions(ctx, &lorev1.SessionsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ss.GetSessions()) != 1 || ss.GetSessions()[0].GetId() != sess || ss.GetSessions()[0].GetCounts()["added"] == 0 {
			t.Errorf("Sessions = %v, want the seeded %s", ss, sess)
		}
		rep, err := svc.Report(ctx, &lorev1.ReportRequest{SessionId: sess})
		if err != nil || !strings.Contains(rep.GetMarkdown(), sess) {
			t.Errorf("Report: %v, %.200q", err, rep.GetMarkdown())
		}
		ranked, err := svc.Rank(ctx, &lorev1.RankRequest{Top: 5})
		if err != nil || len(ranked.GetPrimitives()) != 5 {
			t.Errorf("Rank: %v, %d", err, len(ranked.GetPrimitives()))
		}
		g, err := svc.Graph(ctx, &lorev1.GraphRequest{})
		if err != nil || len(g.GetNodes()) == 0 || len(g.GetEdges()) == 0 {
			t.Errorf("Graph: %v, %d nodes %d edges", err, len(g.GetNodes()), len(g.GetEdges()))
		}
	})
}

// TestEachRoleRefusedWhatItLacks: every call a role may not make is
// refused with PermissionDenied, naming the roles that may, on both
// sides.
func TestEachRoleRefusedWhatItLacks(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		for _, role := range access.Roles {
			e.AddUser(string(role)+"-user", role, "default")
		}
		for _, role := range access.Roles {
			ctx, svc := e.As(string(role) + "-user")
			allowed := api.Allowed(role)
			for _, m := range api.Methods {
				_, err := apitest.Call(ctx, svc, m)
				denied := connect.CodeOf(err) == connect.CodePermissionDenied
				if may := contains(allowed, m); may == denied {
					t.Errorf("%s calling %s: %v (allowed: %v)", role, m, err, may)
				}
				if denied && !strings.Contains(err.Error(), "needs the role") {
					t.Errorf("%s calling %s: refusal %q does not say who may", role, m, err)
				}
			}
		}
	})
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// The search index a service keeps is built again once the store
// changes: what a learn adds after a search is found by the next, and
// what an unlearn removes is not.
func TestFindFollowsTheStore(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("rita", access.Reader, "default")
		e.AddUser("cleo", access.Curator, "default")
		e.Seed("default", assets.SampleName, assets.Sample())
		ctx, svc := e.As("rita")
		count := func(q string) int { t.Helper(); return hitsFor(t, ctx, svc, q) }
		if n := count("zorblat"); n != 0 {
			t.Fatalf("%d hits for a word nothing holds yet", n)
		}
		sess := e.Seed("default", "zorblat.md", []byte("# Zorblats\n\nDefinition: A zorblat is a finite set of widgets closed under the zorb operation.\n"))
		if n := count("zorblat"); n == 0 {
			t.Fatal("the primitive learned after the first search is not found")
		}
		cctx, csvc := e.As("cleo")
		if _, err := csvc.Unlearn(cctx, &lorev1.UnlearnRequest{SessionId: sess}); err != nil {
			t.Fatal(err)
		}
		if n := count("zorblat"); n != 0 {
			t.Errorf("%d hits after the unlearn", n)
		}
	})
}

// hitsFor is how many hits svc's Find gives for q.
func hitsFor(t *testing.T, ctx context.Context, svc api.Service, q string) int {
	t.Helper()
	found, err := svc.Find(ctx, &lorev1.FindRequest{Query: q})
	if err != nil {
		t.Fatal(err)
	}
	return len(found.GetHits())
}

// generations counts the reads of a store's generation.
type generations struct {
	local.Store
	n *atomic.Int32
}

func (g generations) Generation() (uint64, error) {
	g.n.Add(1)
	return g.Store.(interface{ Generation() (uint64, error) }).Generation()
}

// With FindRecheck, searches read the store's generation at most once in
// that time, yet a change made behind the service's back is found once
// it has passed, and one made through the service (an unlearn) at the
// next search.
func TestFindRecheck(t *testing.T) {
	const recheck = 300 * time.Millisecond
	var gens atomic.Int32
	apitest.EachWith(t, func(o *local.Options) {
		o.FindRecheck = recheck
		open := o.Open
		o.Open = func(ctx context.Context, ws string, write bool) (local.Store, func() error, error) {
			st, release, err := open(ctx, ws, write)
			if err != nil {
				return nil, nil, err
			}
			return generations{st, &gens}, release, nil
		}
	}, func(t *testing.T, e *apitest.Env) {
		e.AddUser("rita", access.Reader, "default")
		e.AddUser("cleo", access.Curator, "default")
		e.Seed("default", assets.SampleName, assets.Sample())
		ctx, svc := e.As("rita")
		count := func(q string) int { t.Helper(); return hitsFor(t, ctx, svc, q) }
		gens.Store(0)
		start := time.Now()
		const searches = 50
		for range searches {
			count("set")
		}
		// One read when the first search builds the index, then at most
		// one for each recheck that passed meanwhile.
		if n, most := gens.Load(), 1+int32(time.Since(start)/recheck); n > most {
			t.Errorf("%d searches read the generation %d times in %v; at most %d expected", searches, n, time.Since(start), most)
		}
		sess := e.Seed("default", "zorblat.md", []byte("# Zorblats\n\nDefinition: A zorblat is a finite set of widgets closed under the zorb operation.\n"))
		time.Sleep(recheck)
		if n := count("zorblat"); n == 0 {
			t.Fatalf("the primitive learned behind the service's back is not found %v later", recheck)
		}
		cctx, csvc := e.As("cleo")
		if _, err := csvc.Unlearn(cctx, &lorev1.UnlearnRequest{SessionId: sess}); err != nil {
			t.Fatal(err)
		}
		if n := count("zorblat"); n != 0 {
			t.Errorf("%d hits at the first search after the unlearn through the service", n)
		}
	})
}

func TestWithDefaultPort(t *testing.T) {
	for in, want := range map[string]string{
		"lore.corp-mail.net":      "lore.corp-mail.net:7433",
		"lore.corp-mail.net:8443": "lore.corp-mail.net:8443",
		"10.0.0.5":                "10.0.0.5:7433",
		"::1":                     "[::1]:7433",
		"[::1]":                   "[::1]:7433",
		"[::1]:9000":              "[::1]:9000",
		":9000":                   ":9000",
	} {
		if got := api.WithDefaultPort(in); got != want {
			t.Errorf("WithDefaultPort(%q) = %q, want %q", in, got, want)
		}
	}
}
