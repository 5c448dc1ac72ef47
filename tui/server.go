package tui

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/tui/graphview"
	"github.com/lore-kb/lore/tui/learnform"
)

// Server is the team server the application is a client of (lore
// --server): every datum comes through its API, as the user its token
// names, and every action is one the user's role may take.
type Server struct {
	// Addr is the server's address, shown in the status bar.
	Addr string
	// Svc is the server's API (or, in tests, the local service, with
	// the caller in the application's context).
	Svc api.Service
}

// Messages of the team server's calls.
type (
	whoMsg struct {
		who *lorev1.WhoAmIResponse
		err error
	}
	// serverStatusMsg is the status bar's figures as the server gives
	// them.
	serverStatusMsg struct {
		pending int
		last    string
		err     error
		// drafts is how many skills wait for review, as the user sees
		// the library; draftsErr why they could not be counted.
		drafts    int
		draftsErr error
	}
	// serverRunMsg names the run the server started for a learn here.
	serverRunMsg struct{ run, serverID string }
	// serverAskMsg is a run on the server waiting at the gate for a
	// person: run is the application's name for it (the run on the
	// Learn screen, or the watched run), serverID the server's.
	serverAskMsg struct {
		run, serverID string
		req           gate.Request
	}
	// serverAnsweredMsg says the gate of a run on the server was
	// answered, here or elsewhere.
	serverAnsweredMsg struct{ serverID, by string }
	// serverDecidedMsg is what sending a decision did.
	serverDecidedMsg struct {
		serverID string
		status   core.ApprovalStatus
		err      error
	}
	watchEndedMsg struct{ err error }
	watchAgainMsg struct{}
)

// serverItem is one thing a learn on the server sends the screen: the
// run's name on the server, an event, or the gate's question.
type serverItem struct {
	serverID string
	e        engine.Event
	ask      *gate.Request
}

// onServer reports whether the application is a team server's client.
func (m Model) onServer() bool { return m.opts.Server != nil }

// whoAmI asks the server who the application runs as.
func whoAmI(ctx context.Context, svc api.Service) tea.Cmd {
	return func() tea.Msg {
		who, err := svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
		return whoMsg{who: who, err: err}
	}
}

// serverStatus reads the status bar's figures: the conflicts pending
// and the last session; and the drafts of the skill library, for the
// Skills tab.
func serverStatus(ctx context.Context, svc api.Service) tea.Cmd {
	return func() tea.Msg {
		cs, err := svc.Conflicts(ctx, &lorev1.ConflictsRequest{})
		if err != nil {
			return serverStatusMsg{err: err}
		}
		pending := 0
		for _, c := range cs.GetConflicts() {
			if c.GetState() == string(core.ConflictPending) {
				pending++
			}
		}
		ss, err := svc.Sessions(ctx, &lorev1.SessionsRequest{})
		if err != nil {
			return serverStatusMsg{err: err}
		}
		sessions := make([]core.Session, len(ss.GetSessions()))
		for i, s := range ss.GetSessions() {
			sessions[i] = api.SessionOf(s)
		}
		slices.SortStableFunc(sessions, func(a, b core.Session) int { return b.StartedAt.Compare(a.StartedAt) })
		// The drafts are the tab's badge, not the bar's: a library that
		// cannot be read leaves the bar as it is.
		drafts, derr := serverDrafts(ctx, svc)
		return serverStatusMsg{pending: pending, last: lastStanding(sessions), drafts: drafts, draftsErr: derr}
	}
}

// who answered: the watch starts, and the screens learn what the role
// may do.
func (m Model) whoAnswered(msg whoMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		m.statusErr = fmt.Errorf("the team server %s: %w", m.opts.Server.Addr, msg.err)
		return m, nil
	}
	m.who = msg.who
	m.relay.setMe(msg.who.GetUser())
	m.learn = m.learn.WithDecider(m.decider())
	cmds := []tea.Cmd{serverStatus(m.ctx, m.opts.Server.Svc)}
	if m.may("Watch") {
		cmds = append(cmds, m.watch())
	}
	next, cmd := m.show(m.tab)
	return next, tea.Batch(append(cmds, cmd)...)
}

