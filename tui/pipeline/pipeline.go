// Package pipeline is the Learn screen's body: one pane per stage of a
// learning run showing its state, progress, counts and time, and a
// scrolling log of the run's events. It is fed engine events and knows
// nothing of the application around it.
package pipeline

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/styles"
)

// State is where a stage is.
type State int

// Stage states, in the order a stage passes through them.
const (
	Waiting State = iota
	Running
	Done
	Failed
	Skipped
	// Cancelled is the stage a cancelled run stopped in: the engine
	// reports it failed ("interrupted"), but nothing went wrong in it.
	Cancelled
)

func (s State) String() string {
	return [...]string{"waiting", "running", "done", "failed", "skipped", "cancelled"}[s]
}

// Titles are the panes' names, in stage order.
var Titles = [...]string{"Acquire", "Sanitize", "Gate", "Analyze", "Extract + wire", "Dedup + merge", "Generate + report"}

// Pane is what the screen knows of one stage.
type Pane struct {
	Stage engine.Stage
	State State
	// Done and Total are the latest countable progress (Total 0: none).
	Done, Total int
	Detail      string
	Started     time.Time
	Elapsed     time.Duration
	// Finished is the stage's final event, with the result the engine
	// reported.
	Finished engine.StageFinished
	// info is the pane's body once finished, styled.
	info []string
}

// KeyMap holds the Learn screen's own keys (the log's scrolling).
type KeyMap struct {
	LogUp, LogDown, LogTop, LogBottom key.Binding
}

// DefaultKeyMap returns the Learn screen's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		LogUp:     key.NewBinding(key.WithKeys("pgup", "K"), key.WithHelp("pgup", "scroll log up")),
		LogDown:   key.NewBinding(key.WithKeys("pgdown", "J"), key.WithHelp("pgdn", "scroll log down")),
		LogTop:    key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "log start")),
		LogBottom: key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "follow log")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.LogUp, k.LogDown} }

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.LogUp, k.LogDown, k.LogTop, k.LogBottom}}
}

// Model is the Learn screen body.
type Model struct {
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap
	w, h int
	// Source and Session name the run shown ("" before the first).
	Source, Session string
	DryRun          bool
	Panes           [7]Pane
	// Findings counts the sanitizer's findings by category.
	Findings map[core.Category]int
	// Awaiting is true while the gate waits for the reviewer.
	Awaiting  bool
	Decision  *core.Decision
	Artifacts []string
	// Committed is the session the run committed ("" until it has).
	Committed string
	// decider names who answers the gate when it is not the person at
	// this screen ("a reviewer", on a team server for a role that may
	// not decide); "" is the person here.
	decider string
	// cancelling: the run was asked to stop, so a stage that ends failed
	// now ends because of that (see Cancelling).
	cancelling bool
	now        time.Time
	// workDir is the folder a local source is shown relative to when
	// that is shorter ("": always as given).
	workDir string
	log     eventLog
	scroll  int // log lines scrolled back from the newest
	// skips are the stages skipped for one reason, said by the log's
	// last line while nothing was logged after it (see logSkip).
	skips skipLine
}

// skipLine is the log's line about stages skipped for one reason: a run
// stopped at one stage skips every later one, which the log says once.
type skipLine struct {
	stages []string
	why    string
	// when is the first stage's time, which the line keeps; at is the
	// count of lines logged once it was written: a line logged since
	// ends it.
	when time.Time
	at   int
}

// New returns an empty Learn screen.
func New(st styles.Styles) Model {
	return Model{st: &st, keys: DefaultKeyMap()}.Reset("", "", false)
}

// Reset clears the panes for a new run of source; the log is kept, so a
// curator can read back over earlier runs.
func (m Model) Reset(source, session string, dryRun bool) Model {
	m.Source, m.Session, m.DryRun = source, session, dryRun
	for i, s := range engine.Stages {
		m.Panes[i] = Pane{Stage: s}
	}
	m.Findings = map[core.Category]int{}
	m.Awaiting, m.Decision, m.Artifacts, m.Committed, m.scroll = false, nil, nil, "", 0
	m.cancelling, m.skips = false, skipLine{}
	return m
}

