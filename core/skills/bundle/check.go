package bundle

import (
	"fmt"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skillspec"
)

// check is the one verdict on a skill that lore skills validate and
// lore skills import share: the SKILL.md read under profile p
// (skills.Parse, which runs skillspec.Validate), the skill file's name (the
// standard's is SKILL.md exactly: another spelling is an error under
// Strict and a warning under Lenient), and what lore needs to hold the
// record (skills.CheckImported: a usable key). namespace overrides the
// file's own lore-namespace. content carries the SKILL.md as read
// (skills.Original), and key is its key when res is valid.
//
// With notes false the result holds the validator's problems and check's
// own, without the notes Parse adds about how it keeps fields lore has no
// place for (which concern an import, not a skill's validity); the
// verdict is the same either way, as Parse adds warnings only.
func check(c candidate, p skillspec.Profile, namespace string, notes bool) (content skills.Content, key string, res skillspec.Result) {
	content, ns, res := skills.Parse(c.dirName, c.md, c.res, p)
	if !notes {
		res = skillspec.Validate(c.md, c.dirName, p)
	}
	res.Path = c.file
	if c.fileName != skills.SkillFile {
		msg := fmt.Sprintf("the skill file is named %s; the standard's name is %s exactly", c.fileName, skills.SkillFile)
		if p == skillspec.Lenient {
			msg += " (read anyway; export writes it as " + skills.SkillFile + ")"
		}
		add(&res, skillspec.CatFile, msg, p == skillspec.Lenient)
	}
	if namespace != "" {
		ns = namespace
	}
	if res.Valid {
		key = scope.Key(ns, content.Name)
		if err := skills.CheckImported(key, content); err != nil {
			add(&res, skillspec.CatName, fmt.Sprintf("the name %q cannot be a lore skill id (no '.', ':', '/', '\\', blanks or glob characters): %v", content.Name, err), false)
		}
	}
	content.Original = &skills.Original{SkillMD: c.md, Mode: uint32(c.mdMode.Perm())}
	if c.folder != "" && c.folder != content.Name {
		content.Original.Folder = c.folder
	}
	return content, key, res
}

// add records a problem on a finished Result, keeping Problems, Errors,
// Warnings and Valid in step as skillspec.Validate leaves them.
func add(r *skillspec.Result, c skillspec.Category, msg string, warning bool) {
	r.Problems = append(r.Problems, skillspec.Problem{Category: c, Message: msg, Warning: warning})
	if warning {
		r.Warnings = append(r.Warnings, msg)
		return
	}
	r.Errors = append(r.Errors, msg)
	r.Valid = false
}

// Verdict is lore skills validate's answer for one skill.
type Verdict struct {
	// Path is the SKILL.md (bundle.zip!dir/SKILL.md in a bundle).
	Path string
	// Name is the skill's name as normalized, "" when it has none.
	Name string
	// Result is the verdict, with its errors and warnings.
	Result skillspec.Result
}

// Validation is what Validate found under a root.
type Validation struct {
	Skills []Verdict
	// Warnings are about the root: a walk cut short, a folder with two
	// skill files, a refused bundle entry.
	Warnings []string
}

// Validate checks the skills under root (as Import finds and reads them:
// a SKILL.md, a skill folder, a tree of them, or a .zip or .skill bundle)
// under profile p, by the same check Import applies, so a skill Validate
// accepts under Lenient is one Import (whose default profile is Lenient)
// reads, and the same for Strict and import --strict. Import may still
// skip it for what validation does not look at: the sanitizer's critical
// findings, or a refused bundle entry inside it (reported here as a
// warning). A skill that cannot be read (over a bound, unreadable) is
// invalid with the reason. The error is for a root that cannot be read.
func Validate(root string, p skillspec.Profile) (Validation, error) {
	src, err := read(root, readOptions{})
	if err != nil {
		return Validation{}, fmt.Errorf("validate: %w", err)
	}
	out := Validation{Warnings: src.warnings}
	for _, f := range src.findings {
		out.Warnings = append(out.Warnings, fmt.Sprintf("%s: %s", f.Location, f.Description))
	}
	for _, c := range src.skills {
		if c.err != nil {
			r := skillspec.Result{Path: c.file, Errors: []string{}, Warnings: []string{}}
			add(&r, skillspec.CatFile, c.err.Error(), false)
			out.Skills = append(out.Skills, Verdict{Path: c.file, Result: r})
			continue
		}
		_, _, r := check(c, p, "", false)
		// A skill is checked as a whole, its files with its SKILL.md: a
		// dead link or a file nothing points to is a warning under either
		// profile.
		res := make([]skillspec.Resource, len(c.res))
		for i, f := range c.res {
			res[i] = skillspec.Resource{Path: f.Path, Content: f.Content}
		}
		for _, pr := range skillspec.CheckResources(c.md, res) {
			add(&r, pr.Category, pr.Message, pr.Warning)
		}
		for _, f := range c.findings {
			add(&r, skillspec.CatFile, fmt.Sprintf("%s: %s (import skips the skill; with --trust it is a draft until a person acknowledges it)", f.Location, f.Description), true)
		}
		out.Skills = append(out.Skills, Verdict{Path: c.file, Name: r.Name, Result: r})
	}
	return out, nil
}

// CheckStored is lore skills validate's verdict, under the strict profile,
// on the SKILL.md a stored skill is exported as (skills.Render: an
// imported skill's file as it was imported, any other one as lore writes
// it), in the folder Export writes it to. It is the check a skill must
// pass to be made active: every path that activates a skill (a review's
// promote, an import, a rollback of an active skill) asks it, so that no
// client activates what lore skills validate refuses. The file's name is
// not judged: a stored skill is always written as SKILL.md.
func CheckStored(s *skills.Skill) skillspec.Result {
	files := skills.Render(s)
	if len(files) == 0 {
		r := skillspec.Result{}
		add(&r, skillspec.CatFile, "no skill to check", false)
		return r
	}
	r := skillspec.Validate(files[0].Content, s.Folder(), skillspec.Strict)
	r.Path = s.Key
	return r
}
