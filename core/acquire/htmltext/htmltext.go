// Package htmltext extracts the main content of an HTML page as
// Markdown-flavoured text, so that the analyzer (which understands Markdown
// headings) can find the page's sections.
//
// Parsing uses the standard library's encoding/xml Decoder in non-strict
// mode (Strict=false, AutoClose=xml.HTMLAutoClose, Entity=xml.HTMLEntity)
// through RawToken, so that element nesting is tracked here rather than
// enforced by the decoder. This keeps lore free of third-party dependencies
// and tolerates real pages well enough: before decoding, invalid UTF-8 and
// characters XML forbids are replaced, a "<" that cannot start a tag is
// escaped, and the raw-text elements script and style are cut out; when the
// decoder still reports a syntax error, decoding resumes after the offending
// tag. It is not an HTML5 parser: implied end tags are only approximated
// (p, li, td, th, tr, option), which is enough to extract text.
package htmltext

import (
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/acquire/mathml"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// IsNoteRefClass reports the class of a link to a footnote (pandoc's
// footnote-ref, docutils' footnote-reference, and the footnote_link,
// footnoteRef or fnref of hand-made editions such as SICP's).
func IsNoteRefClass(class string) bool {
	for _, f := range strings.Fields(strings.ToLower(class)) {
		rest, note := strings.CutPrefix(f, "footnote")
		if !note {
			rest, note = strings.CutPrefix(f, "fn")
		}
		rest = strings.TrimLeft(rest, "-_")
		if note && (rest == "ref" || rest == "reference" || rest == "link" || rest == "call") {
			return true
		}
	}
	return false
}

// Text returns the main content of the page as Markdown-ish text: headings
// h1–h6 become "#" headings, list items "- " lines, blockquotes "> " lines,
// pre blocks ``` fences kept verbatim, and paragraphs, table cells and other
// blocks plain text separated by blank lines. Scripts, styles, navigation,
// page headers and footers, asides, forms and frames are dropped. When the
// page has a <main> element only its content is kept, otherwise when it has
// <article> elements only theirs (an article holding a theorem-like block,
// a proof or another of PreTeXt's block families is a block inside the
// page, not its content, and does not count); failing both, elements whose class or id
// names boilerplate (nav, menu, footer, sidebar, cookie, banner, breadcrumb,
// share, comment) are dropped, unless they contain an <h1>; and when a main
// or article turns out empty, the whole page is used. A <header> inside the kept main or article
// is kept, since it usually holds the title. The structure a book's markup
// carries is kept in the forms Markdown sources use (see theorems.go):
// theorem-like containers as fenced divs, links to them as Markdown links,
// a bold or italic run-in label at a paragraph's start in emphasis. The
// result ends with a newline unless it is empty. Text never panics and runs
// in time linear in the input.
func Text(html string) string {
	toks, _ := tokenize(html)
	return textOf(toks)
}

// Page returns what Text and Title return, reading the page once.
func Page(html string) (text, title string) {
	text, title, _ = Read(html)
	return text, title
}

func textOf(toks []token) string {
	text, _ := readText(toks)
	return text
}

// readText is textOf, also saying how deep the page nests its elements.
func readText(toks []token) (string, Nesting) {
	mode := modeBoilerplate
	for _, t := range toks {
		if t.kind != tokStart {
			continue
		}
		if t.name == "main" {
			mode = modeMain
			break
		}
		if t.name == "article" && !blockArticle(t.class) {
			mode = modeArticle
		}
	}
	if mode == modeBoilerplate {
		markH1(toks)
	}
	styles := pageStyles(toks)
	w := &writer{mode: mode, dfnAt: -1, emphAt: -1, termAt: -1, styles: styles}
	w.run(toks)
	if out := w.result(); out != "" || mode == modeBoilerplate {
		return out, w.nesting
	}
	// An empty main or article (a script-rendered page, say): fall back to
	// the whole page.
	markH1(toks)
	w = &writer{mode: modeBoilerplate, dfnAt: -1, emphAt: -1, termAt: -1, styles: styles}
	w.run(toks)
	return w.result(), w.nesting
}

// pageStyles reads the page's own <style> elements.
func pageStyles(toks []token) Styles {
	var st Styles
	for _, t := range toks {
		if t.kind == tokStyle {
			st = ParseStyles(t.text, st)
		}
	}
	return st
}

// blockArticle reports an <article> whose class makes it a block inside
// the page rather than the page's content: PreTeXt writes its definitions,
// theorems, proofs, examples and exercises as articles, and a page of them
// must keep the headings and paragraphs around them.
func blockArticle(class string) bool {
	return ContainerKind("article", class) != "" || IsBlockFamily(class)
}

// markH1 flags the start tags whose element contains an <h1>: such an
// element holds the page's content even when its class names boilerplate
// (a "content-sidebar-wrap" wrapper, say), so it is not dropped by class.
func markH1(toks []token) {
	var stack []int
	open := map[string]int{}
	pop := func() {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		open[toks[i].name]--
		if toks[i].hasH1 && len(stack) > 0 {
			toks[stack[len(stack)-1]].hasH1 = true
		}
	}
	for i, t := range toks {
		switch t.kind {
		case tokStart:
			if t.void {
				continue
			}
			if t.name == "h1" && len(stack) > 0 {
				toks[stack[len(stack)-1]].hasH1 = true
			}
			stack = append(stack, i)
			open[t.name]++
		case tokEnd:
			if open[t.name] == 0 {
				continue
			}
			for len(stack) > 0 {
				top := toks[stack[len(stack)-1]].name
				pop()
				if top == t.name {
					break
				}
			}
		}
	}
	for len(stack) > 0 {
		pop()
	}
}

// Title returns the page's <title>, whitespace collapsed and entities
// decoded; failing that, the text of its first <h1>; failing both, "".
func Title(html string) string {
	toks, _ := tokenize(html)
	return titleOf(toks)
}

func titleOf(toks []token) string {
	for _, want := range []string{"title", "h1"} {
		depth := 0
		var b strings.Builder
		found := false
		for _, t := range toks {
			switch t.kind {
			case tokStart:
				if t.name == want && !t.void {
					depth++
					found = true
				}
			case tokEnd:
				if t.name == want && depth > 0 {
					depth--
					if depth == 0 {
						if s := text.CollapseSpace(b.String()); s != "" {
							return s
						}
						b.Reset()
					}
				}
			case tokText:
				if depth > 0 {
					b.WriteString(t.text)
				}
			}
		}
		if found {
			if s := text.CollapseSpace(b.String()); s != "" {
				return s
			}
		}
	}
	return ""
}

type tokKind uint8

const (
	tokStart tokKind = iota
	tokEnd
	tokText
	// tokStyle holds the text of the page's <style> elements, which
	// tokenize reads apart from its markup.
	tokStyle
)

type token struct {
	kind  tokKind
	name  string // lower-case element name
	void  bool   // start tag of a void element (no content, no end tag)
	attrs string // class and id values, lower-cased, space separated
	class string // the class attribute as written
	id    string // the id attribute as written
	href  string // an <a>'s href
	start int    // an <ol>'s start attribute, 0 when none
	hasH1 bool   // the element contains an <h1> (boilerplate mode only)
	// noteref marks a link to a footnote (role doc-noteref, epub:type
	// noteref, class footnote-ref or footnote-reference): its number is
	// no word of the sentence it stands in.
	noteref bool
	text    string
	// glyph is the character a MathJax SVG <use data-c="1D434"> draws;
	// mml the MathML node a <g data-mml-node="msup"> renders.
	glyph string
	mml   string
}

var voidElements = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range xml.HTMLAutoClose {
		m[n] = true
	}
	for _, n := range []string{"source", "track", "wbr", "embed", "keygen"} {
		m[n] = true
	}
	return m
}()

