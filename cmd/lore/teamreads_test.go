package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
)

// readCall is one read of the API, its answer as text: the message
// (protojson), or the error's code and message.
type readCall struct {
	name string
	call func(ctx context.Context, svc api.Service) string
}

// answer is a call's answer as text, to compare with another's.
func answer(m proto.Message, err error) string {
	if err != nil {
		return "error " + connect.CodeOf(err).String() + ": " + err.Error()
	}
	b, merr := protojson.MarshalOptions{Multiline: false}.Marshal(m)
	if merr != nil {
		return "unmarshalable: " + merr.Error()
	}
	// protojson varies its spacing from run to run; the content is what
	// is compared.
	var v any
	_ = json.Unmarshal(b, &v)
	out, _ := json.Marshal(v)
	return string(out)
}

// teamReads are the read calls of the API, each with a request that
// finds something in the seeded workspace (sid: a session, id: a
// primitive).
func teamReads(sid, id string) []readCall {
	skillsList := func(status, consumer string) readCall {
		return readCall{"ListSkills(" + status + "," + consumer + ")", func(ctx context.Context, svc api.Service) string {
			return answer(svc.ListSkills(ctx, &lorev1.ListSkillsRequest{Status: status, Consumer: consumer}))
		}}
	}
	return []readCall{
		{"WhoAmI", func(ctx context.Context, svc api.Service) string {
			return answer(svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{}))
		}},
		{"Find", func(ctx context.Context, svc api.Service) string {
			return answer(svc.Find(ctx, &lorev1.FindRequest{Query: "markdown parser"}))
		}},
		{"Show", func(ctx context.Context, svc api.Service) string {
			return answer(svc.Show(ctx, &lorev1.ShowRequest{Id: id}))
		}},
		{"Rank", func(ctx context.Context, svc api.Service) string { return answer(svc.Rank(ctx, &lorev1.RankRequest{})) }},
		{"Graph", func(ctx context.Context, svc api.Service) string {
			return answer(svc.Graph(ctx, &lorev1.GraphRequest{}))
		}},
		{"Sessions", func(ctx context.Context, svc api.Service) string {
			return answer(svc.Sessions(ctx, &lorev1.SessionsRequest{}))
		}},
		{"Report", func(ctx context.Context, svc api.Service) string {
			return answer(svc.Report(ctx, &lorev1.ReportRequest{SessionId: sid}))
		}},
		{"Conflicts", func(ctx context.Context, svc api.Service) string {
			return answer(svc.Conflicts(ctx, &lorev1.ConflictsRequest{}))
		}},
		{"Watch", func(ctx context.Context, svc api.Service) string {
			// A watch lasts until its caller stops it; what it sends at
			// once (the questions waiting: none) is its answer.
			ctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			n := 0
			err := svc.Watch(ctx, &lorev1.WatchRequest{}, func(*lorev1.LearnEvent) error { n++; return nil })
			if c := connect.CodeOf(err); err != nil && c != connect.CodeDeadlineExceeded && c != connect.CodeCanceled {
				return answer(nil, err)
			}
			return fmt.Sprintf("%d events", n)
		}},
		{"SearchSkills", func(ctx context.Context, svc api.Service) string {
			res, err := svc.SearchSkills(ctx, &lorev1.SearchSkillsRequest{Query: "csv files"})
			// The scores decay with the clock; the hits and their order
			// are the answer.
			for _, h := range res.GetHits() {
				h.Score, h.Decay, h.Relevance, h.Feedback = 0, 0, 0, 0
			}
			return answer(res, err)
		}},
		skillsList("", ""),
		skillsList("all", ""),
		skillsList("draft", ""),
		skillsList("active", ""),
		skillsList("all", "claude-code"),
		{"GetSkill", func(ctx context.Context, svc api.Service) string {
			res, err := svc.GetSkill(ctx, &lorev1.GetSkillRequest{Name: "csv-clean"})
			// A person's read has the skill's decay, which moves with
			// the clock.
			if d := res.GetSkill().GetDetail(); d != nil {
				d.Decay = 0
			}
			return answer(res, err)
		}},
		{"ActivateSkill", func(ctx context.Context, svc api.Service) string {
			return answer(svc.ActivateSkill(ctx, &lorev1.ActivateSkillRequest{Name: "pdf-tables", Consumer: "claude-code"}))
		}},
		{"ExportSkills", func(ctx context.Context, svc api.Service) string {
			res, err := svc.ExportSkills(ctx, &lorev1.ExportSkillsRequest{})
			if err != nil {
				return answer(nil, err)
			}
			// The zip's entries, not its bytes (which carry times).
			zr, err := zip.NewReader(bytes.NewReader(res.GetZip()), int64(len(res.GetZip())))
			if err != nil {
				return "not a zip: " + err.Error()
			}
			var names []string
			for _, f := range zr.File {
				names = append(names, f.Name)
			}
			slices.Sort(names)
			return "zip " + strings.Join(names, " ")
		}},
		{"Queue", func(ctx context.Context, svc api.Service) string {
			return answer(svc.Queue(ctx, &lorev1.QueueRequest{}))
		}},
	}
}

