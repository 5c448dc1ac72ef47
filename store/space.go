package store

import (
	"encoding/json"
	"fmt"

	"github.com/lore-kb/lore/core"
)

// NoSpaceError refuses a session commit when the store's file system has
// too little room for it. Badger writes through memory maps, and a write
// into a mapped page the disk cannot hold ends the process with SIGBUS, so
// the room is checked before anything is written.
type NoSpaceError struct {
	Dir  string
	Need uint64
	Have uint64
}

func (e *NoSpaceError) Error() string {
	return fmt.Sprintf("not enough free space in %s: need ~%s, have %s; nothing was stored",
		e.Dir, humanBytes(e.Need), humanBytes(e.Have))
}

// spaceReserve is room a commit needs whatever its size: Badger may start
// a value-log file (64 MiB, mapped whole) and flush memtables (16 MiB
// each) into tables while it runs.
const spaceReserve = 128 << 20

// spaceFactor multiplies a session's encoded size: the journal, the value
// log that doubles as Badger's write-ahead log, the records applied and
// their index entries each take a share of it.
const spaceFactor = 4

// checkSpace refuses a commit of changes and report when the store's file
// system lacks room for about spaceFactor times their encoded size plus
// spaceReserve.
func (s *Store) checkSpace(changes []core.Change, report []byte) error {
	if s.opts.inMemory {
		return nil
	}
	return s.checkRoom(estimateBytes(changes, report))
}

// checkRoom refuses a write of about n encoded bytes when the store's file
// system lacks room for spaceFactor times that plus spaceReserve.
func (s *Store) checkRoom(n uint64) error {
	if s.opts.inMemory {
		return nil
	}
	free := s.opts.FreeSpace
	if free == nil {
		free = freeSpace
	}
	have, err := free(s.path)
	if err != nil {
		// A file system that cannot say is not refused on that account.
		s.log.Warningf("store %s: free space unknown: %v", s.path, err)
		return nil
	}
	need := uint64(spaceReserve) + spaceFactor*n
	if have < need {
		return &NoSpaceError{Dir: s.path, Need: need, Have: have}
	}
	return nil
}

// estimateBytes is the encoded size of changes and report, measured on up
// to 64 changes spread over the session and scaled to all of them, so that
// the estimate costs little even for a session of a million changes.
func estimateBytes(changes []core.Change, report []byte) uint64 {
	total := uint64(len(report))
	n := len(changes)
	if n == 0 {
		return total
	}
	step := max(n/64, 1)
	var sampled, bytes uint64
	for i := 0; i < n; i += step {
		b, err := json.Marshal(changes[i])
		if err != nil {
			continue
		}
		sampled++
		bytes += uint64(len(b))
	}
	if sampled == 0 {
		return total
	}
	return total + bytes*uint64(n)/sampled
}

func humanBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := uint64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
