package text

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is the one definition of which characters are hidden and how
// lore spells them wherever a person must see what is really there:
// sanitizer evidence, archive entry names, the Markdown report, the
// terminal app. Every such place calls Visible, so a character spelled in
// one is spelled in all.

// HiddenClass is a class of characters a reader does not see, by what
// they can do to the text around them.
type HiddenClass uint8

const (
	NotHidden         HiddenClass = iota
	ZeroWidth                     // joiners and spaces of zero width: hide or split words
	BidiControl                   // embeddings, overrides, isolates: reorder displayed text
	TagCharacter                  // the Tags block: invisible ASCII
	InnerBOM                      // U+FEFF inside the text
	BidiMark                      // LRM/RLM/ALM: legitimate in right-to-left text
	Filler                        // Hangul and Khmer fillers: blank-looking letters
	FormatControl                 // other format controls (invisible operators, …)
	ControlCharacter              // other C0/C1 control characters
	EscapeCharacter               // ESC and CSI: start terminal escape sequences
	VariationSelector             // variation selectors
	SoftMark                      // soft hyphen, combining grapheme joiner
	// HiddenClasses is the number of classes, for arrays indexed by class.
	HiddenClasses
)

// Hidden classifies r; NotHidden for every character a reader sees (and
// for tab, line feed, carriage return and form feed, which lay text out).
func Hidden(r rune) HiddenClass {
	switch {
	case r < 0x20:
		switch r {
		case '\t', '\n', '\r', '\f':
			return NotHidden
		case 0x1b:
			return EscapeCharacter
		}
		return ControlCharacter
	case r < 0x7f:
		return NotHidden
	case r == 0x9b:
		return EscapeCharacter
	case r < 0xa0:
		return ControlCharacter
	case r < 0x34f:
		if r == 0xad {
			return SoftMark
		}
		return NotHidden
	case r == 0x34f:
		return SoftMark
	case r < 0x61c:
		return NotHidden
	case r == 0x61c:
		return BidiMark
	case r < 0x115f:
		return NotHidden
	case r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5, r == 0x3164, r == 0xffa0:
		return Filler
	case r >= 0x180b && r <= 0x180d, r == 0x180f:
		return VariationSelector
	case r == 0x180e:
		return ZeroWidth
	case r < 0x200b:
		return NotHidden
	case r <= 0x200d:
		return ZeroWidth
	case r <= 0x200f:
		return BidiMark
	case r < 0x202a:
		return NotHidden
	case r <= 0x202e:
		return BidiControl
	case r < 0x2060:
		return NotHidden
	case r == 0x2060:
		return ZeroWidth
	case r <= 0x2064:
		return FormatControl
	case r == 0x2065:
		return NotHidden
	case r <= 0x2069:
		return BidiControl
	case r <= 0x206f:
		return FormatControl
	case r < 0xfe00:
		return NotHidden
	case r <= 0xfe0f:
		return VariationSelector
	case r == 0xfeff:
		return InnerBOM
	case r >= 0xfff9 && r <= 0xfffb:
		return FormatControl
	case r >= 0x1bca0 && r <= 0x1bca3, r >= 0x1d173 && r <= 0x1d17a:
		return FormatControl
	case r >= 0xe0000 && r <= 0xe007f:
		return TagCharacter
	case r >= 0xe0100 && r <= 0xe01ef:
		return VariationSelector
	}
	return NotHidden
}

// Spelling says which characters Visible spells out besides the hidden
// ones and the bytes that are not UTF-8.
type Spelling uint8

const (
	// InText keeps running text readable on one line: a line feed shows
	// as ⏎, a tab, carriage return or form feed as a space, and spaces
	// of every kind as they are.
	InText Spelling = iota
	// InName spells every character that is not a printed glyph or the
	// ASCII space (tab, line feed, no-break and other spaces, line
	// separators, default-ignorable code points): in a file or link name
	// each of them is a disguise.
	InName
)

// Visible returns s with every hidden character spelled ⟨U+XXXX⟩ and
// every byte that is not UTF-8 spelled ⟨0xFF⟩, laid out as how says.
func Visible(s string, how Spelling) string {
	var b strings.Builder
	AppendVisible(&b, s, how)
	return b.String()
}

// AppendVisible writes Visible(s, how) to b.
func AppendVisible(b *strings.Builder, s string, how Spelling) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(b, "⟨0x%02X⟩", s[i])
		case Hidden(r) != NotHidden || how == InName && unprintedInName(r):
			Spell(b, r)
		case r == '\n':
			b.WriteString("⏎")
		case r == '\t' || r == '\r' || r == '\f':
			b.WriteByte(' ')
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
}

// Spell writes r as ⟨U+XXXX⟩.
func Spell(b *strings.Builder, r rune) { fmt.Fprintf(b, "⟨U+%04X⟩", r) }

func unprintedInName(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Other_Default_Ignorable_Code_Point) ||
		(unicode.Is(unicode.Zs, r) && r != ' ')
}
