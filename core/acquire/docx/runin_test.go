package docx

import (
	"bytes"
	"context"
	"testing"
)

// A Word document marks a result as a printed book does, with a bold (or
// italic) run-in label opening its paragraph: "Theorem 2.1 (Lagrange). …".
// The label is written as Markdown emphasis, which extraction reads as a
// label in any Markdown; bold in mid-sentence, a label switched off
// (w:b w:val="0") and a label split over several runs are handled.
func TestRunInLabelsKept(t *testing.T) {
	const w = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	r := func(props, text string) string {
		rpr := ""
		if props != "" {
			rpr = "<w:rPr>" + props + "</w:rPr>"
		}
		return `<w:r>` + rpr + `<w:t xml:space="preserve">` + text + `</w:t></w:r>`
	}
	p := func(runs ...string) string {
		s := "<w:p>"
		for _, x := range runs {
			s += x
		}
		return s + "</w:p>"
	}
	doc := `<w:document ` + w + `><w:body>` +
		p(r("<w:b/>", "Theorem 2.1"), r("", " (Lagrange). The order of a subgroup divides the order of the group.")) +
		p(r("<w:i/>", "Definition 2.2."), r("", " A group is abelian if its elements commute.")) +
		p(r("<w:b/>", "Lemma"), r("<w:b/>", " 2.3."), r("", " Every cyclic group is abelian.")) +
		p(r("", "A "), r("<w:b/>", "group"), r("", " is a set.")) +
		p(r(`<w:b w:val="0"/>`, "Plain"), r("", " text.")) +
		p(r("<w:b/>", "Note"), r("<w:i/>", " italic"), r("", " after.")) +
		`</w:body></w:document>`
	data := buildZip(t, map[string]string{"[Content_Types].xml": `<Types/>`, "word/document.xml": doc})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	want := "**Theorem 2.1** (Lagrange). The order of a subgroup divides the order of the group.\n\n" +
		"*Definition 2.2.* A group is abelian if its elements commute.\n\n" +
		"**Lemma 2.3.** Every cyclic group is abelian.\n\n" +
		"A group is a set.\n\n" +
		"Plain text.\n\n" +
		"**Note** italic after.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
