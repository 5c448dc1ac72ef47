// Package tui is lore's terminal application: one root model routing keys
// to the screen on top (Learn, Findings, Conflicts, Graph, Skills,
// History), a status bar and contextual help. The engine runs in commands;
// its events and the gate's questions come back as messages.
package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui/findings"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/pipeline"
	"github.com/lore-kb/lore/tui/styles"
)

// Store is what the application reads and learns into.
type Store interface {
	engine.Store
	Count() (int, error)
}

// Options configure the application.
type Options struct {
	Store Store
	// StorePath is shown in the status bar.
	StorePath string
	// Learn holds the options every run starts from (domains, dedup and
	// generation settings, output dir, tier, policy); the form sets the
	// domain, depth, dry run and scope.
	Learn engine.LearnOptions
	// Start, when its Source is set, is learned as soon as the application
	// opens (lore learn SOURCE on a terminal).
	Start learnform.Request
	// Headless leaves the gate to Learn.Policy instead of the reviewer
	// (the policy flags were given).
	Headless bool
	// Dark picks the initial styles; the terminal's reported background
	// replaces it.
	Dark bool
}

type tab int

const (
	tabLearn tab = iota
	tabFindings
	tabConflicts
	tabGraph
	tabSkills
	tabHistory
)

var tabNames = [...]string{"Learn", "Findings", "Conflicts", "Graph", "Skills", "History"}

// Model is the root of the application.
type Model struct {
	ctx  context.Context
	opts Options
	st   styles.Styles
	keys KeyMap
	help help.Model
	w, h int

	tab      tab
	learn    pipeline.Model
	form     learnform.Model
	formOpen bool
	findings findings.Model

	showHelp    bool
	confirmQuit bool
	quitting    bool

	run        *run
	running    bool
	eventsOpen bool
	done       bool // the engine returned
	ask        *approvalAsk
	// Result and RunErr are the last run's outcome.
	Result *engine.LearnResult
	RunErr error

	primitives, pending int
	statusErr           error
	initCmd             tea.Cmd
}

// New builds the application. ctx bounds every run it starts.
func New(ctx context.Context, opts Options) Model {
	st := styles.New(opts.Dark)
	m := Model{ctx: ctx, opts: opts, st: st, keys: DefaultKeyMap(), help: help.New(),
		learn: pipeline.New(st), form: learnform.New(st), findings: findings.New(st)}
	m.help.Styles = help.DefaultStyles(opts.Dark)
	if opts.Start.Source != "" {
		m.form = m.form.WithRequest(opts.Start)
		m.formOpen = true
		m.form, m.initCmd = m.form.Submit()
	}
	return m
}

// Init asks for the terminal's background and the store's counts, and
// starts the run asked for on the command line.
func (m Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, status(m.opts.Store), m.initCmd)
}

// Tab is the screen on top (0 Learn … 5 History).
func (m Model) Tab() int { return int(m.tab) }

// Learn is the Learn screen's state.
func (m Model) Learn() pipeline.Model { return m.learn }

// Findings is the findings reviewer's state.
func (m Model) Findings() findings.Model { return m.findings }

// Form is the learn form's state.
func (m Model) Form() learnform.Model { return m.form }

// FormOpen reports whether the learn form is shown.
func (m Model) FormOpen() bool { return m.formOpen }

// Running reports whether a run is in progress.
func (m Model) Running() bool { return m.running }

// ConfirmingQuit reports whether the quit confirmation is shown.
func (m Model) ConfirmingQuit() bool { return m.confirmQuit }

func (m *Model) setStyles(st styles.Styles) {
	m.st = st
	m.help.Styles = help.DefaultStyles(st.IsDark)
	m.learn.SetStyles(st)
	m.form.SetStyles(st)
	m.findings = m.findings.SetStyles(st)
}

// bodyHeight is the screen area between the tab bar and the status bar
// and help line.
func (m Model) bodyHeight() int { return max(0, m.h-3) }

func (m *Model) resize() {
	bh := m.bodyHeight()
	m.learn.SetSize(m.w, bh)
	m.form.SetSize(m.w, bh)
	m.findings = m.findings.SetSize(m.w, bh)
	m.help.SetWidth(m.w)
}