// may reports whether the user's role may call method: always on this
// machine's own store, and on a server once WhoAmI said so.
// decider names who answers the gate of a run this screen follows when
// the person here may not: a reviewer, on a team server for a role
// without Decide; "" for the person here.
func (m Model) decider() string {
	if m.onServer() && m.who != nil && !m.may("Decide") {
		return "a reviewer"
	}
	return ""
}

func (m Model) may(method string) bool {
	if !m.onServer() {
		return true
	}
	if method == "" {
		return false
	}
	return m.who != nil && slices.Contains(m.who.GetAllowed(), method)
}

// needs says which role a call needs ("needs the curator role"), for a
// key the user's role may not press.
func needs(method string) string {
	if method == "" {
		// A team server's client and a library in PostgreSQL alike.
		return "only on a library in a local folder"
	}
	var roles []string
	for _, r := range access.Roles {
		if r != access.Admin && slices.Contains(api.Allowed(r), method) {
			roles = append(roles, string(r))
		}
	}
	if len(roles) == 0 {
		return "needs the admin role"
	}
	return "needs the " + strings.Join(roles, " or ") + " role"
}

// roleKey is a key whose action is a call of the API: on a team server
// it acts only for a role that may make the call.
type roleKey struct {
	b      key.Binding
	method string
	// on is the screen the key acts on; anyTab for a global key.
	on tab
}

const anyTab tab = -1

// roleKeys are the keys that act through the API, by the call they make;
// a key of no call ("") changes the store directly, which neither a team
// server's client nor the application on a PostgreSQL library does.
func (m Model) roleKeys() []roleKey {
	hk, fk, gk, ck, sk := m.history.KeyMap(), m.findings.KeyMap(), m.graph.KeyMap(), m.conflicts.KeyMap(), m.skills.KeyMap()
	return []roleKey{
		{ck.KeepExisting, "Resolve", tabConflicts},
		{ck.KeepCandidate, "Resolve", tabConflicts},
		{ck.KeepBoth, "Resolve", tabConflicts},
		{hk.Review, "", tabHistory},
		{gk.Rename, "Curate", tabGraph},
		{gk.Reject, "Curate", tabGraph},
		{gk.ExportDOT, "Show", tabGraph},
		{gk.ExportMermaid, "Show", tabGraph},
		{m.keys.NewLearn, "Learn", anyTab},
		{hk.Unlearn, "Unlearn", tabHistory},
		{hk.Force, "Unlearn", tabHistory},
		{fk.Approve, "Decide", tabFindings},
		{fk.ApproveWarnings, "Decide", tabFindings},
		{fk.Reject, "Decide", tabFindings},
		// A skill's review decisions, on the list, its SKILL.md and its
		// findings alike.
		{sk.Promote, "ReviewSkill", tabSkills},
		{sk.Archive, "ReviewSkill", tabSkills},
		{sk.Draft, "ReviewSkill", tabSkills},
		{sk.Findings.Approve, "ReviewSkill", tabSkills},
		{sk.Findings.Reject, "ReviewSkill", tabSkills},
		{sk.Allow, "AllowSkill", tabSkills},
		{sk.Share, "PromoteSkill", tabSkills},
		{sk.Edit, "EditSkill", tabSkills},
		// The API imports no folder of this machine's.
		{sk.Import, "", tabSkills},
	}
}

// lacking is why b does not act for the user's role ("" when it does):
// the role it needs.
func (m Model) lacking(b key.Binding) string {
	if !m.onServer() || m.who == nil {
		return ""
	}
	for _, rk := range m.roleKeys() {
		if (rk.on == anyTab || rk.on == m.tab) && rk.b.Help() == b.Help() && slices.Equal(rk.b.Keys(), b.Keys()) && !m.may(rk.method) {
			return needs(rk.method)
		}
	}
	return ""
}