// WithDecider says who answers the gate's questions when the person at
// this screen may not: the screen then says the run waits for them
// rather than for "your decision". "" is the person here.
func (m Model) WithDecider(who string) Model {
	m.decider = who
	return m
}

// SetSize sets the area the screen draws in.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = w, h
	return m
}

// WithWorkDir sets the folder lore was started in: a source under it (or
// near it) is shown relative to it where that is shorter than its
// absolute path, which the session keeps.
func (m Model) WithWorkDir(dir string) Model {
	m.workDir = dir
	return m
}

// shownSource is Source, relative to the working folder if that is
// shorter.
func (m Model) shownSource() string { return cells.RelativeTo(m.workDir, m.Source) }

// SetStyles switches styles (light or dark).
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	return m
}

// SetNow sets the clock running stages measure their time against; the
// application ticks it, so rendering never reads the clock.
func (m Model) SetNow(t time.Time) Model {
	m.now = t
	return m
}

// KeyMap returns the screen's key map.
func (m Model) KeyMap() KeyMap { return m.keys }

// LogLen is the number of log lines kept.
func (m Model) LogLen() int { return m.log.Len() }

// Log appends a line to the log, stamped at.
func (m Model) Log(at time.Time, stage, msg string) Model {
	m.log.add(m.logPrefix(at, stage) + msg)
	return m
}

// Note appends a message to the log as Log does, but one wider than the
// screen goes on, indented, on the lines after it: a note (a document not
// read as written, a link that would close a cycle) is read whole, not
// cut at the screen's edge as the run's progress lines are.
func (m Model) Note(at time.Time, stage, msg string) Model {
	prefix := m.logPrefix(at, stage)
	pw := ansi.StringWidth(prefix)
	if m.w-pw < 20 {
		m.log.add(prefix + msg)
		return m
	}
	for i, line := range wrapWords(msg, m.w-pw) {
		if i > 0 {
			prefix = strings.Repeat(" ", pw)
		}
		m.log.add(prefix + line)
	}
	return m
}

// wrapWords wraps styled s to lines of at most w cells at its spaces,
// cutting only a word longer than a line ("--scope" stays whole).
func wrapWords(s string, w int) []string {
	var out []string
	line, lw := "", 0
	for _, word := range strings.Split(s, " ") {
		ww := ansi.StringWidth(word)
		// A word longer than a line is cut wherever it starts: it goes on
		// after the line's words rather than leave them a line of their own.
		if lw > 0 && lw+1+ww > w && (ww <= w || lw+2 > w) {
			out, line, lw = append(out, line), "", 0
		}
		if lw > 0 {
			line, lw = line+" ", lw+1
		}
		for ww > w-lw && ww > 0 && w-lw > 0 {
			// A word longer than a line: cut it where the line ends.
			out = append(out, line+ansi.Cut(word, 0, w-lw))
			word, ww = ansi.Cut(word, w-lw, ww), ww-(w-lw)
			line, lw = "", 0
		}
		line, lw = line+word, lw+ww
	}
	return append(out, line)
}

func (m Model) logPrefix(at time.Time, stage string) string {
	return m.st.Faint.Render(at.Format("15:04:05")) + " " + m.st.Label.Render(fmt.Sprintf("%-9s", stage)) + " "
}

// Cancelling says the run was asked to stop (the person cancelled it
// here): the stage the engine then ends as failed ("interrupted") is
// shown and logged as cancelled.
func (m Model) Cancelling() Model {
	m.cancelling = true
	return m
}

// cancelledInfo is a cancelled stage's body.
func (m Model) cancelledInfo() []string {
	return []string{m.st.Severity.Warning.Render("cancelled"), m.st.Faint.Render("the store is unchanged")}
}

