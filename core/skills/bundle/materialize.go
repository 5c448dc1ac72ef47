package bundle

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/lore-kb/lore/core/skills"
)

// Materialize keeps the folder of s under dir up to date and returns the
// absolute path of its SKILL.md: dir/<namespace>/<id>/, holding exactly
// what Render gives for s (the SKILL.md and its resources, with their
// modes). A folder that already holds exactly that is left alone; any
// other is replaced whole, by a folder written beside it and renamed into
// place, so a reader never sees half of one version and half of another,
// and a file the skill no longer has does not linger. This is the file the
// prompt block's <location> names, so an agent reads the skill as the
// library holds it, whatever happened to the folder it was imported from.
func Materialize(dir string, s *skills.Skill) (string, error) {
	ns, id := s.Namespace(), s.ID()
	files := skills.Render(s)
	if err := checkFiles(files); err != nil {
		return "", fmt.Errorf("%s: %w", s.Key, err)
	}
	for _, el := range []string{ns, id} {
		if err := skills.CheckFilePath(el); err != nil || strings.Contains(el, "/") {
			return "", fmt.Errorf("%s: %q cannot be a folder name", s.Key, el)
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("skill folder of %s under %s: %w", s.Key, dir, err)
	}
	parent := filepath.Join(abs, ns)
	target := filepath.Join(parent, id)
	skillMD := filepath.Join(target, skills.SkillFile)
	if same(target, files) {
		return skillMD, nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("skill folder of %s: %w", s.Key, err)
	}
	tmp, err := os.MkdirTemp(parent, ".new-"+id+"-")
	if err != nil {
		return "", fmt.Errorf("skill folder of %s: %w", s.Key, err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", fmt.Errorf("skill folder of %s: %w", s.Key, err)
	}
	root, err := os.OpenRoot(tmp)
	if err != nil {
		return "", fmt.Errorf("skill folder of %s: %w", s.Key, err)
	}
	for _, f := range files {
		if err := writeNew(root, f.Path, f.Content, f.Perm()); err != nil {
			root.Close()
			return "", fmt.Errorf("skill folder of %s: %s: %w", s.Key, f.Path, err)
		}
	}
	root.Close()
	old := ""
	if _, err := os.Lstat(target); err == nil {
		old = tmp + ".old"
		if err := os.Rename(target, old); err != nil {
			return "", fmt.Errorf("skill folder of %s: %w", s.Key, err)
		}
		defer os.RemoveAll(old)
	}
	if err := os.Rename(tmp, target); err != nil {
		if old != "" {
			_ = os.Rename(old, target)
		}
		return "", fmt.Errorf("skill folder of %s: %w", s.Key, err)
	}
	return skillMD, nil
}

// same reports whether the folder target holds exactly files: the same
// paths, bytes and modes, and no other file.
func same(target string, files []skills.File) bool {
	want := make(map[string]skills.File, len(files))
	for _, f := range files {
		want[f.Path] = f
	}
	seen := 0
	err := filepath.WalkDir(target, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(target, p)
		if err != nil {
			return err
		}
		f, ok := want[filepath.ToSlash(rel)]
		if !ok || !d.Type().IsRegular() {
			return errDiffers
		}
		info, err := d.Info()
		if err != nil || info.Mode().Perm() != f.Perm() || info.Size() != int64(len(f.Content)) {
			return errDiffers
		}
		b, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(b, f.Content) {
			return errDiffers
		}
		seen++
		return nil
	})
	return err == nil && seen == len(files)
}

var errDiffers = errors.New("differs")
