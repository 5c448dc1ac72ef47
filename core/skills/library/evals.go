package library

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
)

// EvalTop is how high a should-not query may rank a skill without
// failing: an agent shown the top three would load it.
const EvalTop = 3

// TriggerQuery is one trigger eval and where the skill ranked for it.
type TriggerQuery struct {
	Query         string `json:"query"`
	ShouldTrigger bool   `json:"shouldTrigger"`
	// Rank is the skill's place among the pool for the query, 1 first, 0
	// when it did not match at all.
	Rank int `json:"rank"`
	// First is the skill that ranked first ("" when none matched).
	First string `json:"first,omitempty"`
	// Pass: a should-trigger query ranks the skill first, a should-not
	// query ranks it below the top EvalTop (or not at all).
	Pass bool `json:"pass"`
}

// Why says why a query failed, for skill (the key it was run for): where
// the skill ranked ("ranked 2", "not matched") and which skill ranked
// first when another did.
func (q TriggerQuery) Why(skill string) string {
	why := "not matched"
	if q.Rank > 0 {
		why = fmt.Sprintf("ranked %d", q.Rank)
	}
	if q.First != "" && q.First != skill {
		why += ", first " + q.First
	}
	return why
}

// SkillEval is one skill's trigger eval results.
type SkillEval struct {
	Key     string         `json:"key"`
	Queries []TriggerQuery `json:"queries"`
	// Should counts should-trigger queries and Hits those that ranked the
	// skill first; ShouldNot and Clear the should-not ones and those that
	// kept it out of the top EvalTop.
	Should    int `json:"should"`
	Hits      int `json:"hits"`
	ShouldNot int `json:"shouldNot"`
	Clear     int `json:"clear"`
	// Problem says why the skill has no result ("no trigger evals",
	// "evals/trigger_evals.json: …"); "" when it has one.
	Problem string `json:"problem,omitempty"`
}

// EvalReport is what TriggerEvals found.
type EvalReport struct {
	// Pool is how many skills every query was ranked among.
	Pool   int         `json:"pool"`
	Skills []SkillEval `json:"skills"`
	// Should, Hits, ShouldNot and Clear total the skills'.
	Should    int `json:"should"`
	Hits      int `json:"hits"`
	ShouldNot int `json:"shouldNot"`
	Clear     int `json:"clear"`
}

// TriggerEvals runs the trigger evals of the skills refs names (every
// skill that has some when refs is empty) against the library: each
// query is ranked as lore skills search and the MCP catalog rank, by
// relevance (BM25 over name, description and body), among the library's
// skills that are not archived — drafts too, so that a skill's description
// is judged before a person promotes it; decay and feedback are left out,
// which measure use, not the description.
func (l *Library) TriggerEvals(refs []string) (EvalReport, error) {
	lib, err := l.st.Skills()
	if err != nil {
		return EvalReport{}, err
	}
	var pool []*skills.Skill
	for _, s := range l.seen(lib) {
		if s.Status != skills.Archived {
			pool = append(pool, s)
		}
	}
	targets := pool
	if len(refs) > 0 {
		targets = nil
		for _, ref := range refs {
			s, err := l.Get(ref)
			if err != nil {
				return EvalReport{}, err
			}
			targets = append(targets, s)
		}
	}
	index := search.NewIndex(l.views(pool))
	rep := EvalReport{Pool: len(pool)}
	for _, s := range targets {
		se := SkillEval{Key: s.Key}
		qs, problem := triggerEvalsOf(s)
		if problem != "" {
			if len(refs) > 0 {
				se.Problem = problem
				rep.Skills = append(rep.Skills, se)
			}
			continue
		}
		for _, q := range qs {
			hits := index.Rank(q.Query, search.Options{Floor: RelevanceFloor})
			tq := TriggerQuery{Query: q.Query, ShouldTrigger: q.ShouldTrigger}
			if len(hits) > 0 && hits[0].Relevance > 0 {
				tq.First = hits[0].Skill.Key
			}
			if i := slices.IndexFunc(hits, func(r search.Result) bool { return r.Skill.Key == s.Key && r.Relevance > 0 }); i >= 0 {
				tq.Rank = i + 1
			}
			if q.ShouldTrigger {
				tq.Pass = tq.Rank == 1
				se.Should++
				if tq.Pass {
					se.Hits++
				}
			} else {
				tq.Pass = tq.Rank == 0 || tq.Rank > EvalTop
				se.ShouldNot++
				if tq.Pass {
					se.Clear++
				}
			}
			se.Queries = append(se.Queries, tq)
		}
		rep.Should += se.Should
		rep.Hits += se.Hits
		rep.ShouldNot += se.ShouldNot
		rep.Clear += se.Clear
		rep.Skills = append(rep.Skills, se)
	}
	return rep, nil
}

// triggerEvalsOf reads a skill's trigger evals, or says why it has none.
func triggerEvalsOf(s *skills.Skill) ([]struct {
	Query         string `json:"query"`
	ShouldTrigger bool   `json:"should_trigger"`
}, string) {
	for _, f := range s.Files {
		if f.Path != skillspec.TriggerEvalsFile {
			continue
		}
		var qs []struct {
			Query         string `json:"query"`
			ShouldTrigger bool   `json:"should_trigger"`
		}
		if err := json.Unmarshal(f.Content, &qs); err != nil {
			return nil, fmt.Sprintf("%s: %v", skillspec.TriggerEvalsFile, err)
		}
		return qs, ""
	}
	return nil, "no trigger evals (" + skillspec.TriggerEvalsFile + ")"
}
