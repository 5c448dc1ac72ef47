package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The README's layout lists every package of the module, one line each,
// and nothing that is not one: a package added or removed without the
// README saying so fails here.
func TestReadmeLayoutListsEveryPackage(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no Layout section")
	}
	_, block, _ := strings.Cut(section, "```\n")
	block, _, _ = strings.Cut(block, "```")
	var listed []string
	for _, line := range strings.Split(block, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			listed = append(listed, f[0])
		}
	}
	var packages []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); !slices.Contains(packages, rel) {
			packages = append(packages, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range packages {
		if !slices.Contains(listed, p) {
			t.Errorf("package %s is missing from the README's layout", p)
		}
	}
	for _, l := range listed {
		if !slices.Contains(packages, l) {
			t.Errorf("the README's layout lists %s, which is not a package", l)
		}
	}
}
