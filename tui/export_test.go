package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// x on the Graph screen writes the DOT file under the export folder lore
// was given (the data folder's exports/, made if missing), never into the
// folder lore was started in, and says where: the full path when it fits,
// and however long the folder and narrow the terminal, the file's name.
func TestGraphExportSaysWhereItWrote(t *testing.T) {
	st, learned, opts := learnedStore(t)
	base := t.TempDir()
	dir := filepath.Join(base, "a-rather-long-folder-name", "and-another-one-inside-it", "exports")
	work := filepath.Join(base, "sources")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	for _, w := range []int{200, 80, 60} {
		m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: "lore-test", Learn: opts, Dark: true, ExportDir: dir})
		m, _ = send(m, tea.WindowSizeMsg{Width: w, Height: 24})
		m, cmd := send(m, keyPress("4"))
		m = settle(t, m, cmd)
		before, _ := filepath.Glob(filepath.Join(dir, "*.dot"))
		m, cmd = send(m, keyPress("x"))
		m = settle(t, m, cmd)
		after, _ := filepath.Glob(filepath.Join(dir, "*.dot"))
		if len(after) != len(before)+1 {
			t.Fatalf("%d columns: %d files before the export, %d after", w, len(before), len(after))
		}
		var path string
		for _, p := range after {
			if !strings.Contains(strings.Join(before, "\n"), p) {
				path = p
			}
		}
		data, err := os.ReadFile(path)
		if err != nil || !strings.HasPrefix(string(data), "digraph") || !strings.Contains(string(data), learned.Primitives[0].ID) {
			t.Fatalf("%d columns: the export %s: %v\n%.200s", w, path, err, data)
		}
		lines := strings.Split(ansi.Strip(m.View().Content), "\n")
		notice := lines[len(lines)-1]
		if !strings.Contains(notice, "exported") || !strings.Contains(notice, filepath.Base(path)) {
			t.Errorf("%d columns: the notice does not name the file %s: %q", w, filepath.Base(path), notice)
		}
		if full := strings.Contains(notice, path); full != (w >= 200) {
			t.Errorf("%d columns: the notice gives the full path %v: %q", w, full, notice)
		}
		if dropped, _ := os.ReadDir(work); len(dropped) != 0 {
			t.Fatalf("%d columns: the export wrote into the working folder: %v", w, dropped)
		}
		// Files named by the second: the next width's export must not
		// collide with this one.
		if err := os.Rename(path, path+".seen"); err != nil {
			t.Fatal(err)
		}
	}
}
