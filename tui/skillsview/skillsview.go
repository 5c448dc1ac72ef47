// Package skillsview is the Skills screen's body: the skill library
// (learned, imported and negative skills with their review status) and
// the generated agents and teams, the selected one's SKILL.md (or
// AGENT.md, TEAM.md) rendered with glamour under its frontmatter, and the
// result of the strict Agent Skills check. A review queue narrows the list
// to the drafts, oldest first, each with where it came from (the agent
// that proposed it, the run it was drawn from, the learn session that
// generated it) and what the scanner found in it; review keys ask the root
// to promote, archive or return a skill to draft, and to share one user's
// own skill (a proposal on a team server) with the workspace. A skill
// opens across the
// screen, its findings in the findings reviewer (tui/findings), where a
// critical finding must be acknowledged before the skill is promoted; a
// draft's description and instructions are edited in place.
//
// It does no I/O: the root loads the library and the artifacts and hands
// them over with WithLibrary, and carries out a review request (ReviewMsg)
// or an edit (EditMsg) in a command. The strict check (core/skillspec) is pure and runs here,
// once per list, so that what is shown is what a client would accept.
package skillsview

import (
	"cmp"
	"errors"
	"path"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"go.yaml.in/yaml/v3"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/tui/findings"
	"github.com/lore-kb/lore/tui/listwin"
	"github.com/lore-kb/lore/tui/markdown"
	"github.com/lore-kb/lore/tui/styles"
)

// ReviewMsg asks the root to move the library skill Key to status To: a
// reviewer pressed promote, archive or draft on it. Ack is set when the
// reviewer acknowledged the skill's critical findings one by one in the
// findings reviewer, which promoting such a skill needs
// (library.Review). The root reports the outcome with WithNotice and
// reloads the library.
type ReviewMsg struct {
	Key string
	To  skills.Status
	Ack bool
}

// ImportMsg asks the root to import the skills at Path: a skill folder, a
// tree of them, a SKILL.md or a .zip/.skill bundle, typed into the path
// input. The root reads and scans it, puts it through the approval gate
// (the findings reviewer) and reports the outcome with WithNotice.
type ImportMsg struct{ Path string }

// AllowMsg asks the root to let Consumer activate the skill Key without
// asking its user (lore skills allow).
type AllowMsg struct{ Key, Consumer string }

// ShareMsg asks the root to make the skill Key, one user's own, the
// whole workspace's (lore skills share).
type ShareMsg struct{ Key string }

// field is one line of the frontmatter block: a key at a nesting depth,
// with its value ("" for a key that heads nested lines).
type field struct {
	depth      int
	key, value string
}

// entry is one library skill or artifact with everything View needs
// worked out once.
type entry struct {
	// rec is the library record of a skill, nil for an artifact. A record
	// also has a, holding its rendered SKILL.md, so that both are shown
	// and checked the same way.
	rec *skills.Skill
	a   core.Artifact
	// main is the index of the artifact's main file (SKILL.md, AGENT.md,
	// TEAM.md) in a.Files, or -1.
	main int
	// front is the parsed frontmatter, frontRaw its text when it does not
	// parse as a mapping; body is the Markdown after it.
	front    []field
	frontRaw []string
	body     string
	// strict says the Agent Skills check applies (a skill); errs are its
	// problems, none meaning valid. longBody is the body's line count when
	// it is over the specification's recommendation, else 0.
	strict   bool
	errs     []string
	longBody int
}

func (e *entry) valid() bool { return e.strict && len(e.errs) == 0 }

// id tells entries apart across reloads.
func (e *entry) id() string {
	if e.rec != nil {
		return "skill:" + e.rec.Key
	}
	return "artifact:" + string(orKind(e.a.Kind)) + "/" + e.a.Name
}

// tally is the list's counts for the header, worked out with the list.
type tally struct {
	kinds          map[core.ArtifactKind]int
	status         map[skills.Status]int
	valid, invalid int
}

