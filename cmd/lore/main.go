// Command lore turns documents into a reviewed, deduplicated, reversible
// graph of knowledge primitives.
package main

import (
	"context"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

// Set at build time with -ldflags "-X main.version=… -X main.commit=… -X main.date=…".
var (
	version = "dev"
	commit  = ""
	date    = ""
)

func main() {
	limitMemory()
	code := run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stopProfile()
	os.Exit(code)
}

// buildStamp is what lore knows of its own build.
type buildStamp struct {
	Version  string
	Commit   string // the full revision, "" when none was recorded
	Date     string // the commit's time, RFC 3339
	Modified bool   // built from a work tree with uncommitted changes
}

// readBuildStamp is the release's stamps when the release set them
// (-ldflags), else what the go command recorded of the checkout it built
// from: the revision, its time and whether the tree had changes
// (vcs.revision, vcs.time, vcs.modified), and the module's version when
// it was installed as module@version. A go run or a -buildvcs=false build
// records no revision.
func readBuildStamp(bi *debug.BuildInfo, ok bool) buildStamp {
	s := buildStamp{Version: version, Commit: commit, Date: date}
	if !ok || bi == nil {
		return s
	}
	if s.Commit == "" {
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				s.Commit = kv.Value
			case "vcs.time":
				if s.Date == "" {
					s.Date = kv.Value
				}
			case "vcs.modified":
				s.Modified = kv.Value == "true"
			}
		}
	}
	// A tagged module version (go install …@v1.2.0) says more than dev; a
	// pseudo-version (v0.0.0-20261125041127-12d474b71f95) only repeats
	// the commit shown beside it.
	mv := bi.Main.Version
	if s.Version == "dev" && mv != "" && mv != "(devel)" && (s.Commit == "" || !strings.Contains(mv, s.Commit[:min(12, len(s.Commit))])) {
		s.Version = mv
	}
	return s
}

// line is the stamp as lore version says it: the version, then the
// short revision, its date and whether the tree was modified.
func (s buildStamp) line() string {
	line := "lore " + s.Version
	if s.Commit == "" {
		return line + " (commit unknown: go run and -buildvcs=false builds record none)"
	}
	rev := s.Commit
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if s.Date != "" {
		rev += ", " + s.Date
	}
	if s.Modified {
		rev += ", modified"
	}
	return line + " (" + rev + ")"
}

// currentBuildStamp is this binary's stamp, read once: every command of
// the store's owner passes it to fang.
var currentBuildStamp = sync.OnceValue(func() buildStamp { return readBuildStamp(debug.ReadBuildInfo()) })
