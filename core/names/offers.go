package names

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Offer is one candidate name for a primitive.
type Offer struct {
	// Name is the name offered, as a person would type it.
	Name string
	// From says where it was found: "library" (a stored primitive with a
	// near-identical statement is called so), "known result" (the
	// statement has the shape of a classical named result), "statement"
	// (a title the statement opens with, or a phrase of its conclusion),
	// "defined term", "title" (the section title in the fallback name) or
	// "section" (the section the primitive was found in).
	From string
	// Score ranks offers: higher is more likely the name a person uses.
	Score float64
}

// The sources an offer can come from.
const (
	FromLibrary     = "library"
	FromKnown       = "known result"
	FromStatement   = "statement"
	FromDefinedTerm = "defined term"
	FromTitle       = "title"
	FromSection     = "section"
)

// Base scores per source: what the library already calls a near-identical
// statement beats everything; a classical result's name and a title the
// author wrote at the start of the statement come next; the section title
// names the result only sometimes (a section holds several), so it ranks
// low unless it reads like a result's name ("Euler's Criterion").
const (
	scoreLibrary     = 1.0
	scoreKnown       = 0.95
	scoreLead        = 0.9
	scoreDefined     = 0.85
	scoreNamedTitle  = 0.8
	scoreConclusion  = 0.6
	scoreTitle       = 0.45
	scoreAloneTitle  = 0.7
	scoreSection     = 0.4
	maxOfferWords    = 9
	maxOfferBytes    = 80
	minContentLetter = 3
)

// Offers ranks candidate names for p, best first: at most n, none of them
// p's own fallback name, a lone stopword, a symbol or a sentence, no two
// the same name up to case and inflection. similar are primitives the
// caller found with a near-identical statement (p itself among them is
// ignored); their own non-fallback names rank first. Offers reads only its
// arguments and never fails: a statement it cannot read gives fewer offers.
func Offers(p core.Primitive, similar []core.Primitive, n int) []Offer {
	return OffersIn(p, similar, n, Context{})
}

// Context is what a caller knows of a primitive's surroundings that its own
// fields do not say.
type Context struct {
	// SectionResults is how many results the primitive's section holds,
	// the primitive included (0: unknown). A section with one result is
	// often named after it; one with many is a topic.
	SectionResults int
}

// sharedSection is the number of results from which a section title is
// taken for a topic rather than a result's name.
const sharedSection = 4

// OffersIn is Offers with what the caller knows of the primitive's section:
// the section title ranks higher when the result is alone in its section
// and lower when many results share it.
func OffersIn(p core.Primitive, similar []core.Primitive, n int, ctx Context) []Offer {
	if n <= 0 {
		return nil
	}
	var c collector
	c.own = stemKey(p.Name)
	// Library: each distinct name once; one held by several similar
	// primitives ranks a little higher.
	for _, s := range similar {
		if s.ID != "" && s.ID == p.ID {
			continue
		}
		if s.Name == "" || Fallback(s.Name) {
			continue
		}
		c.add(s.Name, FromLibrary, scoreLibrary)
	}
	st := p.FormalStatement
	if p.Type != core.Definition {
		// A definition states no result; a pattern firing on one (a
		// definition of monotone sequences) would name a theorem.
		for _, k := range knownMatches(st) {
			c.add(k, FromKnown, scoreKnown)
		}
	}
	if l := leadTitle(st); l != "" {
		c.add(l, FromStatement, scoreLead)
	}
	if p.Type == core.Definition {
		for _, d := range definedTerms(st) {
			c.add(d, FromDefinedTerm, scoreDefined)
		}
	}
	title := Title(p.Name)
	if title != "" {
		c.add(title, FromTitle, ctx.sectionScore(titleScore(title, scoreTitle)))
	}
	if sec := p.Provenance.Section; sec != "" && !strings.EqualFold(sec, title) {
		c.add(sec, FromSection, ctx.sectionScore(titleScore(sec, scoreSection)))
	}
	for _, d := range conclusionPhrases(st, p.Type == core.Definition) {
		c.add(d, FromStatement, scoreConclusion)
	}
	for _, d := range shapePhrases(st, p.Type == core.Definition) {
		c.add(d, FromStatement, scoreConclusion)
	}
	return c.ranked(n)
}

// collector gathers offers, keeping each name (by its stems) once with its
// best score, in the order found.
type collector struct {
	own    string // the stems of the primitive's own name
	offers []Offer
	at     map[string]int // stems → index in offers
}

func (c *collector) add(name, from string, score float64) {
	if score <= 0 {
		return
	}
	name = tidy(name)
	if junk(name) {
		return
	}
	key := stemKey(name)
	if key == "" || key == c.own {
		return
	}
	if c.at == nil {
		c.at = map[string]int{}
	}
	if i, ok := c.at[key]; ok {
		o := &c.offers[i]
		switch {
		case score > o.Score:
			o.Score, o.From = score, from
		case from == FromLibrary && o.From == FromLibrary:
			// The same name held by several similar primitives.
			o.Score += 0.01
		}
		return
	}
	c.at[key] = len(c.offers)
	c.offers = append(c.offers, Offer{Name: name, From: from, Score: score})
}

