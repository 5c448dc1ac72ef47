package generate

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

// An agent asked to run an algorithm needs its steps as the source nests
// them: the flattened statement ("4. for i ← 1 … 5. for each edge … 6. if
// …") hides which step is inside which loop. A skill gives an algorithm's
// computational form, one step a line with its indentation, in a text
// block, and a result's proof beside it, so that "how is it done" and
// "why does it hold" are answered from the skill.

// Bounds of what a skill quotes of an algorithm and a proof.
const (
	maxInlineSteps      = 40   // lines of an algorithm shown whole in SKILL.md
	maxInlineStepRunes  = 1800 // runes of those lines
	cutInlineSteps      = 12   // lines shown of a longer one, before the pointer
	maxInlineProofRunes = 700  // a proof or sketch quoted in SKILL.md
	maxInlineKeyRunes   = 900  // a key result's statement in SKILL.md
	maxRefStepRunes     = 8000 // an algorithm's steps in a reference file
	// an example shown whole under a key primitive
	maxInlineExampleLines = 12
	maxInlineExampleRunes = 600
	keyBudgetRunes        = 14000
	// the source's passage on a key primitive shown whole, and in a
	// reference file
	maxInlinePassageLines = 16
	maxInlinePassageRunes = 900
	maxRefPassageRunes    = 60000
)

// stepLines are the lines of p's computational form when it is a list of
// steps (an algorithm's pseudo-code, a procedure's numbered steps), their
// math read and their indentation kept; nil otherwise (a theorem's form is
// "Given preconditions, then: …", which says nothing the statement does
// not).
func stepLines(p *core.Primitive) []string {
	if p.Type != core.Algorithm && p.Type != core.Technique {
		return nil
	}
	raw := strings.Split(strings.TrimSpace(p.ComputationalForm), "\n")
	steps := 0
	for _, l := range raw {
		if numberedLine.MatchString(l) {
			steps++
		}
	}
	if steps < 2 {
		return nil
	}
	out := make([]string, 0, len(raw))
	fence := ""
	for _, l := range raw {
		body := strings.TrimLeft(l, " \t")
		indent := strings.Repeat(" ", len(l)-len(body))
		if fence == "" && (strings.HasPrefix(body, "```") || strings.HasPrefix(body, "~~~")) {
			fence = body[:3]
		} else if fence != "" && strings.HasPrefix(body, fence) {
			fence = ""
			out = append(out, indent+strings.TrimRight(body, " \t"))
			continue
		}
		if fence != "" {
			// a step's code as written: "50000$TCI4GzcX$0de1" is a
			// password hash, not mathematics
			if s := strings.TrimRight(strings.ToValidUTF8(body, "\uFFFD"), " \t"); s != "" {
				out = append(out, indent+s)
			}
			continue
		}
		if s := clean(text.ReadableMath(body), 0); s != "" {
			out = append(out, indent+s)
		}
	}
	return out
}

// stepsBlock writes lines as a text block: the first limit lines and no
// more than maxRunes runes of them, and reports whether some were left out.
func stepsBlock(b *strings.Builder, pad string, lines []string, limit, maxRunes int) (cut bool) {
	// fenced longer than any run of backticks in the steps (a step's own
	// code block), so that none ends the block
	fence := text.Fence(lines)
	b.WriteString(pad + fence + "text\n")
	n := 0
	for i, l := range lines {
		n += utf8.RuneCountInString(l) + 1
		if i == limit || (n > maxRunes && i > 0) {
			cut = true
			break
		}
		b.WriteString(pad + l + "\n")
	}
	b.WriteString(pad + fence + "\n")
	return cut
}

// stepsLead is the part of an algorithm's statement before its steps: the
// statement repeats the form flattened, and the block shows it.
func stepsLead(p *core.Primitive, lines []string) string {
	st := clean(text.ReadableMath(p.FormalStatement), 0)
	first := strings.TrimSpace(lines[0])
	if len(first) > 24 {
		first = first[:24]
	}
	if k := strings.Index(st, first); k >= 0 {
		st = strings.TrimSpace(st[:k])
	}
	// a lead that only repeats the name says nothing
	if strings.TrimSuffix(st, ".") == strings.TrimSpace(p.Name) {
		return ""
	}
	return clean(st, maxInlineKeyRunes)
}

