package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/tui/learnform"
)

// What a run could not read as written (here a page nested far deeper
// than blocks are kept) is said on the Learn screen where the run was
// watched, not only in its report.
func TestLearnScreenShowsTheRunsNotes(t *testing.T) {
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	page := "<html><body><h1>Groups</h1><div class=\"definition\"><p><b>Definition 1.</b> A group is a set with an associative operation, an identity and inverses.</p></div>" +
		strings.Repeat("<div>", 2000) + "<p>Deep text.</p>" + strings.Repeat("</div>", 2000) + "</body></html>"
	doc := filepath.Join(t.TempDir(), "deep.html")
	if err := os.WriteFile(doc, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	req := learnform.Request{Source: doc, Depth: core.Standard, Tier: core.Home, Policy: gate.Policy{Approve: true}}
	tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test",
		Learn: engine.LearnOptions{Domains: ds}, Start: req, Dark: true})
	waitScreen(t, tm, "note: deep.html: the page nests elements")
	// Read whole: the note goes on below rather than being cut.
	waitScreen(t, tm, "are read as plain text")
}

// What a run could not read at all is an error on the Learn screen, not
// a note: a note says a document was read otherwise than as written.
func TestLearnScreenSaysErrorsAsErrors(t *testing.T) {
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	dir := t.TempDir()
	good := "# Groups\n\n**Definition 1 (Group).** A group is a set with an associative operation, an identity and inverses.\n"
	if err := os.WriteFile(filepath.Join(dir, "groups.md"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.pdf"), []byte("%PDF-1.4\nnot a PDF past its header\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	req := learnform.Request{Source: dir, Depth: core.Standard, Tier: core.Home, Policy: gate.Policy{Approve: true}}
	tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test",
		Learn: engine.LearnOptions{Domains: ds}, Start: req, Dark: true})
	waitScreen(t, tm, "error: "+filepath.Join(dir, "broken.pdf")+": corrupt PDF")
}
