package bundle

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skillspec"
)

// BundleExtensions are the file name endings of a skill bundle: a zip of
// one skill folder or of several (.skill is the name Anthropic's
// skill-creator packages a skill under).
var BundleExtensions = []string{".zip", ".skill"}

// IsBundle reports whether name ends in one of BundleExtensions, in any
// case.
func IsBundle(name string) bool {
	l := strings.ToLower(name)
	return slices.ContainsFunc(BundleExtensions, func(ext string) bool { return strings.HasSuffix(l, ext) })
}

// candidate is one skill as read from a folder or a bundle, before it is
// scanned and checked.
type candidate struct {
	// file is the SKILL.md as reported (a path, or bundle.zip!dir/SKILL.md).
	file string
	// dir is the skill folder as reported, and base what its resources'
	// paths are joined onto in reports.
	dir string
	// dirName is the folder's name for the validator's name rule; folder
	// is the name an export writes it under again ("" when the folder is
	// the bundle itself, which has no name of its own).
	dirName, folder string
	// fileName is the skill file's own name (SKILL.md, skill.md, ...).
	fileName string
	md       []byte
	mdMode   fs.FileMode
	res      []skills.File
	// findings are what reading found (refused bundle entries).
	findings []core.Finding
	// err is why the skill could not be read; it is skipped with it.
	err error
}

// path is the reported path of the resource rel.
func (c *candidate) path(rel string) string {
	switch {
	case strings.HasSuffix(c.dir, "!"):
		return c.dir + rel
	case strings.Contains(c.dir, "!"):
		return c.dir + "/" + rel
	}
	return filepath.Join(c.dir, filepath.FromSlash(rel))
}

// source is what read found under a root.
type source struct {
	skills   []candidate
	warnings []string
	findings []core.Finding
}

type readOptions struct {
	maxFileBytes, maxSkillBytes int64
	maxFiles                    int
}

func (o *readOptions) defaults() {
	if o.maxFileBytes <= 0 {
		o.maxFileBytes = DefaultMaxFileBytes
	}
	if o.maxSkillBytes <= 0 {
		o.maxSkillBytes = DefaultMaxSkillBytes
	}
	if o.maxFiles <= 0 {
		o.maxFiles = DefaultMaxFiles
	}
}

// read finds and reads the skills under root: a bundle (IsBundle and a
// regular file), or what skillspec.Discover finds. The error is for a root
// that cannot be read at all.
func read(root string, opts readOptions) (source, error) {
	opts.defaults()
	if fi, err := os.Stat(root); err == nil && fi.Mode().IsRegular() && IsBundle(root) {
		return readBundle(root, opts)
	}
	var src source
	found, err := skillspec.Discover(root)
	if err != nil {
		return src, err
	}
	if found.Truncated {
		src.warnings = append(src.warnings, fmt.Sprintf("%s: stopped looking for skills after %d folders", root, skillspec.MaxDiscoverDirs))
	}
	src.warnings = append(src.warnings, found.Warnings...)
	for _, file := range found.Files {
		dir := filepath.Dir(file)
		dirName := filepath.Base(dir)
		if abs, err := filepath.Abs(dir); err == nil {
			dirName = filepath.Base(abs)
		}
		c := candidate{file: file, dir: dir, dirName: dirName, folder: dirName, fileName: filepath.Base(file)}
		var warns []string
		c.md, c.mdMode, c.res, warns, c.err = readFolder(dir, c.fileName, opts)
		src.warnings = append(src.warnings, warns...)
		src.skills = append(src.skills, c)
	}
	return src, nil
}

func isSkillFileName(name string) bool { return strings.EqualFold(name, skills.SkillFile) }

func skipDir(name string) bool { return name == ".git" || name == "node_modules" }

// errBound marks a folder over one of the size bounds.
var errBound = errors.New("over the import bound")

// bounds counts what one skill has taken against the bounds of opts.
type bounds struct {
	opts  readOptions
	files int
	total int64
}

// file admits one more file of size bytes named full.
func (b *bounds) file(full string, size int64, resource bool) error {
	if resource {
		b.files++
		if b.files > b.opts.maxFiles {
			return fmt.Errorf("the skill has more than %d files: %w", b.opts.maxFiles, errBound)
		}
	}
	if size > b.opts.maxFileBytes {
		return fmt.Errorf("%s has %d bytes, more than %d: %w", full, size, b.opts.maxFileBytes, errBound)
	}
	if b.total+size > b.opts.maxSkillBytes {
		return fmt.Errorf("the skill has more than %d bytes: %w", b.opts.maxSkillBytes, errBound)
	}
	b.total += size
	return nil
}

// readFolder reads the skill file and every other file of the folder dir,
// with their permission bits, through an os.Root, so that nothing read can
// lie outside it even if the folder changes while it is read. Links are not
// followed and other special files are not read: each is a warning. A file
// over a bound, or an unreadable one, is an error: half a skill is not
// imported.
func readFolder(dir, skillName string, opts readOptions) (md []byte, mdMode fs.FileMode, res []skills.File, warns []string, err error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, 0, nil, nil, err
	}
	defer root.Close()

	b := bounds{opts: opts}
	read := func(name string, size int64, resource bool) ([]byte, error) {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := b.file(full, size, resource); err != nil {
			if !strings.HasPrefix(err.Error(), full) {
				err = fmt.Errorf("%s: %w", dir, err)
			}
			return nil, err
		}
		f, err := root.Open(filepath.FromSlash(name))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", full, err)
		}
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, opts.maxFileBytes+1))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", full, err)
		}
		if int64(len(data)) > opts.maxFileBytes {
			return nil, fmt.Errorf("%s grew past %d bytes while read: %w", full, opts.maxFileBytes, errBound)
		}
		return data, nil
	}

	fi, err := root.Lstat(skillName)
	if err != nil {
		return nil, 0, nil, nil, fmt.Errorf("read %s: %w", filepath.Join(dir, skillName), err)
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, nil, nil, fmt.Errorf("%s is not a regular file (a link or special file is not followed)", filepath.Join(dir, skillName))
	}
	if md, err = read(skillName, fi.Size(), false); err != nil {
		return nil, 0, nil, nil, err
	}
	mdMode = fi.Mode().Perm()

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
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("read %s: %w", full, err)
		}
		data, err := read(p, info.Size(), true)
		if err != nil {
			return err
		}
		res = append(res, skills.File{Path: p, Content: data, Mode: uint32(info.Mode().Perm())})
		return nil
	})
	if err != nil {
		return nil, 0, nil, warns, err
	}
	return md, mdMode, res, warns, nil
}