// refused is the notice for k when it is a key the user's role may not
// press on this screen.
func (m Model) refused(k tea.KeyPressMsg) (string, bool) {
	if !m.onServer() || m.who == nil {
		return "", false
	}
	for _, rk := range m.roleKeys() {
		b := rk.b
		// The screen may have disabled the key for now; the role is
		// said all the same.
		b.SetEnabled(true)
		switch {
		case rk.on != anyTab && rk.on != m.tab || !key.Matches(k, b) || m.may(rk.method):
		case rk.method == "":
			return fmt.Sprintf("%s %s: %s", rk.b.Help().Key, rk.b.Help().Desc, needs("")), true
		default:
			return fmt.Sprintf("%s %s: %s (you are %s, %s)", rk.b.Help().Key, rk.b.Help().Desc, needs(rk.method),
				m.who.GetUser(), m.who.GetRole()), true
		}
	}
	return "", false
}

// startOnServer sends req's source to the server (a file's bytes, or
// the URL) and runs the learn there; its events reach the Learn screen
// as a local run's do.
func (m *Model) startOnServer(req learnform.Request) tea.Cmd {
	ctx, cancel := context.WithCancel(m.ctx)
	m.serverRuns++
	r := &run{id: fmt.Sprintf("server-%d", m.serverRuns), source: req.Source, cancel: cancel,
		items: make(chan serverItem, 64), done: make(chan struct{})}
	m.run = r
	m.launched.set(r)
	m.learn = m.learn.Reset(redact.URL(req.Source), "", req.DryRun).WithDecider(m.decider())
	svc, relay := m.opts.Server.Svc, m.relay
	me := ""
	if m.who != nil {
		me = m.who.GetUser()
	}
	learn := func() tea.Msg {
		if !r.begin() {
			close(r.items)
			return doneMsg{run: r.id, err: context.Canceled}
		}
		defer close(r.done)
		err := learnOnServer(ctx, svc, relay, me, req, r.items)
		close(r.items)
		r.err = err
		return doneMsg{run: r.id, err: err}
	}
	return tea.Batch(learn, listen(r), tick())
}

// learnOnServer runs req on the server, sending what it says on items.
func learnOnServer(ctx context.Context, svc api.Service, relay *watchRelay, me string, req learnform.Request, items chan<- serverItem) error {
	lreq := &lorev1.LearnRequest{DryRun: req.DryRun, Tier: strings.ToLower(string(req.Tier))}
	if isURL(req.Source) {
		lreq.Url = req.Source
	} else {
		id, err := upload(ctx, svc, req.Source)
		if err != nil {
			return err
		}
		lreq.UploadId = id
	}
	put := func(it serverItem) error {
		select {
		case items <- it:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	relay.expect()
	claimed := false
	defer func() {
		if !claimed {
			relay.unexpect()
		}
	}()
	conv := newEventConverter(me)
	var failed error
	err := svc.Learn(ctx, lreq, func(ev *lorev1.LearnEvent) error {
		if !claimed {
			claimed = true
			relay.claim(ev.GetRunId())
			if err := put(serverItem{serverID: ev.GetRunId()}); err != nil {
				return err
			}
		}
		c := conv.convert(ev)
		for _, e := range c.events {
			if err := put(serverItem{e: e}); err != nil {
				return err
			}
		}
		if c.ask != nil {
			if err := put(serverItem{serverID: ev.GetRunId(), ask: c.ask}); err != nil {
				return err
			}
		}
		if c.failed != nil {
			failed = c.failed
		}
		return nil
	})
	if err == nil {
		err = failed
	}
	return err
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// upload sends the file at path to the server; a folder is not sent
// (the server learns one document per upload).
func upload(ctx context.Context, svc api.Service, path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("upload %s: %w", path, err)
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("upload %s: %w", path, err)
	}
	if fi.IsDir() {
		return "", &core.UsageError{Msg: fmt.Sprintf("%s is a folder: a team server learns one file per upload (or a URL); send an archive of it", path)}
	}
	res, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: filepath.Base(path), Size: fi.Size()}, f)
	if err != nil {
		return "", fmt.Errorf("upload %s: %w", path, err)
	}
	return res.GetUploadId(), nil
}

