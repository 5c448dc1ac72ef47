package local

import (
	"container/heap"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// uploadLife is how long an upload waits for its Learn.
const uploadLife = time.Hour

// upload is a document sent for a learn, kept under Options.UploadDir
// until its learn takes it or it expires.
type upload struct {
	// user and workspace are whose it is: nobody else may learn it.
	// Both are empty for a folder left by a process that ended, known
	// only to be removed in its time.
	user, workspace string
	// id names it, and dir, the folder of its own in the uploads'.
	id, dir string
	// name is the name the client gave, which its extension tells the
	// format of and the record names the source by; path is where the
	// bytes are, in dir.
	name, path string
	// size is how many bytes it keeps, counted in its user's until
	// removed.
	size    int64
	expires time.Time
	// at is its place in the uploads' queue of expiries while it waits.
	at int
}

// remove removes up's file and forgets its bytes.
func (u *uploads) remove(up *upload) {
	_ = os.RemoveAll(up.dir)
	u.free(up.user, up.size)
}

// expiries are the waiting uploads, the first to expire first: a heap,
// so that an upload's cost does not grow with the number waiting.
type expiries []*upload

func (q expiries) Len() int           { return len(q) }
func (q expiries) Less(i, j int) bool { return q[i].expires.Before(q[j].expires) }
func (q expiries) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].at, q[j].at = i, j
}

func (q *expiries) Push(x any) {
	up := x.(*upload)
	up.at = len(*q)
	*q = append(*q, up)
}

func (q *expiries) Pop() any {
	old := *q
	up := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return up
}

// UploadLimits bound what uploads hold on a server: a client sending
// many documents at once, or many it never learns, is refused rather
// than let fill the server's disk or hold its files open.
type UploadLimits struct {
	// PerUser is how many uploads one user may have under way at once
	// (0: 4).
	PerUser int
	// UserBytes is how many bytes one user's uploads may keep, under
	// way and waiting for their learn (0: 256 MiB).
	UserBytes int64
	// TotalBytes is how many bytes every user's uploads may keep
	// together (0: 2 GiB).
	TotalBytes int64
	// Waiting is how many uploads one user may have waiting for their
	// learn, those under way included (0: 32): an empty upload passes
	// every bound of bytes, yet holds a folder, a file and a place in
	// the server's memory.
	Waiting int
}

// The defaults of UploadLimits.
const (
	DefaultUploadsPerUser  = 4
	DefaultUploadUserBytes = 256 << 20
	DefaultUploadBytes     = 2 << 30
	DefaultUploadsWaiting  = 32
)

func (l UploadLimits) withDefaults() UploadLimits {
	if l.PerUser <= 0 {
		l.PerUser = DefaultUploadsPerUser
	}
	if l.UserBytes <= 0 {
		l.UserBytes = DefaultUploadUserBytes
	}
	if l.TotalBytes <= 0 {
		l.TotalBytes = DefaultUploadBytes
	}
	if l.Waiting <= 0 {
		l.Waiting = DefaultUploadsWaiting
	}
	return l
}

// uploads are the documents waiting for their learn.
type uploads struct {
	dir   string
	now   func() time.Time
	limit UploadLimits
	mu    sync.Mutex
	m     map[string]*upload
	// open counts each user's uploads under way; kept the bytes each
	// user's uploads keep (under way, waiting, or being learned), and
	// total everyone's.
	open  map[string]int
	kept  map[string]int64
	total int64
	// waiting counts each user's uploads in m; queue has them, and the
	// folders left by a process that ended, in the order they expire.
	waiting map[string]int
	queue   expiries
	// sweeper is the one timer that sweeps, set for the first expiry.
	sweeper *time.Timer
	// found is done once the folders left by a process that ended are
	// in the queue: the uploads' folder is read once, not per upload.
	found sync.Once
}

func newUploads(dir string, now func() time.Time, limit UploadLimits) *uploads {
	return &uploads{dir: dir, now: now, limit: limit, m: map[string]*upload{}, open: map[string]int{}, kept: map[string]int64{},
		waiting: map[string]int{}}
}

