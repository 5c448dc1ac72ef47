package pdf

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// pdfunite states a trailer /Size far below the object numbers it writes,
// its catalog among them; poppler and qpdf read such a file (qpdf with a
// warning), and so must lore: cutting the cross-reference table at /Size
// lost the catalog, and every page with it ("no text layer").
func TestObjectsPastTrailerSizeAreRead(t *testing.T) {
	data := doc("<< /F1 "+helvetica+" >>", plain("BT /F1 12 Tf 72 720 Td (Joined by pdfunite) Tj ET"))
	size := regexp.MustCompile(`/Size \d+`)
	if !size.Match(data) {
		t.Fatal("the built file has no /Size")
	}
	// Object 1 is the page tree; the catalog is the last object.
	data = size.ReplaceAll(data, []byte(fmt.Sprintf("/Size %d", 2)))
	if !bytes.Contains(data, []byte("/Size 2 ")) {
		t.Fatal("the trailer's /Size was not rewritten")
	}
	got, err := extractText(t, data)
	if err != nil {
		t.Fatalf("a file whose objects pass its /Size: %v", err)
	}
	if !strings.Contains(got, "Joined by pdfunite") {
		t.Fatalf("text %q", got)
	}
}
