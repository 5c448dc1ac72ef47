package ansi

import (
	"html"
	"io"
	"strings"

	xhtml "golang.org/x/net/html"
)

// RenderContext holds the current rendering options and state.
type RenderContext struct {
	options Options

	blockStack *BlockStack
	table      *TableElement
}

// NewRenderContext returns a new RenderContext.
func NewRenderContext(options Options) RenderContext {
	return RenderContext{
		options:    options,
		blockStack: &BlockStack{},
		table:      &TableElement{},
	}
}

// SanitizeHTML sanitizes HTML content.
func (ctx RenderContext) SanitizeHTML(s string, trimSpaces bool) string {
	s = stripTags(s)
	if trimSpaces {
		s = strings.TrimSpace(s)
	}

	return html.UnescapeString(s)
}

// skipContent are the elements whose content is dropped along with them.
var skipContent = map[string]bool{
	"frame": true, "frameset": true, "iframe": true, "noembed": true, "noframes": true, "noscript": true,
	"nostyle": true, "object": true, "script": true, "style": true, "title": true,
}

// stripTags returns s without its tags, comments and doctype, its text
// escaped, as bluemonday.StrictPolicy().Sanitize did, step for step: this
// copy does without bluemonday, whose packages compile some forty regular
// expressions and build large tables when a program starts, whether or not
// it ever renders markdown.
func stripTags(s string) string {
	if strings.TrimSpace(s) == "" {
		return s
	}
	var (
		b       strings.Builder
		skip    bool
		skipped int64
		recent  string
	)
	z := xhtml.NewTokenizer(strings.NewReader(s))
	for {
		if z.Next() == xhtml.ErrorToken {
			if z.Err() == io.EOF {
				return b.String()
			}
			return ""
		}
		tok := z.Token()
		switch tok.Type {
		case xhtml.StartTagToken:
			recent = tok.Data
			if tok.Data == "script" || tok.Data == "style" {
				continue
			}
			if skipContent[tok.Data] {
				skip = true
				skipped++
			}
		case xhtml.EndTagToken:
			if recent == tok.Data {
				recent = ""
			}
			if tok.Data == "script" || tok.Data == "style" {
				continue
			}
			if skipContent[tok.Data] {
				skipped--
				if skipped == 0 {
					skip = false
				}
			}
		case xhtml.TextToken:
			if !skip && recent != "script" && recent != "style" {
				b.WriteString(tok.String())
			}
		}
	}
}
