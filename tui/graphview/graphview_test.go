package graphview

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/markdown"
	"github.com/lore-kb/lore/tui/styles"
)

func viewIDs(m Model) []string {
	ids := make([]string, len(m.view))
	for i, r := range m.view {
		ids[i] = m.rows[r].ID
	}
	return ids
}

func selectedID(t *testing.T, m Model) string {
	t.Helper()
	r, ok := m.Selected()
	if !ok {
		t.Fatal("nothing selected")
	}
	return r.ID
}

func needs(msgs []tea.Msg) []string {
	var ids []string
	for _, msg := range msgs {
		if nd, ok := msg.(NeedDetailMsg); ok {
			ids = append(ids, nd.ID)
		}
	}
	return ids
}

func TestRankedOrderAndColumns(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 24, true)
	ids := viewIDs(m)
	if ids[0] != "vector-space" {
		t.Fatalf("first ranked %q, want vector-space (enables the most): %v", ids[0], ids)
	}
	plain := ansi.Strip(m.View())
	if !strings.Contains(plain, "rank ▾importance") || !strings.Contains(plain, "/filter") {
		t.Errorf("header missing sort key or filter:\n%s", plain)
	}
	// "▸  1 Vector space ... def  7 ▲16": marker, rank, name, type, importance, reach.
	line := strings.Split(plain, "\n")[1]
	for _, want := range []string{"▸", " 1 Vector space", "def", "▲"} {
		if !strings.Contains(line, want) {
			t.Errorf("first row %q lacks %q", line, want)
		}
	}
}

func TestSortCycles(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 24, true)
	rows := s.rows()
	wantBy := map[string]func(a, b Row) bool{
		"name":       func(a, b Row) bool { return strings.ToLower(a.Name) <= strings.ToLower(b.Name) },
		"type":       func(a, b Row) bool { return a.Type <= b.Type },
		"domain":     func(a, b Row) bool { return a.Domain <= b.Domain },
		"confidence": func(a, b Row) bool { return a.Confidence >= b.Confidence },
	}
	for _, key := range []string{"name", "type", "domain", "confidence"} {
		m, _ = s.send(m, tuitest.Press('s'))
		if !strings.Contains(ansi.Strip(m.View()), key) {
			t.Errorf("header does not name sort key %s", key)
		}
		for i := 1; i < len(m.view); i++ {
			a, b := m.rows[m.view[i-1]], m.rows[m.view[i]]
			if !wantBy[key](a, b) {
				t.Errorf("by %s: %q before %q", key, a.Name, b.Name)
			}
		}
		if selectedID(t, m) != "vector-space" {
			t.Errorf("by %s: selection moved to %s", key, selectedID(t, m))
		}
	}
	// Ties within a type keep the rank order.
	m, _ = s.send(newModel(s, 120, 24, true), tuitest.Press('s'), tuitest.Press('s'))
	var defs []int32
	for _, r := range m.view {
		if m.rows[r].Type == core.Definition {
			defs = append(defs, r)
		}
	}
	if !slices.IsSorted(defs) {
		t.Errorf("definitions not in rank order when sorted by type: %v", defs)
	}
	m, _ = s.send(m, tuitest.Press('s'), tuitest.Press('s'), tuitest.Press('s'))
	if m.sortBy != byRank || viewIDs(m)[0] != rows[0].ID {
		t.Errorf("sort did not cycle back to rank")
	}
}

func TestFilter(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 24, true)
	m, msgs := s.send(m, tuitest.Press('/'), tuitest.Press('E'), tuitest.Press('i'), tuitest.Press('g'))
	if got := viewIDs(m); !slices.Equal(got, []string{"eigenvalue", "eigenvector"}) {
		t.Fatalf("filter eig: %v", got)
	}
	if selectedID(t, m) != "eigenvalue" {
		t.Errorf("selection %s, want first match", selectedID(t, m))
	}
	if !slices.Contains(needs(msgs), "eigenvalue") {
		t.Errorf("no NeedDetailMsg for the new selection: %v", msgs)
	}
	if !strings.Contains(ansi.Strip(m.View()), "/Eig") {
		t.Errorf("filter text not shown")
	}
	// enter keeps the filter; j/k move again.
	m, _ = s.send(m, keyEnter, tuitest.Press('j'))
	if m.editing || m.query != "Eig" || selectedID(t, m) != "eigenvector" {
		t.Errorf("after enter: editing=%v query=%q sel=%s", m.editing, m.query, selectedID(t, m))
	}
	// esc clears it and keeps the selection.
	m, _ = s.send(m, keyEsc)
	if m.query != "" || len(m.view) != len(m.rows) || selectedID(t, m) != "eigenvector" {
		t.Errorf("after esc: query=%q len=%d sel=%s", m.query, len(m.view), selectedID(t, m))
	}
	// Type and domain words match; several words must all match.
	for q, want := range map[string]int{"alg": 2, "theorem": 4, "computer": 2, "structure thm": 4, "def eigen": 2, "zzz": 0} {
		m2, _ := s.send(m, tuitest.Press('/'))
		m2, _ = s.send(m2, tea.PasteMsg{Content: q})
		if len(m2.view) != want {
			t.Errorf("filter %q: %d rows, want %d: %v", q, len(m2.view), want, viewIDs(m2))
		}
	}
	// Backspace widens again.
	m, _ = s.send(m, tuitest.Press('/'), tuitest.Press('z'), tuitest.Press('z'))
	if len(m.view) != 0 || !strings.Contains(ansi.Strip(m.View()), "no primitive matches") {
		t.Fatalf("zz should match nothing")
	}
	tuitest.CheckSize(t, m.View(), 120, 24)
	m, _ = s.send(m, keyBack, keyBack)
	if len(m.view) != len(m.rows) {
		t.Errorf("backspace did not widen the filter: %d", len(m.view))
	}
	// A pasted control sequence is dropped, not drawn.
	m, _ = s.send(m, tea.PasteMsg{Content: "eig\x1b[31m\n"})
	if strings.Contains(m.query, "\x1b") || strings.Contains(m.View(), "\x1b[31m") {
		t.Errorf("escape sequence kept in filter %q", m.query)
	}
}

