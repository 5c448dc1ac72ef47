package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core/acquire"
)

// The --json shape of `lore text` is a contract other tools rely on.
type textOut struct {
	Documents []textDoc `json:"documents"`
}

type textDoc struct {
	Path      string `json:"path"`
	MediaType string `json:"mediaType"`
	Bytes     int64  `json:"bytes"`
	SHA256    string `json:"sha256"`
	Text      string `json:"text"`
}

func (a *app) textCmd() *cobra.Command {
	var (
		asJSON bool
		scope  string
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "text SOURCE",
		Short:       "Print the text lore reads from each document of a source",
		Long: `Acquires a source — a file, folder, archive or http(s) URL — and prints the
text lore extracted from each document, as the analyzer will see it: Word, EPUB,
HTML, Bikeshed and PDF converted to Markdown-like text with their headings. Nothing is
stored and nothing is scanned or learned; use it to check what lore read.

` + stdinHelp,
		Example: `  lore text book.pdf | less
  lore text https://example.org/notes.html --json | jq -r '.documents[0].text'`,
		Args: cmdutil.ExactArgs(1, "one SOURCE (a file, folder, archive or URL)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			a.cfg.bindFlag(keyMaxFileSize, cmd.Flags().Lookup("max-file-size"))
			ao, err := a.cfg.acquireOptions()
			if err != nil {
				return err
			}
			ao.Scope = splitList(scope)
			res, err := fromSource(a, cmd, args[0], func(src string) (*acquire.Result, error) { return acquire.Source(cmd.Context(), src, ao) })
			if err != nil {
				return err
			}
			// The text the analyzer sees: files lore only scans are left out.
			if err := acquire.NothingToLearn(args[0], res); err != nil {
				return err
			}
			out := textOut{Documents: []textDoc{}}
			for _, d := range acquire.Learnable(res.Documents) {
				out.Documents = append(out.Documents, textDoc{d.Path, d.MediaType, d.Bytes, d.SHA256, d.Text})
			}
			for _, p := range res.Skipped {
				fmt.Fprintf(a.Stderr, "lore: skipped %s: %s\n", p.Path, p.Reason)
			}
			return a.Output(asJSON, out, func(b *strings.Builder) {
				st := a.Styles()
				for i, d := range out.Documents {
					if i > 0 {
						b.WriteString("\n")
					}
					fmt.Fprintf(b, "%s\n", st.Heading.Render(fmt.Sprintf("==> %s (%s, %s)", d.Path, d.MediaType, acquire.HumanBytes(d.Bytes))))
					b.WriteString(d.Text)
					if !strings.HasSuffix(d.Text, "\n") {
						b.WriteString("\n")
					}
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().StringVar(&scope, "scope", "", scopeUsage)
	cmd.Flags().Int64("max-file-size", acquire.DefaultMaxFileSize, "largest document read, in bytes")
	return cmd
}
