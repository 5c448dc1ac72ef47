package htmltext

import (
	"strconv"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// Styles maps a class to the emphasis its style sheet gives it: "b" for a
// bold weight, "i" for an italic or oblique style. Converters that set
// type by generated classes (Calibre's "calibre12", DITA's, Word's) say
// only in their CSS which class is bold, so a label set in one is read as
// one only through it.
type Styles map[string]string

// MaxStyleSheet bounds how much style sheet text is read for one page or
// book; a longer one is read up to it.
const MaxStyleSheet = 4 << 20

// ParseStyles reads the rules of a style sheet whose subject is a class
// (".calibre5", "span.bold", "p .label"; selector lists too) and notes the
// classes set bold or italic; a later rule setting a class back to normal
// undoes it. Rules in at-rules (@media print) count as well. Anything
// else is skipped, and text past MaxStyleSheet is not read.
func ParseStyles(sheet string, into Styles) Styles {
	if into == nil {
		into = Styles{}
	}
	if len(sheet) > MaxStyleSheet {
		sheet = sheet[:MaxStyleSheet]
	}
	p := css.NewParser(parse.NewInputString(sheet), false)
	var classes []string
	for {
		gt, _, data := p.Next()
		switch gt {
		case css.ErrorGrammar:
			if p.Err() != nil {
				return into
			}
		case css.BeginRulesetGrammar:
			classes = subjectClasses(p.Values())
		case css.EndRulesetGrammar:
			classes = nil
		case css.DeclarationGrammar:
			if len(classes) == 0 {
				continue
			}
			if e, ok := declared(strings.ToLower(string(data)), p.Values()); ok {
				for _, c := range classes {
					switch {
					case e != "":
						if into[c] != "b" { // bold wins: a bold italic label is bold
							into[c] = e
						}
					default:
						delete(into, c)
					}
				}
			}
		}
	}
}

// declared reads a font-weight or font-style declaration: the emphasis
// it sets ("" for normal) and whether it is one of them.
func declared(prop string, vals []css.Token) (string, bool) {
	v := ""
	for _, t := range vals {
		if t.TokenType != css.WhitespaceToken {
			v += strings.ToLower(string(t.Data))
		}
	}
	v = strings.TrimSuffix(v, "!important")
	switch prop {
	case "font-weight":
		if v == "bold" || v == "bolder" {
			return "b", true
		}
		if n, err := strconv.Atoi(v); err == nil {
			if n >= 600 {
				return "b", true
			}
			return "", true
		}
		return "", v == "normal" || v == "lighter"
	case "font-style":
		if v == "italic" || v == "oblique" || strings.HasPrefix(v, "oblique") {
			return "i", true
		}
		return "", v == "normal"
	}
	return "", false
}

// subjectClasses returns the class each selector of a list names as its
// subject: the class of the last compound selector when that compound is
// an element name and one class, or one class alone (".x", "span.x",
// "div .x"); none for selectors with attributes, pseudo-classes or ids
// there, whose rule holds only sometimes.
func subjectClasses(sel []css.Token) []string {
	var out []string
	var compound []css.Token
	flush := func() {
		class, ok := "", true
		for i := 0; i < len(compound); i++ {
			t := compound[i]
			switch {
			case t.TokenType == css.IdentToken && i == 0:
			case t.TokenType == css.DelimToken && string(t.Data) == "." && i+1 < len(compound) && compound[i+1].TokenType == css.IdentToken && class == "":
				class = string(compound[i+1].Data)
				i++
			default:
				ok = false
			}
		}
		if ok && class != "" {
			out = append(out, class)
		}
		compound = compound[:0]
	}
	space := false // white space since the last token: maybe a combinator
	for _, t := range sel {
		switch {
		case t.TokenType == css.CommaToken:
			flush()
			space = false
		case t.TokenType == css.WhitespaceToken:
			space = true
		case t.TokenType == css.DelimToken && (string(t.Data) == ">" || string(t.Data) == "+" || string(t.Data) == "~"):
			compound = compound[:0] // a combinator: the subject is after it
			space = false
		default:
			if space {
				compound = compound[:0]
			}
			space = false
			compound = append(compound, t)
		}
	}
	flush()
	return out
}

// Emphasis is FontEmphasis with the style sheet's word first: the
// emphasis ("b" or "i") a span of these classes is set in, or name when
// it has none.
func (s Styles) Emphasis(class, name string) string {
	e := ""
	if len(s) > 0 {
		for _, f := range strings.Fields(class) {
			if x := s[f]; x == "b" || e == "" {
				e = x // bold wins, as in ParseStyles
			}
		}
	}
	if e != "" {
		return e
	}
	return FontEmphasis(class, name)
}
