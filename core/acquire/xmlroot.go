package acquire

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/lore-kb/lore/core/acquire/xmldec"
	"github.com/lore-kb/lore/core/acquire/xmldoc"
)

// An .xml file is read by what it is, not by its name: PreTeXt books ship
// as .xml, and so does XHTML now and then. The root element decides.

// pretextDivisions are the divisions a PreTeXt book is split into, one file
// each, the main file pulling them in with xi:include: such a file's root is
// a <chapter> or a <section>, not <pretext>. DocBook uses some of the same
// names, so they count only without a namespace (DocBook 5 declares its
// own) and without a DocBook doctype (DocBook 4).
var pretextDivisions = map[string]bool{
	"book": true, "article": true, "part": true, "chapter": true, "section": true,
	"subsection": true, "subsubsection": true, "appendix": true, "preface": true,
	"introduction": true, "conclusion": true, "exercises": true, "worksheet": true,
	"reading-questions": true, "solutions": true, "glossary": true, "references": true,
	"frontmatter": true, "backmatter": true, "paragraphs": true, "docinfo": true,
	// A book's notation kept in a file of its own, included where the
	// docinfo holds it: read so the statements expand the macros.
	"macros": true,
	// A division kept for some editions of the book only
	// (<restrict-version versions="1554 default"><section>…), MathBook
	// XML's wrapper: its file is a division like any other.
	"restrict-version": true,
}

// xmlRootsRead names what lore reads as .xml, for messages.
const xmlRootsRead = "PreTeXt (<pretext>, <mathbook>, or one division such as <chapter> or <section> without a namespace), XHTML (<html>), xml2rfc (<rfc>) and, for their text, documents of other vocabularies with paragraphs (DocBook, JATS, XEPs)"

// xmlDocExt is the reader an XML document of another vocabulary is read
// by (xmldoc): not an extension of files, only what readAs names it.
const xmlDocExt = ".xmldoc"

// rfcXMLExt is the reader an RFC or Internet-Draft's xml2rfc source is
// read by: not an extension of files, only what readAs names it.
const rfcXMLExt = ".rfcxml"

// xmlHead is what the prolog and the root element of an XML file say.
type xmlHead struct {
	local, space string // the root element
	doctype      string
}

// readsAs returns the extension of the reader for a document with this
// head, or "" when lore does not read it.
func (h xmlHead) readsAs() string {
	switch {
	case h.local == "pretext" || h.local == "mathbook":
		return ".ptx"
	case h.local == "html" && (h.space == "" || h.space == "http://www.w3.org/1999/xhtml"):
		return ".html"
	case h.local == "rfc" && h.space == "":
		return rfcXMLExt
	case pretextDivisions[h.local] && h.space == "" && !strings.Contains(strings.ToLower(h.doctype), "docbook"):
		return ".ptx"
	}
	return ""
}

// unreadXMLError is an XML document whose root element lore does not read.
type unreadXMLError struct{ head xmlHead }

func (e *unreadXMLError) Error() string {
	switch {
	case e.head.local == "":
		return "XML document without a root element; lore reads " + xmlRootsRead + " as .xml"
	case e.head.space != "":
		return fmt.Sprintf("unsupported XML document (root element <%s> in namespace %s); lore reads %s as .xml", e.head.local, e.head.space, xmlRootsRead)
	}
	return fmt.Sprintf("unsupported XML document (root element <%s>); lore reads %s as .xml", e.head.local, xmlRootsRead)
}

// readAs returns the extension a document with extension ext is read as:
// ext itself, or for .xml the one its root element names. An XML document
// of another kind is an *unreadXMLError, which a folder, archive or
// repository counts as ignored, like any file lore does not read.
func readAs(ext string, raw []byte) (string, error) {
	if ext != ".xml" {
		return ext, nil
	}
	h, err := xmlRoot(bytes.NewReader(raw))
	if err != nil {
		return "", err
	}
	if as := h.readsAs(); as != "" {
		return as, nil
	}
	if h.local != "svg" && xmldoc.IsDocument(raw) {
		return xmlDocExt, nil // DocBook, JATS, a XEP: read for its text
	}
	return "", &unreadXMLError{head: h}
}

// isUnreadXML reports an error of readAs that means "not a document lore
// reads" rather than "a damaged document".
func isUnreadXML(err error) bool {
	var ue *unreadXMLError
	return errors.As(err, &ue)
}

// xmlRoot reads the prolog and the root element's start tag of r (the
// declaration, comments, processing instructions and the doctype) and
// nothing past it.
func xmlRoot(r io.Reader) (xmlHead, error) {
	var h xmlHead
	d := xmldec.New(&bomSkipper{r: r}, false)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return h, &unreadXMLError{head: h}
		}
		if err != nil {
			return h, fmt.Errorf("unreadable XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			h.local, h.space = strings.ToLower(t.Name.Local), t.Name.Space
			return h, nil
		case xml.Directive:
			if h.doctype == "" {
				h.doctype = string(t)
			}
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return h, errors.New("not an XML document: text before the first element")
			}
		}
	}
}

// bomSkipper drops a UTF-8 byte order mark, which encoding/xml refuses.
type bomSkipper struct {
	r    io.Reader
	done bool
}

func (b *bomSkipper) Read(p []byte) (int, error) {
	if b.done {
		return b.r.Read(p)
	}
	b.done = true
	var head [3]byte
	n, err := io.ReadFull(b.r, head[:])
	pre := head[:n]
	if bytes.Equal(pre, []byte("\xef\xbb\xbf")) {
		pre = nil
	}
	if len(pre) == 0 {
		if err != nil && err != io.ErrUnexpectedEOF {
			return 0, err
		}
		return b.r.Read(p)
	}
	b.r = io.MultiReader(bytes.NewReader(pre), b.r)
	return b.r.Read(p)
}
