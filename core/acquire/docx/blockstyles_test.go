package docx

import (
	"bytes"
	"context"
	"testing"
)

// Thesis and book templates give results paragraph styles of their own
// ("Theorem", "Definition", "Proof"). Consecutive paragraphs of one such
// style are one block, written as the fenced div the HTML reader writes
// for a theorem-like container, its run-in label taken for its number and
// title; other paragraphs, headings and lists close it.
func TestBlockStylesAreFencedDivs(t *testing.T) {
	const w = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	styles := `<w:styles ` + w + `>` +
		`<w:style w:type="paragraph" w:styleId="Def"><w:name w:val="Definition Style"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Thm"><w:name w:val="Theorem"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Pf"><w:name w:val="Proof"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Note"><w:name w:val="Note"/></w:style>` +
		`</w:styles>`
	para := func(style, label, text string) string {
		s := `<w:p><w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>`
		if label != "" {
			s += `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">` + label + `</w:t></w:r>`
		}
		return s + `<w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
	}
	doc := `<w:document ` + w + `><w:body>` +
		para("Def", "Definition 1.1", " (Group). A group is a set with an associative operation.") +
		para("Def", "", "It has an identity and inverses.") +
		para("Thm", "Theorem 1.2.", " Every subgroup of a cyclic group is cyclic.") +
		para("Pf", "Proof.", " Take the least positive power in the subgroup.") +
		para("Note", "", "A note is not a block.") +
		para("Thm", "", "A theorem without a label.") +
		`</w:body></w:document>`
	data := buildZip(t, map[string]string{"[Content_Types].xml": `<Types/>`, "word/document.xml": doc, "word/styles.xml": styles})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	want := "::: {.definition name=\"Group\" number=\"1.1\"}\n\nA group is a set with an associative operation.\n\nIt has an identity and inverses.\n\n:::\n\n" +
		"::: {.theorem number=\"1.2\"}\n\nEvery subgroup of a cyclic group is cyclic.\n\n:::\n\n" +
		"::: {.proof}\n\nTake the least positive power in the subgroup.\n\n:::\n\n" +
		"A note is not a block.\n\n" +
		"::: {.theorem}\n\nA theorem without a label.\n\n:::\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
