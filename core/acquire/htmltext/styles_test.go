package htmltext

import (
	"strings"
	"testing"
	"time"
)

// A class is bold or italic when a rule whose subject it is says so; rules
// that hold only sometimes (an attribute, a pseudo-class) or whose
// subject is another element do not count, and a later rule can undo an
// earlier one.
func TestParseStyles(t *testing.T) {
	sheet := `.calibre5 { font-weight: bold; margin: 0 }
span.it, .em2 { font-style: italic }
p .lbl { font-weight: 700 !important }
.c7 > .inner { font-weight: bold }
.hov:hover { font-weight: bold }
a[href] .x { font-style: italic }
.thin { font-weight: 300 }
.undo { font-weight: bold } .undo { font-weight: normal }
@media screen { .scr { font-weight: bolder } }
.both { font-style: italic; font-weight: 600 }
div.c7 .c8 { font-size: 2em }`
	got := ParseStyles(sheet, nil)
	want := Styles{"calibre5": "b", "it": "i", "em2": "i", "lbl": "b", "inner": "b", "x": "i", "scr": "b", "both": "b"}
	if len(got) != len(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for c, e := range want {
		if got[c] != e {
			t.Errorf("%s: got %q, want %q", c, got[c], e)
		}
	}
	if e := got.Emphasis("x calibre5", "span"); e != "b" {
		t.Errorf("Emphasis = %q", e)
	}
	if e := got.Emphasis("cmti-12", "span"); e != "i" {
		t.Errorf("Emphasis by font class = %q", e)
	}
}

// A page's own <style> sets its classes: a label in a class the page
// makes bold is a run-in label, however hostile its style sheet.
func TestInlineStyleMakesLabel(t *testing.T) {
	page := `<html><head><style>.c1{font-weight:bold}.c2{font-style:italic}</style></head><body>` +
		`<p><span class="c1">Theorem 2.1.</span> <span class="c2">Every group is a set.</span></p></body></html>`
	if got := Text(page); !strings.Contains(got, "**Theorem 2.1.** Every group is a set.") {
		t.Errorf("text:\n%s", got)
	}
	huge := "<style>" + strings.Repeat(".a{font-weight:bold}", 1<<16) + strings.Repeat("{", 1<<20) + "</style><p>x</p>"
	start := time.Now()
	_ = Text(huge)
	t.Logf("1 MiB hostile style sheet read in %v", time.Since(start))
}