// Cancelled shows the run as cancelled, as the application learns once
// the engine has returned (a run another process cancelled included):
// the stage it stopped in, reported failed, is cancelled, and says the
// store is unchanged.
func (m Model) Cancelled() Model {
	for i := range m.Panes {
		p := &m.Panes[i]
		if p.State != Failed && p.State != Running {
			continue
		}
		if p.State == Running && !p.Started.IsZero() && m.now.After(p.Started) {
			p.Elapsed = m.now.Sub(p.Started)
		}
		p.State = Cancelled
		p.info = m.cancelledInfo()
	}
	return m
}

// Running reports whether a stage is running.
func (m Model) Running() bool {
	for _, p := range m.Panes {
		if p.State == Running {
			return true
		}
	}
	return false
}

func index(s engine.Stage) int { return slices.Index(engine.Stages, s) }

// skipReason is why stage i was skipped: the reason the engine gave (a
// source rejected at the gate, nothing to learn), else the stage before
// it that stopped the run ("" when none did). A run another process
// started says a stage skipped without a reason as "skipped".
func (m Model) skipReason(i int, reason string) string {
	if reason != "" && reason != string(engine.StageSkipped) {
		return reason
	}
	if m.cancelling {
		return "the run was cancelled"
	}
	for j := i - 1; j >= 0; j-- {
		switch p := m.Panes[j]; p.State {
		case Cancelled:
			return "the run was cancelled"
		case Failed:
			if p.Finished.Err == "interrupted" {
				return string(p.Stage) + " was interrupted"
			}
			return string(p.Stage) + " failed"
		}
	}
	return ""
}

// logSkip says in the log that stage was skipped and why. The stages a
// run skips for one reason come one after the other, and are said in one
// line ("dedup and generate skipped: nothing to learn"), the log's last
// one rewritten as each is added, while nothing else was logged between.
func (m Model) logSkip(at time.Time, stage, why string) Model {
	if len(m.skips.stages) > 0 && m.skips.why == why && m.skips.at == m.log.added() {
		m.skips.stages = append(slices.Clip(m.skips.stages), stage)
		m.log.replaceLast(m.skipLine())
		return m
	}
	m.skips = skipLine{stages: []string{stage}, why: why, when: at}
	m.log.add(m.skipLine())
	m.skips.at = m.log.added()
	return m
}

// skipLine is the log's line about m.skips.
func (m Model) skipLine() string {
	ss := m.skips.stages
	names := ss[0]
	if n := len(ss); n > 1 {
		names = strings.Join(ss[:n-1], ", ") + " and " + ss[n-1]
	}
	msg := names + " " + m.st.State.Skipped.Render("skipped")
	if m.skips.why != "" {
		msg += ": " + m.skips.why
	}
	return m.logPrefix(m.skips.when, "run") + msg
}

