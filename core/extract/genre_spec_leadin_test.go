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

// specMultiWordFields is a header described field by field in RFC layout,
// most fields named by several words (written for this test).
const specMultiWordFields = `1.  Introduction

   This document describes the Lantern beacon protocol.  The key words
   MUST and SHOULD are to be interpreted as described in RFC 2119.

2.  Beacon Header

   A beacon header is formatted as follows:

     +--------+--------+----------------+
     |  Kind  |  Hops  |  Time to Live  |
     +--------+--------+----------------+

   where:

   Kind:  8 bits

     The kind of beacon this is.

         0   1   2
       +---+---+---+
       | P | D | 0 |
       +---+---+---+

   Time to Live:  16 bits

     The number of seconds a listener keeps the beacon before it
     discards it.

   Relay Count (RCount):  4 bits.

     The number of relays the beacon crossed on its way.

   Type of Service:  8 bits

     The treatment the sender asks the relays to give the beacon.
`

// An RFC's field list named a field by one word only: "Time to Live:  8
// bits", "Source Port:  16 bits" were no terms, so IP's and TCP's headers
// kept their one-word fields and lost the rest, and a piece of the line
// ("8 bits") was taken for a name.
func TestSpecFieldsNamedBySeveralWords(t *testing.T) {
	ps := Extract(analyzed(specMultiWordFields, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	for name, want := range map[string]string{
		"Kind":            "Kind: 8 bits. The kind of beacon this is.",
		"Time to Live":    "Time to Live: 16 bits. The number of seconds a listener keeps",
		"Relay Count":     "Relay Count (RCount): 4 bits. The number of relays",
		"Type of Service": "Type of Service: 8 bits. The treatment the sender asks",
	} {
		p, ok := by[name]
		if !ok {
			t.Errorf("no primitive %q", name)
			continue
		}
		if !strings.HasPrefix(p.FormalStatement, want) {
			t.Errorf("%s: statement %q, want it to start %q", name, p.FormalStatement, want)
		}
	}
	if k := by["Kind"]; !strings.Contains(k.ComputationalForm, "| P | D | 0 |") {
		t.Errorf("Kind's form lacks its diagram:\n%s", k.ComputationalForm)
	}
	for name := range by {
		if strings.Contains(strings.ToLower(name), "bits") {
			t.Errorf("a field's size taken for a name: %q", name)
		}
	}
	h, ok := by["Beacon Header"]
	if !ok {
		t.Fatal("no primitive Beacon Header")
	}
	for _, want := range []string{"(2) Time to Live: 16 bits", "(3) Relay Count (RCount): 4 bits"} {
		if !strings.Contains(h.FormalStatement, want) {
			t.Errorf("Beacon Header's statement %q lacks %q", h.FormalStatement, want)
		}
	}
}

// specTitledOptions lists options in RFC 791's layout: each option's name
// alone on its line, its diagram and description indented under it
// (written for this test).
const specTitledOptions = `1.  Introduction

   This document describes the Lantern beacon protocol.  The key words
   MUST and SHOULD are to be interpreted as described in RFC 2119.

2.  Beacon Options

   A beacon may carry options after its header.

      Relay Trace

        +--------+--------+--------//--------+
        |00000111| length |   relay list     |
        +--------+--------+--------//--------+

        The relay trace option records the relays a beacon crossed, one
        address per relay.

      Quiet Window

        The quiet window option asks listeners to stay silent for a
        number of seconds after the beacon.
`

// RFC 791's options (End of Option List, Security, Loose Source and Record
// Route, ...) gave no primitive: an entry whose term stands alone on its
// line, its description a paragraph below, was not read as an entry.
func TestSpecTitledEntries(t *testing.T) {
	ps := Extract(analyzed(specTitledOptions, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	r, ok := by["Relay Trace"]
	if !ok || !strings.HasPrefix(r.FormalStatement, "Relay Trace: The relay trace option records the relays") ||
		!strings.Contains(r.ComputationalForm, "|00000111| length |   relay list     |") {
		t.Errorf("Relay Trace (found %v): statement %q, form:\n%s", ok, r.FormalStatement, r.ComputationalForm)
	}
	if q, ok := by["Quiet Window"]; !ok || !strings.HasPrefix(q.FormalStatement, "Quiet Window: The quiet window option asks") {
		t.Errorf("Quiet Window (found %v): statement %q", ok, q.FormalStatement)
	}
}

// specRequirementLeadIns states requirements that end in a colon and
// introduce an entry list or a formula (written for this test).
const specRequirementLeadIns = `1.  Introduction

   This document describes the Lantern beacon protocol.  The key words
   MUST and SHOULD are to be interpreted as described in RFC 2119.

2.  Joining a Relay

   A listener MUST send a join request with the following parameters:

   relay_id
         The identifier of the relay the listener joins.

   listener_key
         The public key the listener signs its beacons with.

   The relay MUST compute the session digest as:

      digest = H(relay_id ":" listener_key ":" nonce)

   A relay SHOULD answer within one second.
`

// A requirement that ends in a colon kept nothing of what it introduced
// when that was an entry list or a formula rather than a bulleted list:
// "A listener MUST send a join request with the following parameters:"
// and "… compute the session digest as:" ended at the colon.
func TestSpecRequirementLeadInKeepsEntriesAndFormula(t *testing.T) {
	ps := Extract(analyzed(specRequirementLeadIns, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	var join, digest *core.Primitive
	for i := range ps {
		switch {
		case strings.HasPrefix(ps[i].FormalStatement, "A listener MUST send a join request"):
			join = &ps[i]
		case strings.HasPrefix(ps[i].FormalStatement, "The relay MUST compute the session digest"):
			digest = &ps[i]
		}
	}
	if join == nil || !strings.Contains(join.FormalStatement, "(1) relay_id: The identifier of the relay") ||
		!strings.Contains(join.FormalStatement, "(2) listener_key: The public key") {
		t.Errorf("the join requirement does not list its parameters: %+v", join)
	}
	if digest == nil || !strings.Contains(digest.ComputationalForm, `digest = H(relay_id ":" listener_key ":" nonce)`) {
		t.Errorf("the digest requirement does not keep its formula: %+v", digest)
	}
}

// specLaterLeadIn is a section in RFC layout whose first paragraph
// describes the concept and whose second, a lead-in, introduces its box
// diagram (written for this test).
const specLaterLeadIn = `1.  Introduction

   This document describes the Lantern beacon protocol.  The key words
   MUST and SHOULD are to be interpreted as described in RFC 2119.

2.  Beacon Header

   Beacons are carried in relay frames.  The relay frame names the
   sender and the listener, so the beacon header need not repeat them.

   A beacon header is formatted as follows, using the style of the
   relay document:

     +--------+--------+----------------+
     |  Kind  |  Hops  |  Time to Live  |
     +--------+--------+----------------+
     |                                  :
     :             Payload              :
     :                                  |
     +--------+--------+----------------+

   A relay MUST NOT forward a beacon whose Hops count is fifteen.
`

// The diagram a later lead-in introduced was lost: the statement stopped
// at the section's first paragraph, which ends in no colon, and the
// diagram under the next paragraph was kept nowhere; a diagram whose rows
// run on with ":" (data of any length) was read as no diagram at all.
func TestSpecLaterLeadInKeepsDiagram(t *testing.T) {
	ps := Extract(analyzed(specLaterLeadIn, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	p, ok := specByName(ps)["Beacon Header"]
	if !ok {
		t.Fatal("no primitive Beacon Header")
	}
	if !strings.HasPrefix(p.FormalStatement, "Beacons are carried in relay frames.") {
		t.Errorf("statement %q", p.FormalStatement)
	}
	if !strings.Contains(p.ComputationalForm, "|  Kind  |  Hops  |  Time to Live  |") || !strings.Contains(p.ComputationalForm, ":             Payload              :") {
		t.Errorf("form lacks the diagram:\n%s", p.ComputationalForm)
	}
}

// The examples a paragraph introduces ("Examples of a breaking change
// include:") are no statement of the section without it, and a lead-in
// whose list is requirements of their own states nothing by itself.
func TestSpecExampleListsStayWithTheirLeadIn(t *testing.T) {
	doc := "# Tile Spec\n\nReaders MUST read tiles and the key words are as in RFC 2119.\n\n" +
		"## Version Compatibility\n\nTile versions follow SemVer, and a reader MUST read newer files or recognize that it cannot.\n\n" +
		"Examples of a forward compatible change include:\n- Adding a field that can be ignored.\n- Adding an option to a field.\n\n" +
		"Examples of a breaking change include:\n- Changing the default value of a field.\n\n" +
		"To support future releases, implementations:\n- SHOULD NOT reject unknown fields.\n- SHOULD validate the values they rely on.\n"
	ps := Extract(mdDoc(doc, core.Spec), Options{})
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "Adding a field") || strings.Contains(p.FormalStatement, "Changing the default") || strings.HasSuffix(p.FormalStatement, ":") {
			t.Errorf("%s %q states %q", p.Type, p.Name, p.FormalStatement)
		}
	}
	if !strings.Contains(strings.Join(nameList(ps), "|"), "reject unknown fields") {
		t.Errorf("the requirements are lost: %v", nameList(ps))
	}
}
