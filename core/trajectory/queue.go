package trajectory

import (
	"path/filepath"
	"strings"
	"time"
)

// JobState is where a queued run stands.
type JobState string

// Job states.
const (
	Pending JobState = "pending"
	Done    JobState = "done"
	Failed  JobState = "failed"
)

// MaxAttempts is how many times a queued run is taken before it is given
// up: a run the process died on twice is not tried a third time.
const MaxAttempts = 3

// Job is a run file queued by lore watch, kept in the store until it is
// learned, so that a crash loses none. The queue holds where the file is
// and what it held, never its text: nothing of a run is stored before it is
// generalised and redacted.
type Job struct {
	Seq uint64 `json:"seq"`
	// Path is the file, the home folder written ~ (see StorePath).
	Path string `json:"path"`
	// Hash is the file's content hash when it was queued.
	Hash     string    `json:"hash"`
	Size     int64     `json:"size"`
	State    JobState  `json:"state"`
	Attempts int       `json:"attempts"`
	Enqueued time.Time `json:"enqueued"`
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
	// Reason says why a job failed.
	Reason string `json:"reason,omitempty"`
	// Result says, in one line, what learning the run did.
	Result string `json:"result,omitempty"`
	// Skill is the draft the run filed or matched, if any.
	Skill string `json:"skill,omitempty"`
}

// StorePath is how the queue records a path: under the home folder, from
// ~, so that the store does not hold the user's name.
func StorePath(path, home string) string {
	if home == "" || home == "/" {
		return path
	}
	home = filepath.Clean(home)
	if path == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(path, home+string(filepath.Separator)); ok {
		return "~" + string(filepath.Separator) + rest
	}
	return path
}

// LocalPath is the file a recorded path names on this machine.
func LocalPath(path, home string) string {
	if home == "" {
		return path
	}
	if path == "~" {
		return home
	}
	if rest, ok := strings.CutPrefix(path, "~"+string(filepath.Separator)); ok {
		return filepath.Join(home, rest)
	}
	return path
}