// tokenize turns the page into a flat token stream, recovering from
// syntax errors by resuming after the offending tag. The stream nests at
// most MaxDepth deep (see depthGuard); the Nesting says how deep the page
// itself nests and whether elements were read as their text alone.
func tokenize(html string) ([]token, Nesting) {
	src, sheet := prepare(html)
	var toks []token
	var guard depthGuard
	// mb reads a MathML formula while one is open: its linear text
	// ("n^2 ≥ 0") stands for it, not its tokens' text ("n2≥0").
	var mb *mathml.Builder
	pos := 0
	gt := -1 // cached index of the next '>' at or after some position
	for pos < len(src) {
		r := strings.NewReader(src[pos:])
		d := xml.NewDecoder(r)
		d.Strict = false
		d.AutoClose = xml.HTMLAutoClose
		d.Entity = xml.HTMLEntity
		d.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
		var err error
		for {
			var t xml.Token
			t, err = d.RawToken()
			if err != nil {
				break
			}
			if mb != nil {
				switch t := t.(type) {
				case xml.StartElement:
					mb.Start(t)
				case xml.EndElement:
					if mb.End() {
						toks = append(toks, token{kind: tokText, text: StripMarks(mb.Render())})
						mb = nil
					}
				case xml.CharData:
					mb.Chars(string(t))
				}
				continue
			}
			switch t := t.(type) {
			case xml.StartElement:
				if strings.EqualFold(t.Name.Local, "math") {
					mb = mathml.New(t)
					continue
				}
				name := elemName(t.Name)
				tok := token{kind: tokStart, name: name, void: voidElements[name]}
				if !tok.void && !guard.start(name) {
					continue
				}
				knowl := ""
				for _, a := range t.Attr {
					switch {
					case a.Name.Local == "type" && a.Name.Space != "" && strings.Contains(a.Value, "noteref"),
						strings.EqualFold(a.Name.Local, "role") && strings.Contains(a.Value, "doc-noteref"):
						tok.noteref = true
					case a.Name.Space != "":
					case strings.EqualFold(a.Name.Local, "class") || strings.EqualFold(a.Name.Local, "id"):
						tok.attrs += " " + strings.ToLower(a.Value)
						if strings.EqualFold(a.Name.Local, "class") {
							tok.class = a.Value
						} else {
							tok.id = strings.TrimSpace(a.Value)
						}
					case strings.EqualFold(a.Name.Local, "href") && name == "a":
						tok.href = a.Value
					case strings.EqualFold(a.Name.Local, "start") && name == "ol":
						if n, err := strconv.Atoi(strings.TrimSpace(a.Value)); err == nil && n > 0 && n < 1e6 {
							tok.start = n
						}
					case strings.EqualFold(a.Name.Local, "data-knowl") && name == "a":
						knowl = a.Value
					case a.Name.Local == "data-c" && name == "use":
						tok.glyph = GlyphText(a.Value)
					case a.Name.Local == "data-mml-node" && name == "g":
						tok.mml = a.Value
					}
				}
				if IsNoteRefClass(tok.class) {
					tok.noteref = true
				}
				if knowl != "" && Fragment(tok.href) == "" {
					if id := KnowlID(knowl); id != "" {
						tok.href = "#" + id
					}
				}
				toks = append(toks, tok)
			case xml.EndElement:
				if name := elemName(t.Name); guard.end(name) {
					toks = append(toks, token{kind: tokEnd, name: name})
				}
			case xml.CharData:
				toks = append(toks, token{kind: tokText, text: StripMarks(string(t))})
			}
		}
		if errors.Is(err, io.EOF) {
			if mb != nil {
				// A formula cut off by the end of the page keeps what it read.
				toks = append(toks, token{kind: tokText, text: StripMarks(mb.Render())})
			}
			break
		}
		// Syntax error: resume after the tag it happened in.
		off := pos + int(d.InputOffset())
		if off <= pos {
			off = pos + 1
		}
		if off > len(src) {
			off = len(src)
		}
		if gt < off {
			if i := strings.IndexByte(src[off:], '>'); i >= 0 {
				gt = off + i
			} else {
				gt = len(src)
			}
		}
		// Skip to just past the next '>' when the error left us inside a tag
		// (no '<' before it), otherwise just past the error.
		if lt := strings.IndexByte(src[off:min(gt, len(src))], '<'); lt < 0 && gt < len(src) {
			off = gt + 1
		}
		pos = off
	}
	if sheet != "" {
		toks = append(toks, token{kind: tokStyle, text: sheet})
	}
	return toks, guard.nesting
}

