package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/pb"
	"github.com/dgraph-io/badger/v4/y"
	"google.golang.org/protobuf/proto"

	"github.com/lore-kb/lore/internal/lazyre"
)

// DamagedError reports a store whose files Badger could not read: a table
// cut short by a full disk or a bad copy. Badger panics on such files
// rather than returning an error; the store turns that panic into this.
type DamagedError struct {
	Path string
	// File is the damaged file's name inside Path, when it could be told.
	File string
	// Detail is what Badger said (its panic), first line only.
	Detail string
}

func (e *DamagedError) Error() string {
	what := "a file"
	if e.File != "" {
		what = "table " + e.File
	}
	return fmt.Sprintf("store %s: %s is damaged (%s); restore a backup (lore store restore) into an empty folder",
		e.Path, what, e.Detail)
}

// openBadger is badger.Open, with a panic while reading the store's files
// turned into a *DamagedError.
func openBadger(dir string, bo badger.Options) (db *badger.DB, err error) {
	if !bo.InMemory {
		if err := checkTables(dir, bo); err != nil {
			return nil, err
		}
	}
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, damaged(dir, r)
		}
	}()
	return badger.Open(bo)
}

// recoverDamage, deferred, turns a panic of Badger while reading the store
// into a *DamagedError in *err.
func (s *Store) recoverDamage(err *error) {
	if r := recover(); r != nil {
		*err = damaged(s.path, r)
	}
}

// tableIDInPanic finds the table Badger names in the panic it raises while
// reading a table's index ("File Info: [ID: 12, Size: …").
var tableIDInPanic = lazyre.New(`\[ID: (\d+),`)

func damaged(dir string, r any) *DamagedError {
	msg := fmt.Sprint(r)
	if err, ok := r.(error); ok {
		msg = err.Error()
	}
	e := &DamagedError{Path: dir, Detail: firstLine(msg)}
	if m := tableIDInPanic.FindStringSubmatch(msg); m != nil {
		id, _ := strconv.Atoi(m[1]) // the pattern matched digits
		e.File = fmt.Sprintf("%06d.sst", id)
	} else if f := firstBadTable(dir); f != "" {
		e.File = f
	}
	return e
}

func firstLine(s string) string {
	for _, line := range regexp.MustCompile(`\r?\n`).Split(s, -1) {
		if line != "" && line != "== Recovering from initIndex crash ==" {
			return line
		}
	}
	return "unreadable"
}

// checkTables reads the footer of every table of dir's manifest — the
// checksum and length of its index, and the index itself, which must fit
// in the file and match its checksum — before Badger opens them. Badger
// reads them in goroutines of its own, where a table cut short panics
// beyond any recover; this is the same check Badger makes, made where it
// can fail. A table file the manifest does not name is left alone: a
// process killed while writing one (a compaction, the merge on close)
// leaves it empty, and Badger deletes it on open.
func checkTables(dir string, bo badger.Options) error {
	names, err := filepath.Glob(filepath.Join(dir, "*.sst"))
	if err != nil {
		return nil //nolint:nilerr // Glob fails only on a malformed pattern, and this one is fixed
	}
	sort.Strings(names)
	live := manifestTables(dir, bo)
	for _, name := range names {
		var id uint64
		if _, err := fmt.Sscanf(filepath.Base(name), "%06d.sst", &id); err == nil && live != nil {
			if _, ok := live[id]; !ok {
				continue
			}
		}
		if err := checkTable(name); err != nil {
			return &DamagedError{Path: dir, File: filepath.Base(name), Detail: err.Error()}
		}
	}
	return nil
}

// manifestTables returns the ids of the tables dir's manifest names, or
// nil when it cannot be read (then every table file is checked, and
// Badger reports the manifest's own damage).
func manifestTables(dir string, bo badger.Options) map[uint64]badger.TableManifest {
	f, err := os.Open(filepath.Join(dir, badger.ManifestFilename))
	if err != nil {
		return nil
	}
	defer f.Close()
	m, _, err := badger.ReplayManifestFile(f, bo.ExternalMagicVersion, bo)
	if err != nil {
		return nil
	}
	return m.Tables
}

// firstBadTable names the first table in dir that fails checkTable.
func firstBadTable(dir string) string {
	if dir == "" || dir == ":memory:" {
		return ""
	}
	var damaged *DamagedError
	if errors.As(checkTables(dir, badger.DefaultOptions(dir).WithLogger(nil)), &damaged) {
		return damaged.File
	}
	return ""
}

// checkTable follows Badger's table layout: …, index, index length (4
// bytes), checksum, checksum length (4 bytes), lengths big-endian.
func checkTable(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	size := fi.Size()
	u32 := func(off int64) (int64, error) {
		var b [4]byte
		if off < 0 {
			return 0, fmt.Errorf("file of %d bytes is too short for its footer", size)
		}
		if _, err := f.ReadAt(b[:], off); err != nil {
			return 0, err
		}
		return int64(binary.BigEndian.Uint32(b[:])), nil
	}
	checksumLen, err := u32(size - 4)
	if err != nil {
		return err
	}
	if checksumLen > size-8 {
		return fmt.Errorf("checksum length %d does not fit in a file of %d bytes", checksumLen, size)
	}
	buf := make([]byte, checksumLen)
	if _, err := f.ReadAt(buf, size-4-checksumLen); err != nil {
		return err
	}
	var sum pb.Checksum
	if err := proto.Unmarshal(buf, &sum); err != nil {
		return fmt.Errorf("unreadable index checksum: %w", err)
	}
	indexLen, err := u32(size - 8 - checksumLen)
	if err != nil {
		return err
	}
	if indexLen > size-8-checksumLen {
		return fmt.Errorf("index length %d does not fit in a file of %d bytes", indexLen, size)
	}
	index := make([]byte, indexLen)
	if _, err := f.ReadAt(index, size-8-checksumLen-indexLen); err != nil {
		return err
	}
	if err := y.VerifyChecksum(index, &sum); err != nil {
		return fmt.Errorf("index checksum mismatch: %w", err)
	}
	return nil
}
