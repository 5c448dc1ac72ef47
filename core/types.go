package core

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// PlanePosition is a point on the complex plane lore uses to place knowledge:
// Real runs from −1 (pure logic) to +1 (pure creativity), Imaginary from −1
// (embodied) to +1 (abstract).
type PlanePosition struct {
	Real      float64 `json:"real" yaml:"real"`
	Imaginary float64 `json:"imaginary" yaml:"imaginary"`
}

// Distance is the Euclidean distance between two plane positions.
func (p PlanePosition) Distance(q PlanePosition) float64 {
	return math.Hypot(p.Real-q.Real, p.Imaginary-q.Imaginary)
}

// Clamp limits both coordinates to [−1, 1].
func (p PlanePosition) Clamp() PlanePosition {
	return PlanePosition{Real: clamp1(p.Real), Imaginary: clamp1(p.Imaginary)}
}

func (p PlanePosition) String() string {
	return fmt.Sprintf("(%+.2f, %+.2f)", p.Real, p.Imaginary)
}

func clamp1(v float64) float64 { return math.Max(-1, math.Min(1, v)) }

// PlaneRegion is a disc on the plane: a domain's territory.
type PlaneRegion struct {
	Center PlanePosition `json:"center" yaml:"center"`
	Radius float64       `json:"radius" yaml:"radius"`
}

// PrimitiveType says what kind of knowledge a primitive is.
type PrimitiveType string

// The six primitive types.
const (
	Axiom      PrimitiveType = "axiom"
	Definition PrimitiveType = "definition"
	Theorem    PrimitiveType = "theorem"
	Algorithm  PrimitiveType = "algorithm"
	Technique  PrimitiveType = "technique"
	Identity   PrimitiveType = "identity"
)

// PrimitiveTypes lists every primitive type in a stable order.
var PrimitiveTypes = []PrimitiveType{Axiom, Definition, Theorem, Algorithm, Technique, Identity}

// Valid reports whether t is one of the six primitive types.
func (t PrimitiveType) Valid() bool {
	for _, v := range PrimitiveTypes {
		if v == t {
			return true
		}
	}
	return false
}

// EdgeType names the relation a dependency edge expresses.
type EdgeType string

// The dependency edge types. An edge A→B of type Requires means A cannot be
// stated without B.
const (
	Requires    EdgeType = "requires"
	Generalizes EdgeType = "generalizes"
	Specializes EdgeType = "specializes"
	Motivates   EdgeType = "motivates"
	Applies     EdgeType = "applies"
	Equivalent  EdgeType = "equivalent"
)

// EdgeTypes lists every edge type in a stable order.
var EdgeTypes = []EdgeType{Requires, Generalizes, Specializes, Motivates, Applies, Equivalent}

// Edge is a dependency from the primitive that holds it to Target.
type Edge struct {
	Target      string   `json:"target"`
	Type        EdgeType `json:"type"`
	Strength    float64  `json:"strength"`
	Description string   `json:"description,omitempty"`
}

// CompositionType says how two primitives combine.
type CompositionType string

// Composition types.
const (
	Sequential CompositionType = "sequential"
	Parallel   CompositionType = "parallel"
	Nested     CompositionType = "nested"
)

// CompositionRule records that the holder combines With another primitive to
// yield something.
type CompositionRule struct {
	With       string          `json:"with"`
	Yields     string          `json:"yields"`
	Type       CompositionType `json:"type"`
	Conditions []string        `json:"conditions,omitempty"`
	Example    string          `json:"example,omitempty"`
}

