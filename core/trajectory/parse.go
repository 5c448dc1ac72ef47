package trajectory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lore-kb/lore/internal/lazyre"
)

// ErrNotTranscript is returned by Parse for data that is not an agent's
// transcript (see Sniff).
var ErrNotTranscript = errors.New("not an agent transcript: no line of Claude Code's, Codex's or lore's generic run format (docs/trajectories.md)")

// SyntaxError is a line of a transcript that is not what its format
// allows.
type SyntaxError struct {
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Parse reads a transcript. Its format is recognised by content (Sniff);
// data that is not one is ErrNotTranscript. A line that is not a JSON
// object is a *SyntaxError, except a last line without its newline, cut off
// while the agent was writing it, which is passed over with a warning.
// Lines of types a format has but lore does not use (token counts,
// reasoning, snapshots) are skipped; so are the lines of a subagent.
func Parse(data []byte) (*Run, error) {
	f, ok := Sniff(data)
	if !ok {
		return nil, ErrNotTranscript
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	p := &parser{run: &Run{Format: f}, byID: map[string]int{}}
	n := 0
	for len(data) > 0 {
		line, rest, found := bytes.Cut(data, []byte{'\n'})
		data = rest
		n++
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		// A line is checked whole only when it may be cut off: every
		// other line is decoded by its format, which says what is wrong.
		if line[0] != '{' || !found && !json.Valid(line) {
			if !found {
				p.run.Warnings = append(p.run.Warnings, fmt.Sprintf("line %d is cut off (the agent was still writing it?); passed over", n))
				break
			}
			return nil, &SyntaxError{Line: n, Msg: "not a JSON object"}
		}
		p.run.Lines++
		var err error
		switch f {
		case ClaudeCode:
			err = p.claude(n, line)
		case Codex:
			err = p.codex(n, line)
		default:
			err = p.generic(n, line)
		}
		if err != nil {
			return nil, err
		}
	}
	p.finish()
	return p.run, nil
}

type parser struct {
	run  *Run
	byID map[string]int
	// interrupted: the last thing in a Claude Code transcript so far is
	// the user interrupting the agent.
	interrupted bool
	// titled and aiTitled: the run's title came from the person, or from
	// the client's generated title, which later summaries do not replace.
	titled, aiTitled bool
}

// call adds a tool call.
func (p *parser) call(c Call) {
	if c.ID != "" {
		p.byID[c.ID] = len(p.run.Calls)
	}
	p.run.Calls = append(p.run.Calls, c)
}

// answer records the result of the call with the given id, if known.
func (p *parser) answer(id, output string, failed bool) {
	i, ok := p.byID[id]
	if !ok {
		return
	}
	c := &p.run.Calls[i]
	c.Answered, c.Output, c.Failed = true, output, failed
}

func (p *parser) task(text string) {
	if p.run.Task == "" && isRequest(text) {
		p.run.Task = strings.TrimSpace(text)
	}
}

func (p *parser) started(ts string) {
	if ts == "" || !p.run.Started.IsZero() {
		return
	}
	if t, err := time.Parse(time.RFC3339Nano, ts); err == nil {
		p.run.Started = t.UTC()
	}
}

func (p *parser) finish() {
	if p.interrupted && p.run.Status == "" {
		p.run.Status, p.run.StatusFailed = "interrupted by the user", true
	}
}

// isRequest tells a person's request from what agents put in the user's
// turn themselves: environment and instruction blocks (a text that is one
// tagged element), slash-command records, caveats and interruption notes.
func isRequest(text string) bool {
	t := strings.TrimSpace(text)
	switch {
	case t == "":
		return false
	case strings.HasPrefix(t, "<") && strings.HasSuffix(t, ">"):
		return false
	case strings.HasPrefix(t, "<command-"), strings.HasPrefix(t, "<local-command"), strings.HasPrefix(t, "Caveat:"),
		strings.HasPrefix(t, "[Request interrupted"), strings.HasPrefix(t, "# AGENTS.md"), strings.HasPrefix(t, "<user_instructions>"),
		strings.HasPrefix(t, "<environment_context>"), strings.HasPrefix(t, "<system-reminder>"):
		return false
	}
	return true
}

func isInterruption(text string) bool {
	return strings.HasPrefix(strings.TrimSpace(text), "[Request interrupted")
}

// decode unmarshals a JSON value keeping numbers as written.
func decode(raw json.RawMessage) any {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	return v
}

// textOf is the text of a message content: a string, an array of blocks
// with text, or an object with text or content.
func textOf(raw json.RawMessage) string {
	switch v := decode(raw).(type) {
	case string:
		return v
	case []any:
		var parts []string
		for _, b := range v {
			switch b := b.(type) {
			case string:
				parts = append(parts, b)
			case map[string]any:
				if s, ok := b["text"].(string); ok {
					parts = append(parts, s)
				} else if s, ok := b["content"].(string); ok {
					parts = append(parts, s)
				}
			}
		}
		return strings.Join(parts, "\n")
	case map[string]any:
		for _, k := range []string{"text", "content", "output"} {
			if s, ok := v[k].(string); ok {
				return s
			}
		}
	}
	return ""
}

// --- Claude Code ---

type claudeLine struct {
	Type        string          `json:"type"`
	Subtype     string          `json:"subtype"`
	Summary     string          `json:"summary"`
	AITitle     string          `json:"aiTitle"`
	CustomTitle string          `json:"customTitle"`
	IsSidechain bool            `json:"isSidechain"`
	IsMeta      bool            `json:"isMeta"`
	IsError     bool            `json:"is_error"`
	CWD         string          `json:"cwd"`
	Timestamp   string          `json:"timestamp"`
	Message     json.RawMessage `json:"message"`
}

type claudeMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type claudeBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

func (p *parser) claude(n int, line []byte) error {
	var l claudeLine
	if err := json.Unmarshal(line, &l); err != nil {
		return &SyntaxError{Line: n, Msg: "not a Claude Code line: " + err.Error()}
	}
	if p.run.CWD == "" {
		p.run.CWD = l.CWD
	}
	p.started(l.Timestamp)
	if l.IsSidechain {
		return nil
	}
	// The session's title: one the person gave it, else the client's
	// generated title, else its latest summary (the client rewrites it as
	// the session goes; "Conversation compacted" marks a compaction, not
	// a subject).
	switch t := strings.TrimSpace(l.CustomTitle); {
	case t != "":
		p.titled, p.run.Title = true, t
	case p.titled:
	case l.Type == "ai-title" && strings.TrimSpace(l.AITitle) != "":
		p.run.Title = strings.TrimSpace(l.AITitle)
		p.aiTitled = true
	case l.Type == "summary" && !p.aiTitled && !strings.EqualFold(strings.TrimSpace(l.Summary), "conversation compacted"):
		if t := strings.TrimSpace(l.Summary); t != "" {
			p.run.Title = t
		}
	}
	switch l.Type {
	case "summary", "ai-title":
		return nil
	case "result":
		// The stream-json output's last line: the run's own verdict.
		if l.IsError || strings.HasPrefix(l.Subtype, "error") {
			p.run.Status, p.run.StatusFailed = "ended with "+orDefault(l.Subtype, "an error"), true
		} else if l.Subtype == "success" {
			p.run.Status, p.run.StatusFailed = "success", false
		}
		return nil
	case "user", "assistant":
	default:
		return nil
	}
	var m claudeMessage
	if len(l.Message) == 0 || json.Unmarshal(l.Message, &m) != nil {
		return &SyntaxError{Line: n, Msg: "a " + l.Type + " line without a message object"}
	}
	var blocks []claudeBlock
	if s, ok := decode(m.Content).(string); ok {
		blocks = []claudeBlock{{Type: "text", Text: s}}
	} else if len(m.Content) > 0 && json.Unmarshal(m.Content, &blocks) != nil {
		return &SyntaxError{Line: n, Msg: "message content is neither text nor an array of blocks"}
	}
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if l.Type == "user" {
				if isInterruption(b.Text) {
					p.interrupted = true
					continue
				}
				if !l.IsMeta {
					p.task(b.Text)
				}
			}
			if strings.TrimSpace(b.Text) != "" {
				p.interrupted = false
			}
		case "tool_use":
			p.interrupted = false
			p.call(Call{ID: b.ID, Tool: b.Name, Input: decode(b.Input), Line: n})
		case "tool_result":
			out := textOf(b.Content)
			if isInterruption(out) {
				p.interrupted = true
			}
			p.answer(b.ToolUseID, out, b.IsError)
		}
	}
	return nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// --- Codex ---

type codexLine struct {
	Type      string          `json:"type"`
	Timestamp string          `json:"timestamp"`
	Payload   json.RawMessage `json:"payload"`
}

type codexItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Name      string          `json:"name"`
	CallID    string          `json:"call_id"`
	ID        string          `json:"id"`
	Content   json.RawMessage `json:"content"`
	Arguments json.RawMessage `json:"arguments"`
	Input     json.RawMessage `json:"input"`
	Output    json.RawMessage `json:"output"`
	Action    json.RawMessage `json:"action"`
	// event_msg and session_meta fields
	Message  string `json:"message"`
	ExitCode *int   `json:"exit_code"`
	Success  *bool  `json:"success"`
	Reason   string `json:"reason"`
	CWD      string `json:"cwd"`
}

