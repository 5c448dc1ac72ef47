package analyze

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/internal/corpus"
)

// corpusDir locates the shared corpus and skips the test when it is absent.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	return corpus.Dir(tb)
}

// readCorpus returns one corpus document's text (skipping when absent).
func readCorpus(tb testing.TB, name string) string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir(tb), name))
	if err != nil {
		tb.Skipf("corpus document %s is absent: %v", name, err)
	}
	return string(data)
}

// builtinDomains parses the embedded built-in domains.
func builtinDomains(tb testing.TB) []core.Domain {
	tb.Helper()
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		tb.Fatal(err)
	}
	return ds
}