// Provenance records where a primitive came from, on the primitive itself.
type Provenance struct {
	// Source is the source as given to lore (a file, folder, archive or
	// URL); Document is the document's path inside it (for archive entries
	// "archive!entry", for a download its final URL).
	Source   string `json:"source,omitempty"`
	Document string `json:"document"`
	// MediaType, Bytes and SHA256 describe the document as read.
	MediaType string `json:"mediaType,omitempty"`
	Bytes     int64  `json:"bytes,omitempty"`
	SHA256    string `json:"sha256,omitempty"`
	// Title is the title of the document (see Analysis.Title), "" when
	// it has none.
	Title string `json:"title,omitempty"`
	// Section is the title of the section the primitive was found in.
	Section string `json:"section"`
	// SectionNumber is that section's number as its heading prints it
	// ("3.2.1"), "" when it has none: a cross-reference ("as described
	// in Section 3.2.1") names the section by it.
	SectionNumber string `json:"sectionNumber,omitempty"`
	// Chapter is the title of the top-level section (a book's chapter)
	// holding it, "" when it is the document's only one.
	Chapter string `json:"chapter,omitempty"`
	// Offset is the exact byte offset of the match in the document text.
	Offset int `json:"offset"`
	// Line is the line (from 1) of Offset in the document, 0 when unknown.
	Line int `json:"line,omitempty"`
	// Book is the document a primitive was read in when that is a book
	// its main file assembled from the files it includes: Document is then
	// the file holding the statement (Offset and Line are in that file),
	// and BookOffset the statement's offset in the whole book, which
	// orders the book's results. "" for a document read as it is.
	Book       string `json:"book,omitempty"`
	BookOffset int    `json:"bookOffset,omitempty"`
	// Session is the learning session that added the primitive ("" until
	// committed).
	Session string `json:"session,omitempty"`
	// ContentHash is the hex SHA-256 of the normalized formal statement.
	ContentHash string `json:"contentHash"`
}

// TagGrammar tags a primitive that is a rule of its document's own formal
// grammar (an RFC's ABNF "token = 1*tchar"): the syntax of a concept, not
// the concept a reader names. The ranking lets the grammar's rules hand
// little weight to each other, so that its terminals (CHAR, token, digit)
// do not outrank what the grammar is the syntax of.
const TagGrammar = "grammar"

// TagOwn tags a concept its document marks as its own: one of its upper
// headings (a chapter, or a section of one) names it — the table of
// contents its author wrote lists it —, or its name carries the
// document's subject ("ICAP client" in the ICAP specification). The
// ranking gives it a larger prior.
const TagOwn = "own"

// TagBorrowed tags a term its document defines by pointing to another
// ("An HTTP request message, as defined in Section 5 of HTTP/1.1"): the
// other document's concept, reproduced for reference. The ranking lets it
// take little of the weight of the statements that use it.
const TagBorrowed = "borrowed"

// TagReading tags a section read by its title because no reader took
// anything of it (a guide's background, a recipe told in prose): what the
// work says there, not a step, rule or result it marks. A guide's skill
// stays a how-to however many such sections it has.
const TagReading = "reading"

// Primitive is the unit of knowledge lore stores: a definition, theorem,
// algorithm, technique, axiom or identity, with its place in the graph.
// Extraction produces primitives as candidates; the same type is stored.
type Primitive struct {
	ID                    string            `json:"id"`
	Name                  string            `json:"name"`
	Type                  PrimitiveType     `json:"type"`
	Domain                string            `json:"domain"`
	Chapter               int               `json:"chapter"`
	Section               string            `json:"section"`
	Plane                 PlanePosition     `json:"plane"`
	FormalStatement       string            `json:"formalStatement"`
	ComputationalForm     string            `json:"computationalForm"`
	Prerequisites         []string          `json:"prerequisites"`
	Dependencies          []Edge            `json:"dependencies"`
	Enables               []string          `json:"enables"`
	CompositionRules      []CompositionRule `json:"compositionRules"`
	ApplicabilityPatterns []string          `json:"applicabilityPatterns"`
	Keywords              []string          `json:"keywords"`
	Tags                  []string          `json:"tags"`
	Confidence            float64           `json:"confidence"`
	Provenance            Provenance        `json:"provenance"`
	// Versions are the statements the primitive had before updates
	// replaced them, oldest first: an update never loses what it replaced.
	Versions []StatementVersion `json:"versions,omitempty"`
	// Proof is the proof the source gives of a result, kept with it.
	Proof Proof `json:"proof,omitzero"`
	// Examples are the worked examples the source gives of it, as it
	// gives them (see MaxExample): an agent asked to apply a definition or
	// build a message follows one.
	Examples []string `json:"examples,omitempty"`
	// Passage is what the source goes on to say of it, as the source
	// says it: its text after the statement up to the next primitive or
	// the end of the section (the cases, formats, conditions and notes a
	// statement of a sentence or two leaves out), cut to MaxPassage. An
	// agent implementing a message format or applying a rule reads it.
	Passage string `json:"passage,omitempty"`
	// AlsoStatedIn are the other places that state the primitive's result
	// (slides restating a book, the same book in another format): one
	// result, one primitive, its restatements recorded on it.
	AlsoStatedIn []StatedIn `json:"alsoStatedIn,omitempty"`
}

