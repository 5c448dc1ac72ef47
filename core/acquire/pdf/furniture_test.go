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
