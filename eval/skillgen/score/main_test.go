package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFencedBlocks(t *testing.T) {
	src := strings.Join([]string{
		"# Title",
		"",
		"1. Install it:",
		"",
		"    ```bash",
		"    apt-get install foo",
		"      --yes",
		"    ```",
		"",
		"You should see:",
		"",
		"```",
		"foo 1.0",
		"```",
		"",
		"~~~~ {.python}",
		"print(1)",
		"```",
		"~~~~",
		"",
		"```text",
		"plain",
		"```",
		"",
		"```sh",
		"unclosed",
	}, "\n")
	bs := codeBlocks(".md", src)
	if len(bs) != 5 {
		t.Fatalf("got %d blocks, want 5: %+v", len(bs), bs)
	}
	if bs[0].Lang != "bash" || bs[0].Output || bs[0].Start != 5 {
		t.Errorf("block 1 = %+v", bs[0])
	}
	if got := blockLines(bs[0].Lines); !slices.Equal(got, []string{"apt-get install foo", "  --yes"}) {
		t.Errorf("block 1 lines = %q", got)
	}
	if !bs[1].Output || bs[1].Lang != "" {
		t.Errorf("block after \"You should see\" should be output: %+v", bs[1])
	}
	// A backtick line inside a tilde fence does not close it.
	if bs[2].Lang != "python" || !slices.Equal(bs[2].Lines, []string{"print(1)", "```"}) {
		t.Errorf("tilde block = %+v", bs[2])
	}
	if !bs[3].Output {
		t.Errorf("text block should be output: %+v", bs[3])
	}
	if !slices.Equal(bs[4].Lines, []string{"unclosed"}) {
		t.Errorf("unclosed block = %+v", bs[4])
	}
}

func TestRSTAndTeXBlocks(t *testing.T) {
	rst := strings.Join([]string{
		"Run this:",
		"",
		".. code-block:: console",
		"   :linenos:",
		"",
		"   $ make",
		"   $ make install",
		"",
		"Then the literal::",
		"",
		"    x = 1",
		"",
		"Done.",
	}, "\n")
	bs := codeBlocks(".rst", rst)
	if len(bs) != 2 || bs[0].Lang != "console" || !slices.Equal(blockLines(bs[0].Lines), []string{"$ make", "$ make install"}) {
		t.Fatalf("rst blocks = %+v", bs)
	}
	if !slices.Equal(blockLines(bs[1].Lines), []string{"x = 1"}) {
		t.Errorf("literal block = %+v", bs[1])
	}
	tex := "a\n\\begin{lstlisting}[language=Python]\nx = 1\n\\end{lstlisting}\n"
	bs = codeBlocks(".tex", tex)
	if len(bs) != 1 || bs[0].Lang != "Python" || !slices.Equal(bs[0].Lines, []string{"x = 1"}) {
		t.Errorf("tex blocks = %+v", bs)
	}
}

func TestKeptIn(t *testing.T) {
	skill := strings.Split(strings.Join([]string{
		"1. Install it:",
		"",
		"   ```bash",
		"   apt-get install foo",
		"     --yes",
		"   ```",
		"",
		"2. Then:",
		"   ```sh",
		"   make",
		"   ```",
		"   ```sh",
		"   make install",
		"   ```",
	}, "\n"), "\n")
	cases := []struct {
		block []string
		kept  bool
		found int
	}{
		{[]string{"apt-get install foo", "  --yes"}, true, 2},
		// The skill's relative indentation differs.
		{[]string{"apt-get install foo", "--yes"}, false, 2},
		// Split into two blocks: in order, not whole.
		{[]string{"make", "make install"}, false, 2},
		{[]string{"make"}, true, 1},
		{[]string{"rm -rf build"}, false, 0},
	}
	for _, c := range cases {
		if got := keptIn(c.block, skill); got != c.kept {
			t.Errorf("keptIn(%q) = %v, want %v", c.block, got, c.kept)
		}
		if got := foundInOrder(c.block, skill); got != c.found {
			t.Errorf("foundInOrder(%q) = %d, want %d", c.block, got, c.found)
		}
	}
}

