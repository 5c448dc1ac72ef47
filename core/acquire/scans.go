package acquire

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/pdf"
)

// scannedPDF is a PDF of a folder whose pages are images without a text
// layer (a figure, a scan): a book's figures are many, and one OCR advice
// each buried the rest of what a learn said.
type scannedPDF struct {
	rel, path, reason string
	pages             int
}

// shownScans is how many scanned PDFs the advice names before it counts
// the rest.
const shownScans = 5

// scanned records a file of a folder whose error err says its pages are
// images only, for one advice once the folder is read (see adviseScans),
// and reports whether it did; other errors are not its business.
func (a *acquirer) scanned(rel, path string, err error) bool {
	u, ok := errors.AsType[*pdf.UnreadableError](err)
	if !ok || u.Scanned == 0 || u.Undecodable > 0 {
		return false
	}
	a.res.Skipped = append(a.res.Skipped, Problem{Path: rel, Reason: err.Error()})
	a.scans = append(a.scans, scannedPDF{rel: rel, path: path, reason: err.Error(), pages: u.Scanned})
	return true
}

// adviseScans adds the folder's scanned PDFs to its errors: one alone
// with its own advice, several as one line with their count, their pages
// and the first names.
func (a *acquirer) adviseScans(folder string) {
	switch len(a.scans) {
	case 0:
		return
	case 1:
		a.res.Errors = append(a.res.Errors, core.AcquireError{File: a.scans[0].path, Reason: a.scans[0].reason})
		return
	}
	pages := 0
	var names []string
	for i, s := range a.scans {
		pages += s.pages
		if i < shownScans {
			names = append(names, s.rel)
		}
	}
	if more := len(a.scans) - shownScans; more > 0 {
		names = append(names, fmt.Sprintf("and %d more", more))
	}
	a.res.Errors = append(a.res.Errors, core.AcquireError{File: folder, Reason: fmt.Sprintf(
		"%d PDF files (%d pages) are images without a text layer (%s); lore reads no text from them: give them a text layer with an OCR tool such as ocrmypdf (ocrmypdf IN.pdf OUT.pdf) and learn the result",
		len(a.scans), pages, strings.Join(names, ", "))})
}