// Model is the Skills screen's body. The zero value is not usable; call
// New.
type Model struct {
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap
	// runs is the state of the queue of agent runs (lore watch).
	runs RunQueue
	// noArts says why the generated agents and teams are not listed
	// ("": they are, beside the library).
	noArts string

	// all is every entry; entries the ones shown (all, or the review
	// queue's drafts).
	all, entries []entry
	counts       tally
	queue        bool
	loaded       bool
	// list is the window over entries.
	list listwin.Window
	// notice is a one-line message in the status line (a review's
	// outcome) until the next key; bad marks an error.
	notice    string
	noticeBad bool
	// input is the path input of an import, shown in the status line
	// while inputOpen; it is shared by the model's copies (a text input
	// is large and models are copied on every update), only the latest
	// of which is used. inputErr is why the last submission was refused.
	input     *textinput.Model
	inputOpen bool
	inputErr  string
	// allowing is the skill the open input names a consumer for ("": the
	// input is an import's path).
	allowing string
	// want is the library skill the next WithLibrary selects, when it
	// shows it (one just imported).
	want string

	// mode is the list, an opened skill or the editor; open is the
	// opened skill, fv its findings in the reviewer, ed the editor (see
	// review.go).
	mode mode
	open opened
	fv   findings.Model
	ed   *editor
	// ask is the question waiting for y or n, nil when none is.
	ask *question

	md *markdown.Renderer
	// head and doc are the selected artifact's fixed lines (title,
	// validation) and scrollable lines (frontmatter, rendered body), fitted
	// to the pane outside View, because View has a value receiver and must
	// stay cheap.
	head, doc []string
	scroll    int

	w, h int
	lay  layout
}

// New returns an empty Skills screen with the default key map.
func New(st styles.Styles) Model {
	ti := textinput.New()
	ti.Prompt = ""
	ti.Placeholder = "skill folder, folder of skills, SKILL.md, .zip or .skill"
	ti.CharLimit = 4096
	keys := DefaultKeyMap()
	return Model{keys: keys, md: markdown.New(), input: &ti, fv: findings.New(st).WithKeyMap(keys.Findings), ed: newEditor(st)}.SetStyles(st)
}

// SetStyles switches the styles (a light/dark change); the document is
// rendered again with the matching glamour style.
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	ts := textinput.DefaultStyles(st.IsDark)
	ts.Cursor.Blink = false
	m.input.SetStyles(ts)
	m.fv = m.fv.SetStyles(st)
	m.ed.setStyles(st)
	return m.refresh()
}

// WithKeyMap replaces the key bindings.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	m.fv = m.fv.WithKeyMap(k.Findings)
	return m
}

// KeyMap returns the bindings in use, for the root's help, the ones that
// do nothing now disabled: while the path input or the editor is open only
// its own keys; while a skill's findings are shown the reviewer's keys;
// while its SKILL.md is shown the document's and the review keys; on the
// list all but those.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	if m.ask != nil {
		return k.asking()
	}
	k.Yes.SetEnabled(false)
	k.No.SetEnabled(false)
	list := !m.inputOpen && m.mode == modeList
	open := !m.inputOpen && m.mode == modeOpen
	showFindings := open && m.open.findings
	doc := list || (open && !showFindings)
	rec := false
	if _, ok := m.SelectedSkill(); ok {
		rec = true
	}
	k.List = k.List.WithEnabled(list || showFindings)
	for _, b := range []*key.Binding{&k.ScrollUp, &k.ScrollDown, &k.HalfPageUp, &k.HalfPageDown, &k.Promote, &k.Archive, &k.Draft} {
		b.SetEnabled(doc)
	}
	for _, b := range []*key.Binding{&k.Queue, &k.Import} {
		b.SetEnabled(list)
	}
	sk, isSkill := m.SelectedSkill()
	k.Allow.SetEnabled(list && isSkill && sk.Status == skills.Active)
	k.Share.SetEnabled(doc && isSkill && sk.Visibility == skills.User)
	k.Open.SetEnabled(list && rec)
	k.Edit.SetEnabled((list || open) && rec)
	k.Back.SetEnabled(open)
	k.ShowFindings.SetEnabled(open && m.hasFindings())
	editing := !m.inputOpen && m.mode == modeEdit
	for _, b := range []*key.Binding{&k.EditSave, &k.EditNext, &k.EditCancel} {
		b.SetEnabled(editing)
	}
	if editing && m.ed.whole {
		// One field, the whole file: tab is text, not a field switch.
		k.EditNext.SetEnabled(false)
	}
	k.ImportSubmit.SetEnabled(m.inputOpen)
	if m.allowing != "" {
		k.ImportSubmit.SetHelp("enter", "allow")
	}
	k.ImportCancel.SetEnabled(m.inputOpen)
	fk := m.fv.KeyMap()
	if !showFindings {
		fk.List = fk.List.WithEnabled(false)
		for _, b := range []*key.Binding{&fk.Acknowledge, &fk.Approve, &fk.ApproveWarnings, &fk.Reject, &fk.ScrollUp, &fk.ScrollDown} {
			b.SetEnabled(false)
		}
	}
	k.Findings = fk
	return k
}