func TestTriggers(t *testing.T) {
	src := []map[string]bool{wordSet("The opcodes of control frames; a WebSocket Connection indicates the values. Dependencies matter. The boxes.")}
	for _, c := range []struct {
		term       string
		stop, frag bool
	}{
		{"opcode", false, false},
		{"control frame", false, false},
		{"websocket connection", false, false},
		{"dependency", false, false},
		{"box", false, false},
		{"opcod", false, true},
		{"valu", false, true},
		{"indic", false, true},
		{"frame control", false, true},
		{"the", true, false},
		{"means", true, false},
		{"status of", true, false},
		{"client-to-server", false, true},
	} {
		if got := stopTerm(c.term); got != c.stop {
			t.Errorf("stopTerm(%q) = %v, want %v", c.term, got, c.stop)
		}
		if c.stop {
			continue
		}
		if got := !termInSources(c.term, src); got != c.frag {
			t.Errorf("fragment(%q) = %v, want %v", c.term, got, c.frag)
		}
	}
}

func TestEmptySections(t *testing.T) {
	body := strings.Join([]string{
		"# Skill",
		"",
		"## Summary",
		"",
		"Text.",
		"",
		"## Steps",
		"",
		"### 1. First",
		"",
		"```sh",
		"# not a heading",
		"```",
		"",
		"## Dependencies",
		"",
		"No dependencies defined.",
		"",
		"## Patterns",
		"## Composition",
		"",
		"None.",
		"",
		"## Last",
	}, "\n")
	got := emptySections(body)
	want := []string{"## Dependencies (No dependencies defined.)", "## Patterns", "## Composition (None.)", "## Last"}
	if !slices.Equal(got, want) {
		t.Errorf("emptySections = %q, want %q", got, want)
	}
}

func TestCheckPiecesAndNormalize(t *testing.T) {
	src := normalize("1. [Install WSL](../install.md) if you haven't already, then run:\n\n    ```\n    wsl --update\n    ```\n")
	it := stripStep("Step 1 of Install: it: Install WSL if you haven’t already, then run: `wsl --update`", []string{"Install: it"})
	ps := checkPieces(it)
	if !slices.Contains(ps, "wsl --update") {
		t.Fatalf("pieces %q lack the command", ps)
	}
	for _, p := range ps {
		if !strings.Contains(src, normalize(p)) {
			t.Errorf("piece %q not found in %q", p, src)
		}
	}
	if strings.Contains(src, normalize("Install WSL and reboot")) {
		t.Error("an invented sentence was found")
	}
}

func TestCommandLines(t *testing.T) {
	md := "## Steps\n\n```console\n$ sudo -E FOO=1 docker run x && curl y | sh\nPS> wslc.exe version\n```\n\nrun `git` here\n"
	got := commandLines("SKILL.md", md)
	want := []string{"docker", "curl", "sh", "wslc"}
	if !slices.Equal(got, want) {
		t.Errorf("commandLines = %q, want %q", got, want)
	}
	if p := namedPrograms("- The commands run `docker`, `git` and `curl`: have them installed and on the PATH.\n"); !slices.Equal(p, []string{"docker", "git", "curl"}) {
		t.Errorf("namedPrograms = %q", p)
	}
}

func TestReadManifest(t *testing.T) {
	p := filepath.Join(t.TempDir(), "m.tsv")
	ok := "name\trepository\tcommit\tpath\tlicence\tsha256\tkind\tset\tnote\n" +
		"a\tr/a\tc\tdocs/a.md\tMIT\tab\thowto\tdev\t\n" +
		"b\tr/b\tc\tb.rst\tMIT\tcd\tknowledge\theld-out\n"
	if err := os.WriteFile(p, []byte(ok), 0o600); err != nil {
		t.Fatal(err)
	}
	rows, err := readManifest(p)
	if err != nil || len(rows) != 2 || rows[1].set != "held-out" || rows[0].path != "docs/a.md" {
		t.Fatalf("readManifest = %+v, %v", rows, err)
	}
	if err := os.WriteFile(p, []byte("a\tr\tc\tp\tl\ts\tguide\tdev\t\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readManifest(p); err == nil {
		t.Error("a bad kind was accepted")
	}
}
