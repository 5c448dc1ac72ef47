package skillspec

import (
	"fmt"
	"os"
	"path/filepath"
)

// Bounds of Discover, from the client guide: "max depth of 4-6 levels, max
// 2000 directories", so a mistaken root (a home directory, a monorepo)
// costs a bounded walk rather than minutes.
const (
	MaxDiscoverDepth = 6
	MaxDiscoverDirs  = 2000
)

// SkillFileNames are the file names a skill directory may use, in the
// order skills-ref's find_skill_md tries them.
var SkillFileNames = []string{"SKILL.md", "skill.md"}

// Discovery is what Discover found under a root.
type Discovery struct {
	// Files are the SKILL.md paths found, in walk order (sorted by name
	// at each level), each joined onto the root as given.
	Files []string
	// Truncated reports that the walk stopped at MaxDiscoverDirs.
	Truncated bool
}

// Discover finds the skills under root: root itself when it is a SKILL.md
// file or a skill directory, else every directory below it (at most
// MaxDiscoverDepth levels down) that holds a SKILL.md or skill.md. .git and
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
		for _, want := range SkillFileNames {
			for _, e := range entries {
				if e.Name() == want && e.Type()&os.ModeDir == 0 {
					d.Files = append(d.Files, filepath.Join(dir, want))
					return nil
				}
			}
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

func isSkillFileName(name string) bool {
	for _, n := range SkillFileNames {
		if name == n {
			return true
		}
	}
	return false
}
