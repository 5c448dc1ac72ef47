// Package rfcxml reads an RFC or Internet-Draft written in the xml2rfc
// vocabulary (version 2 or 3, the source most drafts are written in) as
// the Markdown lore reads specifications in: its sections as numbered
// headings, its paragraphs, lists and definition lists, its artwork and
// source code as fenced blocks with their figure captions ("Figure 2:
// Message Format"), as the rendered RFC prints them.
//
// No library reads xml2rfc into text in Go; the vocabulary is small and
// its reading here is what the rendered text shows, so it is written with
// encoding/xml's tokens.
package rfcxml

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core/acquire/xmldec"
	"github.com/lore-kb/lore/core/text"
)

// maxDepth bounds how deep elements may nest: a document nesting its
// blocks deeper is refused rather than read at great cost.
const maxDepth = 256

// Markdown returns the Markdown text of the xml2rfc document in r.
func Markdown(r io.Reader) (string, error) {
	w := &writer{sections: []int{0}}
	d := xmldec.New(r, false)
	depth := 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", fmt.Errorf("reading the xml2rfc document: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth++; depth > maxDepth {
				return "", fmt.Errorf("reading the xml2rfc document: elements nested more than %d deep", maxDepth)
			}
			w.start(t)
		case xml.EndElement:
			depth--
			w.end(t.Name.Local)
		case xml.CharData:
			w.chars(string(t))
		}
	}
	if w.title == "" && w.out.Len() == 0 {
		return "", errors.New("reading the xml2rfc document: no text")
	}
	return w.frontMatter() + strings.TrimSpace(w.out.String()) + "\n", nil
}

// inlineMarks are the Markdown marks the inline elements open and close
// with.
var inlineMarks = map[string]string{"tt": "`", "code": "`", "em": "*", "strong": "**"}

// writer turns the tokens into Markdown. Inline text gathers in para
// until the block holding it ends.
type writer struct {
	out  strings.Builder
	para strings.Builder

	title, docName, ipr, number string
	inTitle                     bool
	front, back                 bool
	skip                        int // depth inside elements whose text is not the document's (references, authors)

	sections []int // the section numbers open, innermost last
	appendix int   // appendices opened in <back>
	name     bool  // reading a section's <name>
	heading  strings.Builder

	verbatim   int // depth inside artwork or sourcecode
	code       strings.Builder
	lang       string
	figures    int
	figureName string
	inFigure   int
	figName    bool

	lists []list // open lists, innermost last

	// pendingRef is a cross-reference's target, printed when the
	// reference holds no text of its own.
	pendingRef string
	// row holds a table row's cells; ruled is whether the table's header
	// rule is written.
	row     []string
	ruled   bool
	cell    bool // reading a table cell
	inTable int
	tables  int
	// abstract counts the front matter's blocks the document prints
	// open (its abstract, its notes): other front matter text is not.
	abstract int
}

type list struct {
	ordered bool
	n       int
	// v2 is xml2rfc version 2's <list>, whose items are its <t>s.
	v2 bool
}

