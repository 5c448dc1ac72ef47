package sanitize

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

var hiddenNames = map[rune]string{
	0x00ad: "soft hyphen", 0x034f: "combining grapheme joiner", 0x061c: "Arabic letter mark",
	0x115f: "Hangul choseong filler", 0x1160: "Hangul jungseong filler", 0x3164: "Hangul filler", 0xffa0: "halfwidth Hangul filler",
	0x17b4: "Khmer vowel inherent AQ", 0x17b5: "Khmer vowel inherent AA", 0x180e: "Mongolian vowel separator",
	0x200b: "zero-width space", 0x200c: "zero-width non-joiner", 0x200d: "zero-width joiner",
	0x200e: "left-to-right mark", 0x200f: "right-to-left mark",
	0x202a: "left-to-right embedding", 0x202b: "right-to-left embedding", 0x202c: "pop directional formatting",
	0x202d: "left-to-right override", 0x202e: "right-to-left override",
	0x2060: "word joiner", 0x2061: "function application", 0x2062: "invisible times", 0x2063: "invisible separator", 0x2064: "invisible plus",
	0x2066: "left-to-right isolate", 0x2067: "right-to-left isolate", 0x2068: "first strong isolate", 0x2069: "pop directional isolate",
	0xfeff: "zero-width no-break space (BOM)", 0x1b: "escape", 0x9b: "control sequence introducer", 0x08: "backspace", 0x00: "NUL", 0x7f: "delete",
}

func hiddenName(r rune) string {
	if n, ok := hiddenNames[r]; ok {
		return n
	}
	switch c := text.Hidden(r); c {
	case text.VariationSelector:
		return "variation selector"
	case text.TagCharacter:
		return "tag character"
	case text.ControlCharacter, text.EscapeCharacter:
		return "control character"
	}
	return "format character"
}

