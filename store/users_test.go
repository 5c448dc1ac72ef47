package store_test

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/internal/storetest"
)

// A user's token is found by its hash only, never stored itself; a new
// token replaces the old one at once; revoked and expired tokens are
// refused; a use is recorded.
func TestUsersAndTokens(t *testing.T) {
	st := storetest.Open(t)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	token, hash, err := access.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	u := access.User{Name: "ada", Role: access.Curator, Workspace: access.DefaultWorkspace, TokenHash: hash,
		TokenHint: access.Hint(token), Created: now, Expires: now.Add(24 * time.Hour)}
	if err := st.PutUser(u); err != nil {
		t.Fatal(err)
	}
	found := false
	if err := st.Each(func(k, v []byte) error {
		if bytes.Contains(k, []byte(token)) || bytes.Contains(v, []byte(token)) {
			found = true
		}
		return nil
	}); err != nil || found {
		t.Fatalf("the token itself is stored (%v)", err)
	}
	got, err := access.Authenticate(st, token, now.Add(time.Hour))
	if err != nil || got.Name != "ada" || got.Role != access.Curator {
		t.Fatalf("authenticate: %+v, %v", got, err)
	}
	if rec, _, _ := st.User("ada"); !rec.LastUsed.Equal(now.Add(time.Hour)) {
		t.Errorf("last use %v", rec.LastUsed)
	}
	for _, c := range []struct {
		token string
		at    time.Time
		want  error
	}{
		{"lore_wrong", now, access.ErrUnknownToken},
		{"not-a-lore-token", now, access.ErrUnknownToken},
		{token, now.Add(25 * time.Hour), access.ErrExpired},
	} {
		if _, err := access.Authenticate(st, c.token, c.at); !errors.Is(err, c.want) {
			t.Errorf("authenticate %.12q at %v: %v, want %v", c.token, c.at, err, c.want)
		}
	}
	// A new token: the old one no longer works.
	token2, hash2, _ := access.NewToken()
	u.TokenHash, u.TokenHint = hash2, access.Hint(token2)
	if err := st.PutUser(u); err != nil {
		t.Fatal(err)
	}
	if _, err := access.Authenticate(st, token, now); !errors.Is(err, access.ErrUnknownToken) {
		t.Errorf("the replaced token: %v", err)
	}
	// Revoked: refused at once.
	u.Revoked = now
	if err := st.PutUser(u); err != nil {
		t.Fatal(err)
	}
	if _, err := access.Authenticate(st, token2, now); !errors.Is(err, access.ErrRevoked) {
		t.Errorf("the revoked token: %v", err)
	}
	if us, err := st.Users(); err != nil || len(us) != 1 {
		t.Errorf("users %v, %v", us, err)
	}
}
