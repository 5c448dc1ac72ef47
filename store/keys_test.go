package store

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"
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
		reverseKey("b", "a", core.Requires), reverseKey("b", "a", "x/y"),
		domainTypeKey("d/1", "t/1", "a"), hashKey(strings.Repeat("2f", 32), "a"), rankKey(3, "a"), journalKey("s", 7, 3), []byte("j/s/\x00\x00\x00\x00\x00\x00\x00\x07"),
		[]byte("r/"), []byte("k/rank/\xff"), []byte("i/kw/%zz/a"),
	} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, k []byte) {
		_, _, _, _ = parseEdgeKey(prefixReverse, k)
		_, _, _, _ = splitEdgeKey(prefixReverse, append(slices.Clip(prefixReverse), k...))
		_, _, _ = parseIndexKey(prefixKeyword, k)
		_, _, _ = parseRankKey(k)
		_, _, _ = parseJournalKey(journalPrefix("s"), k)
		_, _ = journalEntryChanges(k)
		_, _ = unescape(string(k))
		_ = displayKey(k)
	})
}

func TestKeyRoundTrips(t *testing.T) {
	to, from, typ, err := parseEdgeKey(prefixReverse, reverseKey("b", "a", "odd/type%"))
	if err != nil || from != "a" || to != "b" || typ != "odd/type%" {
		t.Fatalf("edge key: %q %q %q %v", from, to, typ, err)
	}
	value, id, err := parseIndexKey(prefixDomainType, domainTypeKey("x/y", "t", "p-1"))
	if err != nil || value != "x/y/t" || id != "p-1" {
		t.Fatalf("index key: %q %q %v", value, id, err)
	}
	imp, id, err := parseRankKey(rankKey(42, "p-1"))
	if err != nil || imp != 42 || id != "p-1" {
		t.Fatalf("rank key: %d %q %v", imp, id, err)
	}
	seq, n, err := parseJournalKey(journalPrefix("s"), journalKey("s", 1<<40, 256))
	if err != nil || seq != 1<<40 || n != 256 {
		t.Fatalf("journal key: %d %d %v", seq, n, err)
	}
	if n, err := journalEntryChanges(journalKey("s", 3, 7)); err != nil || n != 7 {
		t.Fatalf("journal key of any session: %d %v", n, err)
	}
	for _, bad := range [][]byte{journalKey("s", 1, 0), journalKey("s", 1, maxChunkChanges+1), []byte("j/s/\x00"), []byte("j/s"),
		binary.BigEndian.AppendUint64(journalPrefix("s"), 9)} {
		if _, err := journalEntryChanges(bad); err == nil {
			t.Errorf("journal key %q accepted", bad)
		}
	}
}

// Rank keys sort by descending importance, then by id, byte-wise; journal
// keys sort by sequence number.
func TestKeyOrder(t *testing.T) {
	ranks := [][]byte{rankKey(1000, "b"), rankKey(1000, "c"), rankKey(255, "a"), rankKey(1, "a"), rankKey(0, "z")}
	if !slices.IsSortedFunc(ranks, bytes.Compare) {
		t.Fatal("rank keys out of order")
	}
	journal := [][]byte{journalKey("s", 0, 256), journalKey("s", 255, 1), journalKey("s", 256, 9), journalKey("s", 1<<33, 1)}
	if !slices.IsSortedFunc(journal, bytes.Compare) {
		t.Fatal("journal keys out of order")
	}
}