// listenServer waits for the next thing a learn on the server says.
func listenServer(r *run) tea.Cmd {
	return func() tea.Msg {
		it, ok := <-r.items
		switch {
		case !ok:
			return eventsClosedMsg{run: r.id}
		case it.ask != nil:
			return serverAskMsg{run: r.id, serverID: it.serverID, req: *it.ask}
		case it.e == nil:
			return serverRunMsg{run: r.id, serverID: it.serverID}
		}
		return eventMsg{run: r.id, at: time.Now(), e: it.e}
	}
}

// asked opens the findings reviewer on the gate's question of a run on
// the server, for a role that may decide; for another, the Learn screen
// already says the run waits for a reviewer.
func (m Model) asked(msg serverAskMsg) Model {
	if r := m.run; r != nil && r.id == msg.run && r.by != "" && msg.req.Report.Source != "" && strings.HasPrefix(r.source, "run ") {
		// A watched run's source is known once its gate names it.
		was := followingNotice(r)
		r.source = redact.URL(msg.req.Report.Source)
		m.learn.Source = r.source
		if m.notice == was {
			m.notice = followingNotice(r)
		}
	}
	if !m.may("Decide") {
		return m
	}
	return m.askReviewer(approvalAsk{req: msg.req, owner: msg.run, back: tabLearn, decide: msg.serverID})
}

// answered forgets the question of a run whose gate was answered
// elsewhere (another reviewer, another terminal).
func (m Model) answered(msg serverAnsweredMsg) Model {
	drop := func(a approvalAsk) bool { return a.decide == msg.serverID }
	m.queued = slices.DeleteFunc(slices.Clone(m.queued), drop)
	if m.ask == nil || !drop(*m.ask) {
		return m
	}
	back := m.ask.back
	m.ask = nil
	if msg.by != "" && (m.who == nil || msg.by != m.who.GetUser()) {
		m.notice = "run " + msg.serverID + " was decided by " + msg.by
	}
	if len(m.queued) > 0 {
		next := m.queued[0]
		m.queued = m.queued[1:]
		return m.askReviewer(next)
	}
	if m.tab == tabFindings {
		m.tab = back
	}
	return m
}

// decideOnServer sends the reviewer's answer for the run serverID.
func (m Model) decideOnServer(serverID string, ans gate.Answer) tea.Cmd {
	ctx, svc := m.ctx, m.opts.Server.Svc
	return func() tea.Msg {
		status := "approved"
		if ans.Status == core.Rejected {
			status = "rejected"
		}
		_, err := svc.Decide(ctx, &lorev1.DecideRequest{RunId: serverID, Status: status, Rationale: ans.Rationale})
		return serverDecidedMsg{serverID: serverID, status: ans.Status, err: err}
	}
}

// watch follows every run in the workspace: runs of other users come to
// the Learn screen through the relay, as the runs of other lore
// processes do on this machine.
func (m Model) watch() tea.Cmd {
	ctx, svc, relay := m.ctx, m.opts.Server.Svc, m.relay
	return func() tea.Msg {
		err := svc.Watch(ctx, &lorev1.WatchRequest{}, relay.take)
		return watchEndedMsg{err: err}
	}
}

// watchRetry is how long after the watch ended it is started again.
const watchRetry = 3 * time.Second

// watchEnded says why the watch ended and starts it again shortly,
// unless the application is ending.
func (m Model) watchEnded(msg watchEndedMsg) (Model, tea.Cmd) {
	if m.ctx.Err() != nil {
		return m, nil
	}
	switch api.Code(msg.err) {
	case connect.CodeUnimplemented, connect.CodePermissionDenied, connect.CodeUnauthenticated:
		// Asking again would get the same answer.
		m.notice = "other users' runs are not shown: " + firstLine(msg.err.Error())
		return m, nil
	}
	if msg.err != nil {
		m.notice = "following the server's runs stopped (" + firstLine(msg.err.Error()) + "); trying again"
	}
	return m, tea.Tick(watchRetry, func(time.Time) tea.Msg { return watchAgainMsg{} })
}