// StatedIn is a place a primitive's result is stated besides its
// provenance: a document, the section of it, the byte offset there.
type StatedIn struct {
	Document string `json:"document"`
	Section  string `json:"section,omitempty"`
	Offset   int    `json:"offset"`
}

// String is the place as a reader names it: the document, then ", section
// " and the section when it has one.
func (s StatedIn) String() string {
	if s.Section == "" {
		return s.Document
	}
	return s.Document + statedInSection + s.Section
}

const statedInSection = ", section "

// ParseStatedIn reads a place back from its String (the offset is not in
// it).
func ParseStatedIn(s string) StatedIn {
	if i := strings.LastIndex(s, statedInSection); i >= 0 {
		return StatedIn{Document: s[:i], Section: s[i+len(statedInSection):]}
	}
	return StatedIn{Document: s}
}

// StatementVersion is a primitive's statement as it was before an update.
type StatementVersion struct {
	FormalStatement   string `json:"formalStatement"`
	ComputationalForm string `json:"computationalForm,omitempty"`
	// Document is where the statement was read.
	Document string `json:"document,omitempty"`
	// ReplacedBy is the session whose update replaced it, ReplacedAt when,
	// and Why the update's kind (a generalization, a person's
	// keep-candidate).
	ReplacedBy string    `json:"replacedBy"`
	ReplacedAt time.Time `json:"replacedAt"`
	Why        string    `json:"why"`
}

// Clone is p with slices of its own, so a copy kept as a record (a before
// and after state, a plan's working set) never shares memory with p.
func (p Primitive) Clone() Primitive {
	p.Prerequisites = slices.Clone(p.Prerequisites)
	p.Dependencies = slices.Clone(p.Dependencies)
	p.Enables = slices.Clone(p.Enables)
	p.ApplicabilityPatterns = slices.Clone(p.ApplicabilityPatterns)
	p.Keywords = slices.Clone(p.Keywords)
	p.Tags = slices.Clone(p.Tags)
	p.Versions = slices.Clone(p.Versions)
	p.AlsoStatedIn = slices.Clone(p.AlsoStatedIn)
	p.Examples = slices.Clone(p.Examples)
	if p.CompositionRules != nil {
		rules := make([]CompositionRule, len(p.CompositionRules))
		for i, r := range p.CompositionRules {
			r.Conditions = slices.Clone(r.Conditions)
			rules[i] = r
		}
		p.CompositionRules = rules
	}
	return p
}

// Importance is the reference's centrality proxy: how many primitives this
// one enables plus how many composition rules it takes part in.
func (p *Primitive) Importance() int { return len(p.Enables) + len(p.CompositionRules) }

// HasEdge reports whether p already depends on target with the given type.
func (p *Primitive) HasEdge(target string, t EdgeType) bool {
	for _, e := range p.Dependencies {
		if e.Target == target && e.Type == t {
			return true
		}
	}
	return false
}

// Domain is a field of knowledge with a region on the plane and the words
// that activate it.
type Domain struct {
	ID          string          `json:"id" yaml:"id"`
	Name        string          `json:"name" yaml:"name"`
	Description string          `json:"description" yaml:"description"`
	Region      PlaneRegion     `json:"region" yaml:"region"`
	Patterns    []string        `json:"activationPatterns" yaml:"activationPatterns"`
	Compatible  []string        `json:"compatibleWith" yaml:"compatibleWith"`
	Primary     []PrimitiveType `json:"primaryTypes" yaml:"primaryTypes"`
	// Source says where the definition came from: "builtin" or a file path.
	Source string `json:"source" yaml:"-"`
}

// ValidateID checks that s can serve as a domain or primitive id: a
// non-empty slug of lower-case letters, digits and single '-' separators.
func ValidateID(s string) error {
	if s == "" {
		return &UsageError{Msg: "id is empty"}
	}
	prev := byte('-')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case c == '-' && prev != '-' && i < len(s)-1:
		default:
			return &UsageError{Msg: fmt.Sprintf("id %q must be lower-case letters and digits joined by single '-'", s)}
		}
		prev = c
	}
	return nil
}
