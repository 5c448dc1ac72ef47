// Package generate turns the primitives of one domain into Agent Skills
// artifacts: a skill (SKILL.md plus reference files) per subject — what
// one learned source is about, named by its title (subject.go) — and, for
// the domain, an agent (AGENT.md) and a multi-agent team (TEAM.md). A
// subject that teaches procedures (a tutorial, a runbook) gets a how-to
// skill, its steps and commands to follow (howto.go); any other a
// knowledge skill (skill.go).
//
// The agent and team thresholds, importance ranking, agent distance rule,
// team checks, topology selection and coordination-signature math are the
// reference implementation's (sc:learn, §2.11 of the reference notes), so a
// domain gets the same agent and team, for the same reasons, as it would
// there; skills are per subject and need fewer primitives (see
// DefaultSkillMinPrimitives). The files themselves differ on purpose: the reference's SKILL.md fails the
// Agent Skills validators (extension keys at the top level, nested non-string
// metadata, an unbounded activation list, stopwords as triggers, "math"
// contexts on every domain), and lore's must load in every client. So every
// generated frontmatter is the strictest common subset the ecosystem survey
// found: a portable ASCII name that matches its folder, a double-quoted
// description of at most 1024 characters without '<' or '>', nothing but
// allowed keys, lore's own fields as string values under metadata, and no
// "---" anywhere inside it. Bodies stay under 500 lines; the full primitive
// list goes to reference files of about 10k tokens at most.
//
// All text that comes from documents (names, statements, sections, paths)
// is cleaned before it is written: control characters and line breaks
// become spaces, so no input can add a line to the frontmatter or a heading
// to the body, and every frontmatter value is written through one quoting
// function. Output depends only on the input, Config.Now and
// Config.Reserved.
package generate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Reference defaults (sc:learn's generator configs).
const (
	// DefaultSkillMinPrimitives is the least a subject needs for a skill.
	// The reference's 30 was per domain, where every source of a field
	// added up; a skill is now about one subject, and a section or short
	// chapter of a dozen results is one an agent can use.
	DefaultSkillMinPrimitives    = 10
	DefaultAgentMinPrimitives    = 30
	DefaultAgentMinPlaneDistance = 0.5
	DefaultTeamMinPrimitives     = 50
	DefaultTeamMinCrossRules     = 20
	DefaultTeamMinQuadrants      = 2
	DefaultSpectralGamma         = 0.9
	DefaultMaxKeyPrimitives      = 10
	DefaultMaxCompositionRules   = 10
)

// Bounds lore adds so that no domain, however large or odd, produces a file
// a client would truncate or refuse.
const (
	maxTriggers       = 10    // metadata triggers and the description's "Use when"
	maxActivation     = 30    // keywords in a SKILL.md Activation section
	maxAgentKeywords  = 15    // the reference's agent keyword count
	maxPatterns       = 10    // applicability patterns listed by an agent
	maxChainIDs       = 10    // ids after "enables:" in an agent's dependency chains
	maxChains         = 5     // the reference's dependency chain count
	maxTeamRules      = 15    // cross-quadrant rules listed by a team
	maxSlug           = 52    // so learn-<slug>-agent is at most 64 characters
	refFileBudget     = 32000 // bytes per reference file: about 8–10k tokens
	maxRefFiles       = 256   // reference files of one skill (see referenceFiles)
	maxNameRunes      = 120   // a primitive name in any file
	maxInlineRunes    = 300   // a statement quoted in SKILL.md or AGENT.md
	maxRefStmtRunes   = 2000  // a statement in a reference file
	maxFieldRunes     = 200   // a section, document path or id in a reference file
	maxDescRunes      = 1024  // the specification's description limit
	maxDomainDesc     = 200   // the domain description quoted in a description
	maxTriggerRunes   = 40    // one trigger keyword
	maxTopConcepts    = 5     // the reference's Top Concepts count
	maxAgentConcepts  = 5     // key concepts per team agent (reference)
	maxDocsNamed      = 3     // source documents named in a description
	maxPatternRunes   = 120   // one applicability pattern
	maxPatternsPerKey = 5     // applicability patterns under one key primitive
)

// Config holds the generators' thresholds. A zero or negative field means
// the reference default, so Config{} behaves like sc:learn; Now is the
// clock for created-at and GeneratedAt (time.Now when nil), injectable so
// output is reproducible.
type Config struct {
	SkillMinPrimitives    int
	AgentMinPrimitives    int
	AgentMinPlaneDistance float64
	TeamMinPrimitives     int
	TeamMinCrossRules     int
	TeamMinQuadrants      int
	// SpectralGamma is the discount γ of the coordination signature; it
	// must lie in (0, 1).
	SpectralGamma       float64
	MaxKeyPrimitives    int
	MaxCompositionRules int
	Now                 func() time.Time
	// Reserved are artifact names other domains already use; a subject
	// whose skill name is one of them gets a name of its own (see
	// subjectName).
	Reserved map[string]bool
	// nearMiss are the concepts of the domain's other subjects, for the
	// queries a skill's trigger evals say should not load it.
	nearMiss []string
}

// DefaultConfig returns the reference defaults with the real clock.
func DefaultConfig() Config { return Config{}.withDefaults() }

func (c Config) withDefaults() Config {
	setInt := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	setInt(&c.SkillMinPrimitives, DefaultSkillMinPrimitives)
	setInt(&c.AgentMinPrimitives, DefaultAgentMinPrimitives)
	setInt(&c.TeamMinPrimitives, DefaultTeamMinPrimitives)
	setInt(&c.TeamMinCrossRules, DefaultTeamMinCrossRules)
	setInt(&c.TeamMinQuadrants, DefaultTeamMinQuadrants)
	setInt(&c.MaxKeyPrimitives, DefaultMaxKeyPrimitives)
	setInt(&c.MaxCompositionRules, DefaultMaxCompositionRules)
	if !(c.AgentMinPlaneDistance > 0) || math.IsInf(c.AgentMinPlaneDistance, 0) {
		c.AgentMinPlaneDistance = DefaultAgentMinPlaneDistance
	}
	if c.SpectralGamma == 0 {
		c.SpectralGamma = DefaultSpectralGamma
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// DomainInfo is what the generators need to know about a domain: its id (a
// slug such as "computer-science", used for artifact names), display name
// and description. It is a subset of core.Domain so callers with ad hoc
// groups of primitives need not invent a plane region.
type DomainInfo struct {
	ID          string
	Name        string
	Description string
}

// FromDomain takes the generator's view of a domain definition.
func FromDomain(d core.Domain) DomainInfo {
	return DomainInfo{ID: d.ID, Name: d.Name, Description: d.Description}
}

// Outcome is one generator's verdict: whether the artifact was generated,
// why (or why not, in the reference's wording), and the artifact itself
// when it was. Outcomes are returned rather than errors because "too few
// primitives" is an expected answer the report shows, not a failure.
type Outcome struct {
	Kind      core.ArtifactKind
	Domain    string
	Generated bool
	Reason    string
	// Subject names, for a skill, the subject it is (or would have been)
	// about, as a person knows it: its title and the documents it comes
	// from (see SubjectLabel); "" when it has none.
	Subject  string
	Artifact *core.Artifact
	// Sources are the ids of the primitives a skill was made from, its
	// subject's; nil for an agent or a team, made from the whole domain.
	// A run that changed none of them need not make the skill again.
	Sources []string
}

// SubjectLabel names sub for a person: its title, quoted, and the
// documents it was learned from when they are not just the title, at most
// three of them ("\"Groups\" (from c.md, d.md)"); "" for a subject with
// neither.
func SubjectLabel(sub Subject) string {
	title := clean(sub.Title, 80)
	docs := sub.Docs
	if len(docs) == 1 && docs[0] == title {
		docs = nil
	}
	list := strings.Join(docs[:min(len(docs), 3)], ", ")
	if len(docs) > 3 {
		list += fmt.Sprintf(" and %d more", len(docs)-3)
	}
	switch {
	case title == "":
		return list
	case list == "":
		return strconv.Quote(title)
	}
	return strconv.Quote(title) + " (from " + list + ")"
}

// All runs the skill generator on each subject of one domain's primitives
// (Skills), then the agent and team generators on the whole domain, in
// that order.
func All(d DomainInfo, prims []core.Primitive, centers []core.PlanePosition, cfg Config) []Outcome {
	sh := newShared(prims)
	body, _ := sh.coherentBody()
	out := skills(d, prims, cfg, sh)
	// the agent names the skills made of its body
	inBody := make(map[string]bool, len(body))
	for i := range body {
		inBody[body[i].ID] = true
	}
	for _, o := range out {
		if o.Artifact != nil && slices.ContainsFunc(o.Sources, func(id string) bool { return inBody[id] }) {
			sh.skillNames = append(sh.skillNames, o.Artifact.Name)
		}
	}
	return append(out, agent(d, prims, centers, cfg, sh), team(d, body, cfg, func() []string { return sh.termsOf(body) }))
}

// shared is what the generators of one domain compute once: the lexicon
// of its words, and for the domain's primitives (prims) their vocabulary,
// importance ranking and ranked terms. Most domains of a run are one
// subject, whose skill is then made from the very same primitives as the
// agent and the team, so each of these is computed once, not per
// generator.
type shared struct {
	lex    *lexicon
	prims  []core.Primitive
	vocab  *vocabulary
	ranked []int
	terms  []string
	// body and bodySubs are the domain's coherent body (coherentBody).
	body     []core.Primitive
	bodySubs []Subject
	// skillNames are the skills generated of the body, which its agent
	// wraps.
	skillNames []string
}

func newShared(prims []core.Primitive) *shared { return &shared{lex: newLexicon(), prims: prims} }

// whole reports whether ps is the domain's primitives themselves (the
// same elements, not a copy), so what is known of those holds for ps.
func (sh *shared) whole(ps []core.Primitive) bool {
	return len(ps) == len(sh.prims) && (len(ps) == 0 || &ps[0] == &sh.prims[0])
}

// vocabularyOf is vocabularyOf(ps), computed once for the domain's
// primitives.
func (sh *shared) vocabularyOf(ps []core.Primitive) *vocabulary {
	if !sh.whole(ps) {
		return vocabularyOf(sh.lex, ps)
	}
	if sh.vocab == nil {
		sh.vocab = vocabularyOf(sh.lex, ps)
	}
	return sh.vocab
}

// importance is byImportance(ps), computed once for the domain's
// primitives. Callers only read the result.
func (sh *shared) importance(ps []core.Primitive) []int {
	if !sh.whole(ps) {
		return byImportance(ps)
	}
	if sh.ranked == nil {
		sh.ranked = byImportance(ps)
	}
	return sh.ranked
}

// domainTerms are the domain's ranked terms (domainTerms), computed once.
func (sh *shared) domainTerms() []string {
	if sh.terms == nil {
		sh.terms = domainTerms(sh.lex, sh.prims, sh.vocabularyOf(sh.prims))
	}
	return sh.terms
}

// ---- names ----

// termsOf is domainTerms of ps, computed once when ps is the domain's
// primitives.
func (sh *shared) termsOf(ps []core.Primitive) []string {
	if sh.whole(ps) {
		return sh.domainTerms()
	}
	return domainTerms(sh.lex, ps, sh.vocabularyOf(ps))
}

// BaseName is the artifact name stem "learn-<slug>" of a domain: the slug of
// its id (its name when the id is empty) reduced to ASCII lower-case letters
// and digits in hyphen-separated runs, without the reserved words
// "anthropic" and "claude", and at most 52 characters so that the agent's
// "learn-<slug>-agent" still fits the 64-character name limit. A slug that
// had to be shortened keeps a prefix cut at a hyphen and gains 8 hex digits
// of the id's SHA-256, so two long ids never collide; one that is empty after
// all that (an id in another script) is "domain-<8 hex digits>".
func BaseName(d DomainInfo) string { return "learn-" + slugOf(d) }

func slugOf(d DomainInfo) string {
	src := d.ID
	if strings.TrimSpace(src) == "" {
		src = d.Name
	}
	s := slugWords(src)
	sum := sha256.Sum256([]byte(src))
	h := hex.EncodeToString(sum[:4])
	switch {
	case s == "":
		return "domain-" + h
	case len(s) > maxSlug:
		cut := maxSlug - 9
		p := s[:cut]
		if i := strings.LastIndexByte(p, '-'); i >= cut/2 && s[cut] != '-' {
			p = p[:i]
		}
		return strings.Trim(p, "-") + "-" + h
	}
	return s
}

// slugWords is src as ASCII lower-case letters and digits in
// hyphen-separated runs, without the reserved words "anthropic" and
// "claude", of any length. NFKD then drop marks: "Gödel" gives "godel", as
// core/text.Slug does, but without its 60-byte cap so a long id is
// detected as long.
func slugWords(src string) string {
	var parts []string
	var b strings.Builder
	flush := func() {
		p := b.String()
		b.Reset()
		if p == "" || strings.Contains(p, "anthropic") || strings.Contains(p, "claude") {
			return
		}
		parts = append(parts, p)
	}
	for _, r := range norm.NFKD.String(strings.ToValidUTF8(src, "")) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case 'a' <= r && r <= 'z', '0' <= r && r <= '9':
			b.WriteRune(r)
		case 'A' <= r && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		default:
			flush()
		}
	}
	flush()
	return strings.Join(parts, "-")
}

func displayName(d DomainInfo) string {
	n := clean(d.Name, 100)
	if n == "" {
		n = clean(d.ID, 100)
	}
	if n == "" {
		n = "Unnamed domain"
	}
	return n
}

// ---- text hygiene ----

// clean makes document text safe for one line of Markdown or one YAML
// value: invalid UTF-8 repaired, line breaks, tabs, control, format and
// other non-printing characters turned into spaces, runs of space collapsed,
// and the result cut to max runes (with "…") when max > 0.
func clean(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if strings.Contains(s, "](") {
		s = unlinkRelative(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		// ASCII byte by byte: every statement of a skill's reference
		// files passes here, and most are ASCII.
		if c := s[i]; c < utf8.RuneSelf {
			i++
			if c <= ' ' || c == 0x7f { // control, space or DEL
				space = true
				continue
			}
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(c)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if !unicode.IsPrint(r) || unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	out := b.String()
	if max > 0 && utf8.RuneCountInString(out) > max {
		out = truncRunes(out, max-1) + "…"
	}
	return out
}

// mdLink is a Markdown link, its text and its target.
var mdLink = lazyre.New(`\[([^\[\]]*)\]\(([^()\s]*)\)`)

// unlinkRelative keeps of a Markdown link to a path of the source's own
// ("[Layer](layer.md)") its text: the skill does not hold that file, and
// a link to it would point nowhere. Links to the web stay.
func unlinkRelative(s string) string {
	return mdLink.ReplaceAllStringFunc(s, func(m string) string {
		sub := mdLink.FindStringSubmatch(m)
		if t := sub[2]; strings.Contains(t, "://") || strings.HasPrefix(t, "mailto:") || strings.HasPrefix(t, "#") {
			return m
		}
		return sub[1]
	})
}

func truncRunes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	i := 0
	for j := range s {
		if i == n {
			return strings.TrimRight(s[:j], " ")
		}
		i++
	}
	return s
}

// noAngles removes what the Anthropic validators reject in a description:
// '<' and '>' (as XML tags), even when written escaped.
func noAngles(s string) string { return angleReplacer.Replace(s) }

// The replacers are built once (a Replacer is safe for concurrent use):
// one per call built its tables for every name, a sixth of what generating
// a large domain allocated.
var (
	angleReplacer  = strings.NewReplacer("<", "(", ">", ")")
	mdNameReplacer = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`")
)

// quote writes s as a YAML double-quoted scalar. It is also a JSON string,
// which is what the ecosystem survey recommends: every printable character
// is literal, '"' and '\' are escaped, and nothing else can occur because s
// is cleaned first. Runs of hyphens are folded to one so no value ever
// contains "---", which skills-ref (splitting on the first "---" anywhere)
// would take for the end of the frontmatter.
func quote(s string) string {
	s = clean(s, 0)
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "-")
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil { // cannot happen for a string
		return `""`
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// paragraph is document text as a Markdown paragraph of its own: cleaned
// to one line and, when it would start a heading, list, quote, rule, table
// or code fence, escaped with a backslash, so it stays plain text and can
// never be a "---" line.
func paragraph(s string, max int) string {
	s = clean(s, max)
	switch {
	case s == "":
	case strings.ContainsRune("#-*+>=|`~_", rune(s[0])):
		s = `\` + s
	case orderedItem.MatchString(s):
		// "1. x" would start a numbered list: escape the delimiter.
		i := strings.IndexAny(s, ".)")
		s = s[:i] + `\` + s[i:]
	}
	return s
}

var orderedItem = lazyre.New(`^[0-9]{1,9}[.)]( |$)`)

// mdName is a primitive name for Markdown emphasis: cleaned, with '*' and
// '_' escaped so a name cannot close the bold around it.
func mdName(s string) string {
	s = clean(s, maxNameRunes)
	if s == "" {
		s = "(unnamed)"
	}
	return mdNameReplacer.Replace(s)
}

// ---- metadata and frontmatter ----

type kv struct{ k, v string }

// frontmatter renders the only frontmatter shape the generators write:
// name, description, and string metadata.
func frontmatter(name, desc string, meta []kv) string {
	var b strings.Builder
	b.WriteString("---\n")
	b.WriteString("name: " + name + "\n")
	b.WriteString("description: " + quote(desc) + "\n")
	if len(meta) > 0 {
		b.WriteString("metadata:\n")
		for _, m := range meta {
			b.WriteString("  " + m.k + ": " + quote(m.v) + "\n")
		}
	}
	b.WriteString("---\n")
	return b.String()
}

func baseMeta(d DomainInfo, kind string, n int, center core.PlanePosition, now time.Time) []kv {
	return []kv{
		{"generator", "lore"},
		{"version", "1"},
		{"type", kind},
		{"created-at", now.UTC().Format("2006-01-02")},
		{"domain", clean(d.ID, maxFieldRunes)},
		{"primitives", strconv.Itoa(n)},
		{"plane-center", formatCenter(center)},
	}
}

// ---- shared measures ----

// finite replaces a NaN or infinite coordinate by 0, so one broken position
// cannot turn a domain's centre into NaN or put it in an arbitrary quadrant.
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// Center is the mean plane position of the primitives (non-finite
// coordinates count as 0); the origin for none.
func Center(prims []core.Primitive) core.PlanePosition {
	if len(prims) == 0 {
		return core.PlanePosition{}
	}
	var r, i float64
	for k := range prims {
		r += finite(prims[k].Plane.Real)
		i += finite(prims[k].Plane.Imaginary)
	}
	n := float64(len(prims))
	return core.PlanePosition{Real: r / n, Imaginary: i / n}
}

func formatCenter(c core.PlanePosition) string {
	f := func(v float64) string {
		s := strconv.FormatFloat(v, 'f', 2, 64)
		if s == "-0.00" {
			s = "0.00"
		}
		return s
	}
	return "(" + f(c.Real) + ", " + f(c.Imaginary) + ")"
}

// byImportance returns the indexes of prims ordered by importance as lore
// rank computes it (core/graph: centrality on the dependency graph among
// prims), highest first; ties go to the primitive more of the others
// depend on (their edges and prerequisites), then to input order.
func byImportance(prims []core.Primitive) []int {
	imp := graph.Importance(prims)
	idx := make([]int, len(prims))
	for i := range idx {
		idx[i] = i
	}
	// The comparisons read each primitive's importance many times: a
	// slice, not a map lookup by id each time.
	impOf := make([]int, len(prims))
	for i := range prims {
		impOf[i] = imp[prims[i].ID]
	}
	pos := make(map[string]int, len(prims))
	for i := range prims {
		if _, ok := pos[prims[i].ID]; !ok {
			pos[prims[i].ID] = i
		}
	}
	deps := make([]int, len(prims))
	for i := range prims {
		seen := map[int]bool{}
		count := func(id string) {
			if j, ok := pos[id]; ok && j != i && !seen[j] {
				seen[j] = true
				deps[j]++
			}
		}
		for _, e := range prims[i].Dependencies {
			count(e.Target)
		}
		for _, id := range prims[i].Prerequisites {
			count(id)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ia, ib := impOf[idx[a]], impOf[idx[b]]
		if ia != ib {
			return ia > ib
		}
		return deps[idx[a]] > deps[idx[b]]
	})
	return idx
}

// trigger returns the keyword k as an activation trigger, or false when it
// is not one: lowercased and cleaned, letters, digits, spaces and single
// hyphens only, at least 3 runes, and no part (split at spaces and hyphens)
// that is a stopword, a bare number or a single letter, and not of
// everyday words alone (text.IsCommonWord). This is what keeps "the",
// "and", "for" — the reference's observed triggers — out, and "request",
// "order" or "input", which any task may say.
func trigger(k string) (string, bool) {
	k = strings.ToLower(clean(k, 0))
	if utf8.RuneCountInString(k) < 3 || utf8.RuneCountInString(k) > maxTriggerRunes {
		return "", false
	}
	for _, r := range k {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || r == '-' || r == ' ') {
			return "", false
		}
	}
	parts := strings.FieldsFunc(k, func(r rune) bool { return r == ' ' || r == '-' })
	if len(parts) == 0 || strings.Contains(k, "--") || strings.HasPrefix(k, "-") || strings.HasSuffix(k, "-") {
		return "", false
	}
	common := 0
	for _, p := range parts {
		if utf8.RuneCountInString(p) < 2 || text.IsStopword(p) || isNumeric(p) {
			return "", false
		}
		if text.IsCommonWord(p) {
			common++
		}
	}
	// A trigger of everyday words alone ("request", "search template")
	// loads the skill for tasks of any subject.
	if common == len(parts) {
		return "", false
	}
	return k, true
}

func isNumeric(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// surfaceForms replaces stems (what extraction keeps as keywords: "oper",
// "basi") by the word the primitives most often use for them ("operator",
// "basis"), because triggers are read by people and matched against
// their words. A stem never seen as a word stays as it is.
func surfaceForms(prims []core.Primitive, stems []string) []string {
	want := make(map[string]map[string]int, len(stems))
	for _, st := range stems {
		want[st] = map[string]int{}
	}
	for i := range prims {
		for _, src := range []string{prims[i].Name, prims[i].FormalStatement} {
			for _, w := range text.Words(src) {
				if forms, ok := want[text.Stem(w)]; ok {
					forms[w]++
				}
			}
		}
	}
	out := make([]string, 0, len(stems))
	seen := map[string]bool{}
	for _, st := range stems {
		best, n := st, 0
		for w, c := range want[st] {
			if c > n || (c == n && w < best) {
				best, n = w, c
			}
		}
		if t, ok := trigger(best); ok && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// sourceDocs returns the distinct source documents' base names in order of
// first appearance.
func sourceDocs(prims []core.Primitive) []string {
	seen := map[string]bool{}
	var out []string
	for i := range prims {
		doc := prims[i].Provenance.Whole() // a book, not its files
		if doc == "" {
			continue
		}
		if j := strings.LastIndexByte(doc, '!'); j >= 0 { // archive!entry
			doc = doc[j+1:]
		}
		doc = path.Base(strings.ReplaceAll(doc, `\`, "/"))
		if doc == "" || doc == "." || doc == "/" || seen[doc] {
			continue
		}
		seen[doc] = true
		out = append(out, doc)
	}
	return out
}

// fitDescription assembles a description from parts, dropping trailing
// parts that do not fit and finally cutting, so it never exceeds the limit.
func fitDescription(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			p = " " + p
		}
		if utf8.RuneCountInString(b.String())+utf8.RuneCountInString(p) > maxDescRunes {
			continue // an optional part that does not fit is left out
		}
		b.WriteString(p)
	}
	s := noAngles(clean(b.String(), maxDescRunes))
	if strings.TrimSpace(s) == "" {
		s = "Knowledge learned by lore."
	}
	return s
}

func joinBounded(items []string, max int) string {
	var b strings.Builder
	for i, it := range items {
		sep := ""
		if i > 0 {
			sep = ", "
		}
		if utf8.RuneCountInString(b.String())+len(sep)+utf8.RuneCountInString(it) > max {
			if b.Len() > 0 {
				b.WriteString(", …")
			}
			break
		}
		b.WriteString(sep + it)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
