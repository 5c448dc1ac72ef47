package names

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Apart names p apart from other, a primitive of the same name that states
// something else (two results that share a title: "Linearity" of the
// integral and "Linearity" of the derivative), by what p is about:
//   - of another kind than other, by its kind: "Breadth-first search
//     (algorithm)" beside the definition;
//   - else by the section, or failing that the document, that p was read
//     in when it differs from other's: "Linearity of the integral" (from
//     "Properties of the integral"), "Linearity of the derivative" (from
//     "The derivative"); a name that has an "of" already takes the title
//     after a dash ("Characterization of Convergent Sequences — Metric
//     spaces");
//   - else by two words in a row that its statement holds and other's
//     does not: "Sequence (metric space)";
//   - else, failing two, the first such word: "Key lemma (Cauchy)";
//   - else by the number its book prints for it ("Superposition
//     (2.3.1)"), never by a count: with none, the name stays.
//
// The name stays within the bounds of a name (maxOfferBytes is an offer's;
// a name may be longer, but not a sentence): a title too long to add is
// left out.
func Apart(p, other *core.Primitive) string {
	name := strings.TrimSpace(p.Name)
	if p.Type != other.Type && p.Type != "" {
		return name + " (" + string(p.Type) + ")"
	}
	for _, t := range [][2]string{
		{p.Provenance.Section, other.Provenance.Section},
		{p.Provenance.Title, other.Provenance.Title},
	} {
		about := aboutTitle(t[0])
		if about == "" || strings.EqualFold(about, aboutTitle(t[1])) || strings.EqualFold(about, name) {
			continue
		}
		var n string
		if hasOf(name) {
			n = name + " — " + about
		} else {
			n = name + " of " + apartPhrase(about)
		}
		if len(n) <= maxApartBytes {
			return n
		}
	}
	if about := text.DistinctPhrase(p.FormalStatement, other.FormalStatement, name); about != "" {
		return name + " (" + about + ")"
	}
	if n := printedNumber.FindString(p.Provenance.Section); n != "" && n != printedNumber.FindString(other.Provenance.Section) {
		return name + " (" + n + ")"
	}
	// Nothing tells them apart: a count would say nothing of either.
	return name
}

// printedNumber is the number a book prints for a block, as its section
// carries it ("2.3.1").
var printedNumber = lazyre.New(`^(?:[0-9]+|[A-Z])(?:\.[0-9]+)+$`)

// maxApartBytes bounds a name made apart.
const maxApartBytes = 120

// leadNumber is a section's number written into its title ("5.2 ",
// "B.1. ").
var leadNumber = lazyre.New(`^(?:[0-9]+(?:\.[0-9]+)*\.?|[A-Z](?:\.[0-9]+)+\.?)\s+`)

// partMark closes a title that one of its parts carries ("BA: 0.3 part
// 3", "Sets, part II").
var partMark = lazyre.New(`(?i)[\s,]+part\s+(?:[0-9]+|[IVXLC]+)$`)

// labelTitle is a title that only numbers a part ("BA: 7.3", "Lecture 4",
// "Part II"): it says nothing of a subject.
var labelTitle = lazyre.New(`^[A-Za-z]{1,10}\.?:?\s*(?:[0-9]+(?:\.[0-9]+)*|[IVXLC]+)$`)

// aboutTitle is a section or document title as it can say what a result
// is about: its number, surrounding space and final period dropped; ""
// for a title that says nothing of a subject ("Exercises", "Summary").
func aboutTitle(t string) string {
	t = strings.TrimSpace(leadNumber.ReplaceAllString(strings.TrimSpace(t), ""))
	// A closing aside says where the part is ("(Notes on Diffy Qs,
	// 2.1)"), a closing "part 3" which piece of it: neither what it is
	// about.
	if strings.HasSuffix(t, ")") {
		if o := strings.LastIndex(t, "("); o > 0 {
			t = strings.TrimSpace(t[:o])
		}
	}
	t = strings.TrimSpace(partMark.ReplaceAllString(t, ""))
	t = strings.TrimRight(t, ".:,")
	if t == "" || !hasLetter(t) || noSubject[strings.ToLower(t)] || labelTitle.MatchString(t) {
		return ""
	}
	return text.CollapseSpace(t)
}

// noSubject are titles of parts of a text that hold results on any
// subject.
var noSubject = map[string]bool{
	"introduction": true, "exercises": true, "exercise": true, "problems": true, "summary": true,
	"preliminaries": true, "notes": true, "remarks": true, "examples": true, "appendix": true,
	"miscellaneous": true, "applications": true, "review": true, "overview": true, "main": true,
	"document": true, "preamble": true, "contents": true, "slides": true, "lecture": true,
}

// hasOf reports a name that says what it is of already ("Characterization
// of Convergent Sequences").
func hasOf(name string) bool {
	return strings.Contains(" "+strings.ToLower(name)+" ", " of ")
}

// apartPhrase is what follows "of" for a title: the subject after a title's
// last "of" ("Properties of the integral" → "the integral"), with a
// leading article lowercased ("The derivative" → "the derivative").
func apartPhrase(t string) string {
	if i := strings.LastIndex(strings.ToLower(t), " of "); i >= 0 && i+4 < len(t) {
		t = t[i+4:]
	}
	first, rest, _ := strings.Cut(t, " ")
	switch first {
	case "The", "A", "An":
		if rest != "" {
			return strings.ToLower(first) + " " + rest
		}
	}
	return t
}
