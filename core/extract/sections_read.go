package extract

import (
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A reader who meets a section that no marker, term or list made into a
// statement still reads it, as what its title names: "Newton's method",
// "Internet Checksum Algorithm", "Run Length Encoding / Bit-Packing
// Hybrid". Where an author marks little (lecture notes in prose, a
// format's catalogue of encodings, a paper's design sections) most of a
// work is such sections, and a skill built only from what was marked
// holds a fraction of it: an agent asked to run the checksum finds
// nothing. So in a document whose readers left sections of it unread
// (most of them, when its headings are a page layout's guess), each such
// section is read as the technique its title
// names (or the definition its opening states), stated by its opening
// paragraph, with the rest of it as its passage. In a document that
// marks its knowledge (a textbook's theorems, a specification's
// requirements) an unmarked section is the setting of what is marked; it
// is read on in the passage of the primitive before it.

const (
	// readingConf is the confidence of a section read by its title
	// alone: below every stated primitive's.
	readingConf = 0.45
	// minReadingWords is the shortest opening paragraph a section read
	// by its title has: less is a caption or a line of a table.
	minReadingWords = 12
	// minReadings is the fewest sections read by their titles: a
	// document of one section has no parts to read so.
	minReadings = 2
	// minRequirements is how many key words ("MUST", "SHOULD") make a
	// document one that states its rules as requirements.
	minRequirements = 10
	// minUnreadAround is the length of a section's own text past which a
	// term it defines in passing no longer reads the section: a page of
	// method and examples around one defined word.
	minUnreadAround = 6000
	// minMarkedShare is how many sections a marked result or definition
	// may stand for in a work that marks its knowledge: past it, the
	// marks are a few among sections of prose.
	minMarkedShare = 3
)

// sectionReadings adds to cs a reading of each section
// no candidate covers, when such sections are most of the document's
// prose sections. A section is covered when its own text holds a
// candidate, or the own text of a section holding it does (that
// primitive's passage reads on through it); a reading covers nothing
// but itself, so the sections under a section read by its title are read
// by theirs ("Newton's method" under "Optimization and Convergence").
func (x *extractor) sectionReadings(cs []cand) []cand {
	if len(x.states) < minCatalogue || programMedia[x.a.Document.MediaType] ||
		x.ctype == core.Spec && len(bcp14.FindAllStringIndex(x.doc, minRequirements)) == minRequirements {
		// a program's sections are its comments; a specification that
		// writes its requirements with key words says what its rules
		// are (a design proposal that says "should" as prose does is
		// read as the prose it is)
		return cs
	}
	offs := make([]int, 0, len(cs))
	var terms []int // where terms defined in passing are
	marked := 0
	taken := map[string]bool{}
	var parts []int // a guide's steps, section after section
	for i := range cs {
		switch {
		case len(cs[i].parts) > 0:
			// read by its parts, its first step among them
		case inPassing(cs[i]):
			terms = append(terms, cs[i].offset)
		default:
			offs = append(offs, cs[i].offset)
		}
		parts = append(parts, cs[i].parts...)
		taken[strings.ToLower(cs[i].name)] = true
		if cs[i].format && (cs[i].typ == core.Theorem || cs[i].typ == core.Definition) {
			marked++
		}
	}
	if marked >= 2 && marked*minMarkedShare >= len(x.states) || x.marksResults() {
		// A work that marks its results and definitions says what its
		// knowledge is, in any format it is rendered to. One that marks
		// a result or two among many sections of prose and worked
		// examples (a calculus chapter's two statements of L'Hôpital's
		// rule over a dozen sections) says most of it unmarked.
		return cs
	}
	sort.Ints(offs)
	sort.Ints(terms)
	sort.Ints(parts)
	// in reports whether one of sorted offsets xs is in [from, to)
	in := func(xs []int, from, to int) bool {
		i := sort.SearchInts(xs, from)
		return i < len(xs) && xs[i] < to
	}
	type reading struct {
		st            *secState
		at, lead, end int
		name, sta     string
		cut           bool
	}
	var unread []reading
	prose := 0
	covering := map[*core.Section]bool{} // sections whose own text holds a candidate
	for _, st := range x.states {
		ownEnd := st.body + len(st.own)
		if in(offs, st.s.Offset, ownEnd) || in(terms, st.s.Offset, ownEnd) && len(st.own) < minUnreadAround {
			// a section holding a statement is read by it; one that
			// only names a term in passing is read by the term when
			// the term is most of what it says ("Homogeneous
			// equations" teaches its method over pages of examples,
			// and names "general solution" on the way)
			covering[st.s] = true
			prose++
			continue
		}
		if in(parts, st.s.Offset, ownEnd) {
			// a step of a guide's procedure: the section is read,
			// though not on through its subsections (a procedure's
			// passage is what follows its last step)
			prose++
			continue
		}
		name := x.readingName(st)
		if name == "" || taken[strings.ToLower(name)] {
			continue // no subject, or one a candidate names (a procedure under its "Note")
		}
		at, lead, end, stmt, cut := x.openingProse(st)
		if stmt == "" {
			continue
		}
		prose++
		if x.coveredAbove(st.s, covering) {
			continue
		}
		unread = append(unread, reading{st: st, at: at, lead: lead, end: end, name: name, sta: stmt, cut: cut})
	}
	if len(unread) < minReadings || 2*len(unread) <= prose && x.pageHeadings() {
		// A page's text (a PDF's) has headings a layout guessed, and a
		// work whose readers took most of them says what it holds; a
		// work with headings of its own (Markdown, LaTeX, HTML) loses
		// every section of it left unread, the chapter's "How do we use
		// neural networks?" before the code it explains.
		return cs
	}
	for _, r := range unread {
		typ := core.Technique
		if t := headedTerm(r.name); t != "" && termSubject(r.sta, t) != "" && x.ctype != core.Tutorial {
			// (a guide's section is a part of what it walks through,
			// not a term it defines)
			typ = core.Definition
		}
		c := cand{typ: typ, name: r.name, statement: r.sta, offset: r.at, end: r.end, conf: readingConf, sec: r.st, reading: true}
		if r.end == 0 && (r.lead < r.at || r.cut) {
			c.passFrom = r.lead // the lines before the opening, or the opening's cut rest
		}
		c.statement = cutStatement(strings.TrimSpace(text.CollapseSpace(c.statement)), maxStatement)
		cs = append(cs, c)
	}
	return cs
}

// pageHeadings reports whether the document's headings were guessed
// from a page's layout (a PDF's text, plain text) rather than marked by
// its author.
func (x *extractor) pageHeadings() bool {
	return x.format == core.FormatText || x.a.Document.MediaType == "application/pdf"
}

// coveredAbove reports whether a section above s holds a candidate in its
// own text, whose passage reads on through s.
func (x *extractor) coveredAbove(s *core.Section, covering map[*core.Section]bool) bool {
	for p := x.parentOf(s); p != nil; p = x.parentOf(p) {
		if covering[p] {
			return true
		}
	}
	return false
}

// readingName is the name a section read by its title takes: its title
// without its number, or "" for a title that names no subject of the
// work (a paper's "Introduction", a reference's "Example", "Exercises").
// A generic title of a section's part ("Notation", "Preliminaries") is
// named with the section it is a part of.
func (x *extractor) readingName(st *secState) string {
	for p := x.parentOf(st.s); p != nil; p = x.parentOf(p) {
		if unreadTitles[strings.ToLower(strings.Trim(x.plainTitle(p.Title), ".: "))] {
			return "" // a field under a message's "Syntax" is read with the message
		}
	}
	t := strings.TrimSpace(stripSectionNumber(st.title))
	low := strings.ToLower(strings.Trim(t, ".: "))
	if first, _, _ := strings.Cut(low, " "); apparatusWords[strings.TrimRight(first, ":.")] {
		return "" // "Worksheet 1", "Practice problems", "Review"
	}
	if ws := strings.Fields(low); len(ws) > 1 && ws[len(ws)-1] == "questions" {
		return "" // "Reading Questions", "Review Questions"
	}
	part := partTitles[low]
	if !part && (low == "" || unreadTitles[low] || headedStop[low] || !hasWord(t, 3) || genericSection(t) || x.pageFurniture(t)) {
		return ""
	}
	if part {
		p := x.parentOf(st.s)
		if p == nil {
			return ""
		}
		t = strings.TrimSpace(stripSectionNumber(x.plainTitle(p.Title))) + ": " + t
	}
	if ws := strings.Fields(t); len(ws) > 1 && strings.ToUpper(t) == t {
		t = titleCase(strings.ToLower(t)) // "SYSTEM INTERACTIONS"; "BFGS" and "INFO" are names
	}
	// "Plain: (PLAIN = 0)": the colon sets off what follows, not a part
	t = strings.ReplaceAll(t, ": (", " (")
	return tidyName(t)
}

// pageFurniture tells a heading a page's text gives that names no part
// of the work: the work's own title repeated as a running head
// ("Dynamo: Amazon's Highly Available Key-value Store 2" after the title
// page's "Dynamo: Amazon's Highly Available Key-value Store"), or its
// byline ("Giuseppe DeCandia, Deniz Hastorun, …, Peter Vosshall and
// Werner Vogels Amazon.com", "J.H. Saltzer, D.P. Reed").
func (x *extractor) pageFurniture(t string) bool {
	if wt := strings.ToLower(x.a.Title); len(wt) > 8 && strings.HasPrefix(strings.ToLower(t), wt) {
		return true
	}
	if x.pageHeadings() && x.runningHead(t) {
		return true
	}
	if len(initials.FindAllStringIndex(t, 2)) == 2 {
		return true // two people's initials: "Appendix B. Examples" is one
	}
	names := strings.Split(strings.ReplaceAll(t, " and ", ","), ",")
	if len(names) < 3 {
		return false
	}
	people := 0
	for _, n := range names {
		ws := strings.Fields(strings.TrimPrefix(strings.TrimSpace(n), "and "))
		if len(ws) < 2 || len(ws) > 3 {
			continue
		}
		person := true
		for _, w := range ws {
			person = person && isUpperByte(w[0])
		}
		if person {
			people++
		}
	}
	// most of the list are names: the last may carry the affiliation
	return 3*people >= 2*len(names)
}

// runningHead reports whether t, a heading of a page's text, is another
// heading of it again with a page number ("… Key-value Store 2"), or
// stands twice: what a page repeats at its top is no section.
func (x *extractor) runningHead(t string) bool {
	if x.heads == nil {
		x.heads = map[string]int{}
		for _, st := range x.states {
			x.heads[strings.TrimSpace(stripSectionNumber(st.title))]++
		}
	}
	if x.heads[t] > 1 {
		return true
	}
	base := strings.TrimRight(t, "0123456789")
	return base != t && strings.HasSuffix(base, " ") && x.heads[strings.TrimSpace(base)] > 0
}

// initials are a person's initials before a surname ("J.H. Saltzer").
var initials = lazyre.New(`\b[A-Z]\.(?:[A-Z]\.)*\s+[A-Z][a-z]+`)

// unreadTitles are titles of sections that hold no subject of the work:
// its apparatus, and the parts of an entry read with the entry.
var unreadTitles = map[string]bool{
	"description": true, "syntax": true, "example": true, "examples": true, "exercises": true,
	"exercise": true, "problems": true, "further reading": true, "see also": true, "license": true,
	"licence": true, "contributing": true, "changelog": true, "index": true, "footnotes": true,
	"notes": true, "acknowledgments": true, "acknowledgements": true, "references": true,
	"bibliography": true, "contents": true, "table of contents": true, "credits": true, "authors": true,
	"usage": true, "preamble": true, "document": true, "questions": true, "homework": true, "solutions": true, "answers": true,
	// a paper's classification, not its subject
	"categories and subject descriptors": true, "general terms": true, "keywords": true, "ccs concepts": true,
}

// apparatusWords open the titles of a work's exercises, their solutions
// and reviews, which set tasks rather than say what the work teaches.
var apparatusWords = map[string]bool{
	"worksheet": true, "worksheets": true, "exercise": true, "exercises": true, "practice": true,
	"problem": true, "problems": true, "activity": true, "activities": true, "review": true, "quiz": true,
	"homework": true, "assignment": true, "checkpoint": true, "lab": true, "project": true, "projects": true,
	"solution": true, "solutions": true, "answer": true, "answers": true, "hint": true, "hints": true,
}

// partTitles are generic titles of a part of a subject that still hold
// its matter ("Notation" of a chapter on optimization).
var partTitles = map[string]bool{
	"notation": true, "preliminaries": true, "background": true, "overview": true, "design": true,
	"implementation": true, "analysis": true, "motivation": true, "definitions": true, "setup": true,
}

// openingProse is a section's opening paragraph of prose, as a statement,
// and where it starts; lead is where the section's text starts (before
// at when lines that are no prose come first, "Supported Types: all"),
// and cut reports a statement cut short of its paragraph. A section
// without such a paragraph of its own is read through its first
// subsection when that one is only a part of it ("INFO" then
// "Description"): at is then the section's start and end the end of the
// opening. "" when there is none.
func (x *extractor) openingProse(st *secState) (at, lead, end int, stmt string, cut bool) {
	own, base := st.own, st.body
	through := false
	if strings.TrimSpace(own) == "" && len(st.s.Children) > 0 {
		first := st.s.Children[0]
		low := strings.ToLower(strings.TrimSpace(x.plainTitle(first.Title)))
		if low != "description" && low != "overview" && low != "introduction" && low != "summary" {
			return 0, 0, 0, "", false
		}
		base = clamp(first.BodyOffset, 0, len(x.doc))
		own = x.doc[base:clamp(first.OwnEnd(), base, len(x.doc))]
		through = true
	}
	if x.format == core.FormatPreTeXt {
		return x.ptxOpening(own, base)
	}
	lead = -1
	pos := 0
	for _, para := range strings.SplitAfter(own, "\n\n") {
		p := strings.TrimSpace(para)
		off := pos + strings.Index(para, p)
		pos += len(para)
		if p == "" || p[0] == '%' || strings.HasPrefix(p, `\label`) || strings.HasPrefix(p, "<!--") {
			continue
		}
		if lead < 0 {
			lead = base + off
		}
		if loc := bulletLine.FindStringIndex(p); x.format != core.FormatLaTeX && loc != nil && loc[0] == 0 {
			// a section that says what it says as a list ("* If a
			// recoverable error occurs calling create() the client
			// should …") is read by its items
			p = bulletLine.ReplaceAllString(p, "")
		}
		if x.format != core.FormatLaTeX && (strings.ContainsAny(p[:1], "|>-*+<~!#") || opensBlock(p)) ||
			x.format == core.FormatLaTeX && strings.HasPrefix(p, `\begin`) {
			continue
		}
		var plain string
		if x.format == core.FormatLaTeX {
			x.texDoc()
			plain = x.texr.clean(p)
		} else {
			plain = stripEmph(plainMarkdown(p))
		}
		plain = strings.TrimSpace(text.CollapseSpace(plain))
		if len(strings.Fields(plain)) < minReadingWords || !strings.ContainsAny(plain, ".:;?!") ||
			strings.ContainsAny(plain[:1], `\$`) {
			// a display's markup opening it is no sentence of prose
			continue
		}
		if through {
			// the section's reading is the section's, stated by its
			// part's opening: its passage is the section's text after it
			return clamp(st.s.Offset, 0, base), lead, base + off + len(p), plain, len(plain) > maxStatement
		}
		return base + off, lead, 0, plain, len(plain) > maxStatement
	}
	return 0, 0, 0, "", false
}

// inPassing reports a candidate that is a term a sentence defines on its
// way, not a statement the section is built around: a prose definition
// no block, heading or title sets apart.
func inPassing(c cand) bool {
	return c.typ == core.Definition && !c.format && !c.headed && !c.topic && !c.reading && c.form == ""
}

// ptxOpening is the first paragraph (<p>) of a PreTeXt section's own
// text, base its offset, that reads as a sentence of prose: where it is,
// and its text.
func (x *extractor) ptxOpening(own string, base int) (at, lead, end int, stmt string, cut bool) {
	for from := 0; ; {
		i := strings.Index(own[from:], "<p>")
		if i < 0 {
			return 0, 0, 0, "", false
		}
		i += from
		j := strings.Index(own[i:], "</p>")
		if j < 0 {
			return 0, 0, 0, "", false
		}
		from = i + j + len("</p>")
		plain := strings.TrimSpace(text.CollapseSpace(x.ptxClean(own[i+len("<p>") : i+j])))
		if len(strings.Fields(plain)) >= minReadingWords && strings.ContainsAny(plain, ".:;?!") {
			return base + i, base + i, 0, plain, len(plain) > maxStatement
		}
	}
}

// bulletLine is a Markdown list item's marker at a line's start.
var bulletLine = lazyre.New(`(?m)^[ \t]*[-*+][ \t]+`)

// programMedia are the media types of programs and data, whose "sections"
// are comment lines.
var programMedia = map[string]bool{
	"text/javascript": true, "text/x-typescript": true, "text/x-python": true, "text/x-ruby": true,
	"text/x-perl": true, "text/x-shellscript": true, "text/x-powershell": true, "text/x-script": true,
	"application/json": true, "application/yaml": true, "application/toml": true,
}
