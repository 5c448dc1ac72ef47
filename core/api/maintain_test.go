package api_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
	"github.com/lore-kb/lore/store"
)

// TestAdminKeepsTheStore: an admin checks their workspace's store, with
// a repair too, and backs it up, streamed through the server as the
// bytes lore store restore reads; an admin of another workspace checks
// and backs up that workspace's store, never the default's; a reader
// may do neither. Through the server, the answers say the server's
// folders in words.
func TestAdminKeepsTheStore(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("ann", access.Admin, access.DefaultWorkspace)
		e.AddUser("bea", access.Admin, "beta")
		e.AddUser("rita", access.Reader, access.DefaultWorkspace)
		e.Seed(access.DefaultWorkspace, assets.SampleName, assets.Sample())
		e.Seed("beta", "zorblat.md", []byte("# Zorblats\n\nDefinition: A zorblat is a finite set of widgets closed under the zorb operation.\n"))
		counts := map[string]int{}
		for _, ws := range []string{access.DefaultWorkspace, "beta"} {
			n, err := e.Store(ws).Count()
			if err != nil || n == 0 {
				t.Fatalf("workspace %s holds %d primitives: %v", ws, n, err)
			}
			counts[ws] = n
		}

		for _, c := range []struct{ user, ws string }{{"ann", access.DefaultWorkspace}, {"bea", "beta"}} {
			ctx, svc := e.As(c.user)
			for _, repair := range []bool{false, true} {
				rep, err := svc.VerifyStore(ctx, &lorev1.VerifyStoreRequest{Repair: repair})
				if err != nil {
					t.Fatalf("%s's check (repair %t): %v", c.user, repair, err)
				}
				if rep.GetProblemCount() != 0 || int(rep.GetPrimitives()) != counts[c.ws] || len(rep.GetProblems()) != 0 {
					t.Errorf("%s's check (repair %t) of workspace %s: %v", c.user, repair, c.ws, rep)
				}
				want := filepath.Join(e.Dir, "workspaces", c.ws)
				if e.Remote {
					want = "a path in the server's data folder"
				}
				if rep.GetStore() != want {
					t.Errorf("%s's check names the store %q, want %q", c.user, rep.GetStore(), want)
				}
			}

			var b bytes.Buffer
			info, err := svc.BackupStore(ctx, &lorev1.BackupStoreRequest{}, &b)
			if err != nil {
				t.Fatalf("%s's backup: %v", c.user, err)
			}
			if info.GetBytes() != int64(b.Len()) || int(info.GetPrimitives()) != counts[c.ws] || info.GetPath() != "" ||
				len(info.GetSha256()) != 64 || info.GetCreated() == "" || strings.Contains(info.GetStore(), e.Dir) != !e.Remote {
				t.Errorf("%s's backup: %v, %d bytes", c.user, info, b.Len())
			}
			restored, err := store.RestoreInto(context.Background(), filepath.Join(t.TempDir(), "restored"), &b, store.Options{})
			if err != nil {
				t.Fatalf("%s's backup does not restore: %v", c.user, err)
			}
			if restored.Verify.Primitives != counts[c.ws] {
				t.Errorf("%s's backup restores %d primitives, workspace %s holds %d", c.user, restored.Verify.Primitives, c.ws, counts[c.ws])
			}
		}

		ctx, svc := e.As("rita")
		if _, err := svc.VerifyStore(ctx, &lorev1.VerifyStoreRequest{}); connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("a reader's check: %v", err)
		}
		var b bytes.Buffer
		if _, err := svc.BackupStore(ctx, &lorev1.BackupStoreRequest{}, &b); connect.CodeOf(err) != connect.CodePermissionDenied || b.Len() != 0 {
			t.Errorf("a reader's backup: %v, %d bytes", err, b.Len())
		}
	})
}