// Apply records one engine event that arrived at at.
func (m Model) Apply(e engine.Event, at time.Time) Model {
	switch e := e.(type) {
	case engine.StageStarted:
		if i := index(e.Stage); i >= 0 {
			m.Panes[i].State, m.Panes[i].Started = Running, e.At
		}
		m = m.Log(at, string(e.Stage), "started")
	case engine.StageProgress:
		if i := index(e.Stage); i >= 0 {
			p := &m.Panes[i]
			p.Done, p.Total, p.Detail = e.Done, e.Total, e.Detail
		}
	case engine.StageFinished:
		i := index(e.Stage)
		if i < 0 {
			return m
		}
		p := &m.Panes[i]
		p.Finished, p.Elapsed = e, e.Elapsed
		switch e.Status {
		case engine.StageDone:
			p.State = Done
			if p.Total > 0 {
				p.Done = p.Total
			}
		case engine.StageFailed:
			p.State = Failed
			if m.cancelling {
				p.State = Cancelled
			}
		default:
			p.State = Skipped
			why := m.skipReason(i, e.Reason)
			p.info = []string{m.st.State.Skipped.Render(engine.StageFinished{Status: engine.StageSkipped, Reason: why}.Summary())}
			return m.logSkip(at, string(e.Stage), why)
		}
		p.info = m.info(e)
		msg := e.Summary()
		if msg == "" && e.Result == nil {
			// A run on a team server says what a stage produced as a
			// sentence, not as its result.
			msg = e.Reason
			if e.Status == engine.StageDone && e.Reason != "" {
				p.info = []string{e.Reason}
			}
		}
		switch p.State {
		case Done:
			msg = fmt.Sprintf("done in %s · %s", roundDur(e.Elapsed), msg)
		case Failed:
			msg = m.st.Bad.Render("failed: ") + msg
		case Cancelled:
			p.info = m.cancelledInfo()
			msg = m.st.Severity.Warning.Render("cancelled") + fmt.Sprintf(" after %s", roundDur(e.Elapsed))
		}
		if p.State == Failed {
			// Why a stage failed is read whole: it says what to change.
			m = m.Note(at, string(e.Stage), msg)
			break
		}
		m = m.Log(at, string(e.Stage), msg)
	case engine.FindingFound:
		f := e.Finding
		m.Findings[f.Category]++
		m = m.Log(at, "sanitize", fmt.Sprintf("%s %s %s", m.severity(f.Severity), f.Category, m.st.Faint.Render(f.Location)))
	case engine.ApprovalRequested:
		m.Awaiting = true
		if m.decider != "" {
			m = m.Log(at, "gate", fmt.Sprintf("waiting for %s to decide on %d finding(s)", m.decider, len(e.Report.Findings)))
			break
		}
		m = m.Log(at, "gate", fmt.Sprintf("waiting for your decision on %d finding(s) — see Findings", len(e.Report.Findings)))
	case engine.ReviewRequested:
		m.Awaiting = true
		what := fmt.Sprintf("waiting for your review of %d candidate(s)", e.Candidates)
		if e.Reapplied > 0 {
			what += fmt.Sprintf(" · %d earlier decision(s) applied again", e.Reapplied)
		}
		if e.Revisit > 0 {
			what += fmt.Sprintf(" · %d to revisit", e.Revisit)
		}
		m = m.Log(at, "review", what)
	case engine.Reviewed:
		m.Awaiting = false
		m = m.Log(at, "review", fmt.Sprintf("done · %d decision(s)", e.Decisions))
	case engine.Decided:
		d := e.Decision
		m.Awaiting, m.Decision = false, &d
		m = m.Log(at, "gate", fmt.Sprintf("%s %s · %s", d.Status, decidedBy(d.DecidedBy), d.Rationale))
	case engine.ConflictFound:
		c := e.Conflict
		m = m.Log(at, "dedup", fmt.Sprintf("conflict %s: %q vs existing %q (%s)", c.ID, c.Candidate.Name, c.Existing.Name, c.Comparison.Class))
	case engine.ArtifactMade:
		a := e.Artifact
		m.Artifacts = append(m.Artifacts, fmt.Sprintf("%s %s", a.Kind, a.Name))
		// The skill's own folder, not the one every artifact shares: the
		// shorter of the two places that name it, to fit the log's line.
		where := e.Dir
		if len(a.Files) > 0 {
			where = filepath.Dir(a.Location(e.Dir))
		}
		if e.Dir == "" {
			where = "not written"
		}
		m = m.Log(at, "generate", fmt.Sprintf("%s %s (%d primitives) %s", a.Kind, m.st.Heading.Render(a.Name), a.Primitives, m.st.Faint.Render(where)))
	case engine.Committed:
		m.Committed = e.Session.ID
		m = m.Log(at, "commit", fmt.Sprintf("session %s committed (%d changes)", e.Session.ID, e.Session.Changes))
	}
	return m
}

func (m Model) severity(s core.Severity) string {
	switch s {
	case core.Critical:
		return m.st.Severity.Critical.Render(string(s))
	case core.Warning:
		return m.st.Severity.Warning.Render(string(s))
	}
	return m.st.Severity.Info.Render(string(s))
}

