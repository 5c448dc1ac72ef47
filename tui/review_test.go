package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/tui/history"
)

const reviewChapter = "\\documentclass{article}\n\\begin{document}\n\\section{Groups}\n" +
	"\\begin{definition}[Group]\\label{def:group}\nA group is a set $G$ with an associative binary operation, an identity element and inverses.\n\\end{definition}\n" +
	"\\begin{lemma}\\label{lem:inv}\nIn a group (Definition~\\ref{def:group}) the inverse of $ab$ is $b^{-1}a^{-1}$.\n\\end{lemma}\n" +
	"\\begin{theorem}[Triangle inequality]\\label{thm:tri}\nFor all real numbers $x$ and $y$, $|x+y| \\le |x|+|y|$.\n\\end{theorem}\n\\end{document}\n"

// A run's review opens over the Learn screen; the curator's decisions go
// back to the waiting run when c, y commits; esc steps away and v returns.
func TestRunReviewAnswersTheRun(t *testing.T) {
	prims := []core.Primitive{
		{ID: "a", Name: "Group", Type: core.Definition, FormalStatement: "A group is a set $G$ with an operation.",
			Provenance: core.Provenance{Document: "groups.tex", Section: "Groups", ContentHash: "h1"}},
		{ID: "b", Name: "Lemma 1.2", Type: core.Theorem, FormalStatement: "The inverse of $ab$ is $b^{-1}a^{-1}$.",
			Dependencies: []core.Edge{{Target: "a", Type: core.Requires}},
			Provenance:   core.Provenance{Document: "groups.tex", Section: "Groups", ContentHash: "h2"}},
	}
	m := newApp(120, 30)
	r := &run{id: "learn-x", cancel: func() {}, asks: make(chan approvalAsk), reviews: make(chan reviewAsk)}
	m.run, m.running, m.eventsOpen = r, true, true
	ask := reviewAsk{reply: make(chan []core.Curation, 1), req: engine.ReviewRequest{Session: "learn-x", Source: "groups.tex",
		Candidates: curate.NewCandidates(prims)}}
	m, cmd := send(m, reviewAskMsg{run: "learn-x", ask: ask})
	if m.Tab() != int(tabLearn) || m.reviewing == nil {
		t.Fatalf("the review is not shown: tab %d", m.Tab())
	}
	// The offers arrive from a command (no store here: from the
	// statements); the other waits on the run, which says nothing more.
	m = settleWithin(t, m, cmd, 2*time.Second)
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, "Lemma 1.2") || !strings.Contains(screen, "b⁻¹a⁻¹") {
		t.Fatalf("the review lacks the candidates:\n%s", screen)
	}
	// ? opens the help over it; a digit is the review's, not a tab's.
	m, _ = send(m, keyPress("?"))
	if !m.showHelp || !strings.Contains(ansi.Strip(m.View().Content), "commit") {
		t.Fatalf("? over the review:\n%s", ansi.Strip(m.View().Content))
	}
	m, _ = send(m, keyPress("?"))
	m, _ = send(m, keyPress("2"))
	if m.Tab() != int(tabLearn) {
		t.Fatalf("2 over the review showed tab %d", m.Tab())
	}
	// esc steps away; the Learn screen's v brings the review back.
	m, _ = send(m, cmdMsgOf(t, m, keyPress("esc")))
	if m.top() != m.screens()[tabLearn] {
		t.Fatal("esc did not step away from the review")
	}
	m, _ = send(m, keyPress("v"))
	if _, ok := m.top().(reviewScreen); !ok {
		t.Fatal("v did not bring the review back")
	}
	// j selects the lemma, x rejects it, c and y commit.
	m, _ = send(m, keyPress("j"))
	m, _ = send(m, keyPress("x"))
	m, _ = send(m, keyPress("c")) // asks first
	m, cmd = send(m, keyPress("y"))
	if cmd == nil {
		t.Fatal("c committed nothing")
	}
	m, _ = send(m, cmd())
	select {
	case ds := <-ask.reply:
		if len(ds) != 1 || ds[0].Kind != core.CurateReject || ds[0].ID != "b" || ds[0].By == "" {
			t.Errorf("the run got %+v", ds)
		}
	case <-time.After(time.Second):
		t.Fatal("no answer reached the run")
	}
	if m.reviewing != nil {
		t.Error("the review stays open after its commit")
	}
}

