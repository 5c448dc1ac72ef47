package bundle

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

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
// An imported skill is written as it was imported (skills.Original): its
// SKILL.md byte for byte, into the folder it came from, every file with
// its recorded mode, executable bits included. Import then export gives
// the same tree, byte for byte and mode for mode. Such a skill is written
// even when it would fail the standard's strict validator (a client loaded
// it, lenient, and so may the next); Notes says which. A skill lore
// generated is refused when its SKILL.md would fail the strict validator (a
// record that skipped lore's checks): what lore writes loads in every
// client.
//
// Nothing is overwritten: a target folder that exists and is not empty, or
// is not a folder, is an error. Every check (keys, collisions, validity, file
// paths, targets) runs before the first write, so a refused export writes
// nothing. Files are written through an os.Root opened on dir and created
// exclusively, so neither a bad path nor a link planted in dir can make
// Export write outside it. A file without a recorded mode is written 0644,
// whatever the umask.
func Export(dir string, lib []*skills.Skill) (written []string, err error) {
	jobs, err := plan(lib)
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", dir, err)
	}
	root, err := openTarget(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	for _, j := range jobs {
		if err := checkTarget(root, j.folder); err != nil {
			return nil, fmt.Errorf("export %s: %w", filepath.Join(dir, j.folder), err)
		}
	}

	for _, j := range jobs {
		for _, f := range j.files {
			rel := path.Join(j.folder, f.Path)
			full := filepath.Join(dir, filepath.FromSlash(rel))
			if err := writeNew(root, rel, f.Content, f.Perm()); err != nil {
				return written, fmt.Errorf("export %s: %w", full, err)
			}
			written = append(written, full)
		}
	}
	return written, nil
}

// ExportZip writes the skills of lib as one zip bundle at file, laid out
// as Export lays out a folder (<folder>/SKILL.md and its resources, each
// entry with its mode), and returns the names of the entries written. It
// refuses what Export refuses, and an existing file: nothing is
// overwritten. A bundle of one skill is what a .skill file holds.
func ExportZip(file string, lib []*skills.Skill) ([]string, error) {
	jobs, err := plan(lib)
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", file, err)
	}
	var b bytes.Buffer
	entries, err := writeZip(&b, jobs)
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", file, err)
	}
	if _, err := SaveZip(file, b.Bytes()); err != nil {
		return nil, err
	}
	return entries, nil
}

// Zip is ExportZip in memory: the bundle's bytes and the names of its
// entries, for a library whose client keeps the files (a team server's).
func Zip(lib []*skills.Skill) ([]byte, []string, error) {
	jobs, err := plan(lib)
	if err != nil {
		return nil, nil, fmt.Errorf("export: %w", err)
	}
	var b bytes.Buffer
	entries, err := writeZip(&b, jobs)
	if err != nil {
		return nil, nil, fmt.Errorf("export: %w", err)
	}
	return b.Bytes(), entries, nil
}

// writeZip writes the files of jobs to w as one zip, each entry with its
// mode and its skill's time, and returns the entries' names.
func writeZip(w io.Writer, jobs []job) ([]string, error) {
	var entries []string
	zw := zip.NewWriter(w)
	for _, j := range jobs {
		for _, sf := range j.files {
			name := path.Join(j.folder, sf.Path)
			h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: j.at}
			h.SetMode(sf.Perm())
			fw, err := zw.CreateHeader(h)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if _, err := fw.Write(sf.Content); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			entries = append(entries, name)
		}
	}
	return entries, zw.Close()
}

// SaveZip writes the bundle b at file, which must not exist, and returns
// the names of its entries: nothing is overwritten, and a file half
// written is removed.
func SaveZip(file string, b []byte) (entries []string, err error) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, fmt.Errorf("export %s: the bundle received: %w", file, err)
	}
	for _, e := range zr.File {
		entries = append(entries, e.Name)
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("export %s: exists; not overwritten (remove it or export elsewhere)", file)
		}
		return nil, fmt.Errorf("export %s: %w", file, err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("export %s: %w", file, cerr)
		}
		if err != nil {
			os.Remove(file)
			entries = nil
		}
	}()
	if _, err := f.Write(b); err != nil {
		return nil, fmt.Errorf("export %s: %w", file, err)
	}
	return entries, nil
}

