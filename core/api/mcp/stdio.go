package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Stdio is the transport of a server on a client's standard streams that
// survives a line that is not JSON: the SDK's own ends the connection on
// one, and with it the session. Such a line is answered with JSON-RPC's
// parse error (id null, as the specification asks when the id cannot be
// read), noted on log, and dropped; the lines after it are served.
//
// The end of the input ends the session once the requests read before it
// are answered (the SDK's transport ends it at once, dropping them), so a
// script that pipes its requests to lore mcp and closes its end gets every
// answer.
func Stdio(in io.Reader, out io.Writer, log io.Writer) sdk.Transport {
	f := newInflight()
	w := &lockedWriter{w: out, f: f}
	pr, pw := io.Pipe()
	go func() {
		br := bufio.NewReaderSize(in, 64<<10)
		for n := 1; ; n++ {
			line, err := readLine(br, sdk.DefaultMaxLineLength)
			if len(bytes.TrimSpace(line)) > 0 {
				if json.Valid(line) {
					f.received(line)
					if _, werr := pw.Write(append(line, '\n')); werr != nil {
						return
					}
				} else {
					fmt.Fprintf(log, "lore: line %d of standard input is not JSON; answered with a parse error\n", n)
					_, _ = w.Write(parseError(n))
				}
			}
			if err != nil {
				f.inputEnded()
				<-f.drained
				_ = pw.CloseWithError(err)
				return
			}
		}
	}()
	return &sdk.IOTransport{Reader: pr, Writer: w}
}

// inflight keeps the ids of the client's requests the server has not
// answered yet. drained is closed when the input has ended and none is
// left, when the server asks the client something after the input ended
// (no answer can come, so the requests waiting for one never end), or
// when the connection closes.
type inflight struct {
	mu      sync.Mutex
	pending map[string]bool
	ended   bool
	drained chan struct{}
	once    sync.Once
}

func newInflight() *inflight {
	return &inflight{pending: map[string]bool{}, drained: make(chan struct{})}
}

// message is what inflight reads of a JSON-RPC message.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		RequestID json.RawMessage `json:"requestId"`
	} `json:"params"`
}

// messages decodes a line holding one message or a batch of them.
func messages(line []byte) []message {
	var ms []message
	if t := bytes.TrimSpace(line); len(t) > 0 && t[0] == '[' {
		_ = json.Unmarshal(t, &ms)
		return ms
	}
	var m message
	if json.Unmarshal(line, &m) == nil {
		ms = append(ms, m)
	}
	return ms
}

// received notes the requests of a line from the client. A cancelled
// request gets no answer, so it is no longer waited for.
func (f *inflight) received(line []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, m := range messages(line) {
		switch {
		case m.Method == "notifications/cancelled" && len(m.Params.RequestID) > 0:
			delete(f.pending, idKey(m.Params.RequestID))
		case m.Method != "" && len(m.ID) > 0 && string(m.ID) != "null":
			f.pending[idKey(m.ID)] = true
		}
	}
}

// sent notes a line the server wrote: an answer, or a request of its own.
func (f *inflight) sent(line []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, m := range messages(line) {
		if m.Method != "" {
			if len(m.ID) > 0 && f.ended {
				f.done()
			}
			continue
		}
		delete(f.pending, idKey(m.ID))
	}
	if f.ended && len(f.pending) == 0 {
		f.done()
	}
}

// idKey is a request id as the server echoes it, whatever its spelling
// by the client (3 and 3.0, "a" and "\u0061").
func idKey(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	switch v := v.(type) {
	case string:
		return "s" + v
	case float64:
		return "n" + strconv.FormatFloat(v, 'g', -1, 64)
	}
	return string(raw)
}

func (f *inflight) inputEnded() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ended = true
	if len(f.pending) == 0 {
		f.done()
	}
}

func (f *inflight) done() { f.once.Do(func() { close(f.drained) }) }

// readLine reads one line without its newline. A line longer than most
// is read to its end and returned cut, which makes it invalid JSON.
func readLine(br *bufio.Reader, most int) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		if len(line) < most {
			line = append(line, part[:min(len(part), most-len(line))]...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), err
	}
}

func parseError(line int) []byte {
	b, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": -32700, "message": fmt.Sprintf("parse error: line %d is not a JSON-RPC message", line)},
	})
	return append(b, '\n')
}

// lockedWriter keeps the SDK's messages and the parse errors whole lines:
// each Write is one message. It tells f what the server wrote.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
	f  *inflight
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	n, err := l.w.Write(p)
	l.mu.Unlock()
	l.f.sent(p)
	return n, err
}

// Close is the connection's end: nothing is waited for after it.
func (l *lockedWriter) Close() error {
	l.f.done()
	return nil
}
