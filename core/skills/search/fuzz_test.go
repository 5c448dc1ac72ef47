package search

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

func FuzzRank(f *testing.F) {
	f.Add("login website", "website-login", "Log in <here>", "body", 3, 1, int64(10))
	f.Add("", "", "", "", 0, 0, int64(0))
	f.Add("the", "über-straße", "日本語 テキスト", "\x00\xff", -1, 1<<30, int64(-5))
	f.Add("pdf pdf pdf", "pdf", "pdf", strings.Repeat("pdf ", 100), 0, 0, int64(1<<40))
	f.Fuzz(func(t *testing.T, query, name, desc, body string, helpful, harmful int, days int64) {
		skills := corpus()
		extra := Skill{Key: "fuzz", Name: name, Description: desc, Body: body,
			Helpful: helpful, Harmful: harmful, TaskType: TaskType(name),
			LastUsed: now.Add(-timeDays(days))}
		twin := extra
		twin.Key, twin.Negative = "fuzz-twin", true
		skills = append(skills, extra, twin)

		rs := Rank(skills, query, Options{Now: now})
		for i, r := range rs {
			for _, v := range []float64{r.Score, r.Relevance, r.Decay, r.Feedback} {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
					t.Fatalf("non-finite or negative factor in %+v", r)
				}
			}
			if i > 0 && rs[i-1].Score < r.Score {
				t.Fatalf("not sorted at %d", i)
			}
		}
		rev := slices.Clone(skills)
		slices.Reverse(rev)
		again := Rank(rev, query, Options{Now: now})
		if !slices.EqualFunc(rs, again, func(a, b Result) bool { return a.Skill.Key == b.Skill.Key && a.Score == b.Score }) {
			t.Fatalf("order depends on input order")
		}
		out := Prompt(Skills(rs), PromptOptions{Budget: int(uint(helpful) % 500)})
		if !strings.HasPrefix(out, "<available_skills>\n") || !strings.HasSuffix(out, "\n</available_skills>") {
			t.Fatalf("malformed block %q", out)
		}
		if e := Escape(name); strings.ContainsAny(e, `<>"'`) {
			t.Fatalf("unescaped markup in %q", e)
		}
	})
}

func timeDays(d int64) (out time.Duration) {
	// Clamp so the product cannot overflow time.Duration; the clamp still
	// reaches ages far beyond any half-life.
	d = max(min(d, 100000), -100000)
	return time.Duration(d) * 24 * 3600 * 1e9
}
