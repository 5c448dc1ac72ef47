package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
)

// The block model. A reader of a structured format finds the theorem-like
// blocks its markup delimits — LaTeX environments (format_latex.go),
// PreTeXt elements (format_pretext.go), Markdown's fenced divs, directives
// and knitr chunks (format_markdown.go), which is also how HTML, EPUB and
// DOCX reach extraction, since their readers write such blocks as fenced
// divs — and hands each over as a formatBlock: its kind (type and naming
// kind), printed kind and number, labels (the keys references point at),
// the title its author gave, its statement and span, and the terms a
// definition marks. addFormatBlock names it and splits a definition of
// several terms the same way whatever the format, and refEdges (edges.go)
// turns the references into and out of a block's span into requires edges
// the same way too. Text markers (genre_markers.go) are for what no markup
// delimits: plain text and PDF.

// formatBlock is one theorem-like block a format reader found.
type formatBlock struct {
	// c holds what the reader knows of the block: type, span (offset,
	// end, body), confidence, printed kind and number, labels and
	// statement.
	c cand
	// title is the name its author gave, as plain text ("" when none).
	title string
	// terms are the terms a definition marks, as the format marks them
	// (\emph, <term>, bold).
	terms []termHit
	// place puts each group at its term in the source, when the
	// statement's offsets are not the source's (a Markdown block's).
	place func(c *cand, groups []termGroup)
	// alt names the block when neither its title nor its terms do (an
	// algorithm's caption).
	alt func() string
}

// addFormatBlock names a block and adds its primitive, or one primitive
// per term when a definition defines several in separate sentences.
func (x *extractor) addFormatBlock(st *secState, b formatBlock) {
	c := b.c
	var terms []termHit
	if c.typ == core.Definition {
		terms = nounTerms(c.statement, b.terms)
		if len(terms) > 1 {
			if groups := groupTerms(c.statement, terms); len(groups) > 1 {
				if b.place != nil {
					b.place(&c, groups)
				}
				x.addGroups(st, c, b.title, groups)
				return
			}
		}
	}
	c.name = x.blockName(st, &c, b.title, terms, b.alt)
	x.addBlock(st, c)
}

// blockKind says what a theorem-like block of a given kind produces, in
// every format.
type blockKind struct {
	typ  core.PrimitiveType
	kind string // naming kind: "definition", "theorem", "lemma" …
}

// envKinds are the kinds of block that hold primitives, by the names LaTeX
// environments, Markdown classes and directives give them (PreTeXt's
// elements are pretextElems). Proofs, examples and exercises are
// deliberately absent: they apply knowledge, they are not it.
var envKinds = map[string]blockKind{
	"definition": {core.Definition, "definition"}, "defn": {core.Definition, "definition"},
	"defi": {core.Definition, "definition"}, "dfn": {core.Definition, "definition"},
	"theorem": {core.Theorem, "theorem"}, "thm": {core.Theorem, "theorem"},
	"lemma": {core.Theorem, "lemma"}, "lem": {core.Theorem, "lemma"},
	"proposition": {core.Theorem, "proposition"}, "prop": {core.Theorem, "proposition"},
	"corollary": {core.Theorem, "corollary"}, "cor": {core.Theorem, "corollary"},
	"axiom":     {core.Axiom, "axiom"},
	"algorithm": {core.Algorithm, "algorithm"},
	"identity":  {core.Identity, "identity"},
	// A "rule" environment states a law (product rule, chain rule): a
	// theorem, not an axiom.
	"rule": {core.Theorem, "rule"},
	// Results under other names (sphinx-proof's {prf:property} and
	// {prf:observation}, amsthm's fact and principle environments).
	"property": {core.Theorem, "property"}, "observation": {core.Theorem, "observation"},
	"fact": {core.Theorem, "fact"}, "principle": {core.Theorem, "principle"},
	// A claim is a result its text goes on to prove (a numbered
	// "Claim 4.2" with its proof), as the "Claim" marker of running text
	// is (genre_markers.go).
	"claim": {core.Theorem, "claim"},
	// OpenIntro's box: definition unless its title names a rule or law.
	"onebox": {core.Definition, "onebox"},
	// Environments named in the book's language, declared where lore
	// does not read (a package of the book's own): German, French,
	// Spanish and Italian.
	"satz": {core.Theorem, "theorem"}, "hilfssatz": {core.Theorem, "lemma"},
	"korollar": {core.Theorem, "corollary"}, "folgerung": {core.Theorem, "corollary"},
	"theoreme": {core.Theorem, "theorem"}, "lemme": {core.Theorem, "lemma"}, "corollaire": {core.Theorem, "corollary"},
	"teorema": {core.Theorem, "theorem"}, "lema": {core.Theorem, "lemma"},
	"corolario": {core.Theorem, "corollary"}, "corollario": {core.Theorem, "corollary"},
	"definicion": {core.Definition, "definition"}, "definizione": {core.Definition, "definition"}, //nolint:misspell // Spanish
}

