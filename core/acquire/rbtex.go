package acquire

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// A .rbtex file is LaTeX with embedded Ruby (eRuby, "<% … %>"), which a
// book's build runs to print its sections, figures and margin notes
// (Benjamin Crowell's textbooks are written so). lore does not run the
// Ruby: it reads the file as the LaTeX it prints, as a reader of the
// source does. A begin_sec("Title", …) call opens a section one level
// below the one open, end_sec closes it, and any other Ruby prints
// nothing lore reads; the lines the Ruby took stay as blank lines, so
// that a statement's line is the source's.

// rubyBlock is one eRuby tag, "<%" to "%>".
var rubyBlock = lazyre.New(`(?s)<%=?(.*?)%>`)

// beginSec is the title a begin_sec call opens a section with.
var beginSec = lazyre.New(`^\s*begin_sec\(\s*"((?:[^"\\]|\\.)*)"`)

// rubyTeXLevels are the sectioning commands of depths 0, 1, 2, …
var rubyTeXLevels = []string{"section", "subsection", "subsubsection", "paragraph"}

// rubyTeX is the LaTeX a .rbtex file prints.
func rubyTeX(s string) string {
	depth := 0
	return rubyBlock.ReplaceAllStringFunc(s, func(tag string) string {
		code := rubyBlock.FindStringSubmatch(tag)[1]
		blank := strings.Repeat("\n", strings.Count(tag, "\n"))
		if m := beginSec.FindStringSubmatch(code); m != nil {
			cmd := rubyTeXLevels[min(depth, len(rubyTeXLevels)-1)]
			depth++
			// a Ruby string's "\\" is one backslash of the LaTeX
			return `\` + cmd + "{" + strings.ReplaceAll(m[1], `\\`, `\`) + "}" + blank
		}
		if strings.Contains(code, "end_sec") && depth > 0 {
			depth--
		}
		return blank
	})
}