// start counts an upload of user's under way, or refuses it: the user
// has as many under way as they may, or size more bytes (as the header
// says; 0 when it does not) would keep more than they or everyone may.
func (u *uploads) start(user, name string, size int64) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if n := u.open[user]; n >= u.limit.PerUser {
		return api.Errorf(connect.CodeResourceExhausted, "upload %s: %s has %d uploads under way, as many as one user may at once; send it once one has ended", name, user, n)
	}
	if n := u.waiting[user] + u.open[user]; n >= u.limit.Waiting {
		return api.Errorf(connect.CodeResourceExhausted, "upload %s: %s has %d uploads waiting for their learn (or under way), as many as one user may; learn them, or send it once they expire after %s",
			name, user, n, uploadLife)
	}
	if err := u.room(user, name, size); err != nil {
		return err
	}
	u.open[user]++
	return nil
}

// room refuses n more bytes of user's that would keep more than the user,
// or everyone, may; u.mu is held.
func (u *uploads) room(user, name string, n int64) error {
	if u.kept[user]+n > u.limit.UserBytes {
		return api.Errorf(connect.CodeResourceExhausted, "upload %s: %s's uploads would keep more than the %d bytes one user's may (under way and waiting for their learn); learn the ones sent, or let them expire (after %s)",
			name, user, u.limit.UserBytes, uploadLife)
	}
	if u.total+n > u.limit.TotalBytes {
		return api.Errorf(connect.CodeResourceExhausted, "upload %s: the server keeps as many bytes of uploads as it may (%d, every user's together); try again once some are learned or expired",
			name, u.limit.TotalBytes)
	}
	return nil
}

// keep counts n more bytes of user's, or refuses them (see room).
func (u *uploads) keep(user, name string, n int64) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if err := u.room(user, name, n); err != nil {
		return err
	}
	u.kept[user] += n
	u.total += n
	return nil
}

// free forgets n bytes of user's, their file removed.
func (u *uploads) free(user string, n int64) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.kept[user] -= n
	u.total -= n
	if u.kept[user] <= 0 {
		delete(u.kept, user)
	}
}

// end counts an upload of user's no longer under way.
func (u *uploads) end(user string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.open[user]--; u.open[user] <= 0 {
		delete(u.open, user)
	}
}

// keeper writes an upload's bytes to its file as the user's uploads have
// room for them.
type keeper struct {
	u          *uploads
	user, name string
	w          io.Writer
	n          int64
}

func (k *keeper) Write(p []byte) (int, error) {
	if err := k.u.keep(k.user, k.name, int64(len(p))); err != nil {
		return 0, err
	}
	n, err := k.w.Write(p)
	k.n += int64(n)
	if n < len(p) {
		k.u.free(k.user, int64(len(p)-n))
	}
	return n, err
}

// Upload keeps the document's bytes, read from body as they come (never
// whole in memory), under a random id for the caller's Learn.
func (s *Service) Upload(ctx context.Context, h *lorev1.UploadHeader, body io.Reader) (*lorev1.UploadResponse, error) {
	c, err := api.Check(ctx, "Upload")
	if err != nil {
		return nil, err
	}
	if err := uploadName(h.GetName()); err != nil {
		return nil, err
	}
	u := s.uploads
	if u.dir == "" {
		return nil, api.Errorf(connect.CodeFailedPrecondition, "upload %s: this service keeps no uploads", h.GetName())
	}
	u.sweep()
	if err := u.start(c.User, h.GetName(), max(h.GetSize(), 0)); err != nil {
		return nil, err
	}
	defer u.end(c.User)
	if err := os.MkdirAll(u.dir, 0o700); err != nil {
		return nil, fmt.Errorf("upload %s: %w", h.GetName(), err)
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, fmt.Errorf("upload %s: %w", h.GetName(), err)
	}
	id := hex.EncodeToString(b[:])
	if err := os.Mkdir(filepath.Join(u.dir, id), 0o700); err != nil {
		return nil, fmt.Errorf("upload %s: %w", h.GetName(), err)
	}
	path := filepath.Join(u.dir, id, h.GetName())
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		_ = os.RemoveAll(filepath.Dir(path))
		return nil, fmt.Errorf("upload %s: %w", h.GetName(), err)
	}
	sum := sha256.New()
	kept := &keeper{u: u, user: c.User, name: h.GetName(), w: io.MultiWriter(f, sum)}
	n, err := io.Copy(kept, ctxReader{ctx, body})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.RemoveAll(filepath.Dir(path))
		u.free(c.User, kept.n)
		if _, ok := errors.AsType[*connect.Error](err); ok {
			return nil, err
		}
		return nil, asAPIError(fmt.Errorf("upload %s: %w", h.GetName(), err))
	}
	u.mu.Lock()
	up := &upload{user: c.User, workspace: c.Workspace, id: id, dir: filepath.Dir(path), name: h.GetName(), path: path, size: n, expires: u.now().Add(uploadLife)}
	u.m[id] = up
	u.waiting[c.User]++
	u.push(up)
	u.mu.Unlock()
	return &lorev1.UploadResponse{UploadId: id, Size: n, Sha256: hex.EncodeToString(sum.Sum(nil))}, nil
}

