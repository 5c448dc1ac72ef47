package acquire

import (
	"maps"
	"sort"

	"github.com/lore-kb/lore/core"
)

// TeX reads a macro as it was last defined before the use. A main file
// may redefine an include macro before each chapter,
//
//	\renewcommand{\inputsection}[1]{\input{include/background/#1}}
//	\input{include/background}
//
// so that the chapter's \inputsection{motivation} reads its own folder's
// motivation.tex, not the first chapter's. includeMacros keeps one
// definition per name; redefinedIncludes reads again, with the
// definitions in force where they are read, the includes of every file a
// book reads after such a redefinition, and of what that file includes.

// macroDef is a definition of an include macro at an offset of a text.
type macroDef struct {
	at   int
	name string
	mac  includeMacro
}

// localDefs are the definitions text makes of the include macros named in
// macros, in order.
func localDefs(text string, macros map[string]includeMacro) []macroDef {
	var out []macroDef
	for _, m := range macroDefs(text) {
		if commentedLine(text, m[0]) {
			continue
		}
		name, mac, ok := macroDefinition(text, m)
		if _, known := macros[name]; ok && known {
			out = append(out, macroDef{at: m[0], name: name, mac: mac})
		}
	}
	return out
}

// redefinedIncludes replaces includes[i] for each LaTeX file read where an
// include macro it uses means something else than its first definition.
// It does nothing when no file defines an include macro twice.
func redefinedIncludes(docs []core.Document, byName map[string]int, macros map[string]includeMacro, includes map[int][]bookInclude, included map[int]bool) {
	defs := map[int][]macroDef{}
	count := map[string]int{}
	for _, i := range byName {
		if docs[i].Format != core.FormatLaTeX {
			continue
		}
		if ds := localDefs(docs[i].Text, macros); len(ds) > 0 {
			defs[i] = ds
			for _, d := range ds {
				count[d.name]++
			}
		}
	}
	redefined := false
	for _, n := range count {
		redefined = redefined || n > 1
	}
	if !redefined {
		return
	}
	roots := make([]int, 0, len(byName))
	for _, i := range byName {
		if !included[i] && docs[i].Format == core.FormatLaTeX {
			roots = append(roots, i)
		}
	}
	sort.Ints(roots)
	visited := map[int]bool{}
	var visit func(i int, ctx map[string]includeMacro, depth int)
	visit = func(i int, ctx map[string]includeMacro, depth int) {
		if visited[i] || depth > maxIncludeDepth {
			return
		}
		visited[i] = true
		own := defs[i]
		if len(own) > 0 || !maps.EqualFunc(ctx, macros, sameMacro) {
			includes[i] = includesInForce(docs[i], byName, ctx, own)
		}
		for _, in := range includes[i] {
			j, ok := byName[in.name]
			if !ok || j == i {
				continue
			}
			visit(j, inForce(ctx, own, in.start), depth+1)
		}
	}
	for _, r := range roots {
		visit(r, macros, 0)
	}
	// what each file includes now, a file the first definitions sent a
	// use to included only if something still includes it
	clear(included)
	for i, inc := range includes {
		for _, in := range inc {
			if j := byName[in.name]; j != i {
				included[j] = true
			}
		}
	}
}

// sameMacro compares two definitions by what they expand to.
func sameMacro(a, b includeMacro) bool {
	return a.params == b.params && a.opt == b.opt && a.deflt == b.deflt && a.body == b.body
}

// inForce is ctx with the definitions of own made before at.
func inForce(ctx map[string]includeMacro, own []macroDef, at int) map[string]includeMacro {
	out, cloned := ctx, false
	for _, d := range own {
		if d.at >= at {
			break
		}
		if sameMacro(out[d.name], d.mac) {
			continue
		}
		if !cloned {
			out, cloned = maps.Clone(ctx), true
		}
		out[d.name] = d.mac
	}
	return out
}

// includesInForce lists the includes of d, each use of an include macro
// expanded by the definition in force where it is: ctx's, then each of
// own from where it is made.
func includesInForce(d core.Document, byName map[string]int, ctx map[string]includeMacro, own []macroDef) []bookInclude {
	from, cur := 0, ctx
	var out []bookInclude
	for k := 0; k <= len(own); k++ {
		to := len(d.Text)
		if k < len(own) {
			to = own[k].at
		}
		for _, in := range findIncludesWith(d, byName, cur) {
			if in.start >= from && in.start < to {
				out = append(out, in)
			}
		}
		if k < len(own) {
			cur = maps.Clone(cur)
			cur[own[k].name] = own[k].mac
			from = to
		}
	}
	return out
}
