package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skills"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
)

// idOf is the id part of a proposal's name, which may carry a namespace
// (as library.Propose reads it).
func idOf(name string) string {
	if _, id, ok := scope.Split(name); ok {
		return id
	}
	return name
}

// proposalIn is a proposal as agents and scripts send it on stdin: seed
// 003's propose_skill arguments.
type proposalIn struct {
	Name           string   `json:"name"`
	Description    string   `json:"description"`
	Instructions   string   `json:"instructions"`
	ExampleQueries []string `json:"example_queries"`
	SuggestedTools []string `json:"suggested_tools"`
	TaskType       string   `json:"task_type"`
	Origin         string   `json:"origin"`
}

// proposalOut is what lore skills propose --json prints.
type proposalOut struct {
	Key       string         `json:"key"`
	Status    string         `json:"status"`
	Duplicate bool           `json:"duplicate"`
	Critical  bool           `json:"critical"`
	Findings  []core.Finding `json:"findings"`
	Redacted  map[string]int `json:"redacted"`
}

func (a *app) skillsProposeCmd() *cobra.Command {
	var (
		in     proposalIn
		stdin  bool
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "propose NAME --description TEXT --instructions TEXT",
		Short: "File a proposed skill as a draft in the review queue",
		Long: `Files a skill proposed by an agent (or a person) as a draft: it reaches agents
only when a reviewer promotes it (lore skills review NAME promote). Its text is
scanned as a stranger's and its secrets and personal data are redacted before
anything is stored; a draft with a critical finding is promoted only with
--ack-critical.

With --stdin, the proposal is read as one JSON object:
  {"name", "description", "instructions", "example_queries": [...],
   "suggested_tools": [...], "task_type", "origin"}`,
		Example: `  lore skills propose rotate-logs --description "Rotate nginx logs" --instructions "1. Run logrotate -f"
  echo '{"name":"x","description":"…","instructions":"…"}' | lore skills propose --stdin --json`,
		Args:        cobra.MaximumNArgs(1),
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if stdin {
				if len(args) > 0 {
					return &core.UsageError{Msg: "lore skills propose --stdin reads the name from the JSON object, not the command line"}
				}
				b, err := io.ReadAll(io.LimitReader(a.stdin, 1<<20+1))
				if err != nil {
					return fmt.Errorf("read the proposal from stdin: %w", err)
				}
				if len(b) > 1<<20 {
					return &core.UsageError{Msg: "the proposal on stdin is larger than 1 MiB"}
				}
				dec := json.NewDecoder(strings.NewReader(string(b)))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&in); err != nil {
					return &core.UsageError{Msg: fmt.Sprintf("the proposal on stdin is not the JSON object lore skills propose --help describes: %v", err)}
				}
			} else if len(args) == 1 {
				in.Name = args[0]
			}
			if a.viaAPI() {
				return a.remoteSkillsPropose(cmd.Context(), &lorev1.ProposeSkillRequest{Name: in.Name, Description: in.Description,
					Instructions: in.Instructions, ExampleQueries: in.ExampleQueries, SuggestedTools: in.SuggestedTools,
					TaskType: in.TaskType}, asJSON)
			}
			got, err := fromLibrary(a, writable, func(lib *skilllib.Library) (skilllib.Proposed, error) {
				return lib.Propose(skilllib.Proposal{
					Name: in.Name, Description: in.Description, Instructions: in.Instructions,
					ExampleQueries: in.ExampleQueries, SuggestedTools: in.SuggestedTools,
					TaskType: search.TaskType(in.TaskType), Origin: in.Origin,
				})
			})
			if err != nil {
				return err
			}
			return a.replyProposal(asJSON, got, in.Name)
		},
	}
	cmd.Flags().StringVar(&in.Description, "description", "", "when an agent should use the skill")
	cmd.Flags().StringVar(&in.Instructions, "instructions", "", "the steps (Markdown)")
	cmd.Flags().StringSliceVar(&in.ExampleQueries, "example", nil, "a request that should find the skill (repeatable)")
	cmd.Flags().StringSliceVar(&in.SuggestedTools, "tool", nil, "a tool the procedure uses (repeatable)")
	cmd.Flags().StringVar(&in.TaskType, "task-type", "", "browser, api, code, domain or unknown (how fast it goes stale)")
	cmd.Flags().StringVar(&in.Origin, "origin", "", "where the proposal comes from, recorded as its provenance")
	cmd.Flags().BoolVar(&stdin, "stdin", false, "read the proposal as a JSON object from stdin")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "status", "duplicate", "critical", "findings", "redacted"}`)
	return cmd
}

func (a *app) replyProposal(asJSON bool, got skilllib.Proposed, asked string) error {
	s := got.Skill
	out := proposalOut{Key: s.Key, Status: string(s.Status), Duplicate: got.Duplicate, Critical: s.Critical(),
		Findings: s.Findings, Redacted: map[string]int{}}
	if out.Findings == nil {
		out.Findings = []core.Finding{}
	}
	for k, n := range got.Redacted {
		out.Redacted[string(k)] = n
	}
	if asJSON {
		return writeJSON(a.stdout, out)
	}
	switch {
	case got.Duplicate:
		_, err := fmt.Fprintf(a.stdout, "%s already holds this procedure (%s); nothing added\n", s.Key, s.Status)
		return err
	case s.Status != skills.Draft:
		return fmt.Errorf("proposal stored as %s, not a draft", s.Status)
	}
	fmt.Fprintf(a.stdout, "%s filed as a draft in the review queue (lore skills review)\n", s.Key)
	if _, id, _ := scope.Split(s.Key); asked != "" && skilllib.Slug(idOf(asked)) != id {
		fmt.Fprintf(a.stdout, "  named %s: %q was taken or is not a skill name\n", id, asked)
	}
	if out.Critical {
		fmt.Fprintf(a.stdout, "  it has a critical finding: lore skills review %s shows it; promoting it needs --ack-critical\n", s.Key)
	}
	return nil
}
