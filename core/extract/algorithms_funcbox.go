package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Function boxes. Internet-Drafts set each function of a specification
// in one block of code: its signature ("Composite-ML-DSA<OID>.Sign(sk, M,
// ctx) -> s"), then headed parts — "Explicit inputs:", "Implicit
// inputs:", "Output:" over indented entries — and "Signature Generation
// Process:" (or "Procedure:") over numbered steps whose
// indented lines are the step's own. Read line by line such a block is
// headings and entries; read by its heads it is the function: its name,
// inputs, outputs and steps in order.

// boxSignature is a function box's first line: its name (a dotted name,
// a placeholder in angle brackets kept out of it), its parameters and
// what it returns.
var boxSignature = lazyre.New(`^([A-Za-z][\w-]*)(?:<[^<>]*>)?((?:\.[A-Za-z_][\w-]*)*)\s*\(([^()]*)\)\s*(?:->\s*(.+?))?\s*:?$`)

// boxHead is a part's heading inside the box: a few words and a colon,
// alone on their line.
var boxHead = lazyre.New(`^([A-Za-z][\w '/<>-]{0,60}):\s*$`)

var (
	boxInputs  = lazyre.New(`(?i)\binputs?\b|\bparameters\b|\barguments\b`)
	boxOutputs = lazyre.New(`(?i)^outputs?\b|^returns?\b|^results?\b`)
	boxSteps   = lazyre.New(`(?i)\bprocess\b|\bprocedure\b|\balgorithm\b`)
	// namedPartsHead is a box the listing reader reads by its parts
	// (the hash-to-curve drafts' "Constants:" and "Steps:", whose rows
	// nest by their numbering)
	namedPartsHead = lazyre.New(`(?im)^(?:constants|steps):\s*$`)
	// boxInline is an input or output given on its head's line
	// ("Input: x, an element of F.").
	boxInline = lazyre.New(`(?i)^(inputs?|outputs?):\s+(\S.*)$`)
)

// functionBox reads a block as a function box: ok is false unless it
// opens with a signature and holds a part of steps.
func functionBox(body string) (name string, ps pseudo, ok bool) {
	if namedPartsHead.MatchString(body) {
		return "", ps, false
	}
	lines := strings.Split(strings.ReplaceAll(body, "\t", "    "), "\n")
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	if first == len(lines) {
		return "", ps, false
	}
	m := boxSignature.FindStringSubmatch(strings.TrimSpace(lines[first]))
	if m == nil {
		return "", ps, false
	}
	name = m[1] + m[2]
	part := "" // "in", "out", "steps" or "" (a part not read)
	var step *pcLine
	stepInd := -1
	for _, ln := range lines[first+1:] {
		t := strings.TrimSpace(ln)
		if t == "" {
			continue
		}
		ind := len(ln) - len(strings.TrimLeft(ln, " "))
		if in := boxInline.FindStringSubmatch(ln); in != nil && ind == 0 {
			if strings.HasPrefix(strings.ToLower(in[1]), "out") {
				ps.outputs = append(ps.outputs, in[2])
			} else {
				ps.inputs = append(ps.inputs, in[2])
			}
			part, step, stepInd = "", nil, -1
			continue
		}
		if h := boxHead.FindStringSubmatch(ln); h != nil && ind == 0 {
			switch {
			case boxOutputs.MatchString(h[1]):
				part = "out"
			case boxInputs.MatchString(h[1]):
				part = "in"
			case boxSteps.MatchString(h[1]):
				part = "steps"
			default:
				part = ""
			}
			step, stepInd = nil, -1
			continue
		}
		switch part {
		case "in", "out":
			if strings.EqualFold(t, "none") {
				continue
			}
			to := &ps.inputs
			if part == "out" {
				to = &ps.outputs
			}
			if n := len(*to); n > 0 && ind > stepInd && stepInd >= 0 {
				(*to)[n-1] += " " + t // the entry's description runs on
				continue
			}
			*to = append(*to, strings.Join(strings.Fields(strings.TrimPrefix(t, "- ")), " "))
			stepInd = ind
		case "steps":
			if mm := rowNumber.FindStringSubmatch(ln); mm != nil && (step == nil || ind <= stepInd) {
				ps.lines = append(ps.lines, pcLine{text: strings.TrimSpace(ln[len(mm[0]):])})
				step, stepInd = &ps.lines[len(ps.lines)-1], ind
				continue
			}
			if step != nil {
				step.text += "; " + t // the step's own lines: what it computes
				continue
			}
			ps.lines = append(ps.lines, pcLine{text: t})
		}
	}
	if len(ps.lines) == 0 {
		return "", ps, false
	}
	if in := strings.TrimSpace(m[3]); len(ps.inputs) == 0 && in != "" {
		ps.inputs = []string{in}
	}
	if out := strings.TrimSpace(m[4]); len(ps.outputs) == 0 && out != "" {
		ps.outputs = []string{out}
	}
	ps.procs = []string{name}
	for _, l := range ps.lines {
		for _, c := range callName.FindAllStringSubmatch(l.text, -1) {
			ps.calls = append(ps.calls, c[1])
		}
	}
	return name, ps, true
}

// addBox adds the function a box of code b gives, in place of the
// procedures read inside it before (its steps' part read as a list).
func (x *extractor) addBox(st *secState, first int, b listingBlock, name string, ps pseudo) {
	at, end := st.body+b.at, st.body+b.end
	kept := x.cands[:first]
	for _, o := range x.cands[first:] {
		if o.typ == core.Algorithm && !o.format && o.offset >= at && o.offset < end {
			continue
		}
		kept = append(kept, o)
	}
	x.cands = kept
	c := cand{
		typ: core.Algorithm, name: givenName(name), offset: at, end: end, conf: listingConf,
		statement: cutStatement(withCaption(name, ps.statement()), maxStatement), form: ps.form(),
	}
	x.dropSignatures(first, c, ps.procs)
	x.algos.keep(c.offset, &ps)
	x.add(st, c)
}
