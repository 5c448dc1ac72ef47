package engine

import (
	"fmt"

	"github.com/lore-kb/lore/core/acquire"
)

// Summary says in one plain line what a finished stage produced, for
// progress lines and logs.
func (f StageFinished) Summary() string {
	if f.Status == StageSkipped {
		if f.Detail == "" {
			return "skipped"
		}
		return "skipped: " + f.Detail
	}
	if f.Err != "" {
		return f.Err
	}
	c := f.Counts
	switch f.Stage {
	case StageAcquire:
		return fmt.Sprintf("%d document(s), %s", c["documents"], acquire.HumanBytes(int64(c["bytes"])))
	case StageSanitize:
		return fmt.Sprintf("%s · critical %d · warning %d · info %d", f.Detail, c["critical"], c["warning"], c["info"])
	case StageAnalyze:
		return fmt.Sprintf("%d section(s) · %s", c["sections"], f.Detail)
	case StageExtract:
		return fmt.Sprintf("%d candidate(s)", c["candidates"])
	case StageDedup:
		return fmt.Sprintf("added %d · updated %d · skipped %d · conflicts %d", c["added"], c["updated"], c["skipped"], c["conflicts"])
	case StageGenerate:
		return fmt.Sprintf("%d artifact(s) · %s", c["artifacts"], f.Detail)
	}
	return f.Detail
}
