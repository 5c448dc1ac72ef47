package tui

import (
	"slices"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap holds the application's global keys; each screen adds its own.
// A global key means the same on every screen; a screen's keys are listed
// in the help under the screen's name.
type KeyMap struct {
	Tabs [6]key.Binding
	// Screens stands for the six tab keys in the help.
	Screens          key.Binding
	NextTab, PrevTab key.Binding
	// NewLearn opens the learn form from any screen while no run is in
	// progress.
	NewLearn key.Binding
	// CancelRun cancels the run on the Learn screen, after asking; only
	// a run started here, while it runs (another process's run is
	// interrupted where it was started). Not c: over the same tab, a few
	// seconds before, the run's review commits with c.
	CancelRun key.Binding
	// Rank switches the Graph screen between importance and reach.
	Rank key.Binding
	// Review goes back to a run's review the person stepped away from.
	Review key.Binding
	Help   key.Binding
	// CloseHelp closes the help view.
	CloseHelp key.Binding
	Quit      key.Binding
	// ForceQuit is the one global key left while a screen takes every key
	// (a form or filter being typed into, a question being asked).
	ForceQuit key.Binding
	// Yes and No answer the quit question.
	Yes, No key.Binding
}

// DefaultKeyMap returns the global keys.
func DefaultKeyMap() KeyMap {
	k := KeyMap{
		Screens:   key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6"), key.WithHelp("1-6", "go to screen")),
		NextTab:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next screen")),
		PrevTab:   key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous screen")),
		NewLearn:  key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "learn a source")),
		CancelRun: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "cancel the run (asks first)")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		CloseHelp: key.NewBinding(key.WithKeys("?", "esc", "q"), key.WithHelp("?/esc", "close help")),
		Rank:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rank by importance/reach")),
		Review:    key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "back to the run's review")),
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q/ctrl+c", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Yes:       key.NewBinding(key.WithKeys("y", "Y", "ctrl+c"), key.WithHelp("y", "yes")),
		No:        key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),
	}
	for i, t := range tabNames {
		n := string(rune('1' + i))
		k.Tabs[i] = key.NewBinding(key.WithKeys(n), key.WithHelp(n, t))
	}
	return k
}

// ShortHelp implements help.KeyMap: the global keys of the help line.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Help, k.NextTab, k.Quit} }

// FullHelp implements help.KeyMap: the global keys of the help view.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Screens, k.NextTab, k.PrevTab}, {k.NewLearn, k.Help, k.Quit}}
}

// newLearn opens the learn form, from any screen: the form is part of the
// Learn screen, which comes to the top.
func (m Model) newLearn() (Model, tea.Cmd) {
	if m.running {
		m.notice = "a run is in progress (1 Learn); a new one can start once it ends"
		return m, nil
	}
	m.tab, m.formOpen = tabLearn, true
	return m, nil
}

// globalKeys are the global keys, the ones that do nothing now disabled.
// Over the Review screen the digits and n are the review's or nothing (1-3
// take an offered name), so the screen keys and n are left out of the
// global ones there, and the help view says so (reviewDigitsNote).
func (m Model) globalKeys() KeyMap {
	k := m.keys
	k.NewLearn.SetEnabled(!m.running)
	k.CancelRun.SetEnabled(m.cancellable())
	if _, ok := m.top().(reviewScreen); ok {
		k.Screens.SetEnabled(false)
		k.NewLearn.SetEnabled(false)
	}
	return k
}

// reviewDigitsNote is what the help view over the Review screen says of
// the digits, which go to a screen everywhere else.
const reviewDigitsNote = "1-6 go to a screen everywhere but here: on Review the digits are its own (1-3 take an offered name); tab and shift+tab go to the screens."

// cancellable reports a run started here that is running and not being
// cancelled already.
func (m Model) cancellable() bool {
	return m.running && m.run != nil && m.run.by == "" && !m.cancelling && !m.quitting
}

// askCancel asks whether to cancel the run on the Learn screen, or says
// why it cannot be.
func (m Model) askCancel() Model {
	switch {
	case !m.running || m.run == nil:
		m.notice = "no run is in progress"
	case m.run.by != "":
		m.notice = "this run was started by " + m.run.by + "; interrupt it there (ctrl+c)"
	case m.cancelling || m.quitting:
		m.notice = "the run is being cancelled"
	default:
		m.confirmCancel = true
	}
	return m
}

// cancelRun cancels the run started here: the engine stops at its next
// step and stores nothing (a run already committing finishes, and the
// log says so).
func (m Model) cancelRun() Model {
	m.cancelling = true
	m.run.cancel()
	m.learn = m.learn.Cancelling().Log(time.Now(), "run", "cancelling…")
	return m
}

// screenKeys is the key map of what is on top: the learn form, the Learn
// screen or another screen, the keys that do nothing now disabled where
// the screen tells.
func (m Model) screenKeys() help.KeyMap { return m.top().keys() }

// tabKeys are keys of the root the help lists among one screen's own, by
// tab: first on the help line (n on Learn, whose form it opens, and which
// the help view lists among the global keys); first on the help line and
// in the screen's help view (x on Learn, which cancels the run it shows);
// or last on both (r on Graph, whose ranking the root holds).
func (m Model) tabKeys() (lineFirst, first, last [len(tabNames)][]key.Binding) {
	if _, ok := m.top().(reviewScreen); ok {
		// Over the Review screen they are its keys.
		return lineFirst, first, last
	}
	back := m.keys.Review
	back.SetEnabled(m.reviewing != nil && m.reviewing.hidden)
	lineFirst[tabLearn] = []key.Binding{back, m.globalKeys().NewLearn}
	first[tabLearn] = []key.Binding{m.globalKeys().CancelRun}
	last[tabGraph] = []key.Binding{m.keys.Rank}
	return lineFirst, first, last
}

// helpKeys are the keys the help line lists: the screen's, then the
// global ones that work now. The quit question and the help view take
// every key and list only theirs; a screen that takes every key leaves
// only ctrl+c of the global keys.
func (m Model) helpKeys() (screen, global []key.Binding) {
	switch {
	case m.confirmQuit, m.confirmCancel, m.confirmDrop:
		return []key.Binding{m.keys.Yes, m.keys.No}, nil
	case m.showHelp:
		return []key.Binding{m.keys.CloseHelp}, nil
	case m.captured():
		return enabled(m.screenKeys().ShortHelp()), []key.Binding{m.keys.ForceQuit}
	}
	lineFirst, first, last := m.tabKeys()
	screen = slices.Concat(lineFirst[m.tab], first[m.tab], m.screenKeys().ShortHelp(), last[m.tab])
	// Disabled keys are left out here rather than by the help bubble, so
	// that fitting the line to the width counts only what is shown.
	return enabled(screen), enabled(m.globalKeys().ShortHelp())
}

func enabled(bs []key.Binding) []key.Binding {
	return slices.DeleteFunc(slices.Clone(bs), func(b key.Binding) bool { return !b.Enabled() })
}

// helpGroups are the help view's columns: the screen's keys, then the
// global ones, which work on every screen.
func (m Model) helpGroups() (screen, global [][]key.Binding) {
	screen = slices.Clone(m.screenKeys().FullHelp())
	_, first, last := m.tabKeys()
	if len(first[m.tab]) > 0 {
		screen = append([][]key.Binding{first[m.tab]}, screen...)
	}
	if len(screen) > 0 {
		i := len(screen) - 1
		screen[i] = slices.Concat(screen[i], last[m.tab])
	}
	return screen, m.globalKeys().FullHelp()
}
