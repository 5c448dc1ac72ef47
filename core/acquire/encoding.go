package acquire

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// invalidUTF8Error is Normalize's error for text that is not UTF-8: a
// LaTeX, Markdown or plain text document is then read in the encoding it
// declares or, declaring none, as Windows-1252 (see legacyText).
type invalidUTF8Error struct {
	b         byte
	off, line int
}

func (e *invalidUTF8Error) Error() string {
	return fmt.Sprintf("not valid UTF-8 (invalid byte 0x%02X at offset %d, line %d)", e.b, e.off, e.line)
}

// legacyEncodings are the encodings LaTeX's inputenc names that lore
// reads, by the option's name, with the name a note gives them.
var legacyEncodings = map[string]legacyEncoding{
	"latin1":   {charmap.ISO8859_1, "Latin-1 (ISO 8859-1)"},
	"latin2":   {charmap.ISO8859_2, "Latin-2 (ISO 8859-2)"},
	"latin9":   {charmap.ISO8859_15, "Latin-9 (ISO 8859-15)"},
	"cp1250":   {charmap.Windows1250, "Windows-1250"},
	"cp1251":   {charmap.Windows1251, "Windows-1251"},
	"cp1252":   {charmap.Windows1252, "Windows-1252"},
	"ansinew":  {charmap.Windows1252, "Windows-1252"},
	"cp437":    {charmap.CodePage437, "code page 437"},
	"cp850":    {charmap.CodePage850, "code page 850"},
	"applemac": {charmap.Macintosh, "Mac OS Roman"},
	"koi8-r":   {charmap.KOI8R, "KOI8-R"},
}

// inputenc is a LaTeX file's \usepackage[...]{inputenc} (or
// \inputencoding{...}): the encoding its bytes are in.
var inputenc = lazyre.New(`\\usepackage\s*\[([^\]]*)\]\s*\{inputenc\}|\\inputencoding\s*\{([^}]*)\}`)

// legacyText reads raw, a document of extension ext that is not valid
// UTF-8 (invalid says where), when it is LaTeX, Markdown or plain text:
// a LaTeX file in the encoding its inputenc names, any of them otherwise
// as Windows-1252, which editors on Windows write and which reads Latin-1's
// printable text alike, when no more than one byte in ten is not ASCII. It returns the text and a note saying which
// encoding was used and why; ok is false when the document is of another
// kind, or declares UTF-8 or an encoding lore does not know, and invalid
// stands.
func legacyText(ext string, raw []byte, invalid *invalidUTF8Error) (text, note string, ok bool) {
	switch formats[ext].format {
	case core.FormatLaTeX, core.FormatMarkdown, core.FormatText:
	default:
		return "", "", false
	}
	enc, why := legacyEncodings["cp1252"], ": it is "+invalid.Error()+" and declares no encoding"
	declared := false
	if formats[ext].format == core.FormatLaTeX {
		if m := inputenc.FindSubmatch(raw); m != nil {
			e, known := declaredEncoding(string(m[1]) + string(m[2]))
			if !known {
				return "", "", false
			}
			enc, why, declared = e, fmt.Sprintf(", as its %s says: it is not valid UTF-8", string(m[0])), true
		}
	}
	if !declared && !mostlyASCII(raw) {
		return "", "", false
	}
	text, ok = decodeLegacy(enc.cm, raw)
	if !ok {
		return "", "", false
	}
	return text, "read as " + enc.name + why, true
}

// legacyEncoding is an encoding lore reads text in, with the name a note
// gives it.
type legacyEncoding struct {
	cm   *charmap.Charmap
	name string
}

// declaredEncoding is the encoding inputenc's options opt name, if lore
// knows it: the last option names it (\usepackage[T1,latin1]… is read
// with latin1).
func declaredEncoding(opt string) (legacyEncoding, bool) {
	parts := strings.Split(opt, ",")
	e, ok := legacyEncodings[strings.ToLower(strings.TrimSpace(parts[len(parts)-1]))]
	return e, ok
}

