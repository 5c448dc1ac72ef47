package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
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
"redacted", …}.`

// readRun reads a run file whole, refusing one over the size limit.
func readRun(path, name string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &core.InputError{Input: name, Msg: "unreadable: " + err.Error(), Usage: errors.Is(err, os.ErrNotExist)}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &core.InputError{Input: name, Msg: "unreadable: " + err.Error(), Err: err}
	}
	if int64(len(data)) > limit {
		return nil, &core.InputError{Input: name, Msg: fmt.Sprintf("over the %s per-file limit (--max-file-size)", acquire.HumanBytes(limit))}
	}
	return data, nil
}

// runStore is what learning agent runs needs of a store: the runs learned
// and their failures, the skill library they are filed in, and the queue
// of lore watch.
type runStore interface {
	trajectory.Store
	skilllib.Store
	backend.QueueStore
}

// runLearner is the learner of agent runs over db (nil for a dry run),
// with the configured merge threshold and the user's home folder.
func (a *app) runLearner(db runStore) (*trajectory.Learner, error) {
	home, _ := os.UserHomeDir()
	l := &trajectory.Learner{Extract: trajectory.Options{Home: home}, Merge: true, Now: now}
	if db != nil {
		threshold, _, err := a.cfg.skillEvolution()
		if err != nil {
			return nil, err
		}
		l.Runs = db
		l.Library = a.library(db, skilllib.Options{MergeThreshold: threshold})
	}
	return l, nil
}

// renderRun prints what learning a run did.
func (a *app) renderRun(w io.Writer, res *trajectory.Result) {
	st := a.styles()
	label := st.Label.Render
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", label("run      "), res.Source)
	if res.DryRun {
		b.WriteString(st.Faint.Render("  (dry run: nothing stored)"))
	}
	b.WriteString("\n")
	if res.AlreadyLearned {
		fmt.Fprintf(&b, "%s %s\n", label("learned  "), res.Note)
		fmt.Fprint(styledWriter(w), b.String())
		return
	}
	outcome := st.Good.Render(string(res.Outcome))
	if res.Outcome == trajectory.Failure {
		outcome = st.Bad.Render(string(res.Outcome))
	}
	fmt.Fprintf(&b, "%s %s · %s (%s) · %d tool call%s · %d step%s\n", label("outcome  "), res.Format, outcome, res.Reason,
		res.Calls, plural(res.Calls), len(res.Steps), plural(len(res.Steps)))
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
	fmt.Fprint(styledWriter(w), b.String())
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
