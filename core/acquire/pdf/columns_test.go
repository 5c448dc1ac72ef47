package pdf

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Helvetica with every glyph 500/1000 em wide (fixed500), so a 10 pt
// line of n characters is 5n points long and positions are exact.
var columnFonts = "<< /F1 " + fixed500 + " >>"

// columnPage describes one page of a paper laid out in code: full-width
// rows at the top, then two columns side by side.
type columnPage struct {
	span          []string // full-width rows above the columns
	left, right   []string // column rows, from the top
	gutter        float64  // points between the columns
	rightFromLine int      // row of the left column the right one starts beside
}

// content renders the page as a content stream: 10 pt text, 12 pt leading,
// left margin 72, columns 216 points wide.
func (p columnPage) content() string {
	var c strings.Builder
	c.WriteString("BT /F1 10 Tf ")
	y := 740
	for _, s := range p.span {
		fmt.Fprintf(&c, "1 0 0 1 72 %d Tm (%s) Tj ", y, s)
		y -= 12
	}
	y -= 12
	rightX := 72 + 216 + p.gutter
	for i, s := range p.left {
		fmt.Fprintf(&c, "1 0 0 1 72 %d Tm (%s) Tj ", y-12*i, s)
	}
	for i, s := range p.right {
		fmt.Fprintf(&c, "1 0 0 1 %.2f %d Tm (%s) Tj ", rightX, y-12*(i+p.rightFromLine), s)
	}
	c.WriteString("ET")
	return plain(c.String())
}

// columnRows returns n rows of column text tagged name01, name02, …: 37
// characters, 185 points, inside a 216-point column.
func columnRows(name string, n int) []string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = fmt.Sprintf("%s%02d lorem ipsum dolor sit amet", name, i+1)
	}
	return rows
}

var tagRe = regexp.MustCompile(`\b(?:span|left|right)[0-9]{2}\b`)

// tags lists the row tags of text in reading order.
func tags(text string) []string { return tagRe.FindAllString(text, -1) }

func TestColumnsReadingOrder(t *testing.T) {
	abstract := make([]string, 16)
	for i := range abstract {
		// 90 characters: 450 points, across both columns and the gutter.
		abstract[i] = fmt.Sprintf("span%02d %s", i+1, strings.Repeat("words ", 14)[:83])
	}
	cases := []struct {
		name string
		page columnPage
	}{
		// The end of a paper: a full left column beside a few lines.
		{"short right column", columnPage{left: columnRows("left", 30), right: columnRows("right", 4), gutter: 24}},
		// A first page: a full-width abstract above the columns crosses
		// the gutter on many rows.
		{"full-width abstract above", columnPage{span: abstract, left: columnRows("left", 20), right: columnRows("right", 20), gutter: 24}},
		// A right column that starts lower than the left one, next to a
		// narrow (one em) gutter.
		{"narrow gutter, offset start", columnPage{left: columnRows("left", 25), right: columnRows("right", 15), gutter: 10, rightFromLine: 8}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := extractText(t, doc(columnFonts, tc.page.content()))
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			want = append(want, tags(strings.Join(tc.page.span, "\n"))...)
			want = append(want, tags(strings.Join(tc.page.left, "\n"))...)
			want = append(want, tags(strings.Join(tc.page.right, "\n"))...)
			if g := tags(got); !slices.Equal(g, want) {
				t.Errorf("reading order\n got %v\nwant %v\ntext:\n%s", g, want, got)
			}
			// No line may hold text of both columns.
			for _, l := range strings.Split(got, "\n") {
				if strings.Contains(l, "left") && strings.Contains(l, "right") {
					t.Errorf("columns merged on one line: %q", l)
				}
			}
		})
	}
}