func decidedBy(b core.DecidedBy) string {
	switch b {
	case core.ByUser:
		return "by you"
	case core.ByAuto:
		return "automatically"
	case core.ByPolicy:
		return "by flag"
	}
	// Another person, by name: a reviewer of a team server.
	return "by " + string(b)
}

// info is a finished pane's body, from the result the engine reported.
func (m Model) info(e engine.StageFinished) []string {
	if e.Status == engine.StageFailed {
		return []string{m.st.Bad.Render(e.Err)}
	}
	if e.Status == engine.StageSkipped {
		return []string{m.st.State.Skipped.Render(e.Summary())}
	}
	faint := m.st.Faint.Render
	switch r := e.Result.(type) {
	case engine.AcquireFinished:
		out := []string{fmt.Sprintf("%d document(s) · %s", r.Documents, acquire.HumanBytes(r.Bytes))}
		if r.Skipped+r.Ignored > 0 {
			out = append(out, faint(fmt.Sprintf("skipped %d · ignored %d", r.Skipped, r.Ignored)))
		}
		return out
	case engine.SanitizeFinished:
		sev := func(n int, name string, st lipgloss.Style) string {
			s := fmt.Sprintf("%s %d", name, n)
			if n > 0 {
				return st.Render(s)
			}
			return s
		}
		out := []string{strings.Join([]string{sev(r.Critical, "critical", m.st.Severity.Critical),
			sev(r.Warning, "warning", m.st.Severity.Warning), fmt.Sprintf("info %d", r.Info)}, " · ")}
		tier := strings.ToUpper(string(r.Tier))
		if cats := countList(m.Findings, core.Categories); cats != "" {
			tier += " · " + cats
		}
		return append(out, faint(tier))
	case engine.GateFinished:
		by := ""
		if r.By != "" {
			by = " · " + decidedBy(r.By)
		}
		style := m.st.Good
		if r.Status == core.Rejected {
			style = m.st.Bad
		}
		return []string{style.Render(string(r.Status)) + by, faint(fmt.Sprintf("%d reviewed · %d acknowledged", r.Reviewed, r.Acknowledged))}
	case engine.AnalyzeFinished:
		return []string{fmt.Sprintf("%s · %s", r.ContentType, r.DomainName()),
			faint(fmt.Sprintf("%s · %d section(s) · %d doc(s)", r.Plane, r.Sections, r.Documents))}
	case engine.ExtractFinished:
		types := map[string]int{}
		for t, n := range r.ByType {
			types[abbrev(t)] = n
		}
		head := fmt.Sprintf("%d candidate(s)", r.Candidates)
		if len(types) > 0 {
			head += ": " + byCount(types)
		}
		out := []string{head}
		if len(r.Edges) > 0 {
			out = append(out, faint("edges "+byCount(r.Edges)))
		}
		return out
	case engine.DedupFinished:
		conflicts := fmt.Sprintf("conflicts %d", r.Conflicts)
		if r.Conflicts > 0 {
			conflicts = m.st.Severity.Warning.Render(conflicts)
		}
		line2 := conflicts
		if len(r.ByClass) > 0 {
			line2 += faint(" · " + byCount(r.ByClass))
		}
		return []string{fmt.Sprintf("added %d · updated %d · skipped %d", r.Added, r.Updated, r.Skipped), line2}
	case engine.GenerateFinished:
		out := []string{r.Summary()}
		if len(m.Artifacts) > 0 {
			out = append(out, faint(strings.Join(m.Artifacts, " · ")))
		}
		return out
	}
	return nil
}

// abbrev shortens a primitive type for a pane ("def 61 thm 24").
func abbrev(t core.PrimitiveType) string {
	switch t {
	case core.Definition:
		return "def"
	case core.Theorem:
		return "thm"
	case core.Algorithm:
		return "alg"
	case core.Technique:
		return "tech"
	case core.Axiom:
		return "axiom"
	case core.Identity:
		return "ident"
	}
	return string(t)
}

