package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// The skill library's commands on a team server: each is one API call in
// the caller's workspace, printed as the local command prints its text
// (with --json, the call's answer as protojson).

// remoteSkillRows prints skills one to a line, with who owns them when
// they are a user's own.
func (a *app) remoteSkillRows(b *strings.Builder, ss []*lorev1.Skill) {
	st := a.styles()
	if len(ss) == 0 {
		b.WriteString("no skill\n")
	}
	for _, s := range ss {
		vis := s.GetVisibility()
		if vis == "user" {
			vis = "user " + s.GetOwner()
		}
		fmt.Fprintf(b, "%-40s %-8s %s\n", s.GetKey(), s.GetStatus(), st.Faint.Render(fmt.Sprintf("v%d · %s · %s", s.GetVersion(), s.GetSource(), vis)))
	}
}

func (a *app) remoteSkillsSearch(ctx context.Context, query, consumer string, top int, asJSON bool) error {
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.SearchSkillsResponse, error) {
		return svc.SearchSkills(ctx, &lorev1.SearchSkillsRequest{Query: query, Top: int32(top), Consumer: consumer})
	})
	if err != nil {
		return err
	}
	return a.printAnswer(asJSON, out, func(b *strings.Builder) {
		st := a.styles()
		if len(out.GetHits()) == 0 {
			fmt.Fprintf(b, "No active skill matches %q.\n", query)
		}
		for i, h := range out.GetHits() {
			s := h.GetSkill()
			fmt.Fprintf(b, "%2d. %s %s\n    %s\n", i+1, s.GetKey(), st.Faint.Render(fmt.Sprintf("score %.3f", h.GetScore())), truncateRunes(s.GetDescription(), 110))
		}
	})
}

func (a *app) remoteSkillsList(ctx context.Context, status, consumer string, asJSON bool) error {
	if status == "" {
		// lore skills list lists every status, as it does on this
		// machine; the API's default is what an agent is offered.
		status = "all"
	}
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.ListSkillsResponse, error) {
		return svc.ListSkills(ctx, &lorev1.ListSkillsRequest{Status: status, Consumer: consumer})
	})
	if err != nil {
		return err
	}
	return a.printAnswer(asJSON, out, func(b *strings.Builder) { a.remoteSkillRows(b, out.GetSkills()) })
}

func (a *app) remoteSkillsShow(ctx context.Context, name string, asJSON bool) error {
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.GetSkillResponse, error) {
		return svc.GetSkill(ctx, &lorev1.GetSkillRequest{Name: name})
	})
	if err != nil {
		return err
	}
	return a.printAnswer(asJSON, out, func(b *strings.Builder) {
		st := a.styles()
		s := out.GetSkill()
		line := func(k, v string) {
			if v != "" {
				fmt.Fprintf(b, "%s %s\n", st.Label.Render(fmt.Sprintf("%-11s", k)), v)
			}
		}
		fmt.Fprintf(b, "%s  %s\n", st.Heading.Render(s.GetName()), st.Faint.Render(s.GetKey()))
		line("status", s.GetStatus())
		line("description", s.GetDescription())
		line("source", s.GetSource())
		vis := s.GetVisibility()
		if vis == "user" {
			vis += ": " + s.GetOwner() + "'s own until a reviewer shares it with the workspace (lore skills share)"
		}
		line("visibility", vis)
		line("created by", strings.TrimSpace(s.GetCreatedBy()+" "+s.GetAgent()))
		if s.GetCritical() {
			line("critical", "a finding is critical: promotion needs --ack-critical")
		}
		line("note", s.GetNote())
		fmt.Fprintf(b, "\n%s\n", out.GetInstructions())
	})
}

