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
	a.res.scans = append(a.res.scans, scannedPDF{rel: rel, path: path, reason: err.Error(), pages: u.Scanned})
	return true
}

// adviseScans adds the folder's scanned PDFs to its errors: one alone
// with its own advice, several as one line (scansAdvice).
func (a *acquirer) adviseScans(folder string) {
	switch scans := a.res.scans; len(scans) {
	case 0:
	case 1:
		a.res.Errors = append(a.res.Errors, core.AcquireError{File: scans[0].path, Reason: scans[0].reason})
	default:
		a.res.Errors = append(a.res.Errors, core.AcquireError{File: folder, Reason: scansAdvice(scans)})
	}
}

// scansAdvice is one OCR advice for several scanned PDFs, with their
// count, their pages and the first names.
func scansAdvice(scans []scannedPDF) string {
	pages := 0
	var names []string
	for i, s := range scans {
		pages += s.pages
		if i < shownScans {
			names = append(names, s.rel)
		}
	}
	if more := len(scans) - shownScans; more > 0 {
		names = append(names, fmt.Sprintf("and %d more", more))
	}
	return fmt.Sprintf("%d PDF files (%d pages) are images without a text layer (%s); lore reads no text from them: give them a text layer with an OCR tool such as ocrmypdf (ocrmypdf IN.pdf OUT.pdf) and learn the result",
		len(scans), pages, strings.Join(names, ", "))
}

// otherSkipped names, after scansAdvice, the files skipped that are not
// scanned PDFs, each with its reason; "" when there are none.
func otherSkipped(res *Result) string {
	scan := make(map[string]bool, len(res.scans))
	for _, s := range res.scans {
		scan[s.rel] = true
	}
	var other []Problem
	for _, p := range res.Skipped {
		if !scan[p.Path] {
			other = append(other, p)
		}
	}
	if len(other) == 0 {
		return ""
	}
	return fmt.Sprintf("; %d other skipped: %s", len(other),
		listed(len(other), func(i int) string { return other[i].Path + ": " + other[i].Reason }))
}