// hasFindings reports whether the selected library skill has findings.
func (m Model) hasFindings() bool {
	s, ok := m.SelectedSkill()
	return ok && len(s.Findings) > 0
}

// Captures reports whether the screen takes every key: while a path is
// being typed into the import input, or a draft's text into the editor.
func (m Model) Captures() bool { return m.inputOpen || m.mode == modeEdit || m.ask != nil }

// Asking is the question waiting for y or n, "" when none is.
func (m Model) Asking() string {
	if m.ask == nil {
		return ""
	}
	return m.ask.text
}

// Importing reports whether the path input is open.
func (m Model) Importing() bool { return m.inputOpen }

// InputErr is why the last path submitted was refused, if it was.
func (m Model) InputErr() string { return m.inputErr }

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	m.input.SetWidth(max(w-len(importPrompt)-2, 10))
	m.lay = m.computeLayout()
	m.list = m.list.SetHeight(m.lay.listH)
	m.fv = m.fv.SetSize(m.w, m.h)
	m = m.sizeEditor()
	return m.refresh()
}

// WithoutArtifacts says, in the header, why the list holds the library
// alone: where it is read (lore's API) the generated agents and teams
// are not, nor is a folder of this machine imported from.
func (m Model) WithoutArtifacts(why string) Model {
	m.noArts = why
	return m
}

// WithArtifacts shows a fresh list of artifacts alone, no library: see
// WithLibrary.
func (m Model) WithArtifacts(arts []core.Artifact) Model { return m.WithLibrary(nil, arts) }

// WithLibrary shows a fresh list: the library's skills first, by name,
// then the generated skills the library does not hold (a store written
// before the library), agents and teams, each by name. The selection stays
// on the same entry when it is still shown, else on the same row. Every
// skill is checked here against the strict profile.
func (m Model) WithLibrary(lib []*skills.Skill, arts []core.Artifact) Model {
	prev, hadPrev := m.selectedID()
	if m.want != "" {
		prev, hadPrev, m.want = "skill:"+m.want, true, ""
	}
	es := make([]entry, 0, len(lib)+len(arts))
	inLib := make(map[string]bool, len(lib))
	for _, s := range lib {
		if s == nil {
			continue
		}
		es = append(es, newSkillEntry(s))
		inLib[s.Key] = true
	}
	for _, a := range arts {
		if orKind(a.Kind) == core.SkillArtifact && inLib[scope.Key(scope.DefaultNamespace, a.Name)] {
			continue
		}
		es = append(es, newEntry(a))
	}
	slices.SortStableFunc(es, func(x, y entry) int {
		return cmp.Or(cmp.Compare(rank(&x), rank(&y)), strings.Compare(x.a.Name, y.a.Name), strings.Compare(x.id(), y.id()))
	})
	m.all, m.loaded = es, true
	m.counts = count(es)
	return m.filter(prev, hadPrev, m.list.Cursor()).keepOpen()
}

func count(es []entry) tally {
	t := tally{kinds: map[core.ArtifactKind]int{}, status: map[skills.Status]int{}}
	for i := range es {
		e := &es[i]
		t.kinds[orKind(e.a.Kind)]++
		if e.rec != nil {
			t.status[e.rec.Status]++
		}
		switch {
		case e.valid():
			t.valid++
		case e.strict:
			t.invalid++
		}
	}
	return t
}

