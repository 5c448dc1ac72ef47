package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/report"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/tui/graphview"
	"github.com/lore-kb/lore/tui/history"
	"github.com/lore-kb/lore/tui/skillsview"
)

// The commands below read the store and run the engine's resolve and
// unlearn off the update loop; each returns one typed message. Each opens
// the store for itself and closes it before returning (see Opener).
type (
	conflictsMsg struct {
		pending []core.Conflict
		err     error
	}
	resolvedMsg struct {
		id  string
		res *engine.ResolveResult
		err error
	}
	rowsMsg struct {
		// gen tells pages of an older load apart.
		gen    int
		offset int
		rows   []graphview.Row
		// links are the page's primitives reduced to what the ranking
		// needs (id, type, keywords and dependencies), so it needs no
		// second read.
		links []core.Primitive
		more  bool
		err   error
	}
	scoresMsg struct {
		gen               int
		importance, reach map[string]int
		order             map[string]int // position in lore rank's order
	}
	detailMsg struct {
		d   graphview.Detail
		err error
	}
	exportedMsg struct {
		// path is where the export was written, in full; shown is the
		// same with the home folder as ~.
		path, shown string
		format      string
		n           int
		err         error
	}
	sessionsMsg struct {
		sessions []core.Session
		err      error
	}
	reportMsg struct {
		id, markdown string
		err          error
	}
	previewedMsg struct {
		id    string
		force bool
		pv    *engine.UnlearnPreview
		err   error
	}
	// curatedMsg is what recording a curator's decision did.
	curatedMsg struct {
		d   engine.Decision
		res *engine.CurateResult
		err error
	}
	unlearnedMsg struct {
		id  string
		res *engine.UnlearnResult
		err error
	}
	// artifactsMsg is the Skills screen's data: the skill library and the
	// generated artifacts, read together.
	artifactsMsg struct {
		lib  []*skills.Skill
		arts []core.Artifact
		err  error
		// runs is the state of the queue of agent runs (lore watch).
		runs    skillsview.RunQueue
		runsErr error
	}
	reviewedMsg struct {
		key string
		to  skills.Status
		ack bool
		err error
	}
	// editedMsg is the library's edit of a draft: its text rescanned
	// and redacted (library.Edit).
	editedMsg struct {
		key string
		res library.Edited
		err error
	}
)

// stores is how the commands get the store, one operation at a time; ctx
// bounds the wait for a store another process is using.
type stores struct {
	ctx  context.Context
	open Opener
}

func (m Model) stores() stores { return stores{ctx: m.ctx, open: m.opts.Open} }

// errNoStore is what a command needing the store gets from an application
// opened without one.
var errNoStore = errors.New("no store is open")

// read runs fn on the store opened for reading.
func (s stores) read(fn func(Store) error) error { return s.use(false, fn) }

// write runs fn on the store opened for writing.
func (s stores) write(fn func(Store) error) error { return s.use(true, fn) }

// use opens the store, runs fn on it and closes it. A failure to close is
// not fn's: what fn read stands, and what it committed is in the store's
// log already, which the next open replays.
func (s stores) use(write bool, fn func(Store) error) error {
	if s.open == nil {
		return errNoStore
	}
	st, release, err := s.open(s.ctx, write)
	if err != nil {
		return err
	}
	defer func() { _ = release() }()
	return fn(st)
}

func loadConflicts(s stores) tea.Cmd {
	return func() tea.Msg {
		var cs []core.Conflict
		err := s.read(func(st Store) (err error) {
			cs, err = st.Conflicts()
			return err
		})
		if err != nil {
			return conflictsMsg{err: err}
		}
		cs = slices.DeleteFunc(cs, func(c core.Conflict) bool { return c.State != core.ConflictPending })
		return conflictsMsg{pending: cs}
	}
}

func (m Model) resolve(id, choice string) tea.Cmd {
	ctx, s, base := m.ctx, m.stores(), m.opts.Learn
	return func() tea.Msg {
		var res *engine.ResolveResult
		err := s.write(func(st Store) (err error) {
			res, err = engine.ResolveConflict(ctx, st, id, core.Resolution(choice),
				engine.ResolveOptions{Domains: base.Domains, Generate: base.Generate, OutputDir: base.OutputDir})
			return err
		})
		return resolvedMsg{id: id, res: res, err: err}
	}
}

// rowsPage is how many ranked primitives one page loads: the first page
// alone makes the first frame, later ones fill the list behind it. Each
// page opens the store anew, so that another lore process can take it
// between pages.
const rowsPage = 2000

