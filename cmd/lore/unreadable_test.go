package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder whose every file is unreadable names the files it skipped,
// each with its reason: the first five, and how many more.
func TestUnreadableFolderNamesEverySkippedFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "exports")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"empty.tex": nil}
	for i := 1; i <= 6; i++ {
		files[fmt.Sprintf("dump%d.md", i)] = []byte(fmt.Sprintf("\x00\x01core dump %d\x00", i))
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := lore(t, []string{"LORE_DATA_DIR=" + filepath.Join(t.TempDir(), "store")}, "learn", dir, "--approve", "--plain")
	if r.code != 1 {
		t.Errorf("exit code = %d, want 1", r.code)
	}
	msg := strings.TrimSpace(r.stderr)
	if strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "7 skipped") {
		t.Fatalf("stderr = %q, want one line saying 7 skipped", r.stderr)
	}
	for _, want := range []string{"dump1.md: binary content", "dump2.md: binary content", "dump3.md: binary content",
		"dump4.md: binary content", "dump5.md: binary content", "and 2 more"} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr = %q, want it to say %q", msg, want)
		}
	}
}
