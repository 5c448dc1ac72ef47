package store

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// A backup file is a one-line JSON header, Badger's backup stream, and a
// fixed-size trailer holding the stream's length and SHA-256. Badger's
// stream has no checksum of its own, so without the trailer a truncated or
// bit-flipped file could load "successfully" into a subtly different store.
const (
	backupFormat        = "lore-backup"
	backupFormatVersion = 1
	maxBackupHeader     = 4 << 10
	trailerLen          = 8 + 8 + sha256.Size
	// loadPendingWrites is what Badger's own restore command uses.
	loadPendingWrites = 256
)

var trailerMagic = []byte("LOREEND\x00")

// ErrCommitInFlight is returned by Backup while a session commit is running:
// a snapshot taken between its journal and its completion would restore to a
// store that first has to roll the session forward, which is not the state
// the user asked to back up.
var ErrCommitInFlight = errors.New("a session commit is in progress")

// ErrNotEmpty is returned (wrapped, naming the directory) by RestoreInto when
// the target already holds anything.
var ErrNotEmpty = errors.New("target is not empty")

// ErrBadBackup is returned (wrapped) for a backup that is not a lore backup,
// is truncated, or fails its checksum.
var ErrBadBackup = errors.New("invalid or damaged backup")

// BackupInfo describes a written backup.
type BackupInfo struct {
	// Path is the backup file, when written by BackupFile.
	Path string `json:"path,omitempty"`
	// Store is the directory of the store that was backed up.
	Store string `json:"store"`
	// Schema is the schema version of the backed-up store.
	Schema int `json:"schema"`
	// Primitives is how many primitives the store held.
	Primitives int `json:"primitives"`
	// Bytes is the size of the whole backup, header and trailer included.
	Bytes int64 `json:"bytes"`
	// SHA256 is the hex checksum of the Badger stream inside the backup.
	SHA256 string `json:"sha256"`
	// Created is when the backup was taken (UTC).
	Created time.Time `json:"created"`
}

// RestoreInfo describes a completed restore.
type RestoreInfo struct {
	// Store is the directory restored into.
	Store string `json:"store"`
	// FromSchema is the schema version recorded in the backup.
	FromSchema int `json:"fromSchema"`
	// Schema is the schema version of the restored store.
	Schema int `json:"schema"`
	// Bytes is how much of the backup was read.
	Bytes int64 `json:"bytes"`
	// Created is when the backup was taken.
	Created time.Time `json:"created"`
	// Verify is the integrity report of the restored store; it has no
	// problems, or RestoreInto would have failed.
	Verify VerifyReport `json:"verify"`
}

type backupHeader struct {
	Format  string    `json:"format"`
	Version int       `json:"version"`
	Schema  int       `json:"schema"`
	Created time.Time `json:"created"`
}

// Backup writes a full backup of a consistent snapshot of the store to w.
// It refuses with ErrCommitInFlight while a session commit is running, and
// holds off new commits until it is done. Other writes may proceed: each is
// a single transaction, so the snapshot sees all of it or none.
func (s *Store) Backup(ctx context.Context, w io.Writer) (BackupInfo, error) {
	if err := s.checkOpen(); err != nil {
		return BackupInfo{}, err
	}
	if !s.commitMu.TryLock() {
		return BackupInfo{}, fmt.Errorf("back up store %s: %w; try again when it has finished", s.path, ErrCommitInFlight)
	}
	defer s.commitMu.Unlock()
	info, err := s.backup(ctx, w)
	if err != nil {
		return BackupInfo{}, fmt.Errorf("back up store %s: %w", s.path, err)
	}
	return info, nil
}

func (s *Store) backup(ctx context.Context, w io.Writer) (BackupInfo, error) {
	info := BackupInfo{Store: s.path, Created: time.Now().UTC().Truncate(time.Second)}
	if err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(keySchema)
		switch {
		case errors.Is(err, badger.ErrKeyNotFound):
			// An in-memory store keeps no schema record (see open): its
			// layout is this lore's.
			info.Schema = SchemaVersion
		case err != nil:
			return fmt.Errorf("read schema: %w", err)
		default:
			var rec schemaRecord
			if err := item.Value(func(v []byte) error { return decodeValue(keySchema, v, &rec) }); err != nil {
				return err
			}
			info.Schema = rec.Version
		}
		info.Primitives, err = countPrefix(txn, prefixPrimitive)
		return err
	}); err != nil {
		return BackupInfo{}, err
	}
	cw := &countingWriter{w: w, ctx: ctx}
	hdr, err := json.Marshal(backupHeader{Format: backupFormat, Version: backupFormatVersion, Schema: info.Schema, Created: info.Created})
	if err != nil {
		return BackupInfo{}, err
	}
	if _, err := cw.Write(append(hdr, '\n')); err != nil {
		return BackupInfo{}, err
	}
	payloadStart := cw.n
	h := sha256.New()
	if _, err := s.db.Backup(io.MultiWriter(cw, h), 0); err != nil {
		if ctx.Err() != nil {
			return BackupInfo{}, ctx.Err()
		}
		return BackupInfo{}, fmt.Errorf("badger backup stream: %w", err)
	}
	sum := h.Sum(nil)
	trailer := make([]byte, 0, trailerLen)
	trailer = append(trailer, trailerMagic...)
	trailer = binary.BigEndian.AppendUint64(trailer, uint64(cw.n-payloadStart))
	trailer = append(trailer, sum...)
	if _, err := cw.Write(trailer); err != nil {
		return BackupInfo{}, err
	}
	info.Bytes = cw.n
	info.SHA256 = hex.EncodeToString(sum)
	return info, nil
}

