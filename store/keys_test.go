package store

import (
	"bytes"
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "plain", "a/b", "100%", "%2F", "nul\x00byte", "ünïcode/π"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := escape(s)
		if bytes.ContainsAny([]byte(e), "/\x00") {
			t.Fatalf("escape(%q) = %q still holds a separator or NUL", s, e)
		}
		got, err := unescape(e)
		if err != nil || got != s {
			t.Fatalf("unescape(escape(%q)) = %q, %v", s, got, err)
		}
	})
}

// Parsers see whatever bytes are on disk; they must return errors, never
// panic.
func FuzzParseKeys(f *testing.F) {
	for _, k := range [][]byte{
		edgeKey("a", "b", core.Requires), reverseKey("b", "a", "x/y"),
		domainKey("d/1", "a"), rankKey(3, "a"), journalKey("s", 7),
		[]byte("e/"), []byte("k/rank/\xff"), []byte("i/kw/%zz/a"),
	} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, k []byte) {
		_, _, _, _ = parseEdgeKey(prefixEdge, k)
		_, _, _, _ = parseEdgeKey(prefixReverse, k)
		_, _, _, _ = splitEdgeKey(prefixEdge, append(slices.Clip(prefixEdge), k...))
		_, _, _ = parseIndexKey(prefixKeyword, k)
		_, _, _ = parseRankKey(k)
		_, _ = parseJournalSeq(journalPrefix("s"), k)
		_, _ = unescape(string(k))
		_ = displayKey(k)
	})
}

func TestKeyRoundTrips(t *testing.T) {
	from, to, typ, err := parseEdgeKey(prefixEdge, edgeKey("a", "b", "odd/type%"))
	if err != nil || from != "a" || to != "b" || typ != "odd/type%" {
		t.Fatalf("edge key: %q %q %q %v", from, to, typ, err)
	}
	value, id, err := parseIndexKey(prefixDomain, domainKey("x/y", "p-1"))
	if err != nil || value != "x/y" || id != "p-1" {
		t.Fatalf("index key: %q %q %v", value, id, err)
	}
	imp, id, err := parseRankKey(rankKey(42, "p-1"))
	if err != nil || imp != 42 || id != "p-1" {
		t.Fatalf("rank key: %d %q %v", imp, id, err)
	}
	seq, err := parseJournalSeq(journalPrefix("s"), journalKey("s", 1<<40))
	if err != nil || seq != 1<<40 {
		t.Fatalf("journal key: %d %v", seq, err)
	}
}

// Rank keys sort by descending importance, then by id, byte-wise; journal
// keys sort by sequence number.
func TestKeyOrder(t *testing.T) {
	ranks := [][]byte{rankKey(1000, "b"), rankKey(1000, "c"), rankKey(255, "a"), rankKey(1, "a"), rankKey(0, "z")}
	if !slices.IsSortedFunc(ranks, bytes.Compare) {
		t.Fatal("rank keys out of order")
	}
	journal := [][]byte{journalKey("s", 0), journalKey("s", 255), journalKey("s", 256), journalKey("s", 1<<33)}
	if !slices.IsSortedFunc(journal, bytes.Compare) {
		t.Fatal("journal keys out of order")
	}
}
