package store

import (
	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/store/backend"
)

// The Badger store is one implementation of the backend contract; the
// conformance suite (store/backend/backendtest) holds it to the same
// behaviour as the others.
var (
	_ backend.Store         = (*Store)(nil)
	_ backend.SessionStore  = (*Store)(nil)
	_ backend.SkillStore    = (*Store)(nil)
	_ backend.ArtifactStore = (*Store)(nil)
	_ backend.QueueStore    = (*Store)(nil)
	_ backend.RunStore      = (*Store)(nil)
)

// Schema returns the store's layout version and this build's
// (SchemaVersion). An in-memory store records none: it is this build's.
func (s *Store) Schema() (backend.Schema, error) {
	sc := backend.Schema{Version: SchemaVersion, Supported: SchemaVersion}
	if err := s.checkOpen(); err != nil {
		return sc, err
	}
	err := s.db.View(func(txn *badger.Txn) error {
		rec, found, err := s.schemaIn(txn)
		if found {
			sc.Version = rec.Version
		}
		return err
	})
	// schemaIn's errors name the store.
	return sc, err
}
