// Package bundle moves skills between lore's library and Agent Skills
// folders on disk and zip bundles: Import reads a tree of skill folders, or
// a .zip/.skill bundle, into records, checked and scanned, each file kept
// byte for byte with its mode; Export writes records out as folders (or
// ExportZip as a bundle) — imported skills as they were imported, generated
// ones so that they pass the standard's strict validator. Nothing read is
// ever executed; scripts are resources, kept as bytes. Validate is lore
// skills validate, through the same check as Import.
//
// Import trusts nothing. A skill folder is material from anywhere (a zip
// off the web, a colleague's repository) that an agent will follow and
// whose scripts it will run, so it is always scanned as a STRANGER
// document, every check on, whatever the caller vouches for: a critical
// finding skips the skill.
//
// Nor does Import activate what nobody approved. A skill from a source not
// vouched for goes to the review queue as a draft, as a proposed skill
// does; only Trust (--trust), or a person's approval at the gate
// (Plan.Approve), makes it active. Trust vouches for the source, never for
// what the scan found in it: no flag approves a critical finding, which a
// person must read and acknowledge (the gate's rule, and lore skills
// review's --ack-critical). So with Trust a skill with a critical finding
// is not skipped but filed as a draft holding its findings, with a
// warning, and becomes active only when a person promotes it
// acknowledging them. And a skill the strict profile refuses (what lore
// skills validate checks) is never made active by an import, whatever the
// trust: it is filed as a draft with its errors, for a person to read
// before promoting it.
package bundle

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skillspec"
)

// Default bounds of one imported skill. The largest skill in
// anthropics/skills is about 2 MB in 400 files, so a folder past these is
// a mistaken root (a home directory, a repository) or an attack, not a
// skill.
const (
	DefaultMaxFileBytes  = 4 << 20
	DefaultMaxSkillBytes = 32 << 20
	DefaultMaxFiles      = 1000
)

// ImportOptions says how Import reads a tree.
type ImportOptions struct {
	// Namespace is the namespace of every imported skill. Empty keeps each
	// folder's own lore-namespace, and public for a folder without one.
	Namespace string
	// Trust vouches for the source: a skill without critical findings is
	// made active at once, and one with a critical finding is filed as a
	// draft holding its findings (a person promotes it acknowledging
	// them), with a warning, instead of being skipped. The scan is the
	// same either way: STRANGER, every check on.
	Trust bool
	// Strict validates SKILL.md under skillspec's Strict profile. The
	// default is Lenient, the client guide's loading rules, because import
	// takes skills as clients load them; the zero Profile is Strict, hence
	// a flag rather than a Profile field.
	Strict bool
	// Gated keeps a skill with critical findings in the plan instead of
	// skipping it, because the caller puts the whole plan through the
	// approval gate (ReviewReport in core/skills/library), where a person
	// acknowledges each critical finding before anything is stored: the
	// terminal application's import. The scan is at the STRANGER tier,
	// and the plan must not be imported without that decision.
	Gated bool
	// Redact replaces the secrets and personal data found in the skill's
	// files by markers before the skill is read (--redact); without it the
	// files are kept as written and the spans only reported.
	Redact bool
	// Now dates the imported records (Created, Updated).
	Now time.Time
	// Bounds of one skill folder; zero means the default.
	MaxFileBytes  int64
	MaxSkillBytes int64
	MaxFiles      int
}

// Skipped is a skill folder (or SKILL.md) Import did not import, and why.
type Skipped struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Plan is what Import found: the records to add and everything a person
// should see before they are added. Import itself stores nothing.
type Plan struct {
	// Discovered counts the SKILL.md files found.
	Discovered int             `json:"discovered"`
	Skills     []*skills.Skill `json:"skills"`
	Skipped    []Skipped       `json:"skipped"`
	Warnings   []string        `json:"warnings"`
	Findings   []core.Finding  `json:"findings"`
	// Sensitive lists each span of secrets or personal data seen in the
	// imported files, redacted or kept (ImportOptions.Redact).
	Sensitive []Sensitive `json:"sensitive"`
	// Texts holds, by Finding.File, the text scanned of each file that
	// has findings, so that a reviewer can show a finding's evidence in
	// its context (gate.Request.Texts).
	Texts map[string]string `json:"-"`
	// Invalid holds, by skill key, the errors of the skills the strict
	// profile refuses (read under the lenient one): they are drafts, and
	// Approve leaves them so.
	Invalid map[string][]string `json:"invalid,omitempty"`
	// Acknowledged is set by Approve: a person approved the plan at the
	// gate, acknowledging each critical finding, so a skill holding one
	// may be made active. Without it, no skill of the plan with a
	// critical finding is (library.Import files it as a draft).
	Acknowledged bool `json:"-"`
}