// filter shows all entries or the review queue, keeping the selection on
// entry prev when it is shown, else on row fallback.
func (m Model) filter(prev string, hadPrev bool, fallback int) Model {
	es := m.all
	if m.queue {
		es = make([]entry, 0, m.counts.status[skills.Draft])
		for _, e := range m.all {
			if e.rec != nil && e.rec.Status == skills.Draft {
				es = append(es, e)
			}
		}
		slices.SortStableFunc(es, func(x, y entry) int {
			return cmp.Or(x.rec.Created.Compare(y.rec.Created), strings.Compare(x.rec.Key, y.rec.Key))
		})
	}
	m.entries = es
	// The list's height follows its length (see computeLayout), so both
	// change in one step.
	m.lay = m.computeLayout()
	m.list = m.list.Resize(len(es), m.lay.listH)
	m.scroll = 0
	sel := 0
	if hadPrev {
		sel = fallback
		if i := slices.IndexFunc(es, func(e entry) bool { return e.id() == prev }); i >= 0 {
			sel = i
		}
	}
	m.list = m.list.Select(sel)
	return m.refresh()
}

// rank orders the list: library skills, generated skills outside the
// library, agents, teams.
func rank(e *entry) int {
	if e.rec != nil {
		return 0
	}
	switch orKind(e.a.Kind) {
	case core.SkillArtifact:
		return 1
	case core.AgentArtifact:
		return 2
	case core.TeamArtifact:
		return 3
	}
	return 4
}

// newSkillEntry is a library record, shown as the SKILL.md lore exports
// it to (skills.Render) and checked as promote checks it.
func newSkillEntry(s *skills.Skill) entry {
	id := s.ID()
	a := core.Artifact{Kind: core.SkillArtifact, Name: id, Domain: s.Provenance.Domain}
	if files := skills.Render(s); len(files) > 0 {
		a.Files = []core.ArtifactFile{{Path: id + "/" + files[0].Path, Content: string(files[0].Content)}}
	}
	e := newEntry(a)
	e.rec = s
	// A library skill's verdict is the one promote is held to (the
	// library's, lore skills validate's strict profile), so the screen
	// calls invalid exactly what p is refused for.
	e.errs = nil
	var inv *skilllib.InvalidError
	if errors.As(skilllib.Invalid(s), &inv) {
		e.errs = inv.Errors
	}
	return e
}

// mainFile is the file an artifact of kind k is read from.
func mainFile(k core.ArtifactKind) string {
	switch k {
	case core.AgentArtifact:
		return "AGENT.md"
	case core.TeamArtifact:
		return "TEAM.md"
	}
	return "SKILL.md"
}

func newEntry(a core.Artifact) entry {
	e := entry{a: a, main: -1, strict: a.Kind == core.SkillArtifact || a.Kind == ""}
	want := mainFile(a.Kind)
	for i, f := range a.Files {
		// The shallowest match: a skill may carry other skills' files in
		// its references, never above its own.
		if path.Base(f.Path) == want && (e.main < 0 || strings.Count(f.Path, "/") < strings.Count(a.Files[e.main].Path, "/")) {
			e.main = i
		}
	}
	if e.main < 0 {
		if e.strict {
			e.errs = []string{"no SKILL.md among the skill's files"}
		}
		return e
	}
	f := a.Files[e.main]
	if e.strict {
		dir := path.Base(path.Dir(f.Path))
		if dir == "." || dir == "/" {
			dir = ""
		}
		_, e.errs = skillspec.ValidateStrict(dir, []byte(f.Content))
		if n := skillspec.BodyLines([]byte(f.Content)); n > skillspec.MaxBodyLines {
			e.longBody = n
		}
	}
	front, body, _, err := skillspec.SplitFrontmatter([]byte(f.Content))
	if err != nil {
		e.body = body
		return e
	}
	e.body = body
	e.front, e.frontRaw = parseFront(front)
	return e
}

