// Package learnform is the form that starts a learning run from inside the
// terminal application: source (with path completion), domain, depth, tier,
// dry run and scope, validated before anything starts.
package learnform

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/acquire/gitrepo"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/styles"
)

// Request is a validated request to learn a source. Tier and Policy
// belong to this one run: nothing carries them to the next.
type Request struct {
	Source string
	Domain string
	Depth  core.Depth
	DryRun bool
	Scope  []string
	// Tier overrides the source's familiarity ("" keeps the detected one).
	Tier core.Familiarity
	// Policy holds the gate flags given on the command line with the
	// source; a run with any of them set is decided by the flags instead
	// of the reviewer. The form never sets it.
	Policy gate.Policy
}

// Flagged reports whether the run's gate is left to command-line flags.
func (r Request) Flagged() bool {
	return r.Policy.Approve || r.Policy.Trust || r.Policy.ForceCritical
}

// SubmitMsg carries a validated request; the application starts the run.
type SubmitMsg struct{ Request Request }

// CancelMsg says the form was dismissed.
type CancelMsg struct{}

// validatedMsg is the result of checking the source off the update loop.
type validatedMsg struct {
	req Request
	err error
	// field is the field the error is about, focused to be corrected
	// (the source unless said otherwise).
	field int
}

// suggestionsMsg lists completions for the source as it was typed.
type suggestionsMsg struct {
	for_  string
	paths []string
}

// sourceKind is what a source is, for its scope: a folder or a repository
// a scope selects files of, or a file, an archive or a web address read
// whole, which no scope applies to.
type sourceKind int

const (
	kindUnknown sourceKind = iota
	kindFolder
	kindRepo
	kindWhole
)

// probedMsg says what source is and what a learn of it reads with the
// scope typed; it is looked at off the update loop (probe).
type probedMsg struct {
	source, scope string
	kind          sourceKind
	// whole says what is read of a source read whole; count what the
	// folder's walk takes; refPath the part of a repository its address
	// names.
	whole   string
	count   acquire.FolderCount
	refPath bool
}

// probeDelay is how long the source and scope stay as typed before the
// form looks at them: a path typed a letter at a time is looked at once,
// not at every folder on the way.
const probeDelay = 150 * time.Millisecond

// probeDueMsg asks for the source and scope typed probeDelay ago to be
// looked at, if they are still what is typed.
type probeDueMsg struct{ source, scope string }

// maxCounted bounds the files counted for the form: a folder typed on
// the way to another (the home folder, /) is not walked whole.
const maxCounted = 10000

// Placeholders of the scope field, by what the source is: never a path
// that looks like a scope set, where none applies (a repository's
// default is its own).
const (
	scopeHint       = "paths of a folder or repository to read (empty: all of it)"
	scopeHintFolder = "all of it (or paths: docs/, notes.md)"
	scopeHintRepo   = "docs/, README.md (a repository's default)"
)

// Fields, in tab order.
const (
	fieldSource = iota
	fieldDomain
	fieldDepth
	fieldTier
	fieldDryRun
	fieldScope
	fieldCount
)

var depths = []core.Depth{core.Shallow, core.Standard, core.Deep}

// tiers are the form's familiarity choices. The form can only make a
// source stricter than detected: treating a web page as HOME would let the
// gate approve it unseen, so that stays an explicit command-line flag.
var tiers = []core.Familiarity{"", core.Stranger}

// KeyMap holds the form's keys.
type KeyMap struct {
	Next, Prev, Submit, Cancel, Toggle, Complete key.Binding
	// NextMatch and PrevMatch choose among the completions listed under
	// the source; Choose stands for both in the help.
	NextMatch, PrevMatch, Choose key.Binding
}

// DefaultKeyMap returns the form's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Next:     key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		Prev:     key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		Submit:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "start")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Toggle:   key.NewBinding(key.WithKeys("space", "left", "right"), key.WithHelp("space/←/→", "change choice")),
		Complete: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete path")),
		// Not ↓/↑: they move between the fields.
		NextMatch: key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "next completion")),
		PrevMatch: key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("ctrl+p", "previous completion")),
		Choose:    key.NewBinding(key.WithKeys("ctrl+n", "ctrl+p"), key.WithHelp("ctrl+n/ctrl+p", "choose a completion")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Submit, k.Complete, k.Choose, k.Next, k.Toggle, k.Cancel}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Submit, k.Cancel}, {k.Next, k.Prev, k.Complete, k.Choose, k.Toggle}}
}

