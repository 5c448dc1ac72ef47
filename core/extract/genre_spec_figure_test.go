package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// specFigures is a specification in RFC layout whose figures are drawn
// as RFCs draw them: labelled, captioned, with a legend under the boxes,
// a field list given each field's size, and a grid table (written for
// this test).
const specFigures = `Request for Comments: 9999

1.  Introduction

   This document describes the Lantern beacon protocol.  The key words
   MUST and SHOULD are to be interpreted as described in RFC 2119.

2.  Beacon Layout

   +--------+--------+----------------+
   |  Kind  |  Hops  |  Time to Live  |
   +--------+--------+----------------+

      Kind            8-bit selector of the kind of beacon.

      Hops            8-bit count of the relays the beacon crossed.

      Time to Live    16-bit count of seconds a listener keeps it.

3.  Relaying

   A long beacon is cut into pieces.  The beacon before the cut is
   referred to as the "whole beacon", and it is drawn in two parts, as
   illustrated:

   whole beacon:

   +------------------+-------------------------+
   |  Fixed Header    |   Cuttable Tail         |
   +------------------+-------------------------+

   The fixed header travels with every piece.

   The pieces are sent as "piece frames" as illustrated:

   piece frames:

   +------------------+---------+---------+
   |  Fixed Header    | Piece   |  first  |
   +------------------+---------+---------+
                         o
                         o
   +------------------+---------+---------+
   |  Fixed Header    | Piece   |  last   |
   +------------------+---------+---------+

   A relay counts the pieces it forwards.  Figure 2 gives the format
   of the 'mode' field.

                   1 1 1 1
   0 1 2 3 4 5 6 7 8 9 0 1 2 3
   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+
   |Q|          RSV            |
   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+

   Q:  QUIET flag

   RSV:  reserved for later use

           Figure 2:  Format of the 'mode' field

4.  Relay Options

   A beacon may carry options after its header.

      Signal Class

        This option lets a sender say how loud its beacon is.  The
        format for this option is as follows:

          +--------+--------+---//---+---//---+
          |10000010|00000110|LLL  LLL|RRR  RRR|
          +--------+--------+---//---+---//---+
           Type=130 Length=6

        Loudness (L field):  16 bits

          The loudness of the beacon, in tenths of a decibel.

        Range (R field):  16 bits

          The distance at which the beacon is still heard.

      Hush option (alignment requirement: none)

          +-+-+-+-+-+-+-+-+
          |       7       |
          +-+-+-+-+-+-+-+-+

          NOTE! the Hush option has no length and no value.

          The Hush option asks the listeners to stay silent until the
          next beacon.

5.  Relay State

   A relay keeps a few variables for each listener it serves.

    +==========+==========================================+
    | Variable | Description                              |
    +==========+==========================================+
    | LST.NXT  | next piece the listener waits for        |
    +----------+------------------------------------------+
    | LST.WND  | pieces the listener accepts at once      |
    +----------+------------------------------------------+
    | LST.HOP  | relays between this relay and the        |
    |          | listener                                 |
    +----------+------------------------------------------+

                     Table 1: Listener Variables

   A relay MUST forget a listener's variables when it leaves.
`

