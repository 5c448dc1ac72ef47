package store

import (
	"errors"
	"reflect"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
)

func TestDedupRecordRoundTrip(t *testing.T) {
	stmt := "A Group is a set G with an associative operation."
	ps := []core.Primitive{
		{ID: "empty"},
		{ID: "full", Plane: core.PlanePosition{Real: -0.3, Imaginary: 0.71},
			FormalStatement: stmt, ComputationalForm: "g ∘ h ∈ G",
			Keywords:              []string{"Group", " set ", "oper", "group"},
			ApplicabilityPatterns: []string{"closure of an operation", "?!"},
			Prerequisites:         []string{"set", "operation"},
			Provenance:            core.Provenance{ContentHash: text.ContentHash(stmt)}},
		{ID: "odd-hash", FormalStatement: "x", Provenance: core.Provenance{ContentHash: "not-hex/h%"}},
		{ID: "upper-hex", Provenance: core.Provenance{ContentHash: "ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789"}},
	}
	for _, p := range ps {
		v := dedupRecord(&p)
		got, err := decodeDedupRecord(p.ID, dedupKey(p.ID), v)
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		if want := dedup.FeaturesOf(&p); got.ID != p.ID || got.Plane != p.Plane || !reflect.DeepEqual(got.Features, want) {
			t.Errorf("%s: decoded %+v %+v, want %+v", p.ID, got, got.Features, want)
		}
		for n := range v {
			if _, err := decodeDedupRecord(p.ID, dedupKey(p.ID), v[:n]); !errors.Is(err, ErrCorrupt) {
				t.Errorf("%s cut to %d bytes: %v", p.ID, n, err)
			}
		}
	}
	if _, err := decodeDedupRecord("x", dedupKey("x"), []byte{9}); !errors.Is(err, ErrUnknownCodec) {
		t.Errorf("version 9: %v", err)
	}
}
