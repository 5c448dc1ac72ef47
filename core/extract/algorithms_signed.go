package extract

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A section titled by an operation's signature ("iadd_N(i_1, i_2)",
// "ToNumber(argument)") whose text says in steps how it computes ("* Let
// j_1 be the signed interpretation of i_1.", "* If j_2 is 0, then the
// result is undefined.", "* Else, return …") defines that operation: an
// algorithm named by the signature, its steps the list's items in order,
// sub-steps under them, however the list is marked (bullets or numbers).
// A reader of a specification's numerics or abstract operations reads
// each such section so; one step ("* Return the result of adding i_1 and
// i_2 modulo 2^N.") is an algorithm too, as its author sets it.

// signedTitle is a heading that is a signature: a name, then its
// parameters in parentheses, math delimiters and a leading backslash
// aside.
var signedTitle = lazyre.New(`^[$\\\s]*([A-Za-z_][A-Za-z0-9_.]*)\s*\(([^()]*)\)[\s$]*(?::.*)?$`)

// signedItem is an item's marker at a line's start: a bullet or a number,
// and how far it is indented.
var signedItem = lazyre.New(`^([ \t]*)(?:[-*+]|[0-9]{1,3}[.)])[ \t]+(\S.*)$`)

// computingItem opens a step that computes, a specification's way:
// binding, returning, branching, asserting, iterating.
var computingItem = lazyre.New(`(?i)^(?:let\b|return\b|if\b|else\b|otherwise\b|assert\b|for each\b|while\b|repeat\b|set\b|perform\b|throw\b)`)

// signedConfidence is below a marked block's: the steps are found by
// what they say under a heading that names the operation.
const signedConfidence = 0.8

// signedSections adds the algorithm a section titled by a signature states
// in steps, when no reader took its steps; first is the index of the
// section's first candidate.
func (x *extractor) signedSections(st *secState, first int) {
	if x.format != core.FormatMarkdown {
		return
	}
	m := signedTitle.FindStringSubmatch(st.title)
	if m == nil {
		return
	}
	steps, at, end := signedSteps(st.own)
	if len(steps) == 0 {
		return
	}
	for _, c := range x.cands[first:] {
		if c.typ == core.Algorithm || c.typ == core.Technique || c.offset >= st.body+at && c.offset < st.body+end {
			return // a reader took the steps
		}
	}
	name := m[1] + "(" + strings.Join(strings.Fields(m[2]), " ") + ")"
	var form strings.Builder
	n := 0
	for _, s := range steps {
		if form.Len() > 0 {
			form.WriteByte('\n')
		}
		if s.depth == 0 {
			n++
			form.WriteString(strconv.Itoa(n) + ". " + s.text)
		} else {
			form.WriteString(strings.Repeat("  ", s.depth) + " - " + s.text)
		}
	}
	x.add(st, cand{
		typ:       core.Algorithm,
		name:      name,
		statement: signedStatement(steps),
		offset:    st.body + at,
		end:       st.body + end,
		conf:      signedConfidence,
		form:      form.String(),
		genuine:   true,
	})
}

// signedStep is one item of a signature's list, at its depth.
type signedStep struct {
	text  string
	depth int
}

// signedSteps reads the first list of a section's text when its first
// item computes: its items with their depth, where it starts and ends.
func signedSteps(s string) ([]signedStep, int, int) {
	var out []signedStep
	var indents []int
	at, end := -1, 0
	pos := 0
	for _, line := range strings.SplitAfter(s, "\n") {
		lineAt := pos
		pos += len(line)
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		m := signedItem.FindStringSubmatch(strings.TrimRight(line, "\r\n"))
		switch {
		case m != nil:
			ind := len(m[1])
			if at < 0 {
				if !computingItem.MatchString(plainMarkdown(m[2])) {
					return nil, 0, 0
				}
				at = lineAt
			}
			for len(indents) > 0 && indents[len(indents)-1] > ind {
				indents = indents[:len(indents)-1]
			}
			if len(indents) == 0 || indents[len(indents)-1] < ind {
				indents = append(indents, ind)
			}
			out = append(out, signedStep{text: cutWords(plainMarkdown(m[2]), maxStepText), depth: len(indents) - 1})
			end = pos
		case at >= 0 && (line[0] == ' ' || line[0] == '\t') && len(out) > 0 && !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "$$"):
			out[len(out)-1].text = cutWords(out[len(out)-1].text+" "+plainMarkdown(t), maxStepText) // the item runs on
			end = pos
		case at >= 0:
			return out, at, end // the list is over
		}
	}
	return out, max(at, 0), end
}

// signedStatement is what the steps say, one after another: the
// operation's definition in its own words (operations that share a first
// step, "If either is a NaN, then return …", differ in the rest).
func signedStatement(steps []signedStep) string {
	var b strings.Builder
	for _, s := range steps {
		if b.Len()+len(s.text) > maxStatement {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.text)
	}
	return b.String()
}
