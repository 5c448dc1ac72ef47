package search

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// TaskType says how quickly a skill goes stale; see [HalfLife].
type TaskType string

// The task types of seed 001. Anything else is treated as [Unknown].
const (
	Browser TaskType = "browser"
	API     TaskType = "api"
	Code    TaskType = "code"
	Domain  TaskType = "domain"
	Unknown TaskType = "unknown"
)

// Skill is the view of a stored skill that ranking and the prompt block need.
type Skill struct {
	// Key is the fully qualified identity (e.g. "public.pdf-extract"); it
	// breaks ties between skills that share a name.
	Key         string
	Name        string
	Description string
	// Body is the instructions text, searched with the lowest field weight.
	Body string
	// Location is printed verbatim in the prompt block; the reference
	// validator prints the absolute path of SKILL.md there.
	Location string
	TaskType TaskType
	// Created and LastUsed date the skill for decay; zero means unknown.
	Created  time.Time
	LastUsed time.Time
	Helpful  int
	Harmful  int
	Uses     int
	Success  int
	// Negative marks a "don't do this" skill; the prompt labels it as a
	// warning instead of hiding it, because the warning is the value.
	Negative bool
}

// Half-lives in days, from seed 001 part 5.
var halfLives = map[TaskType]float64{
	Browser: 7,
	API:     90,
	Code:    180,
	Domain:  365,
	Unknown: 30,
}

// Normalize returns t lowercased and trimmed, or [Unknown] when it is not
// one of the known task types, so a typo in stored data decays like an
// unclassified skill rather than never decaying.
func (t TaskType) Normalize() TaskType {
	n := TaskType(strings.ToLower(strings.TrimSpace(string(t))))
	if _, ok := halfLives[n]; ok {
		return n
	}
	return Unknown
}

// HalfLife returns the number of days after which an unused skill of type t
// counts half as much.
func HalfLife(t TaskType) float64 {
	return halfLives[t.Normalize()]
}

// Age returns the days since s was last used (or created, when it was never
// used), and whether s had a usable timestamp at all. Future timestamps count
// as zero days so clock skew cannot boost a skill above fresh.
func Age(s Skill, now time.Time) (days float64, used, ok bool) {
	ref, used := s.LastUsed, true
	if ref.IsZero() {
		ref, used = s.Created, false
	}
	if ref.IsZero() || now.IsZero() {
		return 0, used, false
	}
	days = now.Sub(ref).Hours() / 24
	if days < 0 || math.IsNaN(days) {
		days = 0
	}
	return days, used, true
}

// Decay returns 2^(−days/halfLife) for s at now: 1 for a skill used just
// now, 0.5 after one half-life. A skill with no timestamps, or a zero now,
// gets 1: without a date there is no evidence that it went stale.
func Decay(s Skill, now time.Time) float64 {
	ref := s.LastUsed
	if ref.IsZero() {
		ref = s.Created
	}
	return decayAt(ref, HalfLife(s.TaskType), now)
}

// decayAt is Decay for a skill last used (or created) at ref whose task
// type halves every halfLife days; Age's rules for a missing or future
// date apply.
func decayAt(ref time.Time, halfLife float64, now time.Time) float64 {
	if ref.IsZero() || now.IsZero() {
		return 1
	}
	days := now.Sub(ref).Hours() / 24
	if days < 0 || math.IsNaN(days) {
		days = 0
	}
	return math.Exp2(-days / halfLife)
}

// Feedback returns 0.5 + (helpful+1)/(helpful+harmful+2), in (0.5, 1.5) and
// exactly 1 without votes. Negative counts are treated as zero, so corrupt
// data cannot push the factor out of its bounds.
func Feedback(helpful, harmful int) float64 {
	h := float64(max(helpful, 0))
	x := float64(max(harmful, 0))
	return 0.5 + (h+1)/(h+x+2)
}

// DefaultStaleBelow is the decay factor under which a skill gets a
// staleness warning: two half-lives without use.
const DefaultStaleBelow = 0.25

// Staleness returns a warning such as "not used for 200 days (api skills
// halve every 90)" when the decay of s at now is below threshold, and ""
// otherwise. A threshold ≤ 0 means the default; a skill without timestamps
// is never reported, as [Decay] treats it as fresh.
func Staleness(s Skill, now time.Time, threshold float64) string {
	if !(threshold > 0) {
		threshold = DefaultStaleBelow
	}
	days, used, ok := Age(s, now)
	if !ok || Decay(s, now) >= threshold {
		return ""
	}
	t := s.TaskType.Normalize()
	hl := fmt.Sprintf("(%s skills halve every %g)", t, HalfLife(t))
	d := int64(math.Min(days, math.MaxInt32))
	if used {
		return fmt.Sprintf("not used for %s %s", plural(d, "day"), hl)
	}
	return fmt.Sprintf("never used; created %s ago %s", plural(d, "day"), hl)
}

func plural(n int64, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