// awaitServer waits for the relay's next question or answer.
func awaitServer(relay *watchRelay) tea.Cmd {
	if relay == nil {
		return nil
	}
	return func() tea.Msg {
		select {
		case msg := <-relay.msgs:
			return msg
		case <-relay.ctx.Done():
			return nil
		}
	}
}

// watchRelay turns the server's Watch stream into what the application
// follows: each run another user started becomes an ExternalRun with its
// own events (the same path as another process's run on this machine),
// and the gate's questions and answers become messages. The runs started
// here are left out: their own Learn stream shows them.
type watchRelay struct {
	ctx  context.Context
	runs chan ExternalRun
	msgs chan tea.Msg
	// decider is each run's ExternalRun.Decider.
	decider string

	mu sync.Mutex
	me string
	// expecting counts the learns started here whose run the server has
	// not named yet; mine are the runs it named.
	expecting int
	mine      map[string]bool
	following map[string]*followed
	ended     map[string]bool
}

type followed struct {
	conv   *eventConverter
	events chan engine.Event
	done   chan error
}

func newWatchRelay(ctx context.Context) *watchRelay {
	return &watchRelay{ctx: ctx, runs: make(chan ExternalRun, 8), msgs: make(chan tea.Msg, 8),
		mine: map[string]bool{}, following: map[string]*followed{}, ended: map[string]bool{}}
}

func (w *watchRelay) setMe(user string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.me = user
}

// expect says a learn starts here; claim names its run once the server
// has, and unexpect takes back a learn that never started.
func (w *watchRelay) expect() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.expecting++
}

func (w *watchRelay) unexpect() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.expecting = max(0, w.expecting-1)
}

func (w *watchRelay) claim(id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.mine[id] {
		// The watch may have seen the run first and set it aside.
		w.expecting = max(0, w.expecting-1)
		w.mine[id] = true
	}
}

func (w *watchRelay) send(ch chan tea.Msg, msg tea.Msg) error {
	select {
	case ch <- msg:
		return nil
	case <-w.ctx.Done():
		return w.ctx.Err()
	}
}

// take relays one event of the Watch stream.
func (w *watchRelay) take(ev *lorev1.LearnEvent) error {
	id := ev.GetRunId()
	if d := ev.GetDecided(); d != nil {
		if err := w.send(w.msgs, serverAnsweredMsg{serverID: id, by: d.GetUser()}); err != nil {
			return err
		}
	}
	w.mu.Lock()
	if w.mine[id] || w.ended[id] {
		w.mu.Unlock()
		return nil
	}
	f, ok := w.following[id]
	if !ok && w.expecting > 0 && ev.GetUser() == w.me {
		// A run of this user while a learn started here waits for its
		// name: the watch got there first; the run is that learn's.
		w.expecting--
		w.mine[id] = true
		w.mu.Unlock()
		return nil
	}
	if !ok {
		f = &followed{conv: newEventConverter(w.me), events: make(chan engine.Event, 64), done: make(chan error, 1)}
		w.following[id] = f
	}
	w.mu.Unlock()
	c := f.conv.convert(ev)
	if !ok {
		by := ev.GetUser()
		if by == "" {
			by = "another user"
		}
		// Every event names the run's source; a server of an older lore
		// names it only at the gate.
		source := "run " + id
		switch {
		case ev.GetSource() != "":
			source = redact.URL(ev.GetSource())
		case c.ask != nil && c.ask.Report.Source != "":
			source = redact.URL(c.ask.Report.Source)
		}
		x := ExternalRun{ID: id, Source: source, By: by, Events: f.events, Done: f.done, Decider: w.decider}
		select {
		case w.runs <- x:
		case <-w.ctx.Done():
			return w.ctx.Err()
		}
	}
	for _, e := range c.events {
		select {
		case f.events <- e:
		case <-w.ctx.Done():
			return w.ctx.Err()
		}
	}
	if c.ask != nil {
		if err := w.send(w.msgs, serverAskMsg{run: id, serverID: id, req: *c.ask}); err != nil {
			return err
		}
	}
	if c.end {
		close(f.events)
		f.done <- c.failed
		w.mu.Lock()
		delete(w.following, id)
		w.ended[id] = true
		w.mu.Unlock()
	}
	return nil
}

