package main

import (
	"encoding/json"
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
