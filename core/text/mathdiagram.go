package text

import (
	"strings"
)

// Commutative diagrams: tikz-cd's tikzcd, xy's \xymatrix and amscd's CD
// lay objects out on a grid and join them with arrows, each written in
// the cell it leaves, pointing by directions (r, d, dr) at the cell it
// reaches, with its labels. A reader of the terminal cannot see the grid;
// what the diagram says is its arrows. It reads as them, each from its
// object to the one it reaches with its labels and its kind of shaft —
// "A –f→ B; A ↪ C; B ⇢ D" — and an object no arrow touches on its own.
// Nothing of the diagram is dropped and none of its styling (sep, bend,
// swap) is shown.

// diagramArrow is one arrow: the cells it joins, its labels, its shaft.
type diagramArrow struct {
	from, to [2]int
	labels   []string
	shaft    string
}

// diagram is a diagram read: its objects by row and column, rendered,
// its arrows in the order the source writes them, and the punctuation
// after its last object, which belongs to the sentence.
type diagram struct {
	objects [][]string
	arrows  []diagramArrow
	tail    string
}

// String is the diagram as a reader is told it.
func (d *diagram) String() string {
	reached := map[[2]int]bool{}
	for _, a := range d.arrows {
		reached[a.to] = true
	}
	var items []string
	for r, row := range d.objects {
		for c, obj := range row {
			at := [2]int{r, c}
			left := false
			for _, a := range d.arrows {
				if a.from != at {
					continue
				}
				left = true
				items = append(items, strings.TrimSpace(obj+" "+a.shown()+" "+d.object(a.to)))
			}
			if !left && obj != "" && !reached[at] {
				items = append(items, obj)
			}
		}
	}
	return strings.Join(items, "; ") + d.tail
}

// object is the object at cell at, "" for an empty cell or one outside
// the grid.
func (d *diagram) object(at [2]int) string {
	if at[0] < 0 || at[0] >= len(d.objects) || at[1] < 0 || at[1] >= len(d.objects[at[0]]) {
		return ""
	}
	return d.objects[at[0]][at[1]]
}

func (a diagramArrow) shown() string {
	var ls []string
	for _, l := range a.labels {
		if l = strings.TrimSpace(l); l != "" {
			ls = append(ls, l)
		}
	}
	if len(ls) == 0 {
		return a.shaft
	}
	return "–" + strings.Join(ls, ", ") + a.shaft
}

// arrowShafts are the shafts of tikz-cd's arrow styles and xy's arrow
// specifications ("@{-->}"), by name.
var arrowShafts = map[string]string{
	"dashed": "⇢", "dotted": "⇢", "densely dotted": "⇢", "densely dashed": "⇢", "-->": "⇢", "..>": "⇢", ".>": "⇢",
	"--": "⇢", "hook": "↪", "hook'": "↪", "hookrightarrow": "↪", "^{(}->": "↪", "(->": "↪", "^(->": "↪",
	"_{(}->": "↪", "two heads": "↠", "twoheadrightarrow": "↠", "->>": "↠", "tail": "↣", ">->": "↣",
	"rightarrowtail": "↣", "Rightarrow": "⇒", "=>": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔",
	"equal": "=", "equals": "=", "=": "=", "no head": "—", "dash": "—", "-": "—", "mapsto": "↦", "maps to": "↦",
	"|->": "↦", "leftarrow": "←", "<-": "←", "leftrightarrow": "↔", "<->": "↔", "squiggly": "⇝",
	"rightsquigarrow": "⇝", "~>": "⇝", "->": "→", "rightarrow": "→",
}

// diagramArrowCommand reports whether name is an arrow of a diagram and
// the directions its name gives (tikz-cd's \drar points right and down).
func diagramArrowCommand(name string) (dirs string, ok bool) {
	switch name {
	case "ar", "arrow", "morphism":
		return "", true
	}
	d, ok := strings.CutSuffix(name, "ar")
	if !ok || d == "" || strings.Trim(d, "rlud") != "" || len(d) > 2 {
		return "", false
	}
	return d, true
}

// rawArrow is an arrow as written: its directions or target, its labels'
// TeX, its shaft.
type rawArrow struct {
	dirs   string
	to     [2]int // tikz-cd's to=row-column, 1-based; zero when none
	from   [2]int
	labels []string
	shaft  string
}

