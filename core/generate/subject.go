package generate

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"path"
	"sort"
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// A skill is about one subject: what one learned source is about, named by
// its title ("RFC 6455: The WebSocket Protocol", "Equivalences"). Domains
// are coarse — every RFC is "protocols", every algorithms text "computer
// science" — and a skill that merged every source of a domain described
// the domain, not the knowledge, so an agent could not tell when to use
// it. Sources are therefore never merged because they share a domain;
// they are merged only when they are the same subject: the same title
// (the same RFC learned from a file and from a URL, a book learned again
// after an edit). A generic title ("Introduction", "README") is not
// evidence of sameness, so such sources stay apart.

// Subject is one source's (or several sources' with one title) primitives
// within a domain.
type Subject struct {
	// Key identifies the subject within its domain: the normalized title,
	// or the source when it has none.
	Key string
	// Title names the subject: the documents' own title when most of its
	// primitives share one, else the source's or document's file name,
	// else "".
	Title string
	// Docs are the source documents' base names, in order of appearance.
	Docs  []string
	Prims []core.Primitive
}

// genericTitles are titles that do not tell one document from another.
var genericTitles = map[string]bool{
	"introduction": true, "overview": true, "readme": true, "index": true, "contents": true,
	"table of contents": true, "getting started": true, "get started": true, "tutorial": true,
	"notes": true, "lecture notes": true, "document": true, "untitled": true, "preface": true,
	"abstract": true, "summary": true, "main": true, "home": true, "docs": true,
	"documentation": true, "chapter": true, "appendix": true, "usage": true,
	"quick start": true, "quickstart": true, "quick start guide": true, "quickstart guide": true,
	"installation": true, "install": true, "setup": true, "configuration": true, "guide": true,
	"user guide": true, "how to": true, "examples": true, "faq": true, "changes": true, "changelog": true,
	"prerequisites": true, "requirements": true, "before you begin": true,
}

// sourceOf is where a primitive was learned from: the source as given to
// lore, else the document.
func sourceOf(p *core.Primitive) string {
	if s := strings.TrimSpace(p.Provenance.Source); s != "" {
		return s
	}
	return strings.TrimSpace(p.Provenance.Document)
}

// titleKey normalizes a title for comparison: its words, lowercased.
func titleKey(t string) string { return strings.Join(text.Words(t), " ") }

// Subjects groups a domain's primitives by subject, in order of first
// appearance: by source, and sources with the same (non-generic) title
// together. Every primitive is in exactly one subject.
func Subjects(prims []core.Primitive) []Subject {
	type group struct {
		source string
		prims  []core.Primitive
	}
	var groups []*group
	if src, ok := oneSource(prims); ok {
		// Most domains of a learn hold the primitives of one source:
		// their group is prims itself (capped, so nothing appends into
		// the caller's array), not a copy of every primitive, which for
		// a large source is as large as all the run learned.
		groups = []*group{{source: src, prims: prims[:len(prims):len(prims)]}}
	} else {
		bySource := map[string]*group{}
		for i := range prims {
			src := sourceOf(&prims[i])
			g := bySource[src]
			if g == nil {
				g = &group{source: src}
				bySource[src] = g
				groups = append(groups, g)
			}
			g.prims = append(g.prims, prims[i])
		}
	}
	var out []Subject
	byKey := map[string]int{}
	for _, g := range groups {
		title := subjectTitle(g.prims)
		key := titleKey(title)
		if key == "" || genericTitles[key] || title == fileTitle(g.source) {
			key = "source:" + g.source
		}
		if j, ok := byKey[key]; ok {
			out[j].Prims = append(out[j].Prims, g.prims...)
			continue
		}
		byKey[key] = len(out)
		out = append(out, Subject{Key: key, Title: title, Prims: g.prims})
	}
	var split []Subject
	for _, sub := range out {
		split = append(split, byChapter(sub)...)
	}
	for i := range split {
		split[i].Docs = sourceDocs(split[i].Prims)
	}
	return split
}

// maxSubjectPrims is the most a subject holds before its chapters are
// subjects of their own: a skill shows ten key primitives and lists a few
// hundred names, and a book's worth of results under one description is
// one an agent loads for any question on the field, or for none.
const maxSubjectPrims = 120

