package api_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/internal/apitest"
)

// The documents learned: the sample (HOME, clean), the sample with a
// link climbing far up (a warning) and with a script (critical).
var (
	warned   = append(assets.Sample(), "\nSee [the notes](../../../../notes/graphs.md).\n"...)
	critical = append(assets.Sample(), "\n<script>x()</script>\n"...)
)

// stream is a streaming call under way: its events as they come, and
// how it ended.
type stream struct {
	mu     sync.Mutex
	events []*lorev1.LearnEvent
	more   chan struct{}
	done   chan error
}

func start(call func(send func(*lorev1.LearnEvent) error) error) *stream {
	s := &stream{more: make(chan struct{}, 1), done: make(chan error, 1)}
	go func() {
		s.done <- call(func(ev *lorev1.LearnEvent) error {
			s.mu.Lock()
			s.events = append(s.events, ev)
			s.mu.Unlock()
			select {
			case s.more <- struct{}{}:
			default:
			}
			return nil
		})
	}()
	return s
}

// until waits for the first event ok accepts.
func (s *stream) until(t *testing.T, what string, ok func(*lorev1.LearnEvent) bool) *lorev1.LearnEvent {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		s.mu.Lock()
		for _, ev := range s.events {
			if ok(ev) {
				s.mu.Unlock()
				return ev
			}
		}
		s.mu.Unlock()
		select {
		case <-s.more:
		case <-deadline:
			t.Fatalf("no %s in 30s; events: %v", what, s.all())
		}
	}
}

// end waits for the call to end.
func (s *stream) end(t *testing.T) error {
	t.Helper()
	select {
	case err := <-s.done:
		return err
	case <-time.After(60 * time.Second):
		t.Fatalf("the call did not end; events: %v", s.all())
		return nil
	}
}

func (s *stream) all() []*lorev1.LearnEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*lorev1.LearnEvent(nil), s.events...)
}

func asking(ev *lorev1.LearnEvent) bool { return ev.GetApprovalRequested() != nil }

// upload sends doc as name.
func upload(t *testing.T, ctx context.Context, svc api.Service, name string, doc []byte) string {
	t.Helper()
	up, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: name, Size: int64(len(doc))}, bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("upload %s: %v", name, err)
	}
	return up.GetUploadId()
}

// learn runs req to its end and returns its events.
func learn(t *testing.T, ctx context.Context, svc api.Service, req *lorev1.LearnRequest) ([]*lorev1.LearnEvent, error) {
	t.Helper()
	var events []*lorev1.LearnEvent
	err := svc.Learn(ctx, req, func(ev *lorev1.LearnEvent) error { events = append(events, ev); return nil })
	return events, err
}

func last(events []*lorev1.LearnEvent) *lorev1.LearnEvent {
	if len(events) == 0 {
		return nil
	}
	return events[len(events)-1]
}

// committed is the session the run committed (nil if none).
func committed(events []*lorev1.LearnEvent) *lorev1.Session {
	for _, ev := range events {
		if c := ev.GetCommitted(); c != nil {
			return c.GetSession()
		}
	}
	return nil
}

func failed(events []*lorev1.LearnEvent) *lorev1.RunFailed {
	for _, ev := range events {
		if f := ev.GetFailed(); f != nil {
			return f
		}
	}
	return nil
}

// session is the stored session id of workspace ws.
func session(t *testing.T, e *apitest.Env, ws, id string) core.Session {
	t.Helper()
	s, ok, err := e.Store(ws).Session(id)
	if err != nil || !ok {
		t.Fatalf("session %s: %v %v", id, ok, err)
	}
	return s
}