// cmdMsgOf sends k and returns the message its command produces.
func cmdMsgOf(t *testing.T, m Model, k tea.Msg) tea.Msg {
	t.Helper()
	_, cmd := send(m, k)
	if cmd == nil {
		t.Fatalf("%v produced no command", k)
	}
	return cmd()
}

// settleWithin runs commands as settle does, leaving out those that give
// no message within d (one waiting on a run).
func settleWithin(t *testing.T, m Model, cmd tea.Cmd, d time.Duration) Model {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		got := make(chan tea.Msg, 1)
		go func() { got <- c() }()
		select {
		case msg := <-got:
			if b, ok := msg.(tea.BatchMsg); ok {
				queue = append(queue, b...)
			} else if msg != nil {
				var next tea.Cmd
				m, next = send(m, msg)
				queue = append(queue, next)
			}
		case <-time.After(d):
		}
	}
	return m
}

// History's v reviews a committed learn: the decisions are one curate
// session; refused, they are all kept in the open review.
func TestHistoryReviewsACommittedLearn(t *testing.T) {
	t.Run("recorded", func(t *testing.T) { historyReview(t, false) })
	t.Run("refused", func(t *testing.T) { historyReview(t, true) })
}

func historyReview(t *testing.T, keepOpen bool) {
	path := filepath.Join(t.TempDir(), "groups.tex")
	if err := os.WriteFile(path, []byte(reviewChapter), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	opts := engine.LearnOptions{Domains: storetest.Domains(t)}
	headless := opts
	headless.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, headless)
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Learn: opts, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 140, Height: 36})
	m, cmd := send(m, history.ReviewMsg{ID: res.Session.ID})
	m = settle(t, m, cmd)
	if _, ok := m.top().(reviewScreen); !ok || m.Tab() != int(tabHistory) {
		t.Fatalf("the review is not open over History (tab %d):\n%s", m.Tab(), ansi.Strip(m.View().Content))
	}
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, "Lemma") {
		t.Fatalf("the review lacks the lemma:\n%s", screen)
	}
	// Select the lemma, take the first offered name, commit.
	var lemma core.Primitive
	for _, p := range res.Primitives {
		if strings.HasPrefix(p.Name, "Lemma") {
			lemma = p
		}
	}
	for i := 0; i < 5; i++ {
		if p, _ := m.review.Selected(); strings.HasPrefix(p.Name, "Lemma") {
			break
		}
		m, _ = send(m, keyPress("j"))
	}
	m, _ = send(m, keyPress("x"))
	// q asks before dropping the decision; n keeps the review.
	m, cmd = send(m, keyPress("q"))
	if cmd != nil || !strings.Contains(ansi.Strip(m.View().Content), "drop them?") {
		t.Fatalf("q with a decision pending:\n%s", ansi.Strip(m.View().Content))
	}
	m, _ = send(m, keyPress("n"))
	if keepOpen {
		// Meanwhile the lemma is rejected from the command line: the
		// review's decision is refused, and the review stays open.
		if _, err := engine.Curate(context.Background(), st, engine.Decision{Kind: core.CurateReject, ID: lemma.ID}, engine.CurateOptions{Domains: opts.Domains}); err != nil {
			t.Fatal(err)
		}
		m, _ = send(m, keyPress("c")) // asks first
		m, cmd = send(m, keyPress("y"))
		m = settle(t, m, cmd)
		if _, ok := m.top().(reviewScreen); !ok || !strings.Contains(ansi.Strip(m.View().Content), "nothing was recorded") {
			t.Fatalf("a refused review closed:\n%s", ansi.Strip(m.View().Content))
		}
		return
	}
	m, _ = send(m, keyPress("c")) // asks first
	m, cmd = send(m, keyPress("y"))
	m = settle(t, m, cmd)
	if _, ok, _ := st.GetPrimitive(lemma.ID); ok {
		t.Fatal("the rejected lemma is still stored")
	}
	ss, _ := st.Sessions()
	if ss[0].Kind != core.KindCurate || ss[0].Options["by"] == "" {
		t.Errorf("newest session %+v", ss[0])
	}
	if !strings.Contains(ansi.Strip(m.View().Content), "recorded as curate-") {
		t.Errorf("no notice of the recorded decisions:\n%s", ansi.Strip(m.View().Content))
	}
}

