package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// keyMsg is the key press whose String() is s.
func keyMsg(s string) tea.KeyPressMsg {
	special := map[string]rune{"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd, "enter": tea.KeyEnter,
		"esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace, "space": tea.KeySpace}
	var mod tea.KeyMod
	if rest, ok := strings.CutPrefix(s, "ctrl+"); ok {
		mod, s = tea.ModCtrl, rest
	} else if rest, ok := strings.CutPrefix(s, "shift+"); ok {
		mod, s = tea.ModShift, rest
	}
	if code, ok := special[s]; ok {
		k := tea.KeyPressMsg{Code: code, Mod: mod}
		if s == "space" {
			k.Text = " "
		}
		return k
	}
	r := []rune(s)[0]
	if mod != 0 {
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	return tea.KeyPressMsg{Code: r, Text: s}
}

// keyFixture is a real store with what every screen needs to have keys
// that act: learn sessions, pending conflicts, skills, and a reviewer's
// request of a hostile source made by the engine.
type keyFixture struct {
	st   *store.Store
	opts engine.LearnOptions
	req  gate.Request
}

const hostileKeys = "# Access notes\n\n## Roles\n\nA role is a named set of permissions granted to a user.\n\n" +
	"access = \"user\u202E nimda\"\n\nA zero\u200bwidth space and ![pixel](http://evil.example/p.png) here.\n\n" +
	"<script>fetch('http://evil.example/x')</script>\n\nA permission is the right to perform one action on one resource.\n"

// newKeyFixture learns the corpus documents docs (absolute paths) and a
// few small documents of its own into a new store.
func newKeyFixture(t *testing.T, docs []string) keyFixture {
	t.Helper()
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	opts := engine.LearnOptions{Domains: ds, Generate: generate.Config{SkillMinPrimitives: 5}}
	learn := func(src string, mod func(*engine.LearnOptions)) *engine.LearnResult {
		t.Helper()
		o := opts
		o.Policy.Approve = true
		if mod != nil {
			mod(&o)
		}
		res, err := engine.Learn(context.Background(), st, src, o)
		if err != nil {
			t.Fatalf("learn %s: %v", src, err)
		}
		return res
	}
	for _, d := range docs {
		learn(d, nil)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	structure := func(o *engine.LearnOptions) { o.Domain = "structure" }
	learn(write("c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n\n"+
		"Definition: A ring is a set with two operations, addition and multiplication, where addition forms an abelian group.\n"), structure)
	learn(write("d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n\n"+
		"Definition: A ring is a set equipped with addition and multiplication such that addition is an abelian group, studied in abstract algebra.\n"), structure)
	if cs, _ := st.Conflicts(); len(cs) < 2 {
		t.Fatalf("setup: %d conflicts, want two to move between", len(cs))
	}
	var req gate.Request
	hostile := opts
	hostile.Tier = core.Stranger
	hostile.Approver = gate.ApproverFunc(func(_ context.Context, r gate.Request) (gate.Answer, error) {
		req = r
		return gate.Answer{Status: core.Rejected, Rationale: "test"}, nil
	})
	if _, err := engine.Learn(context.Background(), st, write("access.md", hostileKeys), hostile); err == nil || len(req.Report.Findings) < 3 {
		t.Fatalf("setup: the hostile source gave %d findings (%v)", len(req.Report.Findings), err)
	}
	return keyFixture{st: st, opts: opts, req: req}
}

// app opens the application on the fixture's store at 100×30 and carries
// out setup, keys or functions, settling the commands each leads to.
func (f keyFixture) app(t *testing.T, setup ...any) Model {
	t.Helper()
	m := New(context.Background(), Options{Open: AlreadyOpen(f.st), StorePath: "lore-test", Learn: f.opts, Dark: true})
	m = settle(t, m, m.Init())
	m, _ = send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	return f.do(t, m, setup...)
}

func (f keyFixture) do(t *testing.T, m Model, steps ...any) Model {
	t.Helper()
	for _, s := range steps {
		switch s := s.(type) {
		case string:
			var cmd tea.Cmd
			m, cmd = send(m, keyMsg(s))
			m = settle(t, m, cmd)
		case func(Model) Model:
			m = s(m)
		case reviewStep:
			m = f.reviewing(m)
		}
	}
	return m
}

// reviewStep is the setup step that puts the fixture's gate request on the
// Findings screen.
type reviewStep struct{}

// reviewing puts a gate's question on the Findings screen, as a run
// waiting at the gate does.
func (f keyFixture) reviewing(m Model) Model {
	r := &run{id: "learn-keys", cancel: func() {}, asks: make(chan approvalAsk)}
	m.run, m.running, m.eventsOpen = r, true, true
	m, _ = send(m, askMsg{run: r.id, ask: approvalAsk{req: f.req, reply: make(chan gate.Answer, 1)}})
	return m
}

// longLog gives the Learn screen a log longer than its pane.
func longLog(m Model) Model {
	for i := range 200 {
		m.learn = m.learn.Log(time.Now(), "extract", fmt.Sprintf("line %d", i))
	}
	return m
}

// short makes the terminal short, so that the panes have more to show
// than fits and their scroll keys act.
func short(m Model) Model {
	m, _ = send(m, tea.WindowSizeMsg{Width: 100, Height: 12})
	return m
}

// fingerprint is what a key can change: the screen and the state behind
// it that the screen may not show at once.
func fingerprint(m Model) string {
	return fmt.Sprint(m.View().Content, m.tab, m.formOpen, m.showHelp, m.confirmQuit, m.quitting, m.notice, m.rankBy)
}

// acts presses k on m, carrying out its commands, and reports whether
// anything changed or the application quit.
func acts(t *testing.T, m Model, k string) bool {
	t.Helper()
	before := fingerprint(m)
	next, cmd := send(m, keyMsg(k))
	quit := false
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < 200; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.QuitMsg:
			quit = true
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			var more tea.Cmd
			next, more = send(next, msg)
			queue = append(queue, more)
		}
	}
	return quit || fingerprint(next) != before
}

// tokens are the keys a binding's help names ("↑/k" is ↑ and k).
func tokens(b key.Binding) []string { return strings.Split(b.Help().Key, "/") }

// listedTwice returns the keys named by two of the enabled bindings, by
// their help or by the keys they match.
func listedTwice(bs []key.Binding) []string {
	var dup []string
	named, matched := map[string]int{}, map[string]int{}
	for i, b := range bs {
		if !b.Enabled() {
			continue
		}
		for _, k := range tokens(b) {
			if j, ok := named[k]; ok && j != i {
				dup = append(dup, fmt.Sprintf("%q named by %q and %q", k, bs[j].Help().Desc, b.Help().Desc))
			}
			named[k] = i
		}
		for _, k := range b.Keys() {
			if j, ok := matched[k]; ok && j != i {
				dup = append(dup, fmt.Sprintf("%q matched by %q and %q", k, bs[j].Help().Desc, b.Help().Desc))
			}
			matched[k] = i
		}
	}
	return dup
}

// Every help of the application — the help line and the help view of
// every screen, and of the form, the filter, the questions and the help
// itself — lists each key once, and every key it lists does something
// there: pressed (after its precondition, when it needs one), the screen
// or the state behind it changes, or the application quits.
func TestHelpListsEachKeyOnceAndEveryListedKeyActs(t *testing.T) {
	// Found before leaving the checkout: the lookup starts from the
	// working directory.
	docs := []string{corpus.Path(t, "latex_ods_sorting.tex"), corpus.Path(t, "latex_openintro_ch_probability.tex")}
	t.Chdir(t.TempDir()) // exports land here
	if err := os.WriteFile("notes.md", []byte("# Notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"up", "shift+up", "ctrl+u", "space", "K", "1", "?", "shift+tab", "pgdown", "backspace"} {
		if got := keyMsg(k).String(); got != k {
			t.Fatalf("keyMsg(%q) is %q", k, got)
		}
	}
	// Keys change the store (e resolves a conflict, y unlearns): each
	// context has a store of its own.
	contexts := []struct {
		name  string
		setup []any
		// pre are the keys that bring about what a key acts on.
		pre map[string][]string
	}{
		{"Learn", []any{"1", longLog}, map[string][]string{"pgdown": {"pgup"}, "J": {"pgup"}, "end": {"pgup"}}},
		{"Learn form", []any{"1", "n"}, nil},
		{"Learn form on a choice", []any{"1", "n", "down", "down"}, nil},
		{"Learn form offering a completion", []any{"1", "n", "n", "o"}, nil},
		{"Findings, nothing to review", []any{"2"}, nil},
		{"Findings reviewing", []any{reviewStep{}, short}, map[string][]string{"up": {"down"}, "k": {"down"}, "pgup": {"end"},
			"home": {"down"}, "g": {"down"}, "K": {"J"}, "shift+up": {"J"}}},
		{"Conflicts", []any{"3", short}, map[string][]string{"up": {"j"}, "k": {"j"}, "K": {"J"}, "shift+up": {"J"}, "pgup": {"pgdown"}}},
		{"Conflicts keep-candidate question", []any{"3", "c"}, nil},
		{"Graph", []any{"4"}, map[string][]string{"up": {"j"}, "k": {"j"}, "pgup": {"pgdown"}, "home": {"j"}, "g": {"j"},
			"esc": {"/", "q", "enter"}, "left": {"l"}, "h": {"l"}, "backspace": {"l", "enter"}}},
		{"Graph filter", []any{"4", "/", "q", "u"}, map[string][]string{"up": {"down"}}},
		{"Skills", []any{"5"}, map[string][]string{"up": {"j"}, "k": {"j"}, "pgup": {"pgdown"}, "home": {"j"}, "g": {"j"},
			"K": {"J"}, "shift+up": {"J"}, "ctrl+u": {"ctrl+d"}}},
		{"History", []any{"6"}, map[string][]string{"up": {"j"}, "k": {"j"}, "pgup": {"pgdown"}, "home": {"j"}, "g": {"j"},
			"K": {"J"}, "shift+up": {"J"}, "ctrl+u": {"ctrl+d"}}},
		{"History unlearn question", []any{"6", "u"}, nil},
		{"Help view", []any{"4", "?"}, nil},
		{"Quit question", []any{reviewStep{}, "q"}, nil},
	}
	for _, c := range contexts {
		t.Run(c.name, func(t *testing.T) {
			f := newKeyFixture(t, docs)
			m := f.app(t, c.setup...)
			screen, global := m.helpKeys()
			line := append(slices.Clone(screen), global...)
			if d := listedTwice(line); len(d) > 0 {
				t.Errorf("the help line lists a key twice: %v", d)
			}
			var view []key.Binding
			if !m.showHelp && !m.confirmQuit && !m.captured() {
				sg, gg := m.helpGroups()
				for _, g := range append(slices.Clone(sg), gg...) {
					view = append(view, g...)
				}
				if d := listedTwice(view); len(d) > 0 {
					t.Errorf("the help view lists a key twice: %v", d)
				}
			}
			if len(enabled(line)) == 0 {
				t.Fatal("the help line lists no key")
			}
			seen := map[string]bool{}
			for _, b := range append(line, view...) {
				if !b.Enabled() {
					continue
				}
				for _, k := range b.Keys() {
					if seen[k] || k == fmt.Sprint(m.tab+1) {
						// A tab's own number shows it again: nothing to do.
						continue
					}
					seen[k] = true
					at := m
					if pre := c.pre[k]; len(pre) > 0 {
						at = f.do(t, m, anys(pre)...)
					}
					if !acts(t, at, k) {
						t.Errorf("%q (%s) is listed but does nothing", k, b.Help().Desc)
					}
				}
			}
			if len(seen) < 2 {
				t.Errorf("only %d keys tried", len(seen))
			}
		})
	}
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// helpLineOf is the last line of the screen: the help line.
func helpLineOf(m Model) string {
	ls := strings.Split(ansi.Strip(m.View().Content), "\n")
	return ls[len(ls)-1]
}

// What a new user hit, on the screen itself: the help line while help is
// open, n on a screen other than Learn, and the learn form's help line.
func TestHelpLineSaysEachKeyOnce(t *testing.T) {
	m := newApp(120, 30)
	m, _ = send(m, keyPress("?"))
	if line := helpLineOf(m); strings.Count(line, "? help") > 1 || strings.Count(line, "?") != 1 {
		t.Errorf("while help is open the help line is %q", line)
	}
	for _, tab := range []string{"2", "3", "4", "5", "6"} {
		m := newApp(120, 30)
		m, _ = send(m, keyPress(tab), keyPress("n"))
		if !m.FormOpen() || m.Tab() != 0 {
			t.Errorf("n on screen %s: form open %v, screen %d; the help lists n as learn a source", tab, m.FormOpen(), m.Tab()+1)
		}
	}
	m = newApp(120, 30)
	m, _ = send(m, keyPress("n"))
	if line := helpLineOf(m); strings.Count(line, "tab") != 1 {
		t.Errorf("the learn form's help line names tab %d times: %q", strings.Count(line, "tab"), line)
	}
}