// TestCuratorLearnsAnUpload: a curator's upload is kept as sent (its size
// and digest said back), learned as HOME with their --approve covering its
// warning, recorded under their name, and gone once learned.
func TestCuratorLearnsAnUpload(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		ctx, svc := e.As("cora")
		up, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: "graphs.md"}, bytes.NewReader(warned))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(warned)
		if up.GetSize() != int64(len(warned)) || up.GetSha256() != hex.EncodeToString(sum[:]) || len(up.GetUploadId()) < 32 {
			t.Fatalf("upload answered %v", up)
		}
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: up.GetUploadId(), Approve: true, Agent: "helper-bot"})
		if err != nil {
			t.Fatal(err)
		}
		sess := committed(events)
		if sess == nil || sess.GetUser() != "cora" || sess.GetAgent() != "helper-bot" || sess.GetCounts()["added"] == 0 || sess.GetSource() != "graphs.md" {
			t.Fatalf("committed %v; last event %v", sess, last(events))
		}
		var sawWarning, sawStages bool
		for _, ev := range events {
			if ev.GetRunId() != sess.GetId() || ev.GetUser() != "cora" {
				t.Errorf("event of run %q by %q in run %s", ev.GetRunId(), ev.GetUser(), sess.GetId())
			}
			sawWarning = sawWarning || ev.GetFinding().GetSeverity() == string(core.Warning)
			sawStages = sawStages || ev.GetStage().GetStage() == "dedup" && ev.GetStage().GetState() == "done"
			if asking(ev) {
				t.Errorf("a HOME warning with approve asked a reviewer: %v", ev)
			}
		}
		if !sawWarning || !sawStages {
			t.Errorf("the events miss the warning (%v) or the stages (%v): %v", sawWarning, sawStages, events)
		}
		stored := session(t, e, "default", sess.GetId())
		if stored.User != "cora" || stored.Decision == nil || stored.Decision.DecidedBy != core.ByPolicy || stored.Decision.Person != "cora" {
			t.Errorf("stored session %+v, decision %+v", stored, stored.Decision)
		}
		found, err := svc.Find(ctx, &lorev1.FindRequest{Query: "breadth first search", Top: 1})
		if err != nil || len(found.GetHits()) == 0 || found.GetHits()[0].GetPrimitive().GetSource() != "graphs.md" {
			t.Errorf("the learned primitives name their source %v (%v), want the name it was sent as", found, err)
		}
		if left, _ := os.ReadDir(e.UploadDir()); len(left) != 0 {
			t.Errorf("the upload is still kept after its learn: %v", left)
		}
		if _, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: up.GetUploadId(), Approve: true}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("an upload learned twice: %v, want NotFound", err)
		}
	})
}

