package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestForwardedPathsAreTheClients: a command the owner runs reads and
// writes the paths the person typed relative to their own folder, not the
// owner's: every argument and flag that names a file or folder is made
// absolute before it is sent.
func TestForwardedPathsAreTheClients(t *testing.T) {
	cwd := t.TempDir()
	for _, d := range []string{"proj", "runs"} {
		if err := os.Mkdir(filepath.Join(cwd, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(cwd, "book.md"), []byte("# Book\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := func(p string) string { return filepath.Join(cwd, p) }
	for _, tc := range []struct{ args, want []string }{
		{[]string{"watch", "proj", "--once"}, []string{"watch", in("proj"), "--once"}},
		{[]string{"watch", ".", "--once"}, []string{"watch", cwd, "--once"}},
		{[]string{"store", "backup", "b1.bak"}, []string{"store", "backup", in("b1.bak")}},
		{[]string{"learn", "book.md", "--output-dir", "out"}, []string{"learn", in("book.md"), "--output-dir", in("out")}},
		// A source that is not a file here may be a repository shorthand.
		{[]string{"learn", "owner/repo"}, []string{"learn", "owner/repo"}},
		{[]string{"skills", "export", "runs/x.zip"}, []string{"skills", "export", in("runs/x.zip")}},
		// A skill name is not a path.
		{[]string{"skills", "show", "book.md"}, []string{"skills", "show", "book.md"}},
	} {
		probe := &app{stdin: os.Stdin, stdout: io.Discard, stderr: io.Discard}
		root := probe.rootCmd(tc.args...)
		cmd, rest, err := root.Find(tc.args)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if err := cmd.ParseFlags(rest); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if got := absolutePaths(cmd, tc.args, cwd); !slices.Equal(got, tc.want) {
			t.Errorf("%v\n got %v\nwant %v", tc.args, got, tc.want)
		}
	}
}
