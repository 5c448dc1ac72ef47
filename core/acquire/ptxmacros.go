package acquire

import (
	"path"
	"strings"

	"github.com/lore-kb/lore/core"
)

// ptxMacroPackages puts after each \usepackage of a PreTeXt document's
// <macros> that names a package of the source the definitions that
// package makes. A book whose docinfo says only \usepackage{macros}
// keeps its notation (\def\inv{^{-1}}, \let\bar=\overline) in a .sty
// beside it, which its LaTeX build loads; read without it, its formulas
// would show the macro names ("Ainv") instead of what they print.
func ptxMacroPackages(docs []core.Document, i int, pkgs map[string][]int, maps *sourceMaps) {
	d := &docs[i]
	if d.Format != core.FormatPreTeXt || len(pkgs) == 0 || !strings.Contains(d.Text, `\usepackage`) {
		return
	}
	const open, closing = "<macros>", "</macros>"
	var b strings.Builder
	var ins [][2]int
	last := 0
	for from := 0; ; {
		s := strings.Index(d.Text[from:], open)
		if s < 0 {
			break
		}
		s += from + len(open)
		e := strings.Index(d.Text[s:], closing)
		if e < 0 {
			break
		}
		e += s
		var at [][2]int
		body := packagesIn(d.Text[s:e], path.Dir(d.Name), docs, pkgs, map[int]bool{}, 0, &at)
		if len(at) > 0 {
			b.WriteString(d.Text[last:s])
			b.WriteString(body)
			last = e
			for _, a := range at {
				ins = append(ins, [2]int{a[0] + s, a[1]})
			}
		}
		from = e + len(closing)
	}
	if len(ins) == 0 {
		return
	}
	b.WriteString(d.Text[last:])
	maps.inserted(i, d.Text, ins)
	d.Text = b.String()
}