// serverSessions reads the History screen's sessions from the server,
// newest first.
func serverSessions(ctx context.Context, svc api.Service) tea.Cmd {
	return func() tea.Msg {
		res, err := svc.Sessions(ctx, &lorev1.SessionsRequest{})
		if err != nil {
			return sessionsMsg{err: err}
		}
		ss := make([]core.Session, len(res.GetSessions()))
		for i, s := range res.GetSessions() {
			ss[i] = api.SessionOf(s)
		}
		slices.SortStableFunc(ss, func(a, b core.Session) int { return b.StartedAt.Compare(a.StartedAt) })
		return sessionsMsg{sessions: ss}
	}
}

func serverReport(ctx context.Context, svc api.Service, id string) tea.Cmd {
	return func() tea.Msg {
		res, err := svc.Report(ctx, &lorev1.ReportRequest{SessionId: id})
		if err != nil {
			return reportMsg{id: id, err: err}
		}
		return reportMsg{id: id, markdown: res.GetMarkdown()}
	}
}

// serverConflicts reads the Conflicts screen's pending conflicts from
// the server.
func serverConflicts(ctx context.Context, svc api.Service) tea.Cmd {
	return func() tea.Msg {
		res, err := svc.Conflicts(ctx, &lorev1.ConflictsRequest{})
		if err != nil {
			return conflictsMsg{err: err}
		}
		cs := make([]core.Conflict, len(res.GetConflicts()))
		for i, c := range res.GetConflicts() {
			cs[i] = api.ConflictOf(c)
		}
		return conflictsMsg{pending: cs}
	}
}

// serverResolve decides conflict id on the server.
func serverResolve(ctx context.Context, svc api.Service, id, choice string) tea.Cmd {
	return func() tea.Msg {
		res, err := svc.Resolve(ctx, &lorev1.ResolveRequest{ConflictId: id, Choice: choice})
		if err != nil {
			return resolvedMsg{id: id, err: err}
		}
		return resolvedMsg{id: id, res: &engine.ResolveResult{Conflict: core.Conflict{ID: res.GetConflictId(), Session: res.GetSessionId(),
			Resolution: core.Resolution(res.GetResolution())}, Outcome: core.MergeAction(res.GetOutcome()), Errors: res.GetErrors()}}
	}
}

// serverPreview asks the server what unlearning session id would change.
func serverPreview(ctx context.Context, svc api.Service, id string, force bool) tea.Cmd {
	return func() tea.Msg {
		res, err := svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: id, Force: force, DryRun: true})
		if err != nil {
			return previewedMsg{id: id, force: force, err: err}
		}
		pv := &engine.UnlearnPreview{Forced: res.GetForced(), Removed: res.GetRemoved(), Restored: res.GetRestored(),
			Readded: res.GetReadded(), Names: res.GetNames(), DroppedConflicts: res.GetDroppedConflicts(),
			ReopenedConflicts: res.GetReopenedConflicts(), RetiredConflicts: res.GetRetiredConflicts(),
			Regenerated: artifactsOf(res.GetRegenerated()), Retired: artifactsOf(res.GetRetired())}
		for _, p := range res.GetIntegrity() {
			pv.Integrity = append(pv.Integrity, merge.IntegrityError{PrimitiveID: p.GetPrimitiveId(), DependencyTarget: p.GetDependencyTarget(), Message: p.GetMessage()})
		}
		return previewedMsg{id: id, force: force, pv: pv}
	}
}