// Update routes a message: window and run messages first, then global
// keys, then the screen on top.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.resize()
		return m, nil
	case tea.BackgroundColorMsg:
		m.setStyles(styles.New(msg.IsDark()))
		return m, nil
	case statusMsg:
		m.primitives, m.pending, m.statusErr = msg.primitives, msg.pending, msg.err
		return m, nil
	case tickMsg:
		m.learn.SetNow(time.Time(msg))
		if m.running {
			return m, tick()
		}
		return m, nil
	case eventMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		m.learn.Apply(msg.e, msg.at)
		m.learn.SetNow(msg.at)
		return m, listen(m.run)
	case askMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		a := msg.ask
		m.ask = &a
		m.findings = m.findings.WithRequest(a.req)
		m.tab = tabFindings
		return m, listen(m.run)
	case findings.DecidedMsg:
		if m.ask != nil {
			m.ask.reply <- msg.Answer
			m.ask = nil
			m.tab = tabLearn
		}
		return m, nil
	case eventsClosedMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		m.eventsOpen = false
		return m.settle()
	case doneMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		m.done, m.Result, m.RunErr, m.ask = true, msg.res, msg.err, nil
		return m.settle()
	case learnform.SubmitMsg:
		m.formOpen = false
		m.running, m.eventsOpen, m.done = true, true, false
		m.tab = tabLearn
		return m, m.start(msg.Request)
	case learnform.CancelMsg:
		m.formOpen = false
		return m, nil
	case tea.MouseClickMsg:
		return m.click(msg.Mouse())
	case tea.MouseWheelMsg:
		return m.wheel(msg.Mouse())
	case tea.InterruptMsg:
		return m.quit()
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	// Anything else belongs to the form (its validation and completions)
	// or the screens' own components.
	var cmd tea.Cmd
	m.form, cmd = m.form.Update(msg)
	return m, cmd
}

// settle ends the run once the engine returned and its last event was
// shown, whichever comes second.
func (m Model) settle() (tea.Model, tea.Cmd) {
	if !m.done || m.eventsOpen {
		return m, nil
	}
	m.running = false
	switch err := m.RunErr; {
	case errors.Is(err, context.Canceled):
		m.learn.Log(time.Now(), "run", "cancelled: the store is unchanged")
	case err != nil:
		m.learn.Log(time.Now(), "run", m.st.Bad.Render("stopped: ")+err.Error())
	}
	return m, tea.Batch(status(m.opts.Store), m.finishIfDone())
}

// finishIfDone quits once a cancelled run has fully stopped.
func (m Model) finishIfDone() tea.Cmd {
	if m.quitting && !m.running {
		return tea.Quit
	}
	return nil
}

// quit asks for confirmation while a run is in progress.
func (m Model) quit() (tea.Model, tea.Cmd) {
	if !m.running {
		return m, tea.Quit
	}
	m.confirmQuit = true
	return m, nil
}

func (m Model) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if m.confirmQuit {
		switch {
		case key.Matches(k, m.keys.Yes):
			m.confirmQuit, m.quitting = false, true
			m.run.cancel()
			m.learn.Log(time.Now(), "run", "cancelling…")
			return m, m.finishIfDone()
		case key.Matches(k, m.keys.No):
			m.confirmQuit = false
		}
		return m, nil
	}
	if m.quitting {
		return m, nil
	}
	if m.showHelp {
		if key.Matches(k, m.keys.Help) || k.String() == "esc" || k.String() == "q" {
			m.showHelp = false
		}
		return m, nil
	}
	// The form takes every key but ctrl+c: it is for typing.
	if m.formOpen && m.tab == tabLearn {
		if k.String() == "ctrl+c" {
			return m.quit()
		}
		var cmd tea.Cmd
		m.form, cmd = m.form.Update(k)
		return m, cmd
	}
	switch {
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
		return m, nil
	case key.Matches(k, m.keys.NextTab):
		m.tab = (m.tab + 1) % tab(len(tabNames))
		return m, nil
	case key.Matches(k, m.keys.PrevTab):
		m.tab = (m.tab + tab(len(tabNames)) - 1) % tab(len(tabNames))
		return m, nil
	case m.tab == tabLearn && !m.running && key.Matches(k, m.keys.NewLearn):
		m.formOpen = true
		return m, nil
	}
	for i, b := range m.keys.Tabs {
		if key.Matches(k, b) {
			m.tab = tab(i)
			return m, nil
		}
	}
	var cmd tea.Cmd
	switch m.tab {
	case tabLearn:
		m.learn, cmd = m.learn.Update(k)
	case tabFindings:
		m.findings, cmd = m.findings.Update(k)
	}
	return m, cmd
}

