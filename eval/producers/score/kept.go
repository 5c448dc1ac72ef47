package main

import (
	"archive/zip"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lore-kb/lore/core"
)

// A converter that keeps the source's labels as anchors (pandoc writes
// \label{x} as id="x" in HTML and EPUB and as a bookmark named x in
// DOCX) shows in its markup which references it kept: a link to x is
// one, and a reference command it does not know (\cref under pandoc)
// leaves none. Converters that run TeX (pdflatex, LaTeXML, tex4ht and
// Calibre after them) print every reference by its number and name their
// anchors themselves; every printed reference counts for them.
var (
	anchorRe = regexp.MustCompile(`\b(?:id|w:name)="([^"]+)"`)
	linkRe   = regexp.MustCompile(`\b(?:href="[^"#]*#|w:anchor=")([^"]+)"`)
	// refKeyRe reads the key of an edge's description, "Refers to X
	// (\cref{key})" or "(\hyperref[key])", " in its proof" after it
	// when the proof makes the reference.
	refKeyRe = regexp.MustCompile(`\(\\([A-Za-z]+)(?:\{([^}]*)\}|\[([^\]]*)\])\)(?: in its proof)?$`)
)

// maxMarkup bounds what one file of a rendering is read for anchors.
const maxMarkup = 64 << 20

// referenceKeeper returns whether the rendering in dir keeps the
// reference an edge's description names, judged from its markup as
// above. A key can be referenced by several commands of which the
// converter drops some, so a command counts as dropped when no key that
// only it references has a link (src's edges say which command
// references which key).
func referenceKeeper(dir string, src []core.Primitive) func(description string) bool {
	anchors, links := map[string]bool{}, map[string]bool{}
	note := func(s string) {
		for _, m := range anchorRe.FindAllStringSubmatch(s, -1) {
			anchors[html.UnescapeString(m[1])] = true
		}
		for _, m := range linkRe.FindAllStringSubmatch(s, -1) {
			links[html.UnescapeString(m[1])] = true
		}
	}
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".html", ".htm", ".xhtml":
			if b, err := readLimited(p); err == nil {
				note(b)
			}
		case ".epub", ".docx":
			z, err := zip.OpenReader(p)
			if err != nil {
				return nil
			}
			defer z.Close()
			for _, f := range z.File {
				switch strings.ToLower(filepath.Ext(f.Name)) {
				case ".html", ".htm", ".xhtml", ".xml":
					rc, err := f.Open()
					if err != nil {
						continue
					}
					b, _ := io.ReadAll(io.LimitReader(rc, maxMarkup))
					rc.Close()
					note(string(b))
				}
			}
		}
		return nil
	})
	// Which commands reference each key, and whether a command keeps
	// any link of a key that is its own.
	cmds := map[string]map[string]bool{}
	for _, p := range src {
		for _, e := range p.Dependencies {
			if cmd, key, ok := reference(e.Description); ok {
				if cmds[key] == nil {
					cmds[key] = map[string]bool{}
				}
				cmds[key][cmd] = true
			}
		}
	}
	owned, linked := map[string]bool{}, map[string]bool{}
	for key, cs := range cmds {
		if len(cs) != 1 || !anchors[key] {
			continue
		}
		for cmd := range cs {
			owned[cmd] = true
			linked[cmd] = linked[cmd] || links[key]
		}
	}
	return func(description string) bool {
		cmd, key, ok := reference(description)
		if !ok || !anchors[key] {
			return true // anchors named by the converter: counted
		}
		return links[key] && (!owned[cmd] || linked[cmd])
	}
}

// reference reads the command and key of an edge's description.
func reference(description string) (cmd, key string, ok bool) {
	m := refKeyRe.FindStringSubmatch(description)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2] + m[3], true
}

func readLimited(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxMarkup))
	return string(b), err
}