func (p *parser) codex(n int, line []byte) error {
	var l codexLine
	if err := json.Unmarshal(line, &l); err != nil {
		return &SyntaxError{Line: n, Msg: "not a Codex line: " + err.Error()}
	}
	p.started(l.Timestamp)
	switch {
	case slices.Contains(codexEnvelopes, l.Type):
		var it codexItem
		if len(l.Payload) > 0 && json.Unmarshal(l.Payload, &it) != nil {
			return &SyntaxError{Line: n, Msg: "a " + l.Type + " line whose payload is not an object"}
		}
		switch l.Type {
		case "session_meta", "turn_context":
			if p.run.CWD == "" {
				p.run.CWD = it.CWD
			}
		case "response_item":
			p.codexItem(n, it)
		case "event_msg":
			p.codexEvent(it)
		}
	case slices.Contains(codexItems, l.Type):
		// An older file: the response item is the line.
		var it codexItem
		if err := json.Unmarshal(line, &it); err != nil {
			return &SyntaxError{Line: n, Msg: "not a Codex response item: " + err.Error()}
		}
		p.codexItem(n, it)
	}
	return nil
}

func (p *parser) codexItem(n int, it codexItem) {
	id := it.CallID
	if id == "" {
		id = it.ID
	}
	switch it.Type {
	case "message":
		if it.Role == "user" {
			p.task(textOf(it.Content))
		}
	case "function_call":
		args := decode(it.Arguments)
		if s, ok := args.(string); ok {
			// Arguments are a JSON object encoded as a string.
			if v := decode(json.RawMessage(s)); v != nil {
				args = v
			}
		}
		p.call(Call{ID: id, Tool: it.Name, Input: args, Line: n})
	case "custom_tool_call":
		p.call(Call{ID: id, Tool: it.Name, Input: decode(it.Input), Line: n})
	case "local_shell_call":
		var a struct {
			Command []string `json:"command"`
		}
		_ = json.Unmarshal(it.Action, &a)
		p.call(Call{ID: id, Tool: "local_shell", Input: map[string]any{"command": shellWords(a.Command)}, Line: n})
	case "function_call_output", "custom_tool_call_output":
		out, failed := codexOutput(it.Output)
		p.answer(id, out, failed)
	}
}

