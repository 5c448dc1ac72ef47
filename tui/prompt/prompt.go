// Package prompt is a line-based approver for the gate: it shows the
// findings on a terminal and asks for a decision. The terminal application
// replaces it with the findings reviewer; until then, and for plain
// terminals, this is how a person approves a source.
package prompt

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/tui/styles"
)

// Approver asks on Out and reads answers from In.
type Approver struct {
	In     io.Reader
	Out    io.Writer
	Styles styles.Styles
}

// ErrNoAnswer is returned when the input ends before a decision.
var ErrNoAnswer = errors.New("input ended before a decision was given")

// Approve implements gate.Approver: it lists the findings, asks for each
// critical one to be acknowledged by typing its number, then asks for
// approve, approve with warnings or reject.
func (a Approver) Approve(ctx context.Context, req gate.Request) (gate.Answer, error) {
	st := a.Styles
	in := bufio.NewScanner(a.In)
	r := req.Report
	fmt.Fprintf(a.Out, "%s %s\n", st.Label.Render("approval"), req.Why)
	for i, f := range r.Findings {
		sev := string(f.Severity)
		if f.Severity == core.Critical {
			sev = st.Bad.Render(sev)
		}
		fmt.Fprintf(a.Out, "  [%d] %s %s %s\n      %s\n", i+1, sev, st.Kind.Render(string(f.Category)), f.Location, f.Description)
		if f.Evidence != "" {
			fmt.Fprintf(a.Out, "      %s\n", st.Faint.Render(f.Evidence))
		}
	}
	var ack []int
	for _, i := range req.Critical {
		for {
			if err := ctx.Err(); err != nil {
				return gate.Answer{}, err
			}
			fmt.Fprintf(a.Out, "Critical finding [%d]: type %d to acknowledge it, or r to reject: ", i+1, i+1)
			line, ok := readLine(in)
			if !ok {
				return gate.Answer{}, ErrNoAnswer
			}
			if line == "r" || line == "reject" {
				return gate.Answer{Status: core.Rejected, Rationale: "rejected while reviewing critical findings", Acknowledged: ack}, nil
			}
			if n, err := strconv.Atoi(line); err == nil && n == i+1 {
				ack = append(ack, i)
				break
			}
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return gate.Answer{}, err
		}
		fmt.Fprint(a.Out, "Decision — a approve · w approve with warnings · r reject: ")
		line, ok := readLine(in)
		if !ok {
			return gate.Answer{}, ErrNoAnswer
		}
		var s core.ApprovalStatus
		switch line {
		case "a", "approve":
			s = core.Approved
		case "w", "approve with warnings":
			s = core.ApprovedWithWarnings
		case "r", "reject":
			s = core.Rejected
		default:
			continue
		}
		return gate.Answer{Status: s, Rationale: "decided at the terminal prompt", Acknowledged: ack}, nil
	}
}

func readLine(in *bufio.Scanner) (string, bool) {
	if !in.Scan() {
		return "", false
	}
	return strings.ToLower(strings.TrimSpace(in.Text())), true
}
