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

func openBadger(t *testing.T) backend.Store {
	st, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

func openPostgres(t *testing.T) backend.Store {
	db := pgtest.Start(t)
	st, err := postgres.Open(context.Background(), db.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// Every behaviour of the contract, on each backend.
func TestConformance(t *testing.T) {
	t.Run("badger", func(t *testing.T) { backendtest.Run(t, openBadger) })
	t.Run("postgres", func(t *testing.T) { backendtest.Run(t, openPostgres) })
}

// Every behaviour of a copy, from each backend to each.
func TestCopy(t *testing.T) {
	backends := []struct {
		name string
		open backendtest.Opener
	}{{"badger", openBadger}, {"postgres", openPostgres}}
	for _, src := range backends {
		for _, dst := range backends {
			t.Run(src.name+"-to-"+dst.name, func(t *testing.T) { backendtest.RunCopy(t, src.open, dst.open) })
		}
	}
}
