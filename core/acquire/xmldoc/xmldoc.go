// Package xmldoc reads an XML document of a vocabulary lore has no reader
// of its own for — DocBook, JATS, the XMPP Standards Foundation's XEPs,
// a project's own — as the HTML page its elements mean, for the HTML
// reader to read. Such vocabularies share their shapes under other names:
// a division with a title (<section><title>, <sect1>, <sec>, <section1
// topic="…">), paragraphs (<para>, <p>, <simpara>), ordered and bulleted
// lists and their items (<orderedlist>/<listitem>, <list
// list-type="order">/<list-item>, <ol>/<li>), blocks of code or examples
// (<programlisting>, <screen>, <example>, <code> on lines of its own), and
// terms (<glossterm>, <firstterm>, <term>). An element of none of these
// shapes is read for its text. No library reads "any" XML as a document;
// the mapping is small, and written here.
package xmldoc

import (
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/lore-kb/lore/core/acquire/xmldec"
)

// Bounds of what is read: how deep elements nest and how many are read.
const (
	maxDepth    = 256
	maxElements = 1 << 20
)

// divisions are the elements that open a titled division.
var divisions = map[string]bool{
	"section": true, "sect1": true, "sect2": true, "sect3": true, "sect4": true, "sect5": true,
	"section1": true, "section2": true, "section3": true, "section4": true, "section5": true,
	"sec": true, "chapter": true, "appendix": true, "part": true, "preface": true, "refsect1": true,
	"refsect2": true, "simplesect": true, "div": true, "div1": true, "div2": true, "div3": true,
}

// renamed maps an element to the HTML element it means.
var renamed = map[string]string{
	"para": "p", "simpara": "p", "p": "p", "formalpara": "div", "abstract": "div",
	"orderedlist": "ol", "ol": "ol", "itemizedlist": "ul", "ul": "ul", "simplelist": "ul",
	"listitem": "li", "list-item": "li", "li": "li", "member": "li",
	"variablelist": "dl", "dl": "dl", "varlistentry": "div", "dt": "dt", "dd": "dd",
	"programlisting": "pre", "screen": "pre", "literallayout": "pre", "synopsis": "pre", "example": "pre",
	"pre": "pre", "code-block": "pre", "preformat": "pre",
	"emphasis": "em", "em": "em", "italic": "em", "i": "em", "strong": "strong", "bold": "strong", "b": "strong",
	"glossterm": "dfn", "firstterm": "dfn", "dfn": "dfn",
	"literal": "code", "code": "code", "tt": "code", "command": "code", "function": "code", "varname": "code",
	"table": "table", "informaltable": "table", "tr": "tr", "row": "tr", "td": "td", "entry": "td", "th": "th",
	"blockquote": "blockquote", "quote": "q", "br": "br",
}

// dropped are the elements whose content is metadata, not text.
var dropped = map[string]bool{
	"revision": true, "revhistory": true, "date": true, "pubdate": true, "releaseinfo": true,
	"indexterm": true, "remark": true, "authorgroup": true, "author": true, "legalnotice": true,
	"copyright": true, "dependencies": true, "supersedes": true, "supersededby": true,
	"shortname": true, "schemaloc": true, "registry": true, "discuss": true, "lastcall": true,
	"front": true, "back": true, "ref-list": true,
	// a XEP's header fields
	"number": true, "status": true, "sponsor": true, "approver": true, "legal": true,
}

