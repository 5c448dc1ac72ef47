package reviewview

import (
	"strings"

	"github.com/lore-kb/lore/tui/cells"
)

// proofLines are the sketch and the proof the source gives of the
// selected result, read as its statement is, wrapped to w.
func (m Model) proofLines(r *row, w int) []string {
	p := &m.paint
	var out []string
	section := func(label, s string) {
		if s = strings.TrimSpace(s); s == "" {
			return
		}
		out = append(out, cells.Fit(" "+p.label.Paint(label), w))
		for _, para := range strings.Split(readableBlock(s), "\n") {
			for _, l := range cells.Wrap(para, w-2) {
				out = append(out, cells.Fit(" "+l, w))
			}
		}
	}
	section("proof sketch", r.p.Proof.Sketch)
	section("proof", r.p.Proof.Text)
	if len(out) > 0 && r.p.Proof.Cut > 0 {
		out = append(out, cells.Fit(" "+p.faint.Paint("(cut: the proof is "+itoa(r.p.Proof.Cut)+" bytes in its source)"), w))
	}
	return out
}

// appendProof adds to the pane's lines out what fits of the proof, after
// a blank line, marking a cut with an ellipsis.
func appendProof(out, proof []string, w, h int) []string {
	room := h - len(out) - 1
	if len(proof) == 0 || room < 2 {
		return out
	}
	out = append(out, cells.Blank(w))
	if len(proof) > room {
		proof = append(proof[:room-1:room-1], cells.Fit(strings.TrimRight(ansiTrim(proof[room-1], w-1), " ")+cells.Ellipsis, w))
	}
	return append(out, proof...)
}
