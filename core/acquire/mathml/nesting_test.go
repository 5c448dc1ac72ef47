package mathml

import (
	"encoding/xml"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/internal/heappeak"
)

// A formula nesting 200,000 rows builds a tree of at most maxMathDepth
// levels: its text is kept and the heap held stays under ten times the
// formula. The builder is fed raw tokens, as the HTML reader feeds it, so
// that only its own tree is measured.
func TestDeepFormulaBoundedMemory(t *testing.T) {
	const n = 200000
	formula := "<math>" + strings.Repeat("<mrow><mi>x</mi>", n) + "<mn>7</mn>" + strings.Repeat("</mrow>", n) + "</math>"
	var out string
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	peak := heappeak.Of(func() {
		d := xml.NewDecoder(strings.NewReader(formula))
		var m *Builder
		for {
			tok, err := d.RawToken()
			if err != nil {
				t.Errorf("formula cut short: %v", err)
				return
			}
			switch x := tok.(type) {
			case xml.StartElement:
				if m == nil {
					m = New(x)
				} else {
					m.Start(x)
				}
			case xml.EndElement:
				if m.End() {
					out = m.Render()
					return
				}
			case xml.CharData:
				m.Chars(string(x))
			}
		}
	})
	held := int64(peak) - int64(base.HeapAlloc)
	t.Logf("%d bytes of formula, peak heap %d bytes over the start (%.1f×)", len(formula), held, float64(held)/float64(len(formula)))
	if held > int64(10*len(formula)) {
		t.Errorf("a %d-byte formula held %d bytes, over ten times the formula", len(formula), held)
	}
	if !strings.Contains(out, "7") || strings.Count(out, "x") != n {
		t.Errorf("text of the formula lost: %d x's, %.100q…", strings.Count(out, "x"), out)
	}
}
