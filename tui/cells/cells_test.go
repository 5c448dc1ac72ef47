package cells

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestFit(t *testing.T) {
	red := "\x1b[31mred\x1b[0m"
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 4, "abc…"},
		{"abc", 0, ""},
		{"abc", -3, ""},
		{"漢字漢字", 5, "漢字…"},
		{"漢字", 3, "漢…"},
		{"漢字", 2, "… "},
	} {
		if got := Fit(tc.s, tc.w); got != tc.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
		if got := FitPlain(tc.s, tc.w); got != tc.want {
			t.Errorf("FitPlain(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
	// Escape sequences take no cells.
	if got := Fit(red, 5); ansi.Strip(got) != "red  " || !strings.HasPrefix(got, "\x1b[31m") {
		t.Errorf("Fit of styled text = %q", got)
	}
}

func TestExactWidth(t *testing.T) {
	inputs := []string{"", "a", "hello world", "漢字漢字漢字", "e\u0301e\u0301", "\x1b[1mbold\x1b[0m text", "a…b"}
	for _, s := range inputs {
		for w := 1; w <= 14; w++ {
			for name, f := range map[string]func(string, int) string{
				"Fit": Fit, "FitPlain": FitPlain, "FitTail": FitTail, "Clip": Clip,
			} {
				if got := ansi.StringWidth(f(s, w)); got != w {
					t.Errorf("%s(%q, %d) is %d cells", name, s, w, got)
				}
			}
			if got := ansi.StringWidth(ShortenLeft(s, w)); got > w {
				t.Errorf("ShortenLeft(%q, %d) is %d cells", s, w, got)
			}
		}
	}
}

func TestClip(t *testing.T) {
	if got := Clip("abcdef", 4); got != "abcd" {
		t.Errorf("Clip cut = %q", got)
	}
	if got := Clip("ab", 4); got != "ab  " {
		t.Errorf("Clip pad = %q", got)
	}
	if got := ClipLines("abcdef\nx\ny\nz", 3, 2); got != "abc\nx  " {
		t.Errorf("ClipLines cut = %q", got)
	}
	if got := ClipLines("ab", 2, 3); got != "ab\n  \n  " {
		t.Errorf("ClipLines pad = %q", got)
	}
}

func TestShortenLeft(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"docs/guide/intro.md", 10, "…/intro.md"},
		{"short.md", 10, "short.md"},
		{"abc", 1, "…"},
		{"abc", 0, ""},
	} {
		if got := ShortenLeft(tc.s, tc.w); got != tc.want {
			t.Errorf("ShortenLeft(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
	if got := FitTail("a.md:12:3", 12); got != "a.md:12:3   " {
		t.Errorf("FitTail pad = %q", got)
	}
	if got := FitTail("docs/a.md:12:3", 8); got != "…md:12:3" {
		t.Errorf("FitTail cut = %q", got)
	}
	if got := FitTail("漢字漢字.md", 6); got != "…字.md" {
		t.Errorf("FitTail cut across a wide character = %q", got)
	}
}

func TestPad(t *testing.T) {
	if got := Pad("ab", 4); got != "ab  " {
		t.Errorf("Pad = %q", got)
	}
	if got := Pad("abcdef", 4); got != "abcdef" {
		t.Errorf("Pad cut wide text: %q", got)
	}
}

func TestVisible(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"a\x1b[2Jb", "a⟨U+001B⟩[2Jb"},
		{"user\u202e txt", "user⟨U+202E⟩ txt"},
		{"zero\u200bwidth", "zero⟨U+200B⟩width"},
		{"a\tb\rc", "a b c"},
		{"two\nlines", "two⏎lines"},
		{"bell\x07 c1\u009b", "bell⟨U+0007⟩ c1⟨U+009B⟩"},
		{"漢字 é", "漢字 é"},
	} {
		if got := Visible(tc.in); got != tc.want {
			t.Errorf("Visible(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestVisibleBlock(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"# Title\n\n\tcode\n", "# Title\n\n\tcode\n"},
		{"a\r\nb", "a\nb"},
		{"x\x1b[31m\n\u2066y\u2069", "x⟨U+001B⟩[31m\n⟨U+2066⟩y⟨U+2069⟩"},
		{"\tα\u202e\tβ", "\tα⟨U+202E⟩\tβ"},
	} {
		if got := VisibleBlock(tc.in); got != tc.want {
			t.Errorf("VisibleBlock(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Spelling out is idempotent, so text may pass through twice.
	s := "a\x1b\u202e\nb"
	if once := VisibleBlock(s); VisibleBlock(once) != once {
		t.Errorf("VisibleBlock is not idempotent on %q", s)
	}
}

func TestPainter(t *testing.T) {
	st := lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#ff0000"))
	p := NewPainter(st)
	for _, s := range []string{"x", "hello", "漢字"} {
		if got, want := p.Paint(s), st.Render(s); got != want {
			t.Errorf("Paint(%q) = %q, Render gives %q", s, got, want)
		}
		if got := p.Prefix() + s + p.Suffix(); got != p.Paint(s) {
			t.Errorf("Prefix+%q+Suffix = %q, Paint gives %q", s, got, p.Paint(s))
		}
	}
	if p.Paint("") != "" {
		t.Error("empty text got escape sequences")
	}
	if got := (Painter{}).Paint("plain"); got != "plain" {
		t.Errorf("zero Painter = %q", got)
	}
	// A style whose Render is more than a prefix and a suffix is rendered
	// the slow way rather than wrongly.
	padded := lipgloss.NewStyle().Padding(0, 1)
	if got, want := NewPainter(padded).Paint("ab"), padded.Render("ab"); got != want {
		t.Errorf("padded Paint = %q, want %q", got, want)
	}
}

func TestBullet(t *testing.T) {
	got := Bullet("one two three four five six seven eight", 14, 0)
	want := []string{"  • one two   ", "    three four", "    five six  ", "    seven     ", "    eight     "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Bullet = %q, want %q", got, want)
	}
	got = Bullet("one two three four five six seven eight", 14, 2)
	if len(got) != 2 || !strings.HasSuffix(strings.TrimRight(got[1], " "), "…") {
		t.Errorf("Bullet capped = %q", got)
	}
	for _, l := range got {
		if n := ansi.StringWidth(l); n != 14 {
			t.Errorf("Bullet line %q is %d cells", l, n)
		}
	}
	if got := Bullet("a long item", 4, 0); len(got) != 1 || ansi.StringWidth(got[0]) != 4 {
		t.Errorf("narrow Bullet = %q", got)
	}
}
