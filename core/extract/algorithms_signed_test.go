package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A section titled by an operation's signature that says in bullets how it
// computes is that operation's algorithm, named by the signature, its
// steps in order (one step too); a section titled by a signature that
// only describes is not, nor one titled by a phrase.
func TestSignatureSectionsAreAlgorithms(t *testing.T) {
	src := "Integer Operations\n==================\n\n" +
		":math:`\\iadd_N(i_1, i_2)`\n.........................\n\n* Return the result of adding :math:`i_1` and :math:`i_2` modulo :math:`2^N`.\n\n" +
		":math:`\\idivs_N(i_1, i_2)`\n..........................\n\n* Let :math:`j_1` be the signed interpretation of :math:`i_1`.\n\n" +
		"* If :math:`j_2` is :math:`0`, then the result is undefined.\n\n* Else, return the result of dividing :math:`j_1` by :math:`j_2`.\n\n" +
		":math:`\\inot_N(i)`\n..................\n\nThis operator is described elsewhere in the text of the specification.\n\n" +
		"Sign Interpretation\n...................\n\n* Let the interpretation be what the table gives for each value.\n"
	ps := extractDoc(t, "numerics.rst", core.FormatMarkdown, rstToMarkdown(t, src))
	got := map[string]core.Primitive{}
	for _, p := range ps {
		if p.Type == core.Algorithm {
			got[p.Name] = p
		}
	}
	if _, ok := got["iadd_N(i_1, i_2)"]; !ok {
		t.Errorf("no iadd: %v", nameList(ps))
	}
	d, ok := got["idivs_N(i_1, i_2)"]
	if !ok {
		t.Fatalf("no idivs: %v", nameList(ps))
	}
	f := d.ComputationalForm
	if i, j := strings.Index(f, "1. Let $j_1$"), strings.Index(f, "3. Else, return"); i < 0 || j < i {
		t.Errorf("idivs form %q", f)
	}
	if len(got) != 2 {
		t.Errorf("algorithms %v, want iadd and idivs", nameList(ps))
	}
}
