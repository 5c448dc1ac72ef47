package api_test

import (
	"errors"
	"slices"
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

// TestWorkspaceAdminLearnsNothingOfOtherUsersNames: user names are unique
// on the whole server, so a workspace admin adding a name taken in
// another workspace is refused; the refusal is one and the same whether
// that user's token works, was revoked or expired, and names neither the
// user's workspace nor its state. A name of the admin's own workspace is
// theirs to hear about (its token works; a revoked one is replaced), and
// the default workspace's admin, who manages every workspace, still hears
// everything.
func TestWorkspaceAdminLearnsNothingOfOtherUsersNames(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("root", access.Admin, access.DefaultWorkspace)
		e.AddUser("adm", access.Admin, access.DefaultWorkspace)
		e.AddUser("ann", access.Admin, "physics")
		e.AddUser("al", access.Curator, "physics")
		e.AddUser("old", access.Reader, "physics")
		e.AddUser("bob", access.Reader, "beta")
		e.AddUser("gone", access.Reader, access.DefaultWorkspace)
		e.AddUser("late", access.Reader, "beta")
		users := e.Store(access.DefaultWorkspace)
		change := func(name string, fn func(u *access.User)) {
			t.Helper()
			u, ok, err := users.User(name)
			if err != nil || !ok {
				t.Fatalf("user %s: %v, %v", name, ok, err)
			}
			fn(&u)
			if err := users.PutUser(u); err != nil {
				t.Fatal(err)
			}
		}
		past := time.Now().UTC().Add(-time.Hour)
		change("old", func(u *access.User) { u.Revoked = past })
		change("gone", func(u *access.User) { u.Revoked = past })
		change("late", func(u *access.User) { u.Expires = past })
		before := map[string]access.User{}
		for _, name := range []string{"adm", "bob", "gone", "late"} {
			before[name], _, _ = users.User(name)
		}

		ctx, svc := e.As("ann")
		// Taken outside physics, whatever the state: one answer.
		var answers []string
		for _, name := range []string{"adm", "bob", "gone", "late"} {
			_, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: name, Role: "reader"})
			if connect.CodeOf(err) != connect.CodeAlreadyExists {
				t.Errorf("ann adds %s, taken in another workspace: %v, want AlreadyExists", name, err)
				continue
			}
			ce, ok := errors.AsType[*connect.Error](err)
			if !ok {
				t.Fatalf("ann adds %s: %v is not a Connect error", name, err)
			}
			msg := strings.ReplaceAll(ce.Message(), name, "NAME")
			for _, leak := range []string{"token", "revoke", "expire", "default", "beta", "another workspace", "exists"} {
				if strings.Contains(strings.ToLower(msg), leak) {
					t.Errorf("ann adds %s: %q says %q of a user she does not manage", name, err, leak)
				}
			}
			if !strings.Contains(err.Error(), "choose another") {
				t.Errorf("ann adds %s: %q does not say what to do", name, err)
			}
			answers = append(answers, msg)
			if u, _, _ := users.User(name); u != before[name] {
				t.Errorf("ann's refused AddUser changed %s: %+v, was %+v", name, u, before[name])
			}
		}
		if len(slices.Compact(slices.Clone(answers))) != 1 {
			t.Errorf("ann hears different answers for names taken elsewhere: %q", answers)
		}

		// Her own workspace's users she may hear about.
		if _, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "al", Role: "reader"}); connect.CodeOf(err) != connect.CodeAlreadyExists ||
			!strings.Contains(err.Error(), "user al exists and its token works: lore users revoke al first") {
			t.Errorf("ann adds al of physics again: %v", err)
		}
		if got, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "old", Role: "reader"}); err != nil || got.GetUser().GetState() != "active" {
			t.Errorf("ann replaces old, revoked in physics: %v, %v", err, got)
		}
		if got, err := svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "fresh", Role: "reader"}); err != nil || got.GetUser().GetWorkspace() != "physics" {
			t.Errorf("ann adds a free name: %v, %v", err, got)
		}

		// The server's admin hears what each name is.
		rctx, rsvc := e.As("root")
		if _, err := rsvc.AddUser(rctx, &lorev1.AddUserRequest{Name: "bob", Role: "reader"}); connect.CodeOf(err) != connect.CodeAlreadyExists ||
			!strings.Contains(err.Error(), "user bob exists and its token works: lore users revoke bob first") {
			t.Errorf("root adds bob of beta: %v", err)
		}
		for _, name := range []string{"gone", "late"} {
			if got, err := rsvc.AddUser(rctx, &lorev1.AddUserRequest{Name: name, Role: "reader", Workspace: "beta"}); err != nil ||
				got.GetUser().GetState() != "active" {
				t.Errorf("root replaces %s, whose token no longer works: %v, %v", name, err, got)
			}
		}
	})
}
