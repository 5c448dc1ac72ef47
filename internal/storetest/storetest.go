// Package storetest gives tests what most of them start from: the built-in
// domains and a real store in a temporary folder, closed when the test
// ends. It is a normal package so every test package can import it; only
// tests do.
package storetest

import (
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/store"
)

// Domains returns the built-in domain definitions.
func Domains(tb testing.TB) []core.Domain {
	tb.Helper()
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		tb.Fatal(err)
	}
	return ds
}

// Open opens a new store in a temporary folder and closes it when the
// test ends.
func Open(tb testing.TB) *store.Store {
	tb.Helper()
	st, err := store.Open(tb.TempDir(), store.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = st.Close() })
	return st
}
