package skillspec

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Bounds of Discover, from the client guide: "max depth of 4-6 levels, max
// 2000 directories", so a mistaken root (a home directory, a monorepo)
// costs a bounded walk rather than minutes.
const (
	MaxDiscoverDepth = 6
	MaxDiscoverDirs  = 2000
)

// SkillFileNames are the file names a skill directory may use, in the
// order skills-ref's find_skill_md tries them. Other spellings (Skill.md)
// are found too, after these.
var SkillFileNames = []string{"SKILL.md", "skill.md"}

// Discovery is what Discover found under a root.
type Discovery struct {
	// Files are the SKILL.md paths found, in walk order (sorted by name
	// at each level), each joined onto the root as given.
	Files []string
	// Truncated reports that the walk stopped at MaxDiscoverDirs.
	Truncated bool
	// Warnings name folders with more than one skill file.
	Warnings []string
}

// Discover finds the skills under root: root itself when it is a SKILL.md
// file or a skill directory, else every directory below it (at most
// MaxDiscoverDepth levels down) that holds a skill file (SKILL.md, in any
// case; see SkillFileNames). .git and
// node_modules are skipped, and a skill directory is not searched further:
// its subfolders are its resources, and a SKILL.md among them is an
// example, not a skill. Symbolic links to directories are not followed, so
// a link cycle cannot stall the walk. An error names root.
func Discover(root string) (Discovery, error) {
	var d Discovery
	fi, err := os.Stat(root)
	if err != nil {
		return d, fmt.Errorf("%s: %w", root, err)
	}
	if !fi.IsDir() {
		if !isSkillFileName(filepath.Base(root)) {
			return d, fmt.Errorf("%s is not a SKILL.md file or a folder", root)
		}
		d.Files = []string{root}
		return d, nil
	}
	dirs := 0
	var walk func(dir string, depth int) error
	walk = func(dir string, depth int) error {
		if dirs >= MaxDiscoverDirs {
			d.Truncated = true
			return nil
		}
		dirs++
		entries, err := os.ReadDir(dir)
		if err != nil {
			if dir == root {
				return fmt.Errorf("%s: %w", root, err)
			}
			return nil // an unreadable subfolder holds no skill we can check
		}
		if names := skillFiles(entries); len(names) > 0 {
			d.Files = append(d.Files, filepath.Join(dir, names[0]))
			if len(names) > 1 {
				d.Warnings = append(d.Warnings, fmt.Sprintf("%s: several skill files (%s); %s is read, the others are ignored", dir, strings.Join(names, ", "), names[0]))
			}
			return nil
		}
		if depth >= MaxDiscoverDepth {
			return nil
		}
		for _, e := range entries {
			if !e.IsDir() || e.Name() == ".git" || e.Name() == "node_modules" {
				continue
			}
			if err := walk(filepath.Join(dir, e.Name()), depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return d, walk(root, 0)
}

// isSkillFileName reports whether name spells SKILL.md in any case:
// published skills use Skill.md and skill.md too, and a folder holding one
// is a skill folder whatever the spelling, so its resources are not
// searched for skills.
func isSkillFileName(name string) bool { return strings.EqualFold(name, SkillFileNames[0]) }

// skillFiles returns the names among entries that are skill files, most
// preferred first: SkillFileNames in order, then other spellings by name.
func skillFiles(entries []os.DirEntry) []string {
	var names []string
	for _, e := range entries {
		if !e.IsDir() && isSkillFileName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	rank := func(n string) int {
		if i := slices.Index(SkillFileNames, n); i >= 0 {
			return i
		}
		return len(SkillFileNames)
	}
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), strings.Compare(a, b)) })
	return names
}