// TestStrangerWaitsForAReviewer: a STRANGER learn with a critical finding
// asks, on the curator's stream and on every watch of the workspace (and
// of no other); the curator may not answer, a reviewer of another
// workspace finds no such run, and the workspace's reviewer approves:
// recorded under the reviewer's name, the critical finding acknowledged.
func TestStrangerWaitsForAReviewer(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		e.AddUser("rex", access.Reviewer, "default")
		e.AddUser("bea", access.Reviewer, "other")
		rctx, rsvc := e.As("rex")
		rctx, stopWatch := context.WithCancel(rctx)
		defer stopWatch()
		watch := start(func(send func(*lorev1.LearnEvent) error) error { return rsvc.Watch(rctx, &lorev1.WatchRequest{}, send) })
		bctx, bsvc := e.As("bea")
		bctx, stopOther := context.WithCancel(bctx)
		defer stopOther()
		other := start(func(send func(*lorev1.LearnEvent) error) error { return bsvc.Watch(bctx, &lorev1.WatchRequest{}, send) })
		// The watches are let in before the run starts.
		time.Sleep(200 * time.Millisecond)

		ctx, svc := e.As("cora")
		id := upload(t, ctx, svc, "vendor.md", critical)
		run := start(func(send func(*lorev1.LearnEvent) error) error {
			return svc.Learn(ctx, &lorev1.LearnRequest{UploadId: id, Tier: "stranger", Approve: true}, send)
		})
		q := run.until(t, "question on the curator's stream", asking)
		seen := watch.until(t, "question on the reviewer's watch", asking)
		if seen.GetRunId() != q.GetRunId() || seen.GetUser() != "cora" {
			t.Errorf("the watch saw %v, the run asked %v", seen, q)
		}
		a := q.GetApprovalRequested()
		if a.GetTrust() != string(core.Stranger) || !strings.Contains(a.GetNeeds(), "STRANGER") || a.GetSource() != "vendor.md" {
			t.Errorf("the question: %v", a)
		}
		hasCritical := false
		for _, f := range a.GetFindings() {
			hasCritical = hasCritical || f.GetSeverity() == string(core.Critical)
		}
		if !hasCritical {
			t.Fatalf("the question shows no critical finding: %v", a)
		}
		if got := e.Svc.Waiting("default"); len(got) != 1 || got[0].GetRunId() != q.GetRunId() {
			t.Errorf("waiting at the gate: %v", got)
		}

		if _, err := svc.Decide(ctx, &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "approved"}); connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("the curator deciding: %v, want PermissionDenied", err)
		}
		if _, err := bsvc.Decide(bctx, &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "approved"}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("a reviewer of another workspace deciding: %v, want NotFound", err)
		}
		if _, err := rsvc.Decide(rctx, &lorev1.DecideRequest{RunId: "learn-nope", Status: "approved"}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("deciding an unknown run: %v, want NotFound", err)
		}
		if _, err := rsvc.Decide(rctx, &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "maybe"}); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("deciding maybe: %v, want InvalidArgument", err)
		}
		if _, err := rsvc.Decide(rctx, &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "approved", Rationale: "our vendor's manual"}); err != nil {
			t.Fatalf("the reviewer's approval: %v", err)
		}
		if err := run.end(t); err != nil {
			t.Fatalf("the learn: %v", err)
		}
		events := run.all()
		sess := committed(events)
		if sess == nil {
			t.Fatalf("not committed: %v", last(events))
		}
		d := session(t, e, "default", sess.GetId()).Decision
		if d == nil || d.DecidedBy != core.ByUser || d.Person != "rex" || len(d.Acknowledged) == 0 ||
			!strings.Contains(d.Rationale, "our vendor's manual") || !strings.Contains(d.Rationale, "acknowledged 1 critical finding") {
			t.Errorf("the decision recorded: %+v", d)
		}
		watch.until(t, "the commit on the watch", func(ev *lorev1.LearnEvent) bool { return ev.GetCommitted() != nil })
		if got := e.Svc.Waiting("default"); len(got) != 0 {
			t.Errorf("still waiting after the decision: %v", got)
		}
		stopOther()
		other.end(t)
		if evs := other.all(); len(evs) != 0 {
			t.Errorf("a watch of another workspace saw %d events of this one's run: %v", len(evs), evs[0])
		}
	})
}

// TestReviewerRejects: a rejection stores nothing but its record, and the
// run fails with the rejection's exit code.
func TestReviewerRejects(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		e.AddUser("rex", access.Reviewer, "default")
		ctx, svc := e.As("cora")
		id := upload(t, ctx, svc, "graphs.md", assets.Sample())
		run := start(func(send func(*lorev1.LearnEvent) error) error {
			return svc.Learn(ctx, &lorev1.LearnRequest{UploadId: id, Tier: "stranger"}, send)
		})
		q := run.until(t, "question", asking)
		rctx, rsvc := e.As("rex")
		if _, err := rsvc.Decide(rctx, &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "rejected", Rationale: "not ours"}); err != nil {
			t.Fatal(err)
		}
		if err := run.end(t); err != nil {
			t.Fatal(err)
		}
		f := failed(run.all())
		if f == nil || f.GetCode() != 3 || !strings.Contains(f.GetMessage(), "rejected") {
			t.Fatalf("a rejected run ended with %v", last(run.all()))
		}
		if n, err := e.Store("default").Count(); err != nil || n != 0 {
			t.Errorf("a rejected learn stored %d primitives (%v)", n, err)
		}
		s := session(t, e, "default", q.GetRunId())
		if s.State != core.SessionRejected || s.Decision.Person != "rex" || s.User != "cora" {
			t.Errorf("the rejection's record: %+v %+v", s, s.Decision)
		}
	})
}

