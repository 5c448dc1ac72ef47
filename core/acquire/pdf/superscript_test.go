package pdf

import (
	"strings"
	"testing"
)

// A superscript raised by almost half an em ("the sᵗʰ symbol",
// "exp(−2^{50−k})") is met by the top-down sweep before the letters it
// belongs to and was left on a row of its own above them ("s th" over
// "the s symbol").
func TestRaisedSuperscriptStaysInItsLine(t *testing.T) {
	fonts := "<< /F1 " + fixed500 + " >>"
	content := `BT /F1 10 Tf 72 700 Td (the s) Tj ET BT /F1 7 Tf 97 704.6 Td (th) Tj ET BT /F1 10 Tf 104 700 Td ( symbol) Tj ET ` +
		`BT /F1 10 Tf 72 686 Td (next line) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "the sᵗʰ symbol\nnext line\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TeX's \neq is cmsy's negation slash drawn over an "=" at the same x: it
// came out as a combining mark before the "=" ("a ̸= 0"), striking through
// the space before it. The pair is one character, ≠; a slash over a
// relation without a precomposed form follows it as Unicode wants.
func TestNegatedRelationComposed(t *testing.T) {
	for in, want := range map[string]string{
		"a \u0338= 0":       "a ≠ 0",
		"x \u0338∈ S":       "x ∉ S",
		"p \u0338∝ q":       "p ∝\u0338 q",
		"\u0338":            "\u0338",
		"\u0338a":           "\u0338a",
		"no slash = at all": "no slash = at all",
	} {
		if got := composeNegations(in); got != want {
			t.Errorf("composeNegations(%q) = %q, want %q", in, got, want)
		}
	}
}

// A symbol raised over the baseline (the "∼" of a "≅" stacked over its
// "=") met first by the sweep anchored the row there, and a subscript
// further down than that fell onto a row of its own ("G ∼= Z ," over
// "p"); the first letter on the baseline anchors the row instead.
func TestSubscriptAfterRaisedSymbolStaysInItsLine(t *testing.T) {
	fonts := "<< /F1 " + fixed500 + " >>"
	content := `BT /F1 10 Tf 72 700 Td (then G ) Tj ET BT /F1 10 Tf 110 702.65 Td (*) Tj ET BT /F1 10 Tf 110 699.5 Td (=) Tj ET ` +
		`BT /F1 10 Tf 122 700 Td (Z) Tj ET BT /F1 7 Tf 127 698.5 Td (p) Tj ET BT /F1 10 Tf 132 700 Td (, and) Tj ET ` +
		`BT /F1 10 Tf 72 686 Td (next line) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(got, " Zₚ, and\nnext line\n") || strings.Count(got, "\n") != 2 {
		t.Errorf("got %q, want the subscript on its line: \"… Zₚ, and\" over \"next line\"", got)
	}
}

// An algorithm float set smaller (8pt rows, 7pt scripts) raises its
// scripts as far as a 10pt row does: the script met first by the sweep
// stays in its row, though the row's size is less than 1.15 times its.
func TestSmallRowsRaisedScriptStaysInItsLine(t *testing.T) {
	fonts := "<< /F1 " + fixed500 + " >>"
	content := `BT /F1 8 Tf 72 700 Td (2: while ||x) Tj ET BT /F1 7 Tf 118 703.62 Td (k+1) Tj ET BT /F1 8 Tf 134 700 Td ( - x|| > e do) Tj ET ` +
		`BT /F1 8 Tf 72 688 Td (3: for j = 1 do) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(got, "\n") != 2 || !strings.HasPrefix(got, "2: while ||x") || !strings.Contains(got, "3: for j") {
		t.Errorf("got %q, want the row's superscript in its line over the next row", got)
	}
}
