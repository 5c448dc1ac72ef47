package bundle

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skillspec"
)

// Export writes each skill of lib as an Agent Skills folder dir/<id>/
// (skills.Render), creating dir when missing, and returns the paths of the
// files written in order.
//
// The layout is flat, one folder per skill directly under dir, because that
// is where clients look (.claude/skills/<name>/SKILL.md) and the standard
// wants the folder named as the skill. The namespace travels in the
// lore-namespace metadata instead. Two skills with the same id in
// different namespaces therefore cannot share dir: Export refuses the
// whole export and names them, rather than renaming one (a folder
// <ns>-<id> would have to carry that name in its frontmatter, and would
// import back as a different skill). Export one namespace per folder
// instead.
//
// A skill whose SKILL.md would fail the standard's strict validator (a
// record that skipped lore's checks) is refused: what Export writes loads
// in every client.
//
// Nothing is overwritten: a target folder that exists and is not empty, or
// is not a folder, is an error. Every check (keys, collisions, validity, file
// paths, targets) runs before the first write, so a refused export writes
// nothing. Files are written through an os.Root opened on dir and created
// exclusively, so neither a bad path nor a link planted in dir can make
// Export write outside it. Files are written 0644: a record keeps no file
// modes, and lore never marks what it imported executable.
func Export(dir string, lib []*skills.Skill) (written []string, err error) {
	type job struct {
		id    string
		files []skills.File
	}
	jobs := make([]job, 0, len(lib))
	byID := map[string]string{}
	for i, s := range lib {
		if s == nil {
			return nil, fmt.Errorf("export %s: skill %d is nil", dir, i)
		}
		_, id, ok := scope.Split(s.Key)
		if !ok {
			return nil, fmt.Errorf("export %s: %q is not a skill key (namespace.id)", dir, s.Key)
		}
		if other, dup := byID[strings.ToLower(id)]; dup {
			if other == s.Key {
				return nil, fmt.Errorf("export %s: %s is in the library twice", dir, s.Key)
			}
			return nil, fmt.Errorf("export %s: %s and %s would both be exported to the folder %s; export their namespaces to separate folders (lore skills export DIR --namespace NS)", dir, other, s.Key, id)
		}
		byID[strings.ToLower(id)] = s.Key
		files := skills.Render(s)
		if _, errs := skillspec.ValidateStrict(id, files[0].Content); len(errs) > 0 {
			return nil, fmt.Errorf("export %s: %s would not be a valid skill: %s", dir, s.Key, strings.Join(errs, "; "))
		}
		if err := checkFiles(files); err != nil {
			return nil, fmt.Errorf("export %s: %s: %w", dir, s.Key, err)
		}
		jobs = append(jobs, job{id: id, files: files})
	}

	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", dir, err)
	}
	defer root.Close()
	for _, j := range jobs {
		if err := checkTarget(root, j.id); err != nil {
			return nil, fmt.Errorf("export %s: %w", filepath.Join(dir, j.id), err)
		}
	}

	for _, j := range jobs {
		for _, f := range j.files {
			rel := path.Join(j.id, f.Path)
			full := filepath.Join(dir, filepath.FromSlash(rel))
			if err := writeNew(root, rel, f.Content); err != nil {
				return written, fmt.Errorf("export %s: %w", full, err)
			}
			written = append(written, full)
		}
	}
	return written, nil
}

// checkFiles refuses a rendered folder that cannot be written as given:
// a bad path, or two files that are one on a case-insensitive file system,
// or a file that another file's path needs as a folder.
func checkFiles(files []skills.File) error {
	seen := map[string]bool{}
	for _, f := range files[1:] {
		if err := skills.CheckFilePath(f.Path); err != nil {
			return err
		}
		k := strings.ToLower(f.Path)
		if seen[k] {
			return fmt.Errorf("file path %q is in the skill twice (letter case ignored)", f.Path)
		}
		seen[k] = true
	}
	for _, f := range files[1:] {
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			if seen[strings.ToLower(d)] {
				return fmt.Errorf("file path %q needs %q as a folder, but it is a file", f.Path, d)
			}
		}
	}
	return nil
}

// checkTarget accepts a missing folder or an empty one; anything else
// would mean overwriting or mixing with what is there.
func checkTarget(root *os.Root, id string) error {
	fi, err := root.Lstat(id)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return errors.New("exists and is not a folder; not overwritten")
	}
	f, err := root.Open(id)
	if err != nil {
		return err
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	if len(names) > 0 {
		return errors.New("exists and is not empty; not overwritten (remove it or export elsewhere)")
	}
	return nil
}

// writeNew creates rel (and its folders) under root; an existing file is an
// error, never replaced.
func writeNew(root *os.Root, rel string, content []byte) error {
	if d := path.Dir(rel); d != "." {
		if err := root.MkdirAll(filepath.FromSlash(d), 0o755); err != nil {
			return err
		}
	}
	f, err := root.OpenFile(filepath.FromSlash(rel), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(content); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
