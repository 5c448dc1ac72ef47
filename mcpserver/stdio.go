package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Stdio is the transport of a server on a client's standard streams that
// survives a line that is not JSON: the SDK's own ends the connection on
// one, and with it the session. Such a line is answered with JSON-RPC's
// parse error (id null, as the specification asks when the id cannot be
// read), noted on log, and dropped; the lines after it are served.
func Stdio(in io.Reader, out io.Writer, log io.Writer) mcp.Transport {
	w := &lockedWriter{w: out}
	pr, pw := io.Pipe()
	go func() {
		br := bufio.NewReaderSize(in, 64<<10)
		for n := 1; ; n++ {
			line, err := readLine(br, mcp.DefaultMaxLineLength)
			if len(bytes.TrimSpace(line)) > 0 {
				if json.Valid(line) {
					if _, werr := pw.Write(append(line, '\n')); werr != nil {
						return
					}
				} else {
					fmt.Fprintf(log, "lore: line %d of standard input is not JSON; answered with a parse error\n", n)
					_, _ = w.Write(parseError(n))
				}
			}
			if err != nil {
				_ = pw.CloseWithError(err)
				return
			}
		}
	}()
	return &mcp.IOTransport{Reader: pr, Writer: w}
}

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
// each Write is one message.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }
