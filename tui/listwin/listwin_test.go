package listwin

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// shows reports whether row i is among the window's whole rows.
func shows(w Window, i int) bool { return i >= w.Top() && i < w.Top()+w.Rows() }

// check asserts the invariants every method keeps: the selection inside
// the list and on screen, the window never scrolled past the end.
func check(t *testing.T, w Window) {
	t.Helper()
	if w.Len() == 0 {
		if w.Cursor() != 0 || w.Top() != 0 {
			t.Fatalf("empty list: cursor %d top %d", w.Cursor(), w.Top())
		}
		return
	}
	if w.Cursor() < 0 || w.Cursor() >= w.Len() {
		t.Fatalf("cursor %d outside %d rows", w.Cursor(), w.Len())
	}
	if w.Rows() > 0 && !shows(w, w.Cursor()) {
		t.Fatalf("cursor %d hidden: top %d, %d rows", w.Cursor(), w.Top(), w.Rows())
	}
	if w.Top() < 0 || w.Top() > max(w.Len()-w.Rows(), 0) {
		t.Fatalf("top %d of %d rows in a window of %d", w.Top(), w.Len(), w.Rows())
	}
}

func TestMoveStopsAtTheEnds(t *testing.T) {
	w := New(10, 4)
	for _, c := range []struct{ d, cursor, top int }{
		{1, 1, 0}, {2, 3, 0}, {1, 4, 1}, {-1, 3, 1}, {-3, 0, 0}, {-1, 0, 0}, {100, 9, 6}, {1, 9, 6}, {-100, 0, 0},
	} {
		w = w.Move(c.d)
		check(t, w)
		if w.Cursor() != c.cursor || w.Top() != c.top {
			t.Fatalf("move %d: cursor %d top %d, want %d %d", c.d, w.Cursor(), w.Top(), c.cursor, c.top)
		}
	}
}

func TestPage(t *testing.T) {
	for _, c := range []struct{ lines, rowH, page int }{{10, 1, 9}, {2, 1, 1}, {1, 1, 1}, {0, 1, 1}, {10, 2, 4}, {5, 2, 1}} {
		if got := New(100, 0).SetLayout(c.lines, c.rowH).Page(); got != c.page {
			t.Errorf("%d lines of rows of %d: page %d, want %d", c.lines, c.rowH, got, c.page)
		}
	}
	// A page down keeps the row selected before in sight, at the top.
	w := New(100, 10)
	w = w.Move(w.Page()).Move(w.Page())
	if w.Cursor() != 18 || w.Top() != 9 {
		t.Errorf("two pages down: cursor %d top %d", w.Cursor(), w.Top())
	}
}

func TestSelectClampsAndScrollsLeast(t *testing.T) {
	w := New(20, 5).Select(7)
	if w.Top() != 3 {
		t.Fatalf("select 7 from the top: top %d, want 3 (7 on the last line)", w.Top())
	}
	if w = w.Select(5); w.Top() != 3 {
		t.Errorf("select 5, on screen: top %d, want 3 unchanged", w.Top())
	}
	if w = w.Select(1); w.Top() != 1 {
		t.Errorf("select 1 above: top %d, want 1", w.Top())
	}
	for _, i := range []int{-5, 25} {
		w := New(20, 5).Select(i)
		check(t, w)
		if want := min(max(i, 0), 19); w.Cursor() != want {
			t.Errorf("select %d: cursor %d, want %d", i, w.Cursor(), want)
		}
	}
}

func TestEmptyList(t *testing.T) {
	var zero Window
	for _, w := range []Window{zero, New(0, 10), New(0, 10).Move(3), New(0, 10).Select(5), New(0, 10).Reveal(0), New(0, 0).Reset()} {
		check(t, w)
		if _, ok := w.RowAt(0); ok {
			t.Error("an empty list has a row at line 0")
		}
	}
	if zero.Page() != 1 || zero.Rows() != 0 {
		t.Errorf("zero window: page %d rows %d", zero.Page(), zero.Rows())
	}
	// Emptied and filled again: the selection starts at the top.
	w := New(10, 3).Select(8).SetLen(0).SetLen(10)
	check(t, w)
	if w.Cursor() != 0 || w.Top() != 0 {
		t.Errorf("refilled: cursor %d top %d", w.Cursor(), w.Top())
	}
}

func TestSetLenKeepsTheRowNumber(t *testing.T) {
	w := New(50, 10).Select(30)
	if got := w.SetLen(40); got.Cursor() != 30 || got.Top() != w.Top() {
		t.Errorf("shorter but still holding row 30: cursor %d top %d, was top %d", got.Cursor(), got.Top(), w.Top())
	}
	got := w.SetLen(12)
	check(t, got)
	if got.Cursor() != 11 || got.Top() != 2 {
		t.Errorf("cut to 12 rows: cursor %d top %d, want 11 2", got.Cursor(), got.Top())
	}
}

func TestResizeKeepsTheSelectionVisible(t *testing.T) {
	w := New(100, 20).Select(19)
	for _, lines := range []int{5, 1, 0, 3, 40, 200} {
		w = w.SetHeight(lines)
		check(t, w)
		if w.Cursor() != 19 {
			t.Fatalf("%d lines: the resize moved the selection to %d", lines, w.Cursor())
		}
	}
	// Taller than the list: everything shows from the top.
	if w.Top() != 0 {
		t.Errorf("200 lines for 100 rows: top %d", w.Top())
	}
	// Resize in one step is not the same as length then height: fitted
	// to a 2-line window first, the list would have scrolled to 3.
	one := New(2, 2).Resize(8, 5).Select(4)
	if one.Top() != 0 {
		t.Errorf("resize then select: top %d, want 0", one.Top())
	}
}