func loadRows(s stores, gen, offset int) tea.Cmd {
	return func() tea.Msg {
		var ps []core.Primitive
		err := s.read(func(st Store) (err error) {
			ps, err = st.TopByImportance(rowsPage, offset)
			return err
		})
		if err != nil {
			return rowsMsg{gen: gen, offset: offset, err: err}
		}
		rows := make([]graphview.Row, len(ps))
		links := make([]core.Primitive, len(ps))
		for i := range ps {
			p := &ps[i]
			// Importance and reach are the graph's, known once every page
			// is in (computeScores).
			rows[i] = graphview.Row{ID: p.ID, Name: p.Name, Type: p.Type, Domain: p.Domain, Confidence: p.Confidence, Plane: p.Plane}
			links[i] = core.Primitive{ID: p.ID, Type: p.Type, Keywords: p.Keywords, Dependencies: p.Dependencies}
		}
		return rowsMsg{gen: gen, offset: offset, rows: rows, links: links, more: len(ps) == rowsPage}
	}
}

// computeScores ranks the primitives as lore rank does (importance, the
// graph's centrality, and reach, the transitive dependents) from the links
// the pages brought; it needs the whole graph, so it runs once the list is
// complete, off the update loop.
func computeScores(gen int, links []core.Primitive) tea.Cmd {
	return func() tea.Msg {
		ranked, _ := graph.Rank(links, graph.ByImportance, 0) // the key is valid
		msg := scoresMsg{gen: gen, importance: make(map[string]int, len(ranked)),
			reach: make(map[string]int, len(ranked)), order: make(map[string]int, len(ranked))}
		for i, r := range ranked {
			msg.importance[r.ID], msg.reach[r.ID], msg.order[r.ID] = r.Importance, r.Reach, i
		}
		return msg
	}
}

// chainDepth bounds the prerequisite tree shown for a primitive.
const chainDepth = 6

func loadDetail(s stores, id string) tea.Cmd {
	return func() tea.Msg {
		var d graphview.Detail
		err := s.read(func(st Store) (err error) {
			d, err = detail(st, id)
			return err
		})
		return detailMsg{d: d, err: err}
	}
}

// detail reads primitive id, its neighbours and its prerequisite chain.
func detail(st Store, id string) (graphview.Detail, error) {
	p, ok, err := st.GetPrimitive(id)
	if err != nil {
		return graphview.Detail{}, err
	}
	if !ok {
		return graphview.Detail{}, fmt.Errorf("primitive %s is no longer in the store", id)
	}
	// Neighbours' names and the prerequisite chain read the same
	// primitives: each is read once.
	get := graph.ReadOnce(&p, st.GetPrimitive)
	name := func(id string) string {
		if q, ok := get(id); ok {
			return q.Name
		}
		return id
	}
	d := graphview.Detail{P: p}
	for _, e := range p.Dependencies {
		d.Dependencies = append(d.Dependencies, graphview.Neighbour{ID: e.Target, Name: name(e.Target), Type: e.Type, Strength: e.Strength})
	}
	deps, err := st.Dependents(id)
	if err != nil {
		return graphview.Detail{}, err
	}
	for _, e := range deps {
		d.Dependents = append(d.Dependents, graphview.Neighbour{ID: e.ID, Name: name(e.ID), Type: e.Type, Strength: e.Strength})
	}
	d.Chain = graph.Chain(get, id, chainDepth)
	return d, nil
}

// export writes the primitives of ids as DOT or Mermaid to a new file in
// dir (made if missing; "" is a lore-exports folder in the temporary
// folder), named by the time, and says where. Never the working folder:
// lore is often started among the documents it learns, and a file
// dropped there unasked is litter.
func export(s stores, dir, format string, ids []string) tea.Cmd {
	return exportFrom(func() ([]core.Primitive, error) {
		prims := make([]core.Primitive, 0, len(ids))
		err := s.read(func(st Store) error {
			for _, id := range ids {
				if p, ok, err := st.GetPrimitive(id); err == nil && ok {
					prims = append(prims, p)
				}
			}
			return nil
		})
		return prims, err
	}, dir, format)
}

