package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/store/backend"
)

const userColumns = `name, role, workspace, token_hash, token_hint, created, expires, last_used, revoked, added_by`

// The queries of the users, named so a test can ask the planner how it
// runs them.
const (
	queryUsers       = `SELECT ` + userColumns + ` FROM users ORDER BY name`
	queryUser        = `SELECT ` + userColumns + ` FROM users WHERE name = $1`
	queryUserByToken = `SELECT ` + userColumns + ` FROM users WHERE token_hash = $1`
	queryPutUser     = `INSERT INTO users (` + userColumns + `) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (name) DO UPDATE SET role = EXCLUDED.role, workspace = EXCLUDED.workspace,
	token_hash = EXCLUDED.token_hash, token_hint = EXCLUDED.token_hint, created = EXCLUDED.created,
	expires = EXCLUDED.expires, last_used = EXCLUDED.last_used, revoked = EXCLUDED.revoked,
	added_by = EXCLUDED.added_by`
)

// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
const uniqueViolation = "23505"

// Users lists the users, by name.
func (s *Store) Users() ([]access.User, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), queryUsers)
	if err != nil {
		return nil, fmt.Errorf("list the users: %w", s.wrapClosed(err))
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (access.User, error) { return scanUser(row) })
	if err != nil {
		return nil, fmt.Errorf("list the users: %w", s.wrapClosed(err))
	}
	return out, nil
}

// User returns the user called name.
func (s *Store) User(name string) (access.User, bool, error) {
	if err := s.checkOpen(); err != nil {
		return access.User{}, false, err
	}
	if err := backend.CheckID("user", name); err != nil {
		return access.User{}, false, err
	}
	u, ok, err := s.oneUser(queryUser, name)
	if err != nil {
		return u, false, fmt.Errorf("user %s: %w", name, err)
	}
	return u, ok, nil
}

// UserByToken returns the user whose token has this hash.
func (s *Store) UserByToken(hash string) (access.User, bool, error) {
	if err := s.checkOpen(); err != nil {
		return access.User{}, false, err
	}
	if err := backend.CheckID("token hash", hash); err != nil {
		return access.User{}, false, err
	}
	u, ok, err := s.oneUser(queryUserByToken, hash)
	if err != nil {
		return u, false, fmt.Errorf("find a token's user: %w", err)
	}
	return u, ok, nil
}

func (s *Store) oneUser(query, arg string) (access.User, bool, error) {
	u, err := scanUser(s.pool.QueryRow(context.Background(), query, arg))
	if errors.Is(err, pgx.ErrNoRows) {
		return access.User{}, false, nil
	}
	if err != nil {
		return access.User{}, false, s.wrapClosed(err)
	}
	return u, true, nil
}

// PutUser stores u; its token's index is the table's unique index on the
// hash, replaced with the row, so a token it replaces no longer finds it
// and a token another user holds is refused (backend.ErrTokenInUse).
func (s *Store) PutUser(u access.User) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("user", u.Name); err != nil {
		return err
	}
	if err := backend.CheckID("token hash", u.TokenHash); err != nil {
		return err
	}
	_, err := s.pool.Exec(context.Background(), queryPutUser,
		u.Name, string(u.Role), u.Workspace, u.TokenHash, u.TokenHint,
		nullTime(u.Created), nullTime(u.Expires), nullTime(u.LastUsed), nullTime(u.Revoked), u.By)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation && pgErr.ConstraintName == "users_token_hash" {
		return fmt.Errorf("store user %s: token hash %.12s…: %w", u.Name, u.TokenHash, backend.ErrTokenInUse)
	}
	if err != nil {
		return fmt.Errorf("store user %s: %w", u.Name, s.wrapClosed(err))
	}
	return nil
}

// RecordUse records a use of the user's token in one statement, which
// changes nothing else of the user.
func (s *Store) RecordUse(name, tokenHash string, at time.Time) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("user", name); err != nil {
		return err
	}
	_, err := s.pool.Exec(context.Background(),
		`UPDATE users SET last_used = $3 WHERE name = $1 AND token_hash = $2 AND (last_used IS NULL OR last_used < $3)`,
		name, tokenHash, micro(at))
	if err != nil {
		return fmt.Errorf("record a use of user %s: %w", name, s.wrapClosed(err))
	}
	return nil
}

func scanUser(row pgx.Row) (access.User, error) {
	var (
		u                                  access.User
		role                               string
		created, expires, lastUsed, revoke *time.Time
	)
	err := row.Scan(&u.Name, &role, &u.Workspace, &u.TokenHash, &u.TokenHint,
		&created, &expires, &lastUsed, &revoke, &u.By)
	if err != nil {
		return access.User{}, err
	}
	u.Role = access.Role(role)
	u.Created, u.Expires, u.LastUsed, u.Revoked = fromNull(created), fromNull(expires), fromNull(lastUsed), fromNull(revoke)
	return u, nil
}

// nullTime keeps a zero time (never, for an expiry; not yet, for a use or
// a revocation) as NULL, SQL's none, so that a query asks "revoked IS
// NULL" rather than compare with year 1.
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// fromNull reads a time back, in UTC: the zone it was given in is not
// kept (timestamptz keeps the instant).
func fromNull(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}
