package api_test

import (
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestAdminManagesUsers: an admin adds a user, whose token (given once,
// never its hash) lets them in with their role and workspace; lists them;
// revokes them, after which the token is refused. The mistakes are the
// caller's (InvalidArgument, AlreadyExists, NotFound, and a second
// revocation exiting as a usage error), and a curator may call none of
// the three.
func TestAdminManagesUsers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("ann", access.Admin, access.DefaultWorkspace)
		e.AddUser("cora", access.Curator, access.DefaultWorkspace)
		ctx, svc := e.As("ann")

		added, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "rita", Role: "reader", Workspace: "physics", ExpiresSeconds: 3600})
		if err != nil {
			t.Fatal(err)
		}
		u := added.GetUser()
		if !strings.HasPrefix(added.GetToken(), "lore_") || u.GetName() != "rita" || u.GetRole() != "reader" || u.GetWorkspace() != "physics" ||
			u.GetState() != "active" || u.GetBy() != "ann" || u.GetTokenHint() != access.Hint(added.GetToken()) {
			t.Errorf("AddUser = %v", added)
		}
		created, err1 := time.Parse(time.RFC3339Nano, u.GetCreated())
		expires, err2 := time.Parse(time.RFC3339Nano, u.GetExpires())
		if err1 != nil || err2 != nil || expires.Sub(created) != time.Hour || u.GetLastUsed() != "" || u.GetRevoked() != "" {
			t.Errorf("AddUser's times: created %q, expires %q, last used %q, revoked %q", u.GetCreated(), u.GetExpires(), u.GetLastUsed(), u.GetRevoked())
		}
		stored, ok, err := e.Store(access.DefaultWorkspace).User("rita")
		if err != nil || !ok || stored.TokenHash != access.HashToken(added.GetToken()) {
			t.Fatalf("rita in the default workspace's store: %v, %v, %+v", ok, err, stored)
		}
		rita := e.Client(added.GetToken())
		who, err := rita.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
		if err != nil || who.GetUser() != "rita" || who.GetRole() != "reader" || who.GetWorkspace() != "physics" {
			t.Errorf("rita's token: %v, %v", err, who)
		}

		list, err := svc.ListUsers(ctx, &lorev1.ListUsersRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, u := range list.GetUsers() {
			names = append(names, u.GetName())
		}
		if strings.Join(names, " ") != "ann cora rita" {
			t.Errorf("ListUsers: %v, want ann cora rita by name", names)
		}
		if text := dump(t, list) + dump(t, added); strings.Contains(text, stored.TokenHash) {
			t.Errorf("a token's hash was given: %s", text)
		}

		for _, c := range []struct {
			req  *lorev1.AddUserRequest
			code connect.Code
			want string
		}{
			{&lorev1.AddUserRequest{Name: "rita", Role: "curator"}, connect.CodeAlreadyExists, "user rita exists and its token works: lore users revoke rita first"},
			{&lorev1.AddUserRequest{Name: "b/ob", Role: "reader"}, connect.CodeInvalidArgument, "only letters"},
			{&lorev1.AddUserRequest{Name: "bob", Role: "owner"}, connect.CodeInvalidArgument, `unknown role "owner"`},
			{&lorev1.AddUserRequest{Name: "bob", Role: "reader", Workspace: ".."}, connect.CodeInvalidArgument, "not a plain word"},
			{&lorev1.AddUserRequest{Name: "bob", Role: "reader", ExpiresSeconds: -1}, connect.CodeInvalidArgument, "or 0 for never"},
		} {
			if _, err := svc.AddUser(ctx, c.req); connect.CodeOf(err) != c.code || !strings.Contains(err.Error(), c.want) {
				t.Errorf("AddUser(%v): %v, want %v saying %q", c.req, err, c.code, c.want)
			}
		}
		if _, err := svc.RevokeUser(ctx, &lorev1.RevokeUserRequest{Name: "nobody"}); connect.CodeOf(err) != connect.CodeNotFound ||
			!strings.Contains(err.Error(), `unknown user "nobody"`) {
			t.Errorf("RevokeUser(nobody): %v, want NotFound", err)
		}

		// A curator may neither add, list nor revoke.
		cctx, csvc := e.As("cora")
		for _, m := range []string{"AddUser", "ListUsers", "RevokeUser"} {
			if _, err := apitest.Call(cctx, csvc, m); connect.CodeOf(err) != connect.CodePermissionDenied ||
				!strings.Contains(err.Error(), "cora (curator) may not call "+m+": it needs the role admin") {
				t.Errorf("a curator calling %s: %v, want PermissionDenied", m, err)
			}
		}

		revoked, err := svc.RevokeUser(ctx, &lorev1.RevokeUserRequest{Name: "rita"})
		if err != nil || revoked.GetUser().GetState() != "revoked" || revoked.GetUser().GetRevoked() == "" {
			t.Fatalf("RevokeUser(rita): %v, %v", err, revoked)
		}
		if _, err := rita.WhoAmI(ctx, &lorev1.WhoAmIRequest{}); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("the revoked token: %v, want Unauthenticated", err)
		}
		_, err = svc.RevokeUser(ctx, &lorev1.RevokeUserRequest{Name: "rita"})
		if code, ok := api.ExitCodeOf(err); connect.CodeOf(err) != connect.CodeFailedPrecondition || !ok || code != 2 ||
			!strings.Contains(err.Error(), "rita was revoked already, on ") {
			t.Errorf("a second revocation: %v (exit code %d), want FailedPrecondition exiting 2", err, code)
		}
		// Revoked, the name may be given a new token.
		again, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "rita", Role: "reviewer", Workspace: "physics"})
		if err != nil || again.GetToken() == added.GetToken() || again.GetUser().GetExpires() != "" {
			t.Fatalf("rita added again: %v, %v", err, again)
		}
		if who, err := e.Client(again.GetToken()).WhoAmI(ctx, &lorev1.WhoAmIRequest{}); err != nil || who.GetRole() != "reviewer" {
			t.Errorf("rita's new token: %v, %v", err, who)
		}
	})
}

