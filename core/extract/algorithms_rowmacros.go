package extract

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// An author's row macros. A book that sets its pseudo-code with macros of
// its own writes a row as \aab{text}, one macro per indentation level
// (\aaa, \aab, \aac, with \aaA{n}{text} for a row that opens a branch of
// n rows). Expanded, such a macro is boxes, rules and drawing, not text:
// its row is read from the use instead — the text is its last argument,
// the depth what its definition indents by (\AlgoIndent{1}, \hspace{2em});
// without the definition, the keywords nest the rows, else the letter
// that tells the macros of one family apart (\aab is one deeper than
// \aaa).

// rowMacro is one macro of a family of row macros.
type rowMacro struct {
	depth int // -1 when its definition does not say
}

// indentLevel reads the indentation a row macro's definition gives.
var indentLevel = lazyre.New(`(?i)indent\w*\{\s*([0-9]+)\s*\}|\\hspace\*?\{\s*([0-9]+(?:\.[0-9]+)?)\s*em`)

// rowFamily finds the macros that start the rows of body: commands no
// package of pseudo-code defines, each first on a line and given a braced
// argument, which together start at least two rows and half of them.
func rowFamily(body string, macros map[string]texMacro) map[string]rowMacro {
	count := map[string]int{}
	rows, started := 0, 0
	for _, ln := range strings.Split(body, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" || t[0] == '%' {
			continue
		}
		rows++
		if len(t) < 2 || t[0] != '\\' || !isLetterByte(t[1]) {
			continue
		}
		name, e := controlWord(t, 0)
		l := strings.ToLower(name)
		if pcHandles(l) || !braceNext(t, e) {
			continue
		}
		count[name]++
		started++
	}
	if started < 2 || 2*started < rows {
		return nil
	}
	fam := map[string]rowMacro{}
	for name := range count {
		d := -1
		if m, ok := macros[name]; ok {
			if mm := indentLevel.FindStringSubmatch(m.body); mm != nil {
				if mm[1] != "" {
					d = atoi(mm[1])
				} else {
					d = atoi(strings.SplitN(mm[2], ".", 2)[0])
				}
			}
		}
		fam[name] = rowMacro{depth: d}
	}
	return fam
}

// pcHandles reports a command (lower-cased) the parser reads itself.
func pcHandles(l string) bool {
	if pcKnown[l] || pcSwitch[l] || strings.HasPrefix(l, "end") || strings.HasPrefix(l, "setkw") {
		return true
	}
	_, ign := pcIgnored[l]
	return ign || pcBlockWords[l] != "" || pcLineWords[l] != "" || pcInlineWords[l] != ""
}

// pcSwitch are the further commands command reads.
var pcSwitch = map[string]bool{
	"kwin": true, "kwdata": true, "kwinput": true, "given": true, "precondition": true, "kwout": true,
	"kwresult": true, "kwoutput": true, "postcondition": true, "uelse": true, "lelse": true, "eif": true,
	"eelse": true, "procname": true, "kwret": true, "algorithmicreturn": true, "tcc": true, "tcp": true,
	"textproc": true, "attrib": true, "attribb": true, "attribbb": true, "fi": true, "od": true,
	"done": true, "esac": true,
}