// countList joins "name n" for the keys of order present in counts.
func countList[K ~string](counts map[K]int, order []K) string {
	var parts []string
	for _, k := range order {
		if n := counts[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n))
		}
	}
	return strings.Join(parts, " · ")
}

// byCount joins "name n" most frequent first, names in order among equals.
func byCount[K ~string](counts map[K]int) string {
	keys := slices.Sorted(maps.Keys(counts))
	slices.SortStableFunc(keys, func(a, b K) int { return counts[b] - counts[a] })
	return countList(counts, keys)
}

func roundDur(d time.Duration) string {
	if d < time.Millisecond {
		return "<1ms"
	}
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// Update scrolls the log.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		page := max(1, m.logHeight()-1)
		switch {
		case key.Matches(k, m.keys.LogUp):
			m = m.ScrollLog(page)
		case key.Matches(k, m.keys.LogDown):
			m = m.ScrollLog(-page)
		case key.Matches(k, m.keys.LogTop):
			m = m.ScrollLog(m.log.Len())
		case key.Matches(k, m.keys.LogBottom):
			m.scroll = 0
		}
	}
	return m, nil
}

// ScrollLog moves the log back (positive) or forward (negative) by n lines.
func (m Model) ScrollLog(n int) Model {
	m.scroll = min(max(0, m.scroll+n), max(0, m.log.Len()-m.logHeight()))
	return m
}

// layout is how the panes are arranged in the current size.
type layout struct {
	cols, rows, inner int
	// rowInner is each row's body lines: inner, or more where a finished
	// pane's wrapped lines need them and the log keeps minLog lines.
	rowInner []int
	// compact draws each stage as one line instead of a box: a terminal
	// too small for seven boxes and a log still shows every stage.
	compact bool
}

// minLog is the fewest log lines worth keeping below the panes.
const minLog = 3

// maxInner bounds a row's body lines: a pane taller than this is cut, so
// that one long list does not push the log off the screen.
const maxInner = 4

func (m Model) layout() layout {
	cols := min(4, max(1, m.w/40))
	rows := (len(m.Panes) + cols - 1) / cols
	l := layout{cols: cols, rows: rows, inner: 2}
	// Panes shrink to one body line before the log drops below three
	// lines, and to one line each before a pane is lost.
	if 1+rows*(l.inner+2)+1+minLog > m.h {
		l.inner = 1
	}
	if 1+rows*(l.inner+2)+1+minLog > m.h {
		return layout{cols: 1, rows: len(m.Panes), compact: true}
	}
	l.rowInner = make([]int, rows)
	spare := m.h - (1 + rows*(l.inner+2) + 1 + minLog)
	for r := range rows {
		l.rowInner[r] = l.inner
		if l.inner < 2 {
			continue
		}
		// A row grows to its tallest pane's wrapped body, as far as the
		// spare lines go; what does not fit is cut with an ellipsis.
		first := r * cols
		n := min(cols, len(m.Panes)-first)
		need := l.inner
		for j := range n {
			need = max(need, len(m.wrapped(m.Panes[first+j], paneWidth(m.w, n, j)-4)))
		}
		grow := min(need, maxInner) - l.inner
		grow = max(0, min(grow, spare))
		l.rowInner[r] += grow
		spare -= grow
	}
	return l
}

// paneWidth is the width of the j-th of n panes side by side in w cells:
// the last takes what the division leaves.
func paneWidth(w, n, j int) int {
	if j == n-1 {
		return w - (n-1)*(w/n)
	}
	return w / n
}

// panesHeight is the lines the panes take.
func (l layout) panesHeight() int {
	if l.compact {
		return l.rows
	}
	h := 0
	for _, in := range l.rowInner {
		h += in + 2
	}
	return h
}

func (m Model) logHeight() int {
	return max(0, m.h-1-m.layout().panesHeight()-1)
}