// decodeLegacy is raw read in cm, normalized as any text is.
func decodeLegacy(cm *charmap.Charmap, raw []byte) (string, bool) {
	out, err := cm.NewDecoder().Bytes(raw)
	if err != nil {
		return "", false
	}
	text, err := Normalize(out)
	return text, err == nil
}

// undeclaredLaTeX reports whether a LaTeX file that decoding read with
// notes (raw, of extension ext) was read as Windows-1252 for want of a
// declared encoding: not UTF-8 and naming none itself. A chapter is such
// a file when its main file declares the encoding (inheritEncodings).
func undeclaredLaTeX(ext string, raw []byte, notes []string) bool {
	return formats[ext].format == core.FormatLaTeX && len(notes) > 0 && !utf8.Valid(raw) && !inputenc.Match(raw)
}

// inheritEncodings reads again, in the encoding their main file's
// inputenc declares, the chapters of res read as Windows-1252 because
// they declare none (res.undeclared): TeX reads an \input or \include'd
// file in the encoding in force where it is included, so a Latin-9
// book's euro sign is no "¤". Their notes say where the encoding came
// from. A file that includes others and declares its own is done first,
// so that the nearest declaration wins.
func inheritEncodings(res *Result) {
	if len(res.undeclared) == 0 {
		return
	}
	defer func() { res.undeclared = nil }()
	byName := map[string]int{}
	for i, d := range res.Documents {
		if d.Format == core.FormatLaTeX {
			byName[d.Name] = i
		}
	}
	includes := map[int][]bookInclude{}
	included := map[int]bool{}
	var declaring []int
	for _, i := range byName {
		inc := findIncludes(res.Documents[i], byName)
		if len(inc) == 0 {
			continue
		}
		includes[i] = inc
		for _, in := range inc {
			included[byName[in.name]] = true
		}
		if _, undeclared := res.undeclared[res.Documents[i].Name]; !undeclared {
			declaring = append(declaring, i)
		}
	}
	sort.Slice(declaring, func(x, y int) bool {
		a, b := declaring[x], declaring[y]
		if included[a] != included[b] {
			return included[a]
		}
		return res.Documents[a].Name < res.Documents[b].Name
	})
	for _, i := range declaring {
		main := res.Documents[i]
		m := inputenc.FindStringSubmatch(main.Text)
		if m == nil {
			continue
		}
		enc, known := declaredEncoding(m[1] + m[2])
		if !known {
			continue
		}
		for j := range includedBy(i, includes, byName) {
			ch := &res.Documents[j]
			raw, ok := res.undeclared[ch.Name]
			if !ok {
				continue
			}
			text, ok := decodeLegacy(enc.cm, raw)
			if !ok {
				continue
			}
			ch.Text = text
			delete(res.undeclared, ch.Name)
			note := fmt.Sprintf("read as %s, as its main file %s's %s says: it is not valid UTF-8", enc.name, main.Name, m[0])
			for k := range res.Notes {
				if res.Notes[k].Path == ch.Name {
					res.Notes[k].Reason = note
				}
			}
		}
	}
}

// mostlyASCII reports text of which at most one byte in ten is not
// ASCII, as Windows-1252 text in a Western language is (an accent or a
// quote here and there): a file that is mostly high bytes is in another
// encoding (Greek, Cyrillic, East Asian) or not text, and read as
// Windows-1252 it would be learned as gibberish.
func mostlyASCII(raw []byte) bool {
	high := 0
	for _, b := range raw {
		if b >= 0x80 {
			high++
		}
	}
	return high*10 <= len(raw)
}

// asInvalidUTF8 is err as an invalidUTF8Error, or nil.
func asInvalidUTF8(err error) *invalidUTF8Error {
	var e *invalidUTF8Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}
