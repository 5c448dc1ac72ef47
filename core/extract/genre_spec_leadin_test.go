package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// specLeadInRFC is a specification in RFC layout whose descriptions end in
// a colon and introduce a box diagram and a field list, or a diagram
// alone (written for this test).
const specLeadInRFC = `1.  Introduction

   This document describes the Lantern beacon protocol.  The key words
   MUST and SHOULD are to be interpreted as described in RFC 2119.

2.  Beacon format

2.1.  Frame layout

   Every beacon frame carries the following fields:

       0  1  2  3  4  5  6  7
     +--+--+--+--+--+--+--+--+
     |  VER  |  KIND |  HOP  |
     +--+--+--+--+--+--+--+--+
     |         LENGTH        |
     +--+--+--+--+--+--+--+--+

   where:

   VER             A two bit version number of the frame layout.

   KIND            A two bit code naming the kind of beacon.  The
                   values are:

                   0               a presence beacon

                   1               a departure beacon

   HOP             A four bit count of relays the beacon crossed.

   LENGTH          An eight bit count of the octets that follow the
                   header.

2.2.  Relay topology

   A relay forwards beacons along the path shown below:

     +--------+      +-------+      +----------+
     | Sender |----->| Relay |----->| Listener |
     +--------+      +-------+      +----------+

   A relay MUST NOT forward a beacon whose HOP count is fifteen.
`

// A description ending in a colon kept nothing of what it introduced: the
// frame layout was stated "Every beacon frame carries the following
// fields:" and its fields and diagram were left out; a field list after
// "where:" kept its first field only.
func TestSpecLeadInKeepsListAndDiagram(t *testing.T) {
	ps := Extract(analyzed(specLeadInRFC, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	p, ok := by["Frame layout"]
	if !ok {
		t.Fatal("no primitive Frame layout")
	}
	for _, want := range []string{"Every beacon frame carries the following fields: where:", "(1) VER: A two bit version number",
		"(2) KIND: A two bit code naming the kind of beacon", "(3) HOP:", "(4) LENGTH: An eight bit count"} {
		if !strings.Contains(p.FormalStatement, want) {
			t.Errorf("statement %q lacks %q", p.FormalStatement, want)
		}
	}
	for _, want := range []string{"|  VER  |  KIND |  HOP  |", "- KIND: A two bit code naming the kind of beacon. The values are:",
		"  - 0: a presence beacon", "  - 1: a departure beacon", "- LENGTH: An eight bit count of the octets that follow the header."} {
		if !strings.Contains(p.ComputationalForm, want) {
			t.Errorf("form lacks %q:\n%s", want, p.ComputationalForm)
		}
	}
	q, ok := by["Relay topology"]
	if !ok {
		t.Fatal("no primitive Relay topology")
	}
	if q.FormalStatement != "A relay forwards beacons along the path shown below:" ||
		!strings.Contains(q.ComputationalForm, "| Sender |----->| Relay |----->| Listener |") {
		t.Errorf("Relay topology: statement %q, form:\n%s", q.FormalStatement, q.ComputationalForm)
	}
}
