package pdf

import (
	"strings"
	"testing"
)

// A line that opens with a run in a bold face that reads as a label
// ("Theorem 3.4.", "Definition 2.1 (Group)") is a block's run-in label,
// written in bold and opening a paragraph, even with no gap before it; a
// bold word inside a line is a term, kept in bold, not a label.
func TestBoldRunInLabel(t *testing.T) {
	fonts := "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >> " +
		"/F2 << /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >> >>"
	content := "BT /F1 12 Tf 72 700 Td (A set is a collection of objects.) Tj ET " +
		"BT /F2 12 Tf 72 686 Td (Theorem 3.4.) Tj /F1 12 Tf ( Every group has an identity.) Tj ET " +
		"BT /F1 12 Tf 72 672 Td (It is unique, and a ) Tj /F2 12 Tf (group) Tj /F1 12 Tf ( is a set.) Tj ET"
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "A set is a collection of objects.\n\n**Theorem 3.4.** Every group has an identity.\nIt is unique, and a **group** is a set.") {
		t.Errorf("text:\n%s", got)
	}
	for name, want := range map[string]bool{"ABCDEF+CMBX12": true, "Times-Bold": true, "Arial-BoldMT": true, "NimbusRomNo9L-Medi": true,
		"CMR10": false, "Times-Roman": false, "CMMI10": false, "LMRoman10-Regular": false} {
		if got := boldFace(name, 0, 0); got != want {
			t.Errorf("boldFace(%q) = %v", name, got)
		}
	}
	if !boldFace("Foo", 700, 0) || !boldFace("Foo", 0, 1<<18) {
		t.Error("a weight of 700 or the ForceBold flag is bold")
	}
}

// Terms a definition sets apart keep their face as Markdown emphasis: bold
// anywhere, italic amid upright prose, one run across a line break. A
// statement set wholly in italic has no italic terms, even one that opens
// with upright mathematics, a single bold or
// italic letter is mathematics, and a run inside a word (a subscript, a
// word broken by a hyphen) is no term.
func TestTermsSetApart(t *testing.T) {
	fonts := "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >> " +
		"/F2 << /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >> " +
		"/F3 << /Type /Font /Subtype /Type1 /BaseFont /Times-Italic /Encoding /WinAnsiEncoding >> >>"
	content := "BT /F2 10 Tf 72 700 Td (Definition 2.1.) Tj /F1 10 Tf ( The ) Tj /F2 10 Tf (power) Tj ET " +
		"BT /F2 10 Tf 72 688 Td (set) Tj /F1 10 Tf ( of a set ) Tj /F2 10 Tf (v) Tj /F1 10 Tf ( is the set of its subsets.) Tj ET " +
		"BT /F1 10 Tf 72 660 Td (A map is called ) Tj /F3 10 Tf (injective) Tj /F1 10 Tf ( if it keeps distinct points apart.) Tj ET " +
		"BT /F2 10 Tf 72 632 Td (Theorem 2.2.) Tj /F3 10 Tf ( Every injective map from a finite set to itself is onto.) Tj ET " +
		"BT /F2 10 Tf 72 618 Td (Theorem 2.3.) Tj /F1 10 Tf ( KL = D) Tj /F3 10 Tf ( for every pair of measures.) Tj ET " +
		"BT /F1 10 Tf 72 604 Td (The old configuration C) Tj /F3 10 Tf (old) Tj /F1 10 Tf ( is read in the ) Tj /F2 10 Tf (Proceed-) Tj ET " +
		"BT /F2 10 Tf 72 592 Td (ings) Tj /F1 10 Tf ( of the workshop.) Tj ET"
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"**Definition 2.1.** The **power\nset** of a set v is the set of its subsets.",
		"A map is called *injective* if it keeps distinct points apart.",
		"**Theorem 2.2.** Every injective map from a finite set to itself is onto.",
		"**Theorem 2.3.** KL = D for every pair of measures.",
		"The old configuration Cold is read in the Proceedings of the workshop.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text:\n%s\nwant %q", got, want)
		}
	}
	for name, want := range map[string]bool{"ABCDEF+CMTI12": true, "CMSL10": true, "CMBXTI10": true, "NimbusRomNo9L-ReguItal": true,
		"LMRoman10-Italic": true, "Times-Italic": true, "CMMI10": false, "LMMathItalic10-Regular": false, "CMR10": false} {
		if got := italicFace(name, 0); got != want {
			t.Errorf("italicFace(%q) = %v", name, got)
		}
	}
}

// A book may hang its labels in the margin, a mark before them ("✦
// Definition 0.1.1" a few points left of the text) on a line of their own:
// the text's lines are not each an indented paragraph, and the label opens
// the block whose statement follows, even across a wider gap.
func TestHangingLabelOnItsOwnLine(t *testing.T) {
	fonts := "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >> " +
		"/F2 << /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >> >>"
	content := "BT /F1 10 Tf 86 700 Td (We begin by redefining the notion of a set with a notch more) Tj ET " +
		"BT /F1 10 Tf 86 688 Td (precision than before, and go on with it at some length.) Tj ET " +
		"BT /F1 10 Tf 72 664 Td (\247 ) Tj /F2 10 Tf (Definition 0.1.1) Tj ET " +
		"BT /F1 10 Tf 86 646 Td (A set is a collection of elements from a specified universe) Tj ET " +
		"BT /F1 10 Tf 86 634 Td (of discourse, called the universal set.) Tj ET"
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	want := "We begin by redefining the notion of a set with a notch more\nprecision than before, and go on with it at some length.\n\n" +
		"**Definition 0.1.1**\nA set is a collection of elements from a specified universe\nof discourse, called the universal set."
	if !strings.Contains(got, want) {
		t.Errorf("text:\n%s\nwant\n%s", got, want)
	}
}

// A framed box sets all its lines at one edge inside the frame, in from
// the column's usual edge: they run on as one paragraph, and a title line
// at that edge opens the block whose statement follows.
func TestBoxedLinesRunOn(t *testing.T) {
	fonts := "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >> " +
		"/F2 << /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >> >>"
	content := "BT /F1 10 Tf 72 700 Td (The column's text starts at its left edge, as most of the) Tj ET " +
		"BT /F1 10 Tf 72 688 Td (lines on this page do, and goes on at some length here.) Tj ET " +
		"BT /F1 10 Tf 72 676 Td (One more line of it, at the same edge as the others.) Tj ET " +
		"BT /F2 10 Tf 84 652 Td (Theorem 4.3.5) Tj /F1 10 Tf ( \\(Gram-Schmidt\\)) Tj ET " +
		"BT /F1 10 Tf 84 638 Td (Let V be a finite-dimensional inner product space. Then it has) Tj ET " +
		"BT /F1 10 Tf 84 626 Td (an orthonormal basis.) Tj ET"
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	want := "**Theorem 4.3.5** (Gram-Schmidt)\nLet V be a finite-dimensional inner product space. Then it has\nan orthonormal basis."
	if !strings.Contains(got, want) {
		t.Errorf("text:\n%s\nwant\n%s", got, want)
	}
}
