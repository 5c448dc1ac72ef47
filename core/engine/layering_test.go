package engine_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// stages are the pipeline's stage packages under core.
var stages = []string{"acquire", "sanitize", "gate", "analyze", "extract", "wire", "dedup", "merge", "generate", "report"}

// The package documentation promises that stages never import each
// other; this reads every non-test file of every stage (sub-packages
// included) and holds it to that.
func TestStagesDoNotImportEachOther(t *testing.T) {
	const module = "github.com/lore-kb/lore/core/"
	for _, stage := range stages {
		root := filepath.Join("..", stage)
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, spec := range f.Imports {
				imp, _ := strconv.Unquote(spec.Path.Value)
				rest, ok := strings.CutPrefix(imp, module)
				if !ok {
					continue
				}
				other, _, _ := strings.Cut(rest, "/")
				if other != stage && slices.Contains(stages, other) {
					t.Errorf("%s imports %s: stages talk through the engine, not to each other", path, imp)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
