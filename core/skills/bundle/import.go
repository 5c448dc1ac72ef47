// Package bundle moves skills between lore's library and Agent Skills
// folders on disk: Import reads a tree of skill folders into records,
// checked and sanitized, and Export writes records out as folders that pass
// the standard's strict validator. Nothing read is ever executed; scripts
// are resources, kept as bytes.
//
// Import trusts nothing by default. A skill folder is material from
// anywhere (a zip off the web, a colleague's repository), so it is scanned
// as a STRANGER document: a critical finding skips the skill. Trust
// vouches for the source the way --trust does at the gate and lowers the
// scan to the HOME tier, which local sources get everywhere else in lore;
// a critical finding then imports the skill with a warning instead of
// skipping it, and the findings stay in the plan for a person to see.
package bundle

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
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
	// Trust vouches for the source: scan at the HOME tier and import a
	// skill with critical findings, with a warning, instead of skipping it.
	Trust bool
	// Strict validates SKILL.md under skillspec's Strict profile. The
	// default is Lenient, the client guide's loading rules, because import
	// takes skills as clients load them; the zero Profile is Strict, hence
	// a flag rather than a Profile field.
	Strict bool
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

// Import reads the skills under root (a skill folder, a SKILL.md, or a tree
// holding skill folders) and returns them as records: Source Imported,
// Status Active, Visibility Workspace, keyed namespace.id where the id is
// the skill's name. Each folder's SKILL.md and every other file in it,
// recursively, are read (.git and node_modules skipped, symbolic links
// not followed, sizes bounded by opts) and every text file is scanned by
// the sanitizer; see the package comment for what trust changes. Secrets
// and personal data are redacted from what an agent reads before a record
// is returned. A skill that fails the profile's validation or lore's
// record check is skipped with the reason. When two folders give the same
// key, the one found later in the walk wins, with a warning naming both.
//
// The error is only for a root that cannot be read at all or an unusable
// opts.Namespace; problems with one skill are in the plan.
func Import(root string, opts ImportOptions) (Plan, error) {
	opts.defaults()
	plan := Plan{Skills: []*skills.Skill{}, Skipped: []Skipped{}, Warnings: []string{}, Findings: []core.Finding{}}
	if opts.Namespace != "" {
		if _, _, ok := scope.Split(scope.Key(opts.Namespace, "x")); !ok {
			return plan, fmt.Errorf("import %s: namespace %q: only a-z, 0-9, '-' and '_' allowed", root, opts.Namespace)
		}
	}
	found, err := skillspec.Discover(root)
	if err != nil {
		return plan, fmt.Errorf("import: %w", err)
	}
	if found.Truncated {
		plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: stopped looking for skills after %d folders", root, skillspec.MaxDiscoverDirs))
	}
	plan.Warnings = append(plan.Warnings, found.Warnings...)
	plan.Discovered = len(found.Files)
	byKey := map[string]int{}
	for _, file := range found.Files {
		s, err := importOne(file, opts, &plan)
		if err != nil {
			plan.Skipped = append(plan.Skipped, Skipped{Path: file, Reason: err.Error()})
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

// importOne reads, checks and converts one skill; an error is the reason it
// is skipped.
func importOne(file string, opts ImportOptions, plan *Plan) (*skills.Skill, error) {
	dir := filepath.Dir(file)
	dirName := filepath.Base(dir)
	if abs, err := filepath.Abs(dir); err == nil {
		dirName = filepath.Base(abs)
	}
	md, resources, warns, err := readFolder(dir, filepath.Base(file), opts)
	plan.Warnings = append(plan.Warnings, warns...)
	if err != nil {
		return nil, err
	}

	tier := core.Stranger
	if opts.Trust {
		tier = core.Home
	}
	findings := sanitize.ScanText(file, string(md), core.FormatMarkdown, tier)
	for _, f := range resources {
		// Fonts, images and archives are kept unscanned: the sanitizer reads text.
		if skills.IsText(f.Content) {
			findings = append(findings, sanitize.ScanSkillFile(filepath.Join(dir, filepath.FromSlash(f.Path)), string(f.Content), acquire.FormatOf(f.Path), tier)...)
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
		if !opts.Trust {
			return nil, fmt.Errorf("%s scanned as %s: %s", file, tier, what)
		}
		plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: imported because the source is trusted, despite %s", file, what))
	}

	p := skillspec.Lenient
	if opts.Strict {
		p = skillspec.Strict
	}
	c, ns, res := skills.Parse(dirName, md, resources, p)
	if !res.Valid {
		return nil, fmt.Errorf("%s is not a valid skill (%s profile): %s", file, p, strings.Join(res.Errors, "; "))
	}
	for _, w := range res.Warnings {
		plan.Warnings = append(plan.Warnings, file+": "+w)
	}
	if opts.Namespace != "" {
		ns = opts.Namespace
	}

	red, counts := skills.Redact(c)
	if n, kinds := countText(counts); n > 0 {
		plan.Warnings = append(plan.Warnings, fmt.Sprintf("%s: %d span%s of secrets or personal data redacted (%s)", file, n, plural(n), kinds))
	}
	key := scope.Key(ns, red.Name)
	if _, _, ok := scope.Split(key); !ok {
		return nil, fmt.Errorf("%s: the name %q cannot be a lore skill id (no '.', ':', '/', '\\', blanks or glob characters)", file, red.Name)
	}
	s, err := skills.New(key, red, skills.Imported, skills.Active, skills.Provenance{Document: file}, opts.Now)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	s.Lineage.Origin = dir
	return s, nil
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

func isSkillFileName(name string) bool { return strings.EqualFold(name, skills.SkillFile) }

func skipDir(name string) bool { return name == ".git" || name == "node_modules" }

// errBound marks a folder over one of the size bounds.
var errBound = errors.New("over the import bound")

// readFolder reads the skill file and every other file of the folder dir
// through an os.Root, so that nothing read can lie outside it even if the
// folder changes while it is read. Links are not followed and other
// special files are not read: each is a warning. A file over a bound, or an
// unreadable one, is an error: half a skill is not imported.
func readFolder(dir, skillName string, opts ImportOptions) (md []byte, res []skills.File, warns []string, err error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, nil, err
	}
	defer root.Close()

	var total int64
	read := func(name string, size int64) ([]byte, error) {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if size > opts.MaxFileBytes {
			return nil, fmt.Errorf("%s has %d bytes, more than %d: %w", full, size, opts.MaxFileBytes, errBound)
		}
		if total+size > opts.MaxSkillBytes {
			return nil, fmt.Errorf("%s: the folder has more than %d bytes: %w", dir, opts.MaxSkillBytes, errBound)
		}
		f, err := root.Open(filepath.FromSlash(name))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", full, err)
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, opts.MaxFileBytes+1))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", full, err)
		}
		if int64(len(b)) > opts.MaxFileBytes {
			return nil, fmt.Errorf("%s grew past %d bytes while read: %w", full, opts.MaxFileBytes, errBound)
		}
		total += int64(len(b))
		return b, nil
	}

	fi, err := root.Lstat(skillName)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("read %s: %w", filepath.Join(dir, skillName), err)
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, nil, fmt.Errorf("%s is not a regular file (a link or special file is not followed)", filepath.Join(dir, skillName))
	}
	if md, err = read(skillName, fi.Size()); err != nil {
		return nil, nil, nil, err
	}

	files := 0
	err = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("read %s: %w", filepath.Join(dir, filepath.FromSlash(p)), err)
		}
		if p == "." {
			return nil
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		switch {
		case d.IsDir():
			if skipDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			warns = append(warns, full+": symbolic link not followed, not imported")
			return nil
		case !d.Type().IsRegular():
			warns = append(warns, full+": special file, not imported")
			return nil
		case p == skillName:
			return nil
		case path.Dir(p) == "." && isSkillFileName(p):
			return nil // discover warned: a second spelling of the skill file
		}
		if err := skills.CheckFilePath(p); err != nil {
			warns = append(warns, fmt.Sprintf("%s: %v; not imported", full, err))
			return nil
		}
		files++
		if files > opts.MaxFiles {
			return fmt.Errorf("%s has more than %d files: %w", dir, opts.MaxFiles, errBound)
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("read %s: %w", full, err)
		}
		b, err := read(p, info.Size())
		if err != nil {
			return err
		}
		res = append(res, skills.File{Path: p, Content: b})
		return nil
	})
	if err != nil {
		return nil, nil, warns, err
	}
	return md, res, warns, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