// countingWriter also stops Badger's stream when ctx is cancelled: Badger's
// Backup takes no context, but it stops at the first write error.
type countingWriter struct {
	w   io.Writer
	ctx context.Context
	n   int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// BackupFile writes a backup to path atomically (see WriteBackupFile):
// path is either the old file or a complete backup, never a partial one.
// An existing path is refused (with an error matching fs.ErrExist) unless
// overwrite is set.
func (s *Store) BackupFile(ctx context.Context, path string, overwrite bool) (BackupInfo, error) {
	var info BackupInfo
	abs, err := WriteBackupFile(path, overwrite, func(w io.Writer) error {
		var err error
		info, err = s.Backup(ctx, w)
		return err
	})
	if err != nil {
		return BackupInfo{}, fmt.Errorf("back up store %s: %w", s.path, err)
	}
	info.Path = abs
	return info, nil
}

// WriteBackupFile writes path with what write writes, atomically: to a
// temporary file in the same folder, buffered, synced, then renamed, so
// path is either the old file or all that write wrote, never a part; a
// failed write leaves nothing. An existing path is refused (with an error
// matching fs.ErrExist), before write is called and again as the file is
// put in place, unless overwrite is set. It returns path made absolute.
// lore store backup writes there a backup it receives, from this
// process's store or another's.
func WriteBackupFile(path string, overwrite bool, write func(w io.Writer) error) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("back up to %s: %w", path, err)
	}
	fail := func(err error) (string, error) {
		return "", fmt.Errorf("back up to %s: %w", abs, err)
	}
	if !overwrite {
		// Checked up front too, so an existing file is refused before the
		// whole store is streamed; the link below closes the race.
		if _, err := os.Lstat(abs); err == nil {
			return fail(fs.ErrExist)
		}
	}
	dir := filepath.Dir(abs)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(abs)+".tmp-*")
	if err != nil {
		return fail(err)
	}
	tmpName := tmp.Name()
	defer os.Remove(tmpName) // a no-op once renamed or linked and removed
	bw := bufio.NewWriterSize(tmp, 1<<20)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	if overwrite {
		err = os.Rename(tmpName, abs)
	} else {
		// A hard link fails if path appeared meanwhile, which a rename
		// would silently replace.
		err = os.Link(tmpName, abs)
		if errors.Is(err, fs.ErrExist) {
			return fail(fs.ErrExist)
		}
		if err != nil {
			// Filesystems without hard links: fall back to rename.
			if _, serr := os.Lstat(abs); serr == nil {
				return fail(fs.ErrExist)
			}
			err = os.Rename(tmpName, abs)
		}
	}
	if err != nil {
		return fail(err)
	}
	syncDir(dir)
	return abs, nil
}

// syncDir makes a rename durable; failures are ignored because some
// platforms and filesystems cannot sync a directory, and the data itself is
// already synced.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// RestoreFile restores the backup file path into dir; see RestoreInto.
func RestoreFile(ctx context.Context, dir, path string, opts Options) (RestoreInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return RestoreInfo{}, fmt.Errorf("restore %s: %w", path, err)
	}
	defer f.Close()
	info, err := RestoreInto(ctx, dir, f, opts)
	if err != nil {
		return RestoreInfo{}, fmt.Errorf("restore %s: %w", path, err)
	}
	return info, nil
}