// remoteSkillsReview is lore skills review on a team server: the drafts,
// one skill, or a decision about one.
func (a *app) remoteSkillsReview(ctx context.Context, args []string, ack, asJSON bool) error {
	switch len(args) {
	case 0:
		return a.remoteSkillsList(ctx, "draft", "", asJSON)
	case 1:
		return a.remoteSkillsShow(ctx, args[0], asJSON)
	}
	to, ok := map[string]string{"promote": "active", "archive": "archived", "draft": "draft"}[args[1]]
	if !ok {
		return &core.UsageError{Msg: fmt.Sprintf("decision %q: use promote, archive or draft", args[1])}
	}
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.ReviewSkillResponse, error) {
		return svc.ReviewSkill(ctx, &lorev1.ReviewSkillRequest{Name: args[0], To: to, AckCritical: ack})
	})
	if err != nil {
		return err
	}
	return a.printAnswer(asJSON, out, func(b *strings.Builder) {
		fmt.Fprintf(b, "%s is now %s\n", out.GetSkill().GetKey(), out.GetSkill().GetStatus())
	})
}

func (a *app) remoteSkillsAllow(ctx context.Context, name, consumer string, revoke, asJSON bool) error {
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.AllowSkillResponse, error) {
		return svc.AllowSkill(ctx, &lorev1.AllowSkillRequest{Name: name, Consumer: consumer, Revoke: revoke})
	})
	if err != nil {
		return err
	}
	return a.printAnswer(asJSON, out, func(b *strings.Builder) {
		if revoke {
			fmt.Fprintf(b, "%s: %s must ask again before activating it\n", out.GetSkill().GetKey(), consumer)
			return
		}
		fmt.Fprintf(b, "%s: %s may activate it without asking, as it is now\n", out.GetSkill().GetKey(), consumer)
	})
}

func (a *app) remoteSkillsFeedback(ctx context.Context, name, outcome, note string, asJSON bool) error {
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.SkillFeedbackResponse, error) {
		return svc.SkillFeedback(ctx, &lorev1.SkillFeedbackRequest{Name: name, Outcome: outcome, Note: note})
	})
	if err != nil {
		return err
	}
	return a.printAnswer(asJSON, out, func(b *strings.Builder) {
		fmt.Fprintf(b, "%s: %s recorded\n", out.GetSkill().GetKey(), outcome)
	})
}

func (a *app) remoteSkillsPropose(ctx context.Context, req *lorev1.ProposeSkillRequest, asJSON bool) error {
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.ProposeSkillResponse, error) {
		return svc.ProposeSkill(ctx, req)
	})
	if err != nil {
		return err
	}
	return a.printAnswer(asJSON, out, func(b *strings.Builder) {
		s := out.GetSkill()
		fmt.Fprintf(b, "proposed %s: a draft, yours until a reviewer promotes it (%d finding(s))\n", s.GetKey(), len(out.GetFindings()))
	})
}

// skillsShareCmd makes a user's own skill the workspace's: the promote
// step of a team's library, from a skill its creator alone sees to one
// everybody in the workspace is offered.
func (a *app) skillsShareCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "share NAME",
		Short: "Share a user's own skill with the whole workspace (reviewers)",
		Long: `A skill proposed on a team server (by a person or an agent) is its creator's
own: visibility user, offered to nobody else. A reviewer shares it with the
workspace (visibility workspace), recorded under the reviewer's name; its
status (draft, active, archived) is lore skills review's business. On one
person's own store every skill is already the workspace's.`,
		Example:     `  lore skills share proposed.summarise-doc`,
		Args:        exactArgs(1, "one skill NAME"),
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := callAPI(a, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.PromoteSkillResponse, error) {
				return svc.PromoteSkill(ctx, &lorev1.PromoteSkillRequest{Name: args[0]})
			})
			if err != nil {
				return err
			}
			return a.printAnswer(asJSON, out, func(b *strings.Builder) {
				fmt.Fprintf(b, "%s is now the workspace's (visibility %s)\n", out.GetSkill().GetKey(), out.GetSkill().GetVisibility())
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the skill's record as JSON")
	return cmd
}
