package sanitize

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// TestLocation: line and column are 1-based, columns count runes (so
// multi-byte letters before the match count once), Offset is in bytes.
func TestLocation(t *testing.T) {
	txt := "première ligne\nÇa dit: naïve ünïcode → <script>x()</script>\n"
	fs := ScanText("f.md", txt, core.FormatMarkdown, core.Home)
	if len(fs) != 1 {
		t.Fatalf("want one finding;%s", dump(fs))
	}
	f := fs[0]
	off := strings.Index(txt, "<script>")
	col := utf8.RuneCountInString("Ça dit: naïve ünïcode → ") + 1
	if f.Offset != off || f.Location != "f.md:2:"+strconv.Itoa(col) || f.File != "f.md" {
		t.Errorf("got offset %d location %s, want %d f.md:2:%d", f.Offset, f.Location, off, col)
	}
	// Several findings on one line and across lines.
	txt = "ab\u200bc\u200bd\n\n\nxyz \u202e end"
	fs = scan(txt, core.Stranger)
	var locs []string
	for _, f := range fs {
		locs = append(locs, f.Location)
	}
	want := "doc.md:1:3 doc.md:1:5 doc.md:4:5"
	if got := strings.Join(locs, " "); got != want {
		t.Errorf("locations %q, want %q", got, want)
	}
}

// TestEvidence: the match with about 40 characters each side, on one line,
// invisible characters spelled out, long matches cut in the middle.
func TestEvidence(t *testing.T) {
	pre := strings.Repeat("é", 60)
	txt := pre + "\nline two has <script>x()</script> and then\na third line with more words after it"
	fs := scan(txt, core.Home)
	if len(fs) != 1 {
		t.Fatalf("want one finding;%s", dump(fs))
	}
	ev := fs[0].Evidence
	if strings.Contains(ev, "\n") {
		t.Errorf("evidence spans lines: %q", ev)
	}
	// The match is the opening tag; 40 runes of context on each side.
	want := "…" + strings.Repeat("é", 26) + "⏎line two has <script>x()</script> and then⏎a third line with …"
	if ev != want {
		t.Errorf("evidence\n got %q\nwant %q", ev, want)
	}
	blob := randomB64(3000, 5)
	fs = scan("k "+blob+" end", core.Stranger)
	if len(fs) != 1 {
		t.Fatalf("want one blob finding;%s", dump(fs))
	}
	if n := utf8.RuneCountInString(fs[0].Evidence); n > 2*contextRunes+matchRunes+4 {
		t.Errorf("evidence of a 4000-char blob is %d runes long", n)
	}
	if !strings.Contains(fs[0].Evidence, "…") || !strings.HasPrefix(fs[0].Evidence, "k "+blob[:matchHead]) {
		t.Errorf("blob evidence not cut sanely: %q", fs[0].Evidence)
	}
	fs = scan("x\x1b[2J\u202ey", core.Stranger)
	for _, f := range fs {
		if !strings.Contains(f.Evidence, "⟨U+001B⟩") || !strings.Contains(f.Evidence, "⟨U+202E⟩") {
			t.Errorf("hidden characters not rendered: %q", f.Evidence)
		}
	}
}

// TestFindingFields: every finding is complete.
func TestFindingFields(t *testing.T) {
	for _, c := range append(attackSet(), benignSet()...) {
		for _, f := range ScanText(c.name, c.text, c.format, core.Stranger) {
			if f.File != c.name || f.Category == "" || f.Severity == "" || f.Description == "" || f.Evidence == "" ||
				f.Recommendation == "" || !strings.HasPrefix(f.Location, c.name+":") || f.Offset < 0 || f.Offset > len(c.text) {
				t.Errorf("%s: incomplete finding %+v", c.name, f)
			}
			if catIndex(f.Category) == len(core.Categories) {
				t.Errorf("%s: unknown category %q", c.name, f.Category)
			}
		}
	}
}