func TestReveal(t *testing.T) {
	// Row 5 is a heading over the selected row 6.
	w := New(20, 4).Select(10).Select(6)
	if w.Top() != 6 {
		t.Fatalf("setup: top %d", w.Top())
	}
	if w = w.Reveal(5); w.Top() != 5 || w.Cursor() != 6 {
		t.Errorf("reveal the heading: top %d cursor %d", w.Top(), w.Cursor())
	}
	// No room for both: the selection wins.
	w = New(20, 1).Select(6).Reveal(5)
	if w.Top() != 6 {
		t.Errorf("one line: top %d, want the selection's 6", w.Top())
	}
	// Out of range and already shown rows change nothing.
	w = New(20, 4).Select(2)
	for _, i := range []int{-1, 20, 0, 3} {
		if got := w.Reveal(i); got != w {
			t.Errorf("reveal %d moved the window: %+v", i, got)
		}
	}
}

func TestRowAt(t *testing.T) {
	w := New(10, 4).Select(9) // rows 6-9 on screen
	for _, c := range []struct {
		y, row int
		ok     bool
	}{{0, 6, true}, {3, 9, true}, {4, 0, false}, {-1, 0, false}} {
		row, ok := w.RowAt(c.y)
		if ok != c.ok || ok && row != c.row {
			t.Errorf("line %d: row %d %v, want %d %v", c.y, row, ok, c.row, c.ok)
		}
	}
	// Fewer rows than lines: the lines below the last row hold none.
	if _, ok := New(3, 10).RowAt(5); ok {
		t.Error("a blank line below a short list holds a row")
	}
}

func TestRowsOfSeveralLines(t *testing.T) {
	// 5 lines of 2-line rows: two whole rows and the first line of a third.
	w := New(10, 0).SetLayout(5, 2)
	if w.Rows() != 2 {
		t.Fatalf("rows %d", w.Rows())
	}
	for _, c := range []struct{ y, row int }{{0, 0}, {1, 0}, {2, 1}, {3, 1}, {4, 2}} {
		if row, ok := w.RowAt(c.y); !ok || row != c.row {
			t.Errorf("line %d: row %d %v, want %d", c.y, row, ok, c.row)
		}
	}
	// The half-shown row is not counted as on screen: selecting it scrolls.
	if w = w.Select(2); w.Top() != 1 {
		t.Errorf("select the cut-off row: top %d, want 1", w.Top())
	}
}

// Random operations keep the invariants, and moving is clamped selection.
func TestRandomOperationsKeepTheInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	w := New(0, 0)
	for range 20000 {
		before := w
		switch r.IntN(8) {
		case 0:
			w = w.SetLen(r.IntN(60))
		case 1:
			w = w.SetHeight(r.IntN(30))
		case 2:
			w = w.SetLayout(r.IntN(30), 1+r.IntN(3))
		case 3:
			d := r.IntN(41) - 20
			w = w.Move(d)
			if want := min(max(before.Cursor()+d, 0), max(before.Len()-1, 0)); w.Cursor() != want {
				t.Fatalf("move %d from %d of %d: %d", d, before.Cursor(), before.Len(), w.Cursor())
			}
		case 4:
			w = w.Select(r.IntN(70) - 5)
		case 5:
			w = w.Reveal(r.IntN(70) - 5)
		case 6:
			w = w.Resize(r.IntN(60), r.IntN(30))
		case 7:
			if row, ok := w.RowAt(r.IntN(35) - 2); ok && (row < w.Top() || row >= w.Len()) {
				t.Fatalf("row at: %d outside top %d, %d rows", row, w.Top(), w.Len())
			}
		}
		check(t, w)
	}
}

func TestKeysStep(t *testing.T) {
	k := DefaultKeys()
	press := func(s string) tea.KeyPressMsg {
		switch s {
		case "up":
			return tea.KeyPressMsg{Code: tea.KeyUp}
		case "pgdown":
			return tea.KeyPressMsg{Code: tea.KeyPgDown}
		case "home":
			return tea.KeyPressMsg{Code: tea.KeyHome}
		}
		return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
	}
	for _, c := range []struct {
		key string
		d   int
		ok  bool
	}{{"up", -1, true}, {"k", -1, true}, {"j", 1, true}, {"pgdown", 7, true}, {"home", -30, true}, {"g", -30, true}, {"G", 30, true}, {"x", 0, false}} {
		d, ok := k.Step(press(c.key), 7, 30)
		if d != c.d || ok != c.ok {
			t.Errorf("%s: %d %v, want %d %v", c.key, d, ok, c.d, c.ok)
		}
	}
	// While typing, letters are text.
	for _, s := range []string{"j", "k", "g", "G", "home"} {
		if _, ok := TypingKeys().Step(press(s), 7, 30); ok {
			t.Errorf("typing: %s moves the list", s)
		}
	}
	if d, ok := TypingKeys().Step(press("up"), 7, 30); !ok || d != -1 {
		t.Errorf("typing: up gives %d %v", d, ok)
	}
	// Disabled keys neither act nor show.
	off := k.WithEnabled(false)
	if _, ok := off.Step(press("j"), 7, 30); ok {
		t.Error("a disabled key moves the list")
	}
	for _, b := range off.Bindings() {
		if b.Enabled() {
			t.Errorf("%s still enabled", b.Help().Key)
		}
	}
	for _, b := range k.Bindings() {
		if !b.Enabled() || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("default binding %v: enabled %v, help %+v", b.Keys(), b.Enabled(), b.Help())
		}
	}
}