// TestEveryReadAfterEveryReadOnATeamServer: on a team server (lore serve
// --listen in this process, its held store and its cache of the skill
// library), each read call, by a reader, an agent or a reviewer, is made
// first on a server of its own, and then every read call by each of them:
// every answer is the one that call gives first on a server of its own,
// complete — no read disturbs what another reads (a reader's ListSkills
// of every status once filtered the shared library in place, and every
// skill call after it failed) — and the server's log records no
// internal error.
func TestEveryReadAfterEveryReadOnATeamServer(t *testing.T) {
	seed := filepath.Join(t.TempDir(), "data")
	run := func(args ...string) string {
		t.Helper()
		r := lore(t, nil, append([]string{"--data-dir", seed}, args...)...)
		if r.code != 0 {
			t.Fatalf("lore %s: exit %d %s", strings.Join(args, " "), r.code, r.stderr)
		}
		return r.stdout
	}
	run("learn", corpus(t, "apiref_goldmark_README.md"), "--approve", "--json")
	run("skills", "import", "--trust", skillTree(t, map[string]string{
		"pdf-tables": mcpSkills["pdf-tables"], "csv-clean": mcpSkills["csv-clean"], "report-csv": mcpSkills["report-csv"],
	}))
	run("skills", "allow", "pdf-tables", "--consumer", "claude-code")
	tokens := map[string]string{}
	for name, role := range map[string]string{"rita": "reader", "claude": "agent", "rui": "reviewer", "cora": "curator"} {
		tokens[name] = addUser(t, seed, name, role)
	}
	callers := []string{"rita", "claude", "rui"}

	// Each user's own skills, which the others do not see: an agent's
	// proposal and a curator's.
	var sid, id string
	func() {
		s := serveInProcess(t, seed, tokens["rui"], nil)
		defer s.stop()
		ctx := context.Background()
		for _, p := range []struct{ who, name string }{{"claude", "rotate-logs"}, {"cora", "cora-notes"}} {
			if _, err := s.client(t, tokens[p.who]).ProposeSkill(ctx, &lorev1.ProposeSkillRequest{Name: p.name,
				Description: "Notes of " + p.who + " on rotating logs", Instructions: "1. Run logrotate."}); err != nil {
				t.Fatalf("%s proposes %s: %v", p.who, p.name, err)
			}
		}
		rui := s.client(t, tokens["rui"])
		ss, err := rui.Sessions(ctx, &lorev1.SessionsRequest{})
		if err != nil || len(ss.GetSessions()) == 0 {
			t.Fatalf("sessions: %v %v", ss, err)
		}
		sid = ss.GetSessions()[0].GetId()
		found, err := rui.Find(ctx, &lorev1.FindRequest{Query: "markdown parser"})
		if err != nil || len(found.GetHits()) == 0 {
			t.Fatalf("find: %v %v", found, err)
		}
		id = found.GetHits()[0].GetPrimitive().GetId()
	}()

	reads := teamReads(sid, id)
	type key struct{ call, caller string }
	first := map[key]string{}
	// after[k] are the answers to k after another call came first, with
	// the call that did.
	type later struct{ after, got string }
	after := map[key][]later{}
	for _, rc := range reads {
		for _, who := range callers {
			t.Run(rc.name+"-by-"+who, func(t *testing.T) {
				s := serveInProcess(t, copyData(t, seed), tokens[who], nil)
				ctx := context.Background()
				got := rc.call(ctx, s.client(t, tokens[who]))
				if strings.Contains(got, "permission_denied") {
					// Not this user's call: it reaches nothing to disturb.
					return
				}
				first[key{rc.name, who}] = got
				for _, next := range reads {
					for _, by := range callers {
						k := key{next.name, by}
						after[k] = append(after[k], later{rc.name + " by " + who, next.call(ctx, s.client(t, tokens[by]))})
					}
				}
				s.stop()
				if log := s.log.String(); strings.Contains(log, "internal error") || strings.Contains(log, "panic") {
					t.Errorf("the server's log records an internal error:\n%s", log)
				}
			})
		}
	}
	wrong := 0
	for k, answers := range after {
		want, ok := first[k]
		for _, a := range answers {
			bad := !ok && !strings.Contains(a.got, "permission_denied") || ok && a.got != want
			if !bad {
				continue
			}
			if wrong++; wrong > 12 {
				continue
			}
			if !ok {
				t.Errorf("%s by %s after %s: %s; want it refused, as it is refused first", k.call, k.caller, a.after, a.got)
			} else {
				t.Errorf("%s by %s after %s:\n got %.600s\nwant %.600s (its answer first on a server of its own)", k.call, k.caller, a.after, a.got, want)
			}
		}
	}
	if wrong > 12 {
		t.Errorf("… %d answers in all differ from the call's first answer", wrong)
	}
}

