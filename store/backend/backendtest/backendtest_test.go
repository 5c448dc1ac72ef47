package backendtest_test

import (
	"context"
	"os"
	"testing"

	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/store/backend"
	"github.com/lore-kb/lore/store/backend/backendtest"
	"github.com/lore-kb/lore/store/postgres"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// Every behaviour of the contract, on each backend.
func TestConformance(t *testing.T) {
	t.Run("badger", func(t *testing.T) {
		backendtest.Run(t, func(t *testing.T) backend.Store {
			st, err := store.Open(t.TempDir(), store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = st.Close() })
			return st
		})
	})
	t.Run("postgres", func(t *testing.T) {
		backendtest.Run(t, func(t *testing.T) backend.Store {
			db := pgtest.Start(t)
			st, err := postgres.Open(context.Background(), db.URL)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = st.Close() })
			return st
		})
	})
}