// View draws the screen in exactly its size.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(m.header())
	l := m.layout()
	if l.compact {
		for i := range m.Panes {
			b.WriteByte('\n')
			b.WriteString(m.line(i, m.w))
		}
	}
	for r := range l.rows {
		if l.compact {
			break
		}
		first := r * l.cols
		n := min(l.cols, len(m.Panes)-first)
		boxes := make([][]string, n)
		for j := range n {
			boxes[j] = m.pane(first+j, paneWidth(m.w, n, j), l.rowInner[r])
		}
		for line := range l.rowInner[r] + 2 {
			b.WriteByte('\n')
			for _, box := range boxes {
				b.WriteString(box[line])
			}
		}
	}
	lh := m.logHeight()
	title := " log "
	if m.scroll > 0 {
		title = fmt.Sprintf(" log · %d line(s) below · end follows ", m.scroll)
	}
	if m.log.dropped > 0 {
		title += fmt.Sprintf("· %d older dropped ", m.log.dropped)
	}
	b.WriteByte('\n')
	b.WriteString(m.st.Faint.Render(cells.Clip("──"+title+strings.Repeat("─", max(0, m.w)), m.w)))
	lines := m.log.window(lh, m.scroll)
	for i := range lh {
		b.WriteByte('\n')
		if i < len(lines) {
			b.WriteString(cells.Fit(lines[i], m.w))
		} else {
			b.WriteString(strings.Repeat(" ", m.w))
		}
	}
	// Below the smallest useful size the panes are cut, never the width.
	out := strings.SplitN(b.String(), "\n", m.h+1)
	return strings.Join(out[:min(len(out), m.h)], "\n")
}

func (m Model) header() string {
	if m.Source == "" {
		hint := " No run yet — press n to learn a file, folder, archive, URL or git repository."
		if ansi.StringWidth(hint) > m.w {
			hint = " No run yet — press n to learn a source."
		}
		return cells.Fit(m.st.Faint.Render(hint), m.w)
	}
	h := " " + m.st.Label.Render("source") + " " + m.shownSource()
	if m.Session != "" {
		h += m.st.Faint.Render(" · " + m.Session)
	}
	if m.DryRun {
		h += m.st.Faint.Render(" · dry run")
	}
	return cells.Fit(h, m.w)
}

// stateStyle is the style of a stage's state word.
func (m Model) stateStyle(s State) func(...string) string {
	return [...]func(...string) string{
		m.st.State.Waiting.Render, m.st.State.Running.Render, m.st.State.Done.Render, m.st.State.Failed.Render, m.st.State.Skipped.Render,
		m.st.Severity.Warning.Render,
	}[s]
}

// status is a stage's state with its time ("done 0.4s").
func (m Model) status(p Pane) string {
	status := p.State.String()
	switch {
	case p.State == Running && m.Awaiting && p.Stage == engine.StageGate:
		status = "your decision"
		if m.decider != "" {
			status = "waiting"
		}
	case p.State == Running && !p.Started.IsZero() && m.now.After(p.Started):
		status += " " + roundDur(m.now.Sub(p.Started))
	case p.State == Done || p.State == Failed || p.State == Cancelled:
		status += " " + roundDur(p.Elapsed)
	}
	return status
}

// stateMarks lead a stage's line in the compact layout, by state.
var stateMarks = [...]string{"·", "▸", "✓", "✗", "–", "✕"}

// line draws stage i as one line of width w: mark, number and title,
// state and time, then its progress bar while it counts, or the first line
// of its summary.
func (m Model) line(i, w int) string {
	p := m.Panes[i]
	style := m.stateStyle(p.State)
	head := style(stateMarks[p.State]) + " " + m.st.Pane.Title.Render(fmt.Sprintf("%d %-17s", i+1, Titles[i])) + " " +
		style(fmt.Sprintf("%-13s", m.status(p))) + " "
	rest := w - ansi.StringWidth(head)
	var info string
	switch body := m.body(p, rest); {
	case p.State == Running && p.Total > 0:
		info = m.bar(p.Done, p.Total, rest)
	case len(body) > 0:
		info = body[0]
	}
	return cells.Fit(head+info, w)
}