func elemName(n xml.Name) string {
	if n.Space != "" {
		return strings.ToLower(n.Space + ":" + n.Local)
	}
	return strings.ToLower(n.Local)
}

// prepare makes the page palatable to encoding/xml: valid UTF-8 without the
// characters XML forbids, script and style contents cut out, and a '<' that
// cannot start markup escaped.
func prepare(s string) (string, string) {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20, r >= 0x7f && r < 0xa0, r >= 0xd800 && r <= 0xdfff, r == 0xfffe, r == 0xffff:
			return ' '
		}
		return r
	}, s)
	s, sheet := cutRawText(s)
	var b strings.Builder
	b.Grow(len(s) + 16)
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '<' {
			continue
		}
		if i+1 < len(s) {
			c := s[i+1]
			if c == '/' || c == '!' || c == '?' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				continue
			}
		}
		b.WriteString(s[last:i])
		b.WriteString("&lt;")
		last = i + 1
	}
	b.WriteString(s[last:])
	return b.String(), sheet
}

// markupTemplate is the opening tag of a script element that holds markup
// for the page, not a program: type="text/x-handlebars-template",
// "text/template", "text/html", "text/ng-template", "text/x-template".
var markupTemplate = lazyre.New(`\btype\s*=\s*["']?text/(?:x-)?(?:handlebars-template|template|html|ng-template|mustache|x-template)\b`)

