package sanitize

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
)

func formatOf(name string) (core.Format, bool) {
	switch filepath.Ext(name) {
	case ".md":
		return core.FormatMarkdown, true
	case ".txt":
		return core.FormatText, true
	case ".tex":
		return core.FormatLaTeX, true
	case ".ptx":
		return core.FormatPreTeXt, true
	}
	return "", false
}

// corpusDocs reads every text document of the corpus the way the acquirer
// hands them on: BOM removed, line endings normalized.
func corpusDocs(tb testing.TB) []core.Document {
	dir := corpus.Dir(tb)
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var docs []core.Document
	for _, e := range entries {
		f, ok := formatOf(e.Name())
		if !ok || e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		txt := strings.TrimPrefix(string(b), "\uFEFF")
		txt = strings.ReplaceAll(strings.ReplaceAll(txt, "\r\n", "\n"), "\r", "\n")
		docs = append(docs, core.Document{Name: e.Name(), Path: filepath.Join(dir, e.Name()), Format: f, Text: txt, Familiarity: core.Stranger})
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].Name < docs[j].Name })
	if len(docs) == 0 {
		tb.Skip("no text documents in the corpus")
	}
	return docs
}

// TestCorpusNoCritical scans every text document of the corpus as a
// STRANGER source: real documents must raise no critical finding. Every
// finding is logged so that the remaining warnings can be judged.
func TestCorpusNoCritical(t *testing.T) {
	for _, d := range corpusDocs(t) {
		t.Run(d.Name, func(t *testing.T) {
			fs := ScanText(d.Name, d.Text, d.Format, core.Stranger)
			for _, f := range fs {
				t.Logf("%-8s %-22s %s  %s  | %s", f.Severity, f.Category, f.Location, f.Description, f.Evidence)
				if f.Severity == core.Critical {
					t.Errorf("critical finding in a benign document: %s %s", f.Location, f.Description)
				}
			}
			t.Logf("%d finding(s)", len(fs))
		})
	}
}

// TestCorpusHome: the same documents as a local (HOME) source raise
// nothing but notes of the credentials they print (RFC 7235's Basic
// example), so the gate can auto-approve them.
func TestCorpusHome(t *testing.T) {
	docs := corpusDocs(t)
	for i := range docs {
		docs[i].Familiarity = core.Home
	}
	r := scanDocs(docs, core.Home)
	for _, f := range r.Findings {
		if f.Category == core.Secret && f.Severity == core.Info {
			t.Logf("%s %s %s %s | %s", f.Severity, f.Category, f.Location, f.Description, f.Evidence)
			continue
		}
		t.Errorf("%s %s %s %s", f.Severity, f.Category, f.Location, f.Description)
	}
	if !r.Passed || r.Tier != core.Home {
		t.Errorf("corpus as HOME: passed=%v tier=%s (%s)", r.Passed, r.Tier, Summary(r))
	}
}