// HTML converts the XML document r into an HTML page. Its title is the
// first <title> (or a header's), read as the page's.
func HTML(r io.Reader) (page string, err error) {
	d := xmldec.New(r, false)
	var b strings.Builder
	var stack []frame
	skip, title := 0, ""
	inTitle, titleBuf := false, strings.Builder{}
	divDepth := 0
	b.WriteString("<html><body>\n")
	for n := 0; ; n++ {
		if n > maxElements {
			return "", fmt.Errorf("more than %d elements", maxElements)
		}
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", fmt.Errorf("unreadable XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if len(stack) >= maxDepth {
				return "", fmt.Errorf("elements nested more than %d deep", maxDepth)
			}
			o := frame{name: name}
			switch {
			case skip > 0 || dropped[name]:
				o.skip = true
				skip++
			case divisions[name]:
				o.div = true
				divDepth++
				b.WriteString("<section>")
				if h := divTitle(t); h != "" {
					writeHeading(&b, divDepth, html.EscapeString(h))
				}
			case name == "title" || name == "article-title":
				inTitle = true
				titleBuf.Reset()
			default:
				if as := renamed[name]; as != "" {
					o.as = as
					b.WriteString("<" + as + ">")
				}
			}
			stack = append(stack, o)
		case xml.EndElement:
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch {
			case o.skip:
				skip--
			case o.div:
				divDepth--
				b.WriteString("</section>\n")
			case o.name == "title" || o.name == "article-title":
				inTitle = false
				t := strings.Join(strings.Fields(titleBuf.String()), " ")
				if t == "" {
					continue
				}
				if title == "" {
					title = t
					writeHeading(&b, divDepth, html.EscapeString(t))
				} else if divDepth > 0 && parentIsDiv(stack) {
					writeHeading(&b, divDepth, html.EscapeString(t))
				} else {
					b.WriteString("<p><b>" + html.EscapeString(t) + "</b></p>\n")
				}
			case o.as != "":
				b.WriteString("</" + o.as + ">")
				if o.as == "p" || o.as == "pre" || o.as == "li" || o.as == "ol" || o.as == "ul" || o.as == "table" {
					b.WriteByte('\n')
				}
			}
		case xml.CharData:
			if skip > 0 {
				continue
			}
			if inTitle {
				titleBuf.Write(t)
				continue
			}
			b.WriteString(html.EscapeString(string(t)))
		}
	}
	b.WriteString("</body></html>\n")
	if title != "" {
		return "<html><head><title>" + html.EscapeString(title) + "</title></head>" + strings.TrimPrefix(b.String(), "<html>"), nil
	}
	return b.String(), nil
}

// divTitle is the title a division's attributes give it (a XEP's
// <section1 topic="…">).
func divTitle(t xml.StartElement) string {
	for _, k := range []string{"topic", "title", "name"} {
		if v := strings.TrimSpace(xmldec.Attr(t, k)); v != "" {
			return v
		}
	}
	return ""
}

// frame is an open element: its name, the HTML element written for it,
// whether it opened a division, whether its content is skipped.
type frame struct {
	name, as string
	div      bool
	skip     bool
}

// parentIsDiv reports whether the innermost open element is a division:
// its <title> is its heading.
func parentIsDiv(stack []frame) bool {
	return len(stack) > 0 && stack[len(stack)-1].div
}

func writeHeading(b *strings.Builder, level int, text string) {
	h := fmt.Sprintf("h%d", min(level+1, 6))
	b.WriteString("<" + h + ">" + text + "</" + h + ">\n")
}

// minParagraphs is how many paragraphs of prose make an XML file a
// document: a build file, a layout or a data set has none.
const minParagraphs = 3

// IsDocument reports whether the XML in raw reads as a document: at
// least minParagraphs paragraph elements (<para>, <p>, <simpara>) with
// words in them. A Maven pom, an SVG drawing or a data export is not one.
func IsDocument(raw []byte) bool {
	d := xmldec.New(strings.NewReader(string(raw)), false)
	paras, inPara, words := 0, 0, 0
	for n := 0; n < maxElements; n++ {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if renamed[strings.ToLower(t.Name.Local)] == "p" {
				inPara++
				words = 0
			}
		case xml.EndElement:
			if inPara > 0 && renamed[strings.ToLower(t.Name.Local)] == "p" {
				inPara--
				if words >= 5 {
					if paras++; paras >= minParagraphs {
						return true
					}
				}
			}
		case xml.CharData:
			if inPara > 0 {
				words += len(strings.Fields(string(t)))
			}
		}
	}
	return false
}
