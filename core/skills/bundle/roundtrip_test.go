package bundle

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skillspec"
)

// A SKILL.md as people write it: a plain value with a colon inside quotes,
// a block scalar, comments, unquoted values, keys in their own order.
const handWritten = `---
# A skill written by hand.
name: pdf-tools
description: >-
  Extract text and tables from PDF files. Use when the user
  mentions a PDF, a form or a scanned document.
license: Proprietary. LICENSE.txt has complete terms   # kept as written
metadata:
  version: 1.2   # a number YAML would read as a float
  author: 'Jane'
allowed-tools: Bash Read
---

# PDF tools

Run scripts/extract.py on the file.
`

// skillTree is a skill folder as published: an executable script, a
// binary asset, a plain reference; path → content and mode.
type treeFile struct {
	content string
	mode    fs.FileMode
}

func skillTree() map[string]treeFile {
	return map[string]treeFile{
		"pdf-tools/SKILL.md":           {handWritten, 0o644},
		"pdf-tools/scripts/extract.py": {"#!/usr/bin/env python3\nprint('hi')\n", 0o755},
		"pdf-tools/scripts/helper.sh":  {"#!/bin/sh\necho ok\n", 0o750},
		"pdf-tools/assets/logo.png":    {"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\xff", 0o644},
		"pdf-tools/references/api.md":  {"# API\r\n\r\nCRLF kept.\r\n", 0o600},
		"pdf-tools/LICENSE.txt":        {"All rights reserved.\n", 0o444},
	}
}

func writeTree(t *testing.T, dir string, tree map[string]treeFile) {
	t.Helper()
	for p, f := range tree {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(f.content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(full, f.mode); err != nil {
			t.Fatal(err)
		}
	}
}

// listing is every regular file under dir as "mode path sha" lines, the
// find -printf '%m %p' view plus the bytes.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, fmt.Sprintf("%o %s %q", info.Mode().Perm(), filepath.ToSlash(rel), b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestImportExportKeepsBytesAndModes: import then export gives the same
// tree, byte for byte and mode for mode — executable bits, a binary asset,
// CRLF line ends and a hand-written frontmatter (block scalar, comments,
// unquoted values) included.
func TestImportExportKeepsBytesAndModes(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, skillTree())
	plan, err := Import(src, ImportOptions{Now: now})
	if err != nil || len(plan.Skills) != 1 || len(plan.Skipped) != 0 {
		t.Fatalf("import: %v %+v", err, plan)
	}
	s := plan.Skills[0]
	if s.Key != "public.pdf-tools" || !strings.HasPrefix(s.Description, "Extract text and tables") || s.License != "Proprietary. LICENSE.txt has complete terms" {
		t.Errorf("fields not read from the frontmatter: %s %q %q", s.Key, s.Description, s.License)
	}
	out := t.TempDir()
	if _, err := Export(out, plan.Skills); err != nil {
		t.Fatal(err)
	}
	if a, b := listing(t, src), listing(t, out); !reflect.DeepEqual(a, b) {
		t.Errorf("export differs from what was imported\nimported %q\nexported %q", a, b)
	}
}

// TestExportedImportKeepsItsFolder: a skill whose name differs from its
// folder (loaded leniently, with a warning) is written back into that
// folder, so the tree stays the same.
func TestExportedImportKeepsItsFolder(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, map[string]treeFile{"template/SKILL.md": {"---\nname: template-skill\ndescription: A template.\n---\n", 0o644}})
	plan, err := Import(src, ImportOptions{Now: now})
	if err != nil || len(plan.Skills) != 1 {
		t.Fatalf("import: %v %+v", err, plan)
	}
	if plan.Skills[0].Key != "public.template-skill" {
		t.Errorf("key %s", plan.Skills[0].Key)
	}
	out := t.TempDir()
	if _, err := Export(out, plan.Skills); err != nil {
		t.Fatal(err)
	}
	if a, b := listing(t, src), listing(t, out); !reflect.DeepEqual(a, b) {
		t.Errorf("imported %q\nexported %q", a, b)
	}
	if notes := Notes(plan.Skills); len(notes) != 1 || !strings.Contains(notes[0], "must match skill name") {
		t.Errorf("notes %q", notes)
	}
}

