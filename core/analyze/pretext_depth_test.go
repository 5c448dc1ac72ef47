package analyze

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// Nested divisions make sections no deeper than maxDivisionDepth: 50,000
// nested <section>s overflowed the stack of lore analyze's walk of the
// tree. The deeper ones are text of the deepest section, which still
// holds the innermost words.
func TestDeepPreTeXtDivisionsAreBounded(t *testing.T) {
	const n = 100_000
	text := "<article><title>A</title>" + strings.Repeat("<section><title>T</title>", n) +
		"<p>innermost words</p>" + strings.Repeat("</section>", n) + "<section><title>After</title><p>x</p></section></article>"
	roots := Sections(text, core.FormatPreTeXt)
	depth, sections, deepest := 0, 0, (*core.Section)(nil)
	// Walked with a queue, not recursion: the tree may be as deep as the
	// nest.
	type at struct {
		s *core.Section
		d int
	}
	queue := []at{}
	for _, r := range roots {
		queue = append(queue, at{r, 1})
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		sections++
		if q.d > depth {
			depth, deepest = q.d, q.s
		}
		for _, c := range q.s.Children {
			queue = append(queue, at{c, q.d + 1})
		}
	}
	if depth > maxDivisionDepth+1 || sections > maxDivisionDepth+2 {
		t.Fatalf("%d sections, %d deep, want at most %d deep", sections, depth, maxDivisionDepth+1)
	}
	own := text[deepest.BodyOffset:deepest.OwnEnd()]
	if !strings.Contains(own, "innermost words") {
		t.Errorf("the deepest section (%d:%q) does not hold the innermost words", deepest.Level, deepest.Title)
	}
	if last := roots[len(roots)-1]; last.Title != "After" || last.Level != 1 {
		t.Errorf("the section after the nest is not a section of its own: %d:%q", last.Level, last.Title)
	}
}
