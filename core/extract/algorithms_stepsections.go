package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Procedures whose steps are sections. A spec, a book or a paper may give
// an algorithm as a section whose subsections are its steps ("3 MD5
// Algorithm Description", then "3.1 Step 1. Append Padding Bits" … "3.5
// Step 5. Output"): one algorithm, the parent section's, each step its
// subsection's title and opening text. A tutorial's "Step N" headings stay
// its steps (stepHeading): there each is a task of its own.

// stepSectionTitle is a section title that numbers a step: "Step 1.
// Append Padding Bits", "3.2 Step 2: Append Length", "Phase 1 – Setup".
var stepSectionTitle = lazyre.New(`^(?:[0-9]+(?:\.[0-9]+)*\.?\s+)?(?:Step|Phase|Stage)\s+([0-9]{1,2})\b\s*[.:)–—-]?\s*(.*)$`)

// stepSections reads the runs of step subsections of the section st, two
// steps or more numbered one after another, as the section's algorithm. An
// algorithm other strategies read from the section's own text (its lead-in
// alone) gives way to it; the steps' own markers are not read again
// (stepRun).
func (x *extractor) stepSections(st *secState, start int) {
	switch x.ctype {
	case core.Spec, core.Textbook, core.Paper:
	default:
		return
	}
	kids := st.s.Children
	for i := 0; i < len(kids); {
		j, prev := i, 0
		for ; j < len(kids) && kids[j] != nil; j++ {
			m := stepSectionTitle.FindStringSubmatch(x.plainTitle(kids[j].Title))
			if m == nil || j > i && atoi(m[1]) != prev+1 {
				break
			}
			prev = atoi(m[1])
		}
		if j-i < 2 {
			i = max(j, i+1)
			continue
		}
		x.addStepSections(st, start, kids[i:j])
		i = j
	}
}

func (x *extractor) addStepSections(st *secState, start int, run []*core.Section) {
	n := len(x.doc)
	ps := pseudo{}
	for _, k := range run {
		m := stepSectionTitle.FindStringSubmatch(x.plainTitle(k.Title))
		body := clamp(k.BodyOffset, 0, n)
		if k.BodyOffset == 0 {
			body = clamp(k.Offset, 0, n)
		}
		lead, code, _ := sectionLead(x.doc[body:clamp(k.OwnEnd(), body, n)], x.leadProse)
		// the step keeps the label the source gives it ("Step 1.
		// Append Padding Bits: …"), as a reader cites it
		row := strings.TrimSpace(lead + " " + code)
		label := strings.TrimSpace(m[0][:len(m[0])-len(m[2])])
		if i := strings.Index(label, m[1]); i >= 0 {
			label = strings.Fields(label[:i])[len(strings.Fields(label[:i]))-1] + " " + m[1]
		}
		if t := strings.Trim(m[2], " .:"); t != "" {
			row = label + ". " + t + ": " + row
		} else {
			row = label + ": " + row
		}
		ps.lines = append(ps.lines, pcLine{text: text.Truncate(text.CollapseSpace(row), maxStepRow)})
	}
	from, to := clamp(run[0].Offset, 0, n), clamp(run[len(run)-1].End, 0, n)
	lead, _, _ := sectionLead(st.own, x.leadProse)
	if x.ctype != core.Spec && !latexStepsLead.MatchString(st.title+" "+lead) {
		// a book's "Step 1", "Step 2" sections may be a derivation's
		// stages: only a section that says it gives a procedure is one
		return
	}
	name := topicTitle(st.title)
	kept := x.cands[:start]
	for _, c := range x.cands[start:] {
		if c.typ == core.Algorithm && c.offset >= st.s.Offset && c.offset < from && (c.form == "" || c.name == name || c.name == st.title) {
			// the section's lead-in read as its procedure
			name = c.name
			continue
		}
		kept = append(kept, c)
	}
	x.cands = kept
	if name == "" {
		name = st.title
	}
	if name == "" {
		return
	}
	ps.procs = []string{name}
	x.stepRuns = append(x.stepRuns, [2]int{from, to})
	c := cand{
		typ: core.Algorithm, name: givenName(name), offset: from, end: to, conf: stepListConf,
		statement: cutStatement(withCaption(name, lead+" "+ps.statement()), maxStatement), form: ps.form(),
	}
	x.algos.keep(c.offset, &ps)
	x.add(st, c)
}

// stepRun reports a step's own marker ("Step 2: Append Length", a
// technique or a term read from a step section's heading) inside a run of
// step sections read as one algorithm.
func (x *extractor) stepRun(c cand) bool {
	if !strings.HasPrefix(c.name, "Step ") && !strings.HasPrefix(c.name, "Phase ") && !strings.HasPrefix(c.name, "Stage ") {
		return false
	}
	for _, r := range x.stepRuns {
		if c.offset >= r[0] && c.offset < r[1] {
			return true
		}
	}
	return false
}
