package analyze

import "github.com/lore-kb/lore/core"

// argCommands are LaTeX commands whose arguments are names, keys or paths,
// not prose: "\begin{proof}" and "\label{thm:group-field}" say nothing
// about the document's field.
var argCommands = map[string]bool{
	"begin": true, "end": true, "label": true, "ref": true, "cref": true, "Cref": true,
	"eqref": true, "autoref": true, "pageref": true, "nameref": true, "vref": true,
	"cite": true, "citep": true, "citet": true, "citealp": true, "nocite": true,
	"usepackage": true, "documentclass": true, "input": true, "include": true,
	"includegraphics": true, "bibliography": true, "bibliographystyle": true,
	"newtheorem": true, "url": true, "href": true, "hyperref": true, "hypertarget": true,
	"newenvironment": true, "setcounter": true, "addtocounter": true,
}

// markupFilter tells the domain matcher which words of a LaTeX or PreTeXt
// source are markup rather than text: command names, the arguments of
// argCommands, comments, and XML element and attribute names and values.
// Domain evidence is about what a document says; "\begin{proof}" and
// "<proof>" would otherwise count as "proof", and "xml:id" values as
// words. It reads the bytes between consecutive words once, so it keeps the
// pass linear. Other formats are not filtered.
type markupFilter struct {
	format  core.Format
	last    int  // end of the previous word
	inTag   bool // XML: inside <…>
	comment bool // LaTeX: after an unescaped % until the end of the line
	inArg   bool // LaTeX: inside the arguments of an argCommand
	depth   int  // bracket depth inside those arguments
}

// skip reports whether the word s[start:end] is markup. Words must be
// given in order.
func (m *markupFilter) skip(s string, start, end int) bool {
	switch m.format {
	case core.FormatLaTeX:
		return m.latex(s, start, end)
	case core.FormatPreTeXt:
		for j := max(m.last, 0); j < start; j++ {
			switch s[j] {
			case '<':
				m.inTag = true
			case '>':
				m.inTag = false
			}
		}
		m.last = end
		return m.inTag
	}
	return false
}

func (m *markupFilter) latex(s string, start, end int) bool {
	for j := max(m.last, 0); j < start; j++ {
		c := s[j]
		if m.comment {
			if c == '\n' {
				m.comment = false
			}
			continue
		}
		if c == '%' && (j == 0 || s[j-1] != '\\') {
			m.comment = true
			continue
		}
		if m.inArg {
			switch c {
			case '{', '[':
				m.depth++
			case '}', ']':
				m.depth--
				if m.depth <= 0 {
					m.inArg = false
				}
			}
		}
	}
	m.last = end
	if m.comment {
		return true
	}
	if start > 0 && s[start-1] == '\\' {
		if argCommands[s[start:end]] && end < len(s) && (s[end] == '{' || s[end] == '[' || s[end] == '*') {
			m.inArg, m.depth = true, 0
		}
		return true
	}
	return m.inArg
}
