package acquire

import (
	"context"
	"strings"
	"testing"

	gen "github.com/lore-kb/lore/internal/hostile"
)

// A folder of figure PDFs without a text layer gives one OCR advice with
// their count, not one per figure; each is still listed as skipped with
// its own reason.
func TestScannedPDFsAreOneAdvice(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"notes.md": []byte("# Notes\n\nA group is a set with an associative operation.\n"),
		"fig1.pdf": gen.ScanPDF(1),
		"fig2.pdf": gen.ScanPDF(1),
		"fig3.pdf": gen.ScanPDF(1),
		"fig4.pdf": gen.ScanPDF(2),
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var advice []string
	for _, e := range res.Errors {
		if strings.Contains(e.Reason, "without a text layer") {
			advice = append(advice, e.File+": "+e.Reason)
		}
	}
	want := dir + ": 4 PDF files (5 pages) are images without a text layer (fig1.pdf, fig2.pdf, fig3.pdf, fig4.pdf); lore reads no text from them: give them a text layer with an OCR tool such as ocrmypdf (ocrmypdf IN.pdf OUT.pdf) and learn the result"
	if len(advice) != 1 || advice[0] != want {
		t.Errorf("advice:\n%s\nwant one:\n%s", strings.Join(advice, "\n"), want)
	}
	if len(res.Skipped) != 4 {
		t.Errorf("skipped %v, want the four figures", res.Skipped)
	}
	// One such file keeps its own advice.
	dir = t.TempDir()
	writeFiles(t, dir, map[string][]byte{"notes.md": []byte("# Notes\n\nText.\n"), "fig1.pdf": gen.ScanPDF(1)})
	if res, err = Local(context.Background(), dir, Options{}); err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || !strings.HasPrefix(res.Errors[0].Reason, "1 of 1 pages are images without a text layer (a scan); give it a text layer") {
		t.Errorf("errors %v", res.Errors)
	}
}