// Model is the form.
type Model struct {
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap
	w, h int
	// inputs is shared by the model's copies: text inputs are large and
	// the application copies its models on every update; only the latest
	// copy is ever used. Depth and dry run use no input.
	inputs *[fieldCount]textinput.Model
	focus  int
	depth  int
	tier   int
	dryRun bool
	// policy is the command line's gate flags, held only until the
	// request they came with is submitted.
	policy gate.Policy
	err    string
	busy   bool // validating
	// probed is what the source typed is and what its learn reads
	// (probedMsg), for the source and scope it was asked for.
	probed probedMsg
}

// New returns an empty form with the source focused.
func New(st styles.Styles) Model {
	m := Model{st: &st, keys: DefaultKeyMap(), depth: 1, inputs: new([fieldCount]textinput.Model)}
	for i, ph := range map[int]string{
		fieldSource: "path, URL or git repository",
		fieldDomain: "detected from the text",
		fieldScope:  scopeHint,
	} {
		ti := textinput.New()
		ti.Prompt = ""
		ti.Placeholder = ph
		ti.CharLimit = 4096
		if i == fieldSource {
			ti.ShowSuggestions = true
			// The input chooses among its completions with the form's
			// keys, so that the help names the keys that work.
			ti.KeyMap.NextSuggestion = m.keys.NextMatch
			ti.KeyMap.PrevSuggestion = m.keys.PrevMatch
		}
		m.inputs[i] = ti
	}
	m = m.SetStyles(st)
	m.inputs[fieldSource].Focus()
	return m
}

// SetStyles switches styles (light or dark). The text inputs are shared
// with the model's earlier copies, which are no longer drawn.
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	ts := textinput.DefaultStyles(st.IsDark)
	ts.Cursor.Blink = false
	for i := range m.inputs {
		m.inputs[i].SetStyles(ts)
	}
	return m
}

// SetSize sets the form's width; it takes as many lines as it has.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = w, h
	for i := range m.inputs {
		m.inputs[i].SetWidth(max(10, min(w, 100)-18))
	}
	return m
}

// KeyMap returns the form's key map as it applies now: tab completes the
// source while a completion is offered (and ↓ alone moves on), and the
// choice keys act on the choice fields only; ctrl+n/ctrl+p are listed
// while there is more than one completion to choose from.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	completing := m.focus == fieldSource && m.completable()
	k.Complete.SetEnabled(completing)
	k.Choose.SetEnabled(completing && len(m.matches()) > 1)
	if completing {
		k.Next.SetKeys("down")
		k.Next.SetHelp("↓", k.Next.Help().Desc)
	}
	k.Toggle.SetEnabled(m.focus == fieldDepth || m.focus == fieldTier || m.focus == fieldDryRun)
	return k
}

// WithRequest fills the fields from req (a run asked for on the command
// line).
func (m Model) WithRequest(req Request) Model {
	m.inputs[fieldSource].SetValue(req.Source)
	m.inputs[fieldDomain].SetValue(req.Domain)
	m.inputs[fieldScope].SetValue(strings.Join(req.Scope, ", "))
	if i := slices.Index(depths, req.Depth); i >= 0 {
		m.depth = i
	}
	if i := slices.Index(tiers, req.Tier); i >= 0 {
		m.tier = i
	}
	m.policy = req.Policy
	m.dryRun = req.DryRun
	return m
}

// Cleared empties the text fields (source, domain, scope) for the next
// run, keeping the choices of depth, tier and dry run: a source once
// learned is not offered again to be typed after.
func (m Model) Cleared() Model {
	for _, f := range []int{fieldSource, fieldDomain, fieldScope} {
		m.inputs[f].SetValue("")
	}
	m.err, m.busy = "", false
	m.probed = probedMsg{}
	m.inputs[fieldScope].Placeholder = scopeHint
	m.setFocus(fieldSource)
	return m
}

// Source is the source field's text.
func (m Model) Source() string { return m.inputs[fieldSource].Value() }

// Err is the inline error shown, if any.
func (m Model) Err() string { return m.err }

func (m *Model) setFocus(i int) {
	m.focus = (i + fieldCount) % fieldCount
	for j := range m.inputs {
		if j == m.focus {
			m.inputs[j].Focus()
		} else {
			m.inputs[j].Blur()
		}
	}
}

