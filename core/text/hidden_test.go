package text

import "testing"

func TestVisibleSpellsHiddenCharacters(t *testing.T) {
	for _, c := range []struct {
		in           string
		inText, name string
	}{
		{"plain words", "plain words", "plain words"},
		{"evil\u202etxt.exe", "evil⟨U+202E⟩txt.exe", "evil⟨U+202E⟩txt.exe"},
		{"smile\ufe0f", "smile⟨U+FE0F⟩", "smile⟨U+FE0F⟩"},
		{"zero\u200bwidth", "zero⟨U+200B⟩width", "zero⟨U+200B⟩width"},
		{"tag\U000E0041", "tag⟨U+E0041⟩", "tag⟨U+E0041⟩"},
		{"esc\x1b[31m", "esc⟨U+001B⟩[31m", "esc⟨U+001B⟩[31m"},
		{"bad\xffbyte", "bad⟨0xFF⟩byte", "bad⟨0xFF⟩byte"},
		// Layout characters read as layout in text and as disguises in a
		// name.
		{"two\nlines\tand tab", "two⏎lines and tab", "two⟨U+000A⟩lines⟨U+0009⟩and tab"},
		{"no\u00a0break", "no\u00a0break", "no⟨U+00A0⟩break"},
		{"line\u2028sep", "line\u2028sep", "line⟨U+2028⟩sep"},
	} {
		if got := Visible(c.in, InText); got != c.inText {
			t.Errorf("Visible(%q, InText) = %q, want %q", c.in, got, c.inText)
		}
		if got := Visible(c.in, InName); got != c.name {
			t.Errorf("Visible(%q, InName) = %q, want %q", c.in, got, c.name)
		}
	}
}