func artifactsOf(arts []*lorev1.Artifact) []core.Artifact {
	out := make([]core.Artifact, len(arts))
	for i, a := range arts {
		out[i] = core.Artifact{Kind: core.ArtifactKind(a.GetKind()), Name: a.GetName(), Domain: a.GetDomain()}
	}
	return out
}

// serverUnlearn unlearns session id on the server.
func serverUnlearn(ctx context.Context, svc api.Service, id string, force bool) tea.Cmd {
	return func() tea.Msg {
		res, err := svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: id, Force: force})
		if err != nil {
			return unlearnedMsg{id: id, err: err}
		}
		return unlearnedMsg{id: id, res: &engine.UnlearnResult{Summary: fmt.Sprintf("unlearned %s on the server as %s: %d removed, %d restored",
			id, res.GetSessionId(), len(res.GetRemoved()), len(res.GetRestored()))}}
	}
}

// serverPart is the status bar's start on a team server: who the
// application runs as, with which role, in which workspace, on which
// server.
func (m Model) serverPart(compact bool) string {
	label, value := m.st.App.Status.Render, m.st.App.StatusValue.Render
	if m.who == nil {
		return label(" server ") + value(m.opts.Server.Addr)
	}
	who := value(m.who.GetUser()) + label(" · ") + value(m.who.GetRole()) + label(" · ") + value(m.who.GetWorkspace())
	if compact {
		return " " + who
	}
	return " " + who + label(" @ ") + value(m.opts.Server.Addr)
}

// showOnServer loads screen t's data from the server.
func (m Model) showOnServer(t tab) (Model, tea.Cmd) {
	if !m.stale[t] || m.who == nil {
		return m, nil
	}
	m.stale[t] = false
	ctx, svc := m.ctx, m.opts.Server.Svc
	switch t {
	case tabHistory:
		return m, serverSessions(ctx, svc)
	case tabConflicts:
		return m, serverConflicts(ctx, svc)
	case tabGraph:
		m.rowsGen++
		m.rows, m.links, m.scoresReady = nil, nil, false
		return m, serverGraph(ctx, svc, m.rowsGen)
	case tabSkills:
		return m, serverSkills(ctx, svc)
	}
	return m, nil
}

// anyLacking reports whether a key of groups does not act for the
// user's role.
func (m Model) anyLacking(groups [][]key.Binding) bool {
	for _, g := range groups {
		for _, b := range g {
			if b.Enabled() && m.lacking(b) != "" {
				return true
			}
		}
	}
	return false
}

// serverGraph reads the workspace's graph for the Graph screen in one
// call; the ranking is computed here from its edges, as for a local
// store (computeScores).
func serverGraph(ctx context.Context, svc api.Service, gen int) tea.Cmd {
	return func() tea.Msg {
		g, err := svc.Graph(ctx, &lorev1.GraphRequest{})
		if err != nil {
			return rowsMsg{gen: gen, err: err}
		}
		deps := map[string][]core.Edge{}
		for _, e := range g.GetEdges() {
			deps[e.GetFrom()] = append(deps[e.GetFrom()], core.Edge{Target: e.GetTo(), Type: core.EdgeType(e.GetType()), Strength: e.GetStrength()})
		}
		rows := make([]graphview.Row, len(g.GetNodes()))
		links := make([]core.Primitive, len(g.GetNodes()))
		for i, p := range g.GetNodes() {
			rows[i] = graphview.Row{ID: p.GetId(), Name: p.GetName(), Type: core.PrimitiveType(p.GetType()), Domain: p.GetDomain(),
				Importance: int(p.GetImportance())}
			links[i] = core.Primitive{ID: p.GetId(), Type: core.PrimitiveType(p.GetType()), Dependencies: deps[p.GetId()]}
		}
		return rowsMsg{gen: gen, rows: rows, links: links}
	}
}