// readRowFamily reads body's rows written with the family's macros.
func readRowFamily(r *texRender, body string, fam map[string]rowMacro) pseudo {
	p := &pcParser{r: r}
	var texts []string
	var depths []int
	known := true
	for i := 0; i < len(body); {
		k := strings.IndexByte(body[i:], '\\')
		if k < 0 {
			break
		}
		at := i + k
		name, j := controlWord(body, at)
		rm, ok := fam[name]
		if !ok || commentedOut(body, at) {
			i = max(j, at+1)
			continue
		}
		var args []string
		e := j
		for braceNext(body, e) && len(args) < 9 {
			a, e2 := arg(body, e)
			args, e = append(args, a), e2
		}
		i = e
		if len(args) == 0 {
			continue
		}
		t := p.render(args[len(args)-1])
		if t == "" {
			continue
		}
		texts = append(texts, t)
		depths = append(depths, rm.depth)
		if rm.depth < 0 {
			known = false
		}
	}
	var ps pseudo
	switch {
	case known:
		for k, t := range texts {
			ps.lines = append(ps.lines, pcLine{depth: depths[k], text: t})
		}
	case suffixLevels(fam) != nil:
		lv := suffixLevels(fam)
		k := 0
		for i := 0; i < len(body) && k < len(texts); {
			j := strings.IndexByte(body[i:], '\\')
			if j < 0 {
				break
			}
			at := i + j
			name, e := controlWord(body, at)
			i = max(e, at+1)
			if _, ok := fam[name]; ok && !commentedOut(body, at) {
				ps.lines = append(ps.lines, pcLine{depth: lv[name], text: texts[k]})
				k++
			}
		}
		if k != len(texts) {
			ps.lines = nestRows(texts)
		}
	default:
		ps.lines = nestRows(texts)
	}
	ps.structure = len(ps.lines)
	ps.byMacros = true
	for _, l := range ps.lines {
		for _, c := range rowCall.FindAllStringSubmatch(l.text, -1) {
			ps.calls = append(ps.calls, c[1])
		}
	}
	if len(ps.lines) > 0 {
		// a first row that is a signature names the procedure:
		// "algorithm-for-VC(G, k)", "verifier (x, c)"
		if m := sigLine.FindStringSubmatch(ps.lines[0].text); m != nil && len(m[1]) > 2 {
			ps.procs = append(ps.procs, m[1])
		}
	}
	for _, l := range ps.lines {
		w := strings.Fields(l.text)
		if len(w) > 1 {
			switch strings.ToLower(w[0]) {
			case "algorithm", "procedure", "function":
				n := w[1]
				if strings.HasPrefix(n, "#") && len(w) > 2 {
					n = w[2] // "Algorithm #3: DC-sort-count-inv(…)"
				}
				if i := strings.IndexByte(n, '('); i > 0 {
					n = n[:i]
				}
				if n = strings.TrimSuffix(n, ":"); len(n) > 1 && n != "to" {
					ps.procs = append(ps.procs, n)
				}
			}
		}
	}
	return ps
}

// suffixLevels gives each macro of a family whose names tell their level
// by their last letter the level that letter says (\aaa 0, \aab 1, \aaB
// 1), or nil when the names do not. A family may have kinds of row told
// apart by the rest of the name (\aaC a branch, \faC a bar alone): the
// names are then of one length, and one kind at least comes at two
// levels, so that the letter is seen to count levels.
func suffixLevels(fam map[string]rowMacro) map[string]int {
	low := byte('z')
	size := -1
	levels := map[string]map[byte]bool{} // kind (the name less its letter) → letters
	for name := range fam {
		if len(name) < 2 || size >= 0 && len(name) != size {
			return nil
		}
		size = len(name)
		st, c := strings.ToLower(name[:len(name)-1]), name[len(name)-1]|0x20
		if c < 'a' || c > 'z' {
			return nil
		}
		if levels[st] == nil {
			levels[st] = map[byte]bool{}
		}
		levels[st][c] = true
		low = min(low, c)
	}
	counted := false
	for _, cs := range levels {
		counted = counted || len(cs) >= 2
	}
	if len(levels) > 1 && !counted {
		return nil
	}
	lv := map[string]int{}
	for name := range fam {
		lv[name] = int(name[len(name)-1]|0x20) - int(low)
	}
	return lv
}

// mathSymbols sets the symbols written outside mathematics as mathematics,
// so that they are read as symbols: "b \neq 0" is "b ≠ 0".
func mathSymbols(raw string) string {
	if !strings.Contains(raw, `\`) {
		return raw
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(raw); {
		switch {
		case raw[i] == '$':
			i = mathEnd(raw, i)
		case raw[i] == '\\':
			if loc := textSymbol.FindStringIndex(raw[i:]); loc != nil && loc[0] == 0 {
				b.WriteString(raw[last:i])
				b.WriteString("$" + raw[i:i+loc[1]] + "$")
				i += loc[1]
				last = i
				continue
			}
			i += 2
		default:
			i++
		}
	}
	b.WriteString(raw[last:])
	return b.String()
}
