package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/text"
)

// bruteBM25 is BM25F computed skill by skill from the texts, as ranking
// did before the index: the index must give the same scores, bit for bit.
func bruteBM25(skills []Skill, query string) []float64 {
	scores := make([]float64, len(skills))
	terms := uniq(text.Normalize(query))
	if len(terms) == 0 || len(skills) == 0 {
		return scores
	}
	tfs := make([]map[string]float64, len(skills))
	lens := make([]float64, len(skills))
	df := map[string]int{}
	var total float64
	for i, s := range skills {
		tf := map[string]float64{}
		for _, f := range []struct {
			s string
			w float64
		}{{s.Name, NameWeight}, {s.Description, DescWeight}, {s.Body, BodyWeight}} {
			for _, tok := range text.Normalize(f.s) {
				lens[i] += f.w
				tf[tok] += f.w
			}
		}
		for _, t := range terms {
			if tf[t] > 0 {
				df[t]++
			}
		}
		tfs[i] = tf
		total += lens[i]
	}
	n := float64(len(skills))
	avg := total / n
	for i := range skills {
		norm := 1 - B + B*lens[i]/avg
		var sc float64
		for _, t := range terms {
			f := tfs[i][t]
			if f == 0 {
				continue
			}
			d := float64(df[t])
			sc += math.Log1p((n-d+0.5)/(d+0.5)) * f * (K1 + 1) / (f + K1*norm)
		}
		scores[i] = sc
	}
	return scores
}

func randomSkills(r *rand.Rand, n int) []Skill {
	words := []string{"deploy", "service", "kubernetes", "pdf", "table", "extract", "login", "browser", "rotate", "logs",
		"nginx", "csv", "parse", "export", "invoice", "email", "backup", "restore", "database", "query"}
	pick := func(k int) string {
		s := ""
		for range k {
			s += words[r.IntN(len(words))] + " "
		}
		return s
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	out := make([]Skill, n)
	for i := range out {
		out[i] = Skill{Key: fmt.Sprintf("public.s%d", i), Name: pick(2), Description: pick(6), Body: pick(30),
			TaskType: []TaskType{Browser, API, Code, Domain, Unknown}[r.IntN(5)], Created: now.AddDate(0, 0, -r.IntN(400)),
			Helpful: r.IntN(3), Harmful: r.IntN(2), Uses: r.IntN(4)}
	}
	return out
}

// TestIndexMatchesBruteForce: scores bit for bit, and a limited ranking
// is the head of the full one.
func TestIndexMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for round := range 20 {
		skills := randomSkills(r, 50+r.IntN(300))
		x := NewIndex(skills)
		for _, q := range []string{"deploy kubernetes", "pdf table extract", "rotate nginx logs now", "the", "", "invoice email backup database"} {
			got, want := x.scores(q), bruteBM25(skills, q)
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("round %d %q skill %d: index %v, brute force %v", round, q, i, got[i], want[i])
				}
			}
			full := x.Rank(q, Options{Now: now})
			for _, limit := range []int{1, 3, 10} {
				head := x.Rank(q, Options{Now: now, Limit: limit})
				if len(head) != min(limit, len(full)) {
					t.Fatalf("%q limit %d: %d results of %d", q, limit, len(head), len(full))
				}
				for k := range head {
					if head[k].Skill.Key != full[k].Skill.Key || head[k].Score != full[k].Score {
						t.Fatalf("%q limit %d: result %d is %s, the full ranking has %s", q, limit, k, head[k].Skill.Key, full[k].Skill.Key)
					}
				}
			}
		}
	}
}
