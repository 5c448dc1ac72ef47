package docx

import (
	"bytes"
	"context"
	"strings"
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

// Cross-references in a Word document are hyperlinks to a bookmark
// (w:hyperlink w:anchor); the bookmark opens the block's paragraph, an
// empty paragraph just before it, or stands between paragraphs before it,
// as pandoc writes them. A labelled
// paragraph with a bookmark becomes a block with that id and the links to
// it Markdown links, which extraction reads as edges; a link to a
// bookmark that is no block stays text. Office Math reads as its linear
// form.
func TestBookmarksLinksAndMath(t *testing.T) {
	const ns = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"`
	doc := `<w:document ` + ns + `><w:body>` +
		`<w:p><w:bookmarkStart w:id="1" w:name="thm-a"/><w:bookmarkEnd w:id="1"/></w:p>` +
		`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Theorem 1.1.</w:t></w:r><w:r><w:t xml:space="preserve"> Every </w:t></w:r>` +
		`<m:oMath><m:r><m:t>h</m:t></m:r><m:d><m:dPr><m:begChr m:val="("/><m:endChr m:val=")"/></m:dPr><m:e><m:r><m:t>x</m:t></m:r></m:e></m:d>` +
		`<m:r><m:t>=</m:t></m:r><m:f><m:num><m:r><m:t>1</m:t></m:r></m:num><m:den><m:sSub><m:e><m:r><m:t>a</m:t></m:r></m:e><m:sub><m:r><m:t>i</m:t></m:r></m:sub></m:sSub></m:den></m:f></m:oMath>` +
		`<w:r><w:t xml:space="preserve"> holds.</w:t></w:r></w:p>` +
		`<w:p><w:bookmarkStart w:id="2" w:name="plain"/><w:r><w:t>Some prose.</w:t></w:r></w:p>` +
		`<w:bookmarkStart w:id="3" w:name="lem-b"/><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Lemma 1.3</w:t></w:r><w:r><w:t xml:space="preserve">. A lemma.</w:t></w:r></w:p><w:bookmarkEnd w:id="3"/>` +
		`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Lemma 1.2.</w:t></w:r><w:r><w:t xml:space="preserve"> By </w:t></w:r>` +
		`<w:hyperlink w:anchor="thm-a"><w:r><w:t>Theorem 1.1</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> and </w:t></w:r>` +
		`<w:hyperlink w:anchor="plain"><w:r><w:t>the prose</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve">, it holds.` + "\uE001" + `</w:t></w:r></w:p>` +
		`</w:body></w:document>`
	got := documentText(t, doc)
	for _, want := range []string{
		"::: {.theorem #thm-a number=\"1.1\"}\n\nEvery h(x) = (1)/(a_i) holds.\n\n:::",
		"Some prose.",
		"::: {.lemma #lem-b number=\"1.3\"}\n\nA lemma.\n\n:::",
		"**Lemma 1.2.** By [Theorem 1.1](#thm-a) and the prose, it holds.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
}

// pandoc sets a bookmark range around a labelled block's paragraphs: the
// paragraphs inside it are the block, however many. A proof runs from its
// "Proof." label to its end mark, so that the references in it are its
// block's.
func TestBookmarkRangesAndProofs(t *testing.T) {
	const ns = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	p := func(runs string) string { return `<w:p>` + runs + `</w:p>` }
	r := func(props, text string) string {
		return `<w:r><w:rPr>` + props + `</w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r>`
	}
	doc := `<w:document ` + ns + `><w:body>` +
		`<w:bookmarkStart w:id="1" w:name="def-risk"/>` +
		p(r("<w:b/>", "Definition 1.1")+r("", " (Risk).")) +
		p(r("", "The risk of an estimator is its mean loss.")) +
		`<w:bookmarkEnd w:id="1"/>` +
		p(r("", "Prose between.")) +
		`<w:bookmarkStart w:id="2" w:name="lem-a"/>` + p(r("<w:b/>", "Lemma 1.2")+r("", ". The risk is finite.")) + `<w:bookmarkEnd w:id="2"/>` +
		p(r("<w:i/>", "Proof.")+r("", " Bound it.")) +
		p(r("", "By the definition, it holds. ◻")) +
		p(r("", "After the proof.")) +
		`</w:body></w:document>`
	got := documentText(t, doc)
	for _, want := range []string{
		"::: {.definition #def-risk name=\"Risk\" number=\"1.1\"}\n\nThe risk of an estimator is its mean loss.\n\n:::",
		"::: {.lemma #lem-a number=\"1.2\"}\n\nThe risk is finite.\n\n:::",
		"::: {.proof}\n\nBound it.\n\nBy the definition, it holds. ◻\n\n:::\n\nAfter the proof.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
}

// documentText reads a DOCX whose word/document.xml is doc.
func documentText(t *testing.T, doc string) string {
	t.Helper()
	data := buildZip(t, map[string]string{"[Content_Types].xml": `<Types/>`, "word/document.xml": doc})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return got
}
