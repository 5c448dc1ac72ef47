package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/text"
)

// Issue 80, "never say less or other than the source": over every
// primitive the corpus's LaTeX, PreTeXt and text documents give, the
// readable form of the statement shows every identifier, number, operator
// and delimiter of the formal one (text.ReadableDrops).
func TestCorpusReadableFormsDropNothing(t *testing.T) {
	corpusDir(t)
	for _, name := range []string{
		"latex_ods_sorting.tex", "latex_openintro_ch_probability.tex", "latex_openlogic_enumerability.tex",
		"latex_untitled-envs_hott_equivalences.tex", "paper_collaborative-text-editing.tex",
		"pretext_levin_discrete_sec_gt-trees.ptx", "textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt",
		"rfc6455_websocket.txt", "rfc7234_http-caching.txt",
	} {
		_, a := loadCorpus(t, name, "")
		ps := Extract(a, Options{})
		drops := 0
		for _, p := range ps {
			for _, st := range []string{p.FormalStatement, p.ComputationalForm} {
				if d := text.ReadableDrops(st); d != nil {
					drops++
					t.Errorf("%s: %s drops %v\n  formal:   %s\n  readable: %s", name, p.Name, d,
						strings.TrimSpace(st), text.ReadableMath(st))
				}
			}
		}
		t.Logf("%s: %d primitives, %d readable forms drop a symbol", name, len(ps), drops)
	}
}