// Over the Review screen the digits are the review's: its help view
// lists 1-3 as the offered names and does not also list 1-6 as going to a
// screen among the keys that work everywhere; it says which wins there,
// and no key is listed for two things.
func TestReviewHelpSaysTheDigitsAreTheReviews(t *testing.T) {
	prims := []core.Primitive{
		{ID: "a", Name: "Group", Type: core.Definition, FormalStatement: "A group is a set $G$ with an operation.",
			Provenance: core.Provenance{Document: "groups.tex", Section: "Groups", ContentHash: "h1"}},
		{ID: "b", Name: "Lemma 1.2", Type: core.Theorem, FormalStatement: "The inverse of $ab$ is $b^{-1}a^{-1}$.",
			Dependencies: []core.Edge{{Target: "a", Type: core.Requires}},
			Provenance:   core.Provenance{Document: "groups.tex", Section: "Groups", ContentHash: "h2"}},
	}
	m := newApp(120, 40)
	r := &run{id: "learn-x", cancel: func() {}, asks: make(chan approvalAsk), reviews: make(chan reviewAsk)}
	m.run, m.running, m.eventsOpen = r, true, true
	ask := reviewAsk{reply: make(chan []core.Curation, 1), req: engine.ReviewRequest{Session: "learn-x", Source: "groups.tex",
		Candidates: curate.NewCandidates(prims)}}
	m, cmd := send(m, reviewAskMsg{run: "learn-x", ask: ask})
	m = settleWithin(t, m, cmd, 2*time.Second)
	m, _ = send(m, keyPress("?"))
	flat := func(m Model) string { return strings.Join(strings.Fields(ansi.Strip(m.View().Content)), " ") }
	help := flat(m)
	for _, want := range []string{"Review keys", "1 offered name 1", "Everywhere", "tab next screen",
		"1-6 go to a screen everywhere but here: on Review the digits are its own (1-3 take an offered name)"} {
		if !strings.Contains(help, want) {
			t.Errorf("the help view over the review lacks %q:\n%s", want, ansi.Strip(m.View().Content))
		}
	}
	if strings.Contains(help, "1-6 go to screen") {
		t.Errorf("the help view lists 1-6 as going to a screen over the review, where 1 takes an offered name:\n%s", ansi.Strip(m.View().Content))
	}
	sg, gg := m.helpGroups()
	digits := map[string]string{}
	for _, g := range append(sg, gg...) {
		for _, b := range g {
			for _, k := range b.Keys() {
				if !b.Enabled() || len(k) != 1 || k[0] < '0' || k[0] > '9' {
					continue
				}
				if other, ok := digits[k]; ok && other != b.Help().Desc {
					t.Errorf("the help view over the review lists %s for %q and for %q", k, other, b.Help().Desc)
				}
				digits[k] = b.Help().Desc
			}
		}
	}
	// Elsewhere the digits still go to the screens, and the help says so.
	m, _ = send(m, keyPress("?"))
	m, _ = send(m, cmdMsgOf(t, m, keyPress("esc")))
	m, _ = send(m, keyPress("?"))
	if help := flat(m); !strings.Contains(help, "1-6 go to screen") || strings.Contains(help, "everywhere but here") {
		t.Errorf("the Learn screen's help view:\n%s", ansi.Strip(m.View().Content))
	}
}