// RestoreInto restores a backup written by Backup into dir, which must be
// absent or an empty directory (anything else is refused with ErrNotEmpty
// and left untouched). A backup from a newer schema is refused with
// ErrSchemaTooNew before anything is written. The restored store is opened
// (which recovers an interrupted session and rebuilds derived data built by
// other rules, see Reindex) and verified; if any step fails, everything
// written into dir is removed, so a restore leaves either a verified store
// or nothing.
//
// When r is also an io.Seeker the whole backup is checksummed before
// anything is written, so a damaged file never touches dir at all.
func RestoreInto(ctx context.Context, dir string, r io.Reader, opts Options) (RestoreInfo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return RestoreInfo{}, fmt.Errorf("restore into %s: %w", dir, err)
	}
	fail := func(err error) (RestoreInfo, error) {
		return RestoreInfo{}, fmt.Errorf("restore into %s: %w", abs, err)
	}
	existed, err := checkEmptyTarget(abs)
	if err != nil {
		return fail(err)
	}
	if seeker, ok := r.(io.Seeker); ok {
		start, err := seeker.Seek(0, io.SeekCurrent)
		if err == nil {
			if _, err := readBackup(ctx, r, func(io.Reader) error { return nil }); err != nil {
				return fail(err)
			}
			if _, err := seeker.Seek(start, io.SeekStart); err != nil {
				return fail(err)
			}
		}
	}
	// The store is built in a hidden sibling and renamed into place only
	// once it is verified, so that a failure — or a crash — never leaves a
	// half-made store where the next restore would refuse it as not empty.
	parent := filepath.Dir(abs)
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return fail(err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(abs)+".restore-")
	if err != nil {
		return fail(err)
	}
	info, err := restore(ctx, tmp, r, opts)
	if err == nil {
		err = placeRestored(tmp, abs, existed)
	}
	if err != nil {
		if cerr := os.RemoveAll(tmp); cerr != nil {
			err = errors.Join(err, fmt.Errorf("remove partly restored files in %s: %w", tmp, cerr))
		} else {
			err = fmt.Errorf("%w (nothing was left in %s)", err, abs)
		}
		return fail(err)
	}
	info.Store = abs
	return info, nil
}

