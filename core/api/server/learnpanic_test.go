package server_test

import (
	"bytes"
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestLearnPanicIsAnInternalError: a panic in a learn's run, which runs
// on a goroutine of its own and not the handler's, reaches the client as
// the internal error a handler's panic is, is logged with the panic and
// the stack it happened at, and leaves the server serving: the next call
// and the next learn succeed. It used to end the server's process.
func TestLearnPanicIsAnInternalError(t *testing.T) {
	var broken atomic.Bool
	e := apitest.NewWith(t, false, func(o *local.Options) {
		open := o.Open
		o.Open = func(ctx context.Context, ws string, write bool) (local.Store, func() error, error) {
			if write && broken.Load() {
				panic("store went wrong")
			}
			return open(ctx, ws, write)
		}
	})
	cura := e.AddUser("cura", access.Curator, access.DefaultWorkspace)
	var log logBuffer
	addr, conf := serve(t, e, e.Svc, server.Options{Log: &log})
	c, err := client.New(addr, cura, conf)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	learn := func(title string) error {
		b := doc(title)
		up, err := c.Upload(ctx, &lorev1.UploadHeader{Name: strings.ToLower(title) + ".md", Size: int64(len(b))}, bytes.NewReader(b))
		if err != nil {
			t.Fatalf("upload %s: %v", title, err)
		}
		return c.Learn(ctx, &lorev1.LearnRequest{UploadId: up.GetUploadId(), Approve: true, Unattended: true}, func(*lorev1.LearnEvent) error { return nil })
	}

	broken.Store(true)
	err = learn("Widget")
	if connect.CodeOf(err) != connect.CodeInternal || !strings.Contains(err.Error(), "internal error in the server's Learn") {
		t.Fatalf("learn whose run panics: %v (%s), want an internal error naming Learn", err, connect.CodeOf(err))
	}
	if strings.Contains(err.Error(), "store went wrong") {
		t.Errorf("the client hears the panic's words: %v", err)
	}
	l := log.String()
	for _, want := range []string{"lore: internal error: Learn (cura, curator, default) panicked: store went wrong", "the learn's run panicked at:", "engine.Learn"} {
		if !strings.Contains(l, want) {
			t.Errorf("the log lacks %q:\n%s", want, l)
		}
	}

	broken.Store(false)
	if _, err := c.ListSkills(ctx, &lorev1.ListSkillsRequest{Status: "all"}); err != nil {
		t.Fatalf("a call after the panic: %v", err)
	}
	if err := learn("Gadget"); err != nil {
		t.Fatalf("a learn after the panic: %v", err)
	}
}
