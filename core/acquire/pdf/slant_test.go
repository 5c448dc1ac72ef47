package pdf

import (
	"strings"
	"testing"
)

// A word stamped diagonally over the page ("preview" at 45°, in large
// letters) is no part of the text, and breaks none of its paragraphs
// with a heading.
func TestSlantedStampDropped(t *testing.T) {
	c := "BT /F1 10 Tf 1 0 0 1 72 700 Tm (The proof goes on here,) Tj 0 -12 Td (and ends on this line.) Tj ET " +
		"BT /F1 50 Tf 0.7071 0.7071 -0.7071 0.7071 200 300 Tm (preview) Tj ET"
	got, err := extractText(t, doc("<< /F1 "+helvetica+" >>", plain(c)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "The proof goes on here,\nand ends on this line.\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A title numbered as the sections are but set at the body's size, in a
// document whose sections' titles are larger, is a numbered block's
// (a rule printed in a box), not a section's heading.
func TestNumberedTitleAtBodySizeUnderSizedSections(t *testing.T) {
	var c strings.Builder
	c.WriteString("BT ")
	y := 740
	for i, sec := range []string{"2.1 Addition", "2.2 Subtraction", "2.3 Multiplication"} {
		c.WriteString("/F1 14 Tf 1 0 0 1 72 " + itoa(y) + " Tm (" + sec + ") Tj ")
		y -= 30
		c.WriteString("/F1 10 Tf 1 0 0 1 72 " + itoa(y) + " Tm (Some text of the section.) Tj 0 -12 Td (More of it here.) Tj ")
		y -= 40
		if i == 1 {
			c.WriteString("1 0 0 1 72 " + itoa(y) + " Tm (2.2 Subtraction is no commutative operation) Tj ")
			y -= 30
			c.WriteString("1 0 0 1 72 " + itoa(y) + " Tm (The order of the terms matters.) Tj ")
			y -= 40
		}
	}
	c.WriteString("ET")
	got, err := extractText(t, doc("<< /F1 "+helvetica+" >>", plain(c.String())))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "## 2.2 Subtraction\n") || strings.Contains(got, "# 2.2 Subtraction is") {
		t.Errorf("got %q, want the sections as headings and the boxed title not", got)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