// whyText is the proof sketch a source gives of p, else its proof, read
// as the statement is; "" when it gives none.
func whyText(p *core.Primitive) (label, s string) {
	if s := clean(text.ReadableMath(p.Proof.Sketch), 0); s != "" {
		return "Proof sketch", s
	}
	if s := clean(text.ReadableMath(p.Proof.Text), 0); s != "" {
		return "Proof", s
	}
	return "", ""
}

// keyEntry renders one Key Primitives entry: its name, type and statement;
// an algorithm's steps as a block; a result's proof or sketch. Within
// budget runes the entry is whole where it fits its bounds; what is cut
// (and every entry once the budget is spent) points at ref, the reference
// file entry that holds it whole.
// placeOf is "; in <section>" for a key primitive whose name does not say
// the part of the work it is read in: a definition shown under a KEP's
// "Alternatives" is a design the work considered, a rule under a grant's
// section is that grant's, and only the section says so.
func placeOf(p *core.Primitive) string {
	sec := strings.TrimSpace(p.Provenance.Section)
	name := strings.ToLower(shownName(p))
	if strings.IndexFunc(sec, unicode.IsLetter) < 0 || strings.Contains(name, strings.ToLower(sec)) || strings.EqualFold(sec, p.Provenance.Title) {
		return ""
	}
	return "; in " + mdName(clean(sectionOf(p), maxFieldRunes))
}

func keyEntry(p *core.Primitive, ref string, budget int) string {
	var b strings.Builder
	head := "**" + mdName(shownName(p)) + "** (" + typeName(p.Type) + placeOf(p) + ")"
	lines := stepLines(p)
	switch {
	case budget <= 0:
		b.WriteString(head + ": " + statement(p, maxInlineRunes) + " (whole in " + ref + ")\n")
	case lines != nil:
		lead := stepsLead(p, lines)
		var steps strings.Builder
		if stepsBlock(&steps, "", lines, maxInlineSteps, maxInlineStepRunes) {
			steps.Reset()
			stepsBlock(&steps, "", lines, cutInlineSteps, maxInlineStepRunes)
			lead += " Its first steps (all " + strconv.Itoa(len(lines)) + " lines in " + ref + "):"
		}
		if lead = strings.TrimSpace(lead); lead != "" {
			b.WriteString(head + ": " + lead + "\n\n")
		} else {
			b.WriteString(head + ", step by step:\n\n")
		}
		b.WriteString(steps.String())
	default:
		st := statement(p, maxInlineKeyRunes)
		b.WriteString(head + ": " + st + "\n")
		if label, why := whyText(p); why != "" {
			b.WriteString("  " + label + ": " + clean(why, maxInlineProofRunes))
			if utf8.RuneCountInString(why) > maxInlineProofRunes {
				b.WriteString(" (whole in " + ref + ")")
			}
			b.WriteString("\n")
		} else if strings.HasSuffix(st, "…") {
			b.WriteString("  (whole in " + ref + ")\n")
		}
	}
	if len(p.Examples) > 0 && budget > 0 {
		b.WriteString(exampleNote(p.Examples, ref))
	}
	if p.Passage != "" && budget > 0 {
		b.WriteString(passageNote(p.Passage, ref))
	}
	return b.String()
}

// passageNote gives what the source goes on to say of a key primitive:
// whole when it is short, else its length and place.
func passageNote(passage, ref string) string {
	lines := passageLines(passage, maxRefPassageRunes)
	if len(lines) <= maxInlinePassageLines && utf8.RuneCountInString(passage) <= maxInlinePassageRunes {
		var b strings.Builder
		b.WriteString("  The source goes on:\n\n")
		indented(&b, "  ", lines)
		return b.String()
	}
	return "  The source goes on for " + strconv.Itoa(len(lines)) + " lines (formats, cases, notes): in " + ref + ".\n"
}

