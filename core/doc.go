// Package core holds lore's vocabulary: the domain types every pipeline stage,
// the store and the terminal UI share. Stage packages live below it
// (core/acquire, core/analyze, core/extract, core/wire) and depend only on
// this package and on core/text, never on each other.
//
// core knows nothing of Charm or Badger: persistence and presentation are
// ports implemented elsewhere.
package core
