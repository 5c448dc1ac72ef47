package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
)

func (a *app) domainsCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "domains",
		Short:       "List the domains lore detects, with their plane regions",
		Long: `Lists the built-in domains and those of the domains file named in the
configuration (domains_file), with each domain's region on the plane and the
words that activate it. A document whose words activate none of them is
placed at the plane's centre and filed under the domain whose region holds
it (of the built-in ones, synthesis), so every learned primitive is in a
domain listed here.`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			doms, err := a.cfg.domains()
			if err != nil {
				return err
			}
			return a.Output(asJSON, map[string]any{"domains": doms}, func(b *strings.Builder) {
				st := a.Styles()
				idWidth, centerWidth := 0, 0
				for _, d := range doms {
					idWidth = max(idWidth, ansi.StringWidth(d.ID))
					centerWidth = max(centerWidth, ansi.StringWidth(d.Region.Center.String()))
				}
				for _, d := range doms {
					fmt.Fprintf(b, "%s  %s  %s\n", st.Heading.Render(padRight(d.ID, idWidth)), padRight(d.Region.Center.String(), centerWidth),
						st.Faint.Render(fmt.Sprintf("r %.2f · %s", d.Region.Radius, d.Source)))
					fmt.Fprintf(b, "  %s\n", d.Name)
					fmt.Fprintf(b, "  %s\n", st.Faint.Render(strings.Join(d.Patterns, ", ")))
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

func (a *app) configCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "config",
		Short:       "Print the effective configuration and where each value comes from",
		Long: `Prints every configuration key with its effective value and its source: the
built-in default, the config file, a LORE_* environment variable or a flag.
Precedence: flag > environment > file > default.`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) (err error) {
			type entry struct {
				Key    string `json:"key"`
				Value  any    `json:"value"`
				Source string `json:"source"`
			}
			var entries []entry
			for _, k := range a.cfg.keys() {
				v := a.cfg.v.Get(k)
				if k == keyStoreURL {
					// A URL may carry a password; it is never shown.
					v = redactURL(a.cfg.v.GetString(k))
				}
				entries = append(entries, entry{k, v, a.cfg.source(k)})
			}
			file := a.cfg.file
			out := map[string]any{"file": optString(file), "dataDir": a.cfg.dataDir(), "settings": entries}
			storeLine := a.cfg.dataDir()
			if u := a.cfg.storeURL(); u != "" {
				storeLine = "PostgreSQL " + redactURL(u)
			}
			// The values are shown first, bad ones included; then every
			// bad one is named, in order, as the command's error (exit 2),
			// as it would be for the command that uses it.
			if bad := a.cfg.problems(); len(bad) > 0 {
				defer func() {
					err = bad[0]
					if len(bad) > 1 {
						err = mistakes(bad)
					}
				}()
			}
			return a.Output(asJSON, out, func(b *strings.Builder) {
				st := a.Styles()
				if file == "" {
					file = "none (looked in " + configHome() + ")"
				}
				fmt.Fprintf(b, "%s %s\n%s %s\n\n", st.Label.Render("config file"), file, st.Label.Render("store      "), storeLine)
				values := make([]string, len(entries))
				keyWidth, valueWidth := 0, 0
				for i, e := range entries {
					values[i] = configValue(e.Value)
					keyWidth = max(keyWidth, ansi.StringWidth(e.Key))
					valueWidth = max(valueWidth, ansi.StringWidth(values[i]))
				}
				for i, e := range entries {
					fmt.Fprintf(b, "%s  %s  %s\n", padRight(e.Key, keyWidth), padRight(values[i], valueWidth), st.Faint.Render(e.Source))
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

func (a *app) versionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "version",
		Short:       "Print lore's version",
		Args:        cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s := currentBuildStamp()
			// Every value a string, as the JSON has always been.
			out := map[string]string{"version": s.Version, "commit": s.Commit, "date": s.Date, "modified": strconv.FormatBool(s.Modified), "go": runtime.Version()}
			return a.Reply(asJSON, out, "%s\n", versionLine())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// versionLine is what lore version and lore --version print: the build
// stamp, the platform and the Go release.
func versionLine() string {
	return fmt.Sprintf("%s %s/%s %s", currentBuildStamp().line(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// padRight pads s with spaces to width terminal columns.
func padRight(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-ansi.StringWidth(s)))
}

// configValue shows a setting's value on one line: an empty string as "",
// a list or mapping as its JSON.
func configValue(v any) string {
	switch v := v.(type) {
	case string:
		if v == "" {
			return `""`
		}
		return v
	case nil:
		return "null"
	case []any, map[string]any:
		b, err := json.Marshal(v)
		if err == nil {
			return string(b)
		}
	}
	return fmt.Sprint(v)
}
