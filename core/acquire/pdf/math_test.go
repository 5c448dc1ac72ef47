package pdf

import (
	"fmt"
	"strings"
	"testing"
)

// at shows s in font f at size sz with its origin at (x, y).
func at(f string, sz, x, y float64, s string) string {
	return fmt.Sprintf("BT /%s %g Tf 1 0 0 1 %g %g Tm (%s) Tj ET ", f, sz, x, y, s)
}

const mathFonts = "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >> " +
	"/F2 << /Type /Font /Subtype /Type1 /BaseFont /Symbol >> >>"

// A display formula set as TeX sets it — a sum hanging above the
// baseline with its limits above and below, a fraction's numerator and
// denominator either side of a stroked bar — reads on one line as a person
// writes it: "H = ∑_{i=1}^n a + 1/2 b".
func TestDisplayFormula(t *testing.T) {
	content := at("F1", 10, 72, 700, "The entropy is") +
		at("F1", 10, 80, 600, "H =") +
		at("F2", 10, 100, 609, "\\345") + // ∑, hanging above the baseline
		at("F1", 7, 98.87, 588, "i=1") + at("F1", 7, 101.82, 614, "n") +
		at("F1", 10, 110, 600, "a") + at("F1", 10, 117, 600, "+") +
		"q 0.4 w 125 602.5 m 131 602.5 l S Q " +
		at("F1", 10, 125.5, 606, "1") + at("F1", 10, 125.5, 594, "2") +
		at("F1", 10, 134, 600, "b") +
		at("F1", 10, 72, 560, "which ends the proof.")
	got, err := extractText(t, doc(mathFonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	var formula string
	for _, l := range strings.Split(got, "\n") {
		if strings.HasPrefix(l, "H =") {
			formula = strings.Join(strings.Fields(l), " ")
		}
	}
	if formula != "H = ∑_{i=1}^n a + 1/2 b" {
		t.Errorf("formula line %q; text:\n%s", formula, got)
	}
}

// An operator set as a word takes its limit centred below it: "inf_z";
// the same word in prose, with nothing centred below, is left alone.
func TestWordOperatorLimit(t *testing.T) {
	content := at("F1", 10, 80, 600, "R = inf f") + at("F1", 7, 101.3, 590, "z") +
		at("F1", 10, 80, 560, "the infimum is taken over all z.")
	got, err := extractText(t, doc(mathFonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "R = inf_z f") || !strings.Contains(got, "the infimum is taken over all z.") {
		t.Errorf("text:\n%s", got)
	}
}

// A subscript and a superscript on one base read as such, not as their
// glyphs interleaved by x ("bisj" for b_ij^(s)); one script alone is a
// script too.
func TestStackedScripts(t *testing.T) {
	content := at("F1", 10, 80, 600, "A =") + at("F1", 10, 100, 600, "b") +
		at("F1", 7, 105, 596.5, "i") + at("F1", 7, 105, 604, "\\(") +
		at("F1", 7, 107, 596.5, "j") + at("F1", 7, 107.4, 604, "s\\)") +
		at("F1", 10, 115, 600, "+ c") + at("F1", 7, 128, 596.5, "1")
	got, err := extractText(t, doc(mathFonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "bᵢⱼ⁽ˢ⁾ + c₁") {
		t.Errorf("text:\n%s", got)
	}
}

// A table's rule has a row above and a row below it, centred or not, and
// nothing beside it on its own level: no fraction.
func TestTableRuleIsNoFraction(t *testing.T) {
	content := at("F1", 10, 100, 720, "Name") +
		"q 0.4 w 95 716 m 131 716 l S Q " +
		at("F1", 10, 100, 706, "Alice")
	got, err := extractText(t, doc(mathFonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "/") || !strings.Contains(got, "Name\nAlice") {
		t.Errorf("text:\n%s", got)
	}
}

// TeX's extensible font names each size of an operator or delimiter.
func TestTeXExtensibleGlyphNames(t *testing.T) {
	for name, want := range map[string]string{
		"summationdisplay": "∑", "summationtext": "∑", "integraldisplay": "∫", "productdisplay": "∏",
		"uniondisplay": "⋃", "parenleftbig": "(", "bracketrightBigg": "]", "braceleftmid": "{",
	} {
		if got := glyphText(name); got != want {
			t.Errorf("glyphText(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]bool{"ABCDEF+CMEX10": true, "LMEX10": true, "CMR10": false, "CMMI10": false} {
		if got := extensibleFace(name); got != want {
			t.Errorf("extensibleFace(%q) = %v", name, got)
		}
	}
}