// passageHeading is a heading line of a passage, its title in group 1.
var passageHeading = lazyre.New(`^#{1,6}\s+(.+?)\s*#*$`)

// passageLines are a passage's lines, up to max runes, a cut marked "…";
// a heading of the source is set in bold, as a heading under a list item
// would end the list and start a section of the skill.
func passageLines(passage string, max int) []string {
	// as the source says it: a "$" in a message format is no math
	lines := strings.Split(strings.ToValidUTF8(passage, "\uFFFD"), "\n")
	fence := ""
	for i, l := range lines {
		if t := strings.TrimSpace(l); fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")) {
			fence = t[:3]
		} else if fence != "" && strings.HasPrefix(t, fence) {
			fence = ""
		} else if m := passageHeading.FindStringSubmatch(l); fence == "" && m != nil {
			lines[i] = "**" + m[1] + "**"
		}
	}
	n := 0
	for i, l := range lines {
		n += utf8.RuneCountInString(l) + 1
		if n > max {
			return cutLines(lines, i)
		}
	}
	return closedFence(lines)
}

// cutLines is the first n of lines and "…", a code block the cut leaves
// open closed first.
func cutLines(lines []string, n int) []string {
	return append(closedFence(slices.Clip(lines[:n])), "…")
}

// closedFence is lines with a code block they leave open closed: an open
// fence would hold the rest of the skill.
func closedFence(out []string) []string {
	open := ""
	for _, l := range out {
		t := strings.TrimSpace(l)
		run := len(t) - len(strings.TrimLeft(t, "`~"))
		switch {
		case open == "" && run >= 3:
			open = l[:len(l)-len(strings.TrimLeft(l, " \t"))] + t[:run]
		case open != "" && run >= len(strings.TrimSpace(open)) && t == t[:run] && t[0] == strings.TrimSpace(open)[0]:
			open = ""
		}
	}
	if open != "" {
		out = append(slices.Clip(out), open)
	}
	return out
}

// indented writes lines under a list item, each after pad, blank lines
// kept blank.
func indented(b *strings.Builder, pad string, lines []string) {
	for _, l := range lines {
		if l != "" {
			b.WriteString(pad + l)
		}
		b.WriteString("\n")
	}
}

// exampleNote says where a key primitive's worked examples are: the
// first inline when it is short, else their count and place.
func exampleNote(examples []string, ref string) string {
	lines := exampleLines(examples[0])
	if len(examples) == 1 && len(lines) <= maxInlineExampleLines && utf8.RuneCountInString(examples[0]) <= maxInlineExampleRunes {
		var b strings.Builder
		b.WriteString("  Worked example:\n\n")
		for _, l := range lines {
			if l != "" {
				b.WriteString("  " + l)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	return "  Worked examples: " + strconv.Itoa(len(examples)) + " in " + ref + ".\n"
}

// exampleLines are an example's lines as a reader reads them, their math
// as Unicode text; a fenced block inside is kept as written, since a
// shell prompt's "$" opens no formula.
func exampleLines(e string) []string {
	var out []string
	var prose []string
	flush := func() {
		if len(prose) == 0 {
			return
		}
		// the math is read over the whole run of prose: an inline
		// formula the source wraps onto the next line is one formula
		for _, l := range strings.Split(text.ReadableMath(strings.Join(prose, "\n")), "\n") {
			out = append(out, strings.TrimRight(l, " \t"))
		}
		prose = prose[:0]
	}
	fence := ""
	for _, l := range strings.Split(strings.ToValidUTF8(e, "\uFFFD"), "\n") {
		t := strings.TrimSpace(l)
		switch {
		case fence != "":
			out = append(out, strings.TrimRight(l, " \t"))
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			flush()
			fence = t[:3]
			for len(fence) < len(t) && t[len(fence)] == t[0] {
				fence += t[:1]
			}
			out = append(out, strings.TrimRight(l, " \t"))
		default:
			prose = append(prose, l)
		}
	}
	flush()
	return out
}
