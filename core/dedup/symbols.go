package dedup

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// The comparator's statement tokens are words of two letters or more:
// two statements that say the same words of different matrices, indices
// or formulas ("Then $\mathcal{R}(A)$ is a subspace of $\mathbb{C}^n$",
// "Then $\mathcal{C}(A)$ is a subspace of $\mathbb{C}^m$"), or one list of
// equivalences and the same list with an item more, measure as one. They
// are two results. A duplicate repeats the mathematics and the items as
// well as the words; this file reads those.

// formulas are the mathematics of s, one key a formula: in canonical
// math form (text.CanonicalMath), the commands, single letters (case
// kept), numbers and operator signs of each of its $…$ spans, sorted, when
// s writes LaTeX; else one key of its commands and the single letters and
// numbers standing as words (a rendered text's variables). Braces and
// script marks are left out: a rendering need not keep them. The keys
// come sorted, each as often as its formula is written.
func formulas(s string) []string {
	var out []string
	if markedUp(s) {
		for _, m := range mathSpans(s) {
			if toks := mathTokens(nil, text.CanonicalMath(m)); len(toks) > 0 {
				slices.Sort(toks)
				out = append(out, strings.Join(toks, " "))
			}
		}
	} else {
		c := text.CanonicalMath(s)
		toks := append(letterWords(nil, c), commands.FindAllString(c, -1)...)
		slices.Sort(toks)
		out = append(out, strings.Join(toks, " "))
	}
	slices.Sort(out)
	return out
}

// commands are the \commands of a text in canonical math form (a rendered
// χ spelled \chi).
var commands = lazyre.New(`\\[A-Za-z]+`)

// markedUp reports whether s writes its mathematics in $…$ spans.
func markedUp(s string) bool { return strings.Contains(s, "$") }

// mathSpans are the contents of s's $…$ and $$…$$ spans.
func mathSpans(s string) []string {
	var out []string
	parts := strings.Split(strings.ReplaceAll(s, "$$", "$"), "$")
	for i := 1; i < len(parts); i += 2 {
		out = append(out, parts[i])
	}
	return out
}

// mathTokens appends the tokens of the formula m: \commands, letters one
// by one, numbers, and every other sign but braces, script marks and
// spacing.
func mathTokens(out []string, m string) []string {
	for i := 0; i < len(m); {
		r, w := utf8.DecodeRuneInString(m[i:])
		switch {
		case r == '\\':
			j := i + 1
			for j < len(m) && (m[j] >= 'a' && m[j] <= 'z' || m[j] >= 'A' && m[j] <= 'Z') {
				j++
			}
			if j == i+1 {
				// \{ \, \! \\ …: a brace or spacing.
				i = min(j+1, len(m))
				continue
			}
			switch cmd := m[i:j]; cmd {
			case `\left`, `\right`, `\big`, `\Big`, `\bigl`, `\bigr`, `\quad`, `\qquad`, `\displaystyle`:
			default:
				out = append(out, cmd)
			}
			i = j
			continue
		case unicode.IsDigit(r):
			j := i
			for j < len(m) && m[j] >= '0' && m[j] <= '9' {
				j++
			}
			out = append(out, m[i:j])
			i = j
			continue
		case unicode.IsSpace(r), r == '{', r == '}', r == '^', r == '_', r == '&':
		default:
			out = append(out, string(r))
		}
		i += w
	}
	return out
}

// letterWords appends the words of s that are one letter, or a number.
// The article "a" is no variable.
func letterWords(out []string, s string) []string {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if utf8.RuneCountInString(f) == 1 && unicode.IsLetter([]rune(f)[0]) && f != "a" || isNumber(f) {
			out = append(out, f)
		}
	}
	return out
}

func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// listItem is the mark that opens an item of a list: "(3) ", "(b) ", "• ".
var listItem = lazyre.New(`(?:^|\s)(?:\((?:\d{1,2}|[a-z]|[ivx]{1,4})\)|[•◦▪])\s`)

// items is how many list items s has.
func items(s string) int { return len(listItem.FindAllStringIndex(s, -1)) }

// otherMathematics reports whether statements a and b, read as one by
// their words, are two results by their mathematics: another number of
// list items, or a formula of one that the other does not write. One may
// write out a formula the other refers to (a slide's homogeneous equation
// for the book's "equation (1.1)"): the formulas of one holding all the
// other's are no other mathematics. A statement and its rendering (one in
// LaTeX, the other as a reader sees it) are not read so: a rendering
// spells its scripts and braces otherwise, and text.OtherNotation tells
// them.
func otherMathematics(a, b string) bool {
	if markedUp(a) != markedUp(b) {
		return false
	}
	if items(a) != items(b) {
		return true
	}
	fa, fb := formulas(a), formulas(b)
	return !within(fa, fb) && !within(fb, fa)
}

// within reports whether the sorted multiset a is part of the sorted
// multiset b.
func within(a, b []string) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
		j++
	}
	return true
}

