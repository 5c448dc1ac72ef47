package mathml

import (
	"encoding/xml"
	"strings"
	"testing"
)

// render reads the first <math> element of s as the readers do.
func render(t *testing.T, s string) string {
	t.Helper()
	return build(t, s).Render()
}

// build collects the first element of s and what it holds.
func build(t *testing.T, s string) *Builder {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	var m *Builder
	for {
		tok, err := d.Token()
		if err != nil {
			t.Fatalf("no whole formula in %q: %v", s, err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			if m == nil {
				m = New(x)
				continue
			}
			m.Start(x)
		case xml.EndElement:
			if m != nil && m.End() {
				return m
			}
		case xml.CharData:
			if m != nil {
				m.Chars(string(x))
			}
		}
	}
}

// A formula that carries its TeX (pandoc's and LaTeXML's MathML) is
// written as its source writes it, between Markdown's math delimiters; one
// without TeX keeps its linear form.
func TestTeXAnnotationIsMarkdownMath(t *testing.T) {
	for in, want := range map[string]string{
		`<math display="inline"><semantics><mrow><mn>0</mn><mo>≤</mo><mi>r</mi></mrow><annotation encoding="application/x-tex">0 \leq r</annotation></semantics></math>`: `$0 \leq r$`,
		`<math display="block"><semantics><mi>x</mi><annotation encoding="application/x-tex">x^2
 = 1</annotation></semantics></math>`: `$$x^2 = 1$$`,
		`<math><msup><mi>x</mi><mn>2</mn></msup></math>`:                                                                 `x^2`,
		`<math><semantics><mi>p</mi><annotation encoding="application/x-tex">\text{$p$}</annotation></semantics></math>`: `\text{$p$}`,
	} {
		if got := render(t, in); got != want {
			t.Errorf("%s\n  = %q, want %q", in, got, want)
		}
	}
}
