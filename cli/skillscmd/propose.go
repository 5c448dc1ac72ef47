package skillscmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skills/scope"
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

func newCmdPropose(f *cmdutil.Factory) *cobra.Command {
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
--ack-critical. The draft is its proposer's own (visibility user) until a
reviewer shares it with the workspace (lore skills share).

With --stdin, the proposal is read as one JSON object:
  {"name", "description", "instructions", "example_queries": [...],
   "suggested_tools": [...], "task_type", "origin"}`,
		Example: `  lore skills propose rotate-logs --description "Rotate nginx logs" --instructions "1. Run logrotate -f"
  echo '{"name":"x","description":"…","instructions":"…"}' | lore skills propose --stdin --json`,
		Args:        cobra.MaximumNArgs(1),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if stdin {
				if len(args) > 0 {
					return &core.UsageError{Msg: "lore skills propose --stdin reads the name from the JSON object, not the command line"}
				}
				b, err := io.ReadAll(io.LimitReader(f.Stdin, 1<<20+1))
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
			req := &lorev1.ProposeSkillRequest{Name: in.Name, Description: in.Description, Instructions: in.Instructions,
				ExampleQueries: in.ExampleQueries, SuggestedTools: in.SuggestedTools, TaskType: in.TaskType, Origin: in.Origin}
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.ProposeSkillResponse, error) {
				return svc.ProposeSkill(ctx, req)
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) { writeProposal(b, out.GetSkill(), in.Name) })
		},
	}
	cmd.Flags().StringVar(&in.Description, "description", "", "when an agent should use the skill")
	cmd.Flags().StringVar(&in.Instructions, "instructions", "", "the steps (Markdown)")
	cmd.Flags().StringSliceVar(&in.ExampleQueries, "example", nil, "a request that should find the skill (repeatable)")
	cmd.Flags().StringSliceVar(&in.SuggestedTools, "tool", nil, "a tool the procedure uses (repeatable)")
	cmd.Flags().StringVar(&in.TaskType, "task-type", "", "browser, api, code, domain or unknown (how fast it goes stale)")
	cmd.Flags().StringVar(&in.Origin, "origin", "", "where the proposal comes from, recorded as its provenance")
	cmd.Flags().BoolVar(&stdin, "stdin", false, "read the proposal as a JSON object from stdin")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// writeProposal says where the proposal asked as asked was filed, under
// which name when it could not have its own, and what its promotion needs.
func writeProposal(b *strings.Builder, s *lorev1.Skill, asked string) {
	fmt.Fprintf(b, "%s filed as a draft in the review queue (lore skills review)\n", s.GetKey())
	if _, id, _ := scope.Split(s.GetKey()); asked != "" && skilllib.Slug(idOf(asked)) != id {
		fmt.Fprintf(b, "  named %s: %q was taken or is not a skill name\n", id, asked)
	}
	if s.GetCritical() {
		fmt.Fprintf(b, "  it has a critical finding: lore skills review %s shows it; promoting it needs --ack-critical\n", s.GetKey())
	}
}

// skillsShareCmd makes a user's own skill the workspace's: the promote
// step of a team's library, from a skill its creator alone sees to one
// everybody in the workspace is offered.
func newCmdShare(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "share NAME",
		Short: "Share a user's own skill with the whole workspace (reviewers)",
		Long: `A proposed skill (lore skills propose, an agent's skill_propose) is its
creator's own: visibility user, offered to nobody else. A reviewer shares it
with the workspace (visibility workspace), recorded under the reviewer's name;
its status (draft, active, archived) is lore skills review's business.`,
		Example:     `  lore skills share proposed.summarise-doc`,
		Args:        cmdutil.ExactArgs(1, "one skill NAME"),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.PromoteSkillResponse, error) {
				return svc.PromoteSkill(ctx, &lorev1.PromoteSkillRequest{Name: args[0]})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				fmt.Fprintf(b, "%s is now the workspace's (visibility %s)\n", out.GetSkill().GetKey(), out.GetSkill().GetVisibility())
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}
