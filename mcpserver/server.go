// Package mcpserver is lore's Model Context Protocol server: the skill
// library and the learned knowledge offered to agents as MCP tools and a
// resource.
//
// Every tool runs a lore command with --json through an [Exec] and turns
// its JSON into the tool's result; the package never opens the store. So
// the server is exactly as capable, as safe and as current as the command
// line: the visibility rules, the scanner and redaction of proposals and
// notes, the review queue and the ranking are the commands', and a lore
// that serves its store to other processes serves this server too.
//
// What the server adds is what only a protocol session knows: who the
// client is (its name selects the library's visibility rules, unless the
// server was given a consumer), whether it can ask its user a question
// (elicitation), and which skills that user has already allowed in this
// session (the first activation of each asks, later ones do not). Nothing
// an agent sends is trusted: arguments reach the commands as arguments
// after "--" or as JSON on stdin, never as flags, and the commands scan and
// redact what they store.
package mcpserver

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Exec runs one lore command line (without the program name) with stdin
// and returns what it printed on stdout and its exit code. err is for a
// command that could not be run at all; a command that ran and failed
// returns its non-zero exit code and, with --json, its JSON object with
// "errors".
type Exec func(ctx context.Context, args []string, stdin io.Reader) (stdout []byte, exitCode int, err error)

// Options configure the server.
type Options struct {
	// Exec runs lore commands; it is required.
	Exec Exec
	// Version is the server's version as the client is told it.
	Version string
	// Consumer, when set, is the consumer every client is served as,
	// whatever name it gives: the person who configured the server
	// decides. Empty: each client is served under the name it gives at
	// initialization (its clientInfo), which the client chooses itself,
	// so visibility rules keyed on it sort well-behaved agents, not
	// hostile ones.
	Consumer string
}

// server holds what the tools share: the executor and each session's
// consent state.
type server struct {
	exec     Exec
	consumer string
	// key signs the request state of a consent question (see consent.go).
	key []byte

	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*session
}

// New returns the MCP server with lore's tools and the skill catalog
// resource.
func New(opts Options) (*mcp.Server, error) {
	if opts.Exec == nil {
		return nil, errors.New("mcpserver: no Exec to run lore commands with")
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("mcpserver: a key for consent requests: %w", err)
	}
	s := &server{exec: opts.Exec, consumer: strings.TrimSpace(opts.Consumer), key: key, sessions: map[*mcp.ServerSession]*session{}}
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "lore", Title: "lore skill library and knowledge graph", Version: version},
		&mcp.ServerOptions{Instructions: instructions, Capabilities: &mcp.ServerCapabilities{}})
	if err := s.addSkillTools(srv); err != nil {
		return nil, err
	}
	if err := s.addKnowledgeTools(srv); err != nil {
		return nil, err
	}
	s.addCatalog(srv)
	return srv, nil
}

// instructions is what the client is told about the server as a whole.
const instructions = `lore keeps a library of reviewed Agent Skills and a graph of knowledge learned from documents.

Skills: skill_search ranks the skills you may use against a task; skill_activate loads one
skill's instructions and resource list (the first activation of each skill asks your user);
skill_get loads several at once within a token budget (asking your user once for those not yet
allowed in the session); skill_list pages through the library.
Skills marked as warnings (negative skills) say what NOT to do; stale skills may be outdated.
After using a skill, call skill_report_outcome; when a skill fails the same way again, call
skill_report_failure with the failure. When you worked out a reusable procedure, propose it with
skill_propose: it becomes a draft that a person reviews, never an active skill.

Knowledge: knowledge_search finds learned primitives (definitions, theorems, algorithms, ...);
knowledge_get gives one with its dependency edges. The catalog of skills is also the resource
lore://skills/catalog.`

// consumerOf is the consumer a request is served as: the configured one,
// or the name the client gave.
func (s *server) consumerOf(info *mcp.Implementation) string {
	if s.consumer != "" || info == nil {
		return s.consumer
	}
	return strings.TrimSpace(info.Name)
}

// originOf names the client as provenance ("mcp:claude-code"): the
// client's own name, kept to letters, digits and ".-_" so that what a
// client calls itself cannot carry text into a record.
func originOf(info *mcp.Implementation) string {
	name := "unknown-client"
	if info != nil {
		var b strings.Builder
		for _, r := range info.Name {
			switch {
			case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)), r == '.', r == '-', r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
			if b.Len() >= 64 {
				break
			}
		}
		if b.Len() > 0 {
			name = b.String()
		}
	}
	return "mcp:" + name
}

// CommandError is a lore command that ran and failed: its exit code and
// what it said, which the tool result passes on to the agent.
type CommandError struct {
	Command  string
	ExitCode int
	Message  string
}

func (e *CommandError) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("lore %s failed (exit %d)", e.Command, e.ExitCode)
	}
	return e.Message
}

// forAgents turns the command line's hints in error sentences into the
// tools an agent has: it cannot type lore commands. A skill the consumer
// is not offered (a draft, another agent's) is "not offered", so an agent
// learns nothing of what it may not use.
var forAgents = strings.NewReplacer(
	"in the library (lore skills list shows them)", "offered to you (skill_search and skill_list find the ones that are)",
	"lore skills search", "skill_search",
	"lore skills list", "skill_list",
	"lore show ID", "knowledge_get",
	"(lore rank lists the stored ones)", "(knowledge_search finds them)",
)

// run runs a lore command with --json and decodes its object into v (nil:
// not decoded). A failed command is a *CommandError with the command's
// own error sentences.
func (s *server) run(ctx context.Context, args []string, stdin io.Reader, v any) error {
	name := commandName(args)
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	out, code, err := s.exec(ctx, args, stdin)
	if err != nil {
		return fmt.Errorf("running lore %s: %w", name, err)
	}
	if code != 0 {
		var failed struct {
			Errors []string `json:"errors"`
		}
		_ = json.Unmarshal(out, &failed)
		return &CommandError{Command: name, ExitCode: code, Message: forAgents.Replace(strings.Join(failed.Errors, "; "))}
	}
	if v == nil {
		return nil
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), v); err != nil {
		return fmt.Errorf("reading what lore %s printed: %w", name, err)
	}
	return nil
}

// commandName is the command part of args ("skills search"), for messages.
func commandName(args []string) string {
	var words []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			break
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

// flag is "--name=value": values an agent chose are always given in this
// form, so that one starting with "-" is a value and never a flag.
func flag(name, value string) string { return "--" + name + "=" + value }

// sign returns an HMAC of parts under the server's key, hex-encoded.
func (s *server) sign(parts ...string) string {
	m := hmac.New(sha256.New, s.key)
	for _, p := range parts {
		fmt.Fprintf(m, "%d:%s\n", len(p), p)
	}
	return hex.EncodeToString(m.Sum(nil))
}

// textResult is a result whose content is text, beside its structured
// form (added by the SDK from the tool's output value).
func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
