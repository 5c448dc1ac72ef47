package text

import (
	"strings"
	"unicode/utf8"
)

// maxEditCells bounds the alignment table Restore builds for the changed
// middle of an edit; past it, only the unchanged ends are aligned (a span
// in the middle is then stored as the person's text shows it).
const maxEditCells = 4 << 20

// Restore gives an edited copy of Shown back the statement's notation:
// each rendered math span the person left whole and unchanged is written
// with the statement's LaTeX again; everything else, text typed anew or a
// span they changed, is kept as written. Restore(Shown) is the statement.
func (m MathMap) Restore(edited string) string {
	if len(m.spans) == 0 {
		return edited
	}
	a, b := []rune(m.Shown), []rune(edited)
	match := alignRunes(a, b)

	type repl struct {
		at, end int // rune offsets of edited replaced
		with    string
	}
	var repls []repl
	for _, sp := range m.spans {
		ra := utf8.RuneCountInString(m.Shown[:sp.at])
		rb := ra + utf8.RuneCountInString(m.Shown[sp.at:sp.at+sp.n])
		src := m.src[sp.from:sp.to]
		if ra == rb {
			// An empty rendering: kept when the text either side of it
			// still meets there.
			at := 0
			if ra > 0 {
				if match[ra-1] < 0 {
					continue
				}
				at = match[ra-1] + 1
			}
			if (ra < len(a) && match[ra] != at) || (ra == len(a) && at != len(b)) {
				continue
			}
			repls = append(repls, repl{at, at, src})
			continue
		}
		kept := true
		for k := ra; k < rb && kept; k++ {
			kept = match[k] >= 0 && (k == ra || match[k] == match[k-1]+1)
		}
		if kept {
			repls = append(repls, repl{match[ra], match[rb-1] + 1, src})
		}
	}
	var out strings.Builder
	pos := 0
	for _, r := range repls {
		out.WriteString(string(b[pos:r.at]))
		out.WriteString(r.with)
		pos = r.end
	}
	out.WriteString(string(b[pos:]))
	return out.String()
}

// alignRunes matches a to b as a longest common subsequence: match[i] is
// the index in b of a[i], or -1 when a[i] is not kept. The common ends
// are matched first, so an edit costs the table of its changed middle.
func alignRunes(a, b []rune) []int {
	match := make([]int, len(a))
	for i := range match {
		match[i] = -1
	}
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		match[pre] = pre
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		match[len(a)-1-suf] = len(b) - 1 - suf
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, k := len(ma), len(mb)
	if n == 0 || k == 0 || (n+1)*(k+1) > maxEditCells {
		return match
	}
	// lcs[i][j] is the length of the common subsequence of ma[i:], mb[j:].
	w := k + 1
	lcs := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := k - 1; j >= 0; j-- {
			switch {
			case ma[i] == mb[j]:
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				lcs[i*w+j] = lcs[(i+1)*w+j]
			default:
				lcs[i*w+j] = lcs[i*w+j+1]
			}
		}
	}
	for i, j := 0, 0; i < n && j < k; {
		switch {
		case ma[i] == mb[j] && lcs[i*w+j] == lcs[(i+1)*w+j+1]+1:
			match[pre+i] = pre + j
			i, j = i+1, j+1
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return match
}