// twoResults corrects c, the comparison of cand with existing, where it
// calls the two one statement by their words though their mathematics or
// their list items differ (otherMathematics): they are two results, the
// candidate genuinely new beside the stored one. One text, or one in other
// notation (text.OtherNotation), is one statement whatever its symbols.
// Two statements of one name are left to the merge engine, whose rule
// holds a changed number or formula under one title for a person.
func twoResults(c *core.Comparison, cand, existing *core.Primitive) {
	if c.Class != core.ExactDuplicate || SameName(cand, existing) {
		return
	}
	a, b := cand.FormalStatement, existing.FormalStatement
	if unspaced(a) == unspaced(b) {
		if w, v, ok := otherPassage(cand, existing); ok {
			c.Class = core.GenuinelyNew
			c.Confidence = c.FormalSimilarity
			c.Rationale = "One document opens two places with this statement and goes on of " + strconv.Quote(w) + " and of " +
				strconv.Quote(v) + ": two subjects, not one — kept apart."
		}
		return
	}
	if converse(a, b) {
		c.Class = core.GenuinelyNew
		c.Confidence = c.FormalSimilarity
		c.Rationale = "The statements share their words (" + pct(c.FormalSimilarity) + ") but each assumes what the other concludes: " +
			"a result and its converse, not one — kept apart."
		return
	}
	if w, v, ok := otherSubject(cand, existing); ok {
		c.Class = core.GenuinelyNew
		c.Confidence = c.FormalSimilarity
		c.Rationale = "The statements share their words (" + pct(c.FormalSimilarity) + ") but one document states them at two places of " +
			strconv.Quote(w) + " and of " + strconv.Quote(v) + ": two rules, not one — kept apart."
		return
	}
	if text.OtherNotation(a, b) || !otherMathematics(a, b) {
		return
	}
	c.Class = core.GenuinelyNew
	c.Confidence = c.FormalSimilarity
	how := "other mathematics"
	if items(a) != items(b) {
		how = "another list (" + strconv.Itoa(items(a)) + " items to " + strconv.Itoa(items(b)) + ")"
	}
	c.Rationale = "The statements share their words (" + pct(c.FormalSimilarity) + ") but say them of " + how +
		": two results, not one — kept apart."
}

// otherSubject reports whether cand and existing are two statements of
// one document, at two places, that say the same of two things ("If the
// user requests a group to be created …" and "… an array to be created
// …, then groups MUST also be created at all ancestor paths"): each has
// a word of substance the other lacks. An author who writes a sentence
// twice with one word changed means both. w and v are the words.
func otherSubject(cand, existing *core.Primitive) (w, v string, ok bool) {
	return twoPlaces(cand, existing, cand.FormalStatement, existing.FormalStatement)
}

// otherPassage reports whether cand and existing open two sections of
// one document with one sentence ("The following definitions apply for
// all ABIs …" over the sizes, then over the representations) and go on
// to say two things: what each goes on to say is its subject. w and v
// are words only one of the two passages has.
func otherPassage(cand, existing *core.Primitive) (w, v string, ok bool) {
	if cand.Passage == "" || existing.Passage == "" {
		return "", "", false
	}
	return twoPlaces(cand, existing, cand.Passage, existing.Passage)
}

// twoPlaces reports whether cand and existing stand at two places of one
// document and their texts a and b each have a word of substance the
// other lacks (w in a, v in b).
func twoPlaces(cand, existing *core.Primitive, a, b string) (w, v string, ok bool) {
	pc, pe := &cand.Provenance, &existing.Provenance
	if pc.Document == "" || pc.Document != pe.Document || pc.Offset == pe.Offset {
		return "", "", false
	}
	wa, wb := writtenWords(a), writtenWords(b)
	w, v = onlyIn(wa, wb), onlyIn(wb, wa)
	return w, v, w != "" && v != ""
}

// onlyIn is a word of substance of sorted set a that sorted set b lacks,
// "" when there is none.
func onlyIn(a, b []string) string {
	for _, w := range a {
		if _, found := slices.BinarySearch(b, w); !found && !text.IsStopword(w) && len(w) > 2 {
			return w
		}
	}
	return ""
}

// implication reads a statement as "If P, then Q" (a preamble before the
// "if" stays out of both sides).
var implication = lazyre.New(`(?is)\bif\b(.+?)\bthen\b(.+)`)

// converse reports whether a and b are a result and its converse: each
// an implication whose hypothesis is the other's conclusion ("If $\Phi$
// is consistent, then $\Phi$ is satisfiable" and "If $\Phi$ is
// satisfiable, then $\Phi$ is consistent"). Their words are one set, so
// the comparator measures them as one statement; a reader does not.
func converse(a, b string) bool {
	ma, mb := implication.FindStringSubmatch(a), implication.FindStringSubmatch(b)
	if ma == nil || mb == nil {
		return false
	}
	side := func(s string) string { return strings.Join(tokenSet(nil, text.CanonicalMath(s)), " ") }
	ha, ca, hb, cb := side(ma[1]), side(ma[2]), side(mb[1]), side(mb[2])
	return ha != ca && ha == cb && ca == hb
}