// Update handles keys and the results of validation and completion.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case validatedMsg:
		m.busy = false
		if msg.err != nil {
			m.err = msg.err.Error()
			if msg.field != fieldSource {
				m.setFocus(msg.field)
			}
			return m, nil
		}
		// A tier chosen for this source is not carried to the next one.
		m.err, m.tier = "", 0
		return m, func() tea.Msg { return SubmitMsg{Request: msg.req} }
	case suggestionsMsg:
		if msg.for_ == m.inputs[fieldSource].Value() {
			m.inputs[fieldSource].SetSuggestions(msg.paths)
		}
		return m, nil
	case probeDueMsg:
		if msg.source == m.inputs[fieldSource].Value() && msg.scope == m.inputs[fieldScope].Value() {
			return m, probe(msg.source, msg.scope)
		}
		return m, nil
	case probedMsg:
		if msg.source == m.inputs[fieldSource].Value() && msg.scope == m.inputs[fieldScope].Value() {
			m.probed = msg
			hint := scopeHint
			switch msg.kind {
			case kindFolder:
				hint = scopeHintFolder
			case kindRepo:
				hint = scopeHintRepo
			}
			m.inputs[fieldScope].Placeholder = hint
		}
		return m, nil
	case tea.PasteMsg:
		return m.updateInput(msg)
	case tea.KeyPressMsg:
		if m.busy {
			return m, nil
		}
		switch {
		case key.Matches(msg, m.keys.Cancel):
			return m, func() tea.Msg { return CancelMsg{} }
		case key.Matches(msg, m.keys.Submit):
			return m.Submit()
		case m.focus == fieldSource && key.Matches(msg, m.keys.Complete) && m.completable():
			return m.completeSource(msg)
		case key.Matches(msg, m.keys.Next):
			m.move(1)
			return m, nil
		case key.Matches(msg, m.keys.Prev):
			m.move(-1)
			return m, nil
		case m.focus == fieldDepth && key.Matches(msg, m.keys.Toggle):
			if msg.String() == "left" {
				m.depth = (m.depth + len(depths) - 1) % len(depths)
			} else {
				m.depth = (m.depth + 1) % len(depths)
			}
			return m, nil
		case m.focus == fieldTier && key.Matches(msg, m.keys.Toggle):
			m.tier = (m.tier + 1) % len(tiers)
			return m, nil
		case m.focus == fieldDryRun && key.Matches(msg, m.keys.Toggle):
			m.dryRun = !m.dryRun
			return m, nil
		}
		return m.updateInput(msg)
	}
	return m, nil
}

// completable reports whether tab would complete the source rather than
// move to the next field.
func (m Model) completable() bool {
	s := m.inputs[fieldSource].CurrentSuggestion()
	return s != "" && s != m.inputs[fieldSource].Value()
}

// matches are the completions of the source as typed.
func (m Model) matches() []string { return m.inputs[fieldSource].MatchedSuggestions() }

// completeSource completes the source as a shell does: with several
// matches, as far as they agree (the list under the field shows them);
// once the text is all they share, with the one chosen (the first, or
// the one ctrl+n/ctrl+p moved to).
func (m Model) completeSource(tab tea.KeyPressMsg) (Model, tea.Cmd) {
	in := &m.inputs[fieldSource]
	if ms := m.matches(); len(ms) > 1 {
		if p := commonPrefix(ms); len([]rune(p)) > len([]rune(in.Value())) {
			in.SetValue(p)
			in.CursorEnd()
			m.err = ""
			return m, complete(p)
		}
	}
	return m.updateInput(tab)
}

// commonPrefix is the longest prefix, in whole runes, of every string of
// ss.
func commonPrefix(ss []string) string {
	p := []rune(ss[0])
	for _, s := range ss[1:] {
		r := []rune(s)
		n := 0
		for n < len(p) && n < len(r) && p[n] == r[n] {
			n++
		}
		p = p[:n]
	}
	return string(p)
}

