package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skillspec"
)

// The --json shape of `lore skills validate` is a contract other tools rely
// on; it is built here rather than by encoding skillspec.Result so that a
// new field there cannot change it.
type skillsValidateOut struct {
	Skills []skillValidation `json:"skills"`
}

type skillValidation struct {
	Path     string   `json:"path"`
	Name     string   `json:"name"`
	Valid    bool     `json:"valid"`
	Errors   []string `json:"errors"`
	Warnings []string `json:"warnings"`
}

func (a *app) skillsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "skills",
		Short: "Work with Agent Skills (SKILL.md folders)",
		Args:  noArgs,
	}
	cmd.AddCommand(a.skillsValidateCmd())
	return cmd
}

func (a *app) skillsValidateCmd() *cobra.Command {
	var asJSON, lenient bool
	cmd := &cobra.Command{
		Use:   "validate PATH",
		Short: "Check SKILL.md files against the Agent Skills specification",
		Long: `Checks the skills at PATH — a SKILL.md file, a skill folder, or a folder of
skills — against the Agent Skills specification (agentskills.io). In a folder,
every SKILL.md (or skill.md) is found up to 6 levels down and 2000 folders,
skipping .git and node_modules; a skill folder's own subfolders are its
resources and are not searched.

The default, strict profile gives the verdict of the reference validator,
skills-ref: only the name, description, license, compatibility, metadata and
allowed-tools fields; a lowercase name of letters, digits and single hyphens, at
most 64 characters after trimming and NFKC, equal to its folder's name after
NFKC; a description of 1-1024 characters; compatibility of at most 500; YAML
without flow style ({...}, [...]), duplicate keys, anchors or tags. Unlike
skills-ref, a "---" inside a value does not end the frontmatter, and a byte
order mark is named as such.

--lenient applies the client guide's loading rules instead: a name that differs
from its folder or is too long, unexpected fields, flow style and an unquoted
": " in a value (read as if quoted) are warnings; a skill fails only without
frontmatter, with unreadable YAML, or without a description.

Unicode names: the specification's text says a-z and 0-9, skills-ref accepts
any letter or digit, and the question is open (agentskills#560). Strict accepts
such a name as skills-ref does but warns that ASCII-only clients reject it;
lenient accepts it silently.

Exit codes: 0 every skill is valid under the chosen profile (warnings allowed),
1 some skill is invalid, 2 usage error (no PATH, or no SKILL.md under it).`,
		Example: `  lore skills validate ~/.claude/skills
  lore skills validate ./my-skill/SKILL.md
  lore skills validate vendor/skills --lenient --json | jq '.skills[] | select(.valid | not)'`,
		Args: exactArgs(1, "one PATH (a SKILL.md file, a skill folder or a folder of skills)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			root := args[0]
			found, err := skillspec.Discover(root)
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return &core.UsageError{Msg: fmt.Sprintf("%s does not exist; give a SKILL.md file, a skill folder or a folder of skills", root)}
				}
				return &core.UsageError{Msg: err.Error()}
			}
			if len(found.Files) == 0 {
				return &core.UsageError{Msg: fmt.Sprintf("no SKILL.md found in %s (searched %d levels deep, skipping .git and node_modules)", root, skillspec.MaxDiscoverDepth)}
			}
			if found.Truncated {
				fmt.Fprintf(a.stderr, "lore: stopped searching %s after %d folders; some skills may not be checked\n", root, skillspec.MaxDiscoverDirs)
			}
			profile := skillspec.Strict
			if lenient {
				profile = skillspec.Lenient
			}
			out := skillsValidateOut{Skills: []skillValidation{}}
			invalid := 0
			for _, p := range found.Files {
				r := skillspec.ValidateFile(p, profile)
				if !r.Valid {
					invalid++
				}
				out.Skills = append(out.Skills, skillValidation{Path: r.Path, Name: r.Name, Valid: r.Valid, Errors: r.Errors, Warnings: r.Warnings})
			}
			if asJSON {
				if err := writeJSON(a.stdout, out); err != nil {
					return err
				}
			} else if err := a.renderSkillsValidate(out); err != nil {
				return err
			}
			if invalid > 0 {
				return fmt.Errorf("%d of %d skill%s in %s invalid under the %s profile", invalid, len(out.Skills), plural(len(out.Skills)), root, profile)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&lenient, "lenient", false, "apply the client guide's loading rules instead of the reference validator's")
	return cmd
}

func (a *app) renderSkillsValidate(out skillsValidateOut) error {
	st := a.styles()
	var b strings.Builder
	for _, s := range out.Skills {
		mark := st.Good.Render("✓")
		if !s.Valid {
			mark = st.Bad.Render("✗")
		}
		name := s.Name
		if name == "" {
			name = "(no name)"
		}
		fmt.Fprintf(&b, "%s %s %s\n", mark, name, st.Faint.Render(s.Path))
		for _, e := range s.Errors {
			fmt.Fprintf(&b, "    %s %s\n", st.Bad.Render("error:"), e)
		}
		for _, w := range s.Warnings {
			fmt.Fprintf(&b, "    %s %s\n", st.Severity.Warning.Render("warning:"), w)
		}
	}
	_, err := fmt.Fprint(styledWriter(a.stdout), b.String())
	return err
}