// readArrow reads the arrow whose command ends at i in s (its name gave
// dirs): xy's specifications (@{-->}, @/^/, @<2pt>), options in brackets
// (tikz-cd's "r, "f"', dashed", xy's "dr"), and xy's labels after it
// (^f, _{g}, |h). It returns the arrow and where it ends.
func readArrow(s string, i int, dirs string) (rawArrow, int) {
	a := rawArrow{dirs: dirs, shaft: "→"}
	if k := skipSpaceAt(s, i); k < len(s) && s[k] == '@' {
		i = k // \ar @{->} [r]
	}
	for i < len(s) && s[i] == '@' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++ // @2{->}: a double arrow
			a.shaft = "⇒"
		}
		if i >= len(s) {
			break
		}
		switch c := s[i]; c {
		case '{':
			e := matchBrace(s, i)
			if sh, ok := arrowShafts[strings.TrimSpace(s[i+1:min(e, len(s))])]; ok && a.shaft == "→" {
				a.shaft = sh
			}
			i = min(e+1, len(s))
		case '/', '<', '(':
			closing := map[byte]byte{'/': '/', '<': '>', '(': ')'}[c]
			if e := strings.IndexByte(s[i+1:], closing); e >= 0 {
				i += e + 2
			} else {
				i++
			}
		case '^', '_':
			i = skipGroup(s, i+1) // a curve's side and size
		default:
			i++ // @=, @!, @*: a one-character specification
		}
	}
	k := skipSpaceAt(s, i)
	if k < len(s) && s[k] == '[' {
		r := mathReader{s: s, i: k}
		if o, ok := r.opt(); ok {
			i = r.i
			a.readOptions(o)
		}
	}
	// xy's labels: ^ above, _ below, | on the arrow, each with an
	// optional place (<, >, -, (.3)) before it.
	for {
		k := skipSpaceAt(s, i)
		if k >= len(s) || (s[k] != '^' && s[k] != '_' && s[k] != '|') {
			break
		}
		k++
		for k < len(s) && strings.IndexByte("<>-+", s[k]) >= 0 {
			k++
		}
		if k < len(s) && s[k] == '(' {
			if e := strings.IndexByte(s[k:], ')'); e >= 0 {
				k += e + 1
			}
		}
		r := mathReader{s: s, i: k}
		a.labels = append(a.labels, r.rawGroup())
		i = r.i
	}
	return a, i
}

// readOptions reads an arrow's options: a quoted label (its own options
// after it, "f"' or "f" near start), directions, from= and to=, styles.
func (a *rawArrow) readOptions(o string) {
	for _, item := range optionItems(o) {
		item = strings.TrimSpace(item)
		switch {
		case strings.HasPrefix(item, `"`):
			a.labels = append(a.labels, arrowLabel(item))
		case item != "" && strings.Trim(item, "rlud") == "":
			a.dirs += item
		case strings.HasPrefix(item, "to=") || strings.HasPrefix(item, "from="):
			k, v, _ := strings.Cut(item, "=")
			var at [2]int
			if row, col, ok := strings.Cut(strings.TrimSpace(v), "-"); ok && atoi(row) > 0 && atoi(col) > 0 {
				at = [2]int{atoi(row), atoi(col)}
			}
			if k == "to" {
				a.to = at
			} else {
				a.from = at
			}
		default:
			if dir, _, ok := strings.Cut(item, "("); ok && dir != "" && strings.Trim(dir, "rlud") == "" {
				a.dirs += dir // xy's [r(0.5)]
			} else if sh, ok := arrowShafts[item]; ok && a.shaft == "→" {
				a.shaft = sh
			}
		}
	}
}

// optionItems splits options at the commas outside braces and quotes.
func optionItems(o string) []string {
	var items []string
	depth, quote, from := 0, false, 0
	for k := 0; k < len(o); k++ {
		switch o[k] {
		case '\\':
			k++
		case '{':
			depth++
		case '}':
			depth--
		case '"':
			if depth == 0 {
				quote = !quote
			}
		case ',':
			if depth == 0 && !quote {
				items = append(items, o[from:k])
				from = k + 1
			}
		}
	}
	return append(items, o[from:])
}

// arrowLabel is the text of a tikz-cd label, "f" or "{a, b}"', without its
// quotes, its braces or its own options.
func arrowLabel(item string) string {
	depth := 0
	for k := 1; k < len(item); k++ {
		switch item[k] {
		case '\\':
			k++
		case '{':
			depth++
		case '}':
			depth--
		case '"':
			if depth == 0 {
				l := strings.TrimSpace(item[1:k])
				if len(l) >= 2 && l[0] == '{' && matchBrace(l, 0) == len(l)-1 {
					l = l[1 : len(l)-1]
				}
				return l
			}
		}
	}
	return strings.TrimSpace(item[1:])
}

