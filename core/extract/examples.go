package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Worked examples are kept with what they work out, as proofs are: a
// section titled "Example" ("Examples", "Example: Author reviewer game",
// "Worked example") under a definition, a rule or a procedure — a spec's
// request and response, a textbook's preference tables worked through —
// is an example of the primitive its parent section stated last before
// it; a LaTeX example environment is one of the result it follows. An
// agent asked to build the request, or to apply the definition to a case,
// follows one. An example that holds a primitive of its own (a theorem
// stated inside it) is left as it is.

// exampleTitle is a heading that gives a worked example.
var exampleTitle = lazyre.New(`^(?i:(?:worked\s+)?examples?)(?:$|[\s:.(—–-])`)

// exampleSpan is one worked example of the document: [body, end) holds it.
type exampleSpan struct {
	at, body, end int
	title         string
	parent        int // where the section it belongs to starts, -1 for none
}

// attachExamples stores each worked example of the document with the
// primitive it works out. cs is sorted by offset; outOf maps a candidate
// to its primitive in out (-1 when it was dropped).
func (x *extractor) attachExamples(cs []cand, outOf []int, out []core.Primitive) {
	spans := x.exampleSpans()
	if len(spans) == 0 {
		return
	}
	for _, sp := range spans {
		owner, inside := -1, false
		for ci := range cs {
			c := &cs[ci]
			if outOf[ci] < 0 || c.part {
				continue
			}
			if c.offset >= sp.at && c.offset < sp.end {
				// a result stated in the example is its own; a term
				// read off the example's words is not one
				inside = inside || c.typ != core.Definition
				continue
			}
			if c.offset < sp.at && c.offset >= sp.parent {
				owner = ci
			}
		}
		if inside || owner < 0 {
			continue
		}
		body := x.exampleText(sp)
		if body == "" {
			continue
		}
		p := &out[outOf[owner]]
		p.Examples = core.MoreExamples(p.Examples, []string{body})
	}
}

// exampleSpans are the document's worked examples: its sections titled as
// examples, and in LaTeX its example environments.
func (x *extractor) exampleSpans() []exampleSpan {
	var out []exampleSpan
	var walk func(parent *core.Section, secs []*core.Section)
	walk = func(parent *core.Section, secs []*core.Section) {
		for _, s := range secs {
			if exampleTitle.MatchString(strings.TrimSpace(s.Title)) && s.End > s.BodyOffset && parent != nil {
				out = append(out, exampleSpan{at: s.Offset, body: s.BodyOffset, end: s.End, title: s.Title, parent: parent.Offset})
				continue
			}
			walk(s, s.Children)
		}
	}
	walk(nil, x.a.Sections)
	if x.format == core.FormatLaTeX && x.tex != nil {
		for _, b := range x.tex.blocks {
			if b.kind != "Example" {
				continue
			}
			end := strings.Index(x.doc[b.at:], `\end{`+b.env+`}`)
			if end < 0 {
				continue
			}
			body := b.at + len(`\begin{`+b.env+`}`)
			body = skipOptArgs(x.doc, body)
			// the result it follows, in the same section
			parent := 0
			if sec := x.sectionAt(b.at); sec != nil {
				parent = sec.Offset
			}
			out = append(out, exampleSpan{at: b.at, body: body, end: b.at + end, title: "Example", parent: parent})
		}
	}
	return out
}

// sectionAt is the innermost section holding offset at, nil for none.
func (x *extractor) sectionAt(at int) *core.Section {
	var found *core.Section
	var walk func(secs []*core.Section)
	walk = func(secs []*core.Section) {
		for _, s := range secs {
			if s.Offset <= at && at < s.End {
				found = s
				walk(s.Children)
				return
			}
		}
	}
	walk(x.a.Sections)
	return found
}

// crossRefs are a Markdown example's links to an anchor of its page
// ("[](#eqn:stable)", "[the table](#sec:prefs)") and its LaTeX labels: a
// reader sees the link's words, and a label is no word at all.
var crossRefs = lazyre.New(`\[([^\[\]]*)\]\(#[^()\s]*\)|\\label\{[^{}]*\}`)

// exampleText is an example as a reader reads it, its title first when it
// has one of its own ("Author reviewer game: …"), its lines kept (a request
// and its headers, a table), cut to core.MaxExample.
func (x *extractor) exampleText(sp exampleSpan) string {
	raw := x.doc[sp.body:sp.end]
	if len(raw) > 4*core.MaxExample {
		raw = text.Truncate(raw, 4*core.MaxExample)
	}
	var s string
	switch x.format {
	case core.FormatLaTeX:
		x.texDoc()
		s = strings.TrimSpace(text.CollapseSpace(x.texr.clean(raw)))
	default:
		s = exampleLines(crossRefs.ReplaceAllString(raw, "$1"))
	}
	if s == "" {
		return ""
	}
	if t := exampleTitle.ReplaceAllString(strings.TrimSpace(sp.title), ""); strings.Trim(t, " :.—–-") != "" {
		s = strings.Trim(t, " :.—–-") + ":\n" + s
	}
	if len(s) > core.MaxExample {
		s = text.Truncate(s, core.MaxExample-len(" …")) + " …"
	}
	return s
}

// exampleLines is a plain-text example's lines, HTML comments and runs of
// blank lines left out, each line's own indentation kept.
func exampleLines(raw string) string {
	raw = htmlComment.ReplaceAllString(raw, "")
	var b strings.Builder
	blank := false
	for _, l := range strings.Split(strings.TrimSpace(raw), "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l == "" {
			blank = b.Len() > 0
			continue
		}
		if blank {
			b.WriteString("\n")
			blank = false
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(l)
	}
	return b.String()
}