// placeRestored renames the verified store tmp to dir, replacing the empty
// directory that was there, if any.
func placeRestored(tmp, dir string, existed bool) error {
	if existed {
		// Only an empty directory is removed: something that appeared in
		// it during the restore is not ours to delete.
		if err := os.Remove(dir); err != nil {
			return fmt.Errorf("replace empty directory %s: %w", dir, err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("move restored store into %s: %w", dir, err)
	}
	syncDir(filepath.Dir(dir))
	return nil
}

func restore(ctx context.Context, dir string, r io.Reader, opts Options) (RestoreInfo, error) {
	opts.inMemory = false
	db, err := badger.Open(opts.badgerOptions(dir))
	if err != nil {
		if isLockError(err) {
			return RestoreInfo{}, &LockedError{Path: dir, Err: err}
		}
		return RestoreInfo{}, err
	}
	hdr, err := readBackup(ctx, r, func(payload io.Reader) error {
		return db.Load(&frameGuard{r: payload, limit: maxBackupFrame}, loadPendingWrites)
	})
	if cerr := db.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("close after load: %w", cerr)
	}
	if err != nil {
		return RestoreInfo{}, err
	}
	s, err := Open(dir, opts)
	if err != nil {
		return RestoreInfo{}, fmt.Errorf("open restored store: %w", err)
	}
	rep, err := s.Verify(ctx)
	if err == nil && !rep.OK() {
		err = fmt.Errorf("restored store failed verification with %d problem%s, first: %s",
			len(rep.Problems), pluralS(len(rep.Problems)), rep.Problems[0])
	}
	if err == nil {
		err = s.Sync()
	}
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return RestoreInfo{}, err
	}
	return RestoreInfo{Store: dir, FromSchema: hdr.Schema, Schema: SchemaVersion, Bytes: hdr.bytes, Created: hdr.Created, Verify: rep}, nil
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// checkEmptyTarget reports whether dir exists, and refuses anything but an
// absent path or an empty directory.
func checkEmptyTarget(dir string) (existed bool, err error) {
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !fi.IsDir() {
		return true, fmt.Errorf("%w: it is a file, not a directory", ErrNotEmpty)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true, err
	}
	if len(entries) > 0 {
		return true, fmt.Errorf("%w (it holds %q and %d other entries); restore only into an empty or absent directory",
			ErrNotEmpty, entries[0].Name(), len(entries)-1)
	}
	return true, nil
}

type parsedHeader struct {
	backupHeader
	bytes int64
}

// readBackup parses a backup's header, hands its Badger stream to load, and
// checks the trailer once load has consumed the stream.
func readBackup(ctx context.Context, r io.Reader, load func(io.Reader) error) (parsedHeader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	line, err := br.ReadSlice('\n')
	if err != nil {
		if errors.Is(err, bufio.ErrBufferFull) || len(line) > maxBackupHeader {
			return parsedHeader{}, fmt.Errorf("no lore backup header: %w", ErrBadBackup)
		}
		return parsedHeader{}, fmt.Errorf("read header: %w: %w", err, ErrBadBackup)
	}
	var hdr parsedHeader
	if err := json.Unmarshal(line, &hdr.backupHeader); err != nil || hdr.Format != backupFormat {
		return parsedHeader{}, fmt.Errorf("not a lore backup (no %s header): %w", backupFormat, ErrBadBackup)
	}
	if hdr.Version != backupFormatVersion {
		return parsedHeader{}, fmt.Errorf("backup format version %d is not supported (this lore reads version %d): %w",
			hdr.Version, backupFormatVersion, ErrBadBackup)
	}
	if hdr.Schema > SchemaVersion {
		return parsedHeader{}, fmt.Errorf("backup has schema version %d but this lore supports up to %d; upgrade lore: %w",
			hdr.Schema, SchemaVersion, ErrSchemaTooNew)
	}
	tr := &tailReader{r: br, ctx: ctx, h: sha256.New()}
	if err := load(tr); err != nil {
		if tr.err != nil {
			return parsedHeader{}, fmt.Errorf("read backup: %w", tr.err)
		}
		return parsedHeader{}, fmt.Errorf("load backup stream (truncated or damaged?): %w: %w", err, ErrBadBackup)
	}
	if _, err := io.Copy(io.Discard, tr); err != nil {
		return parsedHeader{}, fmt.Errorf("read backup: %w", err)
	}
	if err := tr.check(); err != nil {
		return parsedHeader{}, err
	}
	hdr.bytes = int64(len(line)) + tr.n + trailerLen
	return hdr, nil
}

// tailReader passes a stream through while holding back its last trailerLen
// bytes, so the Badger stream can be read without knowing its length up
// front and the trailer checked afterwards.
type tailReader struct {
	r    io.Reader
	ctx  context.Context
	h    hash.Hash
	buf  []byte
	eof  bool
	err  error
	n    int64
	tail []byte
}

func (t *tailReader) Read(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	if err := t.ctx.Err(); err != nil {
		t.err = err
		return 0, err
	}
	for len(t.buf) <= trailerLen && !t.eof {
		var chunk [32 << 10]byte
		n, err := t.r.Read(chunk[:])
		t.buf = append(t.buf, chunk[:n]...)
		if errors.Is(err, io.EOF) {
			t.eof = true
		} else if err != nil {
			t.err = err
			return 0, err
		}
	}
	avail := len(t.buf) - trailerLen
	if avail <= 0 {
		t.tail = t.buf
		return 0, io.EOF
	}
	n := copy(p, t.buf[:avail])
	t.h.Write(p[:n])
	t.n += int64(n)
	t.buf = t.buf[n:]
	return n, nil
}

func (t *tailReader) check() error {
	if len(t.tail) != trailerLen || !bytes.Equal(t.tail[:len(trailerMagic)], trailerMagic) {
		return fmt.Errorf("backup is truncated (no valid trailer after %d bytes of data): %w", t.n, ErrBadBackup)
	}
	if n := binary.BigEndian.Uint64(t.tail[len(trailerMagic):]); n != uint64(t.n) {
		return fmt.Errorf("backup holds %d bytes of data, its trailer says %d: %w", t.n, n, ErrBadBackup)
	}
	if !bytes.Equal(t.tail[16:], t.h.Sum(nil)) {
		return fmt.Errorf("backup checksum mismatch (the file is damaged): %w", ErrBadBackup)
	}
	return nil
}

// maxBackupFrame bounds one record of Badger's backup stream. Badger's
// stream writes batches of about 16 MiB (twice that at most, plus one
// value); Load allocates whatever a record's length field says before
// reading it, so a damaged or hostile length of 2^62 would otherwise end
// the process with a failed allocation, checksum or not.
const maxBackupFrame = 256 << 20

// frameGuard passes Badger's backup stream through to Load while parsing
// its framing (an 8-byte little-endian length, then that many bytes), and
// fails before Load sees a length over limit.
type frameGuard struct {
	r     io.Reader
	limit uint64
	hdr   [8]byte
	nhdr  int
	// body is what remains of the current record after its length.
	body  uint64
	frame int
}

func (g *frameGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	for b := p[:n]; len(b) > 0; {
		if g.body > 0 {
			k := uint64(len(b))
			if k > g.body {
				k = g.body
			}
			g.body -= k
			b = b[k:]
			continue
		}
		g.hdr[g.nhdr] = b[0]
		g.nhdr++
		b = b[1:]
		if g.nhdr == len(g.hdr) {
			g.nhdr = 0
			g.frame++
			sz := binary.LittleEndian.Uint64(g.hdr[:])
			if sz > g.limit {
				return 0, fmt.Errorf("record %d of the backup stream claims %d bytes, more than the %d a record may hold", g.frame, sz, g.limit)
			}
			g.body = sz
		}
	}
	return n, err
}
