package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skillspec"
)

func (a *app) skillsEditCmd() *cobra.Command {
	var (
		file, description, instructions string
		asJSON                          bool
	)
	cmd := &cobra.Command{
		Use:   "edit NAME --file FILE|- | --description TEXT --instructions TEXT",
		Short: "Fix a draft: an imported draft's whole SKILL.md, or a draft's description and instructions",
		Long: `Replaces the text of a draft in the review queue, keeping the text it replaces
as a version (lore skills rollback undoes it); only drafts are edited.

An imported draft keeps its SKILL.md as written, so it is edited whole:
--file FILE (- for standard input) is its new SKILL.md, frontmatter and body,
read, scanned and checked as lore skills import reads a folder (the lenient
profile; every file scanned again as a stranger's; nothing redacted). This is
how a draft the strict profile refuses (a frontmatter lore skills validate
calls invalid) is fixed for promotion. The name stays the skill's: a
new name is a new skill (import the fixed folder, archive this one).

Any other draft is written by lore from its fields: --description and
--instructions replace them, scanned and redacted as a proposal is.

The edit is stored even when the strict profile still refuses the draft; the
output lists what it refuses (promotion needs it fixed).`,
		Example: `  lore skills review public.email-api --json | jq -r .skillMd > SKILL.md   # fix it, then:
  lore skills edit public.email-api --file SKILL.md
  lore skills edit rotate-logs --description "Rotate nginx logs" --instructions "1. Run logrotate -f"`,
		Args:        cmdutil.ExactArgs(1, "a skill NAME"),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			whole := file != ""
			if whole && (description != "" || instructions != "") {
				return &core.UsageError{Msg: "--file replaces the whole SKILL.md; --description and --instructions are for a draft lore writes from its fields: give one or the other"}
			}
			if !whole && description == "" && instructions == "" {
				return &core.UsageError{Msg: "nothing to edit: give --file FILE (an imported draft's SKILL.md) or --description and --instructions"}
			}
			req := &lorev1.EditSkillRequest{Name: args[0], Description: description, Instructions: instructions}
			if whole {
				var err error
				if req.SkillMd, err = readSkillMD(a, file); err != nil {
					return err
				}
			}
			out, err := cmdutil.Call(&a.Factory, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.EditSkillResponse, error) {
				return svc.EditSkill(ctx, req)
			})
			if err != nil {
				return err
			}
			return a.PrintAnswer(asJSON, out, func(b *strings.Builder) { a.writeEdit(b, out) })
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "the imported draft's new SKILL.md (- reads standard input)")
	// A file name, read here and sent, wherever the library is.
	_ = cmd.MarkFlagFilename("file", "md")
	cmd.Flags().StringVar(&description, "description", "", "a draft's new description")
	cmd.Flags().StringVar(&instructions, "instructions", "", "a draft's new instructions (Markdown)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// readSkillMD reads the SKILL.md at path (- is standard input), bounded
// as lore skills validate bounds the files it reads.
func readSkillMD(a *app, path string) ([]byte, error) {
	r := a.Stdin
	name := "standard input"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, pathError(path, err)
		}
		defer f.Close()
		r, name = f, path
	}
	b, err := io.ReadAll(io.LimitReader(r, skillspec.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("read the SKILL.md from %s: %w", name, err)
	}
	if len(b) > skillspec.MaxFileSize {
		return nil, &core.UsageError{Msg: fmt.Sprintf("the SKILL.md in %s is larger than %d MiB", name, skillspec.MaxFileSize>>20)}
	}
	return b, nil
}

// writeEdit says what an edit stored and what still keeps the draft from
// being promoted.
func (a *app) writeEdit(b *strings.Builder, out *lorev1.EditSkillResponse) {
	st := a.Styles()
	s := out.GetSkill()
	if !out.GetChanged() {
		fmt.Fprintf(b, "%s: the text is unchanged; nothing saved\n", s.GetKey())
	} else {
		fmt.Fprintf(b, "%s saved as version %d (a draft); rescanned: %s\n", s.GetKey(), s.GetVersion(), findingCountText(api.FindingsOf(out.GetFindings())))
	}
	invalid := out.GetInvalid()
	if len(invalid) == 0 {
		fmt.Fprintf(b, "%s\n", st.Good.Render("passes the strict profile: lore skills review "+s.GetKey()+" promote"))
		return
	}
	fmt.Fprintf(b, "%s\n", st.Bad.Render(fmt.Sprintf("the strict profile still refuses it (%d problem%s; promotion needs them fixed):", len(invalid), cmdutil.Plural(len(invalid)))))
	for _, e := range invalid {
		fmt.Fprintf(b, "  • %s\n", e)
	}
}

// findingCountText is "28 info, 1 warning" for fs, "no findings" for none.
func findingCountText(fs []core.Finding) string {
	counts := map[core.Severity]int{}
	for _, f := range fs {
		counts[f.Severity]++
	}
	var parts []string
	for _, sev := range core.Severities {
		if n := counts[sev]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, sev))
		}
	}
	if len(parts) == 0 {
		return "no findings"
	}
	return strings.Join(parts, ", ")
}
