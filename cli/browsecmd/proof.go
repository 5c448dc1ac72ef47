package browsecmd

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/tui/styles"
)

// writeExamples is lore show's Example sections: the worked examples the
// source gives of the primitive, as it lays them out.
func writeExamples(b *strings.Builder, st styles.Styles, examples []string) {
	for _, e := range examples {
		fmt.Fprintf(b, "\n%s\n%s\n", st.Heading.Render("Example"), text.ReadableMath(e))
	}
}

// writePassage is lore show's "The source goes on" section: what the
// source says of the primitive after its statement, as it says it.
func writePassage(b *strings.Builder, st styles.Styles, passage string) {
	if passage != "" {
		fmt.Fprintf(b, "\n%s\n%s\n", st.Heading.Render("The source goes on"), passage)
	}
}

// writeProof is lore show's Proof section: the source's sketch of the
// proof of a result and the proof it gives, read as the statement is, and
// where the proof was too long to keep whole, how much of it is kept.
func writeProof(b *strings.Builder, st styles.Styles, pr core.Proof) {
	if pr.Sketch != "" {
		fmt.Fprintf(b, "\n%s\n%s\n", st.Heading.Render("Proof sketch"), text.ReadableMath(pr.Sketch))
	}
	if pr.Text == "" {
		return
	}
	fmt.Fprintf(b, "\n%s\n%s\n", st.Heading.Render("Proof"), text.ReadableMath(pr.Text))
	if pr.Cut > 0 {
		fmt.Fprintf(b, "%s\n", st.Faint.Render(fmt.Sprintf("(cut: the first %s of a proof of %s in its source)",
			acquire.HumanBytes(int64(len(pr.Text))), acquire.HumanBytes(int64(pr.Cut)))))
	}
}