// TestUnansweredQuestionEnds: nobody decides within the wait; the run ends
// as a headless one does (exit code 3), and the next learn proceeds.
func TestUnansweredQuestionEnds(t *testing.T) {
	apitest.EachWith(t, func(o *local.Options) { o.ApprovalWait = 300 * time.Millisecond }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		ctx, svc := e.As("cora")
		began := time.Now()
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "graphs.md", assets.Sample()), Tier: "stranger"})
		if err != nil {
			t.Fatal(err)
		}
		f := failed(events)
		if f == nil || f.GetCode() != 3 || !strings.Contains(f.GetMessage(), "no reviewer decided within 300ms") {
			t.Fatalf("the unanswered run ended with %v", last(events))
		}
		if time.Since(began) > 20*time.Second {
			t.Errorf("the unanswered run took %s", time.Since(began))
		}
		if got := e.Svc.Waiting("default"); len(got) != 0 {
			t.Errorf("still waiting: %v", got)
		}
		events, err = learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "graphs.md", assets.Sample()), Approve: true})
		if err != nil || committed(events) == nil {
			t.Fatalf("the next learn: %v %v", err, last(events))
		}
	})
}

// TestCancelledLearnStoresNothing: the caller leaving while the run waits
// at the gate ends the run; the store is as it was and the question is
// withdrawn.
func TestCancelledLearnStoresNothing(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		e.AddUser("rex", access.Reviewer, "default")
		ctx, svc := e.As("cora")
		id := upload(t, ctx, svc, "graphs.md", assets.Sample())
		ctx, cancel := context.WithCancel(ctx)
		run := start(func(send func(*lorev1.LearnEvent) error) error {
			return svc.Learn(ctx, &lorev1.LearnRequest{UploadId: id, Tier: "stranger"}, send)
		})
		q := run.until(t, "question", asking)
		cancel()
		if err := run.end(t); connect.CodeOf(err) != connect.CodeCanceled {
			t.Errorf("the cancelled learn: %v, want Canceled", err)
		}
		rctx, rsvc := e.As("rex")
		deadline := time.Now().Add(10 * time.Second)
		for len(e.Svc.Waiting("default")) != 0 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if _, err := rsvc.Decide(rctx, &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "approved"}); connect.CodeOf(err) != connect.CodeNotFound &&
			connect.CodeOf(err) != connect.CodeFailedPrecondition {
			t.Errorf("deciding the cancelled run: %v", err)
		}
		// The write turn is free and nothing was stored.
		if !e.TurnFree("default") {
			t.Error("the cancelled learn holds the write turn")
		}
		n, err := e.Store("default").Count()
		ss, _ := e.Store("default").Sessions()
		if err != nil || n != 0 || len(ss) != 0 {
			t.Errorf("after the cancelled learn: %d primitives, %d sessions (%v)", n, len(ss), err)
		}
	})
}

// TestPathsOnlyFromThisMachine: the person on their own store may learn a
// path; a client on the network may not, nor have the server fetch its
// own files or network.
func TestPathsOnlyFromThisMachine(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		ctx, svc := e.As("cora")
		path := filepath.Join(t.TempDir(), "graphs.md")
		if err := os.WriteFile(path, assets.Sample(), 0o600); err != nil {
			t.Fatal(err)
		}
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{Path: path, Approve: true})
		if !e.Remote {
			if err != nil || committed(events) == nil {
				t.Fatalf("a local path learned locally: %v %v", err, last(events))
			}
		} else if connect.CodeOf(err) != connect.CodeInvalidArgument ||
			!strings.Contains(err.Error(), "a team server learns only uploads and web addresses, never a path a client names; upload the file instead") {
			t.Fatalf("a path from the network: %v", err)
		}
		for _, bad := range []*lorev1.LearnRequest{{}, {Path: path, Url: "https://example.com/a.md"}, {UploadId: "x", Tier: "friend"}} {
			if _, err := learn(t, ctx, svc, bad); connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("learn %v: %v, want InvalidArgument", bad, err)
			}
		}
		if e.Remote {
			for _, u := range []string{"file://" + path, "http://127.0.0.1:9/a.md", "http://169.254.169.254/latest/meta-data/", "ssh://git@example.com/r.git"} {
				if _, err := learn(t, ctx, svc, &lorev1.LearnRequest{Url: u, Approve: true}); connect.CodeOf(err) != connect.CodeInvalidArgument {
					t.Errorf("learn the URL %s from the network: %v, want InvalidArgument", u, err)
				}
			}
		}
	})
}

