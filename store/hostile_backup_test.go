package store_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/store"
)

// hostileBackup rewrites a real backup's Badger stream as payload, with a
// trailer whose length and checksum are right: only the stream is wrong.
func hostileBackup(t *testing.T, good, payload []byte) []byte {
	t.Helper()
	header := good[:bytes.IndexByte(good, '\n')+1]
	out := append(bytes.Clone(header), payload...)
	out = append(out, "LOREEND\x00"...)
	out = binary.BigEndian.AppendUint64(out, uint64(len(payload)))
	sum := sha256.Sum256(payload)
	return append(out, sum[:]...)
}

// TestRestoreHugeRecordLength restores a backup whose checksum is valid but
// whose first record claims 2^62 bytes: Badger's Load would allocate that
// and panic. The restore must fail with ErrBadBackup, leave nothing behind
// (no target, no hidden working folder), and a second restore of a good
// backup into the same target must succeed.
func TestRestoreHugeRecordLength(t *testing.T) {
	ctx := context.Background()
	s := openMem(t)
	if err := s.CommitSession(ctx, session("s1"), addChanges(0, 50)); err != nil {
		t.Fatal(err)
	}
	var bak bytes.Buffer
	if _, err := s.Backup(ctx, &bak); err != nil {
		t.Fatal(err)
	}
	good := bak.Bytes()
	payload := binary.LittleEndian.AppendUint64(nil, 1<<62)
	payload = append(payload, bytes.Repeat([]byte{0xAB}, 64)...)
	bad := hostileBackup(t, good, payload)
	for _, seekable := range []bool{true, false} {
		t.Run(fmt.Sprintf("seekable=%v", seekable), func(t *testing.T) {
			parent := t.TempDir()
			target := filepath.Join(parent, "store")
			var r io.Reader = bytes.NewReader(bad)
			if !seekable {
				r = onlyReader{r}
			}
			_, err := store.RestoreInto(ctx, target, r, store.Options{})
			if !errors.Is(err, store.ErrBadBackup) {
				t.Fatalf("restore of a 2^62 record length: %v, want ErrBadBackup", err)
			}
			if _, err := os.Stat(target); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("failed restore left %s behind: %v", target, err)
			}
			if entries, _ := os.ReadDir(parent); len(entries) != 0 {
				t.Fatalf("failed restore left %q in %s", entries[0].Name(), parent)
			}
			info, err := store.RestoreInto(ctx, target, bytes.NewReader(good), store.Options{})
			if err != nil {
				t.Fatalf("second restore after the failed one: %v", err)
			}
			if info.Store != target {
				t.Fatalf("restore reports store %s, want %s", info.Store, target)
			}
			r2 := openDir(t, target, store.Options{})
			mustCount(t, r2, 50)
		})
	}
}
