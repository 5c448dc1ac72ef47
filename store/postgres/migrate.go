package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/store/backend"
)

// migration is one step of the schema: applied once, in order, never
// changed once released (a change is a new migration).
type migration struct {
	version int
	name    string
	sql     string
	// fill, when set, runs after sql in the same transaction: what SQL
	// cannot derive (a value decoded from a record).
	fill func(ctx context.Context, tx pgx.Tx) error
}

// migrations are the schema, step by step; migration i has version i+1.
var migrations = []migration{
	{1, "users and their tokens", `
CREATE TABLE users (
	-- COLLATE "C": names are ordered by their bytes, as Badger's keys
	-- are, whatever the database's locale.
	name       text COLLATE "C" PRIMARY KEY,
	role       text NOT NULL,
	workspace  text NOT NULL,
	token_hash text NOT NULL,
	token_hint text NOT NULL,
	created    timestamptz,
	expires    timestamptz,
	last_used  timestamptz,
	revoked    timestamptz,
	added_by   text NOT NULL
);
-- Every request to a team server looks its token's hash up; one token
-- finds one user.
CREATE UNIQUE INDEX users_token_hash ON users (token_hash);
`, nil},
	{2, "sessions and their changes", `
-- A session's record is the JSON Badger keeps for it, in a json column,
-- which keeps the bytes it is given: jsonb would reorder keys and refuse
-- the escaped NUL a hostile source's text may bring into a decision's
-- findings. The columns beside it are copies of what queries order and
-- look up by, written from the same value.
CREATE TABLE sessions (
	id         text COLLATE "C" PRIMARY KEY,
	started_at timestamptz NOT NULL,
	state      text NOT NULL,
	reverts    text COLLATE "C",
	record     json NOT NULL,
	-- NULL: none.
	report     bytea
);
-- Newest first, as Badger lists them.
CREATE INDEX sessions_newest ON sessions (started_at DESC, id DESC);
-- A session's changes in the order they were committed, each the JSON
-- of one core.Change (the elements of Badger's journal chunks).
CREATE TABLE session_changes (
	session_id text COLLATE "C" NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
	seq        integer NOT NULL,
	change     json NOT NULL,
	PRIMARY KEY (session_id, seq)
);
`, nil},
	{3, "primitives, edges and conflicts", migrationPrimitives, nil},
	{4, "skills, artifacts, publications, the run queue and learned runs", `
-- The records below are each the JSON Badger keeps for it, in json
-- columns (see sessions). Keys that are free text a file or a source
-- brings (a path, a source hash, an artifact's kind and name) are bytea:
-- they may hold NUL or bytes that are not UTF-8, which text refuses, and
-- bytea is ordered by its bytes.
CREATE TABLE skills (
	key    text COLLATE "C" PRIMARY KEY,
	record json NOT NULL
);
-- The source hashes of each skill's lineage, the index a proposal is
-- checked against, written with the skill.
CREATE TABLE skill_source_hashes (
	hash bytea NOT NULL,
	key  text COLLATE "C" NOT NULL REFERENCES skills (key) ON DELETE CASCADE,
	PRIMARY KEY (hash, key)
);
-- A skill rewritten drops its entries by key.
CREATE INDEX skill_source_hashes_key ON skill_source_hashes (key);
-- One row: a number every transaction that writes skills adds one to,
-- under the row's lock, so that the same number means the same skills.
CREATE TABLE skills_version (
	one     boolean PRIMARY KEY DEFAULT true CHECK (one),
	version bigint NOT NULL
);
INSERT INTO skills_version (version) VALUES (1);
-- key: backend.ArtifactKey, the order artifacts are listed in. domain:
-- the artifact's domain as its JSON decodes it, for replacing a domain's.
CREATE TABLE artifacts (
	key    bytea PRIMARY KEY,
	domain bytea NOT NULL,
	record json NOT NULL
);
CREATE INDEX artifacts_domain ON artifacts (domain);
-- A pending publication's record is the caller's, in any encoding.
CREATE TABLE publications (
	session text COLLATE "C" PRIMARY KEY,
	record  bytea NOT NULL
);
-- The queue: every job in the order it was queued; waiting while it is
-- pending.
CREATE TABLE queue_jobs (
	seq     bigint PRIMARY KEY,
	waiting boolean NOT NULL,
	job     json NOT NULL
);
CREATE INDEX queue_jobs_waiting ON queue_jobs (seq) WHERE waiting;
-- The job last queued for each file and the content it had then.
CREATE TABLE queue_paths (
	path   bytea PRIMARY KEY,
	record json NOT NULL
);
-- One row: the last number given to a job. Enqueue locks it, so that
-- processes queueing at once number their jobs one after another.
CREATE TABLE queue_seq (
	one boolean PRIMARY KEY DEFAULT true CHECK (one),
	seq bigint NOT NULL
);
INSERT INTO queue_seq (seq) VALUES (0);
CREATE TABLE runs (
	hash   text COLLATE "C" PRIMARY KEY,
	record json NOT NULL
);
-- key: the hex of the first 16 bytes of the signature's SHA-256, as
-- Badger's key.
CREATE TABLE run_failures (
	key    text COLLATE "C" PRIMARY KEY,
	record json NOT NULL
);
`, nil},
	{5, "run events", migrationEvents, nil},
	{6, "the knowledge's generation", `
-- Drawn from by every transaction that changes primitives or conflicts,
-- so that a process caching what it derives from them (a search index)
-- knows when to derive it again. A sequence never rolls back: a commit
-- that fails may count, which costs only a rebuild.
CREATE SEQUENCE knowledge_generation;
`, nil},
	{7, "questions waiting for a reviewer", `
-- The question a run waits on at the gate, for as long as it waits: a
-- process that starts listening after it was asked (a server started
-- later, a lore decide of its own) learns of it here, not from an event
-- it never saw.
CREATE TABLE run_questions (
	run_id  text COLLATE "C" PRIMARY KEY,
	origin  text NOT NULL,
	asked   timestamptz NOT NULL DEFAULT now(),
	payload bytea NOT NULL
);
`, nil},
	{8, "dedup records, keyword signatures and the sessions a learn asks for", migrationDedup, fillSessionColumns},
}

