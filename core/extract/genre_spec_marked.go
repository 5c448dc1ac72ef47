package extract

import (
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Terms a specification's running text marks as defined (see
// genre_spec_concepts.go): each pattern's first group that matched is the
// term. They read one paragraph at a time, its lines joined.
var (
	// A "strong validator" is …; The "realm" authentication parameter is …
	specQuotedSubject = lazyre.New(`(?:(?:^|[.!?:]\s+)(?:The|A|An)|;\s+(?:the|an?))\s+(?:[a-z-]+\s+){0,2}"([^"\n]{2,40})"\s+(?:[a-z-]+\s+){0,3}(?:is|are|indicates|refers|means|denotes|specifies|identifies|represents)\b`)
	// referred to as "Digest Access Authentication"; the term "X"
	specQuotedName = lazyre.New(`(?:referred to as|known as|is called|are called|the term)\s+(?:an?\s+|the\s+)?"([^"\n]{2,40})"`)
	// Major version zero (0.y.z) is …; Patch version Z (x.y.Z | x > 0) MUST …
	// (not a cross-reference: "(Section 5.5)", "(see …)")
	specNotation = lazyre.New(`(?:^|[.!?]\s+)(?:An?\s+|The\s+)?([A-Z][a-z]+(?:[ -][a-zA-Z]+){0,3}?)(?:\s+[A-Z])?\s+\((?:[^)\n]{1,30})\)\s+(?:is|are|means|refers to|MUST|SHOULD|MAY)\b`)
	// Precedence refers to …; Build metadata MAY be denoted by …
	specDefiningVerb = lazyre.New(`(?:^|[.!?]\s+)(?:An?\s+|The\s+|Each\s+)?([A-Za-z][a-zA-Z-]+(?:\s+[a-z][a-z-]+){0,3}?)\s+(?:refers to|means|is defined as|are defined as|is defined to be|MAY be denoted|is denoted|are denoted|MUST take the form|takes the form|MUST consist of|MAY consist of|consists of)\b`)
	// prefixed with a type, which consists of a noun: the term the
	// clause says what it is made of
	specWhichConsists = lazyre.New(`\ban?\s+([a-z][a-z-]+),\s+which\s+(?:consists of|is made of|is composed of)\b`)
	// X is the major version, Y is the minor version
	specSymbolIs = lazyre.New(`\b[A-Z] is the ([a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2}?)\s*(?:[,.;]|\band\b)`)
	// the "lost update" problem; a "selected representation": a phrase
	// the text quotes is a term it introduces
	// (in lower case: a quoted title is a document's or a registry's name,
	// HTTP "Message Syntax and Routing")
	specQuotedPhrase = lazyre.New(`"([a-z][a-z-]*(?: [a-z][a-z-]*){1,3})"`)
	// The following terms as defined in [VDAF]: "aggregate result", …: a
	// sentence listing terms another document defines introduces none
	specImportsTerms = lazyre.New(`(?i)\b(?:terms?|definitions?)\b[^.]{0,80}?\b(?:defined|specified|introduced) (?:in|by)\b`)
	// An End of Option List Option is formatted as follows:; Each
	// resource record has the following format:: a sentence that says its
	// subject is laid out as the figure under it draws
	specLayoutSubject = lazyre.New(`(?:^|[.!?]\s+)(?:An?\s+|The\s+|Each\s+)?([A-Za-z][A-Za-z0-9_-]*(?:\s+[A-Za-z0-9_'-]+){0,5}?)\s+(?:(?:is|are)\s+(?:formatted|encoded|laid out|structured)\s+as\s+follows|(?:has|have)\s+the\s+following\s+(?:format|form|layout|structure))\s*:$`)
	// denoted by KD(secret, data): a function the text names
	specDenotedFunc = lazyre.New(`\bdenoted (?:by )?([A-Z][A-Za-z0-9]+)\(`)
	// Conditional requests are HTTP requests [RFC7231] that include …: a
	// paragraph that opens by saying what its subject is
	specOpeningIs = lazyre.New(`^(?:An?\s+|The\s+)?([A-Z][a-z-]+(?:\s+[a-z][a-z-]+){0,2})\s+(?:is|are)\s+(?:an?\s+|the\s+)?[A-Za-z0-9/.-]+(?:\s+[A-Za-z0-9/.-]+){0,3}?(?:\s+\[[^\]\s]+\])?\s+(?:that|which|whose|where|in which)\b`)
	// … defines the public API.
	// **Bare keys** may only contain …: a Markdown standard sets the term
	// it defines in bold where a sentence opens (its key words, MUST, are
	// bold too, and are no terms)
	specBoldOpening = lazyre.New(`(?:^|[.!?]\s+)(?:\*\*|__)([A-Za-z][^*_\n]{1,40}?)(?:\*\*|__)\s+[a-z]`)
	// The term effective host name is …; we will use the term cookie to
	// refer to …: a term the text names as a term, unquoted
	specTheTerm = lazyre.New(`\b(?:[Tt]he term|use the term)\s+([A-Za-z][A-Za-z0-9_-]*(?:\s+[a-z][a-z0-9_-]*){0,3}?)\s+(?:is|are|refers|means|denotes|describes|to refer|to mean|to denote|for)\b`)
	// The terms request-host and request-URI refer to …
	specTheTerms = lazyre.New(`\b[Tt]he terms\s+([A-Za-z][A-Za-z0-9_-]*(?:\s+[a-z][a-z0-9_-]*){0,2}?)\s+and\s+([A-Za-z][A-Za-z0-9_-]*(?:\s+[a-z][a-z0-9_-]*){0,2}?)\s+(?:refer|are|mean|denote)\b`)
	// The reach R of a host name H is defined as follows
	specOfIsDefined = lazyre.New(`(?:^|[.!?:]\s+)The\s+([a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2}?)(?:\s+[A-Z][A-Za-z0-9]?)?\s+of\s+[^.;]{1,40}?\s+is defined\b`)
	// A transaction is verifiable if …: the adjective and its noun are the term
	specIsAdjIf = lazyre.New(`(?:^|[.!?:]\s+)An?\s+([a-z][a-z-]+)\s+is\s+([a-z][a-z-]+)\s+if\b`)
	// Host A's name domain-matches host B's if …: a relation the text
	// defines by a hyphenated verb
	specRelationIf = lazyre.New(`(?:^|\s)([a-z]+-[a-z]{3,}?)(?:es|s)\s+(?:[^\s.;]+\s+){1,4}?if\b`)
	specDefinesThe = lazyre.New(`\bdefines (?:the|an?) "?([A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,2})"?\s*[.,;:]`)
)

// specMarkedCues are words one of which every pattern above needs,
// besides a quote or a parenthesis.
var specMarkedCues = []string{" is ", " are ", "refer", "denoted", "defin", "form", " if", "consist", "mean"}

var specHyphenBreaks = lazyre.New(`-\n[ \t]*`)

// specNotSubjects open a sentence without naming a term.
var specNotSubjects = map[string]bool{
	"this": true, "it": true, "that": true, "each": true, "which": true, "there": true,
	"these": true, "those": true, "such": true, "any": true, "all": true, "some": true,
	"section": true, "document": true, "specification": true, "version": true,
	"the": true, "a": true, "an": true, "if": true, "when": true, "unless": true, "while": true,
	"once": true, "after": true, "before": true, "since": true, "because": true, "where": true,
	"its": true, "their": true, "term": true, "terms": true,
}

// specStateAdjectives say what condition a thing is in, not what kind of
// thing it is: "A component is undefined if …" defines no term, "A
// transaction is verifiable if …" does.
var specStateAdjectives = map[string]bool{
	"valid": true, "invalid": true, "defined": true, "undefined": true, "present": true,
	"absent": true, "empty": true, "equal": true, "known": true, "unknown": true,
	"complete": true, "incomplete": true, "missing": true, "available": true,
	"unavailable": true, "required": true, "optional": true, "true": true, "false": true,
}

// specMarkedTerms reads the terms the running text of a section marks as
// defined.
func (x *extractor) specMarkedTerms(st *secState, cs *specConcepts, blocks []specBlock) {
	s := st.own
	// the apparatus (registries, considerations) quotes values and
	// instructions, not terms
	apparatus := specApparatus(st.title)
	for i := range blocks {
		b := &blocks[i]
		if b.kind == bkCode || b.kind == bkHeading || len(b.lines) == 0 {
			continue
		}
		raw := b.join(s).text
		base := st.body + b.lines[0].a
		bold := x.format == core.FormatMarkdown && (strings.Contains(raw, "**") || strings.Contains(raw, "__"))
		if !bold && !strings.ContainsAny(raw, `"(`) && !slices.ContainsFunc(specMarkedCues, func(c string) bool { return strings.Contains(raw, c) }) {
			continue // no pattern can match: most paragraphs are skipped here
		}
		if isSpecCode(s, b) {
			continue
		}
		if bold {
			// "**Quoted keys** follow the same rules as …": the bold says
			// it, whatever the verb
			x.specBoldTerms(st, cs, raw, base)
		}
		// a compound broken at the line's end ("nc-\n   value") is one word
		t := text.CollapseSpace(specStatementText(specHyphenBreaks.ReplaceAllString(raw, "-"), x.format))
		for _, re := range []*lazyre.Regexp{specQuotedSubject, specQuotedName, specNotation, specDefiningVerb, specSymbolIs, specDefinesThe, specTheTerm, specTheTerms, specOfIsDefined, specWhichConsists, specIsAdjIf, specRelationIf, specOpeningIs, specDenotedFunc, specQuotedPhrase, specLayoutSubject} {
			for _, m := range specTermMatches(re, t) {
				term := strings.TrimSpace(t[m[2]:m[3]])
				switch re {
				case specIsAdjIf:
					adj := t[m[4]:m[5]]
					if specStateAdjectives[adj] {
						continue
					}
					term = adj + " " + term // "verifiable transaction"
				case specOfIsDefined:
					if specHasStopword(term) {
						continue // "The process for registration of … is defined separately"
					}
				}
				// a quoted token named as what it is ("The "by" parameter
				// is …") is the protocol's word, a stopword or not
				token := re == specQuotedSubject && specQuotedToken(term, t[m[3]:m[1]])
				if !token && !specMarkedTerm(term) && (re != specLayoutSubject || !specLayoutTerm(term)) {
					continue
				}
				if re == specNotation && specCrossReference(t[m[0]:m[1]]) {
					continue // "Control frames (see Section 5.5) MAY …"
				}
				if re == specDefinesThe && specSelfReference(t[max(0, m[0]-30):m[0]]) {
					continue // "This document defines the …" says what it covers
				}
				switch re {
				case specQuotedSubject, specQuotedName, specQuotedPhrase, specDenotedFunc:
				default:
					term = upperFirst(term)
				}
				if re == specQuotedPhrase && (apparatus || len(findBCP14(term)) > 0 || specQuotedExample(t[:m[0]]) ||
					specImportsTerms.MatchString(specSentenceAt(t, m[2]))) {
					continue
				}
				// the term leads: the sentence alone may be a requirement's
				// statement too, and one statement is one primitive
				stmt := term + ": " + specSentenceAt(t, m[2])
				if re == specQuotedPhrase {
					stmt = term + ": " + specPhraseClause(specSentenceAt(t, m[2]), term)
				}
				if re == specQuotedSubject {
					// "The value "auth" indicates …; the value "auth-int"
					// indicates …": each its own clause
					c := strings.TrimLeft(t[m[0]:], ".!?:;, ")
					end := len(specSentenceAt(c, 0))
					if k := strings.IndexByte(c[:end], ';'); k > 0 {
						end = k
					}
					stmt = term + ": " + strings.TrimRight(c[:end], " ;")
				}
				if re == specSymbolIs {
					// one sentence may name several symbols; each its own
					stmt = term + ": " + strings.TrimRight(strings.TrimSuffix(strings.TrimSpace(t[m[0]:m[1]]), "and"), " ,.;") + "."
				}
				// a sentence that ends its paragraph in a colon ("… takes
				// the form of a two octet sequence:", "… as illustrated:")
				// keeps the figures and the fields it introduces
				var lead *specLeadIn
				if strings.HasSuffix(stmt, ":") && strings.HasSuffix(t, strings.TrimPrefix(stmt, term+": ")) {
					if lead = specIntroduced(s, blocks, i, st.body); lead != nil {
						stmt = lead.statement(stmt)
					}
				}
				// an offset inside the paragraph, apart from its requirements'
				// key words, which sit at word starts
				off := base + min(m[2], len(raw)-1)
				if off > base {
					off--
				}
				if token {
					x.specToken(st, cs, term, stmt, off, core.Definition)
					continue
				}
				n0 := cs.serial
				c := x.specConcept(st, cs, term, stmt, off, core.Definition)
				if c > n0 && lead != nil {
					cd := &x.cands[len(x.cands)-1]
					cd.form = lead.form(computationalForm(cd.typ, cd.statement))
					cs.tookFigures(lead)
				}
				if re == specNotation && c != 0 {
					// "Uniform Resource Identifier (URI) is …": the grammar's
					// "URI" and the text's are the concept, not another
					p := t[m[0]:m[1]]
					p = p[strings.IndexByte(p, '(')+1:]
					if abbr := p[:strings.IndexByte(p, ')')]; text.Abbreviates(abbr, term) {
						if _, taken := cs.byKey[specKey(abbr)]; !taken {
							cs.byKey[specKey(abbr)] = c
						}
					}
				}
			}
		}
	}
}

// specQuotedToken reports whether a quoted term is a lower-case token
// followed by the class noun that says what it is ("by" parameter, "for"
// value).
func specQuotedToken(term, after string) bool {
	if len(term) < 2 || strings.ToLower(term) != term || strings.ContainsAny(term, " \t") {
		return false
	}
	f := strings.Fields(strings.TrimPrefix(after, `"`))
	return len(f) > 0 && specClassNouns[strings.ToLower(f[0])]
}

// specBoldTerms reads the terms a Markdown paragraph sets in bold where a
// sentence opens ("**Dotted keys** are a sequence of …"), each stated by
// its sentence and a part of its section's concept.
func (x *extractor) specBoldTerms(st *secState, cs *specConcepts, raw string, base int) {
	for _, m := range specBoldOpening.FindAllStringSubmatchIndex(raw, -1) {
		term := strings.TrimSpace(raw[m[2]:m[3]])
		if !specMarkedTerm(term) || !specTermWord(term) || len(findBCP14(term)) > 0 || strings.ToUpper(term) == term {
			continue
		}
		sent := text.CollapseSpace(specStatementText(specSentenceAt(raw, m[2]), x.format))
		if len(strings.Fields(sent)) < 4 {
			continue
		}
		off := base + m[2]
		if off > base {
			off--
		}
		n := cs.serial
		if c := x.specConcept(st, cs, term, term+": "+sent, off, core.Definition); c > n && cs.cur != 0 && c != cs.cur {
			// the kinds a section's paragraphs set in bold ("Basic
			// strings", "Literal strings") are parts of the section's
			// concept ("String"), as its subsections are
			cs.parent[c] = cs.cur
		}
	}
}

// specMarkedTerm rejects what a pattern caught that is no term: a sentence,
// a pronoun, a value.
func specMarkedTerm(t string) bool {
	f := strings.Fields(t)
	if len(f) == 0 || len(f) > 4 || len(t) < 2 {
		return false
	}
	if specNotSubjects[strings.ToLower(f[0])] || specGenericTitles[strings.ToLower(t)] || text.IsStopword(strings.ToLower(f[len(f)-1])) {
		return false
	}
	for _, r := range t {
		if r == '.' || r == ',' || r == '/' || r == '=' || r == '\\' {
			return false
		}
	}
	return true
}

// specExampleWords introduce examples: what follows them is an instance
// of what the sentence speaks of, not a term it introduces.
var specExampleWords = []string{"such as", "as in", "e.g.", "e.g.,", "for example", "for example,", "for instance", "for instance,"}

// specQuotedExample reports whether a quoted phrase after before is one
// of the examples a sentence lists ("(such as "unlock door", "start fire
// alarm")", "(as in "hop-by-hop encryption" or …)"): the words that
// introduce the list stand before it and the quoted phrases it lists
// already.
func specQuotedExample(before string) bool {
	b := strings.TrimRight(before, " (")
	for {
		b = strings.TrimRight(b, " ,")
		switch {
		case strings.HasSuffix(b, " or"), strings.HasSuffix(b, " and"):
			b = b[:strings.LastIndexByte(b, ' ')]
			continue
		case strings.HasSuffix(b, `"`):
			k := strings.LastIndexByte(b[:len(b)-1], '"')
			if k < 0 {
				return false
			}
			b = b[:k]
			continue
		}
		break
	}
	b = strings.ToLower(strings.TrimRight(b, " ("))
	for _, w := range specExampleWords {
		if b == w || strings.HasSuffix(b, " "+w) || strings.HasSuffix(b, "("+w) {
			return true
		}
	}
	return false
}

// specLayoutTerm reports whether t, the subject of a sentence that
// introduces a layout, names a thing: a name of up to six words ("End of
// Option List Option") that neither opens with a pronoun nor ends with a
// stopword.
func specLayoutTerm(t string) bool {
	f := strings.Fields(t)
	if len(f) == 0 || len(f) > 6 || specNotSubjects[strings.ToLower(f[0])] || text.IsStopword(strings.ToLower(f[len(f)-1])) {
		return false
	}
	return !strings.ContainsAny(t, ".,/=\\")
}

// specSentenceAt is the sentence of t that holds byte at.
func specSentenceAt(t string, at int) string {
	for _, sp := range specSentences(t) {
		if sp[0] <= at && at < sp[1] {
			return t[sp[0]:sp[1]]
		}
	}
	return t
}

// specSelfReference reports whether the words before a verb are the
// document speaking of itself ("This document", "this specification").
func specSelfReference(before string) bool {
	b := strings.ToLower(before)
	for _, w := range []string{"document", "specification", "memo", "section", "rfc", "standard"} {
		if strings.Contains(b, w) {
			return true
		}
	}
	return false
}

// specCrossReference reports whether the parenthesis of a notation match
// is a reference ("(Section 5.5)", "(see [RFC3986])") rather than the
// term's notation.
func specCrossReference(m string) bool {
	i := strings.IndexByte(m, '(')
	if i < 0 {
		return false
	}
	p := strings.ToLower(strings.TrimSpace(m[i+1:]))
	for _, w := range []string{"section", "see ", "e.g.", "i.e.", "[", "appendix", "rfc"} {
		if strings.HasPrefix(p, w) {
			return true
		}
	}
	return false
}

// specTermMatches is re's matches in t as FindAllStringSubmatchIndex
// gives them, with a match naming two terms ("The terms request-host and
// request-URI refer to …") given once for each.
func specTermMatches(re *lazyre.Regexp, t string) [][]int {
	ms := re.FindAllStringSubmatchIndex(t, -1)
	if re != specTheTerms {
		return ms
	}
	out := make([][]int, 0, 2*len(ms))
	for _, m := range ms {
		out = append(out, []int{m[0], m[1], m[2], m[3]}, []int{m[0], m[1], m[4], m[5]})
	}
	return out
}

// specHasStopword reports whether a phrase holds a stopword.
func specHasStopword(t string) bool {
	for _, w := range strings.Fields(t) {
		if text.IsStopword(strings.ToLower(w)) {
			return true
		}
	}
	return false
}
