package pdf

import (
	"fmt"
	"strings"
	"testing"
)

func TestTwoShortColumnsRealWidths(t *testing.T) {
	// TestTwoColumnsHyphenation's page with Helvetica's own widths (no
	// /Widths: Adobe's metrics): the columns' lines are short, 50 to 80
	// points, with a gutter of some 170 points between them.
	var c strings.Builder
	c.WriteString("BT /F1 10 Tf ")
	left := []string{"Left column starts", "with an exter-", "ior product."}
	right := []string{"Right column text", "comes after the", "left one."}
	for i := range left {
		y := 700 - 12*i
		fmt.Fprintf(&c, "1 0 0 1 72 %d Tm (%s) Tj 1 0 0 1 330 %d Tm (%s) Tj ", y, left[i], y, right[i])
	}
	c.WriteString("ET")
	got, err := extractText(t, doc("<< /F1 "+helvetica+" >>", plain(c.String())))
	if err != nil {
		t.Fatal(err)
	}
	want := "Left column starts\nwith an exterior product.\nRight column text\ncomes after the\nleft one.\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