func (m Model) updateInput(msg tea.Msg) (Model, tea.Cmd) {
	if m.focus == fieldDepth || m.focus == fieldTier || m.focus == fieldDryRun {
		return m, nil
	}
	before, scope := m.inputs[fieldSource].Value(), m.inputs[fieldScope].Value()
	var cmd tea.Cmd
	m.inputs[m.focus], cmd = m.inputs[m.focus].Update(msg)
	m.err = ""
	src := m.inputs[fieldSource].Value()
	switch {
	case m.focus == fieldSource && src != before:
		return m, tea.Batch(cmd, complete(src), probeLater(src, scope))
	case m.focus == fieldScope && m.inputs[fieldScope].Value() != scope:
		return m, tea.Batch(cmd, probeLater(src, m.inputs[fieldScope].Value()))
	}
	return m, cmd
}

// move focuses the next field in direction d (1 or -1), passing over the
// scope where it does not apply.
func (m *Model) move(d int) {
	m.setFocus(m.focus + d)
	if m.focus == fieldScope && !m.scopeShown() {
		m.setFocus(m.focus + d)
	}
}

// scopeShown reports whether the scope field is shown: unless the source
// is known to be read whole (a file, an archive, a web address) and no
// scope was typed, which submitting would refuse with its reason.
func (m Model) scopeShown() bool {
	return !m.current() || m.probed.kind != kindWhole || m.inputs[fieldScope].Value() != ""
}

// current reports whether probed is of the source and scope typed now.
func (m Model) current() bool {
	return m.probed.source == m.inputs[fieldSource].Value() && m.probed.scope == m.inputs[fieldScope].Value()
}

// scopeList is the scope field's text as a list of paths.
func scopeList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// probeLater asks for source and scope to be looked at once they have
// stayed as typed for probeDelay.
func probeLater(source, scope string) tea.Cmd {
	return tea.Tick(probeDelay, func(time.Time) tea.Msg { return probeDueMsg{source: source, scope: scope} })
}

// probe looks at what source is, as the learn will read it, and, for a
// folder, counts the files its learn reads with scope: a stat or two, and
// a walk of the folder bounded by maxCounted.
func probe(source, scope string) tea.Cmd {
	return func() tea.Msg {
		msg := probedMsg{source: source, scope: scope}
		src := strings.TrimSpace(source)
		if src == "" {
			return msg
		}
		switch acquire.SourceKind(src) {
		case acquire.KindRepository:
			msg.kind = kindRepo
			if g, ok := gitrepo.Parse(src); ok {
				msg.refPath = g.RefPath != ""
			}
		case acquire.KindFolder:
			c, err := acquire.FolderFiles(context.Background(), src, scopeList(scope), maxCounted)
			if err == nil {
				msg.kind, msg.count = kindFolder, c
			}
		case acquire.KindWeb:
			msg.kind, msg.whole = kindWhole, "the page, document or archive at this address, whole"
		case acquire.KindArchive:
			msg.kind, msg.whole = kindWhole, "this archive, whole"
		case acquire.KindFile:
			msg.kind, msg.whole = kindWhole, "this file"
		}
		return msg
	}
}

