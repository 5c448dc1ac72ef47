package diffview

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/styles"
)

var (
	keyUp   = tea.KeyPressMsg{Code: tea.KeyUp}
	keyDown = tea.KeyPressMsg{Code: tea.KeyDown}
	keyEsc  = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyPgDn = tea.KeyPressMsg{Code: tea.KeyPgDown}
	keyPgUp = tea.KeyPressMsg{Code: tea.KeyPgUp}
)

func newModel(cs []core.Conflict, w, h int) Model {
	return New(styles.New(true)).SetSize(w, h).WithConflicts(cs)
}

// noControl fails when text outside escape sequences holds a control
// character other than the line feed.
func noControl(t *testing.T, v string) {
	t.Helper()
	for i, r := range ansi.Strip(v) {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			t.Fatalf("control character %U at %d in %q", r, i, ansi.Strip(v))
		}
	}
}

func resolveOf(t *testing.T, cmd tea.Cmd) ResolveMsg {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command")
	}
	msg, ok := cmd().(ResolveMsg)
	if !ok {
		t.Fatalf("command produced %T, want ResolveMsg", cmd())
	}
	return msg
}

func selectedID(m Model) string {
	c, _ := m.Selected()
	return c.ID
}

// sidesText joins what each side shows of a diff.
func sidesText(ops []op) (a, b string) {
	var sa, sb strings.Builder
	for _, o := range ops {
		if o.kind != opInsert {
			sa.WriteString(o.text)
		}
		if o.kind != opDelete {
			sb.WriteString(o.text)
		}
	}
	return sa.String(), sb.String()
}

