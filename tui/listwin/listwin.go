// Package listwin is the window every list of the terminal application
// scrolls through: the selected row, the first row on screen, how many
// rows fit, and the keys that move the selection. The findings, conflicts,
// graph, history and skills lists share it, so that moving, paging,
// keeping the selection on screen and finding the row under the mouse
// behave the same on every screen and are written once.
//
// A Window holds no rows, only their number: a component keeps its rows
// and asks the window which of them to draw and which one is selected.
package listwin

// Window is a list's selection and the part of the list on screen. The
// zero value is an empty list with no room. Every method returns a changed
// copy (components are values, copied on every update), and after every
// change the selected row is on screen whenever the window has room for a
// row.
type Window struct {
	n      int // rows in the list
	lines  int // lines the window takes on screen
	rowH   int // lines one row takes; 0 counts as 1
	cursor int // the selected row
	top    int // the first row on screen
}

// New returns the window of a list of n rows drawn in lines lines, the
// first row selected.
func New(n, lines int) Window { return Window{}.Resize(n, lines) }

// Len is the number of rows in the list.
func (w Window) Len() int { return w.n }

// Cursor is the selected row (0 when the list is empty).
func (w Window) Cursor() int { return w.cursor }

// Top is the first row on screen.
func (w Window) Top() int { return w.top }

// Rows is how many whole rows the window shows.
func (w Window) Rows() int { return w.lines / w.rowHeight() }

// Page is how far a page key moves the selection: a window's worth of
// rows less one, so that the row selected before stays in sight.
func (w Window) Page() int { return max(w.Rows()-1, 1) }

func (w Window) rowHeight() int { return max(w.rowH, 1) }

// Resize gives the window a list of n rows and lines lines on screen, in
// one step: when both change, fitting the window to one before the other
// could leave it scrolled where neither alone would.
func (w Window) Resize(n, lines int) Window {
	w.n, w.lines = max(n, 0), max(lines, 0)
	return w.fit()
}

// SetLen changes the number of rows, as when a list is reloaded or
// filtered; the selection stays on the same row number where it still
// exists, on the last row otherwise.
func (w Window) SetLen(n int) Window { return w.Resize(n, w.lines) }

// SetHeight changes the lines the window has on screen.
func (w Window) SetHeight(lines int) Window { return w.Resize(w.n, lines) }

// SetLayout sets the lines the window has on screen and how many lines
// each row takes (1 unless set), in one step, for lists whose rows span
// several lines and whose row height follows the room there is.
func (w Window) SetLayout(lines, rowH int) Window {
	w.lines, w.rowH = max(lines, 0), max(rowH, 1)
	return w.fit()
}

// Select selects row i, clamped to the list, scrolling as little as
// needed to show it.
func (w Window) Select(i int) Window {
	w.cursor = i
	return w.fit()
}

// Move moves the selection by d rows, stopping at either end.
func (w Window) Move(d int) Window { return w.Select(w.cursor + d) }

// Reset selects the first row and scrolls to the top.
func (w Window) Reset() Window {
	w.cursor, w.top = 0, 0
	return w.fit()
}

// Reveal scrolls as little as needed to show row i as well as the
// selection (a heading above the selected row, say). Where both do not
// fit, the selection wins.
func (w Window) Reveal(i int) Window {
	rows := w.Rows()
	if i < 0 || i >= w.n || rows <= 0 {
		return w
	}
	if i < w.top {
		w.top = i
	}
	if i >= w.top+rows {
		w.top = i - rows + 1
	}
	return w.fit()
}

// RowAt returns the row drawn at line y of the window (0 is its first
// line), and false when y is outside the window or past the last row. A
// row cut off at the bottom of the window still counts: it is partly on
// screen.
func (w Window) RowAt(y int) (int, bool) {
	if y < 0 || y >= w.lines {
		return 0, false
	}
	i := w.top + y/w.rowHeight()
	if i >= w.n {
		return 0, false
	}
	return i, true
}

// fit clamps the selection to the list and scrolls as little as needed to
// show it, never past the end of the list: a window is never left with
// blank rows below the last when rows above it are hidden.
func (w Window) fit() Window {
	w.cursor = min(max(w.cursor, 0), max(w.n-1, 0))
	rows := w.Rows()
	if w.n == 0 || rows <= 0 {
		w.top = 0
		return w
	}
	if w.cursor < w.top {
		w.top = w.cursor
	}
	if w.cursor >= w.top+rows {
		w.top = w.cursor - rows + 1
	}
	w.top = min(max(w.top, 0), max(w.n-rows, 0))
	return w
}
