package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// listedBlock is a definition- or theorem-like block of a book's source
// whose statement lists items: where it is, and the opening words of each
// of its outermost items.
type listedBlock struct {
	where string
	items []string
}

var (
	blockBegin = regexp.MustCompile(`\\begin\{([A-Za-z]+)\*?\}`)
	// theoremLike are the environment names whose blocks count: the
	// usual definition and result names and their abbreviations, which
	// is what books' \newtheorem lines name them.
	theoremLike = regexp.MustCompile(`^(?i:def|defn|definition|thm|theorem|prop|proposition|lem|lemma|cor|corollary|axiom|ax)$`)
	listBegin   = regexp.MustCompile(`\\begin\{(?:enumerate|itemize|description)\}`)
	listEnd     = regexp.MustCompile(`\\end\{(?:enumerate|itemize|description)\}`)
	itemRe      = regexp.MustCompile(`\\item\b(?:\s*\[[^\]]*\])?`)
	commandRe   = regexp.MustCompile(`\\[A-Za-z]+\*?`)
	// unprinted are commands whose arguments a reader never sees in the
	// statement: index entries, labels, references' and citations' keys,
	// environment names.
	unprinted  = regexp.MustCompile(`\\(?:index[A-Za-z]*|label|cite[A-Za-z]*|[A-Za-z]*ref|begin|end)(?:\[[^\]]*\])?(?:\{[^{}]*\})+`)
	inlineMath = regexp.MustCompile(`\$[^$]*\$`)
	wordRe     = regexp.MustCompile(`[A-Za-z]{3,}`)
)

// listedBlocks finds, in every .tex file under dir, the theorem-like
// blocks holding a list of two or more items with words of their own.
func listedBlocks(dir string) []listedBlock {
	var out []listedBlock
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".tex" {
			return err
		}
		b, err := os.ReadFile(p) //nolint:gosec // files of the evaluation cache
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, blocksOf(rel, uncomment(string(b)))...)
		return nil
	})
	return out
}

// uncomment drops TeX comments (an unescaped % to the end of its line).
func uncomment(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		for j := 0; j < len(l); j++ {
			if l[j] == '%' && (j == 0 || l[j-1] != '\\') {
				lines[i] = l[:j]
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}

func blocksOf(file, src string) []listedBlock {
	var out []listedBlock
	for _, m := range blockBegin.FindAllStringSubmatchIndex(src, -1) {
		env := src[m[2]:m[3]]
		if !theoremLike.MatchString(env) {
			continue
		}
		end := strings.Index(src[m[1]:], `\end{`+env)
		if end < 0 {
			continue
		}
		body := src[m[1] : m[1]+end]
		items := outerItems(body)
		if len(items) >= 2 {
			out = append(out, listedBlock{where: file + ":" + strings.TrimSpace(firstWords(body, 6)), items: items})
		}
	}
	return out
}

// outerItems gives the opening words of the items of body's first
// outermost list; an item with fewer than two words of its own (a bare
// formula) is left out, since words are what are compared.
func outerItems(body string) []string {
	loc := listBegin.FindStringIndex(body)
	if loc == nil {
		return nil
	}
	rest := body[loc[1]:]
	depth, pos := 1, 0
	var spans [][2]int // the outermost list's own text, nested lists cut
	start := 0
	for depth > 0 {
		b := listBegin.FindStringIndex(rest[pos:])
		e := listEnd.FindStringIndex(rest[pos:])
		if e == nil {
			break
		}
		if b != nil && b[0] < e[0] {
			if depth == 1 {
				spans = append(spans, [2]int{start, pos + b[0]})
			}
			depth++
			pos += b[1]
			continue
		}
		depth--
		pos += e[1]
		if depth == 1 {
			start = pos
		}
		if depth == 0 {
			spans = append(spans, [2]int{start, pos - (e[1] - e[0])})
		}
	}
	var own strings.Builder
	for _, s := range spans {
		if s[0] < s[1] {
			own.WriteString(rest[s[0]:s[1]])
			own.WriteString(" ")
		}
	}
	var items []string
	for _, part := range itemRe.Split(own.String(), -1)[1:] {
		if w := firstWords(part, 4); strings.Count(w, " ") >= 1 {
			items = append(items, w)
		}
	}
	return items
}

// firstWords gives up to n words of s's prose (three letters or more,
// lower case), leaving out commands and inline math, joined by spaces.
func firstWords(s string, n int) string {
	return strings.Join(wordsOf(s, n), " ")
}

func wordsOf(s string, n int) []string {
	s = dropFootnotes(s)
	s = unprinted.ReplaceAllString(s, " ")
	s = inlineMath.ReplaceAllString(s, " ")
	s = commandRe.ReplaceAllString(s, " ")
	ws := wordRe.FindAllString(strings.ToLower(s), -1)
	if n >= 0 && len(ws) > n {
		ws = ws[:n]
	}
	return ws
}

// itemCounts gives how many of blocks some statement holds at all (its
// first item's opening words) and how many one statement holds whole
// (every item's opening words).
func itemCounts(blocks []listedBlock, statements []string) (learned, whole int, cut []string) {
	norm := make([][]string, len(statements))
	for i, s := range statements {
		norm[i] = wordsOf(s, -1)
	}
	for _, b := range blocks {
		found, all, missing := false, false, ""
		for _, s := range norm {
			if !holds(s, b.items[0]) && !holds(s, b.items[len(b.items)-1]) {
				continue
			}
			found = true
			n := 0
			for _, it := range b.items {
				if holds(s, it) {
					n++
				} else if missing == "" {
					missing = it
				}
			}
			if n == len(b.items) {
				all = true
				break
			}
		}
		if found {
			learned++
			if all {
				whole++
			} else {
				cut = append(cut, b.where+" (lacks \""+missing+"\")")
			}
		}
	}
	return learned, whole, cut
}

// holds reports whether the item's opening words occur in order in ws,
// within a few words of each other: a reference the source spells as a key
// (\thmref{…}) reads in a statement as the result's number or title, and
// math as its symbols.
func holds(ws []string, item string) bool {
	want := strings.Fields(item)
	for i, w := range ws {
		if w != want[0] {
			continue
		}
		k, end := 1, min(len(ws), i+len(want)+8)
		for j := i + 1; j < end && k < len(want); j++ {
			if ws[j] == want[k] {
				k++
			}
		}
		if k == len(want) {
			return true
		}
	}
	return false
}

// dropFootnotes cuts every \footnote{…} (braces nested in it and all): a
// statement reads without its footnotes.
func dropFootnotes(s string) string {
	for {
		k := strings.Index(s, `\footnote{`)
		if k < 0 {
			return s
		}
		depth, e := 0, len(s)
		for j := k + len(`\footnote`); j < len(s); j++ {
			if s[j] == '{' {
				depth++
			} else if s[j] == '}' {
				if depth--; depth == 0 {
					e = j + 1
					break
				}
			}
		}
		s = s[:k] + " " + s[e:]
	}
}
