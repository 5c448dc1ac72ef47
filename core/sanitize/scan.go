package sanitize

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize/codescan"
	"github.com/lore-kb/lore/core/text"
)

// MaxFindings is the most findings kept for one document. Past it the
// scanner only counts, and one summary finding says how many were left out,
// so hostile input cannot make a report (or the reviewer's list) unbounded.
const MaxFindings = 1000

// Scan runs the hygiene checks of tier on every document and returns the
// report the gate decides on. Source is left to the caller.
//
// A document whose own familiarity is not HOME is scanned with every
// check even when tier says HOME, and then the report's tier is STRANGER:
// the seed's first invariant must not depend on the caller passing the
// right tier. An unknown tier is treated as STRANGER for the same reason.
// Whether the report is approved on its own is the gate's decision
// (gate.AutoApproves), not the scanner's.
//
// ctx is checked before each document (one document of the largest size
// admitted scans in well under a second); a cancelled scan returns the
// context's error and no report.
func Scan(ctx context.Context, docs []core.Document, tier core.Familiarity) (core.HygieneReport, error) {
	if tier != core.Home {
		tier = core.Stranger
	}
	r := core.HygieneReport{Tier: tier, Findings: []core.Finding{}}
	roots := skillRoots(docs)
	decl := declaredRoots(docs, roots)
	for i := range docs {
		if err := ctx.Err(); err != nil {
			return core.HygieneReport{}, fmt.Errorf("scan: %w", err)
		}
		d := &docs[i]
		t := tier
		if d.Familiarity != core.Home {
			t = core.Stranger
			r.Tier = core.Stranger
		}
		name, txt := ScannedText(*d)
		r.Findings = append(r.Findings, checkName(name)...)
		sc := newScanner(name, txt, d.Format, t != core.Home, 0)
		sc.script = declaredScript(d.MediaType)
		sc.markup = declaredMarkup(d.MediaType)
		var own *codescan.Declared
		if root, ok := rootOf(name, roots); ok {
			own = decl[root]
		}
		sc.decl = own
		if sc.resource == "" && inSkill(name, roots) {
			// A file of a skill folder other than its SKILL.md is the
			// skill's resource wherever it sits, as import judges it.
			sc.resource = "resource"
			sc.declareByName()
		}
		sc.run()
		r.Findings = append(r.Findings, sc.findings()...)
		// What scripts do is judged at both tiers: a HOME skill folder
		// runs its scripts as surely as a downloaded one.
		r.Findings = append(r.Findings, sc.codeFindings(own, name, txt)...)
	}
	SortFindings(r.Findings)
	r.Passed = true
	for _, f := range r.Findings {
		if f.Severity == core.Critical {
			r.Passed = false
			break
		}
	}
	r.CheckedAt = time.Now()
	return r, nil
}

// ScannedText is the name a document's findings carry in Finding.File and
// the text their offsets point into: the raw markup when the document was
// converted from it, else the text.
func ScannedText(d core.Document) (name, text string) {
	name, text = d.Name, d.Text
	if name == "" {
		name = d.Path
	}
	if d.Raw != "" {
		text = d.Raw
	}
	return name, text
}

// ScanText checks one document's text and returns its findings in report
// order. file names the document in locations. HOME runs the critical
// prompt-injection patterns, embedded code, path traversal and
// content-type mismatch; any other tier runs everything.
func ScanText(file string, txt string, f core.Format, tier core.Familiarity) []core.Finding {
	sc := newScanner(file, txt, f, tier != core.Home, 0)
	sc.run()
	var d *codescan.Declared
	if isSkillMD(file) {
		d = DeclaredBy(txt)
	}
	fs := append(sc.findings(), sc.codeFindings(d, file, txt)...)
	SortFindings(fs)
	return fs
}

// Summary is the one-line verdict of a report: what was found, by its
// worst severity. A report with findings is never called clean; a
// critical one keeps the reference's "review required", which logs and
// scripts look for.
func Summary(r core.HygieneReport) string {
	n := len(r.Findings)
	switch {
	case n == 0:
		return "0 findings — clean"
	case r.Count(core.Critical) > 0:
		return fmt.Sprintf("%d finding(s) — review required", n)
	case r.Count(core.Warning) > 0:
		return fmt.Sprintf("%d finding(s) — %d warning(s) to review, none critical", n, r.Count(core.Warning))
	}
	return fmt.Sprintf("%d finding(s) — notes only, none critical", n)
}