// SchemaVersion is the newest schema this build knows: its last
// migration's version.
const SchemaVersion = 8

// schemaLock is the advisory lock key under which stores opening the same
// database migrate one at a time (an arbitrary number, lore's own).
const schemaLock int64 = 0x6c6f7265_00000001

// migrate brings the database's schema up to SchemaVersion in one
// transaction, or refuses a newer one; processes opening the same database
// at once wait for each other under schemaLock.
func (s *Store) migrate(ctx context.Context) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", schemaLock); err != nil {
			return fmt.Errorf("wait for the schema lock: %w", err)
		}
		if _, err := tx.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{s.schema}.Sanitize()); err != nil {
			return fmt.Errorf("make the workspace's schema %s: %w", s.schema, err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS lore_schema (
	version integer PRIMARY KEY,
	name    text NOT NULL,
	applied timestamptz NOT NULL
)`); err != nil {
			return fmt.Errorf("make the schema table: %w", err)
		}
		current, err := schemaVersion(ctx, tx)
		if err != nil {
			return err
		}
		if current > SchemaVersion {
			return fmt.Errorf("database has schema version %d but this lore supports up to %d; upgrade lore: %w",
				current, SchemaVersion, backend.ErrSchemaTooNew)
		}
		for _, m := range migrations[current:] {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %d (%s): %w", m.version, m.name, err)
			}
			if m.fill != nil {
				if err := m.fill(ctx, tx); err != nil {
					return fmt.Errorf("migration %d (%s): %w", m.version, m.name, err)
				}
			}
			if _, err := tx.Exec(ctx, "INSERT INTO lore_schema (version, name, applied) VALUES ($1, $2, $3)",
				m.version, m.name, time.Now()); err != nil {
				return fmt.Errorf("record migration %d (%s): %w", m.version, m.name, err)
			}
		}
		return s.rederive(ctx, tx)
	})
	if err != nil {
		return fmt.Errorf("PostgreSQL store %s: %w", s.name, err)
	}
	return nil
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func schemaVersion(ctx context.Context, q querier) (int, error) {
	var v int
	if err := q.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM lore_schema").Scan(&v); err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	return v, nil
}

// Schema returns the database's schema version and this build's.
func (s *Store) Schema() (backend.Schema, error) {
	sc := backend.Schema{Supported: SchemaVersion}
	if err := s.checkOpen(); err != nil {
		return sc, err
	}
	v, err := schemaVersion(context.Background(), s.pool)
	if err != nil {
		return sc, fmt.Errorf("PostgreSQL store %s: %w", s.name, s.wrapClosed(err))
	}
	sc.Version = v
	return sc, nil
}
