// Package store persists lore's registry in an embedded Badger v4 database.
// It is the only package that imports Badger; the rest of lore sees core
// types only.
//
// # Keyspace
//
// Keys are type-prefixed and hierarchical, so every query is a prefix scan.
// Components are separated by '/'. Identifiers (primitive and session ids,
// edge targets) may not contain '/' or NUL and are refused if they do;
// free-text components (domain, type, keyword, edge type) are
// percent-encoded ('/', '%' and NUL only), so a scan for one value never
// matches another that merely starts with it. Numbers are fixed-width
// big-endian, so byte order is numeric order.
//
//	key                                  value          purpose
//	m/schema                             {version, features} layout version (newer ones are refused) and the version of the rules the derived keys were built by
//	p/<id>                               Primitive      the record
//	r/<to>/<from>/<edgetype>             {strength}     reverse edge: who depends on <to>
//	i/dt/<domain>/<type>/<id>            (empty)        primitives by domain, and by type within each domain
//	i/kw/<keyword>/<cell>/<id>           plane, sig (12 B) keyword postings (lowercased) by plane cell
//	i/hx/<content hash:32>/<id>          (empty)        primitives by normalized statement (hex digests as bytes)
//	i/hash/<content hash>/<id>           (empty)        the same for a hash that is not 64 hex digits
//	i/name/<first stem>/<name stems>/<id> (empty)       primitives by name, for cross-session references
//	k/rank/<MaxUint64-importance:8>/<id> (empty)        descending importance > 0, ties by id (0: p/ order)
//	d/<id>                               dedup record   what the dedup comparator needs (see below)
//	s/<session>                          Session        session record and state
//	j/<session>/<seq:8><count:4>         []Change (S2)  the session's changeset in chunks from change <seq>
//	t/<session>                          report         the session's report input
//	c/<conflict>                         Conflict       conflicts, pending and resolved
//	a/<kind>/<name>                      Artifact       generated skills, agents and teams
//	l/<ns.id>                            skills.Skill   the skill library: learned, imported and negative skills
//
// <cell> is the plane grid cell (two digits, column then row, 0.2 wide), so
// that the dedup prefilter scans only the cells within reach.
//
// Every non-empty record value starts with a one-byte codec version (1 =
// JSON, 2 = JSON compressed with S2, which journal chunks use), so the encoding can change without a rewrite of old values; index
// entries carry everything in the key and have no value, except keyword
// postings, which hold the primitive's plane position (each coordinate
// quantized to 16 bits) so the prefilter can test distance without loading
// records (it allows for the rounding; the record's exact position
// decides), and
// a 64-bit signature of all the primitive's keywords (three bits each), so
// it can rule out that the primitive holds a keyword whose postings it did
// not read (a match the signature admits is confirmed from the dedup
// record). Everything under r/,
// i/ and k/ is derived from the p/ records and written or deleted in the
// same transaction as the record, after reading the previous version to
// remove what it implied. Verify checks that derivation both ways.
//
// The rules of that derivation (keyword normalization, the plane grid, the
// dedup features and the text rules under them) live in core, and the
// schema record keeps the version of those rules the derived keys were
// built by (dedup.FeaturesVersion). When Open finds another version it
// rebuilds every derived keyspace (r/, i/, k/, d/) from the records before
// returning (Reindex, reported through Options.Progress), so a change of a
// rule needs a bumped version, never a migration.
//
// A dedup record holds a primitive's plane position and the normalized
// features the dedup comparator measures (tokens, keywords, patterns,
// prerequisite count, content hash, digests of statement and form) in a
// compact binary form with its own version byte, small enough to stay in
// the LSM tree: deduplicating a candidate reads its neighbours' records,
// never their primitives from the value log, and tokenizes nothing stored.
// It is derived like the indexes and written in the same transaction, but
// it is a cache of the comparator's view rather than knowledge, so Export
// leaves it out (Verify checks it byte for byte).
//
// # Journal protocol
//
// A session may hold more changes than one Badger transaction can (about 26k
// writes or 2.5 MB with the lean options used here), yet must be applied all
// or nothing. CommitSession therefore:
//
//  1. writes s/<session> with state journaling, then the changeset under
//     j/<session>/ in compressed chunks of up to 256 changes (one
//     transaction holds millions of changes this way, and more take as
//     many transactions as needed);
//  2. flips the session to committing in one small transaction: this is
//     the commit point;
//  3. applies the changes in order, in batches sized to the transaction
//     limits, each batch one transaction that also maintains the indexes
//     (the next batch is planned while Badger writes the previous one);
//  4. marks the session committed.
//
// Open recovers an interrupted commit before returning: a journaling
// session is rolled back (journal deleted, then record), a committing one
// is rolled forward by applying its journal again from the start. Replay is
// idempotent: a put of a record already stored writes nothing, a remove of
// an absent primitive does nothing. The journal is kept after the commit,
// as the record of what the session changed (Changes reads it back for
// unlearn).
//
// # Operations
//
// Writers are serialized inside the store (every write reads the old
// record first), so Badger's conflict detection is off; readers work on
// snapshots and never wait. Badger's logger never writes to the terminal:
// its messages are dropped unless Options names a Logger or writer. Value-log GC runs periodically
// while the store is open. A second opener of the same directory, in this or
// another process, gets an error matching core.ErrStoreLocked that names the
// directory.
package store