func atoi(s string) int {
	n := 0
	for _, c := range strings.TrimSpace(s) {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// gridDiagram reads the body of a tikzcd environment or an \xymatrix:
// rows at \\, cells at sep, each cell an object and the arrows it
// leaves.
func (r *mathReader) gridDiagram(body, sep string, depth int) *diagram {
	d := &diagram{}
	rows := splitTop(body, `\\`)
	last := [2]int{-1, -1}
	raws := map[[2]int]string{}
	for ri, row := range rows {
		if ri > 0 {
			row = strings.TrimLeft(row, " \n")
			if strings.HasPrefix(row, "[") {
				sub := mathReader{s: row}
				if _, ok := sub.opt(); ok {
					row = row[sub.i:] // \\[2em]: a row's spacing
				}
			}
		}
		if ri == len(rows)-1 && strings.TrimSpace(row) == "" {
			break
		}
		cells := splitTop(row, sep)
		d.objects = append(d.objects, make([]string, len(cells)))
		for ci, cell := range cells {
			obj, arrows := cellArrows(cell)
			for _, a := range arrows {
				d.arrows = append(d.arrows, a.placed(ri, ci, r, depth))
			}
			raws[[2]int{ri, ci}] = obj
			if strings.TrimSpace(obj) != "" {
				last = [2]int{ri, ci}
			}
		}
	}
	for at, obj := range raws {
		if at == last {
			obj, d.tail = sentenceTail(obj)
		}
		d.objects[at[0]][at[1]] = strings.TrimSpace(r.render(obj, depth))
	}
	return d
}

// sentenceTail parts the punctuation that ends the sentence a diagram
// stands in from its last object ("Y," before "if i is …").
func sentenceTail(obj string) (string, string) {
	t := strings.TrimRight(obj, " \n")
	if n := len(t); n > 0 && strings.IndexByte(",.;", t[n-1]) >= 0 && (n < 2 || t[n-2] != '\\') {
		return t[:n-1], t[n-1:]
	}
	return obj, ""
}

// placed is the arrow written in cell (row, col), its labels rendered.
func (a rawArrow) placed(row, col int, r *mathReader, depth int) diagramArrow {
	out := diagramArrow{from: [2]int{row, col}, shaft: a.shaft}
	if a.from != [2]int{} {
		out.from = [2]int{a.from[0] - 1, a.from[1] - 1}
	}
	out.to = out.from
	for _, c := range a.dirs {
		switch c {
		case 'r':
			out.to[1]++
		case 'l':
			out.to[1]--
		case 'd':
			out.to[0]++
		case 'u':
			out.to[0]--
		}
	}
	if a.to != [2]int{} {
		out.to = [2]int{a.to[0] - 1, a.to[1] - 1}
	}
	for _, l := range a.labels {
		out.labels = append(out.labels, r.render(l, depth))
	}
	return out
}

// cellArrows parts a cell into its object (the cell without its arrows
// and tikz-cd's |[style]| before it) and its arrows.
func cellArrows(cell string) (string, []rawArrow) {
	if t := strings.TrimLeft(cell, " \n"); strings.HasPrefix(t, "|[") {
		if e := strings.Index(t, "]|"); e >= 0 {
			cell = t[e+2:]
		}
	}
	var obj strings.Builder
	var arrows []rawArrow
	for i := 0; i < len(cell); {
		if cell[i] != '\\' {
			obj.WriteByte(cell[i])
			i++
			continue
		}
		j := i + 1
		for j < len(cell) && isLetterByte(cell[j]) {
			j++
		}
		dirs, ok := diagramArrowCommand(cell[i+1 : j])
		if !ok {
			if j == i+1 && j < len(cell) {
				j++
			}
			obj.WriteString(cell[i:j])
			i = j
			continue
		}
		a, end := readArrow(cell, j, dirs)
		arrows = append(arrows, a)
		obj.WriteByte(' ')
		i = end
	}
	return obj.String(), arrows
}

// splitTop splits s at sep outside braces. (Brackets are not counted: an
// interval [0,1) in a cell would never close.)
func splitTop(s, sep string) []string {
	var parts []string
	depth, from := 0, 0
	for k := 0; k < len(s); k++ {
		if depth == 0 && strings.HasPrefix(s[k:], sep) {
			parts = append(parts, s[from:k])
			k += len(sep) - 1
			from = k + 1
			continue
		}
		switch s[k] {
		case '\\':
			k++
		case '{':
			depth++
		case '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return append(parts, s[from:])
}

// cdDiagram reads the body of amscd's CD: rows of objects with the
// horizontal arrows between them (@>f>g>, @<<<, @=, @.), and between two
// such rows one of vertical arrows (@VfVgV, @AAA, @|, @.), the k-th
// joining the k-th objects above and below.
func (r *mathReader) cdDiagram(body string, depth int) *diagram {
	d := &diagram{}
	var raws [][]string
	for _, row := range splitTop(body, `\\`) {
		parts, arrows := cdRow(row)
		if strings.TrimSpace(strings.Join(parts, "")) == "" && len(arrows) > 0 && len(raws) > 0 {
			// a row of vertical arrows
			above := len(raws) - 1
			for k, a := range arrows {
				if a.dirs == "" {
					continue
				}
				from, to := [2]int{above, k}, [2]int{above + 1, k}
				if a.dirs == "u" {
					from, to = to, from
				}
				d.arrows = append(d.arrows, a.rendered(from, to, r, depth))
			}
			continue
		}
		if strings.TrimSpace(row) == "" {
			continue
		}
		ri := len(raws)
		for k, a := range arrows {
			if a.dirs == "" {
				continue
			}
			from, to := [2]int{ri, k}, [2]int{ri, k + 1}
			if a.dirs == "l" {
				from, to = to, from
			}
			d.arrows = append(d.arrows, a.rendered(from, to, r, depth))
		}
		raws = append(raws, parts)
	}
	for ri, parts := range raws {
		d.objects = append(d.objects, make([]string, len(parts)))
		for ci, p := range parts {
			if ri == len(raws)-1 && ci == len(parts)-1 {
				p, d.tail = sentenceTail(p)
			}
			d.objects[ri][ci] = strings.TrimSpace(r.render(p, depth))
		}
	}
	return d
}

func (a rawArrow) rendered(from, to [2]int, r *mathReader, depth int) diagramArrow {
	out := diagramArrow{from: from, to: to, shaft: a.shaft}
	for _, l := range a.labels {
		out.labels = append(out.labels, r.render(l, depth))
	}
	return out
}

// cdRow parts a row of a CD into the text between its arrows and its
// arrows, each with its direction ("" for @.) and labels.
func cdRow(row string) ([]string, []rawArrow) {
	var parts []string
	var arrows []rawArrow
	from := 0
	for k := 0; k < len(row); k++ {
		switch row[k] {
		case '\\':
			k++
			continue
		case '@':
		default:
			continue
		}
		a, end, ok := cdArrow(row, k)
		if !ok {
			continue
		}
		parts = append(parts, row[from:k])
		arrows = append(arrows, a)
		from = end
		k = end - 1
	}
	return append(parts, row[from:]), arrows
}

// cdArrow reads the CD arrow at row[k] ('@').
func cdArrow(row string, k int) (rawArrow, int, bool) {
	if k+1 >= len(row) {
		return rawArrow{}, 0, false
	}
	c := row[k+1]
	switch c {
	case '=':
		return rawArrow{dirs: "r", shaft: "="}, k + 2, true
	case '|':
		return rawArrow{dirs: "d", shaft: "="}, k + 2, true
	case '.':
		return rawArrow{}, k + 2, true
	}
	dir, ok := map[byte]string{'>': "r", '<': "l", 'V': "d", 'A': "u"}[c]
	if !ok {
		return rawArrow{}, 0, false
	}
	a := rawArrow{dirs: dir, shaft: "→"}
	i := k + 2
	for n := 0; n < 2; n++ {
		e := delimAt(row, i, c)
		if e < 0 {
			return rawArrow{}, 0, false
		}
		a.labels = append(a.labels, row[i:e])
		i = e + 1
	}
	return a, i, true
}

// delimAt is the offset of c at or after i outside braces, or -1.
func delimAt(s string, i int, c byte) int {
	depth := 0
	for k := i; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++
		case '{':
			depth++
		case '}':
			depth--
		default:
			if s[k] == c && depth == 0 {
				return k
			}
		}
	}
	return -1
}

// diagramEnvironment renders a tikzcd or CD environment whose \begin was
// just read; false for another environment.
func (r *mathReader) diagramEnvironment(b *strings.Builder, env string, depth int) bool {
	var d *diagram
	switch env {
	case "tikzcd":
		sep := "&"
		if o, ok := r.opt(); ok && strings.Contains(o, "ampersand replacement") {
			sep = `\&`
		}
		d = r.gridDiagram(r.environmentBody(env), sep, depth)
	case "CD":
		d = r.cdDiagram(r.environmentBody(env), depth)
	default:
		return false
	}
	b.WriteString(" " + d.String() + " ")
	return true
}

// environmentBody reads the body of the environment env whose \begin{env}
// was just read, up to its \end{env} (nested ones counted), and moves
// past the end; a span cut short runs to its end.
func (r *mathReader) environmentBody(env string) string {
	begin, end := `\begin{`+env+`}`, `\end{`+env+`}`
	depth := 1
	for k := r.i; k < len(r.s); k++ {
		switch {
		case strings.HasPrefix(r.s[k:], begin):
			depth++
		case strings.HasPrefix(r.s[k:], end):
			depth--
			if depth == 0 {
				body := r.s[r.i:k]
				r.i = k + len(end)
				return body
			}
		}
	}
	body := r.s[r.i:]
	r.i = len(r.s)
	return body
}
