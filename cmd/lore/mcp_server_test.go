package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	auth "github.com/lore-kb/lore/core/access"
	apiclient "github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
	loremcp "github.com/lore-kb/lore/core/api/mcp"
)

// TestMCPOnATeamServer: lore mcp --server, with an agent's token, against
// a real lore serve --listen: the agent searches, reads and activates the
// skill a person allowed it (its client cannot be asked), is refused the
// others, and proposes a draft of its own attributed to it, which the
// workspace does not see and which it may not promote.
func TestMCPOnATeamServer(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	run := func(args ...string) string {
		t.Helper()
		r := lore(t, nil, append([]string{"--data-dir", data}, args...)...)
		if r.code != 0 {
			t.Fatalf("lore %s: exit %d %s", strings.Join(args, " "), r.code, r.stderr)
		}
		return r.stdout
	}
	run("skills", "import", "--trust", skillTree(t, map[string]string{
		"pdf-tables": mcpSkills["pdf-tables"],
		"csv-clean":  mcpSkills["csv-clean"],
	}))
	run("skills", "allow", "pdf-tables", "--consumer", "claude-code")
	token := func(name, role string) string {
		var u struct {
			Token string `json:"token"`
		}
		if err := json.Unmarshal([]byte(run("users", "add", name, "--role", role, "--json")), &u); err != nil || u.Token == "" {
			t.Fatalf("users add %s: %v", name, err)
		}
		return u.Token
	}
	agentToken, readerToken := token("claude", "agent"), token("rita", "reader")

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	home := t.TempDir()
	srv := exec.Command(loreBin, "--data-dir", data, "serve", "--listen", addr)
	srv.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_DATA_HOME=" + filepath.Join(home, "data")}
	srv.Stderr = testLog{t}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = srv.Process.Signal(syscall.SIGTERM)
		_ = srv.Wait()
	})
	var pin string
	deadline := time.Now().Add(10 * time.Second)
	for pin == "" && time.Now().Before(deadline) {
		if cert, err := tls.LoadX509KeyPair(filepath.Join(data, auth.CertFile), filepath.Join(data, auth.KeyFile)); err == nil {
			pin = auth.Fingerprint(cert.Certificate[0])
		}
		time.Sleep(50 * time.Millisecond)
	}
	conf, err := auth.ClientTLS("127.0.0.1", pin, "")
	if err != nil {
		t.Fatal(err)
	}
	api := func(token string) *apiclient.Client {
		c, err := apiclient.New(addr, token, conf)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ctx := context.Background()
	for _, err := api(agentToken).WhoAmI(ctx, &lorev1.WhoAmIRequest{}); err != nil; _, err = api(agentToken).WhoAmI(ctx, &lorev1.WhoAmIRequest{}) {
		if time.Now().After(deadline) {
			t.Fatalf("the team server never answered: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// The agent's client, which cannot ask its user anything, starts
	// lore mcp on the team server with the agent's token.
	mcpHome := t.TempDir()
	cmd := exec.Command(loreBin, "mcp", "--server", addr)
	cmd.Env = []string{"HOME=" + mcpHome, "XDG_CONFIG_HOME=" + filepath.Join(mcpHome, "config"), "XDG_DATA_HOME=" + filepath.Join(mcpHome, "data"),
		"PATH=" + os.Getenv("PATH"), "LORE_TOKEN=" + agentToken, "LORE_SERVER_FINGERPRINT=" + pin}
	cmd.Stderr = testLog{t}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "claude-code", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })

	var found loremcp.SearchOut
	mustCall(t, cs, "skill_search", map[string]any{"query": "extract tables from a pdf"}, &found)
	if len(found.Results) == 0 || found.Results[0].Key != "public.pdf-tables" {
		t.Fatalf("search on the team server: %+v", found)
	}
	var act loremcp.ActivateOut
	res := mustCall(t, cs, "skill_activate", map[string]any{"name": "pdf-tables"}, &act)
	if !act.Activated || !strings.Contains(resultText(res), "pdftotext -layout") || act.Location != "" {
		t.Fatalf("activating the allowed skill: %s %+v", resultText(res), act)
	}
	res = call(t, cs, "skill_activate", map[string]any{"name": "csv-clean"}, &act)
	if !res.IsError || act.Activated || strings.Contains(resultText(res), "Trim blanks") || !strings.Contains(act.Refusal, "lore skills allow public.csv-clean --consumer claude-code") {
		t.Fatalf("activating a skill nobody allowed: %s %+v", resultText(res), act)
	}
	var got loremcp.GetOut
	mustCall(t, cs, "skill_get", map[string]any{"names": []string{"pdf-tables", "csv-clean"}}, &got)
	if len(got.Included) != 1 || got.Included[0] != "public.pdf-tables" || len(got.Unavailable) != 1 || got.Unavailable[0].Name != "public.csv-clean" {
		t.Fatalf("skill_get on the team server: %+v", got)
	}

	var prop loremcp.ProposeOut
	mustCall(t, cs, "skill_propose", map[string]any{"name": "rotate-logs", "description": "Rotate the nginx logs of a busy host",
		"instructions": "1. Run logrotate -f /etc/logrotate.d/nginx"}, &prop)
	if prop.Status != "draft" || prop.Visibility != "user" {
		t.Fatalf("proposal: %+v", prop)
	}
	// Through the API: the draft is the agent's, attributed to it, unseen
	// by the workspace's reader; the agent may not promote it.
	rec, err := api(agentToken).GetSkill(ctx, &lorev1.GetSkillRequest{Name: prop.Key})
	if err != nil {
		t.Fatal(err)
	}
	if s := rec.GetSkill(); s.GetStatus() != "draft" || s.GetOwner() != "claude" || s.GetCreatedBy() != "claude" || s.GetAgent() != "claude" || s.GetSession() == "" {
		t.Fatalf("the proposal as stored: %v", s)
	}
	if _, err := api(readerToken).GetSkill(ctx, &lorev1.GetSkillRequest{Name: prop.Key}); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("the reader reads the agent's draft: %v", err)
	}
	_, err = api(agentToken).PromoteSkill(ctx, &lorev1.PromoteSkillRequest{Name: prop.Key})
	if connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("the agent promoting its proposal: %v, want PermissionDenied", err)
	}
}