// hit is a finding before its location and evidence are rendered: those
// are worked out only for the findings that are kept.
type hit struct {
	a, b int
	cat  core.Category
	sev  core.Severity
	desc string
	rec  string
	flow *flowSpan
}

// flowSpan is a finding's flow before lines are counted: the source and
// the sink as text with the offsets they were read at (-1 when not in
// the document), and the scope words.
type flowSpan struct {
	source, sink, scope string
	srcAt, sinkAt       int
}

type span struct{ a, b int }

// scanner holds the state of one pass over one document.
type scanner struct {
	s      string
	file   string
	format core.Format
	full   bool // STRANGER: every category
	depth  int  // 1 inside decoded base64, where nothing is decoded again
	// script is set when the document declares itself code (a .js or .sh
	// file): a shebang is then no disguise.
	script bool
	// markup is set when the document declares itself HTML or XML (an
	// .html page, an .xml PreTeXt book): what is scanned is then its own
	// markup, which is no disguise either.
	markup bool

	code     []span // code samples (fences, inline code, verbatim)
	comments []span // HTML comments, in order of discovery
	commentN int    // end of the last comment searched for, to keep the search linear

	kept    [3][]hit
	omitted [3][numCategories + 1]int // +1: a category outside core.Categories

	resumeAt  int // a handler consumed text up to here
	ptUntil   int // path traversal already judged up to here (link targets, attributes)
	homoNext  int // the word holding the previous Cyrillic or Greek letter ends here
	linkUntil int // the last Markdown link target parsed ends here
	dataUntil int // the last data: URI payload ends here
	cssUntil  int // the last CSS url() value ends here
	b64Until  int // wrapped base64 already examined (and refused) up to here

	tagBudget int
	closes    [numTracked]int // last offset of </name> per tracked tag, -1 when none
	pending   []pendingTag

	overrides []int    // offsets of instruction-override phrases
	weak      []weakPI // markers that only become critical next to an override
	sysNoCue  []span   // "system:" lines without an instruction after them
	scripts   []span   // transcript role lines (Human:, Assistant:)

	greekMath  int // Greek letters used as symbols (math), see unicode.go
	ctrlN      int // stray control characters, reported once
	ctrlAt     span
	ctrlSeen   [0xa0]int
	looseGreek []span // Greek look-alikes that only count in non-math text

	wbuf []wpos // reused by wordsAfter

	// flowNext is the flow the next add records (set around one add by
	// addFlow), nil for findings that have none.
	flowNext *flowSpan
	lines    *text.LineIndex // built when a flow needs a line

	plain plainState // the plain-words rules (plain.go)
	// source marks a file of program source code (by its extension),
	// whose visible patterns are quotations in strings and comments.
	source bool
	// decl is what the skill the document belongs to declares (from its
	// SKILL.md), nil when it belongs to none or is that SKILL.md.
	decl *codescan.Declared
	// resource names the skill folder (scripts/, assets/, templates/ …)
	// the document sits in, where active content is expected; "" elsewhere.
	resource string
}

// numCategories is len(core.Categories), as a constant for array sizes.
const numCategories = 7

func newScanner(file, s string, f core.Format, full bool, depth int) *scanner {
	sc := &scanner{s: s, file: file, format: f, full: full, depth: depth}
	for i := range sc.closes {
		sc.closes[i] = -1
	}
	sc.tagBudget = 8*len(s) + 1<<16
	sc.code = codeRegions(s, f)
	if f == core.FormatMarkdown && isSkillMD(file) {
		sc.code = withoutAgentText(s, sc.code)
	}
	sc.resource = skillResource(file)
	sc.source = sourceCode(file)
	return sc
}

// Byte classes of the main loop. Everything not listed is skipped with one
// table load, which is what keeps the scan near memory speed on prose.
const (
	cSkip = iota
	cWord
	cLT
	cLBrack
	cRBrack
	cDot
	cCtrl
	cHigh
)

var class [256]uint8

// b64 marks the base64 alphabet (standard and URL-safe, with padding);
// letter marks ASCII letters.
var b64, letter [256]bool

func init() {
	for c := 0; c < 256; c++ {
		b := byte(c)
		switch {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z':
			class[c] = cWord
			letter[c] = true
			b64[c] = true
		case '0' <= b && b <= '9':
			class[c] = cWord
			b64[c] = true
		case b == '+' || b == '/' || b == '=' || b == '-' || b == '_':
			b64[c] = true
		case b == '<':
			class[c] = cLT
		case b == '[':
			class[c] = cLBrack
		case b == ']':
			class[c] = cRBrack
		case b == '.':
			class[c] = cDot
		case b == '\t' || b == '\n' || b == '\r' || b == '\f':
		case b < 0x20 || b == 0x7f:
			class[c] = cCtrl
		case b >= 0x80:
			class[c] = cHigh
		}
	}
}

func (sc *scanner) run() {
	s := sc.s
	sc.contentType()
	for i := 0; i < len(s); {
		switch class[s[i]] {
		case cSkip:
			i++
			continue
		case cWord:
			i = sc.wordRun(i)
		case cLT:
			sc.lt(i)
			i++
		case cLBrack:
			sc.lbrack(i)
			i++
		case cRBrack:
			sc.rbrack(i)
			i++
		case cDot:
			sc.dot(i)
			i++
		case cCtrl:
			if sc.full {
				i = sc.hiddenRun(i)
			} else {
				i++
			}
		case cHigh:
			if sc.full {
				i = sc.nonASCII(i)
			} else {
				i = sc.hiddenOnly(i)
			}
		}
		if sc.resumeAt > i {
			i = sc.resumeAt
		}
	}
	sc.secrets()
	sc.resolve()
	sc.plainWords()
}

// add records a finding. demote says whether the pattern is a visible one
// that a code sample may legitimately show (see the package comment); hidden
// characters and homoglyphs are not, because a code block does not make
// them any more visible.
func (sc *scanner) add(a, b int, cat core.Category, sev core.Severity, desc, rec string, demote bool) {
	if !sc.full {
		switch cat {
		case core.ExternalResources:
			return
		case core.PromptInjection, core.HiddenCharacters:
			// HOME keeps only what is an attack wherever the file came
			// from: a bidi override reordering source code (Trojan
			// Source) is as hostile in a local checkout as in a download.
			if sev != core.Critical {
				return
			}
		}
	}
	if sc.resource != "" {
		sev, desc = sc.resourceSeverity(cat, sev, desc)
	}
	if a < 0 {
		a = 0
	}
	if b > len(sc.s) {
		b = len(sc.s)
	}
	if b < a {
		b = a
	}
	if demote && inSpans(sc.code, a) {
		sev = core.Info
		desc = "code sample: " + desc
		rec = "It sits in a code sample; confirm it is only illustrative before learning from the document."
	} else if demote && sev == core.Critical && sc.source {
		// Source code quotes such text in its strings and comments (a
		// scanner's own tests, a prompt library); what a script does is
		// the code analyser's to judge. It stays a warning: an agent
		// reads a script's comments too.
		sev = core.Warning
		desc = "in source code: " + desc
	}
	k := sevIndex(sev)
	if len(sc.kept[k]) >= MaxFindings {
		sc.omitted[k][catIndex(cat)]++
		return
	}
	if sev != core.Info || !demote {
		switch {
		case inSpans(sc.comments, a):
			desc += " (inside an HTML comment, invisible when rendered)"
		case sc.format == core.FormatLaTeX && inLaTeXComment(sc.s, a):
			desc += " (inside a LaTeX comment, invisible in the output)"
		}
	}
	sc.kept[k] = append(sc.kept[k], hit{a: a, b: b, cat: cat, sev: sev, desc: desc, rec: rec, flow: sc.flowNext})
}

// addFlow is add for a finding about behaviour, with its flow.
func (sc *scanner) addFlow(a, b int, cat core.Category, sev core.Severity, desc, rec string, demote bool, fl *flowSpan) {
	sc.flowNext = fl
	sc.add(a, b, cat, sev, desc, rec, demote)
	sc.flowNext = nil
}

// flowOf renders a flow with its lines.
func (sc *scanner) flowOf(fl *flowSpan) *core.Flow {
	if fl == nil {
		return nil
	}
	// A finding never repeats a credential, in its flow as in its evidence.
	src, _ := redact.Secrets(fl.source)
	sink, _ := redact.Secrets(fl.sink)
	return &core.Flow{Source: src, SourceLine: sc.lineAt(fl.srcAt), Sink: sink, SinkLine: sc.lineAt(fl.sinkAt), Scope: fl.scope}
}

// lineAt is the 1-based line of offset off, 0 when off is negative.
func (sc *scanner) lineAt(off int) int {
	if sc.lines == nil {
		sc.lines = text.NewLineIndex(sc.s)
	}
	return sc.lines.At(off)
}

// room reports whether a finding of severity sev would still be kept, so
// that costly descriptions are not built for findings past the cap. It
// counts the finding as omitted when there is no room.
func (sc *scanner) room(cat core.Category, sev core.Severity) bool {
	k := sevIndex(sev)
	if len(sc.kept[k]) < MaxFindings {
		return true
	}
	sc.omitted[k][catIndex(cat)]++
	return false
}

func inLaTeXComment(s string, off int) bool {
	for k := off - 1; k >= 0 && off-k < 4096; k-- {
		switch s[k] {
		case '\n':
			return false
		case '%':
			if k == 0 || s[k-1] != '\\' {
				return true
			}
		}
	}
	return false
}

func inSpans(sp []span, off int) bool {
	i := sort.Search(len(sp), func(i int) bool { return sp[i].b > off })
	return i < len(sp) && sp[i].a <= off
}

func sevIndex(s core.Severity) int {
	switch s {
	case core.Critical:
		return 0
	case core.Warning:
		return 1
	}
	return 2
}

func catIndex(c core.Category) int {
	for i, x := range core.Categories {
		if x == c {
			return i
		}
	}
	return len(core.Categories)
}

// findings renders the kept hits, most severe first, and adds the summary
// finding when some were left out.
func (sc *scanner) findings() []core.Finding {
	var hs []hit
	for k := range sc.kept {
		for _, h := range sc.kept[k] {
			if len(hs) == MaxFindings {
				sc.omitted[k][catIndex(h.cat)]++
				continue
			}
			hs = append(hs, h)
		}
	}
	if len(hs) == 0 && !sc.anyOmitted() {
		return nil
	}
	// Locations are computed in offset order, counting lines and columns
	// only over the text between one finding and the next: linear in the
	// document, however many findings sit on one long line.
	sort.SliceStable(hs, func(i, j int) bool { return hs[i].a < hs[j].a })
	out := make([]core.Finding, 0, len(hs)+1)
	line, col, at := 1, 1, 0
	for _, h := range hs {
		seg := sc.s[at:h.a]
		if nl := strings.Count(seg, "\n"); nl > 0 {
			line += nl
			col, at = 1, at+strings.LastIndexByte(seg, '\n')+1
		}
		col += utf8.RuneCountInString(sc.s[at:h.a])
		at = h.a
		out = append(out, core.Finding{
			File:           sc.file,
			Category:       h.cat,
			Severity:       h.sev,
			Description:    h.desc,
			Location:       sc.file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col),
			Offset:         h.a,
			Length:         h.b - h.a,
			Evidence:       redactedEvidence(sc.s, h.a, h.b),
			Recommendation: h.rec,
			Flow:           sc.flowOf(h.flow),
		})
	}
	if sc.anyOmitted() {
		out = append(out, sc.summaryFinding())
	}
	SortFindings(out)
	return out
}

func (sc *scanner) anyOmitted() bool {
	for k := range sc.omitted {
		for _, n := range sc.omitted[k] {
			if n > 0 {
				return true
			}
		}
	}
	return false
}

// summaryFinding stands for everything past MaxFindings. It carries the
// most severe omitted severity and the most frequent omitted category so
// that sorting and the passed flag stay truthful.
func (sc *scanner) summaryFinding() core.Finding {
	var perSev [3]int
	var perCat [numCategories + 1]int
	sev := core.Info
	total := 0
	for k := len(sc.omitted) - 1; k >= 0; k-- {
		for c, n := range sc.omitted[k] {
			perSev[k] += n
			perCat[c] += n
			total += n
		}
		if perSev[k] > 0 {
			sev = core.Severities[k]
		}
	}
	cat, best := core.PromptInjection, -1
	for c, n := range perCat[:numCategories] {
		if n > best {
			best, cat = n, core.Categories[c]
		}
	}
	return core.Finding{
		File:     sc.file,
		Category: cat,
		Severity: sev,
		Description: fmt.Sprintf("finding limit of %d reached: %d more not listed (%d critical, %d warning, %d info)",
			MaxFindings, total, perSev[0], perSev[1], perSev[2]),
		Location:       sc.file,
		Offset:         -1,
		Evidence:       "",
		Recommendation: "Treat the document as hostile or machine-generated: reject it, or clean it and scan again.",
	}
}

// SortFindings orders findings as reports show them: by severity, then
// category, then file, then offset.
func SortFindings(fs []core.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := &fs[i], &fs[j]
		if x, y := sevIndex(a.Severity), sevIndex(b.Severity); x != y {
			return x < y
		}
		if x, y := catIndex(a.Category), catIndex(b.Category); x != y {
			return x < y
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Offset < b.Offset
	})
}

// contentType flags a document whose text is plainly another format: an
// HTML page, a PDF or RTF file, or a script, handed on as a text document.
func (sc *scanner) contentType() {
	s := sc.s
	k := 0
	for k < len(s) && k < 1024 && isSpace(s[k]) {
		k++
	}
	head := s[k:min(len(s), k+64)]
	what := ""
	switch {
	case sc.markup && (hasPrefixFold(head, "<!doctype html") || hasPrefixFold(head, "<html") || strings.HasPrefix(head, "<?xml")):
		// Declared markup read as the markup it is: the check compares the
		// declared type with the bytes lore read, never with the text lore
		// itself converted them into.
	case hasPrefixFold(head, "<!doctype html") || hasPrefixFold(head, "<html"):
		what = "an HTML page"
	case strings.HasPrefix(head, "%PDF-"):
		what = "a PDF file"
	case strings.HasPrefix(head, `{\rtf`):
		what = "an RTF file"
	case strings.HasPrefix(head, "#!/") && k == 0 && !sc.script:
		what = "an executable script"
	case strings.HasPrefix(head, "<?xml") && sc.format != core.FormatPreTeXt:
		what = "an XML file"
	}
	if what == "" {
		return
	}
	e := strings.IndexByte(head, '\n')
	if e < 0 {
		e = len(head)
	}
	f := string(sc.format)
	if f == "" {
		f = "text"
	}
	sc.add(k, k+e, core.ContentTypeMismatch, core.Warning, "the "+f+" document is "+what, recMismatch, false)
}

// declaredScript reports a media type that says the document is code: a
// shebang line is then what the file is, not a disguise. Its content is
// still scanned for embedded code like any other text.
func declaredScript(media string) bool {
	switch {
	case media == "", strings.HasPrefix(media, "text/markdown"), strings.HasPrefix(media, "text/plain"),
		strings.HasPrefix(media, "text/x-tex"), strings.Contains(media, "pretext"):
		return false
	}
	return true
}

// declaredMarkup reports a media type that says the document is HTML or
// XML: text/html, application/xhtml+xml, application/xml, text/xml and any
// +xml type (PreTeXt's among them).
func declaredMarkup(media string) bool {
	media = strings.ToLower(strings.TrimSpace(media))
	if i := strings.IndexByte(media, ';'); i >= 0 {
		media = strings.TrimSpace(media[:i])
	}
	switch media {
	case "text/html", "application/xhtml+xml", "application/xml", "text/xml":
		return true
	}
	return strings.HasSuffix(media, "+xml")
}

// checkName reports a document name that climbs out of its source or is an
// absolute path. The acquirer already refuses such archive entries; this is
// the second line, for documents built any other way.
func checkName(name string) []core.Finding {
	why := ""
	switch {
	case strings.IndexByte(name, 0) >= 0:
		why = "a NUL byte"
	case strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`):
		why = "an absolute path"
	case len(name) >= 3 && isASCIILetter(name[0]) && name[1] == ':' && (name[2] == '/' || name[2] == '\\'):
		why = "an absolute Windows path"
	default:
		for _, el := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' || r == '!' }) {
			if el == ".." {
				why = "a .. element that leaves the source"
				break
			}
		}
	}
	if why == "" {
		return nil
	}
	return []core.Finding{{
		File:           name,
		Category:       core.PathTraversal,
		Severity:       core.Critical,
		Description:    "document name has " + why,
		Location:       name,
		Offset:         -1,
		Evidence:       render(name, 200),
		Recommendation: "Reject the entry: a document name must stay inside its source folder or archive.",
	}}
}

func isASCIILetter(c byte) bool { return letter[c] }