// Unpack writes the bundle b, laid out as ExportZip lays one out (a folder
// per skill), into the folder dir as Export writes one, and returns the
// paths written in order: nothing is overwritten, every target is checked
// before the first write, and files are written through an os.Root with
// their modes. It is how an export a team server sent becomes folders
// here. The bundle is read under the import's bounds, and an entry that is
// not a file of a skill folder (a link, a path outside, a file beside the
// folders) refuses it whole.
func Unpack(dir string, b []byte) (written []string, err error) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, fmt.Errorf("export %s: the bundle received: %w", dir, err)
	}
	opts := readOptions{}
	opts.defaults()
	type entry struct {
		folder, name string
		content      []byte
		perm         fs.FileMode
	}
	var (
		entries []entry
		folders []string
	)
	sizes := map[string]*bounds{}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		folder, rel, ok := strings.Cut(f.Name, "/")
		if !ok || !f.Mode().IsRegular() || skills.CheckFilePath(f.Name) != nil || (rel != skills.SkillFile && skills.CheckFilePath(rel) != nil) {
			return nil, fmt.Errorf("export %s: the bundle received holds %q, not a file of a skill folder", dir, f.Name)
		}
		if sizes[folder] == nil {
			sizes[folder] = &bounds{opts: opts}
			folders = append(folders, folder)
		}
		if err := sizes[folder].file(f.Name, int64(f.UncompressedSize64), rel != skills.SkillFile); err != nil {
			return nil, fmt.Errorf("export %s: the bundle received: %w", dir, err)
		}
		content, err := readEntry(f, opts.maxFileBytes)
		if err != nil {
			return nil, fmt.Errorf("export %s: the bundle received: %s: %w", dir, f.Name, err)
		}
		entries = append(entries, entry{folder: folder, name: f.Name, content: content, perm: skills.File{Mode: uint32(f.Mode().Perm())}.Perm()})
	}
	root, err := openTarget(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	for _, folder := range folders {
		if err := checkTarget(root, folder); err != nil {
			return nil, fmt.Errorf("export %s: %w", filepath.Join(dir, folder), err)
		}
	}
	for _, e := range entries {
		full := filepath.Join(dir, filepath.FromSlash(e.name))
		if err := writeNew(root, e.name, e.content, e.perm); err != nil {
			return written, fmt.Errorf("export %s: %w", full, err)
		}
		written = append(written, full)
	}
	return written, nil
}

// readEntry reads the zip entry f, refusing more than most bytes whatever
// its header says.
func readEntry(f *zip.File, most int64) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, most+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > most {
		return nil, fmt.Errorf("more than %d bytes: %w", most, errBound)
	}
	return b, nil
}

// Notes returns what an export of lib should tell a person: the imported
// skills written as imported although the strict validator would refuse
// them.
func Notes(lib []*skills.Skill) []string {
	var out []string
	for _, s := range lib {
		if s == nil || s.Original == nil {
			continue
		}
		if _, errs := skillspec.ValidateStrict(s.Folder(), s.Original.SkillMD); len(errs) > 0 {
			out = append(out, fmt.Sprintf("%s: written as imported, though the strict validator refuses it: %s", s.Key, strings.Join(errs, "; ")))
		}
	}
	return out
}

// job is one skill to write: its folder and files.
type job struct {
	folder string
	files  []skills.File
	at     time.Time
}

// plan checks lib for an export and returns what to write.
func plan(lib []*skills.Skill) ([]job, error) {
	jobs := make([]job, 0, len(lib))
	byFolder := map[string]string{}
	for i, s := range lib {
		if s == nil {
			return nil, fmt.Errorf("skill %d is nil", i)
		}
		_, id, ok := scope.Split(s.Key)
		if !ok {
			return nil, fmt.Errorf("%q is not a skill key (namespace.id)", s.Key)
		}
		folder := s.Folder()
		if err := skills.CheckFilePath(folder); err != nil || strings.Contains(folder, "/") {
			return nil, fmt.Errorf("%s: the folder name %q is not one plain name", s.Key, folder)
		}
		if other, dup := byFolder[strings.ToLower(folder)]; dup {
			if other == s.Key {
				return nil, fmt.Errorf("%s is in the library twice", s.Key)
			}
			return nil, fmt.Errorf("%s and %s would both be exported to the folder %s; export their namespaces to separate folders (lore skills export DIR --namespace NS)", other, s.Key, folder)
		}
		byFolder[strings.ToLower(folder)] = s.Key
		files := skills.Render(s)
		if s.Original == nil {
			if _, errs := skillspec.ValidateStrict(id, files[0].Content); len(errs) > 0 {
				return nil, fmt.Errorf("%s would not be a valid skill: %s", s.Key, strings.Join(errs, "; "))
			}
		}
		if err := checkFiles(files); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Key, err)
		}
		jobs = append(jobs, job{folder: folder, files: files, at: s.Updated})
	}
	return jobs, nil
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
// The mode is set after the file is created, so the umask does not take
// an executable or group bit away.
func writeNew(root *os.Root, rel string, content []byte, perm fs.FileMode) error {
	if d := path.Dir(rel); d != "." {
		if err := root.MkdirAll(filepath.FromSlash(d), 0o755); err != nil {
			return err
		}
	}
	f, err := root.OpenFile(filepath.FromSlash(rel), os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(content); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// openTarget makes the folder dir if it is missing and opens it as the
// root every write of an export stays under.
func openTarget(dir string) (*os.Root, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", dir, err)
	}
	return root, nil
}