func TestSelectionKeptByIDAcrossPages(t *testing.T) {
	s := newStore(linalg())
	all := s.rows()
	m := New(styles.New(true)).SetSize(100, 20).WithRows(all[:5], graph.ByImportance)
	m, _ = s.send(m, keyDown, keyDown)
	want := selectedID(t, m)
	m = m.WithRows(all, graph.ByImportance)
	if got := selectedID(t, m); got != want {
		t.Errorf("selection %s after paging, want %s", got, want)
	}
	// A reordered list (reach ranking) keeps it too.
	rev := slices.Clone(all)
	slices.Reverse(rev)
	m = m.WithRows(rev, graph.ByReach)
	if got := selectedID(t, m); got != want {
		t.Errorf("selection %s after re-ranking, want %s", got, want)
	}
	if !strings.Contains(ansi.Strip(m.View()), "▾reach") {
		t.Errorf("header does not show the reach ranking")
	}
	// The filter survives paging.
	m, _ = s.send(m, tuitest.Press('/'), tuitest.Press('e'), tuitest.Press('i'), tuitest.Press('g'), keyEnter)
	m = m.WithRows(all, graph.ByImportance)
	if len(m.view) != 2 {
		t.Errorf("filter lost on paging: %v", viewIDs(m))
	}
}

func TestMoveEmitsNeedDetail(t *testing.T) {
	s := newStore(linalg())
	m := New(styles.New(true)).SetSize(120, 24).WithRows(s.rows(), graph.ByImportance)
	m, cmd := m.RequestDetail()
	if cmd == nil {
		t.Fatal("no request for the first selection")
	}
	if _, again := m.RequestDetail(); again != nil {
		t.Error("asked twice for the same detail")
	}
	if msg, ok := cmd().(NeedDetailMsg); !ok || msg.ID != s.rows()[0].ID {
		t.Fatalf("first request %#v", msg)
	}
	m, cmd = m.Update(keyDown)
	if cmd == nil {
		t.Fatal("no command on move")
	}
	msg, ok := cmd().(NeedDetailMsg)
	if !ok || msg.ID != s.rows()[1].ID {
		t.Fatalf("move request %#v, want %s", msg, s.rows()[1].ID)
	}
	// No change, no request.
	m, cmd = m.Update(keyUp)
	m, _ = m.Update(keyUp) // already at the top
	if _, cmd2 := m.Update(keyUp); cmd2 != nil {
		t.Error("request without a change of selection")
	}
	_ = cmd
	// Click and Scroll ask for the detail too.
	m, cmd = m.Click(2, 3)
	if got := selectedID(t, m); got != s.rows()[2].ID {
		t.Errorf("click selected %s", got)
	}
	if msg, ok := cmd().(NeedDetailMsg); !ok || msg.ID != s.rows()[2].ID {
		t.Errorf("click asked for %#v", msg)
	}
	m, cmd = m.Scroll(2)
	if got := selectedID(t, m); got != s.rows()[4].ID {
		t.Errorf("scroll selected %s", got)
	}
	if cmd == nil {
		t.Error("no request after scroll")
	}
}

func TestStaleDetailIgnored(t *testing.T) {
	s := newStore(linalg())
	m := New(styles.New(true)).SetSize(120, 24).WithRows(s.rows(), graph.ByImportance)
	first := s.rows()[0].ID
	m, _ = m.Update(keyDown)
	second := s.rows()[1].ID
	m = m.WithDetail(s.detail(first)) // the answer to the first request, late
	if m.detail != nil {
		t.Fatalf("stale detail for %s accepted while %s is shown", first, second)
	}
	if !strings.Contains(ansi.Strip(m.View()), "loading…") {
		t.Error("no loading hint while waiting")
	}
	m = m.WithDetail(s.detail(second))
	if m.detail == nil || m.detail.P.ID != second {
		t.Fatal("current detail not accepted")
	}
	if !strings.Contains(ansi.Strip(m.View()), "depends on:") {
		t.Error("neighbours not listed")
	}
	// Going back shows the cached detail at once.
	m, _ = m.Update(keyUp)
	m, _ = m.Update(keyDown)
	if m.detail == nil || m.detail.P.ID != second {
		t.Error("cached detail not reused")
	}
}

