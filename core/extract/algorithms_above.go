package extract

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// procedureHead is a row that opens a procedure, its keyword set in bold
// as algorithm2e sets it ("**function** ComputeCosts (tree T):").
var procedureHead = lazyre.New(`(?i)^[ \t]*(?:\*\*)?(?:[0-9]{1,3}:?[ \t]+)?(?:\*\*)?(?:function|procedure|algorithm)\b(?:\*\*)?[ \t]+\S`)

// procedureAbove reads rows without numbers that end right above the
// caption line starting at ls: algorithm2e, printing its caption below
// the code and numbering no lines, leaves a reader only the code's look
// to tell where it begins — the first procedure it opens, after the
// prose before it. It gives the offset of that procedure's first row and
// the rows, or -1 when no procedure opens above the caption before prose,
// a heading or another caption does.
func procedureAbove(s string, ls int) (int, []string) {
	p := ls
	var rows []string
	top, kept, blanks := -1, 0, 0
	for n := 0; p > 0 && n < 120; n++ {
		q := strings.LastIndexByte(s[:p-1], '\n') + 1
		raw := s[q : p-1]
		p = q
		t := strings.TrimSpace(raw)
		if t == "" {
			if blanks++; blanks > 2 {
				break
			}
			continue
		}
		blanks = 0
		if len(t) > 120 || strings.HasPrefix(t, "#") || algoCaption.MatchString(raw) || proseRow(t) {
			break
		}
		rows = append(rows, strings.TrimSuffix(strings.TrimSpace(unbold(raw)), ";"))
		if procedureHead.MatchString(raw) {
			top, kept = q, len(rows)
		}
	}
	if top < 0 || kept < 2 {
		return -1, nil
	}
	rows = rows[:kept]
	for a, b := 0, len(rows)-1; a < b; a, b = a+1, b-1 {
		rows[a], rows[b] = rows[b], rows[a]
	}
	return withIOAbove(s, top, rows)
}

// withIOAbove puts before rows starting at top the inputs and outputs
// printed right over them ("Data: n ≥ 0", "Result: y = xⁿ"), which are
// the algorithm's, and gives where they start.
func withIOAbove(s string, top int, rows []string) (int, []string) {
	var io []string
	for top > 0 {
		q := strings.LastIndexByte(s[:top-1], '\n') + 1
		if !algoIO.MatchString(unbold(s[q : top-1])) {
			break
		}
		io = append([]string{strings.TrimSpace(s[q : top-1])}, io...)
		top = q
	}
	return top, append(io, rows...)
}

// proseRow reports a line of running prose: as long as a line of a
// paragraph, with neither the bold of a keyword nor an assignment, a
// comment or a set's sign that pseudo-code writes.
func proseRow(t string) bool {
	return len(t) >= 60 && !strings.Contains(t, "**") && !strings.ContainsAny(t, "←→∈∪∅=") && !strings.Contains(t, "//")
}
