// Package access is who may use a lore server: users, their roles and
// workspaces, and the tokens they present. A token is random, shown once
// when it is made and stored only as its hash, with an expiry, the time
// it was last used and its revocation: a stolen store gives no token
// away, and a revoked or expired token is refused at once.
package access

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Role is what a user may do.
type Role string

// The roles: an admin does everything; a curator learns and unlearns; a
// reviewer decides at the gate, on conflicts and promotions; a reader
// reads; an agent searches, gets, activates and proposes skills and
// reports outcomes (what lore mcp offers).
const (
	Admin    Role = "admin"
	Curator  Role = "curator"
	Reviewer Role = "reviewer"
	Reader   Role = "reader"
	Agent    Role = "agent"
)

// Roles are the roles, from the most to the least able.
var Roles = []Role{Admin, Curator, Reviewer, Reader, Agent}

// User is one person or agent a server lets in.
type User struct {
	Name      string `json:"name"`
	Role      Role   `json:"role"`
	Workspace string `json:"workspace"`
	// TokenHash is the hex SHA-256 of the token (HashToken); TokenHint
	// its first characters, for a person to tell tokens apart.
	TokenHash string    `json:"tokenHash"`
	TokenHint string    `json:"tokenHint"`
	Created   time.Time `json:"created"`
	// Expires is when the token stops working (zero: never).
	Expires  time.Time `json:"expires,omitzero"`
	LastUsed time.Time `json:"lastUsed,omitzero"`
	Revoked  time.Time `json:"revoked,omitzero"`
	// By is who added the user.
	By string `json:"by,omitempty"`
}

// UserStore keeps the users (the Badger store implements it).
type UserStore interface {
	Users() ([]User, error)
	User(name string) (User, bool, error)
	// UserByToken finds the user whose token has this hash.
	UserByToken(hash string) (User, bool, error)
	PutUser(u User) error
	// RecordUse sets the LastUsed of the user called name to at, if its
	// token still has this hash and at is later than the use recorded;
	// nothing else of the user changes, so a revocation or a new token
	// made meanwhile stands.
	RecordUse(name, tokenHash string, at time.Time) error
}

// DefaultWorkspace is the workspace of a user added without one.
const DefaultWorkspace = "default"

// tokenPrefix marks lore's tokens, so that a scanner (lore's own, or a
// secret scanner of a code host) recognises one pasted where it should
// not be.
const tokenPrefix = "lore_"

// NewToken returns a new random token and its hash.
func NewToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("make a token: %w", err)
	}
	token = tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token), nil
}

// HashToken is how a token is stored and looked up.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Hint is the part of a token a listing shows.
func Hint(token string) string {
	if len(token) <= len(tokenPrefix)+4 {
		return tokenPrefix + "…"
	}
	return token[:len(tokenPrefix)+4] + "…"
}

// Errors of a token that is refused. The refusal a client sees does not
// say which: it tells nothing to whoever guesses.
var (
	ErrUnknownToken = errors.New("unknown token")
	ErrRevoked      = errors.New("token revoked")
	ErrExpired      = errors.New("token expired")
)

// Check says whether u's token may be used at now.
func (u User) Check(now time.Time) error {
	switch {
	case !u.Revoked.IsZero():
		return fmt.Errorf("%s: %w on %s", u.Name, ErrRevoked, u.Revoked.Format(time.DateOnly))
	case !u.Expires.IsZero() && !now.Before(u.Expires):
		return fmt.Errorf("%s: %w on %s", u.Name, ErrExpired, u.Expires.Format(time.DateOnly))
	}
	return nil
}

// ParseRole reads a role name.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	if !slices.Contains(Roles, r) {
		names := make([]string, len(Roles))
		for i, r := range Roles {
			names[i] = string(r)
		}
		return "", fmt.Errorf("unknown role %q (one of %s)", s, strings.Join(names, ", "))
	}
	return r, nil
}

// ErrBadWorkspace is returned (wrapped) by CheckWorkspace for a name that
// cannot be a workspace's.
var ErrBadWorkspace = errors.New("not a workspace name")

// MaxWorkspaceLen is the longest workspace name, in bytes.
const MaxWorkspaceLen = 64

// CheckWorkspace refuses a workspace name that is not a plain word: empty,
// longer than MaxWorkspaceLen bytes, with characters other than ASCII
// letters, digits, '-' and '_', or not beginning with a letter or digit.
// It is the one check of a workspace's name, made by the users command,
// the team server and every store that keeps workspaces: a name becomes
// a folder's (Badger) or part of a schema's (PostgreSQL), where ".",
// ".." or "a/b" would name another workspace's store, or the default's.
func CheckWorkspace(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("workspace name is empty; give a plain word of letters, digits, - and _: %w", ErrBadWorkspace)
	case len(name) > MaxWorkspaceLen:
		return fmt.Errorf("workspace %.40q… is longer than %d bytes: %w", name, MaxWorkspaceLen, ErrBadWorkspace)
	}
	for i, r := range name {
		word := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if i > 0 && (r == '-' || r == '_') {
			word = true
		}
		if !word {
			return fmt.Errorf("workspace %q is not a plain word (%q at byte %d): give letters, digits, - and _, beginning with a letter or digit: %w",
				name, r, i, ErrBadWorkspace)
		}
	}
	return nil
}

// CheckName refuses a user name lore cannot keep: empty, longer than 64
// bytes, or with characters other than letters, digits, '.', '_', '-'
// and '@'. A workspace's name is held to CheckWorkspace.
func CheckName(what, name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("%s %q: give 1 to 64 characters", what, name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-@", r)) {
			return fmt.Errorf("%s %q: only letters, digits and . _ - @", what, name)
		}
	}
	return nil
}

// Authenticate finds the user token belongs to and checks it may be used
// now; the user's LastUsed is then recorded (at most once a LastUseEvery). Every refusal is one error
// (ErrUnknownToken, ErrRevoked or ErrExpired wrapped).
func Authenticate(st UserStore, token string, now time.Time) (User, error) {
	if !strings.HasPrefix(token, tokenPrefix) {
		return User{}, ErrUnknownToken
	}
	u, ok, err := st.UserByToken(HashToken(token))
	if err != nil {
		return User{}, err
	}
	if !ok {
		return User{}, ErrUnknownToken
	}
	if err := u.Check(now); err != nil {
		return User{}, err
	}
	if u.LastUsed.IsZero() || now.Sub(u.LastUsed) >= LastUseEvery {
		if err := st.RecordUse(u.Name, u.TokenHash, now); err != nil {
			return User{}, err
		}
		u.LastUsed = now
	}
	return u, nil
}

// LastUseEvery is how often a user's use is recorded: an agent calling
// many times a second would otherwise write its record at every call,
// and every call would wait for the one before's write.
const LastUseEvery = time.Minute