// The figures an RFC draws were read as no part of what introduced them:
// a section that opens with its diagram was stated by its first field
// alone, "… as illustrated:" ended at the colon, a diagram with its
// legend under it ("Type=130") was no diagram, an option named with a
// remark over its diagram ("Hush option (alignment requirement: none)")
// was no entry, a captioned figure and a grid table were kept by
// nothing, and a table was read as art.
func TestSpecFiguresKeptWithWhatIntroducesThem(t *testing.T) {
	ps := Extract(analyzed(specFigures, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	by := specByName(ps)
	want := map[string]struct{ statement, form []string }{
		"Beacon Layout": {
			[]string{"(1) Kind: 8-bit selector of the kind of beacon (2) Hops:", "(3) Time to Live: 16-bit count of seconds"},
			[]string{"|  Kind  |  Hops  |  Time to Live  |"},
		},
		"whole beacon": {
			[]string{"as illustrated:"},
			[]string{"whole beacon:", "|  Fixed Header    |   Cuttable Tail         |"},
		},
		"piece frames": {
			[]string{"as illustrated:"},
			[]string{"piece frames:", "| Piece   |  first  |", "| Piece   |  last   |"},
		},
		"Format of the 'mode' field": {
			[]string{"(1) Q: QUIET flag", "(2) RSV: reserved for later use"},
			[]string{"|Q|          RSV            |", "Figure 2: Format of the 'mode' field"},
		},
		"Signal Class": {
			[]string{"as follows: (1) Loudness (L field): 16 bits", "(2) Range (R field): 16 bits"},
			[]string{"|10000010|00000110|LLL  LLL|RRR  RRR|", "Type=130 Length=6", "- Range (R field): 16 bits. The distance"},
		},
		"Hush option": {
			[]string{"Hush option: The Hush option asks the listeners to stay silent"},
			[]string{"|       7       |"},
		},
		"Listener Variables": {
			[]string{"(1) LST.NXT: next piece the listener waits for", "(3) LST.HOP: relays between this relay and the listener"},
			[]string{"- LST.WND: pieces the listener accepts at once", "Table 1: Listener Variables"},
		},
	}
	for name, w := range want {
		p, ok := by[name]
		if !ok {
			t.Errorf("no primitive %q", name)
			continue
		}
		for _, s := range w.statement {
			if !strings.Contains(p.FormalStatement, s) {
				t.Errorf("%s: statement %q lacks %q", name, p.FormalStatement, s)
			}
		}
		for _, s := range w.form {
			if !strings.Contains(p.ComputationalForm, s) {
				t.Errorf("%s: form lacks %q:\n%s", name, s, p.ComputationalForm)
			}
		}
	}
	if p := by["Listener Variables"]; strings.Contains(p.ComputationalForm, "+====") {
		t.Errorf("the table was kept as art, not rows:\n%s", p.ComputationalForm)
	}
}

// A grid table is read as rows only when its rules and cells line up in
// columns; a packet's diagram, whose fields span the bits, is a drawing.
func TestSpecGridRowsTellsTablesFromDiagrams(t *testing.T) {
	table := "+======+=======+\n| Name | Value |\n+======+=======+\n| a    | one   |\n+------+-------+\n| b    | two   |\n|      | more  |\n+------+-------+\n"
	bs := specBlocks(table, false)
	header, rows := specGridRows(table, &bs[0])
	if len(rows) != 2 || header[1] != "Value" || rows[1][1] != "two more" {
		t.Errorf("table read as header %q, rows %q", header, rows)
	}
	diagram := "+-+-+-+-+-+-+-+-+\n|  Kind |  Hops |\n+-+-+-+-+-+-+-+-+\n|     Length    |\n+-+-+-+-+-+-+-+-+\n"
	bs = specBlocks(diagram, false)
	if _, rows := specGridRows(diagram, &bs[0]); rows != nil {
		t.Errorf("a diagram read as rows %q", rows)
	}
	if !isBoxDiagram(diagram, &bs[0]) {
		t.Error("a diagram not read as one")
	}
	prose := "+--+--+\n|  A  |\n+--+--+\nThe field A is sent first, then the rest of it.\n"
	bs = specBlocks(prose, false)
	if isBoxDiagram(prose, &bs[0]) {
		t.Error("a diagram run on into a sentence read as a diagram")
	}
}

// An older RFC ("Request For Comments:", no requirement key words) is
// read as a specification; its packet formats, fields between rules of
// dashes under the line that gives their widths, are figures named by
// their captions ("Figure 5-1: …"); its acknowledgements, however spelt,
// and its author's address are no concepts.
func TestOlderRFCDashRuleFigures(t *testing.T) {
	doc := "Network Working Group                                         K. Sollins\nRequest For Comments: 1350                                           MIT\n\n" +
		"1. Purpose\n\n   TFTP is a simple protocol to transfer files.\n\n" +
		"2. Acknowlegements\n\n   The protocol was designed by Noel Chiappa.\n\n" +
		"5. TFTP Packets\n\n   TFTP supports five types of packets.\n\n" +
		"            2 bytes     string    1 byte     string   1 byte\n" +
		"            ------------------------------------------------\n" +
		"           | Opcode |  Filename  |   0  |    Mode    |   0  |\n" +
		"            ------------------------------------------------\n\n" +
		"                       Figure 5-1: RRQ/WRQ packet\n\n" +
		"   RRQ and WRQ packets (opcodes 1 and 2 respectively) have the format\n   shown in Figure 5-1.\n\n" +
		"Author's Address\n\n   Karen R. Sollins\n   Massachusetts Institute of Technology\n"
	a := analyzed(doc, core.FormatText, core.Spec)
	ps := Extract(a, Options{})
	by := specByName(ps)
	fig, ok := by["RRQ/WRQ packet"]
	if !ok || !strings.Contains(fig.ComputationalForm, "| Opcode |  Filename  |   0  |    Mode    |   0  |") {
		t.Errorf("no figure RRQ/WRQ packet with its fields: %q", specNames(ps))
	}
	for _, p := range ps {
		if low := strings.ToLower(p.Name); strings.Contains(low, "acknowl") || strings.Contains(low, "address") {
			t.Errorf("the document's apparatus is a primitive: %q", p.Name)
		}
	}
}
