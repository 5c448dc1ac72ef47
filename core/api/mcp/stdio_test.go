package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// A client that writes its requests and closes its end still gets every
// answer: the session ends after them, not at the end of the input.
func TestStdioAnswersWhatCameBeforeTheEnd(t *testing.T) {
	srv := librarian(t, "tree-check", "Check that a graph is a tree.")
	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
{"jsonrpc":"2.0","id":"third","method":"tools/call","params":{"name":"skill_search","arguments":{"query":"is it a tree","limit":3}}}
`)
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Run(ctx, Stdio(in, &out, io.Discard)); err != nil && ctx.Err() != nil {
		t.Fatalf("the session did not end with its input: %v", err)
	}
	answered := map[string]bool{}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("stdout line %q: %v", sc.Text(), err)
		}
		if m.Result != nil {
			answered[string(m.ID)] = true
		}
		if string(m.ID) == `"third"` && !strings.Contains(string(m.Result), "tree-check") {
			t.Errorf("skill_search answered without its hit: %s", m.Result)
		}
	}
	for _, id := range []string{`1`, `2`, `"third"`} {
		if !answered[id] {
			t.Errorf("request %s was not answered; stdout:\n%s", id, out.String())
		}
	}
}

// What the end of the input waits for: requests not yet answered, by id
// whatever its spelling, not cancelled ones, and nothing once the server
// asks the client a question no answer can now come to.
func TestInflightWaitsForTheAnswersOnly(t *testing.T) {
	isDrained := func(f *inflight) bool {
		select {
		case <-f.drained:
			return true
		default:
			return false
		}
	}
	f := newInflight()
	f.received([]byte(`{"jsonrpc":"2.0","id":3.0,"method":"tools/list"}`))
	f.received([]byte(`[{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]`))
	f.received([]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call"}`))
	f.received([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`))
	f.inputEnded()
	if isDrained(f) {
		t.Fatal("drained with two requests unanswered")
	}
	f.sent([]byte(`{"jsonrpc":"2.0","id":3,"result":{}}`))
	if isDrained(f) {
		t.Fatal("drained with ping unanswered")
	}
	f.sent([]byte(`{"jsonrpc":"2.0","id":"\u0061","result":{}}`))
	if !isDrained(f) {
		t.Fatal("not drained once every request not cancelled was answered")
	}

	g := newInflight()
	g.received([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`))
	g.inputEnded()
	g.sent([]byte(`{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{}}`))
	if !isDrained(g) {
		t.Fatal("still waiting after the server asked the client a question it can no longer answer")
	}
}
