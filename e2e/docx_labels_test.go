package e2e_test

import (
	"archive/zip"
	"os"
	"path/filepath"
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
	p := filepath.Join(t.TempDir(), "groups.docx")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	for name, body := range map[string]string{"[Content_Types].xml": `<Types/>`, "word/document.xml": doc} {
		zw, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		zw.Write([]byte(body))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	res := learn(t, openStore(t, t.TempDir()), p)
	got := map[string]string{}
	for _, pr := range res.Primitives {
		got[pr.Name] = string(pr.Type)
	}
	if got["Reduced Row-Echelon Form"] != "theorem" || got["Abelian Group"] != "definition" || len(got) != 2 {
		t.Errorf("learned %v, want Reduced Row-Echelon Form (theorem) and Abelian Group (definition)", got)
	}
}
