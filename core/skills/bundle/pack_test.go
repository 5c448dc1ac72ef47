package bundle

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestPackIsWhatImportReads: a folder packed here and imported as a
// bundle elsewhere gives the records an import of the folder gives, once
// the bundle's name stands for the folder's; a file over the bounds is
// left out and said, as the folder's import skips it.
func TestPackIsWhatImportReads(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, skillTree())
	writeTree(t, src, map[string]treeFile{"notes/SKILL.md": {"---\nname: notes\ndescription: Tidy notes.\n---\nAdd headings.\n", 0o644}})
	big := filepath.Join(src, "huge", "SKILL.md")
	writeTree(t, src, map[string]treeFile{"huge/SKILL.md": {"---\nname: huge\ndescription: Too big.\n---\n" + strings.Repeat("x", DefaultMaxFileBytes+1), 0o644}})

	p, err := Pack(src)
	if err != nil {
		t.Fatal(err)
	}
	if p.Discovered != 3 || len(p.Skipped) != 1 || p.Skipped[0].Path != big {
		t.Fatalf("packed %d skills, skipped %+v", p.Discovered, p.Skipped)
	}
	file := filepath.Join(t.TempDir(), "sent.zip")
	if err := os.WriteFile(file, p.Zip, 0o600); err != nil {
		t.Fatal(err)
	}
	sent, err := Import(file, ImportOptions{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	here, err := Import(src, ImportOptions{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	prefix := file + "!" + filepath.Base(src)
	if len(sent.Skills) != 2 || len(here.Skills) != 2 {
		t.Fatalf("imported %d sent, %d here", len(sent.Skills), len(here.Skills))
	}
	for i, s := range sent.Skills {
		h := here.Skills[i]
		if s.Key != h.Key || !reflect.DeepEqual(s.Content, h.Content) || strings.Replace(s.Provenance.Document, prefix, src, 1) != h.Provenance.Document ||
			strings.Replace(s.Lineage.Origin, prefix, src, 1) != h.Lineage.Origin {
			t.Errorf("%s sent differs from %s here:\n%+v\n%+v", s.Key, h.Key, s, h)
		}
	}
}
