package pdf

import (
	"fmt"
	"strings"
	"testing"
)

func TestRepeatedSlideTitlesKept(t *testing.T) {
	// A deck: every slide opens with a 24 pt title, numbered across the
	// slides of one topic, above 14 pt text, and ends with a 9 pt footer
	// and a slide number. The footer is furniture; the titles are not.
	var pages []string
	for i := 1; i <= 5; i++ {
		var c strings.Builder
		fmt.Fprintf(&c, "BT /F1 24 Tf 1 0 0 1 40 540 Tm (Custom Layers \\(%d/5\\)) Tj ET ", i)
		fmt.Fprintf(&c, "BT /F1 14 Tf 1 0 0 1 40 480 Tm (Point %d of the talk goes here.) Tj 0 -20 Td (And a second line of it.) Tj ET ", i)
		c.WriteString("BT /F1 9 Tf 1 0 0 1 40 20 Tm (GopherCon 2019 - Jane Doe) Tj ET ")
		fmt.Fprintf(&c, "BT /F1 9 Tf 1 0 0 1 600 20 Tm (%d) Tj ET", i)
		pages = append(pages, plain(c.String()))
	}
	got, err := extractText(t, doc("<< /F1 "+helvetica+" >>", pages...))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 5; i++ {
		if want := fmt.Sprintf("Custom Layers (%d/5)\n", i); !strings.Contains(got, want) {
			t.Errorf("slide title %q dropped:\n%s", want, got)
		}
	}
	if strings.Contains(got, "GopherCon") {
		t.Errorf("running footer kept:\n%s", got)
	}
}

// A talk builds a slide up line by line: the same last line of code
// (`export GOPATH=...`) ends several slides, a quarter of the way up the
// page, in the text's own size. It is the slides' content, not a running
// footer, which stands in the page's margin (measured from the MediaBox,
// which need not start at 0).
func TestRepeatedLastLineAboveTheMarginKept(t *testing.T) {
	slides := func(last string, y int) []byte {
		var pages []string
		for i := 1; i <= 4; i++ {
			pages = append(pages, plain(fmt.Sprintf("BT /F1 14 Tf 1 0 0 1 40 700 Tm (Step %d of the build script.) Tj ET "+
				"BT /F1 14 Tf 1 0 0 1 40 %d Tm (%s) Tj ET", i, y, last)))
		}
		data := doc("<< /F1 "+helvetica+" >>", pages...)
		return fixXref([]byte(strings.ReplaceAll(string(data), "/MediaBox [0 0 612 792]", "/MediaBox [0 100 612 892]")))
	}
	got, err := extractText(t, slides("export GOPATH=/home/projects", 300))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(got, "export GOPATH=/home/projects"); n != 4 {
		t.Errorf("the slides' last line kept %d times, want 4:\n%s", n, got)
	}
	got, err = extractText(t, slides("Jane Doe - Vendoring", 120))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "Jane Doe") {
		t.Errorf("running footer 20 pt above the page's bottom edge kept:\n%s", got)
	}
}