func (w *writer) start(t xml.StartElement) {
	name := t.Name.Local
	if w.skip > 0 {
		w.skip++
		return
	}
	switch name {
	case "rfc":
		w.docName, w.ipr, w.number = attr(t, "docName"), attr(t, "ipr"), attr(t, "number")
	case "front":
		w.front = true
	case "title":
		if w.front {
			w.inTitle = true
		}
	case "author", "references", "reference", "organization", "address", "date", "keyword", "area", "workgroup", "seriesInfo", "toc", "cref",
		"boilerplate", "link", "displayreference":
		w.skip = 1
	case "abstract":
		w.flush()
		w.abstract++
		w.out.WriteString("## Abstract\n\n")
	case "note":
		w.flush()
		w.abstract++
		w.out.WriteString("## ")
		if n := attr(t, "title"); n != "" {
			w.out.WriteString(n + "\n\n")
		} else {
			w.name, w.heading = true, strings.Builder{}
		}
	case "back":
		w.back = true
	case "section":
		w.flush()
		w.openSection(t)
	case "name":
		if w.inFigure > 0 || w.inTable > 0 {
			w.figName = true
			w.figureName = ""
		} else {
			w.name = true
			w.heading.Reset()
		}
	case "t", "blockquote", "aside":
		if w.cell {
			return // a table cell's paragraphs are its text
		}
		if n := len(w.lists); n > 0 && w.lists[n-1].v2 && name == "t" {
			w.flush()
			w.item()
		} else if !w.markerOnly() {
			w.flush() // a list item's paragraph goes on from its marker
		}
	case "figure":
		w.flush()
		w.inFigure++
		w.figureName = attr(t, "title")
	case "artwork", "sourcecode":
		if attr(t, "type") == "svg" {
			w.skip = 1 // a drawing in SVG: its ascii-art sibling is the text's
			return
		}
		w.flush()
		w.verbatim++
		w.code.Reset()
		w.lang = attr(t, "type")
	case "table":
		w.flush()
		w.inTable++
		w.figureName = ""
	case "tr":
		w.row = w.row[:0]
	case "td", "th":
		w.para.Reset()
		w.cell = true
	case "dl":
		w.flush()
	case "ol", "ul", "list":
		w.flush()
		ordered := name == "ol" || name == "list" && (attr(t, "style") == "numbers" || strings.HasPrefix(attr(t, "style"), "format"))
		w.lists = append(w.lists, list{ordered: ordered, v2: name == "list"})
	case "li":
		w.flush()
		w.item()
	case "dd":
		// a definition list as a draft's Markdown writes it: "Term"
		// over ": definition"
		w.para.WriteString(": ")
	case "dt":
		w.flush()
	case "tt", "code", "em", "strong":
		w.para.WriteString(inlineMarks[name])
	case "br":
		w.para.WriteString("\n")
	case "xref", "eref", "relref":
		// what the rendered document prints for a reference with no
		// text of its own: the text xml2rfc derived, else the target
		if d := attr(t, "derivedContent"); d != "" {
			w.pendingRef = d
		} else if tgt := attr(t, "target"); tgt != "" {
			w.pendingRef = "[" + tgt + "]"
		}
	case "sup":
		w.para.WriteString("^")
	case "sub":
		w.para.WriteString("_")
	}
}

func (w *writer) end(name string) {
	if w.skip > 0 {
		w.skip--
		return
	}
	switch name {
	case "front":
		w.front = false
	case "title":
		w.inTitle = false
	case "name":
		if w.figName {
			w.figName = false
			return
		}
		if w.name {
			w.name = false
			w.out.WriteString(strings.Join(strings.Fields(w.heading.String()), " ") + "\n\n")
		}
	case "section":
		w.flush()
		w.sections = w.sections[:len(w.sections)-1]
	case "abstract", "note":
		w.flush()
		w.abstract--
	case "t", "blockquote", "aside":
		if len(w.lists) == 0 && !w.cell {
			w.flush()
		}
	case "artwork", "sourcecode":
		w.verbatim--
		fence := "~~~"
		w.out.WriteString(fence + w.lang + "\n" + trimBlankLines(w.code.String()) + "\n" + fence + "\n\n")
		w.lang = ""
	case "td", "th":
		w.row = append(w.row, strings.ReplaceAll(strings.Join(strings.Fields(w.para.String()), " "), "|", "\\|"))
		w.para.Reset()
		w.cell = false
	case "tr":
		w.out.WriteString("| " + strings.Join(w.row, " | ") + " |\n")
		if !w.ruled {
			w.out.WriteString(strings.Repeat("|---", len(w.row)) + "|\n")
			w.ruled = true
		}
	case "table":
		w.out.WriteString("\n")
		w.ruled = false
		w.inTable--
		w.tables++
		if n := strings.Join(strings.Fields(w.figureName), " "); n != "" {
			w.out.WriteString("Table " + strconv.Itoa(w.tables) + ": " + n + "\n\n")
		}
		w.figureName = ""
	case "figure":
		w.inFigure--
		w.figures++
		if n := strings.Join(strings.Fields(w.figureName), " "); n != "" {
			w.out.WriteString("Figure " + strconv.Itoa(w.figures) + ": " + n + "\n\n")
		}
		w.figureName = ""
	case "dl":
		w.flush()
	case "ol", "ul", "list":
		w.flush()
		if len(w.lists) > 0 {
			w.lists = w.lists[:len(w.lists)-1]
		}
		if len(w.lists) == 0 {
			w.out.WriteString("\n")
		}
	case "li", "dd":
		w.flush()
	case "dt":
		if t := strings.Join(strings.Fields(w.para.String()), " "); t != "" {
			w.out.WriteString(t + "\n")
		}
		w.para.Reset()
	case "tt", "code", "em", "strong":
		w.para.WriteString(inlineMarks[name])
	case "xref", "eref", "relref":
		if w.pendingRef != "" {
			w.para.WriteString(w.pendingRef)
			w.pendingRef = ""
		}
	}
}

