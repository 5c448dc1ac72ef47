package extract

import (
	"strings"
)

// Lists inside a block. A definition or result that enumerates its axioms,
// cases or parts (LaTeX's enumerate, itemize and description, PreTeXt's
// <ol>, <ul> and <dl>, Markdown's bullets and numbers) states them all:
// the block is one primitive holding every item. A term its author marks
// inside an item ("(transitivity)", "whose elements are called objects")
// names a part of the statement, not a definition of its own; only a term
// defined in the block's running text, after the list has closed its
// sentence, starts a primitive of its own.

// listSpan is one outermost list in a block's body: where it begins,
// where its last item begins, and where it ends (after its closing).
type listSpan struct {
	from, last, to int
}

// texListEnvs are the LaTeX environments that hold items.
var texListEnvs = map[string]bool{
	"enumerate": true, "itemize": true, "description": true, "enumerate*": true,
	"itemize*": true, "description*": true, "compactenum": true, "compactitem": true,
	"compactdesc": true, "inparaenum": true, "asparaenum": true, "asparaitem": true,
	"asparadesc": true, "inparaitem": true, "tasks": true, "list": true,
}

// texListSpans returns the outermost lists of a LaTeX body, in order, in
// one pass.
func texListSpans(body string) []listSpan {
	var out []listSpan
	depth := 0
	var cur listSpan
	for i := 0; i < len(body); {
		k := strings.IndexByte(body[i:], '\\')
		if k < 0 {
			break
		}
		at := i + k
		name, j := controlWord(body, at)
		if name == "" {
			i = at + 2
			continue
		}
		i = j
		switch name {
		case "begin", "end":
			env, e := texBraced(body, j)
			if e < 0 || !texListEnvs[env] {
				continue
			}
			i = e
			if name == "begin" {
				if depth == 0 {
					cur = listSpan{from: at, last: e, to: len(body)}
				}
				depth++
				continue
			}
			if depth == 0 {
				continue
			}
			depth--
			if depth == 0 {
				cur.to = e
				out = append(out, cur)
			}
		case "item":
			if depth > 0 {
				cur.last = at
			}
		}
	}
	if depth > 0 {
		// An unclosed list runs to the end of the body.
		out = append(out, cur)
	}
	return out
}

// markItemTerms marks the terms that lie in a list's items, and the terms
// whose sentence began in one: a list whose last item does not end its
// sentence carries that sentence on past the list ("… \end{enumerate} and
// such a G is called abelian"), and a primitive started there would cut
// the item. raw is the block's body, which clean renders as the statement
// renders it. Terms and lists are in body order.
func markItemTerms(terms []termHit, lists []listSpan, raw string, clean func(string) string) {
	if len(lists) == 0 {
		return
	}
	l := 0
	// opened is the list after which a sentence has been seen to begin.
	opened := -1
	for k := range terms {
		t := &terms[k]
		for l+1 < len(lists) && lists[l+1].from <= t.at {
			l++
		}
		sp := lists[l]
		switch {
		case t.at < sp.from:
		case t.at < sp.to:
			t.item = true
		case opened == l:
		case paragraphBreak(raw[sp.to:min(t.at, len(raw))]) ||
			sentenceOpensAfter(clean(raw[sp.last:sp.to]), clean(raw[sp.last:t.at])+" "+t.text):
			opened = l
		default:
			t.item = true
		}
	}
}

// paragraphBreak reports a blank line in s: a paragraph begun after a
// list is no item's, whatever its first sentence looks like (an item
// ending in "(symmetry)" after its formula's period).
func paragraphBreak(s string) bool {
	for {
		k := strings.IndexByte(s, '\n')
		if k < 0 {
			return false
		}
		s = s[k+1:]
		if e := strings.IndexByte(s, '\n'); e >= 0 && strings.TrimSpace(s[:e]) == "" {
			return true
		}
	}
}

