package text

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Changes of meaning. Two statements of one thing share most of their
// words, and a comparison of word sets calls them duplicates: "every tree
// with n vertices has exactly n-1 edges" and "… exactly n+1 edges" have the
// same words once the symbols are dropped. Numbers, formulas, negations and
// quantifiers are few words that carry much of a statement's meaning;
// MeaningChanges finds where one statement changes them in another, so a
// contradiction is shown to a person instead of being skipped as a
// duplicate or written over the stored statement. A rewording that keeps
// them ("every tree" / "each tree", "two leaves" / "2 leaves", "n-1" / "n −
// 1" / `n - 1`) is no change.

// MeaningKind names what a MeaningChange changes.
type MeaningKind string

// The kinds of change MeaningChanges reports.
const (
	MeaningNumber     MeaningKind = "number"
	MeaningFormula    MeaningKind = "formula"
	MeaningNegation   MeaningKind = "negation"
	MeaningQuantifier MeaningKind = "quantifier"
	// MeaningAmount is a bound of how many there are ("exactly", "at
	// most", "only", "unique"), which says nothing of which objects a
	// statement speaks and is no quantifier of them.
	MeaningAmount MeaningKind = "amount"
	// MeaningCondition is a condition with the prefix "non" added or
	// dropped ("every set" by "every nonempty set"): the case it leaves
	// out is where a statement holds or fails.
	MeaningCondition MeaningKind = "condition"
	// MeaningQuoted is a changed literal: quoted text or a code span
	// (what a program prints, what a person types) that reads otherwise.
	MeaningQuoted MeaningKind = "quoted text"
)

// MeaningChange is one place where a candidate statement says something
// else than the stored one: Stored is the stored statement's text there,
// Candidate the candidate's ("" when one of them has nothing in its place).
type MeaningChange struct {
	Kind      MeaningKind
	Stored    string
	Candidate string
}

// String describes the change for a rationale: `number differs: stored
// "n-1", candidate "n+1"`, `negation: candidate adds "not"`.
func (c MeaningChange) String() string {
	switch {
	case c.Stored == "":
		return string(c.Kind) + ": candidate adds " + quoted(c.Candidate)
	case c.Candidate == "":
		return string(c.Kind) + ": candidate drops " + quoted(c.Stored)
	}
	return string(c.Kind) + " differs: stored " + quoted(c.Stored) + ", candidate " + quoted(c.Candidate)
}

func quoted(s string) string { return "\"" + s + "\"" }

// Bounds of what MeaningChanges compares. A statement longer than
// maxMeaningTokens is not aligned (the table is the product of both
// lengths). An inserted or dropped run longer than maxAddedRun is a clause
// of its own — a broader statement going on — rather than an edit of the
// stored one's claim; a replaced run longer than maxReplacedRun on either
// side is a rewrite, not an edit.
const (
	maxMeaningTokens = 400
	maxAddedRun      = 4
	maxReplacedRun   = 8
)

// MeaningChanges lists where candidate changes a number, a formula, a
// negation, a quantifier, an amount, a condition or a quoted literal of
// stored. The two are aligned word by word
// (words compared by stem, numbers and formulas as written after
// normalizing minus signs, spacing around operators and Markdown or LaTeX
// math delimiters; Markdown and LaTeX emphasis around words — *tree*,
// **tree**, _tree_, \emph{tree} — is dropped, typography and no formula);
// each run where they differ between aligned words is
// checked:
//   - a replaced run whose numbers or formulas differ: "n-1" by "n+1"
//     ("3" by "three" is no change: number words are numbers);
//   - a run whose count of negations differs ("not", "no", "never",
//     "cannot", "n't", and "non…" in place of the word it negates:
//     "empty" by "nonempty"), replaced, or added or dropped in a short
//     run; a word quoted or in a code span ("no", `cannot access`,
//     \texttt{no}, “none”) is what a program prints or a person types,
//     not the statement's claim, and counts as no negation (nor
//     quantifier);
//   - a replaced run whose quoted words differ: `prints "ok"` by `prints
//     "no"` (quoted text: the literal changed, which is no negation);
//   - a run whose quantifiers differ ("all" by "some"; "all", "every",
//     "each" and "any" are one), replaced, or added or dropped in a short
//     run — except a universal one, which a general statement implies ("a
//     tree" / "every tree");
//   - likewise a run whose amounts differ ("at most" by "at least",
//     "exactly" dropped; "only", "unique"): how many, compared with how
//     many, never with a quantifier ("any" by "exactly" is no quantifier
//     replaced);
//   - a short run that adds or drops a condition with the prefix "non"
//     that negates no word in its place ("every set" by "every nonempty
//     set"): an adjective, not a negation, but the case it leaves out is
//     where one statement fails.
//
// Statements that do not align (fewer than half the shorter one's words in
// common order) are different statements, not one edited, and statements
// that are one text in canonical math form (CanonicalMath) are one
// statement in two notations: nil.
func MeaningChanges(candidate, stored string) []MeaningChange {
	return renderedAlike(candidate, stored, meaningChanges(candidate, stored))
}

