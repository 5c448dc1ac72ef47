// Package mcp is lore's Model Context Protocol server: the skill library
// and the learned knowledge offered to agents as MCP tools and a
// resource, on an api.Service.
//
// Every tool is one or a few calls of the service, so the server sees and
// does what the caller may: on this machine the person running lore, on
// a team server the user its token names (an agent's token: the agent
// role, its own proposals, nothing it may not call). The visibility
// rules, the scanner and redaction of proposals and notes, the review
// queue and the ranking are the service's; the server never opens a
// store or runs a command.
//
// What the server adds is what only a protocol session knows: who the
// client is (its name selects the library's visibility rules, unless the
// server was given a consumer), whether it can ask its user a question
// (elicitation), and which skills that user has already allowed in this
// session (the first activation of each asks, later ones do not; a skill
// a person allowed for the consumer, lore skills allow, never asks).
package mcp

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"connectrpc.com/connect"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lore-kb/lore/core/api"
)

// Options configure the server.
type Options struct {
	// Service is the API the tools call; it is required.
	Service api.Service
	// Bind, when set, gives each call's context what the service needs
	// to know who calls (api.WithCaller for the local service); a client
	// of a server needs nothing, its token says who calls.
	Bind func(context.Context) context.Context
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

// server holds what the tools share: the service and each session's
// consent state.
type server struct {
	svc      api.Service
	bind     func(context.Context) context.Context
	consumer string
	// key signs the request state of a consent question (see activate.go).
	key []byte

	mu       sync.Mutex
	sessions map[*sdk.ServerSession]*session
}

// New returns the MCP server with lore's tools and the skill catalog
// resource.
func New(opts Options) (*sdk.Server, error) {
	if opts.Service == nil {
		return nil, errors.New("mcp: no service to call")
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("mcp: a key for consent requests: %w", err)
	}
	bind := opts.Bind
	if bind == nil {
		bind = func(ctx context.Context) context.Context { return ctx }
	}
	s := &server{svc: opts.Service, bind: bind, consumer: strings.TrimSpace(opts.Consumer), key: key, sessions: map[*sdk.ServerSession]*session{}}
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	srv := sdk.NewServer(&sdk.Implementation{Name: "lore", Title: "lore skill library and knowledge graph", Version: version},
		&sdk.ServerOptions{Instructions: instructions, Capabilities: &sdk.ServerCapabilities{}})
	if err := s.addSkillTools(srv); err != nil {
		return nil, err
	}
	s.addKnowledgeTools(srv)
	s.addCatalog(srv)
	return srv, nil
}

// instructions is what the client is told about the server as a whole.
const instructions = `lore keeps a library of reviewed Agent Skills and a graph of knowledge learned from documents.

Skills: skill_search ranks the skills you may use against a task; skill_activate loads one
skill's instructions and resource list (the first activation of each skill asks your user,
unless a person allowed it for you); skill_get loads several at once within a token budget
(asking your user once for those not yet allowed); skill_list pages through the library.
Skills marked as warnings (negative skills) say what NOT to do; stale skills may be outdated.
After using a skill, call skill_report_outcome with whether it worked, and skill_report_failure
with the error when it failed (a failure repeated becomes a warning for others). When you worked out a
reusable procedure, propose it with skill_propose: it becomes a draft of yours that a person
reviews, never an active skill.

Knowledge: knowledge_search finds learned primitives (definitions, theorems, algorithms, ...);
knowledge_get gives one with its dependency edges. The catalog of skills is also the resource
lore://skills/catalog.`

// consumerOf is the consumer a request is served as: the configured one,
// or the name the client gave.
func (s *server) consumerOf(info *sdk.Implementation) string {
	if s.consumer != "" || info == nil {
		return s.consumer
	}
	return strings.TrimSpace(info.Name)
}

// agentOf names the client as the agent of a proposal: the client's own
// name, kept to letters, digits and ".-_" so that what a client calls
// itself cannot carry text into a record.
func agentOf(info *sdk.Implementation) string {
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
	return name
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

// toolError is err as the agent is told it: the service's sentence
// without its code, the command line's hints turned into the agent's
// tools.
func toolError(err error) error {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return errors.New(forAgents.Replace(ce.Message()))
	}
	return errors.New(forAgents.Replace(err.Error()))
}

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
func textResult(text string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}