// exportFrom writes the primitives read returns as a DOT or Mermaid file
// in dir, where the library is read from.
func exportFrom(read func() ([]core.Primitive, error), dir, format string) tea.Cmd {
	return func() tea.Msg {
		prims, err := read()
		if err != nil {
			return exportedMsg{err: fmt.Errorf("export: %w", err)}
		}
		ext, write := ".dot", graph.DOT
		if format == "mermaid" {
			ext, write = ".mmd", graph.Mermaid
		}
		if dir == "" {
			dir = filepath.Join(os.TempDir(), "lore-exports")
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return exportedMsg{err: fmt.Errorf("export: %w", err)}
		}
		path := filepath.Join(dir, "lore-graph-"+time.Now().Format("20060102-150405")+ext)
		shown := path
		if home, err := os.UserHomeDir(); err == nil && home != "" && strings.HasPrefix(path, home+string(filepath.Separator)) {
			shown = "~" + path[len(home):]
		}
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			return exportedMsg{err: fmt.Errorf("export: %w", err)}
		}
		err = write(f, prims)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			_ = os.Remove(path)
			return exportedMsg{err: fmt.Errorf("export %s: %w", path, err)}
		}
		return exportedMsg{path: path, shown: shown, format: format, n: len(prims)}
	}
}

func loadSessions(s stores) tea.Cmd {
	return func() tea.Msg {
		var ss []core.Session
		err := s.read(func(st Store) (err error) {
			ss, err = st.Sessions()
			return err
		})
		if err != nil {
			return sessionsMsg{err: err}
		}
		// Newest first.
		slices.SortStableFunc(ss, func(a, b core.Session) int { return b.StartedAt.Compare(a.StartedAt) })
		return sessionsMsg{sessions: ss}
	}
}

func loadReport(s stores, id string) tea.Cmd {
	return func() tea.Msg {
		var in report.Input
		err := s.read(func(st Store) (err error) {
			in, err = engine.LoadReport(st, id)
			return err
		})
		if err != nil {
			return reportMsg{id: id, err: err}
		}
		return reportMsg{id: id, markdown: report.Build(in, report.Limits{}).Markdown}
	}
}

// unlearnOptions are the options an unlearn from the History screen runs
// with, and its preview too, so that the preview is of that unlearn.
func (m Model) unlearnOptions(force bool) engine.UnlearnOptions {
	base := m.opts.Learn
	return engine.UnlearnOptions{Force: force, Domains: base.Domains, Generate: base.Generate, OutputDir: base.OutputDir}
}

// previewUnlearn works out what unlearning session id would change,
// changing nothing, for the History screen's confirmation.
func (m Model) previewUnlearn(id string, force bool) tea.Cmd {
	s, opts := m.stores(), m.unlearnOptions(force)
	return func() tea.Msg {
		// A preview changes nothing: reading is enough.
		var pv *engine.UnlearnPreview
		err := s.read(func(st Store) (err error) {
			pv, err = engine.PreviewUnlearn(st, id, opts)
			return err
		})
		return previewedMsg{id: id, force: force, pv: pv, err: err}
	}
}

// historyPreview is the engine's preview in the History screen's terms.
func historyPreview(pv *engine.UnlearnPreview) history.Preview {
	out := history.Preview{Removed: len(pv.Removed), Restored: len(pv.Restored), Readded: len(pv.Readded),
		Regenerated: len(pv.Regenerated), DroppedConflicts: len(pv.DroppedConflicts), ReopenedConflicts: len(pv.ReopenedConflicts),
		RetiredConflicts: len(pv.RetiredConflicts)}
	if pv.Forced {
		out.Cuts = len(pv.Integrity)
	}
	for _, ids := range [][]string{pv.Removed, pv.Restored, pv.Readded} {
		for _, id := range ids {
			name := pv.Names[id]
			if name == "" {
				name = id
			}
			out.Names = append(out.Names, name)
		}
	}
	for _, a := range pv.Retired {
		if a.Kind == core.SkillArtifact {
			out.Archived = append(out.Archived, a.Name)
		} else {
			out.Dropped = append(out.Dropped, string(a.Kind)+" "+a.Name)
		}
	}
	return out
}

func (m Model) unlearn(id string, force bool) tea.Cmd {
	ctx, s, opts := m.ctx, m.stores(), m.unlearnOptions(force)
	return func() tea.Msg {
		var res *engine.UnlearnResult
		err := s.write(func(st Store) (err error) {
			res, err = engine.Unlearn(ctx, st, id, opts)
			return err
		})
		return unlearnedMsg{id: id, res: res, err: err}
	}
}