// Drafts lists the keys of the plan's skills that will be filed as drafts
// in the review queue rather than made active.
func (p *Plan) Drafts() []string {
	var out []string
	for _, s := range p.Skills {
		if s.Status == skills.Draft {
			out = append(out, s.Key)
		}
	}
	return out
}

// Approve makes active the plan's drafts that the strict profile accepts:
// a person approved the source at the gate (the terminal application's
// import), acknowledging each critical finding there, which no flag does
// headless. A skill in Invalid stays a draft.
func (p *Plan) Approve(note string) {
	p.Acknowledged = true
	for _, s := range p.Skills {
		if _, bad := p.Invalid[s.Key]; bad || s.Status != skills.Draft {
			continue
		}
		s.Status, s.Note = skills.Active, note
	}
}

func (o *ImportOptions) defaults() {
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = DefaultMaxFileBytes
	}
	if o.MaxSkillBytes <= 0 {
		o.MaxSkillBytes = DefaultMaxSkillBytes
	}
	if o.MaxFiles <= 0 {
		o.MaxFiles = DefaultMaxFiles
	}
}

// Sensitive is one span of secrets or personal data Import saw in a file of
// an imported skill: kept as written, or rewritten with ImportOptions.Redact.
type Sensitive struct {
	// File is the file's path (an archive entry as archive!entry).
	File string `json:"file"`
	Line int    `json:"line"`
	// Kind is the redaction kind (key, token, email, url-query, phone) and
	// What names it ("GitHub or GitLab token", "e-mail address").
	Kind     redact.Kind `json:"kind"`
	What     string      `json:"what"`
	Redacted bool        `json:"redacted"`
}

// Import reads the skills under root (a skill folder, a SKILL.md, a tree
// holding skill folders, or a .zip or .skill bundle of one skill folder or
// several) and returns them as records: Source Imported, Status Active,
// Visibility Workspace, keyed namespace.id where the id is the skill's
// name. Each folder's SKILL.md and every other file in it, recursively,
// are read (.git and node_modules skipped, symbolic links not followed,
// sizes bounded by opts) with their permission bits; every text file is
// scanned by the sanitizer, and every other file judged by its first
// bytes (acquire.SkillBinary: a program or bytecode is a critical
// finding, a binary nobody can review a warning, an image, font, PDF or
// media file none); see the package comment for what trust changes. The record keeps the SKILL.md byte for byte (skills.Original)
// and every file's bytes and mode, so Export writes back what was read.
//
// Secrets and personal data are not rewritten: each span is reported in
// Plan.Sensitive (file, line, kind), with a warning per skill. With
// opts.Redact they are replaced by markers in the files themselves before
// the skill is read, and reported the same way.
//
// A skill is checked by Check, the code path lore skills validate runs, so
// the two accept the same skills under the same profile; a skill that
// fails is skipped with the reason. When two folders give the same key,
// the one found later wins, with a warning naming both.
//
// The error is only for a root that cannot be read at all or an unusable
// opts.Namespace; problems with one skill are in the plan.
func Import(root string, opts ImportOptions) (Plan, error) {
	opts.defaults()
	plan := Plan{Skills: []*skills.Skill{}, Skipped: []Skipped{}, Warnings: []string{}, Findings: []core.Finding{}, Sensitive: []Sensitive{}, Texts: map[string]string{}}
	if opts.Namespace != "" {
		if _, _, ok := scope.Split(scope.Key(opts.Namespace, "x")); !ok {
			return plan, fmt.Errorf("import %s: namespace %q: only a-z, 0-9, '-' and '_' allowed", root, opts.Namespace)
		}
	}
	src, err := read(root, readOptions{maxFileBytes: opts.MaxFileBytes, maxSkillBytes: opts.MaxSkillBytes, maxFiles: opts.MaxFiles})
	if err != nil {
		return plan, fmt.Errorf("import: %w", err)
	}
	plan.Warnings = append(plan.Warnings, src.warnings...)
	plan.Findings = append(plan.Findings, src.findings...)
	plan.Discovered = len(src.skills)
	byKey := map[string]int{}
	for _, c := range src.skills {
		s, err := importOne(c, opts, &plan)
		if err != nil {
			plan.Skipped = append(plan.Skipped, Skipped{Path: c.file, Reason: err.Error()})
			continue
		}
		if i, dup := byKey[s.Key]; dup {
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: found twice, %s replaces %s", s.Key, s.Provenance.Document, plan.Skills[i].Provenance.Document))
			plan.Skills[i] = s
			continue
		}
		byKey[s.Key] = len(plan.Skills)
		plan.Skills = append(plan.Skills, s)
	}
	sanitize.SortFindings(plan.Findings)
	return plan, nil
}