// TestUploadsBelongToTheirCaller: another user's upload is as unknown as
// none; a name is a name, never a path.
func TestUploadsBelongToTheirCaller(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		e.AddUser("carl", access.Curator, "default")
		e.AddUser("ada", access.Admin, "other")
		ctx, svc := e.As("cora")
		id := upload(t, ctx, svc, "graphs.md", assets.Sample())
		for _, who := range []string{"carl", "ada"} {
			octx, osvc := e.As(who)
			if _, err := learn(t, octx, osvc, &lorev1.LearnRequest{UploadId: id, Approve: true}); connect.CodeOf(err) != connect.CodeNotFound {
				t.Errorf("%s learning cora's upload: %v, want NotFound", who, err)
			}
		}
		if events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: id, Approve: true}); err != nil || committed(events) == nil {
			t.Errorf("cora's own learn of it after: %v %v", err, last(events))
		}
		for _, name := range []string{"../graphs.md", "docs/graphs.md", `..\graphs.md`, "", "a.m d", "x\n.md"} {
			if _, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: name}, bytes.NewReader(assets.Sample())); connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("upload named %q: %v, want InvalidArgument", name, err)
			}
		}
	})
}

// TestUploadsExpire: an upload not learned within the hour is removed.
func TestUploadsExpire(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	apitest.EachWith(t, func(o *local.Options) { o.Now = clock }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		ctx, svc := e.As("cora")
		id := upload(t, ctx, svc, "graphs.md", assets.Sample())
		if kept, _ := os.ReadDir(e.UploadDir()); len(kept) != 1 || kept[0].Name() != id {
			t.Fatalf("kept as %v, want one folder named by its id", kept)
		}
		mu.Lock()
		now = now.Add(61 * time.Minute)
		mu.Unlock()
		if _, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: id, Approve: true}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("learning an expired upload: %v, want NotFound", err)
		}
		if kept, _ := os.ReadDir(e.UploadDir()); len(kept) != 0 {
			t.Errorf("an expired upload is still kept: %v", kept)
		}
	})
}

// TestUploadOverTheServersLimit: a document larger than the server takes
// is refused, whether its header says so or not, and nothing of it kept.
func TestUploadOverTheServersLimit(t *testing.T) {
	e := apitest.New(t, true)
	e.Server.MaxUpload = 4096
	e.AddUser("cora", access.Curator, "default")
	ctx, svc := e.As("cora")
	big := bytes.Repeat([]byte("All work and no play makes a dull graph.\n"), 1000)
	for _, size := range []int64{int64(len(big)), 0} {
		_, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: "big.md", Size: size}, bytes.NewReader(big))
		if connect.CodeOf(err) != connect.CodeResourceExhausted {
			t.Errorf("an upload over the limit (header size %d): %v, want ResourceExhausted", size, err)
		}
	}
	if kept, _ := os.ReadDir(e.UploadDir()); len(kept) != 0 {
		t.Errorf("a refused upload left %v", kept)
	}
	if id := upload(t, ctx, svc, "small.md", big[:1000]); id == "" {
		t.Error("an upload within the limit was refused")
	}
}

// TestSilentUploaderIsDropped: a client that goes silent in the middle of
// an upload is dropped once the server's idle time has passed, and what
// it sent is not kept.
func TestSilentUploaderIsDropped(t *testing.T) {
	e := apitest.New(t, true)
	e.Server.Idle = 300 * time.Millisecond
	e.AddUser("cora", access.Curator, "default")
	ctx, svc := e.As("cora")
	body, w := io.Pipe()
	go func() {
		_, _ = w.Write(bytes.Repeat([]byte("# Notes\n\nA first part.\n"), 10))
		time.Sleep(2 * time.Second) // silent, past the idle time
		_, _ = w.Write([]byte("A late part.\n"))
		_ = w.Close()
	}()
	start := time.Now()
	_, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: "slow.md"}, body)
	if connect.CodeOf(err) != connect.CodeDeadlineExceeded || !strings.Contains(err.Error(), "sent nothing for 300ms") {
		t.Fatalf("a silent uploader: %v after %s, want DeadlineExceeded naming the idle time", err, time.Since(start))
	}
	if kept, _ := os.ReadDir(e.UploadDir()); len(kept) != 0 {
		t.Errorf("a dropped upload left %v", kept)
	}
}