// brokenSkills is a real service whose ListSkills has a bug: it panics.
type brokenSkills struct{ api.Service }

func (brokenSkills) ListSkills(context.Context, *lorev1.ListSkillsRequest) (*lorev1.ListSkillsResponse, error) {
	var s []*lorev1.Skill
	_ = s[3] // out of range: the bug
	return nil, nil
}

// TestServerPanicExitsInternal: a command whose call panics in the team
// server's handler exits 70 (internal error, a bug in lore) with a
// sentence saying so, and the server's log has the panic.
func TestServerPanicExitsInternal(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("rita", auth.Reader, auth.DefaultWorkspace)
	cert, pin, err := auth.ServerCert(t.TempDir(), "", "", []string{"127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	users := e.Store(auth.DefaultWorkspace)
	var log syncBuffer
	path, h := server.Handler(brokenSkills{e.Svc}, func(_ context.Context, token string) (auth.User, error) {
		return auth.Authenticate(users, token, time.Now().UTC())
	}, server.Options{Log: &log})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = server.Serve(ctx, ln, path, h, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
	}()
	t.Cleanup(func() { cancel(); <-done })
	env := []string{"LORE_SERVER=" + ln.Addr().String(), "LORE_TOKEN=" + token, "LORE_SERVER_FINGERPRINT=" + pin}

	r := lore(t, env, "skills", "list", "--status", "all")
	if r.code != ExitInternal || !strings.Contains(r.stderr, "internal error in the server's ListSkills") {
		t.Fatalf("lore skills list on a server whose ListSkills panics: exit %d, want %d\n%s", r.code, ExitInternal, r.stderr)
	}
	if !strings.Contains(log.String(), "ListSkills (rita, reader, default) panicked: runtime error: index out of range") {
		t.Errorf("the server's log does not have the panic:\n%s", log.String())
	}
	// The server still answers.
	if r := lore(t, env, "whoami"); r.code != 0 {
		t.Fatalf("lore whoami after the panic: exit %d %s", r.code, r.stderr)
	}
}