// tabSpans are the columns each tab label occupies in the tab bar.
func (m Model) tabSpans() [][2]int {
	x := ansi.StringWidth(m.st.App.Brand.Render("lore"))
	spans := make([][2]int, len(tabNames))
	for i, n := range tabNames {
		w := ansi.StringWidth(m.tabLabel(i, n))
		spans[i] = [2]int{x, x + w}
		x += w
	}
	return spans
}

func (m Model) tabLabel(i int, name string) string {
	label := fmt.Sprintf("%d %s", i+1, name)
	if tab(i) == tabFindings && m.ask != nil {
		label += " ●"
	}
	if tab(i) == m.tab {
		return m.st.App.TabActive.Render(label)
	}
	return m.st.App.Tab.Render(label)
}

func (m Model) click(ms tea.Mouse) (tea.Model, tea.Cmd) {
	if m.confirmQuit || m.showHelp || ms.Button != tea.MouseLeft {
		return m, nil
	}
	if ms.Y == 0 {
		for i, s := range m.tabSpans() {
			if ms.X >= s[0] && ms.X < s[1] && !(m.formOpen && m.tab == tabLearn) {
				m.tab = tab(i)
			}
		}
		return m, nil
	}
	if m.tab == tabFindings && ms.Y <= m.bodyHeight() {
		m.findings = m.findings.Click(ms.X, ms.Y-1)
	}
	return m, nil
}

func (m Model) wheel(ms tea.Mouse) (tea.Model, tea.Cmd) {
	delta := 0
	switch ms.Button {
	case tea.MouseWheelUp:
		delta = -3
	case tea.MouseWheelDown:
		delta = 3
	default:
		return m, nil
	}
	switch m.tab {
	case tabLearn:
		m.learn.ScrollLog(-delta)
	case tabFindings:
		m.findings = m.findings.Scroll(delta)
	}
	return m, nil
}

// View draws the application.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "lore"
	return v
}

func (m Model) render() string {
	if m.w == 0 || m.h == 0 {
		return ""
	}
	bh := m.bodyHeight()
	var body string
	switch {
	case m.showHelp:
		body = m.place(m.helpView(), bh)
	case m.confirmQuit:
		body = m.place(m.st.App.Dialog.Render("A run is in progress.\nCancel it (the store stays unchanged) and quit?\n\n"+
			m.st.Heading.Render("y")+" yes · "+m.st.Heading.Render("n")+" no"), bh)
	case m.tab == tabLearn && m.formOpen:
		body = m.form.View()
	case m.tab == tabLearn:
		body = m.learn.View()
	case m.tab == tabFindings:
		body = m.findings.View()
	default:
		body = m.later(m.tab)
	}
	return m.tabBar() + "\n" + fitLines(body, m.w, bh) + "\n" + m.statusBar() + "\n" + m.helpLine()
}

func (m Model) place(s string, h int) string {
	return lipgloss.Place(m.w, h, lipgloss.Center, lipgloss.Center, s)
}

func (m Model) tabBar() string {
	var b strings.Builder
	b.WriteString(m.st.App.Brand.Render("lore"))
	for i, n := range tabNames {
		b.WriteString(m.tabLabel(i, n))
	}
	return fit(b.String(), m.w)
}

