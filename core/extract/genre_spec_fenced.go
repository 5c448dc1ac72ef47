package extract

import (
	"strings"
)

// Figures of a specification written in Markdown (kramdown-rfc, mmark):
// the drawing sits in a fenced code block, tagged as artwork
// ("~~~ ascii-art", "~~~ aasvg") or untagged, and its caption in the
// attribute list after it ({: #fig-x title="Set Dynamic Table Capacity"}).
// The published RFC shows the same drawing with "Figure 5: Set Dynamic
// Table Capacity" under it; the fenced block becomes the block the RFC
// text's figure is, its caption the one the IAL gives, so that one reader
// (genre_spec_figure.go) reads both.

// specArtTags are the info strings with which a Markdown source says a
// fenced block is a drawing: kramdown-rfc's and mmark's artwork types and
// the drawing tools they render through.
var specArtTags = map[string]bool{
	"ascii-art": true, "art": true, "artwork": true, "goat": true, "aasvg": true, "svgbob": true, "ditaa": true,
}

// specPlainTags are info strings that say nothing of what a block holds:
// such a block is a figure when its lines draw boxes.
var specPlainTags = map[string]bool{"": true, "text": true, "txt": true, "plain": true, "plaintext": true}

// specFenceOpen reads an opening fence line ("~~~~ ascii-art", "```",
// "``` {.goat}"): its run of fence characters and its tag, lower-cased.
func specFenceOpen(t string) (run, tag string, ok bool) {
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return "", "", false
	}
	n := runOf(t, t[0])
	if n < 3 {
		return "", "", false
	}
	info := strings.Fields(strings.Trim(strings.TrimSpace(t[n:]), "{}"))
	if len(info) > 0 {
		tag = strings.ToLower(strings.TrimPrefix(info[0], "."))
	}
	return t[:n], tag, true
}

// specFenceCloses reports whether t closes the fence opened by run: the
// same character, at least as many, nothing after.
func specFenceCloses(t, run string) bool {
	n := runOf(t, run[0])
	return n >= len(run) && strings.TrimSpace(t[n:]) == ""
}

// specIAL reads a kramdown attribute list standing on its own line
// ({: #fig-x title="Duplicate"}, {:#id}): its anchor and its title; ok
// is false for any other line.
func specIAL(t string) (anchor, title string, ok bool) {
	if !strings.HasPrefix(t, "{:") || !strings.HasSuffix(t, "}") {
		return "", "", false
	}
	in := t[2 : len(t)-1]
	for i := 0; i < len(in); {
		for i < len(in) && in[i] == ' ' {
			i++
		}
		j := i
		for j < len(in) && in[j] != ' ' && in[j] != '=' {
			j++
		}
		key := in[i:j]
		if j < len(in) && in[j] == '=' && j+1 < len(in) && (in[j+1] == '"' || in[j+1] == '\'') {
			q := in[j+1]
			e := strings.IndexByte(in[j+2:], q)
			if e < 0 {
				return "", "", false
			}
			if key == "title" {
				title = strings.TrimSpace(in[j+2 : j+2+e])
			}
			i = j + 2 + e + 1
			continue
		}
		if strings.HasPrefix(key, "#") {
			anchor = key[1:]
		}
		for j < len(in) && in[j] != ' ' {
			j++
		}
		i = max(j, i+1)
	}
	return anchor, title, true
}

// specFencedFigure makes the lines of a fenced block tagged tag a figure
// block when the tag calls it a drawing, or says nothing and its lines
// draw boxes; false for code, grammars and examples.
func specFencedFigure(s, tag string, lines []specLine) (specBlock, bool) {
	if len(lines) == 0 {
		return specBlock{}, false
	}
	b := specBlock{kind: bkCode, ind: lines[0].ind, lines: lines, art: specArtTags[tag]}
	if b.art || specPlainTags[tag] && isBoxDiagram(s, &b) {
		return b, true
	}
	return specBlock{}, false
}

// specFigureRef is the text by which a paragraph refers to a figure: its
// number ("figure 1" of "Figure 1: Format of a DHCP message") or, in
// Markdown, a cross-reference to its anchor ("{{fig-base-index}}"); ""
// when it has neither.
func specFigureRef(caption, anchor string) string {
	if m := specCaptionLine.FindStringSubmatch(caption); m != nil {
		kind := strings.ToLower(strings.TrimSuffix(m[1], "."))
		if kind == "fig" {
			kind = "figure"
		}
		return kind + " " + m[2]
	}
	if anchor != "" {
		return "{{" + strings.ToLower(anchor) + "}}"
	}
	return ""
}