// serverDetail reads one primitive, its neighbours and its prerequisite
// tree for the Graph screen.
func serverDetail(ctx context.Context, svc api.Service, id string) tea.Cmd {
	return func() tea.Msg {
		res, err := svc.Show(ctx, &lorev1.ShowRequest{Id: id, ChainDepth: chainDepth})
		if err != nil {
			return detailMsg{err: err}
		}
		p := res.GetPrimitive()
		d := graphview.Detail{Chain: chainOf(res.GetChain())}
		d.P, _ = api.PrimitiveOf(p)
		for _, e := range p.GetRequires() {
			d.Dependencies = append(d.Dependencies, graphview.Neighbour{ID: e.GetTo(), Name: cmp.Or(e.GetName(), e.GetTo()),
				Type: core.EdgeType(e.GetType()), Strength: e.GetStrength()})
		}
		for _, e := range p.GetRequiredBy() {
			d.Dependents = append(d.Dependents, graphview.Neighbour{ID: e.GetFrom(), Name: cmp.Or(e.GetName(), e.GetFrom()),
				Type: core.EdgeType(e.GetType()), Strength: e.GetStrength()})
		}
		return detailMsg{d: d}
	}
}

// chainOf is a prerequisite tree from the API as the Graph screen draws
// it.
func chainOf(n *lorev1.ChainNode) *graph.Node {
	if n == nil {
		return nil
	}
	out := &graph.Node{ID: n.GetId(), Name: n.GetName(), EdgeType: core.EdgeType(n.GetEdgeType()), Missing: n.GetMissing(),
		Repeated: n.GetRepeated(), Truncated: n.GetTruncated()}
	for _, c := range n.GetChildren() {
		out.Children = append(out.Children, chainOf(c))
	}
	return out
}

// serverCurate records a curator's decision made on a screen through the
// API, where the caller is its author.
func serverCurate(ctx context.Context, svc api.Service, d engine.Decision) tea.Cmd {
	return func() tea.Msg {
		out, err := svc.Curate(ctx, &lorev1.CurateRequest{Decision: string(d.Kind), Id: d.ID, Name: d.Name})
		if err != nil {
			return curatedMsg{d: d, err: apiErr("the server", err)}
		}
		return curatedMsg{d: d, res: &engine.CurateResult{Session: core.Session{ID: out.GetSessionId()}}}
	}
}

// serverExport writes the primitives ids as a DOT or Mermaid file here,
// read through the API; one the server no longer has is left out, as a
// local export leaves it out.
func serverExport(ctx context.Context, svc api.Service, dir, format string, ids []string) tea.Cmd {
	return exportFrom(func() ([]core.Primitive, error) {
		prims := make([]core.Primitive, 0, len(ids))
		for _, id := range ids {
			res, err := svc.Show(ctx, &lorev1.ShowRequest{Id: id})
			if connect.CodeOf(err) == connect.CodeNotFound {
				continue
			}
			if err != nil {
				return nil, apiErr("the server", err)
			}
			p, _ := api.PrimitiveOf(res.GetPrimitive())
			prims = append(prims, p)
		}
		return prims, nil
	}, dir, format)
}

// FollowRuns relays the runs of a Watch stream to out, each an
// ExternalRun with its own events, until ctx ends: the store's owner
// follows on its screen the learns other lore processes run through its
// API. A question at the gate stays with the run's own client, which
// answers it or says whom it waits for.
func FollowRuns(ctx context.Context, svc api.Service, out chan<- ExternalRun) error {
	relay := newWatchRelay(ctx)
	// The runs' questions stay with their clients.
	relay.decider = "the terminal that started it"
	go func() {
		for {
			select {
			case x := <-relay.runs:
				select {
				case out <- x:
				case <-ctx.Done():
					return
				}
			case <-relay.msgs:
			case <-ctx.Done():
				return
			}
		}
	}()
	return svc.Watch(ctx, &lorev1.WatchRequest{}, relay.take)
}