// parseFront turns frontmatter into key: value lines; what does not parse
// as a mapping is returned as raw lines to show as they are, since an
// invalid skill is exactly the one whose frontmatter a person must see.
func parseFront(front string) ([]field, []string) {
	var doc yaml.Node
	raw := strings.Split(strings.TrimRight(front, "\n"), "\n")
	if err := yaml.Unmarshal([]byte(front), &doc); err != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, raw
	}
	var out []field
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if v.Kind == yaml.ScalarNode {
					out = append(out, field{depth, k.Value, v.Value})
					continue
				}
				out = append(out, field{depth: depth, key: k.Value})
				walk(v, depth+1)
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				if c.Kind == yaml.ScalarNode {
					out = append(out, field{depth, "-", c.Value})
					continue
				}
				out = append(out, field{depth: depth, key: "-"})
				walk(c, depth+1)
			}
		case yaml.AliasNode:
			out = append(out, field{depth, "*", n.Value})
		}
	}
	walk(doc.Content[0], 0)
	return out, nil
}

// selected is the selected entry, nil when the list is empty.
func (m Model) selected() *entry {
	if c := m.list.Cursor(); c < len(m.entries) {
		return &m.entries[c]
	}
	return nil
}

// Selected returns the selected artifact.
func (m Model) Selected() (core.Artifact, bool) {
	if e := m.selected(); e != nil {
		return e.a, true
	}
	return core.Artifact{}, false
}

// SelectedSkill returns the selected library skill; ok is false when an
// artifact (or nothing) is selected.
func (m Model) SelectedSkill() (*skills.Skill, bool) {
	if e := m.selected(); e != nil && e.rec != nil {
		return e.rec, true
	}
	return nil, false
}

func (m Model) selectedID() (string, bool) {
	if e := m.selected(); e != nil {
		return e.id(), true
	}
	return "", false
}

// WillSelect makes the next WithLibrary select the library skill key
// (one just imported), when it shows it.
func (m Model) WillSelect(key string) Model {
	m.want = key
	return m
}

// Queue reports whether the review queue is shown.
func (m Model) Queue() bool { return m.queue }

// RunQueue is the state of the queue of agent runs lore watch learns.
type RunQueue struct{ Pending, Done, Failed int }

// WithRuns shows the run queue's state in the header.
func (m Model) WithRuns(q RunQueue) Model {
	m.runs = q
	return m
}

// Runs is the run queue's state as last shown.
func (m Model) Runs() RunQueue { return m.runs }

// Drafts is the number of library skills waiting for review.
func (m Model) Drafts() int { return m.counts.status[skills.Draft] }

// Notice is the message shown in the status line, if any.
func (m Model) Notice() string { return m.notice }

// WithNotice shows msg in the status line until the next key; bad marks
// an error.
func (m Model) WithNotice(msg string, bad bool) Model {
	m.notice, m.noticeBad = msg, bad
	return m
}

// Valid reports the strict check of the selected artifact: applies is
// false for agents and teams, errs lists the problems of an invalid skill.
func (m Model) Valid() (applies bool, errs []string) {
	e := m.selected()
	if e == nil {
		return false, nil
	}
	return e.strict, slices.Clone(e.errs)
}

// Update handles key presses, and text pasted into the path input;
// everything else is the root's business.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch {
	case m.ask != nil:
		return m.answer(msg)
	case m.inputOpen:
		return m.updateInput(msg)
	case m.mode == modeEdit:
		return m.updateEdit(msg)
	}
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	m.notice = ""
	if m.mode == modeOpen {
		return m.updateOpen(kp)
	}
	k := m.keys
	if key.Matches(kp, k.Import) {
		m.inputOpen, m.inputErr, m.allowing = true, "", ""
		m.input.SetValue("")
		return m, m.input.Focus()
	}
	if key.Matches(kp, k.Allow) {
		s, ok := m.SelectedSkill()
		if !ok {
			return m, nil
		}
		if s.Status != skills.Active {
			return m.WithNotice(s.Key+" is "+string(s.Status)+", not active: agents are not offered it, so it cannot be allowed", true), nil
		}
		m.inputOpen, m.inputErr, m.allowing = true, "", s.Key
		m.input.SetValue("")
		return m, m.input.Focus()
	}
	if d, ok := k.List.Step(kp, m.list.Page(), len(m.entries)); ok {
		return m.move(d), nil
	}
	switch {
	case key.Matches(kp, k.Queue):
		m.queue = !m.queue
		prev, ok := m.selectedID()
		return m.filter(prev, ok, 0), nil
	case key.Matches(kp, k.Open):
		if _, ok := m.SelectedSkill(); !ok {
			return m, nil
		}
		return m.openSkill(true), nil
	case key.Matches(kp, k.Edit):
		return m.startEdit()
	}
	next, cmd, _ := m.decideOrScroll(kp)
	return next, cmd
}

