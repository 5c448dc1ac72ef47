package epub

import (
	"encoding/xml"
	"path"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/xmldec"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// The book's table of contents (the EPUB 3 navigation document, or the
// EPUB 2 NCX) is the book's own statement of its headings. A converter
// that keeps no type in the pages (Calibre's EPUB of a PDF sets "6.1" and
// "Basic facts about minimizers" as two plain paragraphs) still lists
// every heading there, with a link to the page it stands on: a paragraph
// near that link whose text is the entry's title is the heading.

// Bounds on what a table of contents may make the reader keep: a real
// book's has a few hundred entries, six levels at most.
const (
	maxTOCEntries = 5000
	maxTOCDepth   = 6
	// tocWindow is how many blocks after an entry's link its heading
	// may stand: the link may name the page the heading is on (Calibre's
	// EPUB of a PDF links "#p17"), and a page read from a PDF can hold a
	// paragraph per line.
	tocWindow = 150
	// maxHeading is the longest paragraph taken as a heading.
	maxHeading = 160
)

// tocEntry is one entry of the table of contents: the fragment it links
// to in its document ("" for the document's start), its title, and its
// depth (1 for the outermost entries).
type tocEntry struct {
	frag, title string
	depth       int
}

type ncxPoint struct {
	Label   string `xml:"navLabel>text"`
	Content struct {
		Src string `xml:"src,attr"`
	} `xml:"content"`
	Points []ncxPoint `xml:"navPoint"`
}

// readTOC returns the book's table of contents by document: the EPUB 3
// navigation document's toc when the book has one, else the NCX. A
// missing or damaged one gives none; the pages are read as they stand.
func (b *book) readTOC(navName, ncxName string) map[string][]tocEntry {
	toc := map[string][]tocEntry{}
	n := 0
	add := func(base, href, title string, depth int) {
		title = text.CollapseSpace(title)
		if n >= maxTOCEntries || title == "" || depth > maxTOCDepth {
			return
		}
		name, ok := b.resolve(base, href)
		if !ok {
			return
		}
		n++
		toc[name] = append(toc[name], tocEntry{frag: htmltext.Fragment(href), title: title, depth: depth})
	}
	if navName != "" {
		b.navTOC(navName, add)
	}
	if n == 0 && ncxName != "" {
		var doc struct {
			Points []ncxPoint `xml:"navMap>navPoint"`
		}
		if b.decode(ncxName, &doc) == nil {
			base := path.Dir(ncxName)
			var walk func(ps []ncxPoint, depth int)
			walk = func(ps []ncxPoint, depth int) {
				for _, p := range ps {
					add(base, p.Content.Src, p.Label, depth)
					if depth < maxTOCDepth {
						walk(p.Points, depth+1)
					}
				}
			}
			walk(doc.Points, 1)
		}
	}
	return toc
}

// navTOC reads the links of an EPUB 3 navigation document's toc, each at
// the depth of its list.
func (b *book) navTOC(name string, add func(base, href, title string, depth int)) {
	rc, err := b.open(name)
	if err != nil {
		return
	}
	defer rc.Close()
	d := newDecoder(rc)
	base := path.Dir(name)
	inToc, navDepth, lists := false, 0, 0
	href, inLink := "", false
	var title strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch lower(t.Name.Local) {
			case "nav":
				if inToc {
					navDepth++
				} else if isTocNav(t) && hasToken(xmldec.Attr(t, "type"), "toc") || hasToken(xmldec.Attr(t, "role"), "doc-toc") {
					inToc, navDepth = true, 1
				}
			case "ol", "ul":
				if inToc {
					lists++
				}
			case "a":
				if inToc {
					href, inLink = xmldec.Attr(t, "href"), true
					title.Reset()
				}
			}
		case xml.EndElement:
			switch lower(t.Name.Local) {
			case "nav":
				if inToc {
					if navDepth--; navDepth == 0 {
						return
					}
				}
			case "ol", "ul":
				if inToc && lists > 0 {
					lists--
				}
			case "a":
				if inLink {
					add(base, href, title.String(), max(lists, 1))
					inLink = false
				}
			}
		case xml.CharData:
			if inLink {
				title.Write(t)
			}
		}
	}
}

// tocNumber is a section number standing as a paragraph of its own, or
// opening the heading's paragraph: "6.1", "Section 0.1", "Chapter 3",
// "§0.2", "A.1".
var tocNumber = lazyre.New(`^(?:(?:Chapter|Section|Part|Appendix|Lecture|Unit|Kapitel|Abschnitt|Chapitre|Capítulo|Capitolo)\s+)?§?\s*(?:[0-9]+(?:\.[0-9]+)*|[IVXLC]+|[A-Z](?:\.[0-9]+)*)\.?(?:\s+|$)`) //nolint:misspell // chapter words in other languages

