package tui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/tui/diffview"
	"github.com/lore-kb/lore/tui/findings"
	"github.com/lore-kb/lore/tui/graphview"
	"github.com/lore-kb/lore/tui/history"
	"github.com/lore-kb/lore/tui/skillsview"
	"github.com/lore-kb/lore/tui/styles"
)

// screen is one tab as the root drives it: sized and styled with the
// others, handed the keys and mouse events meant for the screen on top,
// drawn, and asked for its keys for the help. The root loops over the
// screens, or picks the one on top, instead of switching on the tab.
//
// Each tab's component stays in its own typed field of Model, for the
// root hands it data through methods of its own (WithRows,
// WithConflicts…). A screen reads and writes that field of the model it
// was taken from, which is why its methods change it in place rather
// than return a new screen.
type screen interface {
	setSize(w, h int)
	setStyles(st styles.Styles)
	update(msg tea.Msg) tea.Cmd
	view() string
	keys() help.KeyMap
	// captures reports whether the screen takes every key but ctrl+c: a
	// form or filter being typed into, a question being asked.
	captures() bool
	// click handles a left click at (x, y), relative to the screen.
	click(x, y int) tea.Cmd
	// scroll handles the mouse wheel: delta lines, down when positive.
	scroll(delta int) tea.Cmd
}

// component is the shape every screen's component has: setters that
// return the changed value, Update returning its own type, View as a
// string, its keys for the help, and its mouse handling.
type component[M any, K help.KeyMap] interface {
	SetSize(w, h int) M
	SetStyles(st styles.Styles) M
	Update(msg tea.Msg) (M, tea.Cmd)
	View() string
	KeyMap() K
	Captures() bool
	Click(x, y int) (M, tea.Cmd)
	Scroll(delta int) (M, tea.Cmd)
}

// slot is the screen of the component at p, a field of the root model.
type slot[M component[M, K], K help.KeyMap] struct{ p *M }

func (s slot[M, K]) setSize(w, h int)           { *s.p = (*s.p).SetSize(w, h) }
func (s slot[M, K]) setStyles(st styles.Styles) { *s.p = (*s.p).SetStyles(st) }
func (s slot[M, K]) view() string               { return (*s.p).View() }
func (s slot[M, K]) keys() help.KeyMap          { return (*s.p).KeyMap() }
func (s slot[M, K]) captures() bool             { return (*s.p).Captures() }

// helpNote is what the component's help view says beyond its keys (what
// its marks mean, why no key applies), if it says anything.
func (s slot[M, K]) helpNote() string {
	if n, ok := any(*s.p).(interface{ HelpNote() string }); ok {
		return n.HelpNote()
	}
	return ""
}

func (s slot[M, K]) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	*s.p, cmd = (*s.p).Update(msg)
	return cmd
}

func (s slot[M, K]) click(x, y int) tea.Cmd {
	var cmd tea.Cmd
	*s.p, cmd = (*s.p).Click(x, y)
	return cmd
}

func (s slot[M, K]) scroll(delta int) tea.Cmd {
	var cmd tea.Cmd
	*s.p, cmd = (*s.p).Scroll(delta)
	return cmd
}

// learnScreen is the Learn tab: the stage panes and their log, or the
// learn form in their place while it is open.
type learnScreen struct{ m *Model }

func (s learnScreen) setSize(w, h int) {
	s.m.learn = s.m.learn.SetSize(w, h)
	s.m.form = s.m.form.SetSize(w, h)
}

func (s learnScreen) setStyles(st styles.Styles) {
	s.m.learn = s.m.learn.SetStyles(st)
	s.m.form = s.m.form.SetStyles(st)
}

func (s learnScreen) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	if s.m.formOpen {
		s.m.form, cmd = s.m.form.Update(msg)
	} else {
		s.m.learn, cmd = s.m.learn.Update(msg)
	}
	return cmd
}

func (s learnScreen) view() string {
	if s.m.formOpen {
		return s.m.form.View()
	}
	return s.m.learn.View()
}

func (s learnScreen) keys() help.KeyMap {
	if s.m.formOpen {
		return s.m.form.KeyMap()
	}
	return s.m.learn.KeyMap()
}

func (s learnScreen) captures() bool { return s.m.formOpen }

// click does nothing: the panes hold nothing to select.
func (s learnScreen) click(int, int) tea.Cmd { return nil }

// scroll moves the log, whose newest line is at the bottom.
func (s learnScreen) scroll(delta int) tea.Cmd {
	s.m.learn = s.m.learn.ScrollLog(-delta)
	return nil
}

// screens are the tabs' screens, in tab order, over m's fields.
func (m *Model) screens() [len(tabNames)]screen {
	return [...]screen{
		tabLearn:     learnScreen{m},
		tabFindings:  slot[findings.Model, findings.KeyMap]{&m.findings},
		tabConflicts: slot[diffview.Model, diffview.KeyMap]{&m.conflicts},
		tabGraph:     slot[graphview.Model, graphview.KeyMap]{&m.graph},
		tabSkills:    slot[skillsview.Model, skillsview.KeyMap]{&m.skills},
		tabHistory:   slot[history.Model, history.KeyMap]{&m.history},
	}
}

// top is the screen on top: an open review over the tab it was opened
// on, else the tab's own screen.
func (m *Model) top() screen {
	if r := m.reviewing; r != nil && r.on == m.tab && !r.hidden {
		return reviewScreen{m}
	}
	return m.screens()[m.tab]
}