// TestUnlearnAndResolveRecordTheUser: a reviewer's resolution and a
// curator's unlearn are recorded under their names.
func TestUnlearnAndResolveRecordTheUser(t *testing.T) {
	first := []byte("# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	second := []byte("# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n")
	apitest.EachWith(t, func(o *local.Options) { o.Learn.Domain = "structure" }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		e.AddUser("rex", access.Reviewer, "default")
		ctx, svc := e.As("cora")
		if events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "c.md", first), Approve: true}); err != nil || committed(events) == nil {
			t.Fatalf("first learn: %v %v", err, last(events))
		}
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "d.md", second), Approve: true})
		sess := committed(events)
		if err != nil || sess == nil || sess.GetCounts()["conflicts"] != 1 {
			t.Fatalf("second learn: %v %v", err, sess)
		}
		var conflictID string
		for _, ev := range events {
			if c := ev.GetConflict(); c != nil {
				conflictID = c.GetId()
			}
		}
		if conflictID == "" {
			t.Fatalf("no conflict event: %v", events)
		}
		if _, err := svc.Resolve(ctx, &lorev1.ResolveRequest{ConflictId: conflictID, Choice: "keep-both"}); connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("a curator resolving: %v, want PermissionDenied", err)
		}
		rctx, rsvc := e.As("rex")
		if _, err := rsvc.Resolve(rctx, &lorev1.ResolveRequest{ConflictId: conflictID, Choice: "keep-both"}); err != nil {
			t.Fatalf("resolve: %v", err)
		}
		c, ok, err := e.Store("default").Conflict(conflictID)
		if err != nil || !ok || c.ResolvedBy != "rex" {
			t.Errorf("the resolution's record: %+v %v %v", c, ok, err)
		}
		if _, err := rsvc.Resolve(rctx, &lorev1.ResolveRequest{ConflictId: conflictID, Choice: "keep-both"}); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("resolving it again: %v, want InvalidArgument", err)
		}
		out, err := svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: sess.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		if u := session(t, e, "default", out.GetSessionId()); u.User != "cora" || u.Kind != core.KindUnlearn || len(out.GetRemoved()) == 0 {
			t.Errorf("the unlearn's record: %+v, answer %v", u, out)
		}
		if _, err := svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: "learn-nope"}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("unlearning an unknown session: %v, want NotFound", err)
		}
	})
}

// TestBlockedUnlearnCarriesItsExitCode: an unlearn blocked by another
// session's dependents is refused with the command line's exit code for
// it, the same in process and across the network.
func TestBlockedUnlearnCarriesItsExitCode(t *testing.T) {
	a := []byte("# Algebra\n\nDefinition: A vector space is a set of vectors closed under addition and scalar multiplication.\n")
	b := []byte("# Bases\n\nDefinition: A basis of a vector space is a linearly independent set of vectors that spans the vector space.\n")
	apitest.EachWith(t, func(o *local.Options) { o.Learn.Domain = "structure" }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		ctx, svc := e.As("cora")
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "a.md", a), Approve: true})
		first := committed(events)
		if err != nil || first == nil {
			t.Fatalf("first learn: %v %v", err, last(events))
		}
		if events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "b.md", b), Approve: true}); err != nil || committed(events) == nil {
			t.Fatalf("second learn: %v %v", err, last(events))
		}
		_, err = svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: first.GetId()})
		if code, ok := api.ExitCodeOf(err); !ok || code != exitcode.Blocked || connect.CodeOf(err) != connect.CodeFailedPrecondition {
			t.Errorf("a blocked unlearn: %v (exit code %d, %v), want FailedPrecondition carrying exit code %d", err, code, ok, exitcode.Blocked)
		}
		if _, err := svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: first.GetId(), Force: true}); err != nil {
			t.Errorf("forced: %v", err)
		}
	})
}
