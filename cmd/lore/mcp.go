package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/charmbracelet/x/term"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/mcpserver"
)

func (a *app) mcpCmd() *cobra.Command {
	var consumer string
	cmd := &cobra.Command{
		// The server speaks to its client on this process's stdin and
		// stdout; each tool's command is what runs in the store's owner.
		Annotations: map[string]string{annotLocal: "serves its client here"},
		Use:         "mcp",
		Short:       "Serve the skill library and the learned knowledge to agents over MCP (stdio)",
		Long: `Runs a Model Context Protocol server on stdin and stdout, for an agent's MCP
client to start. It offers the tools skill_search, skill_list, skill_get,
skill_activate, skill_propose, skill_report_outcome, skill_report_failure,
knowledge_search and knowledge_get, and the skill catalog as the resource
lore://skills/catalog. Each tool runs the lore command of the same job (lore
skills search, list, resolve and activate, propose, used, report, lore find,
lore show) on the configured store, so it sees and does exactly what they do.

Add it to an agent's MCP configuration:

  Claude Code:     claude mcp add lore -- lore mcp
  Claude Desktop, Cursor and other clients with an "mcpServers" JSON file
  (claude_desktop_config.json, .cursor/mcp.json, ...):
                   {"mcpServers": {"lore": {"command": "lore", "args": ["mcp"]}}}

Give lore's full path as the command when the client does not start it with
your PATH, and add "--data-dir", "DIR" to the arguments for a store other than
the default one.

Who sees what: the name the client gives for itself is the consumer whose
visibility rules (skills.consumers in the configuration) choose the skills it
is offered. A client chooses its own name, so --consumer NAME pins the
consumer for every client of this server instead; use it when the rules
matter. Agents are offered active skills only.

Consent: the first activation of each skill in a session asks the user
through the client (MCP elicitation); later activations of that skill in the
session do not. A client that cannot ask gets a refusal, not the skill.

Nothing an agent sends is trusted: a proposed skill is scanned as a
stranger's text, redacted, and filed as a draft for review (lore skills
review), never active; outcome notes and failure reports are scanned and
redacted before they are stored.

Each call runs its command in the lore process that serves the store when
one does (lore serve or the terminal application), and otherwise opens the
store for that call; a command of another process that holds the store for
writing (a learn) makes such a call fail with "store is locked", to be
retried. Run lore serve beside a busy agent: a search over 10,000 skills
then takes about 2 ms instead of the store's opening time (about 150 ms).
Logs and command errors go to stderr; stdout carries only the protocol.`,
		Example: `  claude mcp add lore -- lore mcp
  claude mcp add lore -- lore mcp --consumer claude-code --data-dir ~/team-lore`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			defer collectLessOften()()
			srv, err := mcpserver.New(mcpserver.Options{Exec: a.mcpExec(), Version: version, Consumer: consumer})
			if err != nil {
				return err
			}
			if f, ok := a.stdin.(term.File); ok && term.IsTerminal(f.Fd()) {
				fmt.Fprintln(a.stderr, "lore: lore mcp is an MCP server for an agent's client to start: it reads JSON-RPC on stdin "+
					"(lore mcp --help shows how to add it to a client); ctrl+c stops it")
			}
			err = srv.Run(cmd.Context(), mcpserver.Stdio(a.stdin, a.stdout, a.stderr))
			// The client closing the connection, or an interrupt, is how
			// a server over stdio ends.
			if err == nil || errors.Is(err, io.EOF) || errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		},
	}
	cmd.Flags().StringVar(&consumer, "consumer", "", "serve every client as this consumer (default: the name each client gives)")
	return cmd
}

// mcpExec runs lore commands for the MCP server in this process, with
// this invocation's store and configuration (see localExec).
func (a *app) mcpExec() mcpserver.Exec {
	global := []string{"--data-dir=" + a.cfg.dataDir()}
	if a.configFlag != "" {
		global = append(global, "--config="+a.configFlag)
	}
	return localExec(global, a.stderr)
}

// localExec runs lore commands in this process through run, each with the
// global flags first. Each command opens the store as it always does; one
// runs at a time, because commands of one process cannot hold the store
// together (a writer locks out readers, and the lock is per open, not per
// process). What a command says on stderr is passed on to stderr, which
// for lore mcp is the MCP client's log.
func localExec(global []string, stderr io.Writer) mcpserver.Exec {
	var mu sync.Mutex
	return func(ctx context.Context, args []string, stdin io.Reader) ([]byte, int, error) {
		mu.Lock()
		defer mu.Unlock()
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		var out, errb bytes.Buffer
		code := run(ctx, slices.Concat(global, args), stdin, &out, &errb)
		if errb.Len() > 0 {
			_, _ = stderr.Write(errb.Bytes())
		}
		return out.Bytes(), code, nil
	}
}