// pane draws stage i as inner+2 lines of width w.
func (m Model) pane(i, w, inner int) []string {
	p := m.Panes[i]
	border := [...]func(...string) string{
		m.st.Pane.Waiting.Render, m.st.Pane.Running.Render, m.st.Pane.Done.Render, m.st.Pane.Failed.Render, m.st.Pane.Skipped.Render,
		m.st.Pane.Skipped.Render,
	}[p.State]
	stateStyle := m.stateStyle(p.State)
	if w < 8 {
		return slices.Repeat([]string{strings.Repeat(" ", max(0, w))}, inner+2)
	}
	status := m.status(p)
	title := fmt.Sprintf(" %d %s ", i+1, Titles[i])
	right := " " + status + " "
	room := w - 2 - ansi.StringWidth(right)
	if ansi.StringWidth(title) > room-1 {
		title = ansi.Truncate(title, max(0, room-1), "…")
	}
	fill := max(0, room-ansi.StringWidth(title))
	out := make([]string, 0, inner+2)
	out = append(out, border("╭")+m.st.Pane.Title.Render(title)+border(strings.Repeat("─", fill))+stateStyle(right)+border("╮"))
	body := m.wrapped(p, w-4)
	for j := range inner {
		s := ""
		if j < len(body) {
			s = body[j]
		}
		if j == inner-1 && len(body) > inner {
			// The last line shown says there is more.
			s = ansi.Truncate(s, max(w-5, 0), "") + cells.Ellipsis
		}
		out = append(out, border("│")+" "+cells.Fit(s, w-4)+" "+border("│"))
	}
	out = append(out, border("╰"+strings.Repeat("─", w-2)+"╯"))
	return out
}

// body is a pane's content lines for a content width of w.
func (m Model) body(p Pane, w int) []string {
	switch p.State {
	case Waiting:
		return nil
	case Running:
		if p.Stage == engine.StageGate && m.Awaiting && m.decider != "" {
			return []string{m.st.Severity.Warning.Render("waiting for " + m.decider), m.st.Faint.Render("they decide from their own terminal")}
		}
		if p.Stage == engine.StageGate && m.Awaiting {
			return []string{m.st.Severity.Warning.Render("waiting for your decision"), m.st.Faint.Render("review the findings: press 2")}
		}
		if p.Total > 0 {
			detail := p.Detail
			if detail == "" {
				detail = "working…"
			}
			return []string{detail, m.bar(p.Done, p.Total, w)}
		}
		return []string{m.st.Faint.Render("working…")}
	}
	return p.info
}

// wrapped is a pane's body for a content width of w, a finished pane's
// lines wrapped at the " · " between their parts where they can: its
// counts are what the person reads afterwards. (The compact layout's one
// line a stage keeps body's first line, cut.)
func (m Model) wrapped(p Pane, w int) []string {
	if p.State == Waiting || p.State == Running {
		return m.body(p, w)
	}
	var out []string
	for _, l := range p.info {
		if ansi.StringWidth(l) <= w || w <= 0 {
			out = append(out, l)
			continue
		}
		if p.State == Failed {
			// A failure is a sentence, not parts: it wraps at its spaces.
			out = append(out, wrapWords(l, w)...)
			continue
		}
		out = append(out, cells.WrapParts(l, partSep, w)...)
	}
	return out
}

// partSep joins the parts of a pane's line.
const partSep = " · "

// bar draws a progress bar with its count, w cells wide.
func (m Model) bar(done, total, w int) string {
	count := fmt.Sprintf(" %d/%d", done, total)
	cells := max(0, w-len(count))
	full := 0
	if total > 0 {
		full = min(cells, cells*done/total)
	}
	return m.st.Bar.Full.Render(strings.Repeat("█", full)) + m.st.Bar.Empty.Render(strings.Repeat("░", cells-full)) + count
}