// Over a committed learn's review (History's v, no run in progress) the
// help view does not list n either: over the review it does nothing.
func TestHistoryReviewHelpListsOnlyWhatActs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "groups.tex")
	if err := os.WriteFile(path, []byte(reviewChapter), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	opts := engine.LearnOptions{Domains: storetest.Domains(t)}
	headless := opts
	headless.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, headless)
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Learn: opts, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 140, Height: 40})
	m, cmd := send(m, history.ReviewMsg{ID: res.Session.ID})
	m = settle(t, m, cmd)
	if _, ok := m.top().(reviewScreen); !ok {
		t.Fatal("setup: the review is not open")
	}
	m, _ = send(m, keyPress("?"))
	help := strings.Join(strings.Fields(ansi.Strip(m.View().Content)), " ")
	if strings.Contains(help, "learn a source") || strings.Contains(help, "1-6 go to screen") || !strings.Contains(help, "everywhere but here") {
		t.Errorf("the help view over a committed learn's review:\n%s", ansi.Strip(m.View().Content))
	}
	// n indeed does nothing there.
	m, _ = send(m, keyPress("?"))
	if m, _ = send(m, keyPress("n")); m.formOpen {
		t.Error("n opened the learn form over the review")
	}
}

// A review whose decisions retire pending conflicts says so when it is
// committed: rejecting the existing side of a conflict another learn
// presented retires that conflict, and the notice counts it.
func TestReviewCommitSaysWhatItRetired(t *testing.T) {
	path := filepath.Join(t.TempDir(), "groups.tex")
	if err := os.WriteFile(path, []byte(reviewChapter), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	opts := engine.LearnOptions{Domains: storetest.Domains(t)}
	headless := opts
	headless.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, headless)
	if err != nil {
		t.Fatal(err)
	}
	var lemma core.Primitive
	for _, p := range res.Primitives {
		if strings.HasPrefix(p.Name, "Lemma") {
			lemma = p
		}
	}
	// Another learn presented a conflict with the lemma, still pending.
	now := time.Now().UTC()
	candidate := lemma
	candidate.ID, candidate.FormalStatement = "lemma-other", "In a group the inverse of $ab$ is $a^{-1}b^{-1}$."
	conflict := core.Conflict{ID: "conflict-lemma", Session: "learn-other", Candidate: candidate, Existing: lemma,
		State: core.ConflictPending, CreatedAt: now}
	if err := st.CommitSession(context.Background(), core.Session{ID: "learn-other", Kind: core.KindLearn, Source: "other.tex",
		Familiarity: core.Home, StartedAt: now, CompletedAt: now, State: core.SessionCommitted, Changes: 1},
		[]core.Change{{Type: core.ChangeConflict, ConflictID: conflict.ID, ConflictAfter: &conflict, Timestamp: now}}); err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Learn: opts, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 36})
	m, cmd := send(m, history.ReviewMsg{ID: res.Session.ID})
	m = settle(t, m, cmd)
	for i := 0; i < 5; i++ {
		if p, _ := m.review.Selected(); p.ID == lemma.ID {
			break
		}
		m, _ = send(m, keyPress("j"))
	}
	m, _ = send(m, keyPress("x"))
	m, _ = send(m, keyPress("c")) // asks first
	m, cmd = send(m, keyPress("y"))
	m = settle(t, m, cmd)
	cs, err := st.Conflicts()
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].State != core.ConflictRetired {
		t.Fatalf("the conflict is %+v, want it retired by the review", cs)
	}
	if !strings.Contains(m.notice, "1 decision recorded as curate-") || !strings.Contains(m.notice, "retiring 1 pending conflict") {
		t.Errorf("the notice %q does not say the conflict was retired", m.notice)
	}
	if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, "retiring 1 pending conflict (lore unlearn takes them back)") {
		t.Errorf("the screen does not show the notice whole:\n%s", screen)
	}
}

