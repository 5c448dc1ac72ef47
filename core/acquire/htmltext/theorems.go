package htmltext

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// Theorem-like containers. Books published as HTML or EPUB mark their
// definitions and theorems with an element and a class: PreTeXt
// (<article class="theorem theorem-like" id="…"> with an h3.heading of
// span.type, span.codenumber and span.title), LaTeXML (<div
// class="ltx_theorem ltx_theorem_thm"> with an h6.ltx_title_theorem),
// pandoc, bookdown and Quarto (<div class="theorem" id="thm-…"> whose
// first paragraph opens with the label in bold). The readers write such a
// container as a pandoc fenced div, ::: {.theorem #id name="Title"} … :::,
// the form Markdown sources use for the same blocks, so that extraction
// reads a rendered book as it reads its source. A proof becomes
// ::: {.proof} … :::, never a block of its own.

// MaxContainerDepth bounds how many containers may be open at once; deeper
// ones are read as plain text, so that pathological nesting costs no more
// than flat text.
const MaxContainerDepth = 8

// KindProof is the kind ContainerKind gives a proof.
const KindProof = "proof"

// kindWords are the class words that name a theorem-like block by
// themselves (pandoc, bookdown, Quarto, PreTeXt); a family class such as
// "theorem-like" or "ltx_theorem" also admits the rarer ones.
var kindWords = map[string]string{
	"theorem": "theorem", "lemma": "lemma", "corollary": "corollary",
	"proposition": "proposition", "definition": "definition",
	"axiom": "axiom", "algorithm": "algorithm",
}

// familyWords are the further kinds a theorem-like family names.
var familyWords = map[string]string{
	"thm": "theorem", "lem": "lemma", "cor": "corollary", "prop": "proposition",
	"defn": "definition", "def": "definition", "dfn": "definition",
	"property": "property", "fact": "fact", "observation": "observation",
	"principle": "principle", "identity": "identity",
	// Environments named in the book's language (LaTeXML's
	// "ltx_theorem_satz" for \newtheorem{satz}{Satz}).
	"satz": "theorem", "hilfssatz": "lemma", "korollar": "corollary", "folgerung": "corollary",
	"theoreme": "theorem", "lemme": "lemma", "corollaire": "corollary",
	"teorema": "theorem", "lema": "lemma", "corolario": "corollary", "corollario": "corollary",
	"definicion": "definition", "definizione": "definition", "proposicion": "proposition", "proposizione": "proposition", //nolint:misspell // Spanish, not misspelt English
}

// proofLabels are a proof's printed label in English and the languages
// of familyWords.
var proofLabels = []string{"Proof", "Beweis", "Preuve", "Démonstration", "Demostración", "Dimostrazione", "Prova"}

// proofWords name a proof in the languages of familyWords.
var proofWords = map[string]bool{
	"beweis": true, "preuve": true, "demonstration": true, "demostracion": true, "dimostrazione": true, "prova": true,
}

// ContainerKind returns the kind of theorem-like block an element with
// the given class attribute holds ("theorem", "definition", …), KindProof
// for a proof, or "" for anything else.
func ContainerKind(elem, class string) string {
	switch elem {
	case "div", "article", "section", "aside", "figure", "blockquote", "details":
	default:
		return ""
	}
	if class == "" {
		return ""
	}
	cls := strings.Fields(strings.ToLower(class))
	family := false
	for _, c := range cls {
		switch {
		case c == "proof" || c == "hiddenproof" || c == "ltx_proof":
			return KindProof
		case strings.HasSuffix(c, "-like") && c != "example-like" && c != "exercise-like" && c != "remark-like" && c != "project-like" && c != "computation-like":
			family = true
		case c == "ltx_theorem":
			family = true
		}
	}
	for _, c := range cls {
		if k, ok := kindWords[c]; ok {
			return k
		}
		if !family {
			continue
		}
		w := strings.TrimPrefix(c, "ltx_theorem_")
		if proofWords[w] {
			return KindProof
		}
		if k, ok := familyWords[w]; ok {
			return k
		}
		if k, ok := kindWords[w]; ok {
			return k
		}
	}
	return ""
}

// headLabel reads a block's label: a kind word, an optional number or
// acronym ("2.1", "RREF", "A.3"), an optional parenthesized title, and
// the rest of the line.
var headLabel = lazyre.New(`^(\p{Lu}\p{Ll}+)(?:\s+([0-9A-Z][0-9A-Za-z]*(?:[.\-][0-9A-Za-z]+)*))?\.?\s*(?:\(([^()]{1,160})\))?\s*[.:]?\s*`)