// reads says what a learn of the source typed reads, as probe found it
// ("" until it has, or when the source is nothing lore reads).
func (m Model) reads() string {
	p := m.probed
	if !m.current() {
		return ""
	}
	scope := scopeList(p.scope)
	switch p.kind {
	case kindFolder:
		files := fmt.Sprintf("%d file%s", p.count.Files, plural(p.count.Files))
		if p.count.More {
			files = "more than " + files
		}
		switch {
		case len(scope) == 0:
			return "the whole folder: " + files
		case p.count.Selected == 0:
			return "none of the folder's " + files + ": the scope selects nothing"
		}
		return fmt.Sprintf("%d of the folder's %s", p.count.Selected, files)
	case kindRepo:
		switch {
		case len(scope) > 0:
			return "the repository's " + andList(scope)
		case p.refPath:
			return "the part of the repository its address names"
		}
		return "the repository's " + andList(acquire.DefaultRepoScope) + " (its default scope)"
	case kindWhole:
		return p.whole
	}
	return ""
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// andList is "a", "a and b", "a, b and c".
func andList(ss []string) string {
	if len(ss) < 2 {
		return strings.Join(ss, "")
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}

// Submit validates the form: the fields that need no I/O at once, the
// source in a command whose result either starts the run (SubmitMsg) or
// shows the problem inline.
func (m Model) Submit() (Model, tea.Cmd) {
	req := Request{
		Source: strings.TrimSpace(m.inputs[fieldSource].Value()),
		Domain: strings.TrimSpace(m.inputs[fieldDomain].Value()),
		Depth:  depths[m.depth],
		DryRun: m.dryRun,
		Tier:   tiers[m.tier],
		Policy: m.policy,
	}
	req.Scope = scopeList(m.inputs[fieldScope].Value())
	if req.Domain != "" {
		if err := core.ValidateID(req.Domain); err != nil {
			m.err = "domain: " + err.Error()
			m.setFocus(fieldDomain)
			return m, nil
		}
	}
	m.busy, m.err = true, ""
	// The command line's gate flags were given with its source: whatever
	// this submission becomes, the form never offers them again.
	m.policy = gate.Policy{}
	return m, func() tea.Msg {
		if err := acquire.Check(req.Source); err != nil {
			return validatedMsg{req: req, err: err}
		}
		// The check the command line makes of --scope, worded for this
		// form's field: the flag means nothing here.
		if err := acquire.CheckScope(req.Source, req.Scope); err != nil {
			if se, ok := errors.AsType[*acquire.ScopeError](err); ok {
				err = fmt.Errorf("scope: %s selects files of a folder or repository, and %s is %s: empty the scope, or give a folder or repository as the source",
					strings.Join(req.Scope, ", "), req.Source, se.What)
			}
			return validatedMsg{req: req, err: err, field: fieldScope}
		}
		// The session records where the source was, as the command line
		// does: a relative path means nothing once the folder changes.
		req.Source = acquire.LocalAbs(req.Source)
		return validatedMsg{req: req}
	}
}

// maxSuggestions bounds the completions listed for one folder.
const maxSuggestions = 200

// complete lists the entries of the folder being typed whose names start
// with the typed base: folders (with a trailing slash, to go on typing)
// and files lore can read.
func complete(typed string) tea.Cmd {
	return func() tea.Msg {
		msg := suggestionsMsg{for_: typed}
		if typed == "" || acquire.IsURL(typed) || strings.Contains(typed, "://") {
			return msg
		}
		dir, base := filepath.Split(typed)
		look := dir
		if look == "" {
			look = "."
		}
		entries, err := os.ReadDir(look)
		if err != nil {
			return msg
		}
		exts := append(acquire.SupportedExtensions(), acquire.ArchiveExtensions()...)
		for _, e := range entries {
			name := e.Name()
			if !strings.HasPrefix(name, base) || (strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".")) {
				continue
			}
			switch {
			case e.IsDir():
				msg.paths = append(msg.paths, dir+name+string(filepath.Separator))
			case readable(name, exts):
				msg.paths = append(msg.paths, dir+name)
			}
			if len(msg.paths) == maxSuggestions {
				break
			}
		}
		return msg
	}
}

func readable(name string, exts []string) bool {
	lower := strings.ToLower(name)
	return slices.ContainsFunc(exts, func(ext string) bool { return strings.HasSuffix(lower, ext) })
}

// maxCandidateLines bounds the list of completions under the source; a
// folder with more matches says how many are left out.
const maxCandidateLines = 4

// candidates are the lines under the source listing its completions by
// name while there is more than one, the chosen one marked, wrapped to
// the width, as many as fit in maxCandidateLines and how many more; nil
// otherwise.
func (m Model) candidates() []string {
	ms := m.matches()
	if m.focus != fieldSource || len(ms) < 2 {
		return nil
	}
	cur := m.inputs[fieldSource].CurrentSuggestionIndex()
	const indent = 14
	room := max(m.w-indent-1, 10)
	var lines [][]string
	used := room // no line yet
	for i, s := range ms {
		name := filepath.Base(s)
		if strings.HasSuffix(s, string(filepath.Separator)) {
			name += string(filepath.Separator)
		}
		name = ansi.Truncate(name, room, "…")
		w := ansi.StringWidth(name)
		if used > 0 {
			w += 2
		}
		if used+w > room {
			if len(lines) == maxCandidateLines {
				// The count replaces what does not fit of the last line.
				last, left := lines[len(lines)-1], len(ms)-i
				more := fmt.Sprintf("+%d more", left)
				for len(last) > 1 && ansi.StringWidth(strings.Join(last, "  "))+2+len(more) > room {
					last, left = last[:len(last)-1], left+1
					more = fmt.Sprintf("+%d more", left)
				}
				if len(last) == 1 {
					last[0] = ansi.Truncate(last[0], max(room-2-len(more), 1), "…")
				}
				lines[len(lines)-1] = append(last, m.st.Faint.Render(more))
				break
			}
			lines, used, w = append(lines, nil), 0, ansi.StringWidth(name)
		}
		style := m.st.Faint
		if i == cur {
			style = m.st.Input.Focused
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], style.Render(name))
		used += w
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Repeat(" ", indent) + strings.Join(l, "  ")
	}
	return out
}

