package trajectory

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"slices"
)

// sniffLines and sniffBytes bound what Sniff reads: a transcript says what
// it is within its first lines, though a first line (a snapshot of files)
// can be long.
const (
	sniffLines = 64
	sniffBytes = 8 << 20
)

// codexEnvelopes are the line types of a Codex rollout file, each with a
// payload.
var codexEnvelopes = []string{"session_meta", "response_item", "event_msg", "turn_context", "compacted"}

// codexItems are the response items older Codex files write as lines of
// their own.
var codexItems = []string{"message", "function_call", "function_call_output", "custom_tool_call",
	"custom_tool_call_output", "local_shell_call", "reasoning"}

var genericRoles = []string{"user", "assistant", "tool", "system"}

// sniffLine is what Sniff reads of a line.
type sniffLine struct {
	Type    *string         `json:"type"`
	Role    *string         `json:"role"`
	Payload json.RawMessage `json:"payload"`
	Message json.RawMessage `json:"message"`
	Outcome *string         `json:"outcome"`
}

// classify judges one line: the format it proves, or "" for a line that
// proves nothing by itself (Claude Code's summaries, snapshots and queue
// bookkeeping, a stream's opening and result lines, Codex's older session
// header: a file of them is judged by the lines after), or false for a
// line no transcript has.
func classify(line []byte) (Format, bool) {
	var l sniffLine
	if json.Unmarshal(line, &l) != nil {
		return "", false
	}
	switch {
	case l.Type != nil:
		t := *l.Type
		switch {
		case slices.Contains(codexEnvelopes, t) && len(l.Payload) > 0:
			return Codex, true
		case slices.Contains(codexItems, t):
			return Codex, true
		case (t == "user" || t == "assistant") && isObject(l.Message):
			return ClaudeCode, true
		}
	case l.Role != nil && slices.Contains(genericRoles, *l.Role):
		return Generic, true
	case l.Outcome != nil:
		return Generic, true
	}
	return "", true
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '{'
}

// Sniff reports whether data, the whole of a file or its beginning, is an
// agent's transcript and in which format. Every line must be a JSON object
// (a last line cut off by the end of data is passed over), and one of the
// first lines must be a line of a known format; a JSON Lines file of other
// data is not a transcript.
func Sniff(data []byte) (Format, bool) {
	data = bytes.TrimPrefix(data, utf8BOM)
	lines := 0
	for len(data) > 0 && lines < sniffLines {
		line, rest, found := bytes.Cut(data, []byte{'\n'})
		data = rest
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if !found && !json.Valid(line) {
			// The last line, cut off where the caller stopped reading.
			break
		}
		if line[0] != '{' {
			return "", false
		}
		lines++
		f, ok := classify(line)
		if !ok {
			return "", false
		}
		if f != "" {
			return f, true
		}
	}
	return "", false
}

// SniffFile reports whether the file at path is an agent's transcript, and
// in which format, reading at most its first lines. A file that cannot be
// read is not one (the caller's own reading reports why).
func SniffFile(path string) (Format, bool) {
	// Only a regular file: opening a named pipe blocks until a writer
	// comes, and a device never ends.
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	r := bufio.NewReader(io.LimitReader(f, sniffBytes))
	if bom, err := r.Peek(3); err == nil && bytes.Equal(bom, utf8BOM) {
		_, _ = r.Discard(3)
	}
	// A transcript starts with a JSON object: anything else is decided on
	// its first bytes, without reading a long line of it.
	for {
		b, err := r.Peek(1)
		if err != nil {
			return "", false
		}
		if c := b[0]; c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			_, _ = r.Discard(1)
			continue
		}
		if b[0] != '{' {
			return "", false
		}
		break
	}
	for lines := 0; lines < sniffLines; {
		line, err := r.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", false
		}
		eof := err != nil
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0:
		case eof && !json.Valid(line):
			// Cut off by the read limit, or a line still being written.
			return "", false
		case line[0] != '{':
			return "", false
		default:
			lines++
			f, ok := classify(line)
			if !ok {
				return "", false
			}
			if f != "" {
				return f, true
			}
		}
		if eof {
			return "", false
		}
	}
	return "", false
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}