// byChapter splits a subject larger than maxSubjectPrims whose primitives
// come from several chapters into one subject per chapter, a chapter of
// fewer than DefaultSkillMinPrimitives with the one before it, each titled by its largest chapter and the work
// ("Convexity and Pseudoconvexity (Tasty Bits of Several Complex
// Variables)", "Changes — RFC 4511"). Any other subject is returned as it is.
func byChapter(sub Subject) []Subject {
	if len(sub.Prims) <= maxSubjectPrims {
		return []Subject{sub}
	}
	type part struct {
		title string
		prims []core.Primitive
	}
	var parts []*part
	at := map[string]*part{}
	for i := range sub.Prims {
		c := clean(sub.Prims[i].Provenance.Chapter, maxNameRunes)
		p := at[c]
		if p == nil {
			p = &part{title: c}
			at[c] = p
			parts = append(parts, p)
		}
		p.prims = append(p.prims, sub.Prims[i])
	}
	if len(parts) < 2 {
		return []Subject{sub}
	}
	// in the book's order: a store hands primitives back by id
	first := func(p *part) (int, int) {
		c, o := math.MaxInt, math.MaxInt
		for i := range p.prims {
			q := &p.prims[i]
			if q.Chapter < c || q.Chapter == c && q.Provenance.At() < o {
				c, o = q.Chapter, q.Provenance.At()
			}
		}
		return c, o
	}
	sort.SliceStable(parts, func(i, j int) bool {
		ci, oi := first(parts[i])
		cj, oj := first(parts[j])
		return ci < cj || ci == cj && oi < oj
	})
	// A chapter too small for a skill of its own joins the one before it
	// (the first ones, the first large one).
	var groups [][]*part
	var lead []*part
	for _, p := range parts {
		switch {
		case len(p.prims) >= DefaultSkillMinPrimitives:
			groups = append(groups, append(lead, p))
			lead = nil
		case len(groups) > 0:
			groups[len(groups)-1] = append(groups[len(groups)-1], p)
		default:
			lead = append(lead, p)
		}
	}
	if len(groups) < 2 {
		return []Subject{sub}
	}
	work := sub.Title
	if work == "" || genericTitles[titleKey(work)] {
		if src, ok := oneSource(sub.Prims); ok {
			work = fileTitle(src)
		}
	}
	out := make([]Subject, 0, len(groups))
	for _, g := range groups {
		var titles []string
		var prims []core.Primitive
		// the group is named by its largest chapter: the small ones
		// beside it ("Abstract", "Conventions") are not what it teaches
		main := g[0]
		for _, p := range g {
			if p.title != "" {
				titles = append(titles, p.title)
			}
			if len(p.prims) > len(main.prims) {
				main = p
			}
			prims = append(prims, p.prims...)
		}
		title := main.title
		switch {
		case title == "":
			title = work
		case work != "" && (genericTitles[titleKey(title)] || len(strings.Fields(title)) == 1):
			// "Changes", "Introduction": the work is the name, so a
			// dash, which a long name keeps, not parentheses, which it
			// drops (see wordSlug)
			title += " — " + work
		case work != "":
			title += " (" + work + ")"
		}
		out = append(out, Subject{Key: sub.Key + "#" + strings.Join(titles, "; "), Title: title, Prims: prims})
	}
	return out
}

// oneSource is the source of every primitive of prims, when there is
// one and prims is not empty.
func oneSource(prims []core.Primitive) (string, bool) {
	if len(prims) == 0 {
		return "", false
	}
	src := sourceOf(&prims[0])
	for i := 1; i < len(prims); i++ {
		if sourceOf(&prims[i]) != src {
			return "", false
		}
	}
	return src, true
}

// subjectTitle names a group of primitives: the title most of them share
// (at least half), else the chapter most of them are in (a book without a
// title page names its parts), else the file name of their one source or
// document, else "".
func subjectTitle(prims []core.Primitive) string {
	if best, n := commonTitle(prims); best != "" && 2*n >= len(prims) && !genericTitles[titleKey(best)] {
		return best
	}
	if ch, n := commonChapter(prims); ch != "" && 2*n >= len(prims) && !genericTitles[titleKey(ch)] {
		return ch
	}
	sources := map[string]bool{}
	for i := range prims {
		sources[sourceOf(&prims[i])] = true
	}
	if len(sources) == 1 {
		for s := range sources {
			return fileTitle(s)
		}
	}
	return ""
}

// commonChapter is the chapter most of prims are in and how many are.
func commonChapter(prims []core.Primitive) (string, int) {
	count := map[string]int{}
	best := ""
	for i := range prims {
		ch := clean(prims[i].Provenance.Chapter, maxNameRunes)
		if ch == "" {
			continue
		}
		count[ch]++
		if count[ch] > count[best] {
			best = ch
		}
	}
	return best, count[best]
}

// commonTitle is the document title most of prims carry (the first
// seen of those as common) and how many carry it; "" when none has one.
func commonTitle(prims []core.Primitive) (string, int) {
	count := map[string]int{}
	var order []string
	for i := range prims {
		t := clean(prims[i].Provenance.Title, maxNameRunes)
		if t == "" {
			continue
		}
		if count[t] == 0 {
			order = append(order, t)
		}
		count[t]++
	}
	best := ""
	for _, t := range order {
		if count[t] > count[best] {
			best = t
		}
	}
	return best, count[best]
}

// fileTitle turns a source or document path into a title: its base name
// (the entry of an archive, the last segment of a URL) without extension,
// '_' and '-' as spaces.
func fileTitle(src string) string {
	if src == "" {
		return ""
	}
	if j := strings.LastIndexByte(src, '!'); j >= 0 {
		src = src[j+1:]
	}
	src = strings.TrimRight(strings.ReplaceAll(src, `\`, "/"), "/")
	base := path.Base(src)
	if ext := path.Ext(base); ext != "" && len(ext) <= 6 {
		base = strings.TrimSuffix(base, ext)
	}
	// "README" names no subject; the folder holding it does.
	if dir := path.Base(path.Dir(src)); genericTitles[strings.ToLower(base)] && dir != "." && dir != "/" && dir != "" {
		base = dir + " " + base
	}
	base = strings.Map(func(r rune) rune {
		if r == '_' || r == '-' {
			return ' '
		}
		return r
	}, base)
	base = clean(base, maxNameRunes)
	if base == "." || base == "/" || strings.IndexFunc(base, unicode.IsLetter) < 0 {
		return ""
	}
	return base
}

// subjectName is the skill name of a subject: "learn-" and the slug of its
// title (the domain's when it has none), at most 64 characters cut at a
// word, never ending in "agent" or "team" (the domain's agent and team
// are named so). A name in reserved (another domain's artifact) gains the
// domain's slug, then a hash of the subject's key.
func subjectName(d DomainInfo, s *Subject, reserved map[string]bool) string {
	slug := ""
	if s.Title != "" {
		slug = wordSlug(s.Title)
	}
	if slug == "" {
		slug = slugOf(d)
	}
	if strings.HasSuffix(slug, "-agent") || strings.HasSuffix(slug, "-team") || slug == "agent" || slug == "team" {
		slug = cutSlug(slug, maxSubjectSlug-len("-skill")) + "-skill"
	}
	name := "learn-" + slug
	if reserved[name] {
		name = "learn-" + cutSlug(slug+"-"+slugOf(d), maxSubjectSlug)
	}
	if reserved[name] {
		sum := sha256.Sum256([]byte(d.ID + "\x00" + s.Key))
		name = "learn-" + cutSlug(slug, maxSubjectSlug-9) + "-" + hex.EncodeToString(sum[:4])
	}
	return name
}

// maxSubjectSlug keeps "learn-<slug>" within the 64-character name limit.
const maxSubjectSlug = 64 - len("learn-")

// wordSlug is the slug of a title for a skill name (slugWords), without
// its parenthesized parts when it is too long ("RFC 7234: Hypertext
// Transfer Protocol (HTTP/1.1): Caching" keeps "caching") but for the
// start of a work the title ends by naming, cut at a hyphen to
// maxSubjectSlug.
func wordSlug(t string) string {
	s := slugWords(t)
	if len(s) > maxSubjectSlug {
		if p := slugWords(dropParens(t)); p != "" {
			s = p
			// a part named with its work, "User Agent Requirements (RFC
			// 6265: HTTP State Management Mechanism)", keeps as much of
			// the work as fits: the part alone names no work
			if i := openingParen(t); strings.HasSuffix(t, ")") && i > 0 && len(p)+2 < maxSubjectSlug {
				if w := cutSlug(slugWords(t[i+1:len(t)-1]), maxSubjectSlug-len(p)-1); w != "" {
					s = p + "-" + w
				}
			}
		}
	}
	return cutSlug(s, maxSubjectSlug)
}

// openingParen is where the parenthesis that closes t opens ("Elements
// of Protocol (RFC 4511: … (LDAP): The Protocol)"), -1 for none.
func openingParen(t string) int {
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch t[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// dropParens removes the parenthesized parts of s.
func dropParens(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cutSlug cuts s to at most n characters at a hyphen.
func cutSlug(s string, n int) string {
	if len(s) <= n {
		return s
	}
	p := s[:n]
	if s[n] != '-' {
		if i := strings.LastIndexByte(p, '-'); i > 0 {
			p = p[:i]
		}
	}
	return strings.Trim(p, "-")
}

// sortSubjects orders subjects by key, so output does not depend on the
// order a store returns primitives in.
func sortSubjects(ss []Subject) {
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].Key < ss[j].Key })
}

// workTitled gives a title that names only a part of a work in everyday
// words ("Security", "Detailed design") the name the work goes by, as
// "Security (Borg)": two works' security sections are otherwise one
// skill name and one description. That name is the first of the
// subject's single-word terms its primitives write as a name (nameForm).
// A title with a word of its own is returned as it is.
func workTitled(title string, terms []string, prims []core.Primitive) string {
	if !everydayTitle(title) {
		return title
	}
	for _, t := range terms {
		if strings.ContainsAny(t, " -") || text.IsCommonWord(t) {
			continue
		}
		if form := nameForm(t, prims); form != "" && !strings.EqualFold(form, title) {
			return title + " (" + form + ")"
		}
	}
	return title
}

// everydayTitle reports whether title is a few words that are all
// everyday English or stopwords: a heading any work may have.
func everydayTitle(title string) bool {
	ws := text.Words(strings.ToLower(title))
	if len(ws) == 0 || len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		if !text.IsCommonWord(w) && !text.IsStopword(w) {
			return false
		}
	}
	return true
}

// nameForm is how prims write term when they write it as a name, "" when
// they mostly do not: an occurrence is a name when it is capitalized
// inside a sentence ("in Borg") or part of a code name
// ("`crossbeam-channel`"). The form is the whole name as most often
// written, so "crossbeam" is "crossbeam-channel" where that is how the
// work calls itself.
func nameForm(term string, prims []core.Primitive) string {
	forms := map[string]int{}
	names, all := 0, 0
	for i := range prims {
		for _, s := range []string{prims[i].Name, prims[i].FormalStatement} {
			text.EachWord(s, func(w string, start, end int) {
				if !strings.EqualFold(w, term) {
					return
				}
				all++
				// the code name the word is part of
				a, b := start, end
				for a > 0 && codeNameByte(s[a-1]) {
					a--
				}
				for b < len(s) && codeNameByte(s[b]) {
					b++
				}
				whole := strings.Trim(s[a:b], "-_:.")
				code := whole != w || a > 0 && s[a-1] == '`'
				capital := w[0] >= 'A' && w[0] <= 'Z' && !sentenceStart(s[:start])
				if !code && !capital {
					return
				}
				names++
				forms[whole]++
			})
		}
	}
	if names < 2 || 2*names < all {
		return ""
	}
	best := ""
	for f, n := range forms {
		if n > forms[best] || n == forms[best] && f < best {
			best = f
		}
	}
	return best
}

// codeNameByte reports whether c joins the words of a code name
// ("crossbeam-channel", "std::sync").
func codeNameByte(c byte) bool {
	return c == '-' || c == '_' || c == ':' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// sentenceStart reports whether a word after before opens a sentence.
func sentenceStart(before string) bool {
	before = strings.TrimRight(before, " \t\n\"'(*`")
	return before == "" || strings.ContainsAny(before[len(before)-1:], ".!?:#")
}