// curate records a curator's decision made on a screen, as a session of
// its own (see engine.Curate), with the person running lore as its author.
func (m Model) curate(d engine.Decision) tea.Cmd {
	if m.onServer() {
		return serverCurate(m.ctx, m.opts.Server.Svc, d)
	}
	ctx, s, base := m.ctx, m.stores(), m.opts.Learn
	opts := engine.CurateOptions{Domains: base.Domains, Generate: base.Generate, OutputDir: base.OutputDir}
	if d.By == "" {
		d.By = osUser()
	}
	return func() tea.Msg {
		var res *engine.CurateResult
		err := s.write(func(st Store) (err error) {
			res, err = engine.Curate(ctx, st, d, opts)
			return err
		})
		return curatedMsg{d: d, res: res, err: err}
	}
}

// blockedBy lists the dependents an unlearn would strand, when err says it
// was blocked for them.
func blockedBy(err error) ([]string, bool) {
	var b *engine.IntegrityBlockedError
	if !errors.As(err, &b) {
		return nil, false
	}
	out := make([]string, len(b.Integrity))
	for i, ie := range b.Integrity {
		out[i] = ie.Message
	}
	return out, true
}

// loadSkills reads the skill library and the generated artifacts. Either
// may fail alone: what was read is still shown, with the error.
func loadSkills(s stores) tea.Cmd {
	return func() tea.Msg {
		var lib []*skills.Skill
		var arts []core.Artifact
		var runs skillsview.RunQueue
		var rerr error
		err := s.read(func(st Store) error {
			var lerr, aerr error
			lib, lerr = st.Skills()
			arts, aerr = st.Artifacts()
			runs, rerr = countRuns(st)
			return errors.Join(lerr, aerr)
		})
		return artifactsMsg{lib: lib, arts: arts, err: err, runs: runs, runsErr: rerr}
	}
}

// reviewNotes are the notes a review decision made in the Skills screen
// records on the skill.
var reviewNotes = map[skills.Status]string{
	skills.Active:   "promoted in the Skills screen",
	skills.Archived: "archived in the Skills screen",
	skills.Draft:    "returned to draft in the Skills screen",
}

// review moves the library skill key to status to (library.Review, in
// one transaction with its read, so that a concurrent change is never
// lost). ack says the reviewer acknowledged the skill's critical findings
// one by one; without it a skill with one is not promoted.
func review(s stores, key string, to skills.Status, ack bool) tea.Cmd {
	return func() tea.Msg {
		err := s.write(func(st Store) error {
			_, err := library.New(st, library.Options{}).Review(key, to, reviewNotes[to], ack)
			return err
		})
		return reviewedMsg{key: key, to: to, ack: ack, err: err}
	}
}

// allowedMsg is what allowing a consumer a skill did.
type allowedMsg struct {
	key, consumer string
	err           error
}

// allow lets consumer activate the skill key without a question, recorded
// under the person running lore (library.Allow).
func allow(s stores, key, consumer string) tea.Cmd {
	by := osUser()
	return func() tea.Msg {
		err := s.write(func(st Store) error {
			_, err := library.New(st, library.Options{}).Allow(key, consumer, by, false)
			return err
		})
		return allowedMsg{key: key, consumer: consumer, err: err}
	}
}

// sharedMsg is what sharing a user's own skill with the workspace did.
type sharedMsg struct {
	key string
	err error
}

// share makes the skill key, one user's own, the workspace's, recorded
// under the person running lore (library.Promote).
func share(s stores, key string) tea.Cmd {
	by := osUser()
	return func() tea.Msg {
		err := s.write(func(st Store) error {
			_, err := library.New(st, library.Options{}).Promote(key, by)
			return err
		})
		return sharedMsg{key: key, err: err}
	}
}

// editFile stores a reviewer's SKILL.md as the whole file of the imported
// draft key, read, scanned and checked as an import reads it
// (library.EditSkillMD).
func editFile(s stores, key, skillMD string) tea.Cmd {
	return func() tea.Msg {
		var res library.Edited
		err := s.write(func(st Store) (err error) {
			res, err = library.New(st, library.Options{}).EditSkillMD(key, []byte(skillMD))
			return err
		})
		return editedMsg{key: key, res: res, err: err}
	}
}

// edit stores a reviewer's text as the description and instructions of
// the draft key, scanned and redacted as a proposal is (library.Edit).
func edit(s stores, key, description, instructions string) tea.Cmd {
	return func() tea.Msg {
		var res library.Edited
		err := s.write(func(st Store) (err error) {
			res, err = library.New(st, library.Options{}).Edit(key, description, instructions)
			return err
		})
		return editedMsg{key: key, res: res, err: err}
	}
}

// osUser is the person running lore, whom a decision taken on a screen
// is recorded under ("" when the system does not say).
func osUser() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return ""
}