// Fence renders the blocks a container produced as a fenced div of the
// given kind. The first block's label (a heading, or a bold run-in label
// at its start) leaves the text for the div's attributes; title, when
// known from the markup, names the block, else the label's parenthesized
// part or the heading's words after the number do.
func Fence(kind, id, title string, blocks []string) []string {
	out := make([]string, 0, len(blocks)+2)
	if kind == KindProof {
		if len(blocks) > 0 {
			// "Proof." is the proof's label, not its text, whether its
			// paragraph goes on ("**Proof.** Take …") or not.
			b := strings.TrimLeft(blocks[0], "#* ")
			for _, word := range proofLabels {
				if rest, ok := strings.CutPrefix(b, word); ok && (rest == "" || strings.ContainsRune(".:*", rune(rest[0]))) {
					if rest = strings.TrimLeft(rest, ".:* "); rest == "" {
						blocks = blocks[1:]
					} else {
						blocks = append([]string{rest}, blocks[1:]...)
					}
					break
				}
			}
		}
		if len(blocks) == 0 {
			// PreTeXt's hidden proof: a label alone, the text in a
			// second proof that follows it.
			return nil
		}
		if blocks[0] == "::: {.proof}" && blocks[len(blocks)-1] == ":::" {
			// PreTeXt's <details class="hiddenproof">: its summary is the
			// label, its body a proof of its own, which is the proof.
			return blocks
		}
		out = append(out, "::: {.proof}")
		out = append(out, blocks...)
		return append(out, ":::")
	}
	title = strings.TrimSpace(title)
	number := ""
	if len(blocks) > 0 {
		first := blocks[0]
		switch {
		case strings.HasPrefix(first, "#"):
			h := strings.TrimSpace(strings.TrimLeft(first, "#"))
			if m := headLabel.FindStringSubmatch(h); m != nil && isKindWord(m[1]) {
				number = m[2]
			}
			if m := headLabel.FindStringSubmatch(h); m != nil && title == "" {
				title = m[3]
				if title == "" {
					title = strings.TrimRight(strings.TrimSpace(h[len(m[0]):]), ".:")
				}
			}
			blocks = blocks[1:]
		case strings.HasPrefix(first, "**"):
			if e := strings.Index(first[2:], "**"); e > 0 {
				lab := strings.TrimSpace(first[2 : 2+e])
				rest := first[4+e:]
				if m := headLabel.FindStringSubmatch(lab); m != nil && isKindWord(m[1]) {
					number = m[2]
					if title == "" {
						title = m[3]
						if title == "" {
							title = strings.TrimRight(strings.TrimSpace(lab[len(m[0]):]), ".:")
						}
					}
					rest = strings.TrimLeft(rest, " ")
					if title == "" || m[3] == "" {
						// "**Theorem 2.1** (Name). Text" (amsthm's form, as
						// pandoc writes it): the label's word stands in front
						// so that headLabel reads the parenthesised part; a
						// period after it tells a title from "(a) …".
						const word = "Label "
						if n := headLabel.FindStringSubmatch(word + rest); n != nil && n[2] == "" && n[3] != "" && title == "" && strings.ContainsAny(strings.TrimSpace(n[0][strings.LastIndex(n[0], ")"):]), ".:") {
							title = n[3]
							rest = rest[len(n[0])-len(word):]
						}
					}
					rest = strings.TrimLeft(rest, ".: ")
					if strings.TrimSpace(rest) == "" {
						blocks = blocks[1:]
					} else {
						blocks = append([]string{rest}, blocks[1:]...)
					}
				}
			}
		}
	}
	// A formula in the title is written as in the text ($x$, not \(x\)).
	title = strings.NewReplacer(`"`, "'", "\n", " ").Replace(strings.TrimRight(strings.TrimSpace(texDelimiters(title)), ".:"))
	open := "::: {." + kind
	if id != "" && !strings.ContainsAny(id, " \t\n{}\"'") {
		open += " #" + id
	}
	if title != "" {
		open += ` name="` + title + `"`
	}
	if number != "" {
		// The book's own number ("2.3.1", "RREF") names an untitled block.
		open += ` number="` + number + `"`
	}
	out = append(out, open+"}")
	out = append(out, blocks...)
	return append(out, ":::")
}

// ShortKind returns the kind a short class word names on an element that
// ContainerKind does not take ("thm", "defn", "prop", "cor", "lem"):
// pandoc keeps the name a LaTeX source gave its environment
// (\newtheorem{thm}{Theorem}) as the div's class, <div class="thm"
// id="…"><p><strong>Theorem 1.12</strong>. …</p></div>. Such a word says
// less than "theorem" does, so a container it opens counts only when its
// first paragraph opens with a label naming a kind (Labelled).
func ShortKind(elem, class string) string {
	if elem != "div" && elem != "section" {
		return ""
	}
	for _, c := range strings.Fields(strings.ToLower(class)) {
		if k, ok := familyWords[c]; ok {
			return k
		}
	}
	return ""
}

// Labelled reports whether a block's text opens with a bold theorem-like
// label ("**Theorem 1.12**", "**Definition RREF (Reduced Form)**").
func Labelled(first string) bool {
	if !strings.HasPrefix(first, "**") {
		return false
	}
	e := strings.Index(first[2:], "**")
	if e <= 0 {
		return false
	}
	m := headLabel.FindStringSubmatch(strings.TrimSpace(first[2 : 2+e]))
	return m != nil && isKindWord(m[1])
}