// importOne scans, redacts when asked, checks and converts one skill; an
// error is the reason it is skipped.
func importOne(c candidate, opts ImportOptions, plan *Plan) (*skills.Skill, error) {
	if c.err != nil {
		return nil, c.err
	}
	// Every check, always: trust is in the source, not in its content.
	tier := core.Stranger
	findings := slices.Clone(c.findings)
	// SKILL.md is the skill's instructions; every other file is a
	// resource, where a template's script tag is expected.
	scan := func(file, text string, format core.Format, how func(file, txt string, f core.Format, tier core.Familiarity) []core.Finding) {
		fs := how(file, text, format, tier)
		if len(fs) > 0 {
			plan.Texts[file] = text
		}
		findings = append(findings, fs...)
	}
	scan(c.file, string(c.md), core.FormatMarkdown, sanitize.ScanText)
	decl := sanitize.DeclaredBy(string(c.md))
	for _, f := range c.res {
		if skills.IsText(f.Content) {
			scan(c.path(f.Path), string(f.Content), acquire.FormatOf(f.Path), func(file, txt string, f core.Format, tier core.Familiarity) []core.Finding {
				return sanitize.ScanSkillFileIn(decl, file, txt, f, tier)
			})
			continue
		}
		// The sanitizer reads text; any other file is judged by its
		// first bytes: a program or bytecode is critical, data nobody
		// can review a warning, an image, font, PDF or media file none.
		if fd, ok := acquire.SkillBinary(f.Path, f.Content); ok {
			fd.File = c.path(f.Path)
			fd.Location = fd.File
			findings = append(findings, fd)
		}
	}
	plan.Findings = append(plan.Findings, findings...)
	var critical []core.Finding
	for _, f := range findings {
		if f.Severity == core.Critical {
			critical = append(critical, f)
		}
	}
	if len(critical) > 0 {
		first := critical[0]
		what := fmt.Sprintf("%d critical finding%s, first %s at %s: %s", len(critical), plural(len(critical)), first.Category, first.Location, first.Description)
		switch {
		case opts.Gated:
			// The gate asks a person about each, trusted or not.
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: %s; imported only if each is acknowledged at the gate", c.file, what))
		case opts.Trust:
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: %s; filed as a draft despite --trust: a person promotes it acknowledging the finding%s (lore skills review KEY active --ack-critical)",
				c.file, what, plural(len(critical))))
		default:
			return nil, fmt.Errorf("%s scanned as %s: %s", c.file, tier, what)
		}
	}

	md := string(c.md) // as scanned: the text the gate shows (Texts)
	spans, spanFs := sensitive(&c, opts.Redact, findings, plan.Texts)
	review := append(slices.Clone(findings), spanFs...)
	if n := len(spans); n > 0 {
		plan.Sensitive = append(plan.Sensitive, spans...)
		if opts.Redact {
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: %d span%s of secrets or personal data redacted (%s)", c.file, n, plural(n), kindText(spans)))
		} else {
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: %d span%s of secrets or personal data kept as written (%s); --redact replaces them", c.file, n, plural(n), kindText(spans)))
		}
	}

	p := skillspec.Lenient
	if opts.Strict {
		p = skillspec.Strict
	}
	content, key, res := check(c, p, opts.Namespace, true)
	if !res.Valid {
		return nil, fmt.Errorf("%s is not a valid skill (%s profile): %s", c.file, p, strings.Join(res.Errors, "; "))
	}
	for _, w := range res.Warnings {
		plan.Warnings = append(plan.Warnings, c.file+": "+w)
	}
	checks := slices.Clone(res.Warnings)
	// Read leniently, as clients load skills; activated only if valid as
	// lore skills validate judges it, and only from a trusted source.
	status, note := skills.Draft, "imported from a source not vouched for: in the review queue until a person promotes it"
	var invalid []string
	if p == skillspec.Lenient {
		if _, _, strict := check(c, skillspec.Strict, opts.Namespace, false); !strict.Valid {
			invalid = strict.Errors
		}
	}
	switch {
	case invalid != nil:
		note = "invalid under the strict profile (lore skills validate): " + strings.Join(invalid, "; ")
		plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: %s; filed as a draft, never made active by an import", c.file, note))
		checks = append(checks, note+"; filed as a draft, never made active by an import")
	case opts.Trust && len(critical) > 0:
		note = "critical finding: in the review queue until a person promotes it acknowledging it"
	case opts.Trust:
		status, note = skills.Active, ""
	}
	s, err := skills.New(key, content, skills.Imported, status, skills.Provenance{Document: c.file}, opts.Now)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.file, err)
	}
	s.Note = note
	// A key found twice is the later skill's: its own verdict stands.
	delete(plan.Invalid, key)
	if invalid != nil {
		if plan.Invalid == nil {
			plan.Invalid = map[string][]string{}
		}
		plan.Invalid[key] = invalid
	}
	s.Lineage.Origin = c.dir
	// The check's findings point into the SKILL.md the gate shows, the
	// text as scanned; a redacted file is quoted as it is stored.
	if opts.Redact {
		review = append(review, checkFindings(c.file, string(c.md), c.fileName, key, checks, false)...)
	} else {
		review = append(review, checkFindings(c.file, md, c.fileName, key, checks, true)...)
	}
	for _, f := range review {
		if _, ok := plan.Texts[f.File]; !ok && f.File == c.file {
			plan.Texts[f.File] = md
		}
	}
	if len(review) > 0 {
		s.Findings = review
		sanitize.SortFindings(s.Findings)
	}
	return s, nil
}

