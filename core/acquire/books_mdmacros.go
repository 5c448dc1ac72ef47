package acquire

import (
	"path"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A Markdown book may keep its LaTeX notation in packages (.sty) of its
// own, brought in by its build tool's input command: aitoa's book.md reads
// _commands_/commands.sty by \relative.input, which reads math.sty and the
// rest the same way, and brings its chapters in so too. Pandoc reads the
// definitions a Markdown text makes; lore gives each Markdown document a
// book brings in the definitions of the packages the book brings in, at
// its head, so that its statements read "x" where the author wrote
// \sespel, as the printed book does.

// mdInput is an input command of a Markdown book's build tool (\input,
// \include, \relative.input …) with the path it names.
var mdInput = lazyre.New(`\\[A-Za-z][A-Za-z.]{0,40}?(?:input|include)\s*\{([^{}\n]{1,300})\}`)

// lendMarkdownMacros lends the Markdown documents of docs the definitions
// of the source's packages (pkgs) their book brings in.
func lendMarkdownMacros(docs []core.Document, pkgs map[string][]int) {
	if len(pkgs) == 0 {
		return
	}
	byName := map[string]int{}
	for i, d := range docs {
		byName[d.Name] = i
	}
	memo := map[int][]int{}
	inputs := func(i int) []int {
		if out, ok := memo[i]; ok {
			return out
		}
		var out []int
		d := docs[i]
		if !strings.Contains(d.Text, "put") && !strings.Contains(d.Text, "clude") {
			memo[i] = nil
			return nil
		}
		for _, m := range mdInput.FindAllStringSubmatch(d.Text, -1) {
			name := strings.TrimSpace(m[1])
			for _, p := range []string{path.Join(path.Dir(d.Name), name), path.Clean(name)} {
				if j, ok := byName[p]; ok && j != i {
					out = append(out, j)
					break
				}
			}
		}
		memo[i] = out
		return out
	}
	isPackage := func(i int) bool {
		ext := strings.ToLower(path.Ext(docs[i].Name))
		return ext == ".sty" || ext == ".cls"
	}
	lent := map[int]bool{}
	maps := newSourceMaps()
	for root := range docs {
		if docs[root].Format != core.FormatMarkdown || lent[root] || !anyOf(inputs(root), isPackage) {
			continue
		}
		// The packages the book brings in, each with those it brings in.
		var defs strings.Builder
		seen := map[int]bool{}
		var parts []int
		queue := inputs(root)
		for len(queue) > 0 && defs.Len() < maxDefinitionsBytes {
			j := queue[0]
			queue = queue[1:]
			if seen[j] {
				continue
			}
			seen[j] = true
			switch {
			case isPackage(j):
				defs.WriteString(texDefinitions(docs[j].Text))
				queue = append(queue, inputs(j)...)
			case docs[j].Format == core.FormatMarkdown:
				parts = append(parts, j)
				queue = append(queue, inputs(j)...)
			}
		}
		if defs.Len() == 0 {
			continue
		}
		head := defs.String() + "\n"
		for _, i := range append([]int{root}, parts...) {
			if lent[i] {
				continue
			}
			lent[i] = true
			maps.inserted(i, docs[i].Text, [][2]int{{0, len(head)}})
			docs[i].Text = head + docs[i].Text
		}
	}
	maps.apply(docs)
}

// anyOf reports whether f holds for one of is.
func anyOf(is []int, f func(int) bool) bool {
	for _, i := range is {
		if f(i) {
			return true
		}
	}
	return false
}
