package pdf

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// type1Program builds the clear-text part of a Type 1 font program whose
// built-in encoding maps the given codes to glyph names, followed by eexec
// and bytes standing in for the encrypted part.
func type1Program(names map[int]string) string {
	var b strings.Builder
	b.WriteString("%!PS-AdobeFont-1.0: CMR10 003.002\n/FontName /CMR10 def\n")
	b.WriteString("/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n")
	for c := 0; c < 256; c++ {
		if n, ok := names[c]; ok {
			fmt.Fprintf(&b, "dup %d /%s put\n", c, n)
		}
	}
	b.WriteString("readonly def\ncurrentdict end\ncurrentfile eexec\n\xd9\xd6\x6f\x63\x3b\x84\x6a\x98 dup 99 /bogus put\n")
	return b.String()
}

// computerModern names the codes of TeX's OT1 text encoding the tests use:
// ligatures at 11–15, Greek capitals below, ASCII letters in place.
func computerModern() map[int]string {
	m := map[int]string{0: "Gamma", 11: "ff", 12: "fi", 13: "fl", 14: "ffi", 15: "ffl", 32: "space"}
	for c := 'a'; c <= 'z'; c++ {
		m[int(c)] = string(c)
	}
	return m
}

func TestType1BuiltinEncoding(t *testing.T) {
	b := &pdfBuilder{}
	prog := type1Program(computerModern())
	ff := b.add(streamObj(fmt.Sprintf("/Length1 %d /Length2 9 /Length3 0", strings.Index(prog, "\xd9")), []byte(prog)))
	desc := b.add(fmt.Sprintf("<< /Type /FontDescriptor /FontName /ABCDEF+CMR10 /Flags 4 /FontFile %d 0 R >>", ff))
	// F1 relies on the program's encoding alone; F2 has Differences without
	// a BaseEncoding, which keep the program's encoding underneath.
	fonts := fmt.Sprintf("<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FontDescriptor %d 0 R >> "+
		"/F2 << /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FontDescriptor %d 0 R "+
		"/Encoding << /Type /Encoding /Differences [0 /Delta] >> >> >>", desc, desc)
	content := `BT /F1 10 Tf 72 700 Td (\014nd the \015ow o\013 the e\016cient wa\017e) Tj ET ` +
		`BT /F2 10 Tf 72 688 Td (\000 \014rst \000) Tj ET`
	got, err := extractText(t, docWith(b, fonts, "", plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	want := "find the flow off the efficient waffle\nΔ first Δ\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestMacRomanLigatures(t *testing.T) {
	// MacRomanEncoding puts fi and fl at 0xDE and 0xDF, where Latin-1 has
	// Þ and ß.
	fonts := "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /MacRomanEncoding >> >>"
	content := `BT /F1 10 Tf 72 700 Td (\336ve \337ags, \216t\216, \245 na\225ve) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "five flags, été, • naïve\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestGlyphNames(t *testing.T) {
	// Differences naming ligatures, accented letters and uniXXXX / uXXXX
	// glyphs, as Type 1 fonts without a ToUnicode map do.
	fonts := "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /XYZ " +
		"/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [222 /fi /fl 200 /Scaron /zcaron /Lslash /uni2264 /u1D70B /f_f] >> >> >>"
	content := `BT /F1 10 Tf 72 700 Td (\336ve \337ow \310koda \311 \312\363dka x \313 \314 e\315ect) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "five flow Škoda ž Łódka x ≤ 𝜋 effect\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzFontProgram feeds arbitrary bytes as the embedded Type 1 program of a
// font without an /Encoding, whose built-in encoding is then read.
func FuzzFontProgram(f *testing.F) {
	f.Add([]byte(type1Program(computerModern())), []byte(`\014nd \013 \000`))
	f.Add([]byte("/Encoding StandardEncoding def\ncurrentfile eexec"), []byte("abc"))
	f.Add([]byte("/Encoding 256 array dup 300 /fi put dup -1 /fl put dup 65 /uniD835DF0B put dup 66 /u110000 put readonly def"), []byte("AB"))
	f.Add([]byte("/Encoding dup 1 /f_f_i put dup 2 /Aogonek put dup 3 /a_ put dup 4 /_ put"), []byte("\x01\x02\x03\x04"))
	f.Fuzz(func(t *testing.T, prog, text []byte) {
		b := &pdfBuilder{}
		ff := b.add(streamObj("/Length1 10", prog))
		desc := b.add(fmt.Sprintf("<< /Type /FontDescriptor /Flags 4 /FontFile %d 0 R >>", ff))
		fonts := fmt.Sprintf("<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /CMR10 /FontDescriptor %d 0 R >> >>", desc)
		var esc strings.Builder
		for _, c := range text {
			fmt.Fprintf(&esc, "\\%03o", c)
		}
		got, _ := extractText(t, docWith(b, fonts, "", plain("BT /F1 10 Tf 72 700 Td ("+esc.String()+") Tj ET")))
		if !utf8.ValidString(got) {
			t.Errorf("invalid UTF-8: %q", got)
		}
	})
}
