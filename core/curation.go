package core

import (
	"path"
	"strings"
	"time"
)

// CurateKind names what a curator's decision does.
type CurateKind string

// The decisions a curator makes about what was learned.
const (
	// CurateEdit renames, retypes or restates a primitive.
	CurateEdit CurateKind = "edit"
	// CurateLink adds the edge ID --Edge--> Other (ID depends on Other).
	CurateLink CurateKind = "link"
	// CurateUnlink removes the edges from ID to Other.
	CurateUnlink CurateKind = "unlink"
	// CurateReject removes a primitive and cuts the edges that touch it;
	// learning its statement again does not bring it back.
	CurateReject CurateKind = "reject"
	// CurateMerge merges ID into Other: Other keeps its name and statement
	// and takes ID's edges; ID is removed.
	CurateMerge CurateKind = "merge"
	// CurateSplit splits a primitive that states several things into
	// Parts: the first keeps its id, the others are added, each with its
	// dependencies; what depended on it depends on the first.
	CurateSplit CurateKind = "split"
	// CurateDismiss changes nothing: it answers an earlier decision that
	// no longer matches its source ("leave it"), so it is not asked again.
	CurateDismiss CurateKind = "dismiss"
)

// Curation is one curator's decision, as a session's journal keeps it.
// Its anchors tie it to the source the primitives came from, so that
// learning that source again (edited or not) applies it again where the
// statement is still the one decided on.
type Curation struct {
	Kind CurateKind `json:"kind"`
	// ID is the primitive decided on; Other the second one of a link,
	// unlink or merge.
	ID    string `json:"id"`
	Other string `json:"other,omitempty"`
	// Name, Type and Statement are an edit's new values ("" keeps).
	Name      string        `json:"name,omitempty"`
	Type      PrimitiveType `json:"type,omitempty"`
	Statement string        `json:"statement,omitempty"`
	// Edge is a link's edge type (requires when empty).
	Edge EdgeType `json:"edge,omitempty"`
	// Parts are a split's primitives.
	Parts []Part `json:"parts,omitempty"`
	// By is who decided; Why, the curator's reason, if given.
	By  string    `json:"by,omitempty"`
	Why string    `json:"why,omitempty"`
	At  time.Time `json:"at,omitzero"`
	// Anchor places ID in its source, OtherAnchor places Other.
	Anchor      *Anchor `json:"anchor,omitempty"`
	OtherAnchor *Anchor `json:"otherAnchor,omitempty"`
	// Session is the session that recorded the decision (set when read
	// back from the journal).
	Session string `json:"-"`
}

// Part is one primitive a split makes.
type Part struct {
	Name      string        `json:"name"`
	Type      PrimitiveType `json:"type,omitempty"`
	Statement string        `json:"statement"`
}

// Anchor is where a decided-on primitive came from: its document, the
// section and the name extraction gave it (its place), and the
// fingerprint of the statement extraction read (Provenance.ContentHash).
// Text that moves keeps its fingerprint; a reworded statement keeps its
// place but not its fingerprint; a deleted one keeps neither. Source is
// the source learned (Provenance.Source): a decision applies again only
// when that source is learned again, never to another that shares its
// documents' names or statements ("" in decisions recorded before
// anchors named it: they apply wherever their document is learned).
type Anchor struct {
	Source      string `json:"source,omitempty"`
	Document    string `json:"document"`
	Section     string `json:"section,omitempty"`
	Name        string `json:"name"`
	ContentHash string `json:"contentHash"`
}

// AnchorOf anchors p, whose name as extracted was name ("" takes p's).
func AnchorOf(p Primitive, name string) Anchor {
	if name == "" {
		name = p.Name
	}
	return Anchor{Source: p.Provenance.Source, Document: DocumentKey(p.Provenance), Section: p.Provenance.Section,
		Name: name, ContentHash: p.Provenance.ContentHash}
}

// SourceKey is what tells one learned source from another: the source as
// the session names it (an absolute path on this machine, a URL, an
// upload's name), less a trailing separator, so "notes/" and "notes"
// are one folder.
func SourceKey(source string) string {
	if k := strings.TrimRight(source, "/\\"); k != "" {
		return k
	}
	return source
}

// DocumentKey names a document across copies and editions: its title when
// it has one, else its file name (an archive entry's, a URL's last part),
// lower-cased. A corrected edition saved under the same name, or titled
// the same, is the same document.
func DocumentKey(p Provenance) string {
	if t := strings.TrimSpace(p.Title); t != "" {
		return "title:" + strings.ToLower(t)
	}
	d := p.Whole() // a book's, whichever of its files holds p
	if i := strings.LastIndex(d, "!"); i >= 0 {
		d = d[i+1:]
	}
	d = strings.TrimRight(strings.ReplaceAll(d, "\\", "/"), "/")
	return "file:" + strings.ToLower(path.Base(d))
}