// buildZip writes a zip of entries (name → content and mode) at file.
func buildZip(t *testing.T, file string, names []string, tree map[string]treeFile) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range names {
		f := tree[name]
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		h.SetMode(f.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(f.content)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// zipListing is the entries of a zip as "mode name content" lines.
func zipListing(t *testing.T, file string) []string {
	t.Helper()
	zr, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var out []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := b.ReadFrom(rc); err != nil {
			t.Fatal(err)
		}
		rc.Close()
		out = append(out, fmt.Sprintf("%o %s %q", f.Mode().Perm(), f.Name, b.String()))
	}
	slices.Sort(out)
	return out
}

// TestZipBundleImportValidateExport: a .skill bundle (one skill folder) and
// a .zip of several import and validate; export to a .zip writes the same
// entries with the same modes; a hostile entry is refused and reported.
func TestZipBundleImportValidateExport(t *testing.T) {
	dir := t.TempDir()
	tree := skillTree()
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range tree {
			if !yield(k) {
				return
			}
		}
	})
	one := filepath.Join(dir, "pdf-tools.skill")
	buildZip(t, one, names, tree)

	val, err := Validate(one, skillspec.Strict)
	if err != nil || len(val.Skills) != 1 || !val.Skills[0].Result.Valid || val.Skills[0].Path != one+"!pdf-tools/SKILL.md" {
		t.Fatalf("validate %s: %v %+v", one, err, val)
	}
	plan, err := Import(one, ImportOptions{Now: now})
	if err != nil || len(plan.Skills) != 1 || len(plan.Skipped) != 0 {
		t.Fatalf("import %s: %v %+v", one, err, plan)
	}
	out := filepath.Join(dir, "out.zip")
	if _, err := ExportZip(out, plan.Skills); err != nil {
		t.Fatal(err)
	}
	if a, b := zipListing(t, one), zipListing(t, out); !reflect.DeepEqual(a, b) {
		t.Errorf("exported bundle differs\nimported %q\nexported %q", a, b)
	}
	if _, err := ExportZip(out, plan.Skills); err == nil || !strings.Contains(err.Error(), "not overwritten") {
		t.Errorf("an existing bundle was overwritten: %v", err)
	}
	// The same skill exported as a folder is the tree the bundle holds.
	folder := t.TempDir()
	if _, err := Export(folder, plan.Skills); err != nil {
		t.Fatal(err)
	}
	unpacked := t.TempDir()
	writeTree(t, unpacked, tree)
	if a, b := listing(t, unpacked), listing(t, folder); !reflect.DeepEqual(a, b) {
		t.Errorf("folder export of a bundle\nwant %q\n got %q", a, b)
	}

	// A bundle of two skills, one of them with an escaping entry.
	tree2 := map[string]treeFile{
		"skills/a/SKILL.md":        {"---\nname: a\ndescription: Skill a.\n---\nA.\n", 0o644},
		"skills/b/SKILL.md":        {"---\nname: b\ndescription: Skill b.\n---\nB.\n", 0o644},
		"skills/b/../../evil":      {"x", 0o644},
		"skills/b/run.sh":          {"#!/bin/sh\n", 0o755},
		"skills/a/nested/SKILL.md": {"---\nname: nested\ndescription: An example inside a.\n---\n", 0o644},
	}
	two := filepath.Join(dir, "two.zip")
	buildZip(t, two, []string{"skills/a/SKILL.md", "skills/a/nested/SKILL.md", "skills/b/SKILL.md", "skills/b/run.sh", "skills/b/../../evil"}, tree2)
	plan, err = Import(two, ImportOptions{Now: now})
	if err != nil || plan.Discovered != 2 {
		t.Fatalf("import %s: %v %+v", two, err, plan)
	}
	if len(plan.Skills) != 1 || plan.Skills[0].Key != "public.a" || len(plan.Skills[0].Files) != 1 {
		t.Errorf("imported %v", keys(plan.Skills))
	}
	if len(plan.Skipped) != 1 || !strings.Contains(plan.Skipped[0].Reason, "path-traversal") {
		t.Errorf("the skill holding a refused entry was not skipped: %+v", plan.Skipped)
	}
	if !strings.Contains(strings.Join(plan.Warnings, "\n"), "skills/b/../../evil: entry name contains a '..' component; not imported") {
		t.Errorf("refused entry not reported: %q", plan.Warnings)
	}
	plan, err = Import(two, ImportOptions{Now: now, Trust: true})
	if err != nil || len(plan.Skills) != 2 {
		t.Fatalf("trusted import %s: %v %+v", two, err, plan)
	}
	b := plan.Skills[1]
	if len(b.Files) != 1 || b.Files[0].Path != "run.sh" || b.Files[0].Perm() != 0o755 {
		t.Errorf("b's files: %+v", b.Files)
	}
	val, err = Validate(two, skillspec.Strict)
	if err != nil || len(val.Skills) != 2 || !val.Skills[0].Result.Valid || !val.Skills[1].Result.Valid {
		t.Fatalf("validate %s: %v %+v", two, err, val)
	}
	if !strings.Contains(strings.Join(val.Skills[1].Result.Warnings, "\n"), "import skips the skill; with --trust it is a draft until a person acknowledges it") {
		t.Errorf("validate does not report the refused entry: %+v", val.Skills[1].Result)
	}
}

