package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// specFencedFigures is a specification written in kramdown-rfc Markdown
// (written for this test): its drawings sit in fenced blocks, tagged or
// not, captioned by the attribute list after (or over) them.
const specFencedFigures = `# Introduction

This document describes the Lantern beacon protocol.  The key words MUST and
SHOULD are to be interpreted as described in RFC 2119.

# Hush Instruction

A relay silences its listeners with an instruction that starts with the '01'
2-bit pattern, followed by the count of beacons to skip.

~~~~~~~~~~ ascii-art
  0   1   2   3   4   5   6   7
+---+---+---+---+---+---+---+---+
| 0 | 1 |     Skip Count (6+)   |
+---+---+-----------------------+
~~~~~~~~~~
{:#fig-hush title="Hush Instruction"}

A relay MUST NOT send a skip count of zero.

# Relaying

Relays pass every beacon on.  A listener MUST acknowledge each one.

A relay passes beacons on with the following three-message flow:

~~~ aasvg
+---------+                      +----------+
|  Relay  |                      | Listener |
+---------+                      +----------+
     |          beacon                 |
     |-------------------------------->|
     |          acknowledgment         |
     |<--------------------------------|
~~~
{: title="Flow of a beacon relay"}

# Pieces

A long beacon is cut into pieces, each carrying its place in the beacon.

{: #fig-piece title="Piece Layout"}
~~~
+--------+--------+----------------+
|  Kind  |  Place |  Piece Data    |
+--------+--------+----------------+
~~~

Each piece MUST carry its place in the beacon.

~~~
+ this line opens with a plus
| and this with a bar, but it is no drawing
~~~

~~~ pseudocode
+---+---+
| a | b |
+---+---+
~~~
`

// A Markdown specification's fenced drawings were skipped with every
// other fenced block: none was a figure, its caption (the attribute
// list's title) named nothing, and read as text a fence line went into
// the drawing. Each is now the figure a published RFC shows, its caption
// under it, its fence lines out of it.
func TestSpecFencedFiguresReadAsFigures(t *testing.T) {
	ps := Extract(analyzed(specFencedFigures, core.FormatMarkdown, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	want := map[string][]string{
		"Hush Instruction": {"| 0 | 1 |     Skip Count (6+)   |", "Figure: Hush Instruction"},
		"Relaying":         {"|  Relay  |", "|-------------------------------->|", "Figure: Flow of a beacon relay"},
		"Pieces":           {"|  Kind  |  Place |  Piece Data    |", "Figure: Piece Layout"},
	}
	for name, form := range want {
		p, ok := by[name]
		if !ok {
			t.Errorf("no primitive %q", name)
			continue
		}
		for _, s := range form {
			if !strings.Contains(p.ComputationalForm, s) {
				t.Errorf("%s: form lacks %q:\n%s", name, s, p.ComputationalForm)
			}
		}
	}
	if p := by["Relaying"]; !strings.Contains(p.FormalStatement, "three-message flow") {
		t.Errorf("the flow is stated by %q, not the paragraph introducing it", p.FormalStatement)
	}
	for _, p := range ps {
		f := p.FormalStatement + "\n" + p.ComputationalForm
		for _, bad := range []string{"~~~", "ascii-art", "aasvg", "{:", "no drawing", "| a | b |"} {
			if strings.Contains(f, bad) {
				t.Errorf("%q holds %q:\n%s", p.Name, bad, f)
			}
		}
	}
}

func TestSpecFenceAndAttributeLines(t *testing.T) {
	for _, c := range []struct{ line, run, tag string }{
		{"~~~~~~~~~~ ascii-art", "~~~~~~~~~~", "ascii-art"},
		{"~~~~~~~~~~  ascii-art", "~~~~~~~~~~", "ascii-art"},
		{"```", "```", ""},
		{"``` {.goat}", "```", "goat"},
		{"~~", "", ""},
	} {
		run, tag, ok := specFenceOpen(c.line)
		if run != c.run || tag != c.tag || ok != (c.run != "") {
			t.Errorf("specFenceOpen(%q) = %q, %q, %v", c.line, run, tag, ok)
		}
	}
	if specFenceCloses("~~~~~", "~~~~~~~~~~") || !specFenceCloses("~~~~~~~~~~~", "~~~~~~~~~~") || specFenceCloses("~~~ pseudocode", "~~~") {
		t.Error("a fence is closed by a run of its character as long as its opening, with nothing after")
	}
	for line, want := range map[string][2]string{
		`{:#fig-set-capacity title="Set Dynamic Table Capacity"}`: {"fig-set-capacity", "Set Dynamic Table Capacity"},
		`{: title="Insert Field Line -- Indexed Name"}`:           {"", "Insert Field Line -- Indexed Name"},
		`{: #x .c title='A "quoted" one'}`:                        {"x", `A "quoted" one`},
		`{:numbered="false"}`:                                     {"", ""},
	} {
		a, ti, ok := specIAL(line)
		if !ok || a != want[0] || ti != want[1] {
			t.Errorf("specIAL(%q) = %q, %q, %v", line, a, ti, ok)
		}
	}
	if _, _, ok := specIAL("{x: 1}"); ok {
		t.Error("a brace that opens no attribute list read as one")
	}
}
