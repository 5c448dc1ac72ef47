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

// A folder of nothing but image-only PDFs says so with one OCR advice,
// as a folder with documents beside them does, not one per PDF; another
// file skipped beside them is still named with its own reason, and so is
// a folder whose only text is a file lore scans but does not learn.
func TestFolderOfScansOnlyIsOneAdvice(t *testing.T) {
	advice := "2 PDF files (4 pages) are images without a text layer (fig1.pdf, fig2.pdf); lore reads no text from them: give them a text layer with an OCR tool such as ocrmypdf (ocrmypdf IN.pdf OUT.pdf) and learn the result"
	for _, c := range []struct {
		name  string
		files map[string][]byte
		want  string
	}{
		{"scans only", map[string][]byte{"fig1.pdf": gen.ScanPDF(1), "fig2.pdf": gen.ScanPDF(3)},
			"folder contains no readable documents: " + advice},
		{"and another skipped", map[string][]byte{"fig1.pdf": gen.ScanPDF(1), "fig2.pdf": gen.ScanPDF(3),
			"greek.txt": []byte(strings.Repeat("\xe1\xe2\xe3 ", 40))},
			"folder contains no readable documents: " + advice + "; 1 other skipped: greek.txt: not valid UTF-8"},
		{"and a file only scanned", map[string][]byte{"fig1.pdf": gen.ScanPDF(1), "fig2.pdf": gen.ScanPDF(3), "data.csv": []byte("a,b\n1,2\n")},
			"folder contains no readable documents: " + advice + "; 1 text file(s) of other types were scanned, not learned"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, c.files)
			res, err := Local(context.Background(), dir, Options{})
			if err == nil {
				err = NothingToLearn(dir, res)
			}
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.Contains(msg, c.want) || strings.Count(msg, "OCR tool") != 1 {
				t.Errorf("error:\n%s\nwant one advice, as in:\n%s", msg, c.want)
			}
		})
	}
}
