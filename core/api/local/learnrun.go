package local

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"google.golang.org/protobuf/types/known/structpb"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/core/trajectory"
)

// agentRun is the file of an agent's run (a transcript) when the source
// is one: a file here or an upload, whose content says so.
func (src learnSource) agentRun() (string, bool) {
	if src.url {
		return "", false
	}
	_, ok := trajectory.SniffFile(src.source)
	return src.source, ok
}

// notARun is the failure of a learn asked for an agent's run alone
// (run_only) whose source is none: not a transcript (any more: a file
// rewritten since it was queued), or gone.
func (src learnSource) notARun() error {
	name := cmp.Or(src.shown, src.source)
	if !src.url {
		if _, err := os.Stat(src.source); errors.Is(err, fs.ErrNotExist) {
			return &core.InputError{Input: name, Msg: "no such file", Usage: true}
		}
	}
	return &core.InputError{Input: name, Msg: "not an agent's run (a transcript lore reads); nothing learned", Usage: true}
}

// learnAgentRun learns an agent's run: its procedure is filed as a draft
// skill (trajectory.Learner), and its result ends the stream as a run
// event. The run is named as the caller names it (source_name: lore
// watch and lore learn give its path with the home folder as ~), else by
// the upload's name or its path.
func (s *Service) learnAgentRun(ctx context.Context, c api.Caller, rn *run, path string, src learnSource, dryRun bool, send func(*lorev1.LearnEvent) error) error {
	name := src.shown
	limit := s.o.Learn.Acquire.MaxFileSize
	if limit <= 0 {
		limit = acquire.DefaultMaxFileSize
	}
	var res *trajectory.Result
	data, err := readRun(path, name, limit)
	if err == nil {
		learn := func(st Store) error {
			l := &trajectory.Learner{Extract: trajectory.Options{Home: s.o.Home}, Merge: true, Now: s.o.Now}
			if st != nil {
				lib := s.library(c, st)
				// A run's failure drafts its warning after
				// trajectory.DefaultNegativeAfter runs, not after
				// skills.negative_after reports, which count a
				// skill's reported failures.
				l.Runs, l.Library = st, lib
			}
			var lerr error
			res, lerr = l.Learn(name, data, st == nil)
			return lerr
		}
		if dryRun {
			err = learn(nil)
		} else {
			err = s.use(ctx, "Learn", true, func(_ api.Caller, st Store) error { return learn(st) })
		}
	}
	ev := rn.event()
	if err != nil {
		ev.Event = &lorev1.LearnEvent_Failed{Failed: &lorev1.RunFailed{Message: err.Error(), Code: int32(exitcode.Of(err))}}
		return send(ev)
	}
	body, err := runStruct(res)
	if err != nil {
		return fmt.Errorf("learn %s: %w", name, err)
	}
	ev.Event = &lorev1.LearnEvent_Run{Run: body}
	return send(ev)
}

// runStruct is lore learn --json's object for an agent run.
func runStruct(res *trajectory.Result) (*structpb.Struct, error) {
	b, err := json.Marshal(struct {
		Kind string `json:"kind"`
		*trajectory.Result
		// Skill is the draft the run filed, or the skill that held its
		// procedure, or the warning its failure drafted (a run learned
		// before: as it was then).
		Skill  string   `json:"skill,omitempty"`
		Errors []string `json:"errors"`
	}{"run", res, cmp.Or(res.Record.Skill, res.Record.Negative), []string{}})
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return structpb.NewStruct(m)
}

// readRun reads a run file whole, refusing one over the size limit.
func readRun(path, name string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &core.InputError{Input: name, Msg: "unreadable: " + err.Error(), Err: err}
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