func TestWordDiff(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       []op
	}{
		{"identical", "a map that is bilinear", "a map that is bilinear", []op{{opSame, "a map that is bilinear"}}},
		{"one word", "a bilinear map", "a linear map", []op{{opSame, "a "}, {opDelete, "bilinear"}, {opInsert, "linear"}, {opSame, " map"}}},
		{"added word", "symmetric map", "symmetric bilinear map", []op{{opSame, "symmetric "}, {opInsert, "bilinear "}, {opSame, "map"}}},
		{"removed word", "symmetric bilinear map", "symmetric map", []op{{opSame, "symmetric "}, {opDelete, "bilinear "}, {opSame, "map"}}},
		{"punctuation apart", "bilinear, symmetric", "bilinear; symmetric", []op{{opSame, "bilinear"}, {opDelete, ","}, {opInsert, ";"}, {opSame, " symmetric"}}},
		{"spacing ignored", "a  map\tthat\r\nis", "a map that is", []op{{opSame, "a map that is"}}},
		{"empty left", "", "new words", []op{{opInsert, "new words"}}},
		{"empty right", "old words", "  ", []op{{opDelete, "old words"}}},
		{"both empty", "", "", nil},
		{"whole words only", "positive", "positively", []op{{opDelete, "positive"}, {opInsert, "positively"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wordDiff(tt.a, tt.b, false)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("wordDiff(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

// TestWordDiffReconstructs checks that each side of a diff spells out its
// own text, normalized, on realistic and awkward input.
func TestWordDiffReconstructs(t *testing.T) {
	pairs := [][2]string{
		{innerProduct().FormalStatement, dotProduct().FormalStatement},
		{longLines().Existing.FormalStatement, longLines().Candidate.FormalStatement},
		{"x\x1b[31mred\x1b[0m y", "x red y"},
		{"αβγ δ\u202eε", "αβγ ζ"},
		{"bad \xff byte", "bad byte"},
	}
	for _, p := range pairs {
		a, b := sidesText(wordDiff(p[0], p[1], false))
		if wa := strings.Join(tokenize(p[0], false), ""); a != wa {
			t.Errorf("left = %q, want %q", a, wa)
		}
		if wb := strings.Join(tokenize(p[1], false), ""); b != wb {
			t.Errorf("right = %q, want %q", b, wb)
		}
	}
}

func TestWordDiffCode(t *testing.T) {
	a := "def f(x):\n\treturn x"
	b := "def f(x):\n    return x + 1"
	got := wordDiff(a, b, true)
	want := []op{{opSame, "def f(x):\n    return x"}, {opInsert, " + 1"}}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestTokenRunesSkipSurrogates(t *testing.T) {
	for _, i := range []int{0, 1, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 100000} {
		r := tokenRune(i)
		if r >= 0xD800 && r <= 0xDFFF {
			t.Errorf("token %d maps into the surrogates: %U", i, r)
		}
		if runeToken(r) != i {
			t.Errorf("token %d round-trips to %d", i, runeToken(r))
		}
		if []rune(string(r))[0] != r {
			t.Errorf("token %d does not survive a string: %U", i, r)
		}
	}
}

func TestWordDiffHugeInput(t *testing.T) {
	var a, b strings.Builder
	for i := range maxDiffTokens {
		fmt.Fprintf(&a, "w%d ", i)
		fmt.Fprintf(&b, "v%d ", i)
	}
	got := wordDiff(a.String(), b.String(), false)
	if len(got) != 2 || got[0].kind != opDelete || got[1].kind != opInsert {
		t.Fatalf("huge input: got %d ops", len(got))
	}
}

func TestSetDiff(t *testing.T) {
	a := []string{"inner product", "Bilinear", "symmetric", "", "positive  definite", "bilinear"}
	b := []string{"dot product", "sum", "Symmetric", "positive definite", "  "}
	onlyA, onlyB, both := setDiff(a, b)
	if want := []string{"inner product", "Bilinear"}; !slices.Equal(onlyA, want) {
		t.Errorf("only existing = %q, want %q", onlyA, want)
	}
	if want := []string{"dot product", "sum"}; !slices.Equal(onlyB, want) {
		t.Errorf("only candidate = %q, want %q", onlyB, want)
	}
	if want := []string{"symmetric", "positive definite"}; !slices.Equal(both, want) {
		t.Errorf("both = %q, want %q", both, want)
	}
	p := newPainter(styles.New(false))
	got := ansi.Strip(strings.Join(p.block(labelled("keywords", setLine(a, b)), 200), "\n"))
	if want := "keywords  −inner product  −Bilinear  +dot product  +sum  =symmetric  =positive definite"; strings.TrimRight(got, " ") != want {
		t.Errorf("set line = %q, want %q", got, want)
	}
	if got := ansi.Strip(p.draw(setLine(nil, []string{" "}))); got != noneText {
		t.Errorf("empty set line = %q", got)
	}
}

func TestWrapNeverOverflows(t *testing.T) {
	p := newPainter(styles.New(true))
	segs := []seg{
		{text: "short words then "},
		{text: longToken, k: kIns},
		{text: " and wide 漢字漢字漢字 text ", k: kDel},
		{text: "⟨", k: kSame}, {text: "u+v", k: kDel}, {text: ",", k: kSame},
		{text: "keyword with spaces", atom: true},
	}
	for w := 1; w <= 40; w++ {
		for _, l := range p.block(segs, w) {
			if got := ansi.StringWidth(l); got != w {
				t.Fatalf("w=%d: line %q is %d wide", w, ansi.Strip(l), got)
			}
		}
	}
	// A word split across styled runs stays whole when it fits.
	got := wrap([]seg{{text: "aaaa ", k: kSame}, {text: "⟨", k: kSame}, {text: "u+v", k: kDel}, {text: "⟩", k: kSame}}, 7)
	if len(got) != 2 || len(got[1]) != 3 {
		t.Fatalf("glued word broken: %v", got)
	}
}

func TestRenderShowsBothSides(t *testing.T) {
	st := styles.New(false)
	v := ansi.Strip(Render(overlapping(), st, 120, 40, Options{}))
	for _, s := range []string{
		"EXISTING  Inner product (definition)", "CANDIDATE  Dot product (definition)", "│",
		"prerequisites  Vector space, Field", "prerequisites  Vector space, Real numbers",
		"−bilinear", "+sum", "=symmetric", "=measure the angle between vectors",
		"plane  (-0.30, +0.50)", "plane  (-0.25, +0.40)", "domain  structure",
		"overlapping-distinct", "statement 0.31", "keywords 0.40", "form 0.18", "patterns 0.33",
		"by a coordinate sum",
	} {
		if !strings.Contains(v, s) {
			t.Errorf("split view lacks %q:\n%s", s, v)
		}
	}
	// Existing on the left, candidate on the right.
	for _, l := range strings.Split(v, "\n") {
		if i := strings.Index(l, "EXISTING"); i >= 0 && strings.Index(l, "CANDIDATE") < i {
			t.Errorf("candidate left of existing: %q", l)
		}
	}

	u := ansi.Strip(Render(overlapping(), st, 120, 40, Options{Unified: true}))
	for _, s := range []string{"EXISTING   Inner product", "CANDIDATE  Dot product", "prerequisites  −Field  +Real numbers  =Vector space", "plane  −(-0.30, +0.50)  +(-0.25, +0.40)"} {
		if !strings.Contains(u, s) {
			t.Errorf("unified view lacks %q:\n%s", s, u)
		}
	}
	if strings.Contains(u, "│") {
		t.Errorf("unified view has a column separator:\n%s", u)
	}
	// Too narrow for two columns: unified whatever the option.
	if n := ansi.Strip(Render(overlapping(), st, MinSplitWidth-1, 40, Options{})); strings.Contains(n, "│") {
		t.Errorf("narrow view is split:\n%s", n)
	}
}

// TestRenderStyles checks that the word diff is styled: deletions only on
// the left, insertions only on the right.
func TestRenderStyles(t *testing.T) {
	st := styles.New(true)
	// The style in force where a word starts, taken from lipgloss's own
	// rendering of one letter, so that the check does not depend on the
	// painter under test.
	pre := func(s lipgloss.Style) string { r := s.Render("x"); return r[:strings.Index(r, "x")] }
	styledAs := func(v, word string, s lipgloss.Style) bool {
		i := strings.Index(v, word)
		j := strings.LastIndex(v[:max(i, 0)], "\x1b[")
		return i >= 0 && j >= 0 && strings.HasPrefix(v[j:], pre(s))
	}
	v := Render(overlapping(), st, 160, 40, Options{})
	for _, l := range strings.Split(v, "\n") {
		left, right, ok := strings.Cut(l, "│")
		if !ok {
			continue
		}
		if strings.Contains(right, "bilinear") || strings.Contains(left, "Σ") {
			t.Errorf("word on the wrong side: %q", ansi.Strip(l))
		}
	}
	if !styledAs(v, "bilinear", st.Diff.Delete) || !styledAs(v, "Σ", st.Diff.Insert) || !styledAs(v, "positive definite:", st.Diff.Same) {
		t.Errorf("diff styles missing")
	}
}

func TestHostileText(t *testing.T) {
	c := overlapping()
	c.Existing.Name = "Inner\x1b[2J product\t\r"
	c.Existing.FormalStatement = "A map\x1b]8;;http://x\x07 that\r\nis\tbilinear\u202e."
	c.Candidate.ComputationalForm = "dot(x,\ty)\r\n\treturn\x00 0\x7f"
	c.Candidate.Keywords = []string{"sum\x1b[0m", "\t"}
	c.Comparison.Rationale = "because\x1b[1A\r\n of \x9b stuff"
	c.Session = "s\x1b[31m"
	for _, unified := range []bool{false, true} {
		for _, w := range []int{10, 60, 100} {
			v := Render(c, styles.New(true), w, 40, Options{Unified: unified})
			tuitest.CheckSize(t, v, w, 40)
			noControl(t, v)
		}
	}
	m := newModel([]core.Conflict{c}, 80, 30)
	noControl(t, m.View())
	m = m.SetError("engine: \x1b[31mfailed\r\n")
	noControl(t, m.View())
	m, _ = m.Update(tuitest.Press('c'))
	noControl(t, m.View())
}

func TestEmptyFieldsNoPanic(t *testing.T) {
	for _, c := range []core.Conflict{{}, {ID: "x", State: core.ConflictPending}} {
		for _, w := range []int{1, 5, 39, 40, 100} {
			for _, unified := range []bool{false, true} {
				v := Render(c, styles.New(false), w, 20, Options{Unified: unified, Scroll: 1000})
				tuitest.CheckSize(t, v, w, 20)
			}
		}
		m := newModel([]core.Conflict{c}, 80, 20)
		tuitest.CheckSize(t, m.View(), 80, 20)
		if s := ansi.Strip(m.View()); !strings.Contains(s, "(unnamed)") || !strings.Contains(s, noneText) {
			t.Errorf("empty conflict view:\n%s", s)
		}
	}
}

func TestKeepExistingAndBothImmediate(t *testing.T) {
	for _, tt := range []struct {
		key  rune
		want string
	}{{'e', "keep-existing"}, {'b', "keep-both"}} {
		m := newModel(many(3), 100, 30)
		m, _ = m.Update(keyDown)
		m, cmd := m.Update(tuitest.Press(tt.key))
		if got := resolveOf(t, cmd); got != (ResolveMsg{ID: "c-0001", Choice: tt.want}) {
			t.Errorf("%c: got %+v", tt.key, got)
		}
		if m.Confirming() {
			t.Errorf("%c asked for confirmation", tt.key)
		}
		if got := string(core.Resolution(tt.want)); !core.Resolution(got).Valid() {
			t.Errorf("%q is not a core resolution", got)
		}
		// A second press while the root applies the first must not resolve
		// twice.
		if _, cmd := m.Update(tuitest.Press(tt.key)); cmd != nil {
			t.Errorf("%c: second press resolved again", tt.key)
		}
		if !strings.Contains(ansi.Strip(m.View()), "resolving") {
			t.Errorf("no resolving status")
		}
		// A failed resolution can be retried, and says why.
		m = m.SetError("store is read-only")
		if !strings.Contains(ansi.Strip(m.View()), "store is read-only") {
			t.Errorf("error not shown:\n%s", ansi.Strip(m.View()))
		}
		if _, cmd := m.Update(tuitest.Press(tt.key)); cmd == nil {
			t.Errorf("%c: retry after an error did nothing", tt.key)
		}
	}
}

func TestKeepCandidateConfirmation(t *testing.T) {
	m := newModel(many(3), 100, 30)
	m, _ = m.Update(keyDown)
	m, cmd := m.Update(tuitest.Press('c'))
	if cmd != nil || !m.Confirming() {
		t.Fatalf("c: cmd=%v confirming=%v, want a question and no command", cmd != nil, m.Confirming())
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, `Keep the candidate "Dot product 1"? It replaces "Inner product".`) || !strings.Contains(v, "y confirm") {
		t.Fatalf("question not shown:\n%s", v)
	}
	// Other keys neither decide nor move while the question is open.
	for _, k := range []tea.KeyPressMsg{tuitest.Press('e'), tuitest.Press('b'), tuitest.Press('c'), keyDown, tuitest.Press('p'), tuitest.Press('u'), tuitest.Press('x')} {
		var cmd tea.Cmd
		m, cmd = m.Update(k)
		if cmd != nil || !m.Confirming() || selectedID(m) != "c-0001" || m.Unified() {
			t.Fatalf("%s during confirmation: cmd=%v confirming=%v selected=%s", k, cmd != nil, m.Confirming(), selectedID(m))
		}
	}
	if c, _ := m.Click(5, 0); !c.Confirming() || selectedID(c) != "c-0001" {
		t.Fatalf("click during confirmation changed the selection")
	}
	// n cancels (and does not move on), esc cancels.
	m, cmd = m.Update(tuitest.Press('n'))
	if cmd != nil || m.Confirming() || selectedID(m) != "c-0001" {
		t.Fatalf("n: cmd=%v confirming=%v selected=%s", cmd != nil, m.Confirming(), selectedID(m))
	}
	m, _ = m.Update(tuitest.Press('c'))
	m, cmd = m.Update(keyEsc)
	if cmd != nil || m.Confirming() {
		t.Fatalf("esc did not cancel")
	}
	// y confirms.
	m, _ = m.Update(tuitest.Press('c'))
	m, cmd = m.Update(tuitest.Press('y'))
	if got := resolveOf(t, cmd); got != (ResolveMsg{ID: "c-0001", Choice: "keep-candidate"}) {
		t.Fatalf("y: got %+v", got)
	}
	if m.Confirming() {
		t.Fatalf("still confirming after y")
	}
	// The root applies it and shows the rest: the next one is selected.
	rest := slices.Delete(many(3), 1, 2)
	m = m.WithConflicts(rest)
	if selectedID(m) != "c-0002" || m.Confirming() {
		t.Fatalf("after resolution: selected %s", selectedID(m))
	}
}

func TestConfirmationDroppedWhenConflictGoes(t *testing.T) {
	m := newModel(many(3), 100, 30)
	m, _ = m.Update(tuitest.Press('c'))
	m = m.WithConflicts(many(3)[1:])
	if m.Confirming() {
		t.Fatal("confirmation survived the removal of its conflict")
	}
	m, _ = m.Update(tuitest.Press('c'))
	m = m.WithConflicts(slices.Concat(many(5)[3:], many(3)[1:]))
	if !m.Confirming() || selectedID(m) != "c-0001" {
		t.Fatalf("confirmation lost while its conflict stayed: %v %s", m.Confirming(), selectedID(m))
	}
}

func TestNavigation(t *testing.T) {
	m := newModel(many(7), 100, 30)
	steps := []struct {
		key  tea.KeyPressMsg
		want string
	}{
		{tuitest.Press('j'), "c-0001"}, {keyDown, "c-0002"}, {tuitest.Press('k'), "c-0001"}, {keyUp, "c-0000"}, {keyUp, "c-0000"},
		{tuitest.Press('j'), "c-0001"}, {tuitest.Press('j'), "c-0002"}, {tuitest.Press('j'), "c-0003"}, {tuitest.Press('j'), "c-0004"},
		{tuitest.Press('j'), "c-0005"}, {tuitest.Press('j'), "c-0006"}, {tuitest.Press('j'), "c-0006"},
	}
	for i, s := range steps {
		m, _ = m.Update(s.key)
		if got := selectedID(m); got != s.want {
			t.Fatalf("step %d (%s): selected %s, want %s", i, s.key, got, s.want)
		}
		var n int
		fmt.Sscanf(s.want, "c-%d", &n)
		if v := ansi.Strip(m.View()); !strings.Contains(v, fmt.Sprintf("▸ %d of 7", n+1)) {
			// The list scrolls so the selected row stays visible.
			t.Fatalf("step %d: selected row not visible:\n%s", i, v)
		}
	}
	if !strings.Contains(ansi.Strip(m.View()), "▸ 7 of 7 · Dot product 6 vs Inner product") {
		t.Fatalf("last row:\n%s", ansi.Strip(m.View()))
	}
	// Click on the first visible list row; clicks elsewhere do nothing.
	top := m.list.Top()
	m, _ = m.Click(3, 0)
	if got, want := selectedID(m), fmt.Sprintf("c-%04d", top); got != want {
		t.Fatalf("click: selected %s, want %s", got, want)
	}
	for _, p := range [][2]int{{3, 20}, {-1, 0}, {100, 0}, {3, -1}} {
		if c, _ := m.Click(p[0], p[1]); selectedID(c) != selectedID(m) {
			t.Errorf("click at %v changed the selection to %s", p, selectedID(c))
		}
	}
}

func TestScrollAndUnified(t *testing.T) {
	m := newModel([]core.Conflict{longLines()}, 60, 20)
	if m.maxScroll() == 0 {
		t.Fatal("long conflict fits in 20 rows; the test needs it to scroll")
	}
	first := m.View()
	m, _ = m.Update(tuitest.Press('J'))
	if m.scroll != 1 || m.View() == first {
		t.Fatalf("J did not scroll: %d", m.scroll)
	}
	if !strings.Contains(ansi.Strip(m.View()), "lines 2–") {
		t.Errorf("no scroll position:\n%s", ansi.Strip(m.View()))
	}
	m, _ = m.Update(tuitest.Press('K'))
	m, _ = m.Update(tuitest.Press('K'))
	if m.scroll != 0 {
		t.Fatalf("K past the top: %d", m.scroll)
	}
	for range 100 {
		m, _ = m.Update(keyPgDn)
	}
	if m.scroll != m.maxScroll() {
		t.Fatalf("pgdown past the end: %d of %d", m.scroll, m.maxScroll())
	}
	tuitest.CheckSize(t, m.View(), 60, 20)
	m, _ = m.Update(keyPgUp)
	if m.scroll >= m.maxScroll() {
		t.Fatalf("pgup did nothing")
	}
	m, _ = m.Scroll(-1000)
	if m.scroll != 0 {
		t.Fatalf("Scroll(-1000) = %d", m.scroll)
	}
	m, _ = m.Update(tuitest.Press('u'))
	if !m.Unified() || strings.Contains(ansi.Strip(m.View()), "│") {
		t.Fatalf("u did not switch to unified:\n%s", ansi.Strip(m.View()))
	}
	m, _ = m.Update(tuitest.Press('u'))
	if m.Unified() || !strings.Contains(ansi.Strip(m.View()), "│") {
		t.Fatalf("u did not switch back")
	}
	// Selecting another conflict starts its view at the top.
	m = m.WithConflicts(append([]core.Conflict{longLines()}, overlapping()))
	m, _ = m.Scroll(3)
	m, _ = m.Update(keyDown)
	if m.scroll != 0 {
		t.Fatalf("scroll kept across selections: %d", m.scroll)
	}
}

func TestSelectionKeptByID(t *testing.T) {
	cs := many(6)
	m := newModel(cs, 100, 30)
	m, _ = m.Update(keyDown)
	m, _ = m.Update(keyDown) // c-0002
	m, _ = m.Scroll(2)

	// Reordered and grown: the same conflict stays selected, scrolled.
	re := slices.Clone(cs)
	slices.Reverse(re)
	re = append([]core.Conflict{many(8)[7]}, re...)
	m = m.WithConflicts(re)
	if selectedID(m) != "c-0002" {
		t.Fatalf("reordered: selected %s", selectedID(m))
	}
	// The selected one resolved: the one now at its position.
	idx := slices.IndexFunc(re, func(c core.Conflict) bool { return c.ID == "c-0002" })
	gone := slices.Delete(slices.Clone(re), idx, idx+1)
	m = m.WithConflicts(gone)
	if selectedID(m) != gone[idx].ID {
		t.Fatalf("after removal: selected %s, want %s", selectedID(m), gone[idx].ID)
	}
	// Resolved ones are not listed.
	marked := slices.Clone(gone)
	marked[0].State = core.ConflictResolved
	m = m.WithConflicts(marked)
	if strings.Contains(ansi.Strip(m.View()), "Dot product 7 vs") {
		t.Fatalf("resolved conflict listed")
	}
	// The last one removed: the new last is selected.
	m, _ = m.Update(tuitest.Press('j'))
	for range 10 {
		m, _ = m.Update(tuitest.Press('j'))
	}
	last := len(marked) - 2
	m = m.WithConflicts(marked[1 : len(marked)-1])
	if selectedID(m) != marked[last].ID {
		t.Fatalf("after removing the last: selected %s, want %s", selectedID(m), marked[last].ID)
	}
	// The caller's slice is not shared.
	src := many(2)
	m = m.WithConflicts(src)
	src[0].ID = "changed"
	if selectedID(m) == "changed" || m.cs[0].ID == "changed" {
		t.Fatalf("model shares the caller's slice")
	}
}

func TestEmptyState(t *testing.T) {
	m := newModel(nil, 80, 10)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "No pending conflicts.") || !strings.Contains(v, "Learning a source creates one") {
		t.Fatalf("empty state:\n%s", v)
	}
	if _, ok := m.Selected(); ok {
		t.Fatal("selection in the empty state")
	}
	for _, k := range []tea.KeyPressMsg{tuitest.Press('e'), tuitest.Press('c'), tuitest.Press('b'), tuitest.Press('y'), keyDown, keyUp, tuitest.Press('u'), tuitest.Press('J'), keyPgDn} {
		var cmd tea.Cmd
		m, cmd = m.Update(k)
		if cmd != nil || m.Confirming() {
			t.Fatalf("%s in the empty state: cmd=%v confirming=%v", k, cmd != nil, m.Confirming())
		}
		tuitest.CheckSize(t, m.View(), 80, 10)
	}
	m, _ = m.Click(1, 1)
	m, _ = m.Scroll(5)
	tuitest.CheckSize(t, m.View(), 80, 10)
	// Emptied after having conflicts.
	m = m.WithConflicts(many(2)).WithConflicts(nil)
	if !strings.Contains(ansi.Strip(m.View()), "No pending conflicts.") {
		t.Fatalf("emptied:\n%s", ansi.Strip(m.View()))
	}
	if m, _ = m.Update(tea.WindowSizeMsg{Width: 1, Height: 1}); m.w != 80 {
		t.Fatal("Update handled a non-key message")
	}
}

func TestExactSize(t *testing.T) {
	sets := map[string][]core.Conflict{
		"empty": nil, "one": {overlapping()}, "long": {longLines(), disjoint(), identical()},
		"blank": {{}}, "many": many(30),
	}
	widths := []int{0, 1, 2, 3, 5, 10, 20, 39, 40, 41, 60, 61, 100, 160, 233}
	heights := []int{0, 1, 2, 3, 4, 5, 8, 11, 12, 13, 30, 50}
	for name, cs := range sets {
		for _, w := range widths {
			for _, h := range heights {
				m := New(styles.New(w%2 == 0)).SetSize(w, h).WithConflicts(cs)
				tuitest.CheckSize(t, m.View(), w, h)
				m, _ = m.Update(tuitest.Press('j'))
				m, _ = m.Scroll(7)
				tuitest.CheckSize(t, m.View(), w, h)
				m, _ = m.Update(tuitest.Press('u'))
				tuitest.CheckSize(t, m.View(), w, h)
				m, _ = m.Update(tuitest.Press('c'))
				tuitest.CheckSize(t, m.View(), w, h)
				m = m.SetError(strings.Repeat("failed ", 30))
				tuitest.CheckSize(t, m.View(), w, h)
				// Resized after scrolling: the scroll is clamped.
				m = m.SetSize(h, w)
				tuitest.CheckSize(t, m.View(), h, w)
				if t.Failed() {
					t.Fatalf("%s %dx%d", name, w, h)
				}
			}
		}
	}
	for _, w := range widths {
		for _, h := range heights {
			tuitest.CheckSize(t, Render(longLines(), styles.New(true), w, h, Options{Scroll: 5}), w, h)
			tuitest.CheckSize(t, Render(overlapping(), styles.New(false), w, h, Options{Unified: true, Scroll: -3}), w, h)
		}
	}
}

func TestStylesSwitch(t *testing.T) {
	m := newModel([]core.Conflict{overlapping()}, 100, 30)
	dark := m.View()
	light := m.SetStyles(styles.New(false)).View()
	if dark == light {
		t.Fatal("light and dark views are the same")
	}
	if ansi.Strip(dark) != ansi.Strip(light) {
		t.Fatal("styles changed the text")
	}
}

func TestKeyMapHelp(t *testing.T) {
	k := New(styles.New(true)).KeyMap()
	if len(k.ShortHelp()) == 0 {
		t.Fatal("no short help")
	}
	seen := map[string]bool{}
	for _, g := range k.FullHelp() {
		for _, b := range g {
			if b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("binding %v has no help", b.Keys())
			}
			seen[b.Help().Desc] = true
		}
	}
	for _, d := range []string{"next", "previous", "keep existing", "keep candidate (replaces)", "keep both", "unified/split", "confirm", "cancel"} {
		if !seen[d] {
			t.Errorf("full help lacks %q", d)
		}
	}
	// A replaced key map is what Update matches.
	k = DefaultKeyMap()
	k.KeepBoth.SetKeys("B")
	m := newModel(many(2), 100, 30).WithKeyMap(k)
	if _, cmd := m.Update(tuitest.Press('b')); cmd != nil {
		t.Error("old binding still active")
	}
	if _, cmd := m.Update(tuitest.Press('B')); cmd == nil {
		t.Error("new binding inactive")
	}
}

// TestGoldenDiff sweeps the pure renderer over cases × layouts × widths ×
// themes. The height is the content's plus one blank row, so the files show
// all of it and the padding.
func TestGoldenDiff(t *testing.T) {
	cases := []struct {
		name string
		c    core.Conflict
	}{
		{"identical", identical()}, {"disjoint", disjoint()}, {"overlapping", overlapping()}, {"long", longLines()},
	}
	for _, tc := range cases {
		for _, layout := range []string{"split", "unified"} {
			for _, w := range []int{60, 100, 160} {
				for _, theme := range []string{"light", "dark"} {
					t.Run(fmt.Sprintf("%s/%s/%d/%s", tc.name, layout, w, theme), func(t *testing.T) {
						st := styles.New(theme == "dark")
						unified := layout == "unified"
						h := len(Lines(tc.c, st, w, unified)) + 1
						v := Render(tc.c, st, w, h, Options{Unified: unified})
						tuitest.CheckSize(t, v, w, h)
						golden.RequireEqual(t, []byte(v))
					})
				}
			}
		}
	}
}

// TestGoldenScreen is the whole screen, in the smallest terminal and on a
// laptop: the list scrolled to the fourth of seven conflicts, and the
// keep-candidate question open.
func TestGoldenScreen(t *testing.T) {
	cs := append(many(3), overlapping(), disjoint(), identical(), longLines())
	for _, size := range []tuitest.Size{{W: tuitest.Smallest.W, H: tuitest.Smallest.H - tuitest.RootChrome}, {W: 100, H: 32}} {
		for _, theme := range []string{"light", "dark"} {
			t.Run(fmt.Sprintf("%d/%s", size.W, theme), func(t *testing.T) {
				m := New(styles.New(theme == "dark")).SetSize(size.W, size.H).WithConflicts(cs)
				for range 3 {
					m, _ = m.Update(tuitest.Press('j'))
				}
				m, _ = m.Update(tuitest.Press('c'))
				v := m.View()
				tuitest.CheckSize(t, v, size.W, size.H)
				golden.RequireEqual(t, []byte(v))
			})
		}
	}
}

func BenchmarkView(b *testing.B) {
	m := newModel(append(many(999), overlapping()), 160, 50)
	m, _ = m.Update(tuitest.Press('j'))
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkRender is the pure renderer, word diff included.
func BenchmarkRender(b *testing.B) {
	st := styles.New(true)
	c := overlapping()
	b.ReportAllocs()
	for b.Loop() {
		_ = Render(c, st, 160, 50, Options{})
	}
}

func BenchmarkNext1000(b *testing.B) {
	m := newModel(many(1000), 160, 50)
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(tuitest.Press('j'))
		if m.list.Cursor() == len(m.cs)-1 {
			m = m.move(-len(m.cs))
		}
	}
}

// The unified view (u) puts the two statements on lines of their own,
// the existing one marked − and the candidate's marked +, so that they
// read apart without colour: with every style taken off the screen, no
// line runs one statement into the other, and each version's wrapped
// lines stay under its own marker.
func TestUnifiedViewTellsTheVersionsApartWithoutColour(t *testing.T) {
	m := newModel([]core.Conflict{disjoint(), overlapping()}, 100, 40)
	m, _ = m.Update(tuitest.Press('u'))
	if !m.Unified() {
		t.Fatal("u did not switch to unified")
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	find := func(s string) int {
		for i, l := range lines {
			if strings.Contains(l, s) {
				return i
			}
		}
		t.Fatalf("the unified view lacks %q:\n%s", s, strings.Join(lines, "\n"))
		return -1
	}
	ex := find("statement  − Every bounded monotone sequence of real numbers converges")
	ca := find("+ A map φ: G→H with φ(ab) = φ(a)φ(b) preserves identities and inverses.")
	if ca != ex+1 {
		t.Errorf("the candidate's statement is on line %d, the existing one's on %d; want it right below", ca, ex)
	}
	if strings.Contains(lines[ex], "A map") || strings.Contains(lines[ca], "converges") {
		t.Errorf("one line holds both statements:\n%s\n%s", lines[ex], lines[ca])
	}
	find("form  − limit(seq) exists if bounded(seq) and monotone(seq)")
	find("      + (none)")

	// A longer pair wraps, each version under its own marker: the line
	// after the − line is its continuation, indented past the marker.
	m, _ = m.Update(keyDown)
	lines = strings.Split(ansi.Strip(m.View()), "\n")
	ex = find("statement  − An inner product on a real vector space V is a map")
	ca = find("           + The dot product on Rⁿ is the map")
	if ca <= ex+1 || !strings.HasPrefix(lines[ex+1], strings.Repeat(" ", ansi.StringWidth("statement  − "))) {
		t.Errorf("the existing statement does not wrap under its own start:\n%s", strings.Join(lines[ex:ca+1], "\n"))
	}
	for _, l := range lines[ex+1 : ca] {
		if strings.Contains(l, "dot product") || strings.Contains(l, "+ ") {
			t.Errorf("the existing statement's lines hold the candidate's words: %q", l)
		}
	}
}

// A statement's math is shown as the Review and Graph screens show it,
// v₁ → v₂, not as its LaTeX (issue 79, point 11), on both sides of the
// split view and in the unified one, the words only one side has still
// marked.
func TestStatementsShowTheirMathReadable(t *testing.T) {
	ex, ca := innerProduct(), dotProduct()
	ex.Name, ca.Name = "Path", "Walk"
	ex.FormalStatement = `Let $p = v_1 \to v_2 \to \dots \to v_k$ be a path with $k \geq 2$ distinct vertices.`
	ca.FormalStatement = `Let $p = v_1 \to v_2 \to \dots \to v_k$ be a walk of $k \geq 2$ vertices.`
	c := conflictOf("c-math", ex, ca, core.Comparison{Class: core.OverlappingDistinct, Confidence: 0.7})
	st := styles.New(true)
	for _, o := range []Options{{}, {Unified: true}} {
		v := ansi.Strip(Render(c, st, 140, 40, o))
		for _, raw := range []string{`\to`, `v_1`, `$`, `\geq`} {
			if strings.Contains(v, raw) {
				t.Errorf("unified %v: the view shows %q of the LaTeX:\n%s", o.Unified, raw, v)
			}
		}
		for _, s := range []string{"v₁ → v₂", "k ≥ 2"} {
			if !strings.Contains(v, s) {
				t.Errorf("unified %v: the view lacks %q:\n%s", o.Unified, s, v)
			}
		}
	}
	// The words only one side has are styled as such: the diff is of
	// the statements as shown.
	v := Render(c, st, 140, 40, Options{})
	pre := func(s lipgloss.Style) string { r := s.Render("x"); return r[:strings.Index(r, "x")] }
	styledAs := func(word string, s lipgloss.Style) bool {
		i := strings.Index(v, word)
		j := strings.LastIndex(v[:max(i, 0)], "\x1b[")
		return i >= 0 && j >= 0 && strings.HasPrefix(v[j:], pre(s))
	}
	if !styledAs("path", st.Diff.Delete) || !styledAs("walk", st.Diff.Insert) || !styledAs("v₁", st.Diff.Same) {
		t.Errorf("the split view does not mark path and walk as one side's, v₁ as both sides':\n%s", ansi.Strip(v))
	}
}