// TestValidateAndImportAcceptTheSameSkills: for each edge case,
// Validate under a profile and Import under the same profile agree.
func TestValidateAndImportAcceptTheSameSkills(t *testing.T) {
	long := strings.Repeat("word ", 210)
	cases := []struct {
		name, folder, file, md string
		lenient, strict        bool
	}{
		{"plain", "ok", "SKILL.md", "---\nname: ok\ndescription: Fine.\n---\n", true, true},
		{"missing name", "noname", "SKILL.md", "---\ndescription: No name.\n---\n", true, false},
		{"name differs from folder", "folder", "SKILL.md", "---\nname: other\ndescription: Mismatch.\n---\n", true, false},
		{"long description", "long", "SKILL.md", "---\nname: long\ndescription: " + long + "\n---\n", true, false},
		{"unknown fields", "extra", "SKILL.md", "---\nname: extra\ndescription: Extra.\nversion: 2\nargument-hint: x\n---\n", true, false},
		{"lowercase file name", "lower", "skill.md", "---\nname: lower\ndescription: Lower.\n---\n", true, false},
		{"angle brackets", "angle", "SKILL.md", "---\nname: angle\ndescription: Use <b>bold</b>.\n---\n", true, true},
		{"upper-case name", "Upper", "SKILL.md", "---\nname: Upper\ndescription: Upper.\n---\n", true, false},
		{"name with a blank", "two words", "SKILL.md", "---\nname: two words\ndescription: Blank.\n---\n", false, false},
		{"name with a dot", "a.b", "SKILL.md", "---\nname: a.b\ndescription: Dot.\n---\n", false, false},
		{"no description", "nodesc", "SKILL.md", "---\nname: nodesc\n---\n", false, false},
		{"no frontmatter", "nofront", "SKILL.md", "# Just a body\n", false, false},
		{"long compatibility", "compat", "SKILL.md", "---\nname: compat\ndescription: C.\ncompatibility: " + strings.Repeat("x", 501) + "\n---\n", true, false},
		{"bad extends", "ext", "SKILL.md", "---\nname: ext\ndescription: E.\nmetadata:\n  lore-extends: \"a b\"\n---\n", true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, map[string]string{tc.folder + "/" + tc.file: tc.md})
			for _, p := range []skillspec.Profile{skillspec.Lenient, skillspec.Strict} {
				val, err := Validate(root, p)
				if err != nil || len(val.Skills) != 1 {
					t.Fatalf("%s: validate: %v %+v", p, err, val)
				}
				plan, err := Import(root, ImportOptions{Now: now, Strict: p == skillspec.Strict})
				if err != nil {
					t.Fatal(err)
				}
				valid, imported := val.Skills[0].Result.Valid, len(plan.Skills) == 1
				want := tc.lenient
				if p == skillspec.Strict {
					want = tc.strict
				}
				if valid != imported || valid != want {
					t.Errorf("%s: validate %v (%q), import %v (%+v), want %v", p, valid, val.Skills[0].Result.Errors, imported, plan.Skipped, want)
				}
			}
		})
	}
}