func (m Model) statusBar() string {
	label, value := m.st.App.Status.Render, m.st.App.StatusValue.Render
	bar := func(compact bool) string {
		words := [...]string{" primitives", " conflicts pending", "session ", " running", "last session "}
		if compact {
			words = [...]string{" prim.", " pending", "", " ▶", "last "}
		}
		parts := []string{label(" store ") + value(m.opts.StorePath)}
		if m.statusErr != nil {
			parts = append(parts, m.st.App.Error.Render(m.statusErr.Error()))
		} else {
			parts = append(parts, value(fmt.Sprint(m.primitives))+label(words[0]), value(fmt.Sprint(m.pending))+label(words[1]))
		}
		switch {
		case m.running && m.run != nil:
			parts = append(parts, label(words[2])+value(m.run.id)+label(words[3]))
		case m.run != nil:
			parts = append(parts, label(words[4])+value(m.run.id))
		}
		return strings.Join(parts, label(" · "))
	}
	s := bar(false)
	if ansi.StringWidth(s) > m.w {
		s = bar(true)
	}
	return fit(s, m.w)
}

// helpLine is the short help of what the keys do on the screen on top.
func (m Model) helpLine() string {
	var bs []key.Binding
	switch {
	case m.confirmQuit:
		bs = []key.Binding{m.keys.Yes, m.keys.No}
	case m.showHelp:
		bs = []key.Binding{m.keys.Help}
	case m.tab == tabLearn && m.formOpen:
		bs = m.form.Keys().ShortHelp()
	case m.tab == tabLearn:
		bs = m.learn.Keys().ShortHelp()
		if !m.running {
			bs = append([]key.Binding{m.keys.NewLearn}, bs...)
		}
	case m.tab == tabFindings:
		bs = findings.DefaultKeyMap().ShortHelp()
	}
	bs = append(bs, m.keys.ShortHelp()...)
	return fit(" "+m.help.ShortHelpView(bs), m.w)
}

func (m Model) helpView() string {
	groups := m.keys.FullHelp()
	switch {
	case m.tab == tabLearn && m.formOpen:
		groups = append(m.form.Keys().FullHelp(), groups...)
	case m.tab == tabLearn:
		groups = append(m.learn.Keys().FullHelp(), groups...)
	case m.tab == tabFindings:
		groups = append(findings.DefaultKeyMap().FullHelp(), groups...)
	}
	return m.st.App.Dialog.Render(m.st.Heading.Render(tabNames[m.tab]+" · keys") + "\n\n" + m.help.FullHelpView(groups))
}

// later describes a screen that arrives with a later release, and the
// command that does its work today.
func (m Model) later(t tab) string {
	what := map[tab][2]string{
		tabConflicts: {"Side-by-side review of merge conflicts: existing and candidate with word-level differences, scores and the comparator's rationale; keep existing, keep candidate or keep both.",
			"lore conflicts · lore conflicts resolve ID keep-existing|keep-candidate|keep-both"},
		tabGraph: {"The primitive graph ranked by importance or reach, with filter and search, a detail pane, navigable dependencies, the prerequisite tree and a plane map.",
			"lore rank --by importance --top 20 · lore show ID · lore graph --format dot"},
		tabSkills: {"The generated skills: each SKILL.md rendered, with its strict validation result.",
			"lore report SESSION lists a session's skills; they are written under " + m.opts.Learn.OutputDir},
		tabHistory: {"Past sessions with their reports, and unlearn with its integrity check.",
			"lore sessions · lore report SESSION · lore unlearn SESSION [--force]"},
	}[t]
	text := m.st.Heading.Render(tabNames[t]) + "\n\n" + what[0] + "\n\n" + m.st.Label.Render("Today, from the command line:") + "\n  " + what[1]
	return m.place(ansi.Wordwrap(text, min(m.w-4, 90), " "), m.bodyHeight())
}

// fit truncates or pads s to exactly w cells.
func fit(s string, w int) string {
	s = ansi.Truncate(s, w, "")
	if n := ansi.StringWidth(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// fitLines makes s exactly h lines of w cells.
func fitLines(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = fit(l, w)
	}
	return strings.Join(lines, "\n")
}
