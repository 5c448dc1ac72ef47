package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A chapter read as Windows-1252 was read: the learn says so as a note,
// in its plain output (a note line, no error line), in its JSON (notes,
// not errors) and in its stored report, and keeps errors for what failed.
func TestLegacyEncodingIsANoteNotAnError(t *testing.T) {
	docs := t.TempDir()
	writeDoc(t, docs, "book.tex", "\\documentclass{book}\n\\begin{document}\n\\input{ch2}\n\\end{document}\n")
	writeDoc(t, docs, "ch2.tex", "\\chapter{Groups}\n\\begin{definition}[Group]\nA \x93group\x94 is a set with an associative operation, an identity and inverses.\n\\end{definition}\n")
	note := "ch2.tex: read as Windows-1252: it is not valid UTF-8 (invalid byte 0x93 at offset 45, line 3) and declares no encoding"

	r := loreOK(t, newStoreDir(t), "learn", docs, "--plain")
	var notes, errs []string
	for _, line := range strings.Split(r.stdout+r.stderr, "\n") {
		switch f := strings.Fields(line); {
		case len(f) > 0 && f[0] == "note":
			notes = append(notes, strings.TrimSpace(strings.TrimPrefix(line, "note")))
		case len(f) > 0 && (f[0] == "error" || strings.Contains(line, "read as")):
			errs = append(errs, line)
		}
	}
	if len(notes) != 1 || notes[0] != note || len(errs) != 0 {
		t.Errorf("plain output: notes %q, other lines %q; want one note %q\n%s%s", notes, errs, note, r.stdout, r.stderr)
	}

	dir := newStoreDir(t)
	r = loreOK(t, dir, "learn", docs, "--json")
	var out struct {
		SessionID string   `json:"sessionId"`
		Notes     []string `json:"notes"`
		Errors    []string `json:"errors"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Notes) != 1 || out.Notes[0] != note || len(out.Errors) != 0 {
		t.Errorf("learn --json: notes %q, errors %q; want the note alone", out.Notes, out.Errors)
	}
	r = loreOK(t, dir, "report", out.SessionID, "--json")
	var rep struct {
		Notes  []string `json:"notes"`
		Errors []string `json:"errors"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Notes) != 1 || rep.Notes[0] != note || len(rep.Errors) != 0 {
		t.Errorf("report --json: notes %q, errors %q; want the note alone", rep.Notes, rep.Errors)
	}
	if r = loreOK(t, dir, "report", out.SessionID); !strings.Contains(r.stdout, "## Notes") || strings.Contains(r.stdout, "## Errors") {
		t.Errorf("report: want the note under Notes, no Errors:\n%s", r.stdout)
	}
}

// The files of a book's folder its main file does not include are no
// part of the book: a learn leaves them out and names them in a note (its
// JSON's notes too), and learns them, each a document of its own, with
// --all-files; lore analyze does the same.
func TestLearnLeavesOutWhatTheBookDoesNotInclude(t *testing.T) {
	docs := t.TempDir()
	for _, sub := range []string{"chapters", "drafts"} {
		if err := os.Mkdir(filepath.Join(docs, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeDoc(t, docs, "book.tex", "\\documentclass{book}\n\\usepackage{import}\n\\begin{document}\n\\import{chapters/}{groups}\n\\end{document}\n")
	writeDoc(t, docs, "chapters/groups.tex", "\\chapter{Groups}\n\\begin{definition}[Group]\nA group is a set with an associative operation, an identity and inverses.\n\\end{definition}\n")
	writeDoc(t, docs, "drafts/rings.tex", "\\chapter{Rings}\n\\begin{definition}[Ring]\nA ring is an abelian group with an associative multiplication distributing over addition.\n\\end{definition}\n")
	note := "book.tex: does not include 1 file of its folder, not learned as no part of the book (--all-files learns them): drafts/rings.tex"

	type learned struct {
		Notes      []string `json:"notes"`
		Primitives []struct {
			Name string `json:"name"`
		} `json:"primitives"`
	}
	learn := func(args ...string) learned {
		t.Helper()
		r := loreOK(t, newStoreDir(t), append([]string{"learn", docs, "--json"}, args...)...)
		var out learned
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	names := func(l learned) string {
		var n []string
		for _, p := range l.Primitives {
			n = append(n, p.Name)
		}
		return strings.Join(n, ", ")
	}
	if out := learn(); len(out.Notes) != 1 || out.Notes[0] != note || names(out) != "Group" {
		t.Errorf("learn --json: notes %q, primitives %q; want the note and the group alone", out.Notes, names(out))
	}
	if out := learn("--all-files"); len(out.Notes) != 0 || !strings.Contains(names(out), "Group") || !strings.Contains(names(out), "Ring") {
		t.Errorf("learn --all-files --json: notes %q, primitives %q; want no note, the group and the ring", out.Notes, names(out))
	}
	for _, c := range []struct {
		args []string
		want int
	}{{nil, 1}, {[]string{"--all-files"}, 2}} {
		r := loreOK(t, newStoreDir(t), append([]string{"analyze", docs, "--json"}, c.args...)...)
		var out struct {
			Documents []struct {
				Path string `json:"path"`
			} `json:"documents"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatal(err)
		}
		if len(out.Documents) != c.want {
			t.Errorf("analyze %q: documents %+v, want %d", c.args, out.Documents, c.want)
		}
	}
}