// markTOCHeadings makes the paragraph that carries each table-of-contents
// entry's title, in the blocks after the entry's link (anchors: the block
// index where each fragment stood), a heading of the entry's depth, with
// a section number set as a paragraph of its own before it. A heading
// already marked stays as it is; an entry whose title is a block's label
// ("Theorem 2.1") marks nothing, for that paragraph opens a block.
func markTOCHeadings(blocks []string, toc []tocEntry, anchors map[string]int) []string {
	from := 0
	drop := map[int]bool{}
	// Each paragraph's section number and key are worked out once: an
	// entry looks at up to tocWindow of them.
	type split struct{ num, body, key string }
	splits := make([]*split, len(blocks))
	splitAt := func(i int) *split {
		if splits[i] == nil {
			n, body := splitNumber(strings.TrimLeft(blocks[i], "# "))
			splits[i] = &split{n, body, tocKey(body)}
		}
		return splits[i]
	}
	for _, e := range toc {
		start := from
		if e.frag != "" {
			at, ok := anchors[e.frag]
			if !ok {
				continue
			}
			start = max(at, from)
		}
		// The entry may carry its number ("0.1 Sets") where the page sets
		// it apart ("Section 0.1", then "Sets"), or the other way round.
		num, title := splitNumber(e.title)
		want := tocKey(title)
		if want == "" || labelTitle(title) {
			continue
		}
		for i := start; i < len(blocks) && i < start+tocWindow; i++ {
			// A paragraph longer than a heading can be is no heading:
			// most are, and they are passed over without a look.
			if drop[i] || len(blocks[i]) > maxHeading || strings.HasPrefix(blocks[i], "- ") {
				continue
			}
			sp := splitAt(i)
			if strings.HasPrefix(blocks[i], "#") {
				if sp.key == want {
					from = i + 1
					break
				}
				continue
			}
			if !strings.HasPrefix(want, sp.key) {
				continue // neither the title nor its start
			}
			n, body := sp.num, sp.body
			// A title set over two or three lines comes as as many
			// paragraphs.
			parts := 1
			for parts < 3 && i+parts < len(blocks) && len(body) <= maxHeading && tocKey(body) != want &&
				strings.HasPrefix(want, tocKey(body)+" ") && !strings.HasPrefix(blocks[i+parts], "#") {
				body += " " + blocks[i+parts]
				parts++
			}
			if len(body) > maxHeading || tocKey(body) != want {
				continue
			}
			for k := 1; k < parts; k++ {
				drop[i+k] = true
			}
			if n == "" && i > 0 && !drop[i-1] {
				if prev := strings.TrimSpace(blocks[i-1]); prev != "" && tocNumber.FindString(prev) == prev {
					n = prev
					drop[i-1] = true
				}
			}
			if n == "" {
				n = num
			}
			h := strings.Repeat("#", e.depth) + " "
			if n != "" {
				h += n + " "
			}
			blocks[i] = h + text.CollapseSpace(stripEmphasis(body))
			from = i + 1
			break
		}
	}
	if len(drop) == 0 {
		return blocks
	}
	kept := blocks[:0]
	for i, s := range blocks {
		if !drop[i] {
			kept = append(kept, s)
		}
	}
	return kept
}

// splitNumber splits a section number off a title's start ("0.1 Sets":
// "0.1", "Sets"); a title without one is all title.
func splitNumber(s string) (num, title string) {
	s = strings.TrimSpace(s)
	m := tocNumber.FindString(s)
	if m == "" || m == s {
		return "", s
	}
	return strings.TrimSpace(m), s[len(m):]
}

// tocKey is a title as compared with a paragraph: emphasis marks and
// link markers gone, ligatures and widths folded (NFKC), case and
// punctuation aside.
func tocKey(s string) string {
	s = norm.NFKC.String(htmltext.StripMarks(stripEmphasis(s)))
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}

// labelTitle reports whether a title is a block's label ("Theorem 2.1",
// "Proof"): a table of contents that lists a book's theorems links to
// their labels, which open blocks and are no headings.
func labelTitle(title string) bool {
	f := strings.Fields(title)
	if htmltext.LabelKind(title) == "" {
		return false
	}
	return len(f) == 1 || len(f) <= 3 && strings.ContainsFunc(f[1], unicode.IsDigit)
}

var emphasisMarks = strings.NewReplacer("**", "", "*", "")

func stripEmphasis(s string) string { return emphasisMarks.Replace(s) }
