package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core/trajectory"
)

// learnRunHelp is the paragraph of lore learn --help about agent runs.
const learnRunHelp = `An agent's run — a JSON Lines transcript of Claude Code (a session file or its
stream-json output), OpenAI Codex CLI (a rollout file) or lore's generic schema
(docs/trajectories.md), recognised by its content whatever its name — is
learned differently: lore decides whether the run succeeded (its explicit
outcome, the final status the agent recorded, else its tool errors: a failed
call is recovered by a later success of the same tool, for a shell the same
program), draws the procedure from it (the user's request as the trigger, the
tool calls that worked as steps, with home paths written ~, the project folder
<project>, ids, hashes, numbers, timestamps and URL queries as placeholders,
e-mail addresses, tokens and keys redacted, preconditions, the failures it
recovered from) and files it as a draft skill (source "proposed", provenance
run:FILE) in the review queue, never active. A run whose procedure a skill
already holds (seed 001's source hash) adds nothing, and a near-duplicate
draft is merged into the older one. A failed run is counted by its failure's
signature; the third run failing with one signature files a negative-skill
draft. The same run learned twice adds nothing. --dry-run shows what would be
filed; --json prints {"kind": "run", "source", "format", "outcome", "reason",
"steps", "drafts", "duplicates", "merged", "negativeDrafts", "failure",
"redacted", "skill", …}.`

// renderRun prints what learning a run did.
func (a *app) renderRun(w io.Writer, res *trajectory.Result) {
	st := a.Styles()
	label := st.Label.Render
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", label("run      "), res.Source)
	if res.DryRun {
		b.WriteString(st.Faint.Render("  (dry run: nothing stored)"))
	}
	b.WriteString("\n")
	if res.AlreadyLearned {
		fmt.Fprintf(&b, "%s %s\n", label("learned  "), res.Note)
		fmt.Fprint(cmdutil.StyledWriter(w), b.String())
		return
	}
	outcome := st.Good.Render(string(res.Outcome))
	if res.Outcome == trajectory.Failure {
		outcome = st.Bad.Render(string(res.Outcome))
	}
	fmt.Fprintf(&b, "%s %s · %s (%s) · %d tool call%s · %d step%s\n", label("outcome  "), res.Format, outcome, res.Reason,
		res.Calls, cmdutil.Plural(res.Calls), len(res.Steps), cmdutil.Plural(len(res.Steps)))
	for _, d := range res.Drafts {
		if d.Key == "" {
			fmt.Fprintf(&b, "%s a draft skill would be filed\n", label("drafted  "))
			continue
		}
		fmt.Fprintf(&b, "%s %s (draft, in the review queue: lore skills review)\n", label("drafted  "), d.Key)
		if d.Critical {
			fmt.Fprintf(&b, "%s it has a critical finding: lore skills review %s shows it; promoting it needs --ack-critical\n", label("         "), d.Key)
		}
	}
	for _, k := range res.Duplicates {
		fmt.Fprintf(&b, "%s %s already holds this procedure; nothing added\n", label("duplicate"), k)
	}
	for _, p := range res.Merged {
		fmt.Fprintf(&b, "%s %s into %s (similarity %.2f)\n", label("merged   "), p.From, p.Into, p.Score)
	}
	if f := res.Failure; f != nil {
		fmt.Fprintf(&b, "%s %q: %d of %d runs before a warning is drafted\n", label("failure  "), f.Signature, min(f.Count, f.NegativeAfter), f.NegativeAfter)
	}
	for _, d := range res.NegativeDrafts {
		if d.Key == "" {
			fmt.Fprintf(&b, "%s a negative-skill draft would be filed\n", label("warning  "))
			continue
		}
		fmt.Fprintf(&b, "%s %s drafted (a negative skill, in the review queue)\n", label("warning  "), d.Key)
	}
	if res.Note != "" {
		fmt.Fprintf(&b, "%s %s\n", label("note     "), res.Note)
	}
	if len(res.Redacted) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(res.Redacted)) {
			parts = append(parts, fmt.Sprintf("%s %d", k, res.Redacted[k]))
		}
		fmt.Fprintf(&b, "%s %s\n", label("taken out"), strings.Join(parts, " · "))
	}
	for _, warn := range res.Warnings {
		fmt.Fprintf(&b, "%s %s\n", st.Faint.Render("warning  "), warn)
	}
	fmt.Fprint(cmdutil.StyledWriter(w), b.String())
}

// isRun reports whether the source of a learn is an agent's run: a local
// file whose content is a transcript.
func isRun(ctx context.Context, path string) bool {
	if ctx.Err() != nil {
		return false
	}
	_, ok := trajectory.SniffFile(path)
	return ok
}