// lore skills validate checks a skill with its files: a link to a file the
// folder does not hold and a file nothing names are warnings, under either
// profile, and leave the skill valid.
func TestValidateWarnsOnDeadLinksAndUnmentionedFiles(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"demo/SKILL.md":             "---\nname: demo\ndescription: Does a thing. Use when a thing is needed.\n---\n# Demo\n\nRead [the guide](references/guide.md) and [the list](references/list.md).\n",
		"demo/references/guide.md":  "# Guide\n",
		"demo/scripts/forgotten.sh": "echo forgotten\n",
	})
	for _, p := range []skillspec.Profile{skillspec.Strict, skillspec.Lenient} {
		val, err := Validate(root, p)
		if err != nil || len(val.Skills) != 1 {
			t.Fatalf("%s: %v %+v", p, err, val)
		}
		r := val.Skills[0].Result
		want := []string{
			"SKILL.md links to references/list.md, which the skill does not hold",
			"scripts/forgotten.sh is bundled with the skill but nothing in the skill mentions it",
		}
		if !r.Valid || !slices.Equal(r.Warnings, want) {
			t.Errorf("%s: valid %v, warnings %q, want %q", p, r.Valid, r.Warnings, want)
		}
	}
}

// TestUnpackIsExport: a bundle made in memory (a team server's export)
// and unpacked into a folder gives the tree Export writes, byte for byte
// and mode for mode; unpacked again it overwrites nothing and writes
// nothing, and saved it is the bundle ExportZip writes.
func TestUnpackIsExport(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, skillTree())
	plan, err := Import(src, ImportOptions{Now: now})
	if err != nil || len(plan.Skills) != 1 {
		t.Fatalf("import: %v %+v", err, plan)
	}
	b, entries, err := Zip(plan.Skills)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	written, err := Unpack(out, b)
	if err != nil || len(written) != len(entries) {
		t.Fatalf("unpack: %v, %d files for %d entries", err, len(written), len(entries))
	}
	if a, b := listing(t, src), listing(t, out); !reflect.DeepEqual(a, b) {
		t.Errorf("the unpacked bundle differs from what was imported\nimported %q\nunpacked %q", a, b)
	}
	before := listing(t, out)
	if _, err := Unpack(out, b); err == nil || !strings.Contains(err.Error(), "not overwritten") {
		t.Errorf("unpacking over the folders: %v", err)
	}
	if after := listing(t, out); !reflect.DeepEqual(after, before) {
		t.Errorf("a refused unpack changed the folder")
	}
	file := filepath.Join(t.TempDir(), "skills.zip")
	if saved, err := SaveZip(file, b); err != nil || !slices.Equal(saved, entries) {
		t.Fatalf("save: %v, entries %q, want %q", err, saved, entries)
	}
	if got := zipListing(t, file); !slices.Equal(got, zipListingOf(t, plan.Skills)) {
		t.Errorf("the saved bundle differs from ExportZip's: %q", got)
	}
	if _, err := SaveZip(file, b); err == nil || !strings.Contains(err.Error(), "exists; not overwritten") {
		t.Errorf("saving over a bundle: %v", err)
	}
}

// zipListingOf is zipListing of the bundle ExportZip writes of lib.
func zipListingOf(t *testing.T, lib []*skills.Skill) []string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "export.zip")
	if _, err := ExportZip(file, lib); err != nil {
		t.Fatal(err)
	}
	return zipListing(t, file)
}

// TestUnpackRefusesWhatIsNoSkillFolder: an entry outside a skill folder,
// or one escaping it, refuses the whole bundle before anything is
// written.
func TestUnpackRefusesWhatIsNoSkillFolder(t *testing.T) {
	for _, names := range [][]string{{"SKILL.md"}, {"a/SKILL.md", "a/../../evil.sh"}, {"a/SKILL.md", "/abs/x"}} {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, n := range names {
			w, err := zw.Create(n)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(w, "x\n")
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		if _, err := Unpack(out, buf.Bytes()); err == nil || !strings.Contains(err.Error(), "not a file of a skill folder") {
			t.Errorf("%q: %v", names, err)
		}
		if files := listing(t, out); len(files) != 0 {
			t.Errorf("%q: wrote %q", names, files)
		}
	}
}