func TestFollowAndBack(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 30, true)
	m, _ = s.send(m, tuitest.Press('/'))
	m, _ = s.send(m, tea.PasteMsg{Content: "spectral"})
	m, _ = s.send(m, keyEnter, keyEsc)
	if selectedID(t, m) != "spectral-theorem" || m.Shown() != "spectral-theorem" {
		t.Fatalf("selected %s", selectedID(t, m))
	}
	// Three dependency edges: spectral theorem → eigenvalue (first
	// dependency) → linear operator → linear map.
	path := []string{"spectral-theorem"}
	m, _ = s.send(m, keyRight)
	if !m.inNb {
		t.Fatal("→ did not focus the neighbours")
	}
	for range 3 {
		var msgs []tea.Msg
		m, msgs = s.send(m, keyEnter)
		path = append(path, m.Shown())
		if n := needs(msgs); len(n) != 1 || n[0] != m.Shown() {
			t.Fatalf("follow asked for %v, shows %s", n, m.Shown())
		}
		if selectedID(t, m) != m.Shown() {
			t.Errorf("list selection %s does not follow to %s", selectedID(t, m), m.Shown())
		}
	}
	if want := []string{"spectral-theorem", "eigenvalue", "linear-operator", "linear-map"}; !slices.Equal(path, want) {
		t.Fatalf("path %v, want %v", path, want)
	}
	if !slices.Equal(m.History(), path[:3]) {
		t.Errorf("history %v", m.History())
	}
	// Choose a dependent: down past the dependencies.
	m, _ = s.send(m, keyDown, keyEnter)
	if m.Shown() == "linear-map" {
		t.Fatal("did not follow a dependent")
	}
	path = append(path, m.Shown())
	for i := len(path) - 2; i >= 0; i-- {
		var msgs []tea.Msg
		m, msgs = s.send(m, keyBack)
		if m.Shown() != path[i] {
			t.Fatalf("back %d: shows %s, want %s", len(path)-1-i, m.Shown(), path[i])
		}
		if m.detail == nil || m.detail.P.ID != path[i] {
			t.Fatalf("back: detail not shown for %s", path[i])
		}
		if n := needs(msgs); len(n) != 1 || n[0] != path[i] {
			t.Errorf("back asked for %v", n)
		}
	}
	m, msgs := s.send(m, keyBack)
	if m.Shown() != "spectral-theorem" || len(msgs) != 0 {
		t.Errorf("back on an empty history did something: %s %v", m.Shown(), msgs)
	}
}

func TestFollowOutsideFilterKeepsSelection(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 30, true)
	m, _ = s.send(m, tuitest.Press('/'))
	m, _ = s.send(m, tea.PasteMsg{Content: "eigenvector"})
	m, _ = s.send(m, keyEnter, keyRight, keyEnter)
	if m.Shown() != "eigenvalue" {
		t.Fatalf("shows %s", m.Shown())
	}
	if selectedID(t, m) != "eigenvector" {
		t.Errorf("selection moved to %s, which the filter hides", selectedID(t, m))
	}
	if !strings.Contains(ansi.Strip(m.View()), "Eigenvalue (definition)") {
		t.Errorf("followed primitive not rendered:\n%s", ansi.Strip(m.View()))
	}
}

func TestExport(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 24, true)
	m, _ = s.send(m, tuitest.Press('/'))
	m, _ = s.send(m, tea.PasteMsg{Content: "structure"})
	m, _ = s.send(m, keyEnter, tuitest.Press('s')) // by name: the export stays in rank order
	_, msgs := s.send(m, tuitest.Press('x'))
	var ex ExportMsg
	for _, msg := range msgs {
		if e, ok := msg.(ExportMsg); ok {
			ex = e
		}
	}
	if ex.Format != "dot" {
		t.Fatalf("no dot export: %v", msgs)
	}
	var want []string
	for _, r := range s.rows() {
		if r.Domain == "structure" {
			want = append(want, r.ID)
		}
	}
	if !slices.Equal(ex.IDs, want) {
		t.Errorf("export ids %v, want %v", ex.IDs, want)
	}
	_, msgs = s.send(m, tuitest.Press('X'))
	if len(msgs) != 1 || msgs[0].(ExportMsg).Format != "mermaid" {
		t.Errorf("X: %v", msgs)
	}
	// Capped by rank.
	big := New(styles.New(true)).SetSize(100, 20).WithRows(bigRows(2000), graph.ByImportance)
	big, _ = big.Update(tuitest.Press('s'))
	_, cmd := big.Update(tuitest.Press('x'))
	var got ExportMsg
	for _, msg := range collect(cmd) {
		if e, ok := msg.(ExportMsg); ok {
			got = e
		}
	}
	if len(got.IDs) != ExportLimit || got.IDs[0] != "p-000000" || got.IDs[ExportLimit-1] != fmt.Sprintf("p-%06d", ExportLimit-1) {
		t.Errorf("capped export: %d ids, %v…", len(got.IDs), got.IDs[:3])
	}
}

func collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, collect(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

func TestEmptyState(t *testing.T) {
	for _, m := range []Model{New(styles.New(true)), New(styles.New(false)).WithRows(nil, graph.ByImportance)} {
		m = m.SetSize(90, 12)
		tuitest.CheckSize(t, m.View(), 90, 12)
		if !strings.Contains(ansi.Strip(m.View()), "No primitives yet — learn a source (n on the Learn screen)") {
			t.Errorf("empty state:\n%s", ansi.Strip(m.View()))
		}
		for _, k := range []tea.Msg{keyDown, keyEnter, keyBack, tuitest.Press('x'), tuitest.Press('t'), tuitest.Press('m'), tuitest.Press('s'), tuitest.Press('/'), tea.PasteMsg{Content: "x"}, keyEsc} {
			var cmd tea.Cmd
			m, cmd = m.Update(k)
			for _, msg := range collect(cmd) {
				if _, ok := msg.(ExportMsg); ok {
					t.Error("export of nothing")
				}
			}
		}
		m, _ = m.Click(5, 5)
		m, _ = m.Scroll(3)
		tuitest.CheckSize(t, m.View(), 90, 12)
	}
}

func TestExactSize(t *testing.T) {
	s := newStore(linalg())
	for _, w := range []int{0, 1, 2, 10, 30, 52, 53, 60, 80, 100, 120, 200, 333} {
		for _, h := range []int{0, 1, 2, 3, 5, 6, 10, 24, 60} {
			for _, keys := range [][]tea.Msg{nil, {tuitest.Press('t')}, {tuitest.Press('m')}, {keyRight, keyDown}, {keyEnd}, {tuitest.Press('/'), tuitest.Press('q')}} {
				m := newModel(s, w, h, w%2 == 0)
				m, _ = s.send(m, keys...)
				tuitest.CheckSize(t, m.View(), w, h)
				if t.Failed() {
					t.Fatalf("%dx%d after %v", w, h, keys)
				}
			}
		}
	}
}

func TestSelectionStaysVisible(t *testing.T) {
	m := New(styles.New(true)).SetSize(100, 10).WithRows(bigRows(1000), graph.ByImportance)
	for range 25 {
		m, _ = m.Update(keyDown)
	}
	if cur, top := m.list.Cursor(), m.list.Top(); cur != 25 || cur < top || cur >= top+m.listHeight() {
		t.Fatalf("cur %d top %d", cur, top)
	}
	if !strings.Contains(ansi.Strip(m.View()), "▸ ") {
		t.Error("selected row not drawn")
	}
	m, _ = m.Update(keyEnd)
	if m.list.Cursor() != 999 || !strings.Contains(ansi.Strip(m.View()), " 1000 ") {
		t.Errorf("end: cur %d", m.list.Cursor())
	}
	m = m.SetSize(100, 4)
	if cur, top := m.list.Cursor(), m.list.Top(); cur < top || cur >= top+m.listHeight() {
		t.Errorf("resize hid the selection: cur %d top %d", cur, top)
	}
}

func TestTreeAndPlane(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 30, true)
	m, _ = s.send(m, tuitest.Press('/'))
	m, _ = s.send(m, tea.PasteMsg{Content: "cayley"})
	m, _ = s.send(m, keyEnter, tuitest.Press('t'))
	tree := ansi.Strip(m.View())
	for _, want := range []string{"prerequisites of Cayley–Hamilton theorem", "├─ Characteristic polynomial", "└─ Matrix of a linear map", "(repeated)"} {
		if !strings.Contains(tree, want) {
			t.Errorf("tree lacks %q:\n%s", want, tree)
		}
	}
	m, _ = s.send(m, tuitest.Press('m'))
	plane := ansi.Strip(m.View())
	for _, want := range []string{"┌ plane", "◆", "Structure", "logic", "creative", "◆ Cayley–Hamilton theorem (+0.00, +0.60)", "1 plotted"} {
		if !strings.Contains(plane, want) {
			t.Errorf("plane lacks %q:\n%s", want, plane)
		}
	}
	m, _ = s.send(m, tuitest.Press('m'))
	if m.mode != modeDoc {
		t.Error("m did not toggle the map off")
	}
}

func TestHostileInput(t *testing.T) {
	evil := "Evil\x1b[2J\u202Ename\u200b *bold* <script>"
	p := core.Primitive{ID: "evil", Name: evil, Type: "weird\x07type", Domain: "dom\x1b]8;;x\x07",
		FormalStatement: "# not a heading\n- not a list\n\x1b[31mred\x1b[0m ``` fence", ComputationalForm: "```\nrm -rf /\n```",
		Confidence: math.NaN(), Plane: core.PlanePosition{Real: math.Inf(1), Imaginary: math.NaN()},
		Keywords:     []string{"[link](http://x)"},
		Dependencies: []core.Edge{{Target: "ghost", Type: "??", Strength: math.Inf(-1)}}}
	rows := []Row{{ID: "evil", Name: evil, Type: p.Type, Domain: p.Domain, Confidence: math.NaN(), Importance: -5, Reach: math.MaxInt32, Plane: p.Plane}, {ID: "", Name: ""}}
	for _, w := range []int{40, 80, 200} {
		m := New(styles.New(true)).SetSize(w, 20).WithDomains([]core.Domain{{ID: "wide", Name: "幅広い領域の名前"}, {ID: "nan", Region: core.PlaneRegion{Center: core.PlanePosition{Real: math.NaN()}}}}).WithRows(rows, graph.ByImportance)
		m = m.WithDetail(Detail{P: p, Dependencies: []Neighbour{{ID: "ghost", Name: "\x1b[5mghost", Type: "??", Strength: math.NaN()}},
			Chain: &graph.Node{ID: "evil", Children: []*graph.Node{nil, {ID: "ghost", Missing: true}, {ID: "deep", Children: []*graph.Node{{ID: "deeper", Truncated: true}}}}}})
		for _, k := range []tea.Msg{nil, tuitest.Press('t'), tuitest.Press('m'), keyRight, keyEnter, keyBack, tuitest.Press('s'), tuitest.Press('s'), tuitest.Press('s'), tuitest.Press('s')} {
			if k != nil {
				m, _ = m.Update(k)
			}
			v := m.View()
			tuitest.CheckSize(t, m.View(), w, 20)
			plain := ansi.Strip(v)
			if strings.ContainsAny(plain, "\x1b\x07\u202e\u200b") {
				t.Fatalf("width %d: control characters reach the screen: %q", w, plain)
			}
		}
	}
}

func TestMarkdownEscapes(t *testing.T) {
	p := core.Primitive{ID: "x", Name: "*-algebra", Type: core.Definition, FormalStatement: "1. not a list\n# not a heading\n<b>raw</b> a_b_c", ComputationalForm: "x = `y` ```"}
	md := document(&p, "")
	lines := markdown.New().Render(md, 60, true)
	plain := ansi.Strip(strings.Join(lines, "\n"))
	for _, want := range []string{"*-algebra (definition)", "1. not a list", "# not a heading", "<b>raw</b> a_b_c", "x = `y` ```"} {
		if !strings.Contains(plain, want) {
			t.Errorf("rendered markdown lacks %q:\n%s", want, plain)
		}
	}
}

func TestKeyMapHelp(t *testing.T) {
	k := New(styles.New(true)).KeyMap()
	if len(k.ShortHelp()) == 0 {
		t.Fatal("no short help")
	}
	n := 0
	for _, g := range k.FullHelp() {
		for _, b := range g {
			if b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("binding %v has no help", b.Keys())
			}
			n++
		}
	}
	if n != 19 {
		t.Errorf("full help has %d bindings", n)
	}
}

// selectByName filters to q, keeps the filter and selects the first match.
func selectByName(s *store, m Model, q string) Model {
	m, _ = s.send(m, tuitest.Press('/'))
	m, _ = s.send(m, tea.PasteMsg{Content: q})
	m, _ = s.send(m, keyEnter)
	return m
}

// TestGoldenDetail is the whole screen with Eigenvalue selected: the list,
// its glamour-rendered detail and its neighbours, one of them focused.
func TestGoldenDetail(t *testing.T) {
	s := newStore(linalg())
	tuitest.GoldenSweep(t, 30, func(w, h int, dark bool) string {
		m := newModel(s, w, h, dark)
		for i := 0; i < 5 && selectedID(t, m) != "eigenvalue"; i++ {
			m, _ = s.send(m, keyDown)
		}
		if selectedID(t, m) != "eigenvalue" {
			t.Fatalf("selected %s", selectedID(t, m))
		}
		m, _ = s.send(m, keyRight, keyDown)
		return m.View()
	})
}

// TestGoldenTree is the prerequisite tree of the spectral theorem.
func TestGoldenTree(t *testing.T) {
	s := newStore(linalg())
	tuitest.GoldenSweep(t, 30, func(w, h int, dark bool) string {
		m := selectByName(s, newModel(s, w, h, dark), "spectral")
		m, _ = s.send(m, tuitest.Press('t'))
		return m.View()
	})
}

// TestGoldenPlane is the plane map with every primitive plotted and
// Eigenvalue highlighted.
func TestGoldenPlane(t *testing.T) {
	s := newStore(linalg())
	tuitest.GoldenSweep(t, 30, func(w, h int, dark bool) string {
		m := newModel(s, w, h, dark)
		for i := 0; i < 5 && selectedID(t, m) != "eigenvalue"; i++ {
			m, _ = s.send(m, keyDown)
		}
		m, _ = s.send(m, tuitest.Press('m'))
		return m.View()
	})
}

func BenchmarkOpen100k(b *testing.B) {
	rows := bigRows(100_000)
	st := styles.New(true)
	b.ReportAllocs()
	for b.Loop() {
		m := New(st).SetSize(200, 50).WithRows(rows, graph.ByImportance)
		_ = m.View()
	}
}

func BenchmarkMove100k(b *testing.B) {
	m := New(styles.New(true)).SetSize(200, 50).WithRows(bigRows(100_000), graph.ByImportance)
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(keyDown)
		_ = m.View()
	}
}

// BenchmarkMoveDetailed100k moves between two primitives whose details were
// loaded before, the cached glamour render included.
func BenchmarkMoveDetailed100k(b *testing.B) {
	s := newStore(linalg())
	rows := append(s.rows(), bigRows(100_000)...)
	m := New(styles.New(true)).SetSize(200, 50).WithRows(rows, graph.ByImportance)
	m, _ = s.run(m.RequestDetail())
	m, _ = s.send(m, keyDown, keyUp)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := keyDown
		if i%2 == 1 {
			k = keyUp
		}
		i++
		m, _ = m.Update(k)
		m = m.WithDetail(s.detail(m.Shown()))
		_ = m.View()
	}
}

// BenchmarkDetailRender is a detail arriving for the first time: glamour
// renders it (the cache is emptied each time).
func BenchmarkDetailRender(b *testing.B) {
	s := newStore(linalg())
	m := New(styles.New(true)).SetSize(200, 50).WithRows(s.rows(), graph.ByImportance)
	d := s.detail(m.Shown())
	b.ReportAllocs()
	for b.Loop() {
		m.cache.md = markdown.New()
		_ = m.WithDetail(d).View()
	}
}

func BenchmarkFilter100k(b *testing.B) {
	m := New(styles.New(true)).SetSize(200, 50).WithRows(bigRows(100_000), graph.ByImportance)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.setQuery("").setQuery("eigen 7")
	}
}

func BenchmarkFilterType100k(b *testing.B) {
	m := New(styles.New(true)).SetSize(200, 50).WithRows(bigRows(100_000), graph.ByImportance)
	m, _ = m.Update(tuitest.Press('/'))
	b.ReportAllocs()
	for b.Loop() {
		m2, _ := m.Update(tuitest.Press('t'))
		m2, _ = m2.Update(tuitest.Press('e'))
		_ = m2.View()
	}
}

// BenchmarkMovePlane100k moves with the plane map open, which plots every
// row of the filtered list on each move.
func BenchmarkMovePlane100k(b *testing.B) {
	m := New(styles.New(true)).SetSize(200, 50).WithDomains(linalgDomains()).WithRows(bigRows(100_000), graph.ByImportance)
	m, _ = m.Update(tuitest.Press('m'))
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(keyDown)
		_ = m.View()
	}
}

// BenchmarkSortByName100k is the first sort by name (later ones are cached).
func BenchmarkSortByName100k(b *testing.B) {
	rows := bigRows(100_000)
	m := New(styles.New(true)).SetSize(200, 50).WithRows(rows, graph.ByImportance)
	b.ReportAllocs()
	for b.Loop() {
		m.orders = new([nSortKeys][]int32)
		_ = m.setSort(byName)
	}
}

// e types a new name for the shown primitive: enter asks the root to
// record it, esc keeps the old one; while typing, q and digits are text.
func TestRenameAsksTheRoot(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 24, true)
	id := selectedID(t, m)
	m, _ = s.send(m, tuitest.Press('e'))
	if !m.Captures() || !strings.Contains(ansi.Strip(m.View()), "rename: ") {
		t.Fatalf("e did not open the name prompt:\n%s", ansi.Strip(m.View()))
	}
	m, _ = s.send(m, tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}, tea.PasteMsg{Content: "Spectral theorem"}, tuitest.Press('q'), tuitest.Press('1'))
	m, msgs := s.send(m, keyEnter)
	if m.Captures() || !slices.Contains(msgs, tea.Msg(RenameMsg{ID: id, Name: "Spectral theoremq1"})) {
		t.Fatalf("enter sent %v, want a rename of %s", msgs, id)
	}
	m, _ = s.send(m, tuitest.Press('e'), tuitest.Press('x'))
	m, msgs = s.send(m, keyEsc)
	if m.Captures() || slices.ContainsFunc(msgs, func(x tea.Msg) bool { _, ok := x.(RenameMsg); return ok }) {
		t.Fatalf("esc sent %v", msgs)
	}
}

// D asks before rejecting the shown primitive: y sends the rejection, n
// keeps it.
func TestRejectAsksFirst(t *testing.T) {
	s := newStore(linalg())
	m := newModel(s, 120, 24, true)
	id := selectedID(t, m)
	m, _ = s.send(m, tuitest.Press('D'))
	if !m.Captures() || !strings.Contains(ansi.Strip(m.View()), "reject ") {
		t.Fatalf("D did not ask:\n%s", ansi.Strip(m.View()))
	}
	m, msgs := s.send(m, tuitest.Press('n'))
	if m.Captures() || len(msgs) != 0 && slices.ContainsFunc(msgs, func(x tea.Msg) bool { _, ok := x.(RejectMsg); return ok }) {
		t.Fatalf("n sent %v", msgs)
	}
	m, _ = s.send(m, tuitest.Press('D'))
	m, msgs = s.send(m, tuitest.Press('y'))
	if m.Captures() || !slices.Contains(msgs, tea.Msg(RejectMsg{ID: id})) {
		t.Fatalf("y sent %v, want a rejection of %s", msgs, id)
	}
}

// The plane map says what it shows: what the axes are and that the names
// on it are domains, areas of knowledge; the detail pane says what the
// shown primitive's domain is, with its description.
func TestPlaneMapAndDomainSayWhatTheyAre(t *testing.T) {
	s := newStore(linalg())
	ds := linalgDomains()
	ds[0].Description = "Logic, sets, proof and the abstract structures built on them."
	m := New(styles.New(true)).SetSize(120, 40).WithDomains(ds).WithRows(s.rows(), graph.ByImportance)
	m, cmd := m.RequestDetail()
	m, _ = s.run(m, cmd)
	for i := 0; i < 5 && selectedID(t, m) != "eigenvalue"; i++ {
		m, _ = s.send(m, keyDown)
	}
	// The detail pane's text, its lines run together (the list is left
	// of the first │).
	flat := func(m Model) string {
		var pane []string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			_, right, _ := strings.Cut(l, "│")
			pane = append(pane, right)
		}
		return strings.Join(strings.Fields(strings.Join(pane, " ")), " ")
	}
	if v := flat(m); !strings.Contains(v, "domain structure — the area of knowledge its words match best: Logic, sets, proof") {
		t.Errorf("the detail pane does not say what the domain is:\n%s", ansi.Strip(m.View()))
	}
	m, _ = s.send(m, tuitest.Press('m'))
	v := flat(m)
	for _, want := range []string{
		"Axes: where a primitive's words place it — left logic, right creativity; up abstract, down embodied.",
		"Names: domains, the areas of knowledge lore sorts primitives into (lore domains lists them), each at the centre of its region",
		"• a primitive · ● several · ◆ the one shown",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the plane map lacks %q:\n%s", want, ansi.Strip(m.View()))
		}
	}
	// A short pane keeps the map and gives up the legend first.
	m = m.SetSize(120, 14)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "plane") || strings.Contains(v, "needs more room") {
		t.Errorf("at 14 rows the legend took the map's room:\n%s", v)
	}
	tuitest.CheckSize(t, m.View(), 120, 14)
}

// Domain names whose centres fall close together never run into one
// another on the plane map: each name drawn is whole, with at least a
// space between it and any other word on its row, and the names that
// found no room are counted on the map's frame.
func TestPlaneMapNamesNeverTouch(t *testing.T) {
	d := func(name string, re, im float64) core.Domain {
		return core.Domain{ID: strings.ToLower(name), Name: name, Region: core.PlaneRegion{Center: core.PlanePosition{Real: re, Imaginary: im}, Radius: 0.3}}
	}
	ds := []core.Domain{
		d("Foundations", -0.42, 0.55), d("Structure", -0.3, 0.55), d("Unification", -0.17, 0.55),
		d("Mapping", -0.3, 0.5), d("Change", -0.35, 0.6), d("Emergence", -0.25, 0.5),
		d("Measure", -0.3, 0.45), d("Order", -0.28, 0.52), d("Symmetry", -0.32, 0.58),
		d("Space", -0.3, 0.5), d("Chance", -0.3, 0.5), d("Proof", -0.3, 0.5),
		// At the left edge, against the axis's own word.
		d("Logicism", -1, 0),
	}
	words := map[string]bool{"logic": true, "creative": true, "abstract": true, "embodied": true}
	for _, dom := range ds {
		words[dom.Name] = true
	}
	s := newStore(linalg())
	for _, size := range [][2]int{{120, 36}, {80, 30}, {200, 50}} {
		m := New(styles.New(true)).SetSize(size[0], size[1]).WithDomains(ds).WithRows(s.rows(), graph.ByImportance)
		m, _ = s.send(m, tuitest.Press('m'))
		view := ansi.Strip(m.View())
		lines := strings.Split(view, "\n")
		top, col, right := -1, 0, 0
		for i, l := range lines {
			if j := strings.Index(l, "┌ plane"); j >= 0 {
				top, col = i, len([]rune(l[:j]))
				right = col + slices.Index([]rune(l)[col:], '┐')
				break
			}
		}
		if top < 0 || right <= col {
			t.Fatalf("%v: no plane map:\n%s", size, view)
		}
		drawn := map[string]int{}
		for _, l := range lines[top+1:] {
			rs := []rune(l)
			if len(rs) <= right || rs[col] != '│' {
				break
			}
			// The plane's inner row, between its two borders.
			inner := rs[col+1 : right]
			// Every run of letters is a whole word that was drawn
			// alone: a name's or an axis end's.
			for _, w := range strings.FieldsFunc(string(inner), func(r rune) bool { return !unicode.IsLetter(r) }) {
				if !words[w] {
					t.Errorf("%v: the plane map has %q, not a whole name or one set apart:\n%s", size, w, view)
				}
				drawn[w]++
			}
		}
		n := 0
		for _, dom := range ds {
			switch drawn[dom.Name] {
			case 0:
			case 1:
				n++
			default:
				t.Errorf("%v: %s drawn %d times", size, dom.Name, drawn[dom.Name])
			}
		}
		if undrawn := len(ds) - n; undrawn > 0 && !strings.Contains(lines[top], namesNotDrawn(undrawn)) {
			t.Errorf("%v: %d names drawn of %d, and the legend does not say how many are not:\n%s", size, n, len(ds), view)
		}
		if n < 4 {
			t.Errorf("%v: only %d names drawn:\n%s", size, n, view)
		}
		tuitest.CheckSize(t, view, size[0], size[1])
	}
}

// planeFrame is the plane map's inner rows in view, between its borders.
func planeFrame(t *testing.T, view string) []string {
	t.Helper()
	lines := strings.Split(ansi.Strip(view), "\n")
	var out []string
	col, right := -1, 0
	for _, l := range lines {
		rs := []rune(l)
		if col < 0 {
			if j := strings.Index(l, "┌ plane"); j >= 0 {
				col = len([]rune(l[:j]))
				right = col + slices.Index(rs[col:], '┐')
			}
			continue
		}
		if len(rs) <= right || rs[col] != '│' {
			break
		}
		out = append(out, string(rs[col+1:right]))
	}
	if col < 0 {
		t.Fatalf("no plane map:\n%s", ansi.Strip(view))
	}
	return out
}

// A domain's name never hides the primitives at its centre: thirteen
// primitives at the centre of Computer Science and two at the origin,
// the centre of Synthesis, show as a marker each, and both names are
// drawn beside them.
func TestPlaneMapNamesLeavePointsVisible(t *testing.T) {
	ds := []core.Domain{
		{ID: "computer-science", Name: "Computer Science", Region: core.PlaneRegion{Center: core.PlanePosition{Real: -0.8, Imaginary: -0.3}, Radius: 0.3}},
		{ID: "synthesis", Name: "Synthesis", Region: core.PlaneRegion{Center: core.PlanePosition{}, Radius: 0.3}},
	}
	var rows []Row
	for i := range 15 {
		r := Row{ID: fmt.Sprintf("p%02d", i), Name: fmt.Sprintf("Primitive %d", i), Type: core.Definition, Domain: "computer-science",
			Plane: core.PlanePosition{Real: -0.8, Imaginary: -0.3}, Importance: 15 - i}
		if i >= 13 {
			r.Domain, r.Plane = "synthesis", core.PlanePosition{}
		}
		rows = append(rows, r)
	}
	for _, size := range [][2]int{{120, 36}, {80, 30}, {200, 50}} {
		m := New(styles.New(true)).SetSize(size[0], size[1]).WithDomains(ds).WithRows(rows, graph.ByImportance)
		// The shown primitive (◆) is one of the thirteen, then one of the
		// two.
		for _, down := range []int{0, 13} {
			m := m
			for range down {
				m, _ = m.Update(keyDown)
			}
			m, _ = m.Update(tuitest.Press('m'))
			frame := planeFrame(t, m.View())
			markers := 0
			for _, l := range frame {
				markers += strings.Count(l, "•") + strings.Count(l, "●") + strings.Count(l, "◆")
			}
			inner := strings.Join(frame, "\n")
			if markers != 2 || !strings.Contains(inner, "Computer Science") || !strings.Contains(inner, "Synthesis") {
				t.Errorf("%v, %d down: %d markers for two places, names drawn %v %v:\n%s", size, down, markers,
					strings.Contains(inner, "Computer Science"), strings.Contains(inner, "Synthesis"), ansi.Strip(m.View()))
			}
		}
	}
}

// The plane map keeps its size for a pane size whichever primitive is
// shown, whether it has many neighbours, few or none.
func TestPlaneMapKeepsItsSize(t *testing.T) {
	s := newStore(linalg())
	for _, size := range [][2]int{{120, 36}, {80, 30}} {
		m := newModel(s, size[0], size[1], true)
		m, _ = s.send(m, tuitest.Press('m'))
		heights := map[int][]string{}
		for range len(s.prims) {
			h := len(planeFrame(t, m.View()))
			heights[h] = append(heights[h], selectedID(t, m))
			m, _ = s.send(m, keyDown)
		}
		if len(heights) != 1 {
			t.Errorf("%v: the map's height changes with the primitive shown: %v", size, heights)
		}
	}
}

// The detail pane shows the computational form as lore show does, its
// mathematics read as Unicode text, its steps on their lines.
func TestDetailFormIsReadable(t *testing.T) {
	p := core.Primitive{ID: "c", Name: "Claim 1", Type: core.Theorem, FormalStatement: `There is $u \in R_k$.`,
		ComputationalForm: "Given preconditions, then: There must exist vertex $u\\in R_k$\n   2. return $x_1$"}
	plain := ansi.Strip(strings.Join(markdown.New().Render(document(&p, ""), 80, true), "\n"))
	for _, want := range []string{"vertex u∈ Rₖ", "2. return x₁"} {
		if !strings.Contains(plain, want) {
			t.Errorf("detail lacks %q:\n%s", want, plain)
		}
	}
	if strings.Contains(plain, `\in`) || strings.Contains(plain, "$") {
		t.Errorf("LaTeX left in the detail's form:\n%s", plain)
	}
}
