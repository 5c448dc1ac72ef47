package engine

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Named answers the deduper's question for the primitives of a domain
// named as a candidate (dedup.NameIndex) from the store's name index: of
// the names that start with the name's first stem, those whose stems are
// the name's, and of their primitives those of the domain with the name's
// text.NameKey (as dedup.SameName judges).
func (r registry) Named(domain, name string) ([]core.Primitive, error) {
	key := text.NameKey(name)
	stems := text.NameStems(name)
	if key == "" || len(stems) == 0 {
		return nil, nil
	}
	refs, err := r.st.NamesStartingWith(stems[:1])
	if err != nil {
		return nil, fmt.Errorf("primitives named %q: %w", name, err)
	}
	want := strings.Join(stems, " ")
	var out []core.Primitive
	for _, ref := range refs[stems[0]] {
		if ref.Name != want {
			continue
		}
		p, ok, err := r.st.GetPrimitive(ref.ID)
		if err != nil {
			return nil, fmt.Errorf("primitives named %q: %w", name, err)
		}
		if ok && p.Domain == domain && text.NameKey(p.Name) == key {
			out = append(out, p)
		}
	}
	return out, nil
}
