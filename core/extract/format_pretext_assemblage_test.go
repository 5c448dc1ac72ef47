package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A book that never writes <theorem> states its rules in titled
// assemblages: one that sets up a claim is a result, one that gives a
// formula to know a definition; an untitled one is a summary and one
// titled "Caution" an aside. An assemblage
// ends at its own close: the activity after it, with a <statement> of its
// own, is not its statement.
func TestTitledAssemblagesAreResults(t *testing.T) {
	doc := `<section><title>Rules</title>
<assemblage xml:id="chain-rule"><title>The Chain Rule</title>
<p>If <m>g</m> is differentiable at <m>x</m> and <m>f</m> is differentiable at <m>g(x)</m>, then <m>C(x) = f(g(x))</m> is differentiable at <m>x</m>.</p>
</assemblage>
<activity><statement><p>Determine the derivative of <m>r(x) = \tan(x)^2</m>.</p></statement></activity>
<assemblage><title>Average Velocity</title>
<p>For an object moving in a straight line whose position is <m>s(t)</m>, its average velocity on <m>[a,b]</m> is <m>\frac{s(b)-s(a)}{b-a}</m>.</p>
</assemblage>
<assemblage><p>Summary: derivatives measure change.</p></assemblage>
<assemblage><title>Caution</title><p>It is not generally true that <m>AB = BA</m>.</p></assemblage>
</section>`
	got := map[string]core.Primitive{}
	for _, p := range Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{}) {
		got[p.Name] = p
	}
	chain, ok := got["The Chain Rule"]
	if !ok || chain.Type != core.Theorem || !strings.Contains(chain.FormalStatement, "differentiable at") || strings.Contains(chain.FormalStatement, "Determine") {
		t.Errorf("The Chain Rule = %+v, want a theorem with its own statement", chain)
	}
	if v, ok := got["Average Velocity"]; !ok || v.Type != core.Definition {
		t.Errorf("Average Velocity = %+v, want a definition", v)
	}
	for n := range got {
		if strings.Contains(n, "Summary") || strings.Contains(n, "Caution") {
			t.Errorf("an aside became %q", n)
		}
	}
}
