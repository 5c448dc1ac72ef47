package main

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
)

func (a *app) domainsCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "domains",
		Short: "List the domains lore detects, with their plane regions",
		Long: `Lists the built-in domains and those of the domains file named in the
configuration (domains_file), with each domain's region on the plane and the
words that activate it.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st := a.styles()
			doms, err := a.cfg.domains()
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, map[string]any{"domains": doms})
			}
			var b strings.Builder
			for _, d := range doms {
				fmt.Fprintf(&b, "%s %s  %s\n", st.Heading.Render(fmt.Sprintf("%-18s", d.ID)), d.Region.Center,
					st.Faint.Render(fmt.Sprintf("r %.2f · %s", d.Region.Radius, d.Source)))
				fmt.Fprintf(&b, "  %s\n", d.Name)
				fmt.Fprintf(&b, "  %s\n", st.Faint.Render(strings.Join(d.Patterns, ", ")))
			}
			_, err = fmt.Fprint(styledWriter(a.stdout), b.String())
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

func (a *app) configCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration and where each value comes from",
		Long: `Prints every configuration key with its effective value and its source: the
built-in default, the config file, a LORE_* environment variable or a flag.
Precedence: flag > environment > file > default.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			type entry struct {
				Key    string `json:"key"`
				Value  any    `json:"value"`
				Source string `json:"source"`
			}
			st := a.styles()
			var entries []entry
			for _, k := range a.cfg.keys() {
				entries = append(entries, entry{k, a.cfg.v.Get(k), a.cfg.source(k)})
			}
			file := a.cfg.file
			if asJSON {
				return writeJSON(a.stdout, map[string]any{"file": optString(file), "dataDir": a.cfg.dataDir(), "settings": entries})
			}
			var b strings.Builder
			if file == "" {
				file = "none (looked in " + configHome() + ")"
			}
			fmt.Fprintf(&b, "%s %s\n%s %s\n\n", st.Label.Render("config file"), file, st.Label.Render("store      "), a.cfg.dataDir())
			for _, e := range entries {
				fmt.Fprintf(&b, "%-22s %-12v %s\n", e.Key, fmt.Sprint(e.Value), st.Faint.Render(e.Source))
			}
			_, err := fmt.Fprint(styledWriter(a.stdout), b.String())
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

func (a *app) versionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print lore's version",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if asJSON {
				return writeJSON(a.stdout, map[string]string{"version": version, "commit": commit, "date": date, "go": runtime.Version()})
			}
			line := "lore " + version
			if commit != "" {
				line += " (" + commit + ")"
			}
			_, err := fmt.Fprintf(a.stdout, "%s %s/%s %s\n", line, runtime.GOOS, runtime.GOARCH, runtime.Version())
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}
