package engine

import (
	"fmt"
	"slices"

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
	out, err := NameOffersAll(st, []core.Primitive{p}, nil, n)
	return out[p.ID], err
}

// NameOffersAll is NameOffers for each of ps, by id, reading each domain
// once to size the sections: a review offers names for hundreds of
// primitives at a time. The sections are counted over the stored
// primitives, ps and among together (a learn's candidates, among them
// those offered nothing, are not stored yet).
func NameOffersAll(st Store, ps, among []core.Primitive, n int) (map[string][]names.Offer, error) {
	out := make(map[string][]names.Offer, len(ps))
	if n <= 0 {
		return out, nil
	}
	sections, err := sectionSizes(st, append(slices.Clip(ps), among...))
	if err != nil {
		return nil, err
	}
	for i := range ps {
		p := ps[i]
		similar, err := similarStored(st, &p)
		if err != nil {
			return nil, err
		}
		ctx := names.Context{SectionResults: sections[sectionKey(p)]}
		out[p.ID] = names.OffersIn(p, similar, n, ctx)
	}
	return out, nil
}

// similarStored are the stored primitives that state what p states.
func similarStored(st Store, p *core.Primitive) ([]core.Primitive, error) {
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
	near, err := st.Near(p, cfg.MaxDistance, cfg.MinSharedKeywords, cfg.CompareLimit())
	if err != nil {
		return nil, fmt.Errorf("name offers for %s: neighbours: %w", p.ID, err)
	}
	for i := range near {
		s := &near[i]
		if seen[s.ID] || names.Fallback(s.Name) {
			continue
		}
		c := dedup.Compare(p, s)
		if c.Class == core.ExactDuplicate && c.Confidence >= minOfferConfidence {
			seen[s.ID] = true
			similar = append(similar, *s)
		}
	}
	return similar, nil
}

// sectionKey names a primitive's section: its domain, document and
// section title ("" when one is unknown).
func sectionKey(p core.Primitive) string {
	sec, doc := p.Provenance.Section, p.Provenance.Whole()
	if sec == "" || doc == "" || p.Domain == "" {
		return ""
	}
	return p.Domain + "\x00" + doc + "\x00" + sec
}

// sectionSizes counts the results of each section of ps's domains: the
// stored ones and ps, each id once, so a section title is ranked by how
// many results share it.
func sectionSizes(st Store, ps []core.Primitive) (map[string]int, error) {
	sizes := map[string]int{}
	seen := map[string]bool{}
	count := func(q core.Primitive) {
		if k := sectionKey(q); k != "" && !seen[q.ID] {
			seen[q.ID] = true
			sizes[k]++
		}
	}
	read := map[string]bool{}
	for _, p := range ps {
		if sectionKey(p) == "" || read[p.Domain] {
			continue
		}
		read[p.Domain] = true
		stored, err := st.ByDomain(p.Domain)
		if err != nil {
			return nil, fmt.Errorf("name offers: section sizes of %s: %w", p.Domain, err)
		}
		for _, q := range stored {
			count(q)
		}
	}
	for _, p := range ps {
		count(p)
	}
	delete(sizes, "")
	return sizes, nil
}
