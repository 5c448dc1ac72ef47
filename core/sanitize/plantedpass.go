package sanitize

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/sanitize/planted"
)

// plantedLines reports the lines of a skill's Markdown that the model of
// the planted package scores as planted, where the rules found nothing
// serious on them. It runs only on Markdown documents of a skill (a
// SKILL.md or a file of its folder): the model was trained on those, and
// a textbook's prose is no instruction to an agent.
func (sc *scanner) plantedLines() {
	d := sc.plain.decl
	if d == nil || !planted.Markdown(sc.file) || sc.decl == nil && !isSkillMD(sc.file) {
		// Front matter alone makes no skill: documentation sites give
		// their pages a description too.
		return
	}
	m, err := planted.Shipped()
	if err != nil {
		return // model.tsv is checked by the planted package's tests
	}
	own := d.Name + " " + d.Description
	for _, l := range planted.Lines(sc.s) {
		p, why := m.Score(l.Text, own)
		if p < m.Threshold || sc.seriousWithin(l.Start, l.End) {
			continue
		}
		desc := fmt.Sprintf("reads as an instruction planted in the skill (model score %.2f", min(p, 0.99))
		if len(why) > 0 {
			desc += "; its strongest words: " + quoteAll(why)
		}
		sc.add(l.Start, l.End, core.PromptInjection, core.Warning, desc+")",
			"Read the line with the skill's purpose in mind: if its author did not mean the agent to do this, remove it. The model was trained on third-party injected skills (core/sanitize/planted).", false)
	}
}

// seriousWithin says whether a warning or critical finding already covers
// part of a..b.
func (sc *scanner) seriousWithin(a, b int) bool {
	for k := 0; k < 2; k++ {
		for _, h := range sc.kept[k] {
			if h.a < b && h.b > a {
				return true
			}
		}
	}
	return false
}

func quoteAll(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = `"` + w + `"`
	}
	return strings.Join(q, ", ")
}
