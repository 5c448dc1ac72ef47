package engine

import (
	"fmt"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/names"
	"github.com/lore-kb/lore/core/text"
)

// minOfferConfidence is how sure the comparator must be that a stored
// primitive states what p states before its name is offered for p: the
// names of results that only overlap would be offered as if they were p's.
const minOfferConfidence = 0.8

// NameOffers ranks at most n names for p (see names.Offers), using as the
// library's names those of the stored primitives that state what p states:
// the same content hash, or a neighbour the dedup comparator classes as an
// exact duplicate. p itself, if stored, is not its own evidence.
func NameOffers(st Store, p core.Primitive, n int) ([]names.Offer, error) {
	if n <= 0 {
		return nil, nil
	}
	hash := p.Provenance.ContentHash
	if hash == "" && p.FormalStatement != "" {
		hash = text.ContentHash(p.FormalStatement)
	}
	var similar []core.Primitive
	seen := map[string]bool{p.ID: true}
	if hash != "" {
		same, err := st.SameContent(hash)
		if err != nil {
			return nil, fmt.Errorf("name offers for %s: same content: %w", p.ID, err)
		}
		for _, s := range same {
			if !seen[s.ID] {
				seen[s.ID] = true
				similar = append(similar, s)
			}
		}
	}
	cfg := dedup.DefaultConfig()
	near, err := st.Near(&p, cfg.MaxDistance, cfg.MinSharedKeywords, cfg.CompareLimit())
	if err != nil {
		return nil, fmt.Errorf("name offers for %s: neighbours: %w", p.ID, err)
	}
	for i := range near {
		s := &near[i]
		if seen[s.ID] || names.Fallback(s.Name) {
			continue
		}
		c := dedup.Compare(&p, s)
		if c.Class == core.ExactDuplicate && c.Confidence >= minOfferConfidence {
			seen[s.ID] = true
			similar = append(similar, *s)
		}
	}
	ctx, err := sectionContext(st, p)
	if err != nil {
		return nil, err
	}
	return names.OffersIn(p, similar, n, ctx), nil
}

// sectionContext counts the stored results of p's section (its document
// and section title), p included, so a section title is ranked by how many
// results share it.
func sectionContext(st Store, p core.Primitive) (names.Context, error) {
	sec, doc := p.Provenance.Section, p.Provenance.Document
	if sec == "" || doc == "" || p.Domain == "" {
		return names.Context{}, nil
	}
	ps, err := st.ByDomain(p.Domain)
	if err != nil {
		return names.Context{}, fmt.Errorf("name offers for %s: section: %w", p.ID, err)
	}
	n, self := 0, false
	for _, q := range ps {
		if q.Provenance.Section == sec && q.Provenance.Document == doc {
			n++
			self = self || q.ID == p.ID
		}
	}
	if !self {
		n++
	}
	return names.Context{SectionResults: n}, nil
}