// Structural markup is stronger evidence than a textual marker.
const (
	envConfidence    = 0.95
	oneboxConfidence = 0.9
)

// addGroups adds one primitive per group of terms of a definition. The
// block's title names the group whose terms it alone mentions ("Enumeration,
// informally" names the group defining "enumeration"). The first group
// keeps the block's offset; the others start at their term. The block's
// labels go to the group its title names, else to the first, so that a
// reference to the block (\ref, <xref>, a link to its id) reaches the
// primitive its reader was shown under the block's heading, whatever the
// format.
func (x *extractor) addGroups(st *secState, c cand, given string, groups []termGroup) {
	owner := -1
	if given != "" {
		lt := strings.ToLower(given)
		for g, grp := range groups {
			mentions := false
			for _, t := range grp.terms {
				if strings.Contains(lt, stemPrefix(t.text)) {
					mentions = true
				}
			}
			if mentions {
				if owner >= 0 {
					owner = -2 // the title names several groups: "Trees and Forests"
					break
				}
				owner = g
			}
		}
	}
	labelled := 0
	if owner >= 0 {
		labelled = owner
	}
	prev := c.offset
	for g, grp := range groups {
		p := c
		p.statement = grp.stmt
		if g > 0 {
			// A part lies inside its block, after the parts before it:
			// references are given to parts by position, and a part placed
			// past its block would take a later block's references.
			p.offset = min(max(c.body+grp.at, prev+1), c.end-1)
			prev = p.offset
			p.part = true
		}
		if g != labelled {
			p.labels = nil
		}
		if g == owner {
			p.name = givenName(given)
		}
		if p.name == "" {
			p.name = groupName(grp)
		}
		if p.name == "" {
			p.name = x.numberedName(st, &p)
		} else {
			p.genuine = true
		}
		x.addBlock(st, p)
	}
}

// placement reports a float's placement specifier ("htb!"), which an
// algorithm environment takes where a theorem takes its title.
func placement(opt string) bool {
	opt = strings.TrimSpace(opt)
	return opt != "" && strings.Trim(opt, "htbpH!") == ""
}

// stemPrefix is the lower-case start of a term that its plural and
// inflections share ("trees" and "tree" → "tree").
func stemPrefix(t string) string {
	l := strings.ToLower(strings.TrimSpace(t))
	for _, suf := range []string{"ies", "es", "s"} {
		if strings.HasSuffix(l, suf) && len(l) > len(suf)+2 {
			return strings.TrimSuffix(l, suf)
		}
	}
	return l
}

// addBlock adds a format block's primitive and remembers its name for
// the references that point at it.
func (x *extractor) addBlock(st *secState, c cand) {
	n := len(x.cands)
	x.add(st, c)
	if len(x.cands) == n || !c.genuine {
		return
	}
	for _, k := range c.labels {
		if x.texr != nil {
			x.texr.names[k] = c.name
		}
		if x.ptx != nil {
			x.ptx.names[k] = c.name
		}
	}
}
