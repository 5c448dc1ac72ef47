package library

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/search"
)

// Get returns the skill ref names (see Key), whatever its status: reading
// a record is not offering it.
func (l *Library) Get(ref string) (*skills.Skill, error) {
	key, err := l.Key(ref)
	if err != nil {
		return nil, err
	}
	return l.st.Skill(key)
}

// Activation is what an agent reads when it uses a skill (the second tier
// of progressive disclosure).
type Activation struct {
	// Skill is the record: its instructions and resource files.
	Skill *skills.Skill
	// Location is where its SKILL.md is (see Location).
	Location string
}

// Activate returns the skill ref names with its location, whatever its
// status: the caller decides what to say about a skill that is not
// offered (Skill.Offered). Activation is not a use; Use counts one.
func (l *Library) Activate(ref string) (Activation, error) {
	s, err := l.Get(ref)
	if err != nil {
		return Activation{}, err
	}
	loc, err := l.Materialize(s)
	if err != nil {
		return Activation{}, err
	}
	return Activation{Skill: s, Location: loc}, nil
}

// Filter selects skills by status and namespace.
type Filter struct {
	// Status keeps the skills with one of these statuses; empty keeps
	// every status.
	Status []skills.Status
	// Namespace keeps one namespace; "" keeps every namespace.
	Namespace string
	// Usable keeps only the skills the audience may use itself (its own
	// and the workspace's): a reviewer reads other users' own skills to
	// review them, not to carry them off in an export.
	Usable bool
}

func (f Filter) keep(s *skills.Skill) bool {
	return (len(f.Status) == 0 || slices.Contains(f.Status, s.Status)) &&
		(f.Namespace == "" || s.Namespace() == f.Namespace)
}

// Listing is a selection from the library.
type Listing struct {
	// Skills are the skills selected.
	Skills []*skills.Skill
	// Total is how many skills the library holds in all, so that an empty
	// library can be told from an empty selection.
	Total int
}

// List returns the skills f keeps, in key order.
func (l *Library) List(f Filter) (Listing, error) {
	lib, err := l.st.Skills()
	if err != nil {
		return Listing{}, err
	}
	lib = l.seen(lib)
	out := Listing{Total: len(lib)}
	for _, s := range lib {
		if f.keep(s) && (!f.Usable || l.opts.Audience.uses(s)) {
			out.Skills = append(out.Skills, s)
		}
	}
	return out, nil
}

// seen is the part of lib the audience reads, in a slice of its own: the
// store may lend lib from a cache other calls read at the same time (a
// serving process decodes the library once per version), so it is never
// filtered in place.
func (l *Library) seen(lib []*skills.Skill) []*skills.Skill {
	out := make([]*skills.Skill, 0, len(lib))
	for _, s := range lib {
		if l.opts.Audience.sees(s) {
			out = append(out, s)
		}
	}
	return out
}

// Queue returns the review queue: the drafts, oldest first.
func (l *Library) Queue() (Listing, error) {
	q, err := l.List(Filter{Status: []skills.Status{skills.Draft}})
	slices.SortStableFunc(q.Skills, func(x, y *skills.Skill) int { return x.Created.Compare(y.Created) })
	return q, err
}

// Offered returns the skills consumer may be offered, in key order: the
// active ones its policy lets it see. The empty consumer is anyone: only
// the catch-all rule applies to it. Consumer names are matched in lower
// case, as the configuration stores them.
func (l *Library) Offered(consumer string) ([]*skills.Skill, error) {
	lib, err := l.st.Skills()
	if err != nil {
		return nil, err
	}
	return l.offered(lib, consumer), nil
}

func (l *Library) offered(lib []*skills.Skill, consumer string) []*skills.Skill {
	var out []*skills.Skill
	for _, s := range lib {
		if l.OfferedTo(s, consumer) {
			out = append(out, s)
		}
	}
	return out
}

// OfferedTo reports whether s is offered to consumer (see Offered), for a
// caller holding one record that need not read the whole library.
func (l *Library) OfferedTo(s *skills.Skill, consumer string) bool {
	return s.Offered() && l.opts.Audience.uses(s) && l.opts.Policy.Visible(strings.ToLower(consumer), s.Key)
}

// ActivateOffered is Activate for consumer: only a skill offered to it
// (OfferedTo) is activated; any other is refused with the error of an
// unknown one, so that a consumer learns nothing of the skills it may
// not see. The check comes before the skill's folder is written.
func (l *Library) ActivateOffered(ref, consumer string) (Activation, error) {
	s, err := l.Get(ref)
	if err != nil {
		return Activation{}, err
	}
	if !l.OfferedTo(s, consumer) {
		return Activation{}, &UnknownSkillError{Ref: ref}
	}
	loc, err := l.Materialize(s)
	if err != nil {
		return Activation{}, err
	}
	return Activation{Skill: s, Location: loc}, nil
}

// Results is the answer to a search.
type Results struct {
	// Hits are the matches, best first (search.Rank's order and scores).
	Hits []search.Result
	// Searched is how many skills were ranked: those offered to the
	// consumer.
	Searched int
}

// RelevanceFloor is the share of the best match's relevance a skill needs
// to be returned by a search or listed in a catalog for a request (see
// search.Options.Floor): an agent given three skills for a request loads
// the wrong one as often as the right one when two of them only share
// its common words.
const RelevanceFloor = 0.5