func (c *collector) ranked(n int) []Offer {
	out := c.offers
	// Stable: equal scores keep the order found (library, known results,
	// the statement's title, defined terms, titles, conclusions).
	sort.SliceStable(out, func(a, b int) bool { return out[a].Score > out[b].Score })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// stemKey is the form two names are compared in: their word stems, the
// leading article dropped, so "The Chinese Remainder Theorem" and
// "Chinese remainder theorems" are one name.
func stemKey(name string) string {
	ws := text.NameStems(name)
	for len(ws) > 0 && (ws[0] == "the" || ws[0] == "a" || ws[0] == "an") {
		ws = ws[1:]
	}
	return strings.Join(ws, " ")
}

// tidy renders a candidate as a name: its mathematics as Unicode text,
// white space collapsed, surrounding punctuation and a leading article
// dropped.
func tidy(s string) string {
	s = text.CollapseSpace(umlauts.Replace(text.ReadableMath(s)))
	s = strings.TrimLeftFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(".,;:!?\"“”`-–—", r)
	})
	s = strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(".,;:!?([{\"“”`-–—", r)
	})
	for _, art := range []string{"The ", "the ", "A ", "An ", "a ", "an "} {
		if strings.HasPrefix(s, art) && len(s) > len(art)+3 {
			s = s[len(art):]
			break
		}
	}
	if strings.Count(s, "(") != strings.Count(s, ")") {
		s = parens.Replace(s)
	}
	return strings.TrimSpace(s)
}

// umlauts are TeX's accent shorthands a title may keep ("K"unneth").
var umlauts = strings.NewReplacer(`\"u`, "ü", `\"o`, "ö", `\"a`, "ä", `"u`, "ü", `"o`, "ö", `"a`, "ä", `{ü}`, "ü", `{ö}`, "ö", `{ä}`, "ä")

// parens drops unbalanced parentheses.
var parens = strings.NewReplacer("(", "", ")", "")

// junk reports whether s cannot be a name: empty, too long, a sentence,
// no word of three letters that is not a stopword, or a name that says
// only what kind of result it is ("Theorem", "Main lemma").
func junk(s string) bool {
	if s == "" || len(s) > maxOfferBytes || !utf8.ValidString(s) {
		return true
	}
	if strings.Contains(s, ". ") || strings.ContainsAny(s, ";\n") || strings.Count(s, ",") > 1 {
		return true
	}
	ws := strings.Fields(s)
	if len(ws) > maxOfferWords {
		return true
	}
	content := false
	for _, w := range text.Words(s) {
		if utf8.RuneCountInString(w) >= minContentLetter && !text.IsStopword(w) && hasLetter(w) {
			content = true
			break
		}
	}
	if !content {
		return true
	}
	if text.NameKey(s) == "" {
		return true
	}
	return Fallback(s)
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// resultWords are the words with which a title names a result rather than
// a topic: "Euler's Criterion", "The Chinese Remainder Theorem".
var resultWords = map[string]bool{
	"theorem": true, "lemma": true, "criterion": true, "law": true, "laws": true, "formula": true,
	"inequality": true, "principle": true, "identity": true, "algorithm": true, "method": true,
	"test": true, "conjecture": true, "rule": true, "reciprocity": true, "equation": true,
	"equations": true, "sieve": true, "bound": true, "estimate": true, "construction": true,
	"decomposition": true, "factorization": true, "correspondence": true, "duality": true,
	"extension": true, "phenomenon": true,
}

// genericTitles are section titles that name no result.
var genericTitles = map[string]bool{
	"definitions": true, "definition": true, "introduction": true, "preliminaries": true,
	"basic properties": true, "properties": true, "formal properties": true, "examples": true,
	"exercises": true, "notation": true, "conventions": true, "overview": true, "summary": true,
	"main results": true, "results": true, "background": true, "other chapters": true,
	"applications": true, "remarks": true, "more examples": true, "some examples": true,
	"basic results": true, "facts": true, "general facts": true, "motivation": true,
}

// topicPrefixes begin titles that speak of a result without being its
// name: "Proof of Quadratic Reciprocity", "Statement of the … Law".
var topicPrefixes = []string{"proof of ", "proofs of ", "a proof of ", "statement of ", "using ", "definition of ", "examples of ", "applications of ", "some ", "more on ", "introduction to "}

// titleScore scores a section title: one that reads like a result's name
// (a result word, an eponym) ranks high, a generic one not at all.
func titleScore(t string, base float64) float64 {
	tt := strings.ToLower(strings.TrimSpace(tidy(t)))
	if genericTitles[tt] {
		return 0
	}
	for _, p := range topicPrefixes {
		if strings.HasPrefix(tt, p) {
			return base
		}
	}
	for _, w := range text.Words(tt) {
		if resultWords[w] {
			return scoreNamedTitle
		}
	}
	if eponym(t) {
		return scoreNamedTitle - 0.05
	}
	return base
}

// sectionScore adjusts a section title's score by how many results share
// the section: alone, the title likely names the result; among many, it
// names their topic. A generic title (score 0) stays out.
func (ctx Context) sectionScore(score float64) float64 {
	switch {
	case score <= 0 || ctx.SectionResults <= 0:
		return score
	case ctx.SectionResults == 1:
		return max(score, scoreAloneTitle)
	case ctx.SectionResults >= sharedSection && score < scoreNamedTitle:
		return score / 2
	}
	return score
}

// eponym reports whether s carries a person's name in the possessive
// ("Euler's", "Pollard's", "Gauss'").
func eponym(s string) bool {
	for _, w := range strings.Fields(s) {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) {
			continue
		}
		if strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") || (strings.HasSuffix(w, "s'") && len(w) > 3) {
			return true
		}
	}
	return false
}