// sentenceOpensAfter reports whether the last sentence of rest (the text
// from a list's last item to a term, the term included) begins after item
// (that item's text to the list's end): then the term's sentence is not
// the item's.
func sentenceOpensAfter(item, rest string) bool {
	item = strings.TrimSpace(item)
	spans := sentenceSpans(rest)
	// Rendering the two texts apart may differ by a collapsed blank or
	// two; a sentence begun inside the item begins at least a word before
	// its end.
	return spans[len(spans)-1][0] >= len(item)-2
}

// xmlListSpans returns the outermost lists (<ol>, <ul>, <dl>) of PreTeXt
// markup, in order, in one pass.
func xmlListSpans(s string) []listSpan {
	var out []listSpan
	depth := 0
	var cur listSpan
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '<')
		if k < 0 {
			break
		}
		at := i + k
		gt := strings.IndexByte(s[at:], '>')
		if gt < 0 {
			break
		}
		i = at + gt + 1
		tag := s[at+1 : at+gt]
		closing := strings.HasPrefix(tag, "/")
		tag = strings.TrimPrefix(tag, "/")
		if strings.HasSuffix(tag, "/") {
			continue
		}
		name := tag
		if e := strings.IndexAny(tag, " \t\n\r"); e >= 0 {
			name = tag[:e]
		}
		switch name {
		case "ol", "ul", "dl":
			if !closing {
				if depth == 0 {
					cur = listSpan{from: at, last: i, to: len(s)}
				}
				depth++
				continue
			}
			if depth == 0 {
				continue
			}
			depth--
			if depth == 0 {
				cur.to = i
				out = append(out, cur)
			}
		case "li":
			if !closing && depth > 0 {
				cur.last = at
			}
		}
	}
	if depth > 0 {
		out = append(out, cur)
	}
	return out
}

// mdListSpans returns the lists of Markdown text (its lines as written,
// or as mdToLaTeX leaves them): a run of items ("- ", "* ", "+ ", "1. ",
// "1) ") with their continuation lines, ended by a blank line followed by
// a line that is neither an item nor indented.
func mdListSpans(s string) []listSpan {
	var out []listSpan
	in, blank := false, false
	var cur listSpan
	for start := 0; start < len(s); {
		end := strings.IndexByte(s[start:], '\n')
		next := len(s)
		if end < 0 {
			end = len(s)
		} else {
			end += start
			next = end + 1
		}
		line := s[start:end]
		t := strings.TrimLeft(line, " \t")
		switch {
		case t == "":
			blank = true
		case mdItem(t):
			if !in {
				in = true
				cur = listSpan{from: start}
			}
			cur.last = start
			blank = false
		case in && (!blank || len(line) > len(t)):
			// A lazy continuation, or an indented paragraph of the item.
			blank = false
		case in:
			cur.to = start
			out = append(out, cur)
			in, blank = false, false
		}
		start = next
	}
	if in {
		cur.to = len(s)
		out = append(out, cur)
	}
	return out
}

// mdItem reports a line (its indent removed) that opens a list item.
func mdItem(t string) bool {
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ ") {
		return true
	}
	d := 0
	for d < len(t) && d < 9 && t[d] >= '0' && t[d] <= '9' {
		d++
	}
	return d > 0 && (strings.HasPrefix(t[d:], ". ") || strings.HasPrefix(t[d:], ") "))
}

// itemMark reports a word that is an item's label as a statement shows
// it: "(1)", "(ii)", "(G1)", "a)", "3.", a bullet.
func itemMark(w string) bool {
	switch w {
	case "•", "-", "*", "+":
		return true
	}
	body := strings.TrimPrefix(w, "(")
	switch {
	case strings.HasSuffix(body, ")"):
		body = strings.TrimSuffix(body, ")")
	case strings.HasSuffix(w, ".") && body == w:
		// "3.", "b.", "iv.": a number, a letter or a roman numeral, not
		// an abbreviation ("Thm.").
		body = strings.TrimSuffix(body, ".")
		if len(body) > 1 && strings.Trim(body, "0123456789") != "" && strings.Trim(body, "ivxlc") != "" {
			return false
		}
	default:
		return false
	}
	if body == "" || len(body) > 4 {
		return false
	}
	for _, c := range body {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