// TestWorkspaceAdminManagesTheirOwnUsers: an admin of a workspace other
// than the default adds users to their workspace only (theirs when none
// is named), lists only its users, and cannot revoke, or learn of, a user
// of another workspace.
func TestWorkspaceAdminManagesTheirOwnUsers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("root", access.Admin, access.DefaultWorkspace)
		e.AddUser("ann", access.Admin, "alpha")
		e.AddUser("bob", access.Reader, "beta")
		ctx, svc := e.As("ann")

		added, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "al", Role: "curator"})
		if err != nil || added.GetUser().GetWorkspace() != "alpha" {
			t.Fatalf("ann adds al: %v, %v", err, added)
		}
		if _, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "mal", Role: "admin", Workspace: "beta"}); connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("ann adds an admin to beta: %v, want PermissionDenied", err)
		}
		if _, ok, _ := e.Store(access.DefaultWorkspace).User("mal"); ok {
			t.Error("the refused user was stored")
		}
		list, err := svc.ListUsers(ctx, &lorev1.ListUsersRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if text := dump(t, list); len(list.GetUsers()) != 2 || strings.Contains(text, "bob") || strings.Contains(text, "root") {
			t.Errorf("ann's list: %s, want ann and al only", text)
		}
		for _, name := range []string{"bob", "root"} {
			if _, err := svc.RevokeUser(ctx, &lorev1.RevokeUserRequest{Name: name}); connect.CodeOf(err) != connect.CodeNotFound {
				t.Errorf("ann revokes %s: %v, want NotFound", name, err)
			}
		}
		if u, _, _ := e.Store(access.DefaultWorkspace).User("bob"); !u.Revoked.IsZero() {
			t.Error("bob was revoked by an admin of another workspace")
		}

		// The default workspace's admin manages everyone.
		rctx, rsvc := e.As("root")
		all, err := rsvc.ListUsers(rctx, &lorev1.ListUsersRequest{})
		if err != nil || len(all.GetUsers()) != 4 {
			t.Errorf("root's list: %v, %v", err, all)
		}
		if _, err := rsvc.RevokeUser(rctx, &lorev1.RevokeUserRequest{Name: "bob"}); err != nil {
			t.Errorf("root revokes bob: %v", err)
		}
	})
}