// meaningChanges is MeaningChanges before renderedAlike.
func meaningChanges(candidate, stored string) []MeaningChange {
	if candidate == stored {
		// The common case, an exact duplicate: nothing to align.
		return nil
	}
	if sameCanonical(candidate, stored) {
		// The same statement in other notation (\N and ℕ, \not= and
		// \neq): the comparator reads it as one, and so does this.
		return nil
	}
	cand, exist := meaningTokens(candidate), meaningTokens(stored)
	n, m := len(cand), len(exist)
	if n == 0 || m == 0 || n > maxMeaningTokens || m > maxMeaningTokens {
		return nil
	}
	lcs := lcsTable(mtokKeys(cand), mtokKeys(exist))
	if int(lcs[0][0])*2 < min(n, m) {
		return nil
	}
	var out []MeaningChange
	var ins, del []mtok
	flush := func(next mtok) {
		if len(ins) > 0 || len(del) > 0 {
			out = append(out, hunkChanges(del, ins, next)...)
		}
		ins, del = ins[:0], del[:0]
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && cand[i].key == exist[j].key:
			flush(cand[i])
			i++
			j++
		case j >= m || i < n && lcs[i+1][j] >= lcs[i][j+1]:
			ins = append(ins, cand[i])
			i++
		default:
			del = append(del, exist[j])
			j++
		}
	}
	flush(mtok{})
	return out
}

// hunkChanges are the changes of meaning in one run where the statements
// differ: del is the stored statement's text there, ins the candidate's,
// next the word both go on with.
func hunkChanges(del, ins []mtok, next mtok) []MeaningChange {
	var out []MeaningChange
	replaced := len(del) > 0 && len(ins) > 0
	if replaced && (len(del) > maxReplacedRun || len(ins) > maxReplacedRun) {
		return nil
	}
	if replaced && joined(del) == joined(ins) {
		// The same text spaced otherwise: "σ−1 σ" and "σ −1σ".
		return nil
	}
	short := replaced || len(del)+len(ins) <= maxAddedRun

	if replaced {
		dm, im := mathKeys(del), mathKeys(ins)
		// A spelled number replaced by a word that is none is a
		// change of words ("zero" by "nonzero", "one edge" by "an
		// edge"), which the other tests judge.
		spelledOnly := len(dm) == 0 && allSpelled(ins) || len(im) == 0 && allSpelled(del)
		if (len(dm) > 0 || len(im) > 0) && !slices.Equal(dm, im) && !spelledOnly {
			kind := MeaningFormula
			if slices.ContainsFunc(append(slices.Clone(dm), im...), hasDigit) {
				kind = MeaningNumber
			}
			out = append(out, MeaningChange{Kind: kind, Stored: mathShow(del), Candidate: mathShow(ins)})
		}
		// A literal replaced by another ("ok" by "no", `n` by `y`) is
		// no negation, but the statement says another thing is printed
		// or typed. (A changed number or formula in quotes is told as
		// one already.)
		if len(out) == 0 && (anyQuoted(del) || anyQuoted(ins)) && !slices.Equal(quotedKeys(del), quotedKeys(ins)) {
			out = append(out, MeaningChange{Kind: MeaningQuoted, Stored: quotedShow(del), Candidate: quotedShow(ins)})
		}
	}
	if short {
		if dn, in := negations(del, ins), negations(ins, del); len(dn) != len(in) {
			// A side without a negation shows the word the other's
			// "non…" negates: stored "empty", candidate "nonempty".
			if len(dn) == 0 {
				dn = roots(del, in)
			}
			if len(in) == 0 {
				in = roots(ins, dn)
			}
			out = append(out, MeaningChange{Kind: MeaningNegation, Stored: strings.Join(dn, " "), Candidate: strings.Join(in, " ")})
		}
		if dc, ic := conditions(del, ins), conditions(ins, del); len(dc) != len(ic) {
			if replaced && len(dc) == 0 {
				dc = []string{quotedShow(del)}
			}
			if replaced && len(ic) == 0 {
				ic = []string{quotedShow(ins)}
			}
			out = append(out, MeaningChange{Kind: MeaningCondition, Stored: strings.Join(dc, " "), Candidate: strings.Join(ic, " ")})
		}
		for _, kind := range []MeaningKind{MeaningQuantifier, MeaningAmount} {
			dq, iq := quantifiers(del, kind), quantifiers(ins, kind)
			if !slices.Equal(classes(dq), classes(iq)) && (replaced && len(dq) > 0 && len(iq) > 0 || !onlyUniversal(dq, iq)) && !wording(del, ins, next) {
				out = append(out, MeaningChange{Kind: kind, Stored: strings.Join(dq, ", "), Candidate: strings.Join(iq, ", ")})
			}
		}
	}
	return out
}