// Search ranks the skills offered to consumer against query (score =
// relevance × decay × feedback) and returns at most limit of them (0: all).
// A blank query ranks by decay and feedback alone.
func (l *Library) Search(query, consumer string, limit int) (Results, error) {
	pool, index, err := l.offeredIndex(consumer)
	if err != nil {
		return Results{}, err
	}
	hits := index.Rank(query, search.Options{Now: l.now(), Limit: limit, Floor: RelevanceFloor})
	return Results{Hits: hits, Searched: len(pool)}, nil
}

// Catalog is the <available_skills> block of an agent's system prompt.
type Catalog struct {
	// Block is the block, or "" when no skill is offered: the client guide
	// says not to register an empty catalog.
	Block string
	// Skills counts the skills in the block, and Keys names them in its
	// order.
	Skills int
	Keys   []string
	// Warnings name the imports that could not be added: cycles, unknown
	// skills, and skills the consumer may not see.
	Warnings []string
}

// Prompt returns the catalog block of the skills offered to consumer. With
// a query, the matches are kept in rank order and followed by the skills
// they import (dependency first), taken only from what the consumer is
// offered; without one, every offered skill is listed. budget drops the
// lowest-ranked skills until the block fits that many tokens (0: no
// limit).
func (l *Library) Prompt(query, consumer string, budget int) (Catalog, error) {
	pool, index, err := l.offeredIndex(consumer)
	if err != nil {
		return Catalog{}, err
	}
	ranked := search.Skills(index.Rank(query, search.Options{Now: l.now(), Floor: RelevanceFloor}))
	var warnings []string
	if strings.TrimSpace(query) != "" {
		ranked, warnings = l.withImports(ranked, pool)
	}
	fitted := search.Fit(ranked, budget)
	if len(fitted) == 0 {
		if len(ranked) > 0 {
			// Skills were offered and none fits: the budget, not the
			// library, emptied the block.
			warnings = append(warnings, fmt.Sprintf("no skill fits a budget of %d tokens (%d offered); give a larger --budget", budget, len(ranked)))
		}
		return Catalog{Warnings: warnings}, nil
	}
	ranked = fitted
	// Placed here, whatever the ranking index was built with (it may be
	// shared with a library placing skills otherwise).
	m := byKey(pool)
	keys := make([]string, len(ranked))
	for i, r := range ranked {
		loc, err := l.Materialize(m[r.Key])
		if err != nil {
			return Catalog{}, err
		}
		ranked[i].Location, keys[i] = loc, r.Key
	}
	return Catalog{Block: search.Prompt(ranked, search.PromptOptions{}), Skills: len(ranked), Keys: keys, Warnings: warnings}, nil
}

// withImports appends to ranked the skills they import, in dependency
// order, taken from pool; an import outside pool is a warning rather than
// included, so an import never widens what a consumer sees.
func (l *Library) withImports(ranked []search.Skill, pool []*skills.Skill) ([]search.Skill, []string) {
	m := byKey(pool)
	var roots []string
	for _, r := range ranked {
		roots = append(roots, m[r.Key].Imports...)
	}
	order, warnings := resolveImports(roots, m)
	have := make(map[string]bool, len(ranked))
	for _, r := range ranked {
		have[r.Key] = true
	}
	for _, k := range order {
		if !have[k] {
			have[k] = true
			ranked = append(ranked, m[k].View(l.Location(m[k])))
		}
	}
	return ranked, warnings
}

// Resolution is a set of skills with everything they import.
type Resolution struct {
	// Skills are the keys in dependency-first order, each once.
	Skills []string
	// Hidden are the keys dropped because the consumer may not see them.
	Hidden []string
	// Warnings name import cycles and unknown imports (scope.Resolve).
	Warnings []string
}

// Resolve expands the skills refs name (see Key) and everything they
// import, whatever their status, into dependency-first order. With a
// consumer, the skills it may not see are moved to Hidden; without one,
// nothing is hidden, not even by the catch-all rule: resolving shows a
// library's structure, it offers nothing.
func (l *Library) Resolve(refs []string, consumer string) (Resolution, error) {
	lib, err := l.st.Skills()
	if err != nil {
		return Resolution{}, err
	}
	res, err := resolveIn(l.seen(lib), refs)
	if err != nil {
		return Resolution{}, err
	}
	if consumer != "" {
		visible := l.opts.Policy.Filter(strings.ToLower(consumer), res.Skills)
		for _, k := range res.Skills {
			if !slices.Contains(visible, k) {
				res.Hidden = append(res.Hidden, k)
			}
		}
		res.Skills = visible
	}
	return res, nil
}

// ResolveOffered is Resolve among the skills offered to consumer alone
// (Offered), for an agent, who is given no other: a skill named that is
// not offered is refused as unknown, and an import of one is warned about
// as an unknown import, so the agent learns nothing of the skills it may
// not be given. Nothing is hidden, since nothing else was looked at.
func (l *Library) ResolveOffered(refs []string, consumer string) (Resolution, error) {
	pool, err := l.Offered(consumer)
	if err != nil {
		return Resolution{}, err
	}
	return resolveIn(pool, refs)
}

// resolveIn resolves refs and their imports among the skills of pool.
func resolveIn(pool []*skills.Skill, refs []string) (Resolution, error) {
	keys := make([]string, len(pool))
	for i, s := range pool {
		keys[i] = s.Key
	}
	roots := make([]string, len(refs))
	for i, ref := range refs {
		var err error
		if roots[i], err = resolveRef(keys, ref); err != nil {
			return Resolution{}, err
		}
	}
	var res Resolution
	res.Skills, res.Warnings = resolveImports(roots, byKey(pool))
	return res, nil
}
