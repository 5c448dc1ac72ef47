package browsecmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/text"
)

// maxFindStatement bounds the statement a hit carries: a search result
// names and places a primitive; lore show ID has the rest.
const maxFindStatement = 400

// NewCmdFind is lore find: the learned primitives that match a query.
func NewCmdFind(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		top    int
		domain string
	)
	cmd := &cobra.Command{
		Use:   "find QUERY",
		Short: "Search the learned primitives by words",
		Long: `Ranks the primitives in the store against QUERY with BM25 over their name
(weight 3), keywords, tags and applicability patterns (2), and statement and
computational form (1), with lore's word handling (stopwords dropped, stems
matched) — the weights and words of lore skills search. A primitive named what
was asked for (lore find graph finds Graph) comes first, whatever its score: a
short name's one mention weighs less than a long statement's several. Equally
relevant primitives are ordered by importance (lore rank), then id. Each result
gives the primitive's id, name, type, domain, the start of its statement and how
many dependencies it has; lore show ID prints it whole with its edges.`,
		Example: `  lore find "breadth first search"
  lore find "opening handshake" --domain networking --top 5 --json`,
		Args:        cmdutil.ExactArgs(1, "one QUERY (quote it)"),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if top < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--top %d: must be 0 (all) or more", top)}
			}
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.FindResponse, error) {
				return svc.Find(ctx, &lorev1.FindRequest{Query: args[0], Top: int32(top), Domain: domain})
			})
			if err != nil {
				return err
			}
			return printFound(f, asJSON, api.FindResultOf(args[0], out))
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"query", "searched", "results": [{"id", "name", "type", "domain", "score", "importance", "statement", "keywords", "dependencies"}]}`)
	cmd.Flags().IntVar(&top, "top", 10, "show at most this many results (0: all)")
	cmd.Flags().StringVar(&domain, "domain", "", "only this domain's primitives")
	return cmd
}

// printFound prints a search's result, from this machine's store or a
// team server's.
func printFound(f *cmdutil.Factory, asJSON bool, out api.FindResult) error {
	for i := range out.Results {
		out.Results[i].Statement = cmdutil.Truncate(strings.TrimSpace(out.Results[i].Statement), maxFindStatement)
	}
	return f.Output(asJSON, out, func(b *strings.Builder) {
		st := f.Styles()
		if len(out.Results) == 0 {
			fmt.Fprintf(b, "No primitive matches %q (%d searched).\n", out.Query, out.Searched)
		}
		for i, h := range out.Results {
			fmt.Fprintf(b, "%2d. %s %s\n    %s\n", i+1, h.Name, st.Faint.Render(fmt.Sprintf("%s · %s · %s · score %.3f", h.ID, h.Type, h.Domain, h.Score)),
				cmdutil.TruncateRunes(text.ReadableMath(h.Statement), 110))
		}
	})
}