// sensitive finds the spans of secrets and personal data in the text files
// of c (SKILL.md first, then the resources by path) and, with rewrite,
// replaces them in c. It returns the spans as Plan.Sensitive lists them
// and as findings of the skill (spanFindings, the scanner's findings
// scanned leaving out the spans they report already); the text of each
// file with one is in plan.Texts.
func sensitive(c *candidate, rewrite bool, scanned []core.Finding, texts map[string]string) ([]Sensitive, []core.Finding) {
	var out []Sensitive
	var fs []core.Finding
	scan := func(file string, b []byte) []byte {
		if !skills.IsText(b) {
			return b
		}
		text := string(b)
		spans := redact.Find(text)
		if len(spans) == 0 {
			return b
		}
		line, at := 1, 0
		for _, sp := range spans {
			line += strings.Count(text[at:sp.Offset], "\n")
			at = sp.Offset
			out = append(out, Sensitive{File: file, Line: line, Kind: sp.Kind, What: sp.What, Redacted: rewrite})
		}
		if found := spanFindings(file, text, spans, rewrite, scanned); len(found) > 0 {
			fs = append(fs, found...)
			texts[file] = text
		}
		if !rewrite {
			return b
		}
		return []byte(redact.Apply(text, spans))
	}
	c.md = scan(c.file, c.md)
	for i, f := range c.res {
		c.res[i].Content = scan(c.path(f.Path), f.Content)
	}
	return out, fs
}

// kindText is "2 email, 1 token" for spans.
func kindText(spans []Sensitive) string {
	counts := map[redact.Kind]int{}
	for _, s := range spans {
		counts[s.Kind]++
	}
	_, text := countText(counts)
	return text
}

// countText is "3 (2 email, 1 token)" for redaction counts.
func countText(counts map[redact.Kind]int) (int, string) {
	n := 0
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		if counts[k] > 0 {
			n += counts[k]
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	return n, strings.Join(parts, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