func (p *parser) codexEvent(it codexItem) {
	switch it.Type {
	case "user_message":
		p.task(it.Message)
		p.run.Status, p.run.StatusFailed = "", false
	case "turn_aborted":
		p.run.Status, p.run.StatusFailed = "interrupted ("+orDefault(it.Reason, "aborted")+")", true
	case "error":
		p.run.Status, p.run.StatusFailed = "error: "+clip(oneLine(it.Message), 200), true
	case "task_complete":
		if p.run.StatusFailed {
			p.run.Status, p.run.StatusFailed = "", false
		}
	case "exec_command_end":
		if i, ok := p.byID[it.CallID]; ok && it.ExitCode != nil {
			c := &p.run.Calls[i]
			c.Failed = *it.ExitCode != 0
			c.Answered = true
		}
	case "patch_apply_end":
		if i, ok := p.byID[it.CallID]; ok && it.Success != nil {
			c := &p.run.Calls[i]
			c.Failed = !*it.Success
			c.Answered = true
		}
	}
}

// shellWords is a command given as an argument vector as one command
// line: the script of bash -lc SCRIPT, else the words joined.
func shellWords(argv []string) string {
	if len(argv) == 3 && (argv[1] == "-lc" || argv[1] == "-c") {
		return argv[2]
	}
	return strings.Join(argv, " ")
}

var exitLine = lazyre.New(`(?m)^(?:Exit code:?|Process exited with code) (-?\d+)`)

// codexOutput reads the output of a Codex tool call: a string that may be
// a JSON object {"output", "metadata": {"exit_code"}} (the shell tool), a
// text headed "Exit code: N" or "Process exited with code N" (later
// shells), or an object {"content", "success"}.
func codexOutput(raw json.RawMessage) (string, bool) {
	switch v := decode(raw).(type) {
	case string:
		var sh struct {
			Output   string `json:"output"`
			Metadata struct {
				ExitCode *int `json:"exit_code"`
			} `json:"metadata"`
		}
		if strings.HasPrefix(strings.TrimSpace(v), "{") && json.Unmarshal([]byte(v), &sh) == nil && sh.Metadata.ExitCode != nil {
			return sh.Output, *sh.Metadata.ExitCode != 0
		}
		if m := exitLine.FindStringSubmatch(v); m != nil {
			code, _ := strconv.Atoi(m[1])
			return v, code != 0
		}
		return v, looksFailed(v)
	case map[string]any:
		text, _ := v["content"].(string)
		if ok, isBool := v["success"].(bool); isBool {
			return text, !ok
		}
		return text, looksFailed(text)
	}
	return "", false
}

