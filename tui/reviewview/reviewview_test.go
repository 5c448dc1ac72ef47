package reviewview

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/styles"
)

func TestLoadListsCandidatesWithCounts(t *testing.T) {
	m := newModel(t)
	v := plain(m)
	for _, want := range []string{"9 primitives · 0 decisions", "review before commit", "Group", "Lagrange's theorem",
		"groups.md › §1.1 Sets", "thm", // the type column
		"A map ·: S × S → S.", // the statement, read as a person reads it
	} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, `\colon`) || strings.Contains(v, "$") {
		t.Errorf("a statement is shown as LaTeX:\n%s", v)
	}
	if p, ok := m.Selected(); !ok || p.ID != "alg-set" {
		t.Fatalf("selected %v, want the first candidate", p.ID)
	}
	if m.Captures() || len(m.Decisions()) != 0 {
		t.Fatal("a fresh review captures keys or has decisions")
	}
}

// Each key's decision: what it records, what the list shows after it.
func TestDecisionKeys(t *testing.T) {
	type check func(t *testing.T, m Model)
	marks := func(id, want string) check {
		return func(t *testing.T, m Model) {
			if got := rowOf(t, m, id).marks; got != want {
				t.Errorf("%s marks %q, want %q", id, got, want)
			}
		}
	}
	name := func(id, want string) check {
		return func(t *testing.T, m Model) {
			if got := rowOf(t, m, id).p.Name; got != want {
				t.Errorf("%s named %q, want %q", id, got, want)
			}
		}
	}
	shows := func(want string) check {
		return func(t *testing.T, m Model) {
			if v := plain(m); !strings.Contains(v, want) {
				t.Errorf("view lacks %q:\n%s", want, v)
			}
		}
	}
	cases := []struct {
		name string
		sel  string
		keys []tea.Msg
		want []core.Curation
		also []check
	}{
		{name: "1 takes the first offer", sel: "alg-group", keys: []tea.Msg{tuitest.Press('1')},
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-group", Name: "Group (algebra)"}},
			also: []check{marks("alg-group", "r"), name("alg-group", "Group (algebra)"), shows("1 decision")}},
		{name: "3 takes the third offer", sel: "alg-group", keys: []tea.Msg{tuitest.Press('3')},
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-group", Name: "Groupoid"}}},
		{name: "2 with one offer records nothing", sel: "alg-set", keys: []tea.Msg{tuitest.Press('2')},
			also: []check{shows("no offered name 2")}},
		{name: "its name now is not offered", sel: "alg-group", keys: []tea.Msg{tuitest.Press('2')},
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-group", Name: "Abstract group"}}},
		{name: "r renames through the prompt", sel: "alg-order",
			keys: append([]tea.Msg{tuitest.Press('r'), keyErase}, typeText("Order of a group")...),
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-order", Name: "Order of a group"}},
			also: []check{marks("alg-order", "r")}},
		{name: "the cursor moves in the prompt's text", sel: "alg-order",
			keys: append(append([]tea.Msg{tuitest.Press('r'), keyErase}, typeText("Order a group")...),
				tea.KeyPressMsg{Code: tea.KeyLeft}, tea.KeyPressMsg{Code: tea.KeyLeft}, tea.KeyPressMsg{Code: tea.KeyLeft},
				tea.KeyPressMsg{Code: tea.KeyLeft}, tea.KeyPressMsg{Code: tea.KeyLeft}, tea.KeyPressMsg{Code: tea.KeyLeft},
				tea.KeyPressMsg{Code: tea.KeyLeft}, tuitest.Press('o'), tuitest.Press('f'), tuitest.Press(' '), tea.KeyPressMsg{Code: tea.KeyEnd},
				tea.KeyPressMsg{Code: tea.KeyBackspace}, tuitest.Press('p')),
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-order", Name: "Order of a group"}}},
		{name: "tab puts the next offer in the prompt", sel: "alg-order", keys: []tea.Msg{tuitest.Press('r'), keyTab, keyTab},
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-order", Name: "Cardinality"}}},
		{name: "esc drops the rename", sel: "alg-order", keys: []tea.Msg{tuitest.Press('r'), tuitest.Press('x'), keyEsc}},
		{name: "an unchanged name records nothing", sel: "alg-order", keys: []tea.Msg{tuitest.Press('r')}},
		{name: "t then a digit retypes", sel: "alg-order", keys: []tea.Msg{tuitest.Press('t'), tuitest.Press('3')},
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-order", Type: core.Theorem}},
			also: []check{marks("alg-order", "t"), shows("thm")}},
		{name: "t t enter cycles the type", sel: "alg-order", keys: []tea.Msg{tuitest.Press('t'), tuitest.Press('t'), keyRight},
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-order", Type: core.Algorithm}}},
		{name: "e restates", sel: "alg-order",
			keys: append([]tea.Msg{tuitest.Press('e'), keyErase}, typeText(`The number $|G|$ of elements of $G$.`)...),
			want: []core.Curation{{Kind: core.CurateEdit, ID: "alg-order", Statement: `The number $|G|$ of elements of $G$.`}},
			also: []check{marks("alg-order", "e"), shows("The number |G| of elements of G.")}},
		{name: "x rejects", sel: "alg-cyclic", keys: []tea.Msg{tuitest.Press('x')},
			want: []core.Curation{{Kind: core.CurateReject, ID: "alg-cyclic"}},
			also: []check{marks("alg-cyclic", "x"), shows("8 primitives · 1 decision")}},
		{name: "x x takes the rejection back", sel: "alg-cyclic", keys: []tea.Msg{tuitest.Press('x'), tuitest.Press('x')},
			also: []check{marks("alg-cyclic", ""), shows("9 primitives · 0 decisions")}},
		{name: "l links to the target", sel: "alg-cyclic", keys: []tea.Msg{tuitest.Press('l'), keyUp, keyUp, keyUp, keyUp}, // from Groups to Subgroup
			want: []core.Curation{{Kind: core.CurateLink, ID: "alg-cyclic", Other: "alg-subgroup"}}},
		{name: "l with an edge type", sel: "alg-order", keys: []tea.Msg{tuitest.Press('l'), keyUp, keyUp, keyUp, tuitest.Press('2')}, // from Cyclic group to Subgroup
			want: []core.Curation{{Kind: core.CurateLink, ID: "alg-order", Other: "alg-subgroup", Edge: core.Generalizes}}},
		{name: "l esc aborts", sel: "alg-cyclic", keys: []tea.Msg{tuitest.Press('l'), keyUp, keyEsc}},
		{name: "a cycle is refused and not recorded", sel: "alg-group", keys: []tea.Msg{tuitest.Press('l'), keyDown}, // from Subgroup to Lagrange's theorem
			also: []check{shows("refused: it would make a dependency cycle alg-group → alg-lagrange → alg-group")}},
		{name: "u unlinks the picked edge", sel: "alg-lagrange", keys: []tea.Msg{tuitest.Press('u'), tuitest.Press('2')},
			want: []core.Curation{{Kind: core.CurateUnlink, ID: "alg-lagrange", Other: "alg-group"}}},
		{name: "u unlinks a dependent's edge", sel: "alg-order", keys: []tea.Msg{tuitest.Press('u'), keyDown},
			want: []core.Curation{{Kind: core.CurateUnlink, ID: "alg-cyclic", Other: "alg-order"}}},
		{name: "m merges into the target, once y answers its question", sel: "alg-groups",
			keys: []tea.Msg{tuitest.Press('m'), tuitest.Press('g'), keyDown, keyDown, keyEnter, tuitest.Press('y')},
			want: []core.Curation{{Kind: core.CurateMerge, ID: "alg-groups", Other: "alg-group"}},
			also: []check{marks("alg-groups", "m"), shows("8 primitives"), func(t *testing.T, m Model) {
				if g := rowOf(t, m, "alg-group"); !g.p.HasEdge("alg-set", core.Requires) {
					t.Error("the merge did not move Groups' edge to Group")
				}
			}}},
		{name: "s splits", sel: "alg-hom",
			keys: append([]tea.Msg{tuitest.Press('s'), keyErase}, typeText(`Homomorphism: $f(xy) = f(x)f(y)$ ;; Kernel: $\ker f = f^{-1}(e)$`)...),
			want: []core.Curation{{Kind: core.CurateSplit, ID: "alg-hom", Parts: []core.Part{
				{Name: "Homomorphism", Statement: "$f(xy) = f(x)f(y)$"}, {Name: "Kernel", Statement: `$\ker f = f^{-1}(e)$`}}}},
			also: []check{marks("alg-hom", "sr"), shows("10 primitives"), func(t *testing.T, m Model) {
				last := m.rows[len(m.rows)-1]
				if !last.added || last.p.Name != "Kernel" || last.marks != "+" {
					t.Errorf("the new part is not listed after the split one: %+v", last)
				}
			}}},
		{name: "a split of one part is refused, its prompt kept", sel: "alg-hom",
			keys: append([]tea.Msg{tuitest.Press('s'), keyErase}, typeText("Homomorphism: $f(xy)=f(x)f(y)$")...),
			also: []check{shows("needs at least two parts"), func(t *testing.T, m Model) {
				if !m.Captures() {
					t.Error("the refused split closed its prompt")
				}
			}}},
		{name: "z undoes the last decision", sel: "alg-hom",
			keys: []tea.Msg{tuitest.Press('x'), keyUp, tuitest.Press('t'), tuitest.Press('1'), tuitest.Press('z')},
			want: []core.Curation{{Kind: core.CurateReject, ID: "alg-hom"}},
			also: []check{marks("alg-groups", ""), shows("undone: edit Groups (type → axiom)")}},
		{name: "decisions on a rejected row are refused", sel: "alg-hom",
			keys: []tea.Msg{tuitest.Press('x'), tuitest.Press('r'), tuitest.Press('t')},
			want: []core.Curation{{Kind: core.CurateReject, ID: "alg-hom"}},
			also: []check{shows("is rejected")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := selectID(t, newModel(t), c.sel)
			m, _ = send(m, c.keys...)
			if m.mode != modeNone {
				m, _ = send(m, keyEnter)
			}
			if got := m.Decisions(); !slices.EqualFunc(got, c.want, sameDecision) {
				t.Fatalf("decisions %+v, want %+v\n%s", got, c.want, plain(m))
			}
			for _, f := range c.also {
				f(t, m)
			}
			replays(t, m)
			tuitest.CheckSize(t, m.View(), 120, 30)
		})
	}
}

func sameDecision(a, b core.Curation) bool {
	return a.Kind == b.Kind && a.ID == b.ID && a.Other == b.Other && a.Name == b.Name && a.Type == b.Type &&
		a.Statement == b.Statement && a.Edge == b.Edge && slices.Equal(a.Parts, b.Parts)
}

// A rejection taken back is dropped wherever it is in the decisions; the
// later ones stay.
func TestRejectTakenBackKeepsLaterDecisions(t *testing.T) {
	m := selectID(t, newModel(t), "alg-cyclic")
	m, _ = send(m, tuitest.Press('x'), keyUp, tuitest.Press('1'), keyDown, tuitest.Press('x'))
	want := []core.Curation{{Kind: core.CurateEdit, ID: "alg-order", Name: "Order of a group"}}
	if got := m.Decisions(); !slices.EqualFunc(got, want, sameDecision) {
		t.Fatalf("decisions %+v, want %+v", got, want)
	}
	replays(t, m)
}

func TestCommitAndCancel(t *testing.T) {
	m := selectID(t, newModel(t), "alg-cyclic")
	m, msgs := send(m, tuitest.Press('x'), tuitest.Press('c'), tuitest.Press('y'))
	want := DoneMsg{Session: "learn-20260501-090000-abcdef", Decisions: []core.Curation{{Kind: core.CurateReject, ID: "alg-cyclic"}}}
	if len(msgs) != 1 {
		t.Fatalf("c, y sent %v", msgs)
	}
	if d, ok := msgs[0].(DoneMsg); !ok || d.Session != want.Session || !slices.EqualFunc(d.Decisions, want.Decisions, sameDecision) {
		t.Fatalf("c sent %+v, want %+v", msgs[0], want)
	}
	if _, msgs = send(newModel(t), keySave, tuitest.Press('y')); len(msgs) != 1 || len(msgs[0].(DoneMsg).Decisions) != 0 {
		t.Fatalf("ctrl+s, y on an untouched review sent %v, want accept all", msgs)
	}
	if _, msgs = send(m, keyEsc); len(msgs) != 1 || msgs[0] != (CancelMsg{Session: want.Session}) {
		t.Fatalf("esc sent %v", msgs)
	}
	// esc with a prompt open closes the prompt only.
	m, msgs = send(m, tuitest.Press('/'), keyEsc)
	if len(msgs) != 0 || m.Captures() {
		t.Fatalf("esc in a prompt sent %v", msgs)
	}
}

func TestFilter(t *testing.T) {
	m := newModel(t)
	m, _ = send(m, append([]tea.Msg{tuitest.Press('/')}, typeText("GROUP")...)...)
	if !m.Captures() {
		t.Fatal("/ did not open the filter")
	}
	m, _ = send(m, keyEnter)
	var names []string
	for _, it := range m.view {
		names = append(names, m.rows[it.row].p.Name)
	}
	if want := []string{"Group", "Subgroup", "Cyclic group", "Groups"}; !slices.Equal(names, want) {
		t.Fatalf("filtered to %v, want %v", names, want)
	}
	// Decisions work on the filtered list; esc drops the filter first.
	m, _ = send(m, keyDown, tuitest.Press('x'))
	if got := m.Decisions(); len(got) != 1 || got[0].ID != "alg-subgroup" {
		t.Fatalf("decided %+v", got)
	}
	m, msgs := send(m, keyEsc)
	if len(msgs) != 0 || len(m.view) != 9 {
		t.Fatalf("esc sent %v and left %d lines", msgs, len(m.view))
	}
	if p, _ := m.Selected(); p.ID != "alg-subgroup" {
		t.Fatalf("the selection moved to %s", p.ID)
	}
}

// A link's target is searched by name.
func TestLinkTargetByFilter(t *testing.T) {
	m := selectID(t, newModel(t), "alg-cyclic")
	m, _ = send(m, append([]tea.Msg{tuitest.Press('l'), tuitest.Press('/')}, typeText("subg")...)...)
	m, _ = send(m, keyEnter)
	if m.mode != modeLink {
		t.Fatalf("the filter did not return to the link: mode %d", m.mode)
	}
	m, _ = send(m, keyEnter)
	want := []core.Curation{{Kind: core.CurateLink, ID: "alg-cyclic", Other: "alg-subgroup"}}
	if got := m.Decisions(); !slices.EqualFunc(got, want, sameDecision) {
		t.Fatalf("decisions %+v, want %+v", got, want)
	}
}

// revisits are two standing decisions that no longer match: a rename of
// Order whose statement was reworded, and a rejection of a primitive gone
// from the source.
func revisits() []curate.Revisit {
	old := prim("alg-order", "Order", core.Definition, "§1.5 Cosets", "The order of a group is its size.")
	oa := core.AnchorOf(old, "")
	gone := core.Anchor{Document: core.DocumentKey(old.Provenance), Section: "§9 Appendix", Name: "Monoid", ContentHash: "00ff"}
	return []curate.Revisit{
		{Decision: core.Curation{Kind: core.CurateEdit, ID: "alg-order", Name: "Order of a group", Anchor: &oa, Session: "curate-20260401-100000-aaaaaa", By: "ana"},
			Reason: curate.Reworded, Candidate: "alg-order"},
		{Decision: core.Curation{Kind: core.CurateReject, ID: "alg-monoid", Anchor: &gone, Session: "learn-20260301-100000-bbbbbb"},
			Reason: curate.Gone},
	}
}

func TestRevisitAnswers(t *testing.T) {
	in := input()
	in.Revisit = revisits()
	m := load(in, 120, 30, false)
	v := plain(m)
	if !strings.Contains(v, "2 to revisit") || !strings.HasPrefix(strings.Split(v, "\n")[1], "▸ ?  revisit edit Order") {
		t.Fatalf("revisits are not listed first:\n%s", v)
	}
	if !strings.Contains(v, "a re-apply") {
		t.Errorf("the help does not offer re-apply on a revisit:\n%s", v)
	}
	m, _ = send(m, tuitest.Press('a'), keyDown, tuitest.Press('d'))
	want := []core.Curation{
		{Kind: core.CurateEdit, ID: "alg-order", Name: "Order of a group"},
		{Kind: core.CurateDismiss, ID: "alg-monoid"},
	}
	got := m.Decisions()
	if !slices.EqualFunc(got, want, sameDecision) {
		t.Fatalf("decisions %+v, want %+v", got, want)
	}
	if got[0].Anchor != nil || got[0].Session != "" || got[0].By != "" {
		t.Errorf("the re-applied decision keeps the old one's anchor or author: %+v", got[0])
	}
	if got[1].Anchor == nil || got[1].Anchor.Name != "Monoid" {
		t.Errorf("the answer to a gone decision does not keep its anchor: %+v", got[1])
	}
	if rowOf(t, m, "alg-order").p.Name != "Order of a group" || strings.Contains(plain(m), "to revisit") {
		t.Fatalf("answers not shown:\n%s", plain(m))
	}
	m, _ = send(m, tuitest.Press('a'))
	if s, bad := m.Status(); !strings.Contains(s, "answered already") || bad {
		t.Errorf("a second answer: %q", s)
	}
	// z takes the last answer back: the revisit is open again.
	m, _ = send(m, tuitest.Press('z'))
	if !strings.Contains(plain(m), "1 to revisit") || len(m.Decisions()) != 1 {
		t.Fatalf("undo did not reopen the revisit:\n%s", plain(m))
	}
	replays(t, m)
}

// Decisions already applied are shown applied; one that removed a
// primitive cannot be taken back here.
func TestReapplied(t *testing.T) {
	in := input()
	in.Reapplied = []core.Curation{{Kind: core.CurateReject, ID: "alg-groups"}, {Kind: core.CurateEdit, ID: "alg-set", Name: "Set (naive)"}}
	m := load(in, 120, 30, true)
	if r := rowOf(t, m, "alg-groups"); r.marks != "x" || !r.byBase {
		t.Fatalf("the reapplied rejection is not shown: %+v", r)
	}
	if !strings.Contains(plain(m), "Set (naive)") || !strings.Contains(plain(m), "8 primitives · 0 decisions") {
		t.Fatalf("reapplied decisions not shown:\n%s", plain(m))
	}
	m, _ = send(selectID(t, m, "alg-groups"), tuitest.Press('x'))
	if s, bad := m.Status(); !bad || !strings.Contains(s, "earlier decision") || len(m.Decisions()) != 0 {
		t.Fatalf("x on a reapplied rejection: %q", s)
	}
}

func TestDetailPane(t *testing.T) {
	m := selectID(t, load(input(), 200, 30, true), "alg-group")
	v := plain(m)
	for _, want := range []string{"depends on Binary operation", "needed by Subgroup · Lagrange's theorem · Order · Cyclic group",
		"offers 1 Group (algebra) · 2 Abstract group · 3 Groupoid", "G with an associative binary operation, an identity e and",
		"groups.md › §1.3 Groups · alg-group"} {
		if !strings.Contains(v, want) {
			t.Errorf("detail lacks %q:\n%s", want, v)
		}
	}
	m, _ = send(m, tuitest.Press('1'))
	if v := plain(m); !strings.Contains(v, "renamed from Group") {
		t.Errorf("detail does not say what changed:\n%s", v)
	}
}

func TestKeyMapHelp(t *testing.T) {
	m := newModel(t)
	short := m.KeyMap().ShortHelp()
	var keys []string
	for _, b := range short {
		keys = append(keys, b.Help().Key)
	}
	for _, want := range []string{"1-3", "r", "t", "e", "x", "l", "m", "u", "s", "z", "/", "c/ctrl+s", "esc"} {
		if !slices.Contains(keys, want) {
			t.Errorf("short help lacks %q: %v", want, keys)
		}
	}
	m, _ = send(m, tuitest.Press('r'))
	if k := m.KeyMap(); k.ShortHelp()[0].Help().Desc != "rename" {
		t.Errorf("the rename prompt's help: %v", k.ShortHelp()[0].Help())
	}
	if n := len(m.KeyMap().FullHelp()); n == 0 {
		t.Error("no full help")
	}
}

// Hostile names and statements are spelled out, never sent raw.
func TestHostileText(t *testing.T) {
	ps := groups()
	ps[0].Name = "Set\x1b[2J\u202e"
	ps[0].FormalStatement = "A set\x1b]52;c;ZXZpbA==\x07 is $x \\in S$\n\twith tabs"
	ps[1].Name = "群の二項演算と単位元" // wide characters: two cells each
	ps[1].Provenance.Section = "§１.２ 演算"
	for _, s := range []size{{80, 24}, {120, 40}, {61, 17}} {
		m := load(Input{Candidates: curate.NewCandidates(ps)}, s.W, s.H, true)
		for _, k := range []tea.Msg{nil, keyDown, tuitest.Press('r')} {
			if k != nil {
				m, _ = m.Update(k)
			}
			v := m.View()
			if strings.Contains(ansi.Strip(v), "\x1b") || strings.Contains(v, "\u202e") || strings.Contains(v, "\x07") {
				t.Fatalf("raw control characters reach the screen: %q", v)
			}
			tuitest.CheckSize(t, v, s.W, s.H)
		}
	}
}

func TestEmptyAndTinySizes(t *testing.T) {
	for _, in := range []Input{{}, {Candidates: curate.NewCandidates(nil)}, input()} {
		for _, s := range []size{{0, 0}, {1, 1}, {5, 2}, {10, 3}, {20, 5}, {40, 7}, {60, 17}, {99, 12}, {100, 12}, {200, 50}} {
			m := load(in, s.W, s.H, true)
			for _, k := range []tea.Msg{keyDown, tuitest.Press('x'), tuitest.Press('r'), keyEnter, tuitest.Press('u'), tuitest.Press('l'), keyEnter} {
				m, _ = m.Update(k)
				tuitest.CheckSize(t, m.View(), s.W, s.H)
			}
		}
	}
}

// alphabet is every key the review knows and some it does not.
var alphabet = []tea.Msg{
	keyUp, keyDown, keyEnter, keyEsc, keyTab, keyBack, keyRight, keyErase, keySave,
	tea.KeyPressMsg{Code: tea.KeyPgDown}, tea.KeyPressMsg{Code: tea.KeyPgUp}, tea.KeyPressMsg{Code: tea.KeyLeft},
	tea.PasteMsg{Content: "pasted\nname ;; part: $x$"}, tea.WindowSizeMsg{Width: 1, Height: 1},
}

func init() {
	for _, r := range "123456789rtexlumszadcgGjk/ q;:" {
		alphabet = append(alphabet, tuitest.Press(r))
	}
}

// runKeys plays the key sequence b names on the review, checking after
// each key that nothing panics, the view fits and the decisions apply
// as the list shows them.
func runKeys(t *testing.T, b []byte, w, h int) {
	in := input()
	in.Revisit = revisits()
	in.Reapplied = []core.Curation{{Kind: core.CurateEdit, ID: "alg-set", Name: "Set (naive)"}}
	m := load(in, w, h, b != nil && len(b)%2 == 0)
	for _, c := range b {
		m, _ = m.Update(alphabet[int(c)%len(alphabet)])
		tuitest.CheckSize(t, m.View(), w, h)
	}
	replays(t, m)
}

// Random key sequences never panic, the view always fits, and every
// decision recorded applies again.
func TestRandomKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := []size{{80, 24}, {120, 40}, {60, 17}, {33, 9}}
	for i := range 300 {
		b := make([]byte, 40)
		for j := range b {
			b[j] = byte(rng.IntN(256))
		}
		s := sizes[i%len(sizes)]
		runKeys(t, b, s.W, s.H)
	}
}

func FuzzKeys(f *testing.F) {
	f.Add([]byte("lkk\r"), 80, 24)
	f.Add([]byte{30, 31, 40, 50, 2, 3}, 120, 40)
	f.Fuzz(func(t *testing.T, b []byte, w, h int) {
		runKeys(t, b, w%250, h%80)
	})
}

func goldenModel(t testing.TB, w, h int, dark bool) Model {
	in := input()
	in.Revisit = revisits()[:1]
	m := load(in, w, h, dark)
	m = selectID(t, m, "alg-group")
	m, _ = send(m, tuitest.Press('1'))
	m = selectID(t, m, "alg-cyclic")
	m, _ = send(m, tuitest.Press('x'))
	m = selectID(t, m, "alg-hom")
	m, _ = send(m, append([]tea.Msg{tuitest.Press('s'), keyErase}, typeText(`Homomorphism: $f(xy) = f(x)f(y)$ ;; Kernel: $\ker f = f^{-1}(e)$`)...)...)
	m, _ = send(m, keyEnter)
	return selectID(t, m, "alg-group")
}

// TestGolden is a review with a revisit, a rename, a rejection and a
// split, the renamed primitive selected.
func TestGolden(t *testing.T) {
	for _, s := range []size{{80, 24}, {120, 40}} {
		for _, dark := range []bool{false, true} {
			theme := "light"
			if dark {
				theme = "dark"
			}
			t.Run(itoa(s.W)+"x"+itoa(s.H)+"/"+theme, func(t *testing.T) {
				v := goldenModel(t, s.W, s.H, dark).View()
				tuitest.CheckSize(t, v, s.W, s.H)
				golden.RequireEqual(t, []byte(v))
			})
		}
	}
}

// TestGoldenLink is a link's target being chosen.
func TestGoldenLink(t *testing.T) {
	m := selectID(t, load(input(), 80, 24, true), "alg-cyclic")
	m, _ = send(m, tuitest.Press('l'), keyUp, keyUp, keyUp)
	golden.RequireEqual(t, []byte(m.View()))
}

func BenchmarkReviewView2000(b *testing.B) {
	m := load(Input{Source: "/corpus", Candidates: curate.NewCandidates(many(2000))}, 120, 40, true)
	m, _ = send(m, tea.KeyPressMsg{Code: tea.KeyPgDown}, tea.KeyPressMsg{Code: tea.KeyPgDown})
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkReviewLoad2000 is the Load of 2,000 candidates.
func BenchmarkReviewLoad2000(b *testing.B) {
	in := Input{Source: "/corpus", Candidates: curate.NewCandidates(many(2000))}
	m := New(styles.New(true)).SetSize(120, 40)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.Load(in)
	}
}

// BenchmarkReviewDecide2000 is one decision and its undo among 2,000
// candidates: each replays the decisions and rebuilds the list.
func BenchmarkReviewDecide2000(b *testing.B) {
	m := load(Input{Source: "/corpus", Candidates: curate.NewCandidates(many(2000))}, 120, 40, true)
	m, _ = send(m, keyDown)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m, _ = m.Update(tuitest.Press('x'))
		m, _ = m.Update(tuitest.Press('z'))
	}
}

func TestMouseAndHeader(t *testing.T) {
	in := input()
	in.Pending = false
	m := load(in, 120, 30, true)
	if v := plain(m); strings.Contains(v, "before commit") || !strings.HasPrefix(v, " review · ") {
		t.Fatalf("a committed session's review is titled as a pending learn:\n%s", v)
	}
	m, _ = m.Click(5, 3) // the list's third line: Group
	if p, _ := m.Selected(); p.ID != "alg-group" {
		t.Fatalf("click selected %s", p.ID)
	}
	m, _ = m.Click(100, 1) // the detail pane: nothing moves
	m, _ = m.Scroll(2)
	if p, _ := m.Selected(); p.ID != "alg-lagrange" {
		t.Fatalf("scroll selected %s", p.ID)
	}
	// With a filter set, esc drops it and the help says so.
	m, _ = send(m, append([]tea.Msg{tuitest.Press('/')}, typeText("order")...)...)
	m, _ = send(m, keyEnter)
	if h := m.KeyMap().ShortHelp(); h[1].Help().Desc != "clear filter" {
		t.Errorf("help with a filter set says %v after commit", h[1].Help())
	}
}

// A link or a merge starts on another primitive than the one it is of,
// the next that stands, and the header names it; on the marked one itself
// the header says it cannot be its own target, and enter refuses it with
// a word, recording nothing.
func TestLinkAndMergeStartOnAnotherPrimitive(t *testing.T) {
	for _, c := range []struct {
		key       rune
		sel, want string
		header    string
	}{
		{'l', "alg-order", "alg-cyclic", "link Order → Cyclic group"},
		{'m', "alg-groups", "alg-hom", "merge Groups into Homomorphism and kernel"},
		// At the end of the list, the one before it.
		{'m', "alg-hom", "alg-groups", "merge Homomorphism and kernel into Groups"},
	} {
		m := selectID(t, newModel(t), c.sel)
		m, _ = send(m, tuitest.Press(c.key))
		if p, _ := m.Selected(); p.ID != c.want {
			t.Errorf("%c on %s starts on %s, want %s", c.key, c.sel, p.ID, c.want)
		}
		if v := plain(m); !strings.Contains(v, c.header) {
			t.Errorf("%c on %s: the header lacks %q:\n%s", c.key, c.sel, c.header, v)
		}
	}
	// A rejected primitive is passed over.
	m := selectID(t, newModel(t), "alg-groups")
	m, _ = send(m, tuitest.Press('x'), keyUp, tuitest.Press('l'))
	if p, _ := m.Selected(); p.ID != "alg-hom" {
		t.Errorf("l from Cyclic group with Groups rejected starts on %s, want alg-hom", p.ID)
	}

	// Moved back onto itself, the target is refused in words.
	m = selectID(t, newModel(t), "alg-order")
	m, _ = send(m, tuitest.Press('m'), keyUp)
	v := plain(m)
	if !strings.Contains(v, "merge Order into (another primitive: not itself)") || strings.Contains(v, "merge Order into Order") {
		t.Errorf("on itself, the merge's header does not say it needs another primitive:\n%s", v)
	}
	m, _ = send(m, keyEnter)
	if len(m.Decisions()) != 0 || !m.Captures() {
		t.Fatalf("a merge into itself was recorded or closed: %+v", m.Decisions())
	}
	if st, bad := m.Status(); !bad || st != "refused: Order cannot be merged into itself; move to another primitive" {
		t.Errorf("status %q (bad %v)", st, bad)
	}
}

// The split prompt holds the statement as the screen shows it (its math
// read as a person reads it, not LaTeX); the parts kept from it are
// stored in the statement's own LaTeX, a part written anew as written.
func TestSplitPromptShowsWhatThePersonSaw(t *testing.T) {
	m := selectID(t, newModel(t), "alg-hom")
	m, _ = send(m, tuitest.Press('s'))
	want := "Homomorphism and kernel: A map f: G → H with f(xy) = f(x)f(y); its kernel is ker f = {g : f(g) = e}. ;; "
	if m.text != want {
		t.Fatalf("the split prompt holds %q, want %q", m.text, want)
	}
	if v := plain(m); strings.Contains(v, `\colon`) || strings.Contains(v, "$") || !strings.Contains(v, "A map f: G → H") {
		t.Errorf("the split prompt shows LaTeX, or not the statement as read:\n%s", v)
	}
	// The person cuts the statement in two where the ";" was and names
	// the second part; a third part is their own words.
	m, _ = send(m, keyErase, tea.PasteMsg{Content: "Homomorphism: A map f: G → H with f(xy) = f(x)f(y) ;; " +
		"Kernel: its kernel is ker f = {g : f(g) = e}. ;; Image: the set of all f(g)"}, keyEnter)
	wantD := []core.Curation{{Kind: core.CurateSplit, ID: "alg-hom", Parts: []core.Part{
		{Name: "Homomorphism", Statement: `A map $f \colon G \to H$ with $f(xy) = f(x)f(y)$`},
		{Name: "Kernel", Statement: `its kernel is $\ker f = \{g : f(g) = e\}$.`},
		{Name: "Image", Statement: "the set of all f(g)"},
	}}}
	if got := m.Decisions(); !slices.EqualFunc(got, wantD, sameDecision) {
		t.Fatalf("decisions %+v\nwant %+v\n%s", got, wantD, plain(m))
	}
	replays(t, m)
}

// The statement prompt (e) holds the statement as the screen shows it,
// not its LaTeX. A math span the person leaves whole and unchanged is
// stored with the statement's LaTeX; what they write anew, or a span they
// change, is stored as written; submitting it untouched records nothing.
func TestStatementPromptShowsWhatThePersonSaw(t *testing.T) {
	shown := "A map f: G → H with f(xy) = f(x)f(y); its kernel is ker f = {g : f(g) = e}."
	m := selectID(t, newModel(t), "alg-hom")
	m, _ = send(m, tuitest.Press('e'))
	if m.text != shown {
		t.Fatalf("the statement prompt holds %q, want %q", m.text, shown)
	}
	if v := plain(m); strings.Contains(v, `\colon`) || strings.Contains(v, "$") {
		t.Errorf("the statement prompt shows LaTeX:\n%s", v)
	}
	if m2, _ := send(m, keyEnter); len(m2.Decisions()) != 0 || !strings.Contains(plain(m2), "statement unchanged") {
		t.Errorf("an untouched statement recorded %+v\n%s", m2.Decisions(), plain(m2))
	}

	for _, c := range []struct{ name, typed, want string }{
		{"words changed around kept math",
			"A homomorphism f: G → H with f(xy) = f(x)f(y); its kernel is the set of g with f(g) = e.",
			`A homomorphism $f \colon G \to H$ with $f(xy) = f(x)f(y)$; its kernel is the set of g with f(g) = e.`},
		{"a span changed is stored as written",
			"A map f: G → K with f(xy) = f(x)f(y); its kernel is ker f = {g : f(g) = e}. Also $x^2$.",
			`A map f: G → K with $f(xy) = f(x)f(y)$; its kernel is $\ker f = \{g : f(g) = e\}$. Also $x^2$.`},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := send(m, keyErase, tea.PasteMsg{Content: c.typed}, keyEnter)
			want := []core.Curation{{Kind: core.CurateEdit, ID: "alg-hom", Statement: c.want}}
			if got := m.Decisions(); !slices.EqualFunc(got, want, sameDecision) {
				t.Fatalf("decisions %+v\nwant %+v", got, want)
			}
			replays(t, m)
		})
	}
}

// c (and ctrl+s) asks before committing, naming what goes to the store
// (issue 79, point 9): the same review's c a few seconds later on the
// Learn screen meant "cancel the run", and a commit cannot be taken back
// here. n or esc goes back to the review, its decisions kept.
func TestCommitAsksFirst(t *testing.T) {
	m := selectID(t, newModel(t), "alg-cyclic")
	m, msgs := send(m, tuitest.Press('x'), tuitest.Press('c'))
	if len(msgs) != 0 {
		t.Fatalf("c committed without asking: %v", msgs)
	}
	if v := plain(m); !strings.Contains(v, "commit 8 primitives to the store, with 1 decision? y/n") {
		t.Errorf("c does not ask what it commits:\n%s", v)
	}
	if !m.Captures() {
		t.Error("the question does not take the keys (q, digits and tab would act under it)")
	}
	if h := helpText(m); !strings.Contains(h, "y commit") || !strings.Contains(h, "n/esc back to the review") {
		t.Errorf("the help line under the question: %q", h)
	}
	// n, then esc: back to the review, nothing sent, the decision kept.
	for _, no := range []tea.Msg{tuitest.Press('n'), keyEsc} {
		var back Model
		back, msgs = send(m, no)
		if len(msgs) != 0 || back.Captures() || len(back.Decisions()) != 1 {
			t.Fatalf("%v under the question sent %v, captures %v, decisions %v", no, msgs, back.Captures(), back.Decisions())
		}
		if strings.Contains(plain(back), "? y/n") {
			t.Errorf("%v left the question on the screen:\n%s", no, plain(back))
		}
	}
	// Any other key is no answer: the question stays.
	m, msgs = send(m, tuitest.Press('q'), tuitest.Press('c'), tuitest.Press('2'))
	if len(msgs) != 0 || !m.Captures() {
		t.Fatalf("other keys under the question sent %v or closed it", msgs)
	}
	_, msgs = send(m, tuitest.Press('y'))
	want := DoneMsg{Session: "learn-20260501-090000-abcdef", Decisions: []core.Curation{{Kind: core.CurateReject, ID: "alg-cyclic"}}}
	if len(msgs) != 1 {
		t.Fatalf("y sent %v", msgs)
	}
	if d, ok := msgs[0].(DoneMsg); !ok || d.Session != want.Session || !slices.EqualFunc(d.Decisions, want.Decisions, sameDecision) {
		t.Fatalf("y sent %+v, want %+v", msgs[0], want)
	}

	// ctrl+s asks the same; an untouched review commits everything.
	m, msgs = send(newModel(t), keySave)
	if len(msgs) != 0 || !strings.Contains(plain(m), "commit 9 primitives to the store? y/n") {
		t.Fatalf("ctrl+s sent %v; the screen:\n%s", msgs, plain(m))
	}
	// A committed learn's review records its decisions as a curate
	// session: asked so too; with none, c only closes it.
	in := input()
	in.Pending = false
	m, msgs = send(selectID(t, load(in, 120, 30, true), "alg-cyclic"), tuitest.Press('x'), tuitest.Press('c'))
	if len(msgs) != 0 || !strings.Contains(plain(m), "record 1 decision as a curate session? y/n") {
		t.Fatalf("c on a committed learn's review sent %v; the screen:\n%s", msgs, plain(m))
	}
	if _, msgs = send(load(in, 120, 30, true), tuitest.Press('c')); len(msgs) != 1 {
		t.Fatalf("c on a review of a committed learn with no decision sent %v, want it closed", msgs)
	}
}

// A merge asks first, naming both primitives (issue 79, point 13): it
// removes one of them. n goes back to choosing the target; k and j only
// move in the picker.
func TestMergeAsksFirst(t *testing.T) {
	m := selectID(t, newModel(t), "alg-groups")
	m, _ = send(m, tuitest.Press('m'), tuitest.Press('k'), tuitest.Press('k'))
	if len(m.Decisions()) != 0 {
		t.Fatalf("k in the merge picker decided %+v", m.Decisions())
	}
	if p, _ := m.Selected(); p.ID != "alg-cyclic" {
		t.Fatalf("k k from Homomorphism and kernel selected %s, want alg-cyclic (past Groups itself)", p.ID)
	}
	m, _ = send(m, tuitest.Press('g'), keyDown, keyDown, keyEnter)
	if len(m.Decisions()) != 0 {
		t.Fatalf("enter merged without asking: %+v", m.Decisions())
	}
	if v := plain(m); !strings.Contains(v, "merge “Groups” into “Group”? y/n") {
		t.Errorf("the merge does not ask, naming both:\n%s", v)
	}
	if h := helpText(m); !strings.Contains(h, "y merge") || !strings.Contains(h, "n/esc choose another") {
		t.Errorf("the help line under the question: %q", h)
	}
	m, _ = send(m, tuitest.Press('n'))
	if m.mode != modeMerge || len(m.Decisions()) != 0 {
		t.Fatalf("n did not go back to the merge's target: mode %d, decisions %+v", m.mode, m.Decisions())
	}
	m, _ = send(m, keyDown, keyEnter)
	if v := plain(m); !strings.Contains(v, "merge “Groups” into “Subgroup”? y/n") {
		t.Errorf("the second question:\n%s", v)
	}
	m, _ = send(m, keyEsc, keyUp, keyEnter, tuitest.Press('y'))
	want := []core.Curation{{Kind: core.CurateMerge, ID: "alg-groups", Other: "alg-group"}}
	if got := m.Decisions(); !slices.EqualFunc(got, want, sameDecision) || m.Captures() {
		t.Fatalf("decisions %+v (captures %v), want %+v", got, m.Captures(), want)
	}
	if st, _ := m.Status(); st != "merged Groups into Group" {
		t.Errorf("status %q", st)
	}
	replays(t, m)
}

// The merge's and the link's / is a new search, started empty, not the
// review's filter typed on (issue 79, point 12: "no primitive matches
// “NP-completeReduction”"); the review's filter is back once the target
// is chosen.
func TestTargetSearchStartsEmpty(t *testing.T) {
	m := newModel(t)
	m, _ = send(m, append([]tea.Msg{tuitest.Press('/')}, typeText("group")...)...)
	m, _ = send(m, keyEnter)
	m = selectID(t, m, "alg-cyclic")
	m, _ = send(m, tuitest.Press('l'), tuitest.Press('/'))
	if m.query != "" || !strings.Contains(plain(m), "filter / ▏") {
		t.Fatalf("the link's search starts from %q:\n%s", m.query, plain(m))
	}
	m, _ = send(m, append(typeText("lagr"), keyEnter)...)
	if p, _ := m.Selected(); p.ID != "alg-lagrange" || strings.Contains(plain(m), "no primitive matches") {
		t.Fatalf("the search for lagr selected %s:\n%s", p.ID, plain(m))
	}
	m, _ = send(m, keyEnter)
	if got := m.Decisions(); len(got) != 1 || got[0].Other != "alg-lagrange" {
		t.Fatalf("decisions %+v", got)
	}
	if m.query != "group" {
		t.Errorf("after the link the review's filter is %q, want group back", m.query)
	}
}

// helpText is the help line's keys and words, "key desc" each.
func helpText(m Model) string {
	var out []string
	for _, b := range m.KeyMap().ShortHelp() {
		if b.Enabled() {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(out, " · ")
}

// Dropping a merge's target with esc puts the selection back on the
// primitive the merge started from, not on the last target looked at;
// and the picker's help says the list moves both ways (a target may be
// above the marked primitive).
func TestDroppedTargetSelectsWhereItStarted(t *testing.T) {
	m := selectID(t, newModel(t), "alg-groups")
	m, _ = send(m, tuitest.Press('m'))
	if h := helpText(m); !strings.Contains(h, "↑↓/jk choose") {
		t.Errorf("the merge picker's help line: %q", h)
	}
	m, _ = send(m, keyDown, keyDown)
	if p, _ := m.Selected(); p.ID == "alg-groups" {
		t.Fatalf("the picker did not move off the marked primitive")
	}
	m, _ = send(m, keyEsc)
	if m.Captures() || len(m.Decisions()) != 0 {
		t.Fatalf("esc left the picker open (%v) or decided %+v", m.Captures(), m.Decisions())
	}
	if p, _ := m.Selected(); p.ID != "alg-groups" {
		t.Errorf("after esc the selection is on %s, want alg-groups, where the merge started", p.ID)
	}
}
