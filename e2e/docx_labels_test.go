package e2e_test

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Word document's results marked by bold or italic run-in labels are
// learned as the same results in Markdown are: named by their title or the
// term they define, typed by their label, an acronym label ("Theorem
// RREF") included, which only the emphasis marks as a label.
func TestDOCXRunInLabelsAreLearned(t *testing.T) {
	const w = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	doc := `<w:document ` + w + `><w:body>` +
		`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Groups</w:t></w:r></w:p>` +
		`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Theorem RREF</w:t></w:r><w:r><w:t xml:space="preserve"> (Reduced Row-Echelon Form). Every matrix is row-equivalent to exactly one matrix in reduced row-echelon form.</w:t></w:r></w:p>` +
		`<w:p><w:r><w:rPr><w:i/></w:rPr><w:t>Definition AG.</w:t></w:r><w:r><w:t xml:space="preserve"> A group is abelian if any two of its elements commute.</w:t></w:r></w:p>` +
		`</w:body></w:document>`
	p := writeDOCX(t, map[string]string{"[Content_Types].xml": `<Types/>`, "word/document.xml": doc})
	res := learn(t, openStore(t, t.TempDir()), p)
	got := map[string]string{}
	for _, pr := range res.Primitives {
		got[pr.Name] = string(pr.Type)
	}
	if got["Reduced Row-Echelon Form"] != "theorem" || got["Abelian Group"] != "definition" || len(got) != 2 {
		t.Errorf("learned %v, want Reduced Row-Echelon Form (theorem) and Abelian Group (definition)", got)
	}
}

// writeDOCX writes a Word document of the given parts in a temporary
// folder and returns its path.
func writeDOCX(t *testing.T, parts map[string]string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "doc.docx")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z := zip.NewWriter(f)
	for name, body := range parts {
		zw, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := zw.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// A Word document whose results have paragraph styles of their own
// ("Definition", "Theorem", "Proof") is read as a book whose markup
// delimits them: each styled block is one primitive at the confidence of
// markup, named by its title, its statement every paragraph of the style
// and nothing of the proof.
func TestDOCXBlockStylesAreLearned(t *testing.T) {
	const w = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	styles := `<w:styles ` + w + `>` +
		`<w:style w:type="paragraph" w:styleId="Def"><w:name w:val="Definition"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Thm"><w:name w:val="Theorem"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Pf"><w:name w:val="Proof"/></w:style>` +
		`</w:styles>`
	para := func(style, label, text string) string {
		s := `<w:p><w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>`
		if label != "" {
			s += `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">` + label + `</w:t></w:r>`
		}
		return s + `<w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
	}
	doc := `<w:document ` + w + `><w:body>` +
		`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Groups</w:t></w:r></w:p>` +
		para("Def", "Definition 1.1", " (Cyclic Group). A group is cyclic when one of its elements generates it.") +
		para("Def", "", "Such an element is a generator of the group.") +
		para("Thm", "Theorem 1.2", " (Subgroups of Cyclic Groups). Every subgroup of a cyclic group is cyclic.") +
		para("Pf", "Proof.", " Take the least positive power of a generator that lies in the subgroup.") +
		`</w:body></w:document>`
	p := writeDOCX(t, map[string]string{"[Content_Types].xml": `<Types/>`, "word/document.xml": doc, "word/styles.xml": styles})
	res := learn(t, openStore(t, t.TempDir()), p)
	got := map[string]string{}
	for _, pr := range res.Primitives {
		got[pr.Name] = string(pr.Type)
		if pr.Confidence < 0.95 {
			t.Errorf("%s: confidence %.2f, want a block's 0.95", pr.Name, pr.Confidence)
		}
		if strings.Contains(pr.FormalStatement, "least positive power") || strings.HasPrefix(pr.FormalStatement, "(") {
			t.Errorf("%s: statement %q", pr.Name, pr.FormalStatement)
		}
		if pr.Name == "Cyclic Group" && !strings.Contains(pr.FormalStatement, "generator of the group") {
			t.Errorf("the definition's second paragraph is not in its statement: %q", pr.FormalStatement)
		}
	}
	if got["Cyclic Group"] != "definition" || got["Subgroups of Cyclic Groups"] != "theorem" || len(got) != 2 {
		t.Errorf("learned %v, want Cyclic Group (definition) and Subgroups of Cyclic Groups (theorem)", got)
	}
}
