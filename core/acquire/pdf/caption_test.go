package pdf

import (
	"strings"
	"testing"
)

func TestTopCaptionAfterContinuedParagraph(t *testing.T) {
	// Page 1 ends mid-word; page 2 opens with a figure's 9 pt caption at
	// the top of its first column, then the paragraph goes on in 10 pt.
	page1 := "BT /F1 10 Tf 1 0 0 1 72 700 Tm (Replicated state machines are) Tj " +
		"0 -12 Td (used to solve problems in dis-) Tj ET"
	page2 := "BT /F1 9 Tf 1 0 0 1 72 700 Tm (Figure 1: Replicated state machine) Tj " +
		"0 -11 Td (architecture of the servers.) Tj " +
		"/F1 10 Tf 1 0 0 1 72 670 Tm (tributed systems, such as GFS.) Tj " +
		"0 -12 Td (They keep a log.) Tj " +
		"1 0 0 1 82 646 Tm (Keeping the log consistent is) Tj 1 0 0 1 72 634 Tm (the job of the algorithm.) Tj ET"
	got, err := extractText(t, doc(columnFonts, plain(page1), plain(page2)))
	if err != nil {
		t.Fatal(err)
	}
	want := "Replicated state machines are\nused to solve problems in distributed systems, such as GFS.\nThey keep a log.\n\n" +
		"Figure 1: Replicated state machine\narchitecture of the servers.\n\n" +
		"Keeping the log consistent is\nthe job of the algorithm.\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestTopCaptionBeforeNewParagraphStays(t *testing.T) {
	// A caption at the top of a page above a paragraph that starts there
	// stays where it is.
	page := "BT /F1 9 Tf 1 0 0 1 72 700 Tm (Table 2: Results of the runs.) Tj " +
		"/F1 10 Tf 1 0 0 1 82 680 Tm (The runs show it.) Tj 1 0 0 1 72 668 Tm (It ends here.) Tj ET"
	got, err := extractText(t, doc(columnFonts, plain(page)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, "Table 2: Results of the runs.\n\nThe runs show it.") {
		t.Errorf("caption moved:\n%q", got)
	}
}
