// Package trajectory learns from agent runs: the JSON Lines transcripts
// coding agents write (Claude Code's session files, OpenAI Codex CLI's
// rollout files) and lore's own generic schema (docs/trajectories.md).
//
// It recognises a transcript by its content (Sniff), reads it into a Run
// (Parse), decides whether the run succeeded (Judge), and draws from it a
// candidate procedure with its run-specific values generalised and its
// secrets and personal data taken out (Extract). A Learner files the
// candidate as a draft skill through the skill library (seed 001's
// post-flight learning: never active without review), deduplicated by the
// seed's source hash, and counts failures by a stable signature so that a
// failure repeated over runs becomes a negative-skill draft. Runs are
// learned once: the content hash of a transcript is recorded.
//
// The package imports no Charm package and no Badger: the store is reached
// through the Store port, the library through core/skills/library.
package trajectory

import "time"

// Format names the dialect of a transcript.
type Format string

// The transcript formats lore reads.
const (
	// ClaudeCode is Claude Code's session file (~/.claude/projects/…/<id>.jsonl)
	// and its stream-json output: lines of type user/assistant whose
	// message.content holds text, tool_use and tool_result blocks.
	ClaudeCode Format = "claude-code"
	// Codex is OpenAI Codex CLI's rollout file (~/.codex/sessions/…/rollout-….jsonl):
	// session_meta, response_item (message, function_call,
	// function_call_output, custom_tool_call…), event_msg and turn_context
	// lines, or the older files whose lines are the response items
	// themselves.
	Codex Format = "codex"
	// Generic is lore's own schema (docs/trajectories.md): lines with a
	// role, content, tool and result, and an optional final outcome.
	Generic Format = "generic"
)

// Call is one tool call of a run and what came back.
type Call struct {
	// ID links the call to its result when the format gives one.
	ID string
	// Tool is the tool's name as the agent called it ("Bash", "shell",
	// "apply_patch", "mcp__github__create_issue").
	Tool string
	// Input is the call's arguments: a JSON object or string as decoded
	// (map[string]any, string, …), nil when there were none.
	Input any
	// Answered is true once a result was seen.
	Answered bool
	// Output is what the tool returned, as text.
	Output string
	// Failed is true when the tool reported an error (is_error, a
	// non-zero exit code, an error field).
	Failed bool
	// Line is the transcript line of the call (1-based).
	Line int
}

// Run is a transcript read into the parts lore learns from.
type Run struct {
	Format Format
	// Task is the first request of the user, as written.
	Task string
	// Title is the session's short title, when the transcript has one:
	// Claude Code's custom title, generated title or latest summary.
	Title string
	// CWD is the folder the agent worked in, when the transcript says.
	CWD string
	// Calls are the tool calls in the order they were made.
	Calls []Call
	// Outcome is the run's explicit outcome (the generic schema's final
	// line): OutcomeUnknown when it has none.
	Outcome Outcome
	// Signature is the explicit failure signature of the generic schema.
	Signature string
	// Status is the final status the agent recorded, when it recorded
	// one that decides the outcome: "interrupted", "error: …",
	// "success" ("" when none).
	Status string
	// StatusFailed says whether Status is a failure.
	StatusFailed bool
	// Lines counts the transcript's lines that held a JSON object.
	Lines int
	// Warnings are what the parser passed over (a last line cut off).
	Warnings []string
	// Started is when the run began, when the transcript says.
	Started time.Time
}

// Outcome is whether a run did what it was asked.
type Outcome string

// Outcomes.
const (
	OutcomeUnknown Outcome = ""
	Success        Outcome = "success"
	Failure        Outcome = "failure"
)
