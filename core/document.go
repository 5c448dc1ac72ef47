package core

// Familiarity is the trust tier of a source: local material is HOME,
// anything fetched from the network is STRANGER.
type Familiarity string

// Familiarity tiers.
const (
	Home     Familiarity = "HOME"
	Stranger Familiarity = "STRANGER"
)

// Format is the markup a document's text is written in; it decides how the
// analyzer finds sections and which markers the extractor looks for.
type Format string

// Document formats.
const (
	FormatMarkdown Format = "markdown"
	FormatText     Format = "text"
	FormatLaTeX    Format = "latex"
	FormatPreTeXt  Format = "pretext"
)

// Document is one normalized text lore read from a source.
type Document struct {
	// Name is the display name (the path relative to the source root, or the
	// file name for a single file).
	Name string `json:"name"`
	// Path is the document's path as given or as found inside the source.
	Path string `json:"path"`
	// MediaType is the document's MIME type, e.g. "text/markdown".
	MediaType string `json:"mediaType"`
	Format    Format `json:"format"`
	// Text is the document as UTF-8, BOM removed and line endings normalized
	// to "\n". All offsets lore reports are byte offsets into Text.
	Text string `json:"-"`
	// Raw is the original markup when Text was converted from it (an HTML
	// page): the sanitizer scans Raw, because conversion removes exactly the
	// scripts and styles it must see. Empty when Text is the file itself.
	Raw string `json:"-"`
	// Bytes is the size of the original file.
	Bytes int64 `json:"bytes"`
	// SHA256 is the hex digest of the original bytes.
	SHA256      string      `json:"sha256"`
	Familiarity Familiarity `json:"familiarity"`
	// ScanOnly marks a text file of a format lore has no reader for
	// (source code, a script without extension, an XML schema): it is
	// scanned and judged by the gate like every document, so nothing a
	// source carries escapes review, but nothing is learned from it.
	ScanOnly bool `json:"scanOnly,omitempty"`
	// Book is the name of the book document this one stands beside and
	// reads through (slides or notes that use the book's own macros): it
	// takes the book's domain, so that what it restates meets the book's
	// statement in the deduper instead of landing elsewhere as a second
	// copy.
	Book string `json:"book,omitempty"`
	// Parts maps Text back to the files it was put together from (a book
	// with its includes in place, see SourcePart), in order of At; nil when
	// Text is the file itself.
	Parts []SourcePart `json:"-"`
}

// ContentType is the analyzer's classification of a document.
type ContentType string

// Content types.
const (
	Textbook  ContentType = "textbook"
	Reference ContentType = "reference"
	Tutorial  ContentType = "tutorial"
	Spec      ContentType = "spec"
	Paper     ContentType = "paper"
	Unknown   ContentType = "unknown"
)

// ContentTypes lists the classified types in tie-break order.
var ContentTypes = []ContentType{Textbook, Reference, Tutorial, Spec, Paper}

// Section is a node of a document's section tree. Offsets are byte offsets
// into Document.Text.
type Section struct {
	Title string `json:"title"`
	// Level is 1 for the top level (chapter, "#"), deeper levels count up.
	// The preamble (text before the first heading) is level 0.
	Level int `json:"level"`
	// Number is the section number when the heading carries one ("2.3.1").
	Number string `json:"number,omitempty"`
	// Offset is where the heading starts.
	Offset int `json:"offset"`
	// BodyOffset is where the section's own text starts (after the heading).
	BodyOffset int `json:"-"`
	// End is where the section ends, children included.
	End      int        `json:"-"`
	Children []*Section `json:"children"`
}

// OwnEnd is where the section's own text ends: at its first child, or at End.
func (s *Section) OwnEnd() int {
	if len(s.Children) > 0 {
		return s.Children[0].Offset
	}
	return s.End
}

// Walk visits s and its descendants depth-first in document order.
func (s *Section) Walk(fn func(*Section)) {
	fn(s)
	for _, c := range s.Children {
		c.Walk(fn)
	}
}

// DomainScore is one domain's activation for a document.
type DomainScore struct {
	Domain  string   `json:"domain"`
	Score   float64  `json:"score"`
	Matched []string `json:"matched"`
}

// PlaneModel places a piece of a document (a primitive's name and
// statement) on the plane, with the domains and model its analysis used.
type PlaneModel interface {
	Place(text string) PlanePosition
}

// Words are the words of a document's text as text.EachWord gives them,
// found once by the analyzer so that extraction does not tokenize the same
// text again (text.WordStream implements it).
type Words interface {
	// Text is the text the words are of.
	Text() string
	// EachIn calls fn for the words of Text()[from:to] as
	// text.EachWord(Text()[from:to], fn) would.
	EachIn(from, to int, fn func(word string, start, end int))
}

// Analysis is the analyzer's map of one document.
type Analysis struct {
	Document *Document `json:"-"`
	// Title is the document's own title (its \title, front-matter title,
	// RFC title line or first heading), "" when it has none.
	Title             string                  `json:"title,omitempty"`
	Sections          []*Section              `json:"sections"`
	ContentType       ContentType             `json:"contentType"`
	ContentTypeScores map[ContentType]float64 `json:"contentTypeScores"`
	// Domain is the top activated domain, "" when none activated.
	Domain string `json:"domain"`
	// Domains lists every activated domain, highest score first.
	Domains    []DomainScore `json:"domains"`
	Plane      PlanePosition `json:"plane"`
	Confidence float64       `json:"confidence"`
	WordCount  int           `json:"wordCount"`
	// Placer places pieces of the document with the model that placed it
	// (nil when no domains were given).
	Placer PlaneModel `json:"-"`
	// Words are the words of Document.Text, nil when the analyzer did not
	// record them. The engine drops them once the document is extracted.
	Words Words `json:"-"`
}

// PlaneOf is the plane position of a piece of the document: by its own
// words when the analysis has a Placer, else the document's position.
func (a *Analysis) PlaneOf(text string) PlanePosition {
	if a.Placer == nil {
		return a.Plane
	}
	return a.Placer.Place(text)
}

// Walk visits every section of the analysis depth-first in document order.
func (a *Analysis) Walk(fn func(*Section)) {
	for _, s := range a.Sections {
		s.Walk(fn)
	}
}

// Depth controls how much work extraction and wiring do.
type Depth string

// Depths: shallow skips wiring; standard and deep run all passes (deep also
// lets the wirer follow plain name references of short names).
const (
	Shallow  Depth = "shallow"
	Standard Depth = "standard"
	Deep     Depth = "deep"
)

// ParseDepth validates a depth name.
func ParseDepth(s string) (Depth, error) {
	switch Depth(s) {
	case Shallow, Standard, Deep:
		return Depth(s), nil
	case "":
		return Standard, nil
	}
	return "", &UsageError{Msg: "depth " + quote(s) + " is not one of shallow, standard, deep"}
}
