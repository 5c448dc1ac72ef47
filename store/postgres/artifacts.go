package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store/backend"
)

const (
	queryArtifacts     = `SELECT record FROM artifacts ORDER BY key`
	queryDropArtifacts = `DELETE FROM artifacts WHERE domain = ANY($1)`
	queryPutArtifact   = `INSERT INTO artifacts (key, domain, record) VALUES ($1, $2, $3)
ON CONFLICT (key) DO UPDATE SET domain = EXCLUDED.domain, record = EXCLUDED.record`
	queryPutPublication = `INSERT INTO publications (session, record) VALUES ($1, $2)
ON CONFLICT (session) DO UPDATE SET record = EXCLUDED.record`
	queryDropPublication = `DELETE FROM publications WHERE session = $1`
	queryPublications    = `SELECT session, record FROM publications`
	// Replacements of artifacts run one at a time, as Badger's do under
	// its write lock: two replacing overlapping domains would otherwise
	// lock the same rows in different orders.
	queryLockArtifacts = `SELECT pg_advisory_xact_lock($1)`
)

// artifactsLock is the advisory lock key of the artifacts' replacements
// (lore's own, beside schemaLock).
const artifactsLock int64 = 0x6c6f7265_00000002

// Artifacts returns the stored artifacts, in the order of their key
// (backend.ArtifactKey).
func (s *Store) Artifacts() ([]core.Artifact, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), queryArtifacts)
	if err != nil {
		return nil, fmt.Errorf("list artifacts: %w", s.wrapClosed(err))
	}
	var (
		out []core.Artifact
		rec []byte
	)
	_, err = pgx.ForEachRow(rows, []any{&rec}, func() error {
		var a core.Artifact
		if err := json.Unmarshal(rec, &a); err != nil {
			return fmt.Errorf("decode artifact %d: %w", len(out), err)
		}
		out = append(out, a)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list artifacts: %w", s.wrapClosed(err))
	}
	return out, nil
}

// ReplaceArtifacts makes arts the artifacts of domains and applies lib, in
// one transaction.
func (s *Store) ReplaceArtifacts(ctx context.Context, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error {
	return s.replaceArtifacts(ctx, domains, arts, lib, "")
}

// FinishPublication is ReplaceArtifacts that also deletes the pending
// publication of session.
func (s *Store) FinishPublication(ctx context.Context, session string, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error {
	if err := backend.CheckID("session id", session); err != nil {
		return fmt.Errorf("finish publication: %w", err)
	}
	return s.replaceArtifacts(ctx, domains, arts, lib, session)
}

func (s *Store) replaceArtifacts(ctx context.Context, domains []string, arts []core.Artifact, lib skills.LibraryUpdate, published string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("replace artifacts of %v: %w", domains, err)
	}
	// A stored domain is what its JSON decodes to, always UTF-8: a
	// domain that is not matches none, as in Badger, which compares the
	// decoded ones.
	var drop [][]byte
	for _, d := range domains {
		if utf8.ValidString(d) {
			drop = append(drop, []byte(d))
		}
	}
	err := inTx(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, queryLockArtifacts, artifactsLock); err != nil {
			return fmt.Errorf("lock the artifacts: %w", err)
		}
		if _, err := tx.Exec(ctx, queryDropArtifacts, drop); err != nil {
			return fmt.Errorf("delete the artifacts: %w", err)
		}
		if err := updateLibrary(ctx, tx, lib); err != nil {
			return err
		}
		if published != "" {
			if _, err := tx.Exec(ctx, queryDropPublication, published); err != nil {
				return fmt.Errorf("delete the publication: %w", err)
			}
		}
		if len(arts) == 0 {
			return nil
		}
		var b pgx.Batch
		for i := range arts {
			a := &arts[i]
			v, err := json.Marshal(a)
			if err != nil {
				return fmt.Errorf("encode artifact %s %s: %w", a.Kind, a.Name, err)
			}
			b.Queue(queryPutArtifact, []byte(backend.ArtifactKey(a.Kind, a.Name)), []byte(asJSONDecodes(a.Domain)), v)
		}
		if err := tx.SendBatch(ctx, &b).Close(); err != nil {
			return fmt.Errorf("write the artifacts: %w", err)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("replace artifacts of %v: %w", domains, s.wrapClosed(err))
	}
	return nil
}

// asJSONDecodes is s as its JSON decodes: encoding/json writes each byte
// that is not part of valid UTF-8 as U+FFFD.
func asJSONDecodes(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// PutPublication records the pending publication of session.
func (s *Store) PutPublication(session string, rec []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("session id", session); err != nil {
		return fmt.Errorf("record publication: %w", err)
	}
	if rec == nil {
		rec = []byte{}
	}
	if _, err := s.pool.Exec(context.Background(), queryPutPublication, session, rec); err != nil {
		return fmt.Errorf("record publication of session %s: %w", session, s.wrapClosed(err))
	}
	return nil
}

// DropPublication deletes the pending publication of session.
func (s *Store) DropPublication(session string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("session id", session); err != nil {
		return fmt.Errorf("drop publication: %w", err)
	}
	if _, err := s.pool.Exec(context.Background(), queryDropPublication, session); err != nil {
		return fmt.Errorf("drop publication of session %s: %w", session, s.wrapClosed(err))
	}
	return nil
}

// Publications returns the pending publications by session.
func (s *Store) Publications() (map[string][]byte, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), queryPublications)
	if err != nil {
		return nil, fmt.Errorf("list pending publications of %s: %w", s.name, s.wrapClosed(err))
	}
	out := map[string][]byte{}
	var (
		session string
		rec     []byte
	)
	_, err = pgx.ForEachRow(rows, []any{&session, &rec}, func() error {
		out[session] = append([]byte(nil), rec...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list pending publications of %s: %w", s.name, s.wrapClosed(err))
	}
	return out, nil
}