// uploadName checks an upload's name: its extension tells the format,
// and the rest names the source in the record. A name with a path in it
// is refused: a client names a document, never a place.
func uploadName(name string) error {
	if strings.TrimSpace(name) == "" {
		return api.Errorf(connect.CodeInvalidArgument, "upload: the document has no name (its extension tells its format)")
	}
	if strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return api.Errorf(connect.CodeInvalidArgument, "upload %q: a document's name, not a path", name)
	}
	if strings.ContainsFunc(name, unicode.IsControl) || !utf8.ValidString(name) || len(name) > 200 {
		return api.Errorf(connect.CodeInvalidArgument, "upload %q: not a document's name (printable, 200 bytes at most)", name)
	}
	ext := filepath.Ext(name)
	for _, r := range strings.TrimPrefix(ext, ".") {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return api.Errorf(connect.CodeInvalidArgument, "upload %q: the extension %q is not a format's", name, ext)
		}
	}
	return nil
}

// take hands the upload id to c's learn: it is no longer waiting, and the
// learn removes it when done. Another user's upload, or another
// workspace's, is as unknown as one that never was.
func (u *uploads) take(c api.Caller, id string) (*upload, error) {
	u.sweep()
	u.mu.Lock()
	defer u.mu.Unlock()
	up, ok := u.m[id]
	if !ok || up.user != c.User || up.workspace != c.Workspace {
		return nil, api.Errorf(connect.CodeNotFound, "no upload %q of yours waits for a learn (an upload lasts %s and serves one learn)", id, uploadLife)
	}
	delete(u.m, id)
	u.forget(up)
	heap.Remove(&u.queue, up.at)
	return up, nil
}

// forget counts up, no longer in m, no longer waiting; u.mu is held.
func (u *uploads) forget(up *upload) {
	if u.waiting[up.user]--; u.waiting[up.user] <= 0 {
		delete(u.waiting, up.user)
	}
}

// push queues up for its expiry, and sets the sweeper when up is the
// first to expire; u.mu is held.
func (u *uploads) push(up *upload) {
	heap.Push(&u.queue, up)
	if up.at == 0 {
		u.arm()
	}
}

// arm sets the one sweeper for the first expiry, a second after it (none
// when nothing waits): an upload is removed in its time even if no call
// comes to sweep it. u.mu is held.
func (u *uploads) arm() {
	if len(u.queue) == 0 {
		if u.sweeper != nil {
			u.sweeper.Stop()
		}
		return
	}
	d := max(u.queue[0].expires.Sub(u.now())+time.Second, time.Second)
	if u.sweeper == nil {
		u.sweeper = time.AfterFunc(d, u.sweep)
		return
	}
	u.sweeper.Reset(d)
}

// sweep removes the uploads past their time, and the folders a process
// that ended left (found once, and as old as their time) as theirs
// pass: only those expired are looked at, whatever the number waiting.
func (u *uploads) sweep() {
	u.found.Do(u.leftovers)
	now := u.now()
	var gone []string
	u.mu.Lock()
	for len(u.queue) > 0 && now.After(u.queue[0].expires) {
		up := heap.Pop(&u.queue).(*upload)
		gone = append(gone, up.dir)
		if up.user == "" {
			continue
		}
		delete(u.m, up.id)
		u.forget(up)
		u.kept[up.user] -= up.size
		u.total -= up.size
		if u.kept[up.user] <= 0 {
			delete(u.kept, up.user)
		}
	}
	u.arm()
	u.mu.Unlock()
	for _, dir := range gone {
		_ = os.RemoveAll(dir)
	}
}

// leftovers queues the folders of uploads a process that ended left,
// each to expire an hour after it was last written.
func (u *uploads) leftovers() {
	entries, err := os.ReadDir(u.dir)
	if err != nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, e := range entries {
		if _, known := u.m[e.Name()]; known {
			continue
		}
		if info, err := e.Info(); err == nil && info.IsDir() {
			u.push(&upload{dir: filepath.Join(u.dir, e.Name()), expires: info.ModTime().Add(uploadLife)})
		}
	}
}

// ctxReader stops reading when ctx ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
