package e2e_test

import (
	"os"
	"testing"

	"github.com/lore-kb/lore/internal/pgtest"
)

// TestMain stops the PostgreSQL server the tests that copy a library to it
// start (pgtest), once they are done.
func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }
