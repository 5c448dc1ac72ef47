package local

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/exitcode"
)

// maxExpirySeconds is the longest expiry a token may be given: past it,
// the expiry would overflow a time.Duration.
const maxExpirySeconds = math.MaxInt64 / int64(time.Second)

// AddUser adds a user with a new token, which only this answer carries:
// the store keeps its hash. A revoked or expired user of the name is
// replaced; an active one must be revoked first, so that a mistyped name
// never takes a working token from its user. A name taken by a user the
// caller does not manage cannot be used, and the refusal says nothing
// more of that user.
func (s *Service) AddUser(ctx context.Context, r *lorev1.AddUserRequest) (*lorev1.AddUserResponse, error) {
	c, err := api.Check(ctx, "AddUser")
	if err != nil {
		return nil, err
	}
	name := r.GetName()
	if err := access.CheckName("user", name); err != nil {
		return nil, connect.NewError(connect.CodeInvalidArgument, err)
	}
	role, err := access.ParseRole(r.GetRole())
	if err != nil {
		return nil, connect.NewError(connect.CodeInvalidArgument, err)
	}
	ws := cmp.Or(r.GetWorkspace(), workspaceOf(c.Workspace))
	if err := access.CheckWorkspace(ws); err != nil {
		return nil, connect.NewError(connect.CodeInvalidArgument, err)
	}
	secs := r.GetExpiresSeconds()
	if secs < 0 || secs > maxExpirySeconds {
		return nil, api.Errorf(connect.CodeInvalidArgument, "expires_seconds %d: give a positive number of seconds (at most %d), or 0 for never",
			secs, maxExpirySeconds)
	}
	if !manages(c, ws) {
		return nil, api.Errorf(connect.CodePermissionDenied,
			"%s (admin of workspace %s) may not add a user to workspace %s: an admin of the default workspace manages every workspace's users",
			c.User, c.Workspace, ws)
	}
	var out *lorev1.AddUserResponse
	err = s.withUsers(ctx, true, func(us access.UserStore) error {
		now := s.o.Now().UTC()
		old, ok, err := us.User(name)
		if err != nil {
			return fmt.Errorf("read user %s: %w", name, err)
		}
		// Who manages the name's user is asked before anything is said
		// of it: a name is one user's on the whole server, so a name of
		// a user the caller does not manage is refused, with one answer
		// whatever that user's state, so that an admin of one workspace
		// learns nothing of another's users (as RevokeUser).
		if ok && !manages(c, workspaceOf(old.Workspace)) {
			return api.Errorf(connect.CodeAlreadyExists,
				"the name %s cannot be used for a user of workspace %s: choose another (a user's name is theirs on the whole server)", name, ws)
		}
		if ok && old.Check(now) == nil {
			return api.Errorf(connect.CodeAlreadyExists, "user %s exists and its token works: lore users revoke %s first to give a new one", name, name)
		}
		token, hash, err := access.NewToken()
		if err != nil {
			return err
		}
		u := access.User{Name: name, Role: role, Workspace: ws, TokenHash: hash, TokenHint: access.Hint(token), Created: now, By: c.User}
		if secs > 0 {
			u.Expires = now.Add(time.Duration(secs) * time.Second)
		}
		if err := us.PutUser(u); err != nil {
			return fmt.Errorf("add user %s: %w", name, err)
		}
		out = &lorev1.AddUserResponse{User: userMessage(u, now), Token: token}
		return nil
	})
	return out, err
}

// ListUsers lists the users the caller manages, by name: every user for
// an admin of the default workspace, their workspace's for another.
func (s *Service) ListUsers(ctx context.Context, _ *lorev1.ListUsersRequest) (*lorev1.ListUsersResponse, error) {
	c, err := api.Check(ctx, "ListUsers")
	if err != nil {
		return nil, err
	}
	out := &lorev1.ListUsersResponse{Users: []*lorev1.User{}}
	err = s.withUsers(ctx, false, func(us access.UserStore) error {
		all, err := us.Users()
		if err != nil {
			return fmt.Errorf("list the users: %w", err)
		}
		now := s.o.Now().UTC()
		for _, u := range all {
			if manages(c, workspaceOf(u.Workspace)) {
				out.Users = append(out.Users, userMessage(u, now))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// RevokeUser revokes a user's token: the server refuses it from the next
// call on (it reads the users at every call), and ends the calls of the
// user still open.
func (s *Service) RevokeUser(ctx context.Context, r *lorev1.RevokeUserRequest) (*lorev1.RevokeUserResponse, error) {
	c, err := api.Check(ctx, "RevokeUser")
	if err != nil {
		return nil, err
	}
	name := r.GetName()
	var out *lorev1.RevokeUserResponse
	err = s.withUsers(ctx, true, func(us access.UserStore) error {
		u, ok, err := us.User(name)
		if err != nil {
			return fmt.Errorf("read user %s: %w", name, err)
		}
		// A user the caller does not manage is unknown to them: an admin
		// of one workspace learns nothing of another's users.
		if !ok || !manages(c, workspaceOf(u.Workspace)) {
			return api.Errorf(connect.CodeNotFound, "unknown user %q (lore users list lists them)", name)
		}
		if !u.Revoked.IsZero() {
			return api.WithExitCode(connect.NewError(connect.CodeFailedPrecondition,
				fmt.Errorf("%s was revoked already, on %s", u.Name, u.Revoked.UTC().Format(time.DateTime))), exitcode.Usage)
		}
		now := s.o.Now().UTC()
		u.Revoked = now
		if err := us.PutUser(u); err != nil {
			return fmt.Errorf("revoke user %s: %w", name, err)
		}
		out = &lorev1.RevokeUserResponse{User: userMessage(u, now)}
		return nil
	})
	return out, err
}

// withUsers lends fn the users, kept in the default workspace's store
// whatever the caller's workspace: that is where the team server looks
// every token up. write takes that workspace's write turn, so that two
// admins adding the same name cannot both find it free.
func (s *Service) withUsers(ctx context.Context, write bool, fn func(us access.UserStore) error) error {
	st, release, err := s.o.Open(ctx, access.DefaultWorkspace, write)
	if err != nil {
		return asAPIError(fmt.Errorf("open the store of workspace %s: %w", access.DefaultWorkspace, err))
	}
	defer func() { _ = release() }()
	return asAPIError(fn(st))
}

// workspaceOf is a user's or a caller's workspace: one recorded without
// any is the default, as the team server lets them in.
func workspaceOf(ws string) string { return cmp.Or(ws, access.DefaultWorkspace) }

// manages reports whether the admin c manages the users of workspace ws:
// an admin of the default workspace manages every workspace's users, as
// the server's own machine always has; an admin of another workspace only
// that workspace's, so that no admin reaches into a workspace not theirs
// by giving themselves a user there.
func manages(c api.Caller, ws string) bool {
	own := workspaceOf(c.Workspace)
	return own == access.DefaultWorkspace || own == ws
}

// userMessage is u as the API gives it, its state at now; never its
// token's hash.
func userMessage(u access.User, now time.Time) *lorev1.User {
	state := "active"
	if err := u.Check(now); err != nil {
		state = "revoked"
		if u.Revoked.IsZero() {
			state = "expired"
		}
	}
	return &lorev1.User{Name: u.Name, Role: string(u.Role), Workspace: u.Workspace, TokenHint: u.TokenHint, Created: stamp(u.Created),
		Expires: stamp(u.Expires), LastUsed: stamp(u.LastUsed), Revoked: stamp(u.Revoked), State: state, By: u.By}
}