// isKindWord reports a word that labels a theorem-like or proof block.
func isKindWord(w string) bool {
	w = strings.ToLower(w)
	if _, ok := kindWords[w]; ok {
		return true
	}
	if _, ok := familyWords[w]; ok {
		return true
	}
	switch w {
	case "property", "fact", "observation", "principle", "identity", "claim", "conjecture", "remark", "example", "proof", "note",
		// the labels of familyWords' other languages as printed
		"théorème", "définition", "definición", "proposición", "beweis", "beispiel", "bemerkung":
		return true
	}
	return false
}

// Link markers: a link's text is written between linkOpen and linkMid,
// its target's fragment between linkMid and linkClose, until the whole
// text is known; ResolveLinks then writes links to blocks as Markdown
// links and every other link as its text. The runes are from the private
// use area, and are removed from the input's own text.
const (
	linkOpen  = '\uE000'
	linkMid   = '\uE001'
	linkClose = '\uE002'
	// emphItalic and emphBold bracket a run of emphasis inside a
	// definition until the definition is read whole (see
	// TermMarks); they are private use runes as the link markers
	// are, and removed from the input's own text with them.
	emphItalic = '\uE003'
	emphBold   = '\uE004'
	lastMark   = emphBold
)

// StripMarks removes the link marker runes from text read from a page.
func StripMarks(s string) string {
	if !strings.ContainsAny(s, "\uE000\uE001\uE002\uE003\uE004") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r >= linkOpen && r <= lastMark {
			return ' '
		}
		return r
	}, s)
}

// LinkStart and LinkEnd bracket a link's text while a page is read.
func LinkStart() string { return string(linkOpen) }

// LinkEnd closes a link to the given fragment (the part of its href after
// '#').
func LinkEnd(fragment string) string {
	return string(linkMid) + StripMarks(fragment) + string(linkClose)
}

// Fragment returns the part of an href after '#', "" when it has none.
func Fragment(href string) string {
	if i := strings.IndexByte(href, '#'); i >= 0 {
		return strings.TrimSpace(href[i+1:])
	}
	return ""
}

// KnowlID returns the id a PreTeXt knowl link points at: PreTeXt's HTML
// links a cross-reference to a block of the same page by the file that
// shows the block in place, <a class="xref"
// data-knowl="./knowl/ID.html"> (./knowl/xref/ID.html in later
// versions), often with no href at all, and the block carries that ID.
// It returns "" for any other value.
func KnowlID(v string) string {
	v = strings.TrimSpace(v)
	i := strings.LastIndex(v, "knowl/")
	if i < 0 || !strings.HasSuffix(v, ".html") {
		return ""
	}
	id := strings.TrimPrefix(v[i+len("knowl/"):len(v)-len(".html")], "xref/")
	if id == "" || strings.ContainsAny(id, "/#?: \t") {
		return ""
	}
	return id
}

// ResolveLinks rewrites the marked links of s: a link whose fragment is
// one of blocks becomes [text](#fragment), any other its text alone.
// Unpaired markers are dropped. It runs in time linear in s.
func ResolveLinks(s string, blocks map[string]bool) string {
	if !strings.ContainsRune(s, linkOpen) && !strings.ContainsRune(s, linkMid) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.IndexRune(s, linkOpen)
		if i < 0 {
			b.WriteString(dropMarks(s))
			return b.String()
		}
		b.WriteString(dropMarks(s[:i]))
		s = s[i+len(string(linkOpen)):]
		m := strings.IndexAny(s, "\uE000\uE001")
		if m < 0 || strings.HasPrefix(s[m:], string(linkOpen)) {
			continue // unpaired: its text is read on
		}
		txt := s[:m]
		rest := s[m+len(string(linkMid)):]
		c := strings.IndexRune(rest, linkClose)
		if c < 0 {
			b.WriteString(txt)
			s = rest
			continue
		}
		frag := rest[:c]
		s = rest[c+len(string(linkClose)):]
		t := strings.TrimSpace(txt)
		if inner, ok := strings.CutPrefix(t, "["); ok && strings.HasSuffix(inner, "]") {
			// A converter that cannot number a reference prints its
			// label in brackets ("[concave]"); the link is still there.
			t = strings.TrimSpace(strings.TrimSuffix(inner, "]"))
		}
		if blocks[frag] && t != "" && !strings.ContainsAny(t, "[]\n") && !strings.ContainsAny(frag, "() \n") {
			lead := txt[:len(txt)-len(strings.TrimLeft(txt, " "))]
			trail := txt[len(strings.TrimRight(txt, " ")):]
			b.WriteString(lead + "[" + t + "](#" + frag + ")" + trail)
		} else {
			b.WriteString(txt)
		}
	}
}

func dropMarks(s string) string {
	if !strings.ContainsAny(s, "\uE000\uE001\uE002\uE003\uE004") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r >= linkOpen && r <= lastMark {
			return -1
		}
		return r
	}, s)
}