// mtok is a word of a statement as MeaningChanges aligns it: key is what
// is compared (a word's stem; a number or formula as normalized), word the
// word lowercased, show it as written, math whether it is a number or
// formula.
type mtok struct {
	key, word, show string
	math            bool
	// spelled says a number is written as a word ("two").
	spelled bool
	// quoted says the word is quoted or in a code span (see quotedSpans).
	quoted bool
}

// mtokKeys are the keys of toks, what MeaningChanges aligns.
func mtokKeys(toks []mtok) []string {
	keys := make([]string, len(toks))
	for i, t := range toks {
		keys[i] = t.key
	}
	return keys
}

// mathNormalizer makes one spelling of the signs and math delimiters that
// Markdown, LaTeX and typography write differently.
// (A replacer tries its patterns in argument order: a longer command
// comes before one it starts with, \left before \le.)
var mathNormalizer = strings.NewReplacer(
	"\u2212", "-", "\u2013", "-", "\u2010", "-", "\u2011", "-", "\u2012", "-",
	`\left`, "", `\right`, "", `\mathit`, "", `\mathrm`, "", `\mathbf`, "", `\mathsf`, "", `\mathtt`, "",
	`\mathcal`, "", `\mathbb`, "", `\operatorname`, "", `\textrm`, "",
	// Emphasis is the words' typography, not their meaning: \emph{tree}
	// is "tree" (before \text, which \textbf starts with).
	`\emph`, "", `\textbf`, "", `\textit`, "", `\textsl`, "", `\textsc`, "", `\underline`, "", `\text`, "",
	`\leq`, "≤", `\geq`, "≥", `\gets`, "←", `\le`, "≤", `\ge`, "≥", `\neg`, " not ", `\neq`, "≠", `\ne`, "≠",
	`\cdot`, "·", `\times`, "×",
	"<=", "≤", ">=", "≥", "!=", "≠",
	"$", " ", "`", " ", `\(`, " ", `\)`, " ", `\[`, " ", `\]`, " ", "{", "", "}", "",
)

// numberWords are spelled numbers, as digits.
var numberWords = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20", "hundred": "100",
}

// isOperator reports a rune that joins the operands of a formula.
func isOperator(r rune) bool {
	return strings.ContainsRune("+-−–=<>≤≥≠×·⋅*/^_±∓∘⊕⊗∈∉⊂⊆⊃⊇∪∩→↦|~≈≡…⋯", r)
}

