package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// specLayouts is a specification in RFC layout whose figures and
// sentences are read as a reader reads them (written for this test): a
// caption naming the section's concept, a sentence saying how its
// subject is laid out, examples quoted in a list, a requirement that is
// a quoted phrase's whole sentence, and a registry's table.
const specLayouts = `Request for Comments: 9998

1.  Introduction

   This document describes the Ember signalling protocol.  The key
   words MUST and SHOULD are to be interpreted as described in RFC 2119.

2.  Message Format

   Ember messages are short datagrams sent between two lamps over UDP.

   Following the header comes the payload, which takes up the rest of
   the datagram.

    0                   1
    0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5
   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
   |  Ver  | Glow  |    Lamp ID    |
   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+

                   Figure 1: Message Format

3.  Signalling

   A Flicker Option is formatted as follows:

      +-+-+-+-+-+-+-+-+
      |       7       |
      +-+-+-+-+-+-+-+-+

   A lamp relays the signals of its neighbours (such as "wall switch",
   "door sensor" or "smoke alarm") unchanged.

   All Ember messages MUST be sent as "glow frames".

4.  IANA Considerations

4.1.  Ember Codes

   Initial entries in this sub-registry are as follows:

                       +------+--------+-----------+
                       | Code | Name   | Reference |
                       +------+--------+-----------+
                       | 0.01 | ON     | [RFC9998] |
                       | 0.02 | OFF    | [RFC9998] |
                       +------+--------+-----------+

                        Table 1: Ember Codes
`

func TestSpecLayoutsKeptWhole(t *testing.T) {
	ps := Extract(analyzed(specLayouts, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	// the caption names the section's concept: the figure draws it, and
	// no second primitive is made of it
	if p, ok := by["Message Format"]; !ok || !strings.Contains(p.ComputationalForm, "|  Ver  | Glow  |    Lamp ID    |") {
		t.Errorf("Message Format does not draw its figure: %+v", p)
	}
	// the sentence says what the figure under it lays out
	if p, ok := by["Flicker Option"]; !ok || !strings.Contains(p.ComputationalForm, "|       7       |") {
		t.Errorf("no Flicker Option drawn by its figure: %+v", p)
	}
	// examples are no terms
	for _, n := range []string{"wall switch", "door sensor", "smoke alarm"} {
		if _, ok := by[n]; ok {
			t.Errorf("the example %q made a term", n)
		}
	}
	// the quoted phrase keeps its sentence; the requirement is it
	n := 0
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, `MUST be sent as "glow frames"`) {
			n++
		}
	}
	if _, ok := by["glow frames"]; !ok || n != 1 {
		t.Errorf("the sentence of \"glow frames\" stated %d times, want once, by the term", n)
	}
	// the registry's table, each row an entry
	p, ok := by["Ember Codes"]
	if !ok || !strings.Contains(p.FormalStatement, "(1) 0.01: Name: ON; Reference: [RFC9998] (2) 0.02: Name: OFF") ||
		!strings.Contains(p.ComputationalForm, "| 0.02 | OFF    | [RFC9998] |") {
		t.Errorf("the registry's table not kept whole: %+v", p)
	}
}

// A quoted phrase in a list of examples is known by the words that open
// the list, however many phrases stand before it.
func TestSpecQuotedExample(t *testing.T) {
	for before, want := range map[string]bool{
		`actuators (such as `:                         true,
		`actuators (such as "unlock door", `:          true,
		`as in "hop-by-hop encryption" or `:           true,
		`e.g., "a", "b", and `:                        true,
		`it is referred to as the `:                   false,
		`the phrases "terminate the connection" and `: false,
	} {
		if got := specQuotedExample(before); got != want {
			t.Errorf("specQuotedExample(%q) = %v, want %v", before, got, want)
		}
	}
}

// Two terms quoted in one sentence are each stated by their own clause
// where the sentence sets them apart, and by the sentence where it does
// not.
func TestSpecPhraseClause(t *testing.T) {
	s := `The relay must tell the user to go into "urgent mode"; when the pointer is passed, the relay must tell the user to go into "normal mode".`
	if got := specPhraseClause(s, "normal mode"); got != `when the pointer is passed, the relay must tell the user to go into "normal mode".` {
		t.Errorf("normal mode stated by %q", got)
	}
	s = `Notation: "=<" means "less than or equal", "#" means "not equal".`
	if got := specPhraseClause(s, "not equal"); got != `"#" means "not equal".` {
		t.Errorf("not equal stated by %q", got)
	}
	s = `This specification uses the terms "coded character set" as BCP19 does, and "character encoding" in place of "charset".`
	if got := specPhraseClause(s, "character encoding"); got != s {
		t.Errorf("a part going on the one before stated by %q", got)
	}
	s = `When the phrases "terminate the connection" and "abort the handshake" are used, an alert is sent.`
	if got := specPhraseClause(s, "abort the handshake"); got != s {
		t.Errorf("a clause quoting both stated by %q", got)
	}
}

// A diagram whose ruler marks its fields' spans in arrows is a diagram.
func TestSpecArrowRulerDiagram(t *testing.T) {
	d := "  <- 1 byte -> <----- s bytes ------>\n +------------+----------------------+\n | s (if any) | kid context (if any) |\n +------------+----------------------+\n"
	bs := specBlocks(d, false)
	if len(bs) != 1 || !isBoxDiagram(d, &bs[0]) {
		t.Errorf("a diagram under an arrow ruler not read as one: %d blocks", len(bs))
	}
	if specRulerLine("<- the field ends here") {
		t.Error("prose read as a ruler")
	}
}

// A diagram whose fields of variable length are drawn with dotted sides
// (RFC 5905's packet header, its extension fields) is a diagram; a
// sentence between full stops is not a box's side.
func TestSpecDottedSidesDiagram(t *testing.T) {
	d := "  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n  |          Root Delay           |\n  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n" +
		"  |                               |\n  .                               .\n  .    Extension Field 1 (var)    .\n  .                               .\n" +
		"  |                               |\n  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"
	bs := specBlocks(d, false)
	if len(bs) != 1 || !isBoxDiagram(d, &bs[0]) {
		t.Errorf("a diagram with dotted sides not read as one: %d blocks", len(bs))
	}
	if specBoxLine(". The field ends here.") || specBoxLine("...") {
		t.Error("a sentence or an elision read as a box's side")
	}
}