// looksFailed reads a tool's text output that carries no status: tools
// that fail say so on their first line.
func looksFailed(out string) bool {
	first := strings.ToLower(oneLine(out))
	for _, p := range []string{"error", "failed", "fatal", "apply_patch verification failed", "execution error", "aborted", "exception"} {
		if strings.HasPrefix(first, p) {
			return true
		}
	}
	return false
}

// --- the generic schema ---

type genericTool struct {
	Name  string          `json:"name"`
	Input json.RawMessage `json:"input"`
	ID    string          `json:"id"`
}

type genericLine struct {
	Role    *string         `json:"role"`
	Content json.RawMessage `json:"content"`
	Tool    *genericTool    `json:"tool"`
	Result  *struct {
		Output json.RawMessage `json:"output"`
		Error  json.RawMessage `json:"error"`
	} `json:"result"`
	CWD       string  `json:"cwd"`
	Outcome   *string `json:"outcome"`
	Signature string  `json:"signature"`
	Reason    string  `json:"reason"`
	Timestamp string  `json:"timestamp"`
}

func (p *parser) generic(n int, line []byte) error {
	var l genericLine
	if err := json.Unmarshal(line, &l); err != nil {
		return &SyntaxError{Line: n, Msg: "not a line of the generic schema (docs/trajectories.md): " + err.Error()}
	}
	if p.run.CWD == "" {
		p.run.CWD = l.CWD
	}
	p.started(l.Timestamp)
	if l.Outcome != nil {
		switch Outcome(*l.Outcome) {
		case Success, Failure:
			p.run.Outcome = Outcome(*l.Outcome)
		default:
			return &SyntaxError{Line: n, Msg: fmt.Sprintf("outcome %q is neither \"success\" nor \"failure\"", *l.Outcome)}
		}
		p.run.Signature = l.Signature
		if l.Reason != "" {
			p.run.Status = l.Reason
		}
		return nil
	}
	if l.Role == nil {
		return &SyntaxError{Line: n, Msg: `neither "role" nor "outcome": see docs/trajectories.md`}
	}
	role := *l.Role
	if !slices.Contains(genericRoles, role) {
		return &SyntaxError{Line: n, Msg: fmt.Sprintf("role %q is not user, assistant, tool or system", role)}
	}
	if role == "user" {
		p.task(textOf(l.Content))
	}
	switch {
	case role == "assistant" && l.Tool != nil:
		if strings.TrimSpace(l.Tool.Name) == "" {
			return &SyntaxError{Line: n, Msg: "a tool call without a name"}
		}
		p.call(Call{ID: l.Tool.ID, Tool: l.Tool.Name, Input: decode(l.Tool.Input), Line: n})
		if l.Result != nil {
			i := len(p.run.Calls) - 1
			out, failed := genericResult(l.Result.Output, l.Result.Error)
			p.run.Calls[i].Answered, p.run.Calls[i].Output, p.run.Calls[i].Failed = true, out, failed
		}
	case role == "tool":
		if l.Result == nil {
			return &SyntaxError{Line: n, Msg: `a tool line without a "result"`}
		}
		out, failed := genericResult(l.Result.Output, l.Result.Error)
		i := p.genericTarget(l.Tool)
		if i < 0 {
			return &SyntaxError{Line: n, Msg: "a tool result with no call before it to answer"}
		}
		c := &p.run.Calls[i]
		c.Answered, c.Output, c.Failed = true, out, failed
	}
	return nil
}

// genericTarget is the call a generic result answers: the one with its
// id, else the latest unanswered call of its tool, else the latest
// unanswered call.
func (p *parser) genericTarget(tool *genericTool) int {
	if tool != nil && tool.ID != "" {
		if i, ok := p.byID[tool.ID]; ok {
			return i
		}
	}
	latest := -1
	for i := len(p.run.Calls) - 1; i >= 0; i-- {
		c := p.run.Calls[i]
		if c.Answered {
			continue
		}
		if tool == nil || tool.Name == "" || c.Tool == tool.Name {
			return i
		}
		if latest < 0 {
			latest = i
		}
	}
	return latest
}

// genericResult reads a result's output and error: the error is a message
// (non-empty: the call failed) or a boolean.
func genericResult(output, errv json.RawMessage) (string, bool) {
	out := textOf(output)
	if out == "" {
		if v, ok := decode(output).(json.Number); ok {
			out = v.String()
		}
	}
	switch e := decode(errv).(type) {
	case bool:
		return out, e
	case string:
		if strings.TrimSpace(e) == "" {
			return out, false
		}
		if out == "" {
			return e, true
		}
		return e + "\n" + out, true
	case map[string]any:
		msg, _ := e["message"].(string)
		if out == "" {
			return msg, true
		}
		return strings.TrimSpace(msg + "\n" + out), true
	}
	return out, false
}

// oneLine is the first non-empty line of s.
func oneLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(l); t != "" {
			return t
		}
	}
	return ""
}

// clip cuts s to at most n runes, at a word where it can, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}