// meaningTokens splits s into the words MeaningChanges aligns: fields
// stripped of surrounding punctuation, a lone operator joined to its
// neighbours ("n - 1" is one token, "n-1").
func meaningTokens(s string) []mtok {
	var fields []string
	var fquoted []bool
	for _, sp := range quotedSpans(s) {
		for _, f := range strings.Fields(mathNormalizer.Replace(stripEmphasis(sp.text))) {
			f = strings.TrimFunc(f, func(r rune) bool {
				return strings.ContainsRune(`,;:.!?()[]"'“”‘’«»`, r)
			})
			if f != "" {
				fields = append(fields, f)
				fquoted = append(fquoted, sp.quoted)
			}
		}
	}
	var words []string
	var quoted []bool
	for k := 0; k < len(fields); k++ {
		f := fields[k]
		if len(words) > 0 {
			prev, q := &words[len(words)-1], &quoted[len(quoted)-1]
			switch r, _ := utf8.DecodeRuneInString(f); {
			case allOperators(f) && k+1 < len(fields) && !allOperators(fields[k+1]):
				*prev += f + fields[k+1]
				*q = *q || fquoted[k] || fquoted[k+1]
				k++
				continue
			case isOperator(r) && (utf8.RuneCountInString(*prev) <= 2 || isMath(*prev)),
				strings.IndexFunc(f, func(r rune) bool { return !isMark(r) }) < 0:
				// "σ −1" is σ−1, "N -dimensional" N-dimensional, "ω ′"
				// ω′: an extraction's space inside a formula.
				*prev += f
				*q = *q || fquoted[k]
				continue
			}
		}
		words = append(words, f)
		quoted = append(quoted, fquoted[k])
	}
	out := make([]mtok, 0, len(words))
	for k := 0; k < len(words); k++ {
		w, orig, q := strings.ToLower(words[k]), words[k], quoted[k]
		if k+1 < len(words) {
			// A two-word quantifier is one token, so that "at most" by
			// "at least" is one replaced run with both words.
			switch next := strings.ToLower(words[k+1]); {
			case w == "at" && (next == "most" || next == "least"),
				(w == "more" || w == "less" || w == "fewer" || w == "greater" || w == "smaller") && next == "than":
				w, orig, q = w+" "+next, orig+" "+words[k+1], q || quoted[k+1]
				k++
			}
		}
		t := mtok{word: w, show: orig, quoted: q}
		switch {
		case numberWords[w] != "":
			t.key, t.math, t.spelled = numberWords[w], true, true
		case isMath(w):
			t.key, t.math = w, true
		default:
			t.key = Stem(w)
		}
		out = append(out, t)
	}
	return out
}

// isMark reports a prime or an accent, which belongs to the symbol before
// it.
func isMark(r rune) bool {
	return strings.ContainsRune("′″‴'", r) || unicode.In(r, unicode.Mn, unicode.Sk, unicode.Lm)
}

func allOperators(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !isOperator(r) }) < 0
}

// isMath reports a number ("3", "2.5", "1,000"), a short token with a digit
// ("2n", "x1"), or a formula: operands joined by an operator where one
// operand is a number or a single letter ("n-1", "a+b", "k-regular").
// A word with a hyphen ("breadth-first") is not one, nor a long word that
// carries a digit ("mp3player").
func isMath(w string) bool {
	if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' && r != ',' }) < 0 {
		return hasDigit(w)
	}
	if hasDigit(w) && utf8.RuneCountInString(w) <= 3 {
		return true
	}
	if strings.IndexFunc(w, isOperator) < 0 {
		return false
	}
	for _, op := range strings.FieldsFunc(w, isOperator) {
		if utf8.RuneCountInString(op) == 1 || hasDigit(op) {
			return true
		}
	}
	return allOperators(w)
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// mathKeys are the sorted keys of the numbers and formulas of ts.
func mathKeys(ts []mtok) []string {
	var out []string
	for _, t := range ts {
		if t.math {
			out = append(out, t.key)
		}
	}
	slices.Sort(out)
	return out
}

// joined is the text of ts without spaces.
func joined(ts []mtok) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.word)
	}
	return b.String()
}

// allSpelled reports that the numbers and formulas of ts are all spelled
// numbers.
func allSpelled(ts []mtok) bool {
	for _, t := range ts {
		if t.math && !t.spelled {
			return false
		}
	}
	return true
}

// mathShow is how a side of a changed number or formula is shown: its
// numbers and formulas, or its words when it has none ("n-1" by "many").
func mathShow(ts []mtok) string { return showOf(ts, func(t mtok) bool { return t.math }) }

// quotedShow is how a side of a changed literal is shown: its quoted
// words, or all its words when it has none ("ok" by nothing).
func quotedShow(ts []mtok) string { return showOf(ts, func(t mtok) bool { return t.quoted }) }

// showOf shows the words of ts that keep says, or all of them when it
// keeps none.
func showOf(ts []mtok, keep func(mtok) bool) string {
	var kept, all []string
	for _, t := range ts {
		if keep(t) {
			kept = append(kept, t.show)
		}
		all = append(all, t.show)
	}
	if len(kept) == 0 {
		kept = all
	}
	return strings.Join(kept, " ")
}

func anyQuoted(ts []mtok) bool {
	return slices.ContainsFunc(ts, func(t mtok) bool { return t.quoted })
}

// quotedKeys are the keys of the quoted words of ts, in order.
func quotedKeys(ts []mtok) []string {
	var out []string
	for _, t := range ts {
		if t.quoted {
			out = append(out, t.key)
		}
	}
	return out
}

// negations are the negating words of ts, quoted ones left out, where
// other is the text the statement has in their place. A word with the
// prefix "non" is an adjective ("every nonempty set" adds a condition, as
// "every finite set" would): it negates only the word it stands for in
// other ("empty" by "nonempty").
func negations(ts, other []mtok) []string {
	var out []string
	for _, t := range ts {
		w := t.word
		switch {
		case t.quoted:
			// What a program prints, not the statement's claim.
		case w == "not" || w == "no" || w == "never" || w == "none" || w == "nothing" || w == "nobody" || w == "nowhere" ||
			w == "neither" || w == "nor" || w == "cannot":
			out = append(out, w)
		case strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t"):
			out = append(out, w)
		case nonRoot(w) != "" && slices.ContainsFunc(other, func(o mtok) bool { return o.word == nonRoot(w) }):
			out = append(out, w)
		}
	}
	return out
}

// conditions are the words of ts with the prefix "non" that negate no
// word of other, the text in their place: conditions ("every nonempty
// set"), not negations.
func conditions(ts, other []mtok) []string {
	var out []string
	for _, t := range ts {
		if root := nonRoot(t.word); root != "" && !t.quoted && !slices.ContainsFunc(other, func(o mtok) bool { return o.word == root }) {
			out = append(out, t.word)
		}
	}
	return out
}

// nonRoot is the word that w, a word with the prefix "non" ("nonempty",
// "non-empty"), negates; "" for any other word.
func nonRoot(w string) string {
	root, ok := strings.CutPrefix(w, "non")
	if !ok || w == "nonetheless" || w == "nonsense" {
		return ""
	}
	root = strings.TrimPrefix(root, "-")
	if len(root) < 2 {
		return ""
	}
	return root
}

// roots are the words of ts that the "non…" words nons negate, as
// written.
func roots(ts []mtok, nons []string) []string {
	var out []string
	for _, t := range ts {
		if slices.ContainsFunc(nons, func(n string) bool { return nonRoot(n) == t.word }) {
			out = append(out, t.show)
		}
	}
	return out
}

// wording reports an added or dropped run that quantifies nothing: "some"
// before a named object ("near some (x₀,y₀)" for "near (x₀,y₀)"), or "at
// least"/"at most" before no amount ("exists at least for x near 0"). A
// replaced quantifier, or one before an amount, is never wording.
func wording(del, ins []mtok, next mtok) bool {
	run := ins
	if len(del) > 0 {
		if len(ins) > 0 {
			return false
		}
		run = del
	}
	if len(run) != 1 {
		return false
	}
	switch run[0].word {
	case "some":
		return next.math && !next.spelled
	case "at least", "at most":
		return next.key != "" && !next.math
	}
	return false
}

// quantifierWords are the quantifiers, of which objects a statement
// speaks, by class.
var quantifierWords = map[string]string{
	"all": "all", "every": "all", "each": "all", "any": "all",
	"some": "some", "exists": "some", "exist": "some",
}

// amountWords are the one-word bounds of how many there are, by class;
// the two-word ones ("at most", "more than") are one token (see
// meaningTokens). They are no quantifiers: "any" by "exactly" is not one
// quantifier replaced by another.
var amountWords = map[string]string{
	"exactly": "exactly", "only": "only", "unique": "unique", "uniquely": "unique",
}