func TestSingleColumnNotSplit(t *testing.T) {
	// Lines that run across the middle of the page, some short ones among
	// them (paragraph ends, a heading): one column, read row by row.
	var rows []string
	for i := 1; i <= 30; i++ {
		if i%6 == 0 {
			rows = append(rows, fmt.Sprintf("span%02d end.", i))
			continue
		}
		rows = append(rows, fmt.Sprintf("span%02d %s", i, strings.Repeat("words ", 14)[:83]))
	}
	got, err := extractText(t, doc(columnFonts, columnPage{span: rows}.content()))
	if err != nil {
		t.Fatal(err)
	}
	if g, want := tags(got), tags(strings.Join(rows, "\n")); !slices.Equal(g, want) {
		t.Errorf("got %v, want %v", g, want)
	}
}

func TestTeXAccentsAndLogo(t *testing.T) {
	// TeX sets \"\i as a dieresis glyph on the baseline, kerned back over a
	// dotless i; and \LaTeX as L, a raised smaller A kerned under the L's
	// arm, T, a lowered E and X, each kerned into the previous letter.
	fonts := "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /XYZ " +
		"/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [1 /dotlessi /dieresis] >>" + widths500 + " >> >>"
	content := `BT /F1 10 Tf 72 700 Td [(na\002) 500 (\001ve) -250 (text)] TJ ET ` +
		`BT /F1 10 Tf 1 0 0 1 72 680 Tm (L) Tj /F1 7 Tf 1 0 0 1 73.4 682.2 Tm (A) Tj ` +
		`/F1 10 Tf 1 0 0 1 75.4 680 Tm (T) Tj 1 0 0 1 78.73 677.85 Tm (E) Tj 1 0 0 1 82.48 680 Tm (X) Tj ` +
		`1 0 0 1 90 680 Tm (users) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "na\u00efve text\n\nLATEX users\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestColumnBaselinesOffset(t *testing.T) {
	// The right column's baselines sit 2.5 points above the left one's; a
	// subscript in the left column, lowered 2 points, stays on its line.
	var c strings.Builder
	c.WriteString("BT ")
	for i := 0; i < 12; i++ {
		y := 700 - 12*i
		if i == 5 {
			fmt.Fprintf(&c, "/F1 10 Tf 1 0 0 1 72 %d Tm (left06 the value x) Tj /F1 7 Tf 1 0 0 1 162 %d Tm (i) Tj "+
				"/F1 10 Tf 1 0 0 1 165.5 %d Tm ( is set) Tj ", y, y-2, y)
		} else {
			fmt.Fprintf(&c, "/F1 10 Tf 1 0 0 1 72 %d Tm (left%02d lorem ipsum dolor sit amet) Tj ", y, i+1)
		}
		fmt.Fprintf(&c, "/F1 10 Tf 1 0 0 1 312 %.1f Tm (right%02d lorem ipsum dolor sit amet) Tj ", float64(y)+2.5, i+1)
	}
	c.WriteString("ET")
	got, err := extractText(t, doc(columnFonts, plain(c.String())))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "\nleft06 the value xᵢ is set\nleft07 ") {
		t.Errorf("subscript cut off its line:\n%s", got)
	}
	var want []string
	for _, side := range []string{"left", "right"} {
		for i := 1; i <= 12; i++ {
			want = append(want, fmt.Sprintf("%s%02d", side, i))
		}
	}
	if g := tags(got); !slices.Equal(g, want) {
		t.Errorf("reading order\n got %v\nwant %v", g, want)
	}
}

// FuzzLayout lays out pages of glyphs placed by the fuzzer (two columns of
// rows in the seeds) and checks that every letter comes out exactly once,
// whatever the reading order.
func FuzzLayout(f *testing.F) {
	seed := func(rows, rightX, dy byte) []byte {
		var b []byte
		for i := byte(0); i < rows; i++ {
			for j := byte(0); j < 30; j++ {
				b = append(b, 'a'+j%26, 72/2+j*2, 250-i*6, 10)
				b = append(b, 'a'+(j+i)%26, rightX+j*2, 250-i*6+dy, 10)
			}
		}
		return b
	}
	f.Add(seed(20, 156, 0), 612.0)
	f.Add(seed(30, 150, 1), 612.0)
	f.Add(seed(3, 160, 3), 595.0)
	f.Add([]byte("a\x00\x00\x00b\xff\xff\xff"), 0.0)
	f.Fuzz(func(t *testing.T, data []byte, width float64) {
		p := &page{width: width, height: 792}
		want := map[rune]int{}
		for i := 0; i+3 < len(data) && len(p.glyphs) < 4096; i += 4 {
			s := string(rune('a' + data[i]%26))
			space := data[i]%31 == 30
			if space {
				s = " "
			} else {
				want[rune(s[0])]++
			}
			size := float64(data[i+3]%24) + 1
			p.glyphs = append(p.glyphs, glyph{
				x: float64(data[i+1]) * 2.4, y: float64(data[i+2]) * 3, w: size / 2, size: size, s: s, space: space,
			})
		}
		layoutPage(p)
		got := map[rune]int{}
		for _, l := range p.lines {
			for _, r := range l.text {
				if r != ' ' {
					got[r]++
				}
			}
		}
		if !maps.Equal(got, want) {
			t.Errorf("letters in %v, out %v", want, got)
		}
	})
}

func TestThreeColumnsReadColumnByColumn(t *testing.T) {
	// An index set in three columns, 160 points wide with 16-point gutters,
	// under a full-width heading: each column is read top to bottom, the
	// columns left to right (the middle column is tagged span, a name tags
	// knows).
	var c strings.Builder
	c.WriteString("BT /F1 10 Tf 1 0 0 1 72 740 Tm (Index of the commands and the environments of the class) Tj ")
	var want []string
	for k, name := range []string{"left", "span", "right"} {
		for i := 1; i <= 25; i++ {
			fmt.Fprintf(&c, "1 0 0 1 %d %d Tm (%s%02d entry name 12, 34) Tj ", 40+176*k, 710-12*i, name, i)
			want = append(want, fmt.Sprintf("%s%02d", name, i))
		}
	}
	c.WriteString("ET")
	got, err := extractText(t, doc(columnFonts, plain(c.String())))
	if err != nil {
		t.Fatal(err)
	}
	if g := tags(got); !slices.Equal(g, want) {
		t.Errorf("reading order\n got %v\nwant %v\ntext:\n%s", g, want, got)
	}
}

func TestSlideBlocksSideBySide(t *testing.T) {
	// A 363 x 272 slide with three blocks side by side under their
	// headings, as Beamer's columns set them: one of the middle block's
	// lines reaches further right than the others, into the whitespace
	// before the right block. Each block is read whole, left to right.
	var c strings.Builder
	c.WriteString("BT /F1 11 Tf ")
	blocks := []struct {
		x    float64
		rows []string
	}{
		{28, []string{"Items", "left01 Milk", "left02 Eggs", "left03 Bread"}},
		{130, []string{"Enumerations", "span01 First,", "span02 Second and", "span03 Last."}},
		{240, []string{"Descriptions", "right01 Meeh.", "right02 Yeeeha."}},
	}
	var want []string
	for _, b := range blocks {
		for i, s := range b.rows {
			fmt.Fprintf(&c, "1 0 0 1 %.1f %d Tm (%s) Tj ", b.x, 160-17*i, s)
			want = append(want, tags(s)...)
		}
	}
	c.WriteString("ET")
	data := docWith(&pdfBuilder{}, columnFonts, "", plain(c.String()))
	data = []byte(strings.Replace(string(data), "/MediaBox [0 0 612 792]", "/MediaBox [0 0 362.83 272.13]", 1))
	got, err := extractText(t, fixXref(data))
	if err != nil {
		t.Fatal(err)
	}
	if g := tags(got); !slices.Equal(g, want) {
		t.Errorf("reading order\n got %v\nwant %v\ntext:\n%s", g, want, got)
	}
}
