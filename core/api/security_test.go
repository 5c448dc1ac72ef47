package api_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestTokensRefused: a wrong, an expired and a revoked token are refused,
// revocation at once, and neither a refusal nor the server's log repeats
// a token.
func TestTokensRefused(t *testing.T) {
	e := apitest.New(t, true)
	var log lockedBuffer
	e.Server.Log = &log
	good := e.AddUser("ada", access.Reader, "default")
	ctx, svc := e.As("ada")
	if _, err := svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{}); err != nil {
		t.Fatalf("a good token: %v", err)
	}
	expired := e.AddUser("old", access.Reader, "default")
	users := e.Store("default")
	u, _, _ := users.User("old")
	u.Expires = time.Now().Add(-time.Minute)
	if err := users.PutUser(u); err != nil {
		t.Fatal(err)
	}
	wrong := good[:len(good)-4] + "AAAA"
	for name, token := range map[string]string{"wrong": wrong, "expired": expired, "not lore's": "Bearer-xyz", "empty-ish": "lore_"} {
		_, err := e.Client(token).WhoAmI(ctx, &lorev1.WhoAmIRequest{})
		if connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("%s token: %v, want Unauthenticated", name, err)
		}
		if err != nil && strings.Contains(err.Error(), token) {
			t.Errorf("%s token: the refusal %q repeats it", name, err)
		}
	}
	// Revoked while the client is connected: the next call is refused.
	u, _, _ = users.User("ada")
	u.Revoked = time.Now().UTC()
	if err := users.PutUser(u); err != nil {
		t.Fatal(err)
	}
	for _, m := range api.Methods {
		if _, err := apitest.Call(ctx, svc, m); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("revoked token calling %s: %v, want Unauthenticated", m, err)
		}
	}
	logged := log.String()
	if !strings.Contains(logged, "WhoAmI") || !strings.Contains(logged, "ada") {
		t.Fatalf("the server's log has no line of ada's calls:\n%s", logged)
	}
	// The refusals are logged with why, for the server's admin.
	for _, why := range []string{"refused WhoAmI from 127.0.0.1", "old: token expired", "ada: token revoked", "unknown token"} {
		if !strings.Contains(logged, why) {
			t.Errorf("the server's log does not say %q:\n%s", why, logged)
		}
	}
	for _, token := range []string{good, expired, wrong, good[len("lore_") : len("lore_")+12]} {
		if strings.Contains(logged, token) {
			t.Errorf("the server's log holds a token (%.8s…):\n%s", token, logged)
		}
	}
}

// lockedBuffer is a log the server's handlers write concurrently.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestNothingCrossesWorkspaces: two workspaces learn documents that share
// their primitives' names; no call made in one gives anything of the
// other's.
func TestNothingCrossesWorkspaces(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		const marker = "zebracrossing"
		e.AddUser("ann", access.Admin, "alpha")
		e.AddUser("bob", access.Admin, "beta")
		e.Seed("alpha", assets.SampleName, assets.Sample())
		other := bytes.ReplaceAll(assets.Sample(), []byte("vertices"), []byte(marker+" vertices"))
		e.Seed("beta", assets.SampleName, other)

		ctxB, svcB := e.As("bob")
		found, err := svcB.Find(ctxB, &lorev1.FindRequest{Query: marker})
		if err != nil || len(found.GetHits()) == 0 {
			t.Fatalf("beta's own search for its marker: %v, %v", err, found)
		}
		ctxA, svcA := e.As("ann")
		for _, m := range api.Methods {
			out, err := apitest.Call(ctxA, svcA, m)
			if err != nil {
				continue
			}
			if text := dump(t, out); strings.Contains(text, marker) {
				t.Errorf("%s in alpha gave beta's content: %.300s", m, text)
			}
		}
		// The same searches by name find alpha's primitives only.
		hits, err := svcA.Find(ctxA, &lorev1.FindRequest{Query: "tree", Top: 0})
		if err != nil || len(hits.GetHits()) == 0 {
			t.Fatalf("alpha's search: %v", err)
		}
		for _, h := range hits.GetHits() {
			shown, err := svcA.Show(ctxA, &lorev1.ShowRequest{Id: h.GetPrimitive().GetId()})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(shown.GetPrimitive().GetStatement(), marker) {
				t.Errorf("alpha's %s is beta's: %s", shown.GetPrimitive().GetId(), shown.GetPrimitive().GetStatement())
			}
		}
	})
}

// dump is a call's answer as text, to look for what must not be in it.
func dump(t *testing.T, out any) string {
	t.Helper()
	switch v := out.(type) {
	case proto.Message:
		b, err := protojson.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	default:
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}