// quantifiers are the phrases of ts of the kind MeaningQuantifier or
// MeaningAmount, as written, quoted ones left out.
func quantifiers(ts []mtok, kind MeaningKind) []string {
	var out []string
	for _, t := range ts {
		amount := strings.HasPrefix(t.word, "at ") || strings.HasSuffix(t.word, " than") || amountWords[t.word] != ""
		switch {
		case t.quoted:
			// What a program prints, not the statement's claim.
		case kind == MeaningAmount && amount, kind == MeaningQuantifier && quantifierWords[t.word] != "":
			out = append(out, t.word)
		}
	}
	return out
}

// classes are the sorted classes of quantifying phrases: "every" and
// "all" are one.
func classes(qs []string) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		if c := quantifierWords[q]; c != "" {
			q = c
		} else if c := amountWords[q]; c != "" {
			q = c
		}
		out[i] = q
	}
	slices.Sort(out)
	return out
}

// onlyUniversal reports that the quantifiers of both sides are universal
// ones: a general statement says "every" with or without the word.
func onlyUniversal(a, b []string) bool {
	for _, q := range append(slices.Clone(a), b...) {
		if quantifierWords[q] != "all" {
			return false
		}
	}
	return true
}

// sameCanonical reports whether a and b are one text in canonical math
// form, up to case and runs of white space.
func sameCanonical(a, b string) bool {
	return strings.EqualFold(CollapseSpace(CanonicalMath(a)), CollapseSpace(CanonicalMath(b))) || sameRendered(a, b)
}

// span is a stretch of a statement: quoted (or in a code span) or not.
type span struct {
	text   string
	quoted bool
}

// quotedSpans splits s into its quoted stretches and the rest: text
// between straight or curly double quotes, a LaTeX “quotation”, a
// Markdown code span (`ls`, “a `b` c“), and the argument of \texttt{…}
// or \verb|…|. The quotes themselves are left out; an opening quote that
// is never closed is text like any other.
func quotedSpans(s string) []span {
	var out []span
	plain := 0
	emit := func(from, to int, quoted bool) {
		if to > from {
			out = append(out, span{text: s[from:to], quoted: quoted})
		}
	}
	for i := 0; i < len(s); {
		open, body, end := quoteAt(s, i)
		if end < 0 {
			_, w := utf8.DecodeRuneInString(s[i:])
			i += w
			continue
		}
		emit(plain, i, false)
		out = append(out, span{text: " ", quoted: false})
		emit(i+open, body, true)
		out = append(out, span{text: " ", quoted: false})
		i, plain = end, end
	}
	emit(plain, len(s), false)
	return out
}

// quoteAt reads a quotation opening at s[i:]: the opening's length, where
// the quoted text ends and where the closing ends; end is -1 when none
// opens there, or it is never closed.
func quoteAt(s string, i int) (open, body, end int) {
	closing := func(open int, close string) (int, int, int) {
		if j := strings.Index(s[i+open:], close); j >= 0 {
			return open, i + open + j, i + open + j + len(close)
		}
		return 0, 0, -1
	}
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, "``"):
		// A LaTeX quotation when '' closes it before another `` opens;
		// else a Markdown code span of two backticks.
		if q, c := strings.Index(rest[2:], "''"), strings.Index(rest[2:], "``"); q >= 0 && (c < 0 || q < c) {
			return closing(2, "''")
		}
		return closing(2, "``")
	case rest[0] == '`':
		return closing(1, "`")
	case rest[0] == '"':
		return closing(1, `"`)
	case strings.HasPrefix(rest, "“"):
		return closing(len("“"), "”")
	case strings.HasPrefix(rest, `\texttt{`):
		return closing(len(`\texttt{`), "}")
	case strings.HasPrefix(rest, `\verb`) && len(rest) > len(`\verb`):
		d := rest[len(`\verb`)]
		if d == '*' || d == ' ' || d >= utf8.RuneSelf || d >= 'a' && d <= 'z' || d >= 'A' && d <= 'Z' {
			return 0, 0, -1
		}
		return closing(len(`\verb`)+1, string(d))
	}
	return 0, 0, -1
}
