package local

import (
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
	user, workspace string
	// name is the name the client gave, which its extension tells the
	// format of and the record names the source by; path is where the
	// bytes are: in a folder of the upload's own, named by its id.
	name, path string
	expires    time.Time
}

// uploads are the documents waiting for their learn.
type uploads struct {
	dir string
	now func() time.Time
	mu  sync.Mutex
	m   map[string]*upload
}

func newUploads(dir string, now func() time.Time) *uploads {
	return &uploads{dir: dir, now: now, m: map[string]*upload{}}
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
	n, err := io.Copy(io.MultiWriter(f, sum), ctxReader{ctx, body})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.RemoveAll(filepath.Dir(path))
		if _, ok := errors.AsType[*connect.Error](err); ok {
			return nil, err
		}
		return nil, asAPIError(fmt.Errorf("upload %s: %w", h.GetName(), err))
	}
	u.mu.Lock()
	u.m[id] = &upload{user: c.User, workspace: c.Workspace, name: h.GetName(), path: path, expires: u.now().Add(uploadLife)}
	u.mu.Unlock()
	// Removed when its time is up even if no call comes to sweep it.
	time.AfterFunc(uploadLife+time.Second, u.sweep)
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
	return up, nil
}

// sweep removes the uploads past their time, and the files of uploads no
// longer known (kept by a process that ended) as old.
func (u *uploads) sweep() {
	now := u.now()
	u.mu.Lock()
	known := make(map[string]bool, len(u.m))
	for id, up := range u.m {
		if now.After(up.expires) {
			_ = os.RemoveAll(filepath.Dir(up.path))
			delete(u.m, id)
			continue
		}
		known[filepath.Dir(up.path)] = true
	}
	u.mu.Unlock()
	entries, err := os.ReadDir(u.dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		dir := filepath.Join(u.dir, e.Name())
		if info, err := e.Info(); err == nil && info.IsDir() && !known[dir] && now.Sub(info.ModTime()) > uploadLife {
			_ = os.RemoveAll(dir)
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