// hiddenRun reports one finding for a run of consecutive invisible
// characters starting at i and returns where the run ends.
func (sc *scanner) hiddenRun(i int) int {
	s := sc.s
	type seen struct {
		r rune
		n int
	}
	var distinct []seen
	var counts [text.HiddenClasses]int
	j := i
	n := 0
	var tagText, vsBytes []byte
	for j < len(s) {
		r, size := utf8.DecodeRuneInString(s[j:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		c := text.Hidden(r)
		if c == text.NotHidden {
			break
		}
		counts[c]++
		n++
		found := false
		for k := range distinct {
			if distinct[k].r == r {
				distinct[k].n++
				found = true
				break
			}
		}
		if !found && len(distinct) < 8 {
			distinct = append(distinct, seen{r, 1})
		}
		switch {
		case c == text.TagCharacter && r >= 0xe0020 && r <= 0xe007e && len(tagText) < 512:
			tagText = append(tagText, byte(r-0xe0000))
		case c == text.VariationSelector && r >= 0xfe00 && r <= 0xfe0f && len(vsBytes) < 512:
			vsBytes = append(vsBytes, byte(r-0xfe00))
		case c == text.VariationSelector && r >= 0xe0100 && len(vsBytes) < 512:
			vsBytes = append(vsBytes, byte(r-0xe0100+16))
		}
		j += size
	}
	if j == i {
		return i + 1
	}
	if counts[text.ControlCharacter] == n {
		// Stray controls are what PDF extraction leaves for glyphs it
		// could not map; they hide nothing from a model and are shown
		// spelled out to the reviewer, so one note per document says it.
		if sc.ctrlN == 0 {
			sc.ctrlAt = span{i, j}
		}
		sc.ctrlN += n
		for k := i; k < j; {
			r, size := utf8.DecodeRuneInString(s[k:])
			if r < rune(len(sc.ctrlSeen)) {
				sc.ctrlSeen[r]++
			}
			k += size
		}
		return j
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	next, _ := utf8.DecodeRuneInString(s[j:])
	if i == 0 {
		prev = -1
	}
	if j >= len(s) {
		next = -1
	}
	if benignHidden(s, i, j, n, counts, prev, next, len(tagText)) {
		return j
	}

	sev := core.Info
	bump := func(x core.Severity) {
		if sevIndex(x) < sevIndex(sev) {
			sev = x
		}
	}
	lineStart := i == 0 || s[i-1] == '\n'
	if counts[text.ZeroWidth]+counts[text.BidiControl]+counts[text.TagCharacter] > 0 {
		bump(core.Critical)
	}
	if counts[text.InnerBOM] > 0 {
		if lineStart && n == 1 {
			bump(core.Warning)
		} else {
			bump(core.Critical)
		}
	}
	if counts[text.BidiMark]+counts[text.Filler]+counts[text.FormatControl]+counts[text.ControlCharacter]+counts[text.EscapeCharacter] > 0 {
		bump(core.Warning)
	}
	vsText := ""
	if counts[text.VariationSelector] >= 4 {
		if t := string(vsBytes); printable(t) {
			vsText = t
			bump(core.Critical)
		} else {
			bump(core.Warning)
		}
	}
	literal := sc.source && sev == core.Critical && counts[text.BidiControl]+counts[text.TagCharacter] == 0 && vsText == "" &&
		inLiteral(s, i)
	if literal {
		// Program source spells invisible characters inside strings and
		// patterns to strip or test for them; there they reorder nothing
		// and hide no identifier. Direction controls and tag text stay
		// critical (Trojan Source, smuggled text).
		sev = core.Warning
	}
	// One zero-width space (or mark, or word joiner) opening a line before
	// a fence marker keeps the fence from opening, so that a guide can show
	// one: it changes how the text renders, hiding no word. One step lower.
	fenceEscape := sev != core.Info && lineStart && n == 1 && (distinct[0].r == 0x200b || distinct[0].r == 0x200e || distinct[0].r == 0x2060) &&
		(strings.HasPrefix(s[j:], "```") || strings.HasPrefix(s[j:], "~~~"))
	if fenceEscape {
		sev = lowerSev(sev)
	}
	if !sc.room(core.HiddenCharacters, sev) {
		return j
	}

	var desc strings.Builder
	if literal {
		desc.WriteString("in source code, inside a string or pattern: ")
	}
	if fenceEscape {
		desc.WriteString("before a code fence, keeping it from opening: ")
	}
	switch {
	case len(tagText) > 0:
		fmt.Fprintf(&desc, "hidden text in %d Unicode tag character(s) (U+E0000–U+E007F): %s", counts[text.TagCharacter], quoteCut(string(tagText), 80))
	case vsText != "":
		fmt.Fprintf(&desc, "hidden text in %d variation selectors: %s", counts[text.VariationSelector], quoteCut(vsText, 80))
	default:
		if n == 1 {
			fmt.Fprintf(&desc, "1 hidden character: %s (U+%04X)", hiddenName(distinct[0].r), distinct[0].r)
		} else {
			fmt.Fprintf(&desc, "run of %d hidden characters:", n)
			for k, d := range distinct {
				if k > 0 {
					desc.WriteByte(',')
				}
				fmt.Fprintf(&desc, " %s (U+%04X) ×%d", hiddenName(d.r), d.r, d.n)
			}
		}
	}
	if counts[text.BidiControl] > 0 {
		desc.WriteString(" — reorders how the text displays")
	}
	if counts[text.EscapeCharacter] > 0 {
		desc.WriteString(" — can drive a terminal that displays the text")
	}
	if counts[text.InnerBOM] > 0 && lineStart && n == 1 {
		desc.WriteString(" at the start of a line, likely from joined files")
	}
	rec := "Strip the invisible characters (or reject the source) and re-read the text around them."
	switch {
	case counts[text.TagCharacter] > 0 || vsText != "":
		rec = "Reject the source or strip the invisible characters: they smuggle text a reader cannot see."
	case counts[text.BidiControl] > 0:
		rec = "Reject the source or strip the direction controls: displayed text differs from what a model reads."
	case sev == core.Info:
		rec = "Usually harmless typography; strip it if the text will be searched or compared."
	}
	sc.add(i, j, core.HiddenCharacters, sev, desc.String(), rec, false)
	return j
}

// inLiteral reports whether offset i of program source sits inside a
// string literal ('…', "…", `…`) or a regular expression's character
// class (/[…]/) opened earlier on its line.
func inLiteral(s string, i int) bool {
	ls := strings.LastIndexByte(s[max(0, i-4096):i], '\n') + max(0, i-4096) + 1
	var quote byte
	class := false
	for k := ls; k < i; k++ {
		c := s[k]
		switch {
		case c == '\\':
			k++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case class:
			class = c != ']'
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '[' && k > ls && s[k-1] == '/':
			class = true
		}
	}
	return quote != 0 || class
}

// benignHidden recognizes the invisible characters that ordinary text
// needs: a leading BOM, emoji sequences (ZWJ, VS15/VS16, flag tags) and
// joiners inside words of scripts that use them (Persian, Indic, …).
func benignHidden(s string, i, j, n int, counts [text.HiddenClasses]int, prev, next rune, tagLetters int) bool {
	if i == 0 && n == 1 && counts[text.InnerBOM] == 1 {
		return true
	}
	if n == 1 && counts[text.ZeroWidth] == 1 && prev == '`' && next == '`' {
		// `​`​`: the usual way to show a Markdown fence inside
		// a fenced block without closing it.
		return true
	}
	onlyEmoji := counts[text.ZeroWidth]+counts[text.VariationSelector] == n
	if onlyEmoji {
		for k := i; k < j; {
			r, size := utf8.DecodeRuneInString(s[k:])
			if r != 0x200d && r != 0xfe0e && r != 0xfe0f {
				onlyEmoji = false
			}
			k += size
		}
	}
	if onlyEmoji && isEmoji(prev) {
		hasZWJ := strings.Contains(s[i:j], "\u200d")
		if !hasZWJ || isEmoji(next) {
			return true
		}
	}
	// VS15/VS16 after a digit, # or * makes a keycap.
	if onlyEmoji && n == 1 && counts[text.VariationSelector] == 1 && (prev == '#' || prev == '*' || (prev >= '0' && prev <= '9')) {
		return true
	}
	if n == 1 && counts[text.ZeroWidth] == 1 && (strings.HasPrefix(s[i:], "\u200c") || strings.HasPrefix(s[i:], "\u200d")) &&
		joinerScript(prev) && joinerScript(next) {
		return true
	}
	if prev == 0x1f3f4 && counts[text.TagCharacter] == n && n <= 8 && tagLetters == n-1 && strings.HasSuffix(s[i:j], "\U000E007F") {
		return true
	}
	return false
}

func isEmoji(r rune) bool {
	switch {
	case r < 0xa9:
		return false
	case r >= 0x1f000 && r <= 0x1faff, r >= 0x2600 && r <= 0x27bf, r >= 0x2300 && r <= 0x23ff, r >= 0x2b00 && r <= 0x2bff:
		return true
	}
	return unicode.Is(unicode.So, r) || r == 0x203c || r == 0x2049 || r == 0x2122 || r == 0x2139 || r == 0xa9 || r == 0xae
}

// joinerScript reports letters of the scripts where ZWJ/ZWNJ shape words:
// anything that is a letter or mark outside Latin, Greek and Cyrillic.
func joinerScript(r rune) bool {
	if r < 0x0590 {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsMark(r)
}

func printable(t string) bool {
	if t == "" || !utf8.ValidString(t) {
		return false
	}
	bad, n := 0, 0
	for _, r := range t {
		n++
		if r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0x7f || r == utf8.RuneError {
			bad++
		}
	}
	return bad*10 <= n
}

func (sc *scanner) nonASCII(i int) int {
	r, size := utf8.DecodeRuneInString(sc.s[i:])
	if r == utf8.RuneError && size == 1 {
		return i + 1
	}
	if text.Hidden(r) != text.NotHidden {
		return sc.hiddenRun(i)
	}
	if r >= 0x370 && r <= 0x52f && i >= sc.homoNext {
		sc.homoglyph(i)
	}
	return i + size
}

// hiddenOnly is nonASCII for HOME, which trusts local text with the
// invisible characters of ordinary typing (zero-width spaces, joiners)
// and with mixed scripts, but not with the two that are attacks wherever a
// file comes from: bidi controls reordering what a reviewer sees (Trojan
// Source, in a local checkout as in a download) and tag characters
// carrying text nobody sees. Only critical findings are kept (see add).
func (sc *scanner) hiddenOnly(i int) int {
	r, size := utf8.DecodeRuneInString(sc.s[i:])
	if h := text.Hidden(r); h == text.BidiControl || h == text.TagCharacter {
		return sc.hiddenRun(i)
	}
	return i + size
}

// Latin look-alikes in Cyrillic and Greek. Greek has two grades: letters
// indistinguishable from Latin (capitals, omicron) and letters that only
// resemble one and are common math symbols (α, ι, ν, ρ …).
var cyrLook = map[rune]rune{
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'з': '3', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'п': 'n',
	'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ү': 'y', 'һ': 'h', 'ӏ': 'l',
	'А': 'A', 'В': 'B', 'Е': 'E', 'З': '3', 'І': 'I', 'Ї': 'I', 'Ј': 'J', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C',
	'Т': 'T', 'Х': 'X', 'У': 'Y', 'Ү': 'Y', 'Ѕ': 'S', 'Ԛ': 'Q', 'Ԝ': 'W', 'Һ': 'H', 'Ӏ': 'I',
}

var greekStrict = map[rune]rune{
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y',
	'Χ': 'X', 'ο': 'o', 'ϲ': 'c', 'ϳ': 'j', 'Ϲ': 'C', 'Ϳ': 'J',
}

var greekLoose = map[rune]rune{
	'α': 'a', 'ι': 'i', 'ν': 'v', 'ρ': 'p', 'κ': 'k', 'υ': 'u', 'χ': 'x', 'γ': 'y', 'τ': 't', 'ε': 'e',
}

// latinLookCyr are the Latin letters that pass for Cyrillic ones, for a
// Latin letter slipped into a Cyrillic word.
const latinLookCyr = "aceopxyijsABCEHKMOPTXIJS"

// greekMathMin Greek letters used as symbols make a document mathematical,
// and then loose Greek look-alikes are variables, not disguises.
const greekMathMin = 3

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return isWordByte(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// homoglyph judges the word around the Cyrillic or Greek letter at i. A
// word written wholly in one script is never a finding (Russian text,
// "λ-calculus", α and β in formulas); a Latin word with a look-alike from
// another script inside it is ("vаlue" with U+0430).
func (sc *scanner) homoglyph(i int) {
	s := sc.s
	a := i
	for a > 0 && i-a < 64 {
		r, size := utf8.DecodeLastRuneInString(s[:a])
		if !isWordRune(r) {
			break
		}
		a -= size
	}
	b := i
	for b < len(s) && b-i < 64 {
		r, size := utf8.DecodeRuneInString(s[b:])
		if !isWordRune(r) || text.Hidden(r) != text.NotHidden {
			break
		}
		b += size
	}
	sc.homoNext = b
	var latin, cyr, greek, other, digits, cyrL, latinL, gStrict, gLoose int
	for _, r := range s[a:b] {
		switch {
		case r < utf8.RuneSelf && letter[byte(r)]:
			latin++
			if strings.ContainsRune(latinLookCyr, r) {
				latinL++
			}
		case r < utf8.RuneSelf:
			digits++
		case r >= 0x400 && r <= 0x52f:
			cyr++
			if _, ok := cyrLook[r]; ok {
				cyrL++
			}
		case r >= 0x370 && r <= 0x3ff:
			greek++
			if _, ok := greekStrict[r]; ok {
				gStrict++
			} else if _, ok := greekLoose[r]; ok {
				gLoose++
			}
		case unicode.IsMark(r):
		case unicode.Is(unicode.Latin, r):
			latin++
		case unicode.IsDigit(r):
			digits++
		default:
			other++
		}
	}
	if greek > 0 && (latin+greek <= 2 || digits > 0) {
		sc.greekMath++
	}
	if latin == 0 || other > 0 || latin+cyr+greek < 3 {
		return
	}
	script := ""
	loose := false
	switch {
	case cyr > 0 && greek == 0 && (cyrL == cyr || latinL == latin && cyr > latin):
		script = "Cyrillic"
	case greek > 0 && cyr == 0 && latin >= 2 && latin >= greek && gStrict+gLoose == greek:
		script = "Greek"
		loose = gLoose > 0
	}
	if script == "" {
		return
	}
	if loose {
		sc.looseGreek = append(sc.looseGreek, span{a, b})
		return
	}
	sc.homoglyphHit(a, b, script, script == "Cyrillic" && cyrL != cyr)
}

// homoglyphHit reports the mixed-script word s[a:b], naming the first
// look-alike letter, or saying that Latin letters sit in a foreign word.
func (sc *scanner) homoglyphHit(a, b int, script string, latinInside bool) {
	if !sc.room(core.HiddenCharacters, core.Warning) {
		return
	}
	w := sc.s[a:b]
	desc := "mixed-script word " + quoteCut(w, 40) + " (" + markForeign(w) + ")"
	named := false
	for _, r := range w {
		if latinInside {
			break
		}
		l, ok := cyrLook[r]
		if !ok {
			l, ok = greekStrict[r]
		}
		if !ok {
			l, ok = greekLoose[r]
		}
		if ok {
			desc += fmt.Sprintf(": %s %c (U+%04X) looks like Latin %c", script, r, r, l)
			named = true
			break
		}
	}
	if !named {
		desc += ": Latin letters inside a " + script + " word"
	}
	sc.add(a, b, core.HiddenCharacters, core.Warning, desc,
		"Replace the look-alike letters with Latin ones, or reject the source if the word is a name, command or link that matters.", false)
}

// markForeign spells out the Cyrillic and Greek letters of a word, so the
// description shows which letter is the impostor.
func markForeign(w string) string {
	var sb strings.Builder
	for _, r := range w {
		if r >= 0x370 && r <= 0x52f {
			fmt.Fprintf(&sb, "⟨U+%04X⟩", r)
		} else {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// controlNote is the one finding for a document's stray control characters.
func (sc *scanner) controlNote() {
	if sc.ctrlN == 0 {
		return
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d stray control character(s) in the text (", sc.ctrlN)
	listed := 0
	for r, n := range sc.ctrlSeen {
		if n == 0 {
			continue
		}
		if listed == 6 {
			sb.WriteString(", …")
			break
		}
		if listed > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "U+%04X ×%d", r, n)
		listed++
	}
	sb.WriteString("), typical of glyphs a PDF or OCR extractor could not map")
	sc.add(sc.ctrlAt.a, sc.ctrlAt.b, core.HiddenCharacters, core.Info, sb.String(),
		"Harmless to a model, but the text around them may be garbled; check it reads as intended.", false)
}
