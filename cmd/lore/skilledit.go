package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skillspec"
)

// skillEditOut is what lore skills edit --json prints.
type skillEditOut struct {
	Key      string         `json:"key"`
	Version  int            `json:"version"`
	Changed  bool           `json:"changed"`
	Findings []core.Finding `json:"findings"`
	// Invalid are the strict profile's errors on the draft as saved: what
	// still keeps it from being promoted ([] when it passes).
	Invalid []string `json:"invalid"`
}

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
		Args: exactArgs(1, "a skill NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			whole := file != ""
			if whole && (description != "" || instructions != "") {
				return &core.UsageError{Msg: "--file replaces the whole SKILL.md; --description and --instructions are for a draft lore writes from its fields: give one or the other"}
			}
			if !whole && description == "" && instructions == "" {
				return &core.UsageError{Msg: "nothing to edit: give --file FILE (an imported draft's SKILL.md) or --description and --instructions"}
			}
			var md []byte
			if whole {
				var err error
				if md, err = readSkillMD(a, file); err != nil {
					return err
				}
			}
			res, err := fromLibrary(a, writable, func(lib *skilllib.Library) (skilllib.Edited, error) {
				if whole {
					return lib.EditSkillMD(args[0], md)
				}
				return lib.Edit(args[0], description, instructions)
			})
			if err != nil {
				return err
			}
			s := res.Skill
			out := skillEditOut{Key: s.Key, Version: s.Version, Changed: res.Changed, Findings: nonNil(s.Findings), Invalid: nonNil(res.Invalid)}
			return a.output(asJSON, out, func(b *strings.Builder) { a.writeEdit(b, s, out) })
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "the imported draft's new SKILL.md (- reads standard input)")
	// A file name: made absolute before a command is handed to the
	// process that serves the store.
	_ = cmd.MarkFlagFilename("file", "md")
	cmd.Flags().StringVar(&description, "description", "", "a draft's new description")
	cmd.Flags().StringVar(&instructions, "instructions", "", "a draft's new instructions (Markdown)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "version", "changed", "findings", "invalid" (the strict profile's errors; [] when it passes)}`)
	return cmd
}

// readSkillMD reads the SKILL.md at path (- is standard input), bounded
// as lore skills validate bounds the files it reads.
func readSkillMD(a *app, path string) ([]byte, error) {
	r := a.stdin
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
func (a *app) writeEdit(b *strings.Builder, s *skills.Skill, out skillEditOut) {
	st := a.styles()
	if !out.Changed {
		fmt.Fprintf(b, "%s: the text is unchanged; nothing saved\n", s.Key)
	} else {
		fmt.Fprintf(b, "%s saved as version %d (a draft); rescanned: %s\n", s.Key, s.Version, findingCountText(s.Findings))
	}
	if len(out.Invalid) == 0 {
		fmt.Fprintf(b, "%s\n", st.Good.Render("passes the strict profile: lore skills review "+s.Key+" promote"))
		return
	}
	fmt.Fprintf(b, "%s\n", st.Bad.Render(fmt.Sprintf("the strict profile still refuses it (%d problem%s; promotion needs them fixed):", len(out.Invalid), plural(len(out.Invalid)))))
	for _, e := range out.Invalid {
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