// detectedTier says what the "as detected" tier is for source, as
// acquisition gives it (acquire.Familiarity): for a source typed, its
// tier and why (none for an address lore does not read); before one is
// typed, the rule.
func detectedTier(source string) string {
	home, stranger := tierWord(core.Home), tierWord(core.Stranger)
	if source == "" {
		return "as detected (on this machine, git too: " + home + "; over the network: " + stranger + ")"
	}
	if s := acquire.UnreadScheme(source); s != "" {
		// No tier: the source is refused when the form is submitted.
		return "none: lore does not read " + s + " addresses"
	}
	if t := acquire.Familiarity(source); t == core.Stranger {
		return "as detected: " + stranger + " (it comes over the network)"
	}
	return "as detected: " + home + " (read from this machine)"
}

// tierWord is a familiarity as the form writes it.
func tierWord(f core.Familiarity) string { return strings.ToLower(string(f)) }

// View draws the form.
func (m Model) View() string {
	label := func(i int, s string) string {
		l := m.st.Input.Blurred.Render("  " + s)
		if m.focus == i {
			l = m.st.Input.Focused.Render("▸ " + s)
		}
		return cells.Pad(l, 14)
	}
	choice := func(i int, s string) string {
		if m.focus == i {
			return m.st.Input.Focused.Render("‹ " + s + " ›")
		}
		return s
	}
	var b strings.Builder
	b.WriteString(m.st.Heading.Render(" Learn a source") + "\n\n")
	b.WriteString(label(fieldSource, "source") + m.inputs[fieldSource].View() + "\n")
	for _, line := range m.candidates() {
		b.WriteString(line + "\n")
	}
	b.WriteString(label(fieldDomain, "domain") + m.inputs[fieldDomain].View() + "\n")
	b.WriteString(label(fieldDepth, "depth") + choice(fieldDepth, string(depths[m.depth])) + "\n")
	tier := detectedTier(strings.TrimSpace(m.inputs[fieldSource].Value()))
	if tiers[m.tier] == core.Stranger {
		tier = "stranger (a person reviews every finding)"
	}
	b.WriteString(label(fieldTier, "tier") + choice(fieldTier, tier) + "\n")
	dry := "no"
	if m.dryRun {
		dry = "yes (store and write nothing)"
	}
	b.WriteString(label(fieldDryRun, "dry run") + choice(fieldDryRun, dry) + "\n")
	if m.scopeShown() {
		b.WriteString(label(fieldScope, "scope") + m.inputs[fieldScope].View() + "\n")
	}
	if r := m.reads(); r != "" {
		b.WriteString(label(-1, "reads") + m.st.Faint.Render(cells.Visible(r)) + "\n")
	}
	b.WriteString("\n")
	// The message below the fields wraps: an error cut at the edge of a
	// narrow terminal would hide what is wrong.
	note, mark, style := "A file, folder, archive, http(s) URL or git repository. Scope limits a folder or repository.", "", m.st.Input.Hint
	switch {
	case m.busy:
		note, style = "checking the source…", m.st.Faint
	case m.err != "":
		note, mark, style = m.err, "✗ ", m.st.App.Error
	}
	indent := " " + strings.Repeat(" ", ansi.StringWidth(mark))
	for i, l := range cells.Wrap(note, m.w-len(indent)-1) {
		if i == 0 {
			b.WriteString(style.Render(" " + mark + l))
		} else {
			b.WriteString("\n" + indent + style.Render(l))
		}
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.w, "…")
	}
	// In a short terminal the blank lines between the parts go before
	// any of the message does: a refusal names what lore reads, and the
	// end of it is what the user needs.
	for i := 0; m.h > 0 && len(lines) > m.h && i < len(lines); {
		if strings.TrimSpace(ansi.Strip(lines[i])) == "" {
			lines = append(lines[:i], lines[i+1:]...)
			continue
		}
		i++
	}
	return strings.Join(lines, "\n")
}