// readBundle reads a zip bundle through acquire.ReadZipFiles, whose entry
// rules refuse escaping and colliding names and links, and finds its
// skills the way Discover finds them in a folder: a folder holding a skill
// file (SKILL.md in any case) at most skillspec.MaxDiscoverDepth levels
// down is a skill, and its subfolders are its resources. A refused entry
// is reported (a warning, and its finding); one inside a skill's folder
// skips the skill when it is an error (half a skill is not imported) and
// counts as its finding otherwise.
func readBundle(file string, opts readOptions) (source, error) {
	var src source
	zf, err := acquire.ReadZipFiles(context.Background(), file, acquire.Options{MaxFileSize: opts.maxFileBytes})
	if err != nil {
		return src, err
	}
	// The skill folders: the shallowest folders holding a skill file.
	names := map[string][]string{} // folder → skill file names in it
	for _, f := range zf.Files {
		dir, base := path.Split(f.Name)
		dir = strings.TrimSuffix(dir, "/")
		if dir == "" {
			dir = "."
		}
		if isSkillFileName(base) && depth(dir) <= skillspec.MaxDiscoverDepth {
			names[dir] = append(names[dir], base)
		}
	}
	var dirs []string
	for d := range names {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	var kept []string
	for _, d := range dirs {
		if !slices.ContainsFunc(kept, func(k string) bool { return under(d, k) }) {
			kept = append(kept, d)
		}
	}
	stem := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	for _, d := range kept {
		fns := names[d]
		rank := func(n string) int {
			if i := slices.Index(skillspec.SkillFileNames, n); i >= 0 {
				return i
			}
			return len(skillspec.SkillFileNames)
		}
		slices.SortFunc(fns, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), strings.Compare(a, b)) })
		c := candidate{fileName: fns[0], dir: file + "!" + d, dirName: path.Base(d), folder: path.Base(d)}
		if d == "." {
			c.dir, c.dirName, c.folder = file+"!", stem, ""
		}
		c.file = file + "!" + path.Join(d, fns[0])
		if len(fns) > 1 {
			src.warnings = append(src.warnings, fmt.Sprintf("%s: several skill files (%s); %s is read, the others are ignored", c.dir, strings.Join(fns, ", "), fns[0]))
		}
		b := bounds{opts: opts}
		for _, f := range zf.Files {
			rel, ok := relTo(f.Name, d)
			if !ok || c.err != nil {
				continue
			}
			full := file + "!" + f.Name
			switch {
			case rel == c.fileName:
				c.err = b.file(full, int64(len(f.Content)), false)
				c.md, c.mdMode = f.Content, f.Mode
				continue
			case path.Dir(rel) == "." && isSkillFileName(rel):
				continue
			}
			if err := skills.CheckFilePath(rel); err != nil {
				src.warnings = append(src.warnings, fmt.Sprintf("%s: %v; not imported", full, err))
				continue
			}
			if err := b.file(full, int64(len(f.Content)), true); err != nil {
				c.err = fmt.Errorf("%s: %w", c.dir, err)
				continue
			}
			c.res = append(c.res, skills.File{Path: rel, Content: f.Content, Mode: uint32(f.Mode)})
		}
		for _, p := range zf.Errors {
			if _, ok := relTo(entryOf(p.File), d); ok && c.err == nil {
				c.err = fmt.Errorf("%s: %s; half a skill is not imported", p.File, p.Reason)
			}
		}
		for _, f := range zf.Findings {
			if _, ok := relTo(entryOf(f.Location), d); ok {
				c.findings = append(c.findings, f)
			}
		}
		src.skills = append(src.skills, c)
	}
	for _, p := range zf.Skipped {
		src.warnings = append(src.warnings, fmt.Sprintf("%s!%s: %s; not imported", file, p.Path, p.Reason))
	}
	// Findings inside a skill go with it (importOne adds them); the others
	// are the bundle's own.
	for _, f := range zf.Findings {
		if !slices.ContainsFunc(kept, func(d string) bool { _, ok := relTo(entryOf(f.Location), d); return ok }) {
			src.findings = append(src.findings, f)
		}
	}
	return src, nil
}

// entryOf is the entry part of "archive!entry" (a location may add
// ":line:col", which entry names of skills do not hold).
func entryOf(loc string) string {
	_, e, ok := strings.Cut(loc, "!")
	if !ok {
		return ""
	}
	return e
}

func depth(dir string) int {
	if dir == "." {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

// under reports whether folder d lies inside (or is) folder k.
func under(d, k string) bool {
	return k == "." || d == k || strings.HasPrefix(d, k+"/")
}

// relTo returns name relative to folder d, when it is inside it.
func relTo(name, d string) (string, bool) {
	if d == "." {
		return name, name != ""
	}
	rel, ok := strings.CutPrefix(name, d+"/")
	return rel, ok && rel != ""
}
