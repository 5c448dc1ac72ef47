package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/charmbracelet/x/term"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/mcp"
)

func (a *app) mcpCmd() *cobra.Command {
	var consumer, serverAddr string
	cmd := &cobra.Command{
		// The server speaks to its client on this process's stdin and
		// stdout; its tools call the API: the store's owner's, this
		// process's own, or a team server's.
		Annotations: map[string]string{cmdutil.AnnotLocal: "serves its client here", cmdutil.AnnotRemote: "1"},
		Use:         "mcp",
		Short:       "Serve the skill library and the learned knowledge to agents over MCP (stdio)",
		Long: `Runs a Model Context Protocol server on stdin and stdout, for an agent's MCP
client to start. It offers the tools skill_search, skill_list, skill_get,
skill_activate, skill_propose, skill_report_outcome, knowledge_search and
knowledge_get, and the skill catalog as the resource lore://skills/catalog.
Each tool calls lore's API, as the person running lore on this machine's
store, or, with --server (or LORE_SERVER), on a team server as the user whose
token is in LORE_TOKEN: with the token of a user of the agent role (lore users
add) the agent searches, reads, activates what a person allowed it,
proposes drafts of its own and reports outcomes, and nothing else.

Add it to an agent's MCP configuration:

  Claude Code:     claude mcp add lore -- lore mcp
  Claude Desktop, Cursor and other clients with an "mcpServers" JSON file
  (claude_desktop_config.json, .cursor/mcp.json, ...):
                   {"mcpServers": {"lore": {"command": "lore", "args": ["mcp"]}}}

Give lore's full path as the command when the client does not start it with
your PATH, and add "--data-dir", "DIR" to the arguments for a store other than
the default one. For a team server:

  {"mcpServers": {"lore": {"command": "lore",
    "args": ["mcp", "--server", "lore.example.org:7443"],
    "env": {"LORE_TOKEN": "lore_...", "LORE_SERVER_FINGERPRINT": "..."}}}}

(the server's certificate is trusted as every client of lore trusts it:
LORE_SERVER_FINGERPRINT, LORE_SERVER_CA or the system's roots).

Who sees what: the name the client gives for itself is the consumer whose
visibility rules (skills.consumers in the configuration) choose the skills it
is offered. A client chooses its own name, so --consumer NAME pins the
consumer for every client of this server instead; use it when the rules
matter. Agents are offered active skills only.

Consent: the first activation of each skill in a session asks the user
through the client (MCP elicitation); later activations of that skill in the
session do not. A skill a person allowed for the consumer (lore skills allow
NAME --consumer C) activates without a question; a client that cannot ask
gets a refusal for any other, not the skill.

Nothing an agent sends is trusted: a proposed skill is scanned as a
stranger's text, redacted, and filed as a draft of the user's own (visibility
user) for review (lore skills review), never active, seen by the workspace
only once a reviewer promotes it; outcome notes are scanned and redacted
before they are stored.

On this machine each call runs in the lore process that serves the store
when one does (lore serve or the terminal application), and otherwise opens
the store for that call; a command of another process that holds the store
for writing (a learn) makes such a call fail with "store is locked", to be
retried. Logs and errors go to stderr; stdout carries only the protocol.`,
		Example: `  claude mcp add lore -- lore mcp
  claude mcp add lore -- lore mcp --consumer claude-code --data-dir ~/team-lore
  LORE_TOKEN=lore_... lore mcp --server lore.example.org:7443`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			defer collectLessOften()()
			srv, err := a.mcpServer(cmd.Context(), consumer, serverAddr)
			if err != nil {
				return err
			}
			if f, ok := a.Stdin.(term.File); ok && term.IsTerminal(f.Fd()) {
				fmt.Fprintln(a.Stderr, "lore: lore mcp is an MCP server for an agent's client to start: it reads JSON-RPC on stdin "+
					"(lore mcp --help shows how to add it to a client); ctrl+c stops it")
			}
			err = srv.Run(cmd.Context(), mcp.Stdio(a.Stdin, a.Stdout, a.Stderr))
			// The client closing the connection, or an interrupt, is how
			// a server over stdio ends.
			if err == nil || errors.Is(err, io.EOF) || errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		},
	}
	cmd.Flags().StringVar(&consumer, "consumer", "", "serve every client as this consumer (default: the name each client gives)")
	cmd.Flags().StringVar(&serverAddr, "server", "", "call the team server at HOST:PORT as the user of $LORE_TOKEN (default: $LORE_SERVER, else this machine's store)")
	return cmd
}

// mcpServer is lore mcp's server: on the team server at serverAddr as the
// user of $LORE_TOKEN, or else on this process's service (the team
// server's when LORE_SERVER names one, the store's owner's, or the local
// store's, as the person running lore).
func (a *app) mcpServer(ctx context.Context, consumer, serverAddr string) (*sdk.Server, error) {
	opts := mcp.Options{Version: version, Consumer: consumer}
	if serverAddr != "" {
		c, err := a.remoteService(serverAddr)
		if err != nil {
			return nil, err
		}
		opts.Service = c
	} else {
		ctx, svc, err := a.service(ctx)
		if err != nil {
			return nil, err
		}
		opts.Service = svc
		if caller, ok := api.CallerFrom(ctx); ok {
			opts.Bind = func(ctx context.Context) context.Context { return api.WithCaller(ctx, caller) }
		}
	}
	return mcp.New(opts)
}