// importPrompt leads the path input in the status line, allowPrompt the
// consumer's name.
const (
	importPrompt = " import from "
	allowPrompt  = " allow for consumer "
)

// updateInput handles the path input: enter submits the path (an empty
// one is refused inline), esc closes it, anything else is typed.
func (m Model) updateInput(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, m.keys.ImportCancel):
			m.inputOpen, m.inputErr = false, ""
			m.input.Blur()
			return m, nil
		case key.Matches(msg, m.keys.ImportSubmit) && m.allowing != "":
			consumer := strings.TrimSpace(m.input.Value())
			if consumer == "" {
				m.inputErr = "type the consumer's name (the agent, as lore mcp serves it)"
				return m, nil
			}
			m.inputOpen, m.inputErr = false, ""
			m.input.Blur()
			req := AllowMsg{Key: m.allowing, Consumer: consumer}
			return m, func() tea.Msg { return req }
		case key.Matches(msg, m.keys.ImportSubmit):
			path := strings.TrimSpace(m.input.Value())
			if path == "" {
				m.inputErr = "type the path of a skill folder, a folder of skills, a SKILL.md or a .zip/.skill bundle"
				return m, nil
			}
			m.inputOpen, m.inputErr = false, ""
			m.input.Blur()
			req := ImportMsg{Path: path}
			return m, func() tea.Msg { return req }
		}
	case tea.PasteMsg:
	default:
		return m, nil
	}
	m.inputErr = ""
	var cmd tea.Cmd
	*m.input, cmd = m.input.Update(msg)
	return m, cmd
}

// review asks the root to move the selected library skill to status to.
func (m Model) review(to skills.Status) (Model, tea.Cmd) {
	e := m.selected()
	if e == nil {
		return m, nil
	}
	if e.rec == nil {
		return m.notLibrary(e, "reviewed"), nil
	}
	req := ReviewMsg{Key: e.rec.Key, To: to}
	if m.mode == modeOpen {
		m = m.closeOpen()
	}
	return m, func() tea.Msg { return req }
}

// Click selects the artifact under the component-relative cell (x, y).
// It returns no command; it has the shape of every screen's Click.
func (m Model) Click(x, y int) (Model, tea.Cmd) {
	if m.mode == modeOpen && m.open.findings {
		var cmd tea.Cmd
		m.fv, cmd = m.fv.Click(x, y)
		return m, cmd
	}
	if m.mode != modeList || x < 0 || x >= m.lay.listW {
		return m, nil
	}
	if i, ok := m.list.RowAt(y - bodyTop); ok {
		return m.move(i - m.list.Cursor()), nil
	}
	return m, nil
}

// Scroll moves the document pane by delta lines (the mouse wheel and the
// document keys): the list is short and moved with keys, the document is
// what one reads. It returns no command; it has the shape of every
// screen's Scroll.
func (m Model) Scroll(delta int) (Model, tea.Cmd) {
	switch {
	case m.mode == modeEdit:
		return m, nil
	case m.mode == modeOpen && m.open.findings:
		var cmd tea.Cmd
		m.fv, cmd = m.fv.Scroll(delta)
		return m, cmd
	}
	m.scroll = min(max(m.scroll+delta, 0), m.maxScroll())
	return m, nil
}

func (m Model) move(d int) Model {
	if len(m.entries) == 0 {
		return m
	}
	next := m.list.Move(d)
	if next.Cursor() == m.list.Cursor() {
		return m
	}
	m.list, m.scroll = next, 0
	return m.refresh()
}

func (m Model) docHeight() int {
	return max(m.paneLayout().paneH-len(m.head), 0)
}

func (m Model) maxScroll() int {
	return max(len(m.doc)-m.docHeight(), 0)
}

// notLibrary says that e, a generated agent or team, is not a library
// skill, which is all that can be done (reviewed, shared …).
func (m Model) notLibrary(e *entry, done string) Model {
	return m.WithNotice(orDash(e.a.Name)+" is a generated "+string(orKind(e.a.Kind))+
		", not a library skill: only library skills are "+done, true)
}