// One key never means commit on one screen and cancel on the next
// (issue 79, point 9): on the run's review c asks before committing, and
// on the Learn screen, a few seconds away, the run is cancelled with x,
// which the help line says; c there commits nothing and cancels nothing.
func TestCommitAsksAndCancelIsAnotherKey(t *testing.T) {
	prims := []core.Primitive{
		{ID: "a", Name: "Group", Type: core.Definition, FormalStatement: "A group is a set $G$ with an operation.",
			Provenance: core.Provenance{Document: "groups.tex", Section: "Groups", ContentHash: "h1"}},
		{ID: "b", Name: "Lemma 1.2", Type: core.Theorem, FormalStatement: "The inverse of $ab$ is $b^{-1}a^{-1}$.",
			Dependencies: []core.Edge{{Target: "a", Type: core.Requires}},
			Provenance:   core.Provenance{Document: "groups.tex", Section: "Groups", ContentHash: "h2"}},
	}
	m := newApp(120, 30)
	r := &run{id: "learn-x", source: "groups.tex", cancel: func() {}, asks: make(chan approvalAsk), reviews: make(chan reviewAsk)}
	m.run, m.running, m.eventsOpen = r, true, true
	ask := reviewAsk{reply: make(chan []core.Curation, 1), req: engine.ReviewRequest{Session: "learn-x", Source: "groups.tex",
		Candidates: curate.NewCandidates(prims)}}
	m, cmd := send(m, reviewAskMsg{run: "learn-x", ask: ask})
	m = settleWithin(t, m, cmd, 2*time.Second)
	if !strings.Contains(m.notice, "c asks to commit") {
		t.Errorf("the review's notice %q does not say c asks first", m.notice)
	}
	answered := func() bool {
		select {
		case <-ask.reply:
			return true
		default:
			return false
		}
	}

	// c asks what it commits; n goes back to the review.
	m, cmd = send(m, keyPress("c"))
	if cmd != nil {
		m, _ = send(m, cmd())
	}
	screen := ansi.Strip(m.View().Content)
	if answered() || !strings.Contains(screen, "commit 2 primitives to the store? y/n") || !strings.Contains(helpLineOf(m), "y commit") {
		t.Fatalf("c on the review did not ask first:\n%s", screen)
	}
	m, _ = send(m, keyPress("n"))

	// On the Learn screen c is nothing; x cancels, after asking.
	m, _ = send(m, cmdMsgOf(t, m, keyPress("esc")))
	if m.top() != m.screens()[tabLearn] {
		t.Fatal("esc did not step away from the review")
	}
	line := ansi.Strip(m.fitHelp(m.helpKeys()))
	if !strings.Contains(line, "x cancel the run (asks first)") || strings.Contains(line, "c cancel") {
		t.Errorf("the Learn screen's help line: %q", line)
	}
	m, _ = send(m, keyPress("c"))
	if m.confirmCancel || answered() {
		t.Fatal("c on the Learn screen asked to cancel the run, or committed it")
	}
	if !strings.Contains(m.notice, "x cancels the run") || !strings.Contains(m.notice, "v goes back to the review") {
		t.Errorf("c on the Learn screen says %q", m.notice)
	}
	m, _ = send(m, keyPress("x"))
	if !m.confirmCancel || !strings.Contains(ansi.Strip(m.View().Content), "Cancel the run of groups.tex?") {
		t.Fatalf("x did not ask to cancel the run:\n%s", ansi.Strip(m.View().Content))
	}
	m, _ = send(m, keyPress("n"))

	// Back on the review, c then y commits.
	m, _ = send(m, keyPress("v"))
	m, cmd = send(m, keyPress("c"))
	if cmd != nil {
		m, _ = send(m, cmd())
	}
	m, cmd = send(m, keyPress("y"))
	if cmd == nil {
		t.Fatal("y committed nothing")
	}
	m, _ = send(m, cmd())
	if !answered() || m.reviewing != nil {
		t.Fatal("c, y did not commit the review")
	}
}
