package bundle

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/lore-kb/lore/core/skills"
)

// Packed is a folder of skills read for an import elsewhere (a team
// server's): the skills as one zip, and what reading them found.
type Packed struct {
	// Zip holds the skill folders read, each file with its mode, under one
	// top folder named as Dir is: the layout Import reads of a bundle, so
	// that "zip!top/x/SKILL.md" stands for Dir/x/SKILL.md.
	Zip []byte
	// Dir is the folder read: root, or the folder of root when root is a
	// skill file.
	Dir string
	// Discovered counts the skill files found, Skipped the skills that
	// could not be read (over the bounds, unreadable), which the zip
	// leaves out, and Warnings what else reading found.
	Discovered int
	Skipped    []Skipped
	Warnings   []string
}

// Pack reads the skills at root, a skill file, a skill folder or a folder
// of them, as Import reads them (the same discovery, bounds and files,
// links not followed), into one zip for Import to read on another
// machine; nothing is scanned or checked here, which is the importer's
// work. A bundle is sent as it is, not packed.
func Pack(root string) (Packed, error) {
	dir := root
	if fi, err := os.Stat(root); err == nil && !fi.IsDir() {
		dir = filepath.Dir(root)
	}
	out := Packed{Dir: dir}
	src, err := read(root, readOptions{})
	if err != nil {
		return out, fmt.Errorf("import: %w", err)
	}
	top := filepath.Base(dir)
	if abs, err := filepath.Abs(dir); err == nil {
		top = filepath.Base(abs)
	}
	out.Discovered, out.Warnings = len(src.skills), src.warnings
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	add := func(name string, content []byte, mode uint32) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		h.SetMode(skills.File{Mode: mode}.Perm())
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		_, err = w.Write(content)
		return err
	}
	for _, c := range src.skills {
		if c.err != nil {
			out.Skipped = append(out.Skipped, Skipped{Path: c.file, Reason: c.err.Error()})
			continue
		}
		rel, err := filepath.Rel(dir, c.dir)
		if err != nil {
			return out, fmt.Errorf("import %s: %w", root, err)
		}
		folder := path.Join(top, filepath.ToSlash(rel))
		if err := add(path.Join(folder, c.fileName), c.md, uint32(c.mdMode)); err != nil {
			return out, fmt.Errorf("import %s: %w", root, err)
		}
		for _, f := range c.res {
			if err := add(path.Join(folder, f.Path), f.Content, f.Mode); err != nil {
				return out, fmt.Errorf("import %s: %w", root, err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		return out, fmt.Errorf("import %s: %w", root, err)
	}
	out.Zip = b.Bytes()
	return out, nil
}