// cutRawText removes <script> and <style> elements, whose content is not
// markup and would confuse the decoder, and returns the style elements'
// text apart (up to MaxStyleSheet).
func cutRawText(s string) (string, string) {
	lower := asciiLower(s)
	var b, sheet strings.Builder
	last, i := 0, 0
	for {
		j := strings.Index(lower[i:], "<")
		if j < 0 {
			break
		}
		i += j
		tag := ""
		for _, t := range []string{"script", "style"} {
			if strings.HasPrefix(lower[i+1:], t) {
				k := i + 1 + len(t)
				if k == len(lower) || strings.IndexByte(" \t\r\n/>", lower[k]) >= 0 {
					tag = t
				}
			}
		}
		if tag == "" {
			i++
			continue
		}
		end := len(s)
		if k := strings.Index(lower[i:], "</"+tag); k >= 0 {
			end = i + k
			if g := strings.IndexByte(lower[end:], '>'); g >= 0 {
				end += g + 1
			} else {
				end = len(s)
			}
		}
		if open := strings.IndexByte(lower[i:end], '>'); tag == "script" && open >= 0 && markupTemplate.MatchString(lower[i:i+open]) {
			// a template the page's script renders into the page (Kafka's
			// documentation is a Handlebars template per chapter): its
			// content is the page's markup, read as the browser shows it
			body := s[i+open+1 : end]
			if k := strings.LastIndex(asciiLower(body), "</script"); k >= 0 {
				body = body[:k]
			}
			b.WriteString(s[last:i])
			b.WriteString(body)
			last, i = end, end
			continue
		}
		if tag == "style" && sheet.Len() < MaxStyleSheet {
			if open := strings.IndexByte(s[i:end], '>'); open >= 0 {
				body := s[i+open+1 : end]
				if k := strings.LastIndex(asciiLower(body), "</style"); k >= 0 {
					body = body[:k]
				}
				sheet.WriteString(body[:min(len(body), MaxStyleSheet-sheet.Len())])
				sheet.WriteByte('\n')
			}
		}
		b.WriteString(s[last:i])
		b.WriteByte(' ')
		last, i = end, end
	}
	if last == 0 {
		return s, ""
	}
	b.WriteString(s[last:])
	return b.String(), sheet.String()
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
