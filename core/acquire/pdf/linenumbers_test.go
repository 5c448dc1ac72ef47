package pdf

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

var numberRe = regexp.MustCompile(`\b[0-9]+\b`)

func TestMarginLineNumbersDropped(t *testing.T) {
	// A review copy: two columns of 9 pt text, every line numbered in 6 pt
	// type down the left margin, on a grid of its own (the numbers' baselines
	// fall between the text's).
	var c strings.Builder
	c.WriteString("BT ")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&c, "/F1 6 Tf 1 0 0 1 28 %.1f Tm (%d) Tj ", 700-10.9*float64(i)-3, i+1)
	}
	var want []string
	for _, side := range []struct {
		name string
		x    int
	}{{"left", 54}, {"right", 318}} {
		for i := 0; i < 30; i++ {
			fmt.Fprintf(&c, "/F1 9 Tf 1 0 0 1 %d %.1f Tm (%s%02d lorem ipsum dolor sit amet, consectetur) Tj ", side.x, 700-11.0*float64(i), side.name, i+1)
			want = append(want, fmt.Sprintf("%s%02d", side.name, i+1))
		}
	}
	c.WriteString("ET")
	got, err := extractText(t, doc(columnFonts, plain(c.String())))
	if err != nil {
		t.Fatal(err)
	}
	if n := numberRe.FindAllString(tagRe.ReplaceAllString(got, ""), -1); len(n) > 0 {
		t.Errorf("line numbers kept: %v\ntext:\n%s", n, got)
	}
	if g := tags(got); strings.Join(g, " ") != strings.Join(want, " ") {
		t.Errorf("reading order\n got %v\nwant %v\ntext:\n%s", g, want, got)
	}
}

func TestTableNumbersKept(t *testing.T) {
	// A table whose first column numbers its rows 1 to 12, set as the
	// other cells are: its numbers are data, not line numbers.
	var c strings.Builder
	c.WriteString("BT /F1 9 Tf ")
	for i := 0; i < 12; i++ {
		y := 700 - 12*i
		fmt.Fprintf(&c, "1 0 0 1 100 %d Tm (%d) Tj 1 0 0 1 140 %d Tm (name of row) Tj 1 0 0 1 260 %d Tm (%d.5) Tj ", y, i+1, y, y, 10*i)
	}
	c.WriteString("ET")
	got, err := extractText(t, doc(columnFonts, plain(c.String())))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		if want := fmt.Sprintf("%d name of row %d.5", i+1, 10*i); !strings.Contains(got, want) {
			t.Errorf("row %q lost:\n%s", want, got)
		}
	}
}
