package backendtest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/store/backend"
)

// at is a time to the microsecond, the precision the contract keeps, in a
// zone other than UTC: what comes back is the same instant.
func at(hours int) time.Time {
	zone := time.FixedZone("CET", 3600)
	return time.Date(2026, 11, 25, 12, 0, 0, 123456000, zone).Add(time.Duration(hours) * time.Hour)
}

func user(name, hash string) access.User {
	return access.User{Name: name, Role: access.Curator, Workspace: access.DefaultWorkspace,
		TokenHash: hash, TokenHint: "lore_abcd…", Created: at(0), By: "admin"}
}

// newUser makes a user with a real token, and returns the token.
func newUser(t *testing.T, name string) (access.User, string) {
	t.Helper()
	token, hash, err := access.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	u := user(name, hash)
	u.TokenHint = access.Hint(token)
	return u, token
}

func put(t *testing.T, st backend.Store, u access.User) {
	t.Helper()
	if err := st.PutUser(u); err != nil {
		t.Fatalf("put user %s: %v", u.Name, err)
	}
}

// sameUser compares every field, times as instants.
func sameUser(t *testing.T, what string, got, want access.User) {
	t.Helper()
	times := func(u access.User) []time.Time { return []time.Time{u.Created, u.Expires, u.LastUsed, u.Revoked} }
	gt, wt := times(got), times(want)
	for i := range gt {
		if !gt[i].Equal(wt[i]) || gt[i].IsZero() != wt[i].IsZero() {
			t.Errorf("%s: time %d is %v, want %v", what, i, gt[i], wt[i])
		}
	}
	got.Created, got.Expires, got.LastUsed, got.Revoked = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	want.Created, want.Expires, want.LastUsed, want.Revoked = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	if got != want {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func mustUser(t *testing.T, st backend.Store, name string) access.User {
	t.Helper()
	u, ok, err := st.User(name)
	if err != nil || !ok {
		t.Fatalf("user %s: found %v, %v", name, ok, err)
	}
	return u
}

var userCases = []Case{
	// A use is recorded on the user without undoing what changed since
	// the request read it: a revocation stands, a replaced token's use is
	// not recorded, a use earlier than the one recorded is ignored, and
	// an unknown user is no error.
	{"users/record-use", func(t *testing.T, st backend.Store) {
		u, _ := newUser(t, "ada")
		put(t, st, u)
		if err := st.RecordUse("ada", u.TokenHash, at(2)); err != nil {
			t.Fatal(err)
		}
		if got := mustUser(t, st, "ada"); !got.LastUsed.Equal(at(2)) {
			t.Errorf("last use %v, want %v", got.LastUsed, at(2))
		}
		if err := st.RecordUse("ada", u.TokenHash, at(1)); err != nil {
			t.Fatal(err)
		}
		if got := mustUser(t, st, "ada"); !got.LastUsed.Equal(at(2)) {
			t.Errorf("an earlier use moved the last use back to %v", got.LastUsed)
		}
		revoked := mustUser(t, st, "ada")
		revoked.Revoked = at(3)
		put(t, st, revoked)
		if err := st.RecordUse("ada", u.TokenHash, at(4)); err != nil {
			t.Fatal(err)
		}
		got := mustUser(t, st, "ada")
		if !got.Revoked.Equal(at(3)) || !got.LastUsed.Equal(at(4)) {
			t.Errorf("after a use recorded on a revoked user: revoked %v, last use %v", got.Revoked, got.LastUsed)
		}
		renewed, _ := newUser(t, "ada")
		put(t, st, renewed)
		if err := st.RecordUse("ada", u.TokenHash, at(5)); err != nil {
			t.Fatal(err)
		}
		if got := mustUser(t, st, "ada"); !got.LastUsed.IsZero() && got.LastUsed.Equal(at(5)) {
			t.Errorf("the replaced token's use was recorded on the new one")
		}
		if err := st.RecordUse("nobody", u.TokenHash, at(5)); err != nil {
			t.Errorf("use of an unknown user: %v", err)
		}
	}},
	// Every field comes back as it was put, by name and by token.
	{"users/add-and-get", func(t *testing.T, st backend.Store) {
		u, _ := newUser(t, "ada@example.org")
		u.Role, u.Workspace = access.Reviewer, "physics"
		put(t, st, u)
		sameUser(t, "by name", mustUser(t, st, u.Name), u)
		got, ok, err := st.UserByToken(u.TokenHash)
		if err != nil || !ok {
			t.Fatalf("by token: found %v, %v", ok, err)
		}
		sameUser(t, "by token", got, u)
	}},
	// A name or hash no one has is not found, and is no error.
	{"users/unknown", func(t *testing.T, st backend.Store) {
		if us, err := st.Users(); err != nil || len(us) != 0 {
			t.Errorf("a new store's users: %v, %v", us, err)
		}
		put(t, st, user("ada", "00aa"))
		if _, ok, err := st.User("grace"); ok || err != nil {
			t.Errorf("unknown user: found %v, %v", ok, err)
		}
		if _, ok, err := st.UserByToken("00bb"); ok || err != nil {
			t.Errorf("unknown token: found %v, %v", ok, err)
		}
	}},
	// A token authenticates its user, whose use is then recorded; a
	// wrong token does not.
	{"users/by-token", func(t *testing.T, st backend.Store) {
		u, token := newUser(t, "ada")
		put(t, st, u)
		got, err := access.Authenticate(st, token, at(1))
		if err != nil || got.Name != "ada" {
			t.Fatalf("authenticate: %+v, %v", got, err)
		}
		if rec := mustUser(t, st, "ada"); !rec.LastUsed.Equal(at(1)) {
			t.Errorf("last use %v, want %v", rec.LastUsed, at(1))
		}
		_, wrong, _ := access.NewToken()
		if _, ok, err := st.UserByToken(wrong); ok || err != nil {
			t.Errorf("another token: found %v, %v", ok, err)
		}
	}},
	// A new token replaces the old at once: the old one finds no one.
	{"users/new-token", func(t *testing.T, st backend.Store) {
		u, old := newUser(t, "ada")
		put(t, st, u)
		_, hash, _ := access.NewToken()
		u.TokenHash = hash
		put(t, st, u)
		if _, ok, err := st.UserByToken(access.HashToken(old)); ok || err != nil {
			t.Errorf("the replaced token: found %v, %v", ok, err)
		}
		if got, ok, err := st.UserByToken(hash); !ok || err != nil || got.Name != "ada" {
			t.Errorf("the new token: %+v, found %v, %v", got, ok, err)
		}
		if us, err := st.Users(); err != nil || len(us) != 1 {
			t.Errorf("users %v, %v", us, err)
		}
	}},
	// A revoked user is kept, found by its token, and refused.
	{"users/revoke", func(t *testing.T, st backend.Store) {
		u, token := newUser(t, "ada")
		put(t, st, u)
		u.Revoked = at(2)
		put(t, st, u)
		got, ok, err := st.UserByToken(u.TokenHash)
		if err != nil || !ok || !got.Revoked.Equal(at(2)) {
			t.Fatalf("revoked user by token: %+v, found %v, %v", got, ok, err)
		}
		if _, err := access.Authenticate(st, token, at(3)); !errors.Is(err, access.ErrRevoked) {
			t.Errorf("the revoked token: %v, want %v", err, access.ErrRevoked)
		}
	}},
	// Expiry, last use and revocation come back as the same instants,
	// and a zero one as zero; an expired token is refused.
	{"users/times", func(t *testing.T, st backend.Store) {
		u, token := newUser(t, "ada")
		put(t, st, u)
		sameUser(t, "no expiry, never used", mustUser(t, st, "ada"), u)
		u.Expires, u.LastUsed, u.Revoked = at(24), at(1).UTC(), at(-30*24)
		put(t, st, u)
		sameUser(t, "all times set", mustUser(t, st, "ada"), u)
		u.Revoked = time.Time{}
		put(t, st, u)
		sameUser(t, "revocation cleared", mustUser(t, st, "ada"), u)
		if _, err := access.Authenticate(st, token, at(24)); !errors.Is(err, access.ErrExpired) {
			t.Errorf("the expired token: %v, want %v", err, access.ErrExpired)
		}
	}},
	// Users are listed by name, byte by byte: capitals first.
	{"users/list-order", func(t *testing.T, st backend.Store) {
		names := []string{"b", "ab", "B", "a.b", "Z", "a", "a-b", "ä"}
		for i, n := range names {
			put(t, st, user(n, string(rune('a'+i))+"0"))
		}
		us, err := st.Users()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, u := range us {
			got = append(got, u.Name)
		}
		want := slices.Clone(names)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("users listed %q, want %q", got, want)
		}
	}},
	// One token finds one user: another user's token is refused, and
	// its holder keeps it.
	{"users/token-in-use", func(t *testing.T, st backend.Store) {
		a, _ := newUser(t, "ada")
		put(t, st, a)
		g := user("grace", a.TokenHash)
		if err := st.PutUser(g); !errors.Is(err, backend.ErrTokenInUse) {
			t.Fatalf("another user's token: %v, want %v", err, backend.ErrTokenInUse)
		}
		if got, ok, err := st.UserByToken(a.TokenHash); !ok || err != nil || got.Name != "ada" {
			t.Errorf("the holder by its token: %+v, found %v, %v", got, ok, err)
		}
		if _, ok, err := st.User("grace"); ok || err != nil {
			t.Errorf("the refused user was kept: found %v, %v", ok, err)
		}
	}},
	// Names and hashes no backend can keep are refused.
	{"users/invalid-ids", func(t *testing.T, st backend.Store) {
		long := string(make([]byte, backend.MaxIDLen+1))
		for _, name := range []string{"", "a/b", "a\x00b", long} {
			if err := st.PutUser(user(name, "00aa")); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("put user %.12q: %v, want %v", name, err, backend.ErrInvalidID)
			}
			if _, _, err := st.User(name); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("user %.12q: %v, want %v", name, err, backend.ErrInvalidID)
			}
		}
		if err := st.PutUser(user("ada", "")); !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("put a user with no token: %v", err)
		}
		if _, _, err := st.UserByToken(""); !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("user by an empty token: %v", err)
		}
		if us, err := st.Users(); err != nil || len(us) != 0 {
			t.Errorf("users after refusals: %v, %v", us, err)
		}
	}},
}