func (w *writer) chars(s string) {
	switch {
	case w.skip > 0:
	case w.inTitle:
		w.title += s
	case w.verbatim > 0:
		w.code.WriteString(s)
	case w.figName:
		w.figureName += s
	case w.name:
		w.heading.WriteString(s)
	case w.front && w.abstract == 0:
	default:
		if strings.TrimSpace(s) != "" {
			w.pendingRef = "" // a reference that prints its own text
		}
		w.para.WriteString(s)
	}
}

// openSection writes a section's heading: its number as the rendered
// document prints it (appendices lettered), then its name.
func (w *writer) openSection(t xml.StartElement) {
	level := len(w.sections)
	w.sections[level-1]++
	w.sections = append(w.sections, 0)
	num := ""
	if attr(t, "numbered") != "false" {
		parts := make([]string, 0, level)
		for i, n := range w.sections[:level] {
			if i == 0 && w.back {
				if level == 1 {
					w.appendix++
				}
				parts = append(parts, "Appendix "+string(rune('A'+max(w.appendix-1, 0)%26)))
				continue
			}
			parts = append(parts, strconv.Itoa(n))
		}
		num = strings.Join(parts, ".") + ". "
	}
	w.out.WriteString(strings.Repeat("#", min(level+1, 6)) + " " + num)
	if title := attr(t, "title"); title != "" {
		w.out.WriteString(title + "\n\n")
		return
	}
	w.name = true
	w.heading.Reset()
}

// item opens a list item: its marker, indented under the items it is in.
func (w *writer) item() {
	if len(w.lists) == 0 {
		return
	}
	l := &w.lists[len(w.lists)-1]
	indent := strings.Repeat("   ", len(w.lists)-1)
	if l.ordered {
		l.n++
		w.para.WriteString(indent + strconv.Itoa(l.n) + ". ")
	} else {
		w.para.WriteString(indent + "- ")
	}
}

// markerOnly reports whether the paragraph so far is only a list item's
// marker.
func (w *writer) markerOnly() bool {
	t := strings.TrimSpace(w.para.String())
	return t == "-" || t != "" && strings.Trim(t, "0123456789") == "."
}

// flush writes the paragraph read so far, its spaces collapsed, as a
// block of its own.
func (w *writer) flush() {
	s := w.para.String()
	w.para.Reset()
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	t := strings.Join(strings.Fields(s), " ")
	if t == "" || t == "-" || strings.Trim(t, "0123456789.") == "" {
		return
	}
	sep := "\n\n"
	if len(w.lists) > 0 {
		sep = "\n"
	}
	w.out.WriteString(lead + t + sep)
}

// frontMatter is the document's title and the draft's identity, as a
// draft written in Markdown declares them.
func (w *writer) frontMatter() string {
	fm := text.FrontMatter(w.title)
	if fm == "" {
		fm = "---\n---\n\n"
	}
	var extra []string
	if w.docName != "" {
		extra = append(extra, "docname: "+w.docName)
	}
	if w.number != "" {
		extra = append(extra, "number: "+w.number)
	}
	if w.ipr != "" {
		extra = append(extra, "ipr: "+w.ipr)
	}
	if len(extra) == 0 {
		return fm
	}
	return strings.Replace(fm, "\n---\n", "\n"+strings.Join(extra, "\n")+"\n---\n", 1)
}

// trimBlankLines drops the lines of white space a block of code opens and
// closes with in the source, keeping its lines' indentation.
func trimBlankLines(s string) string {
	lines := strings.Split(s, "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}
