package postgres

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store/backend"
)

// A load is one transaction: cancelled once the sessions are written, or
// failing after, it leaves the workspace empty, and another load then
// fills it.
func TestLoadIsAllOrNothing(t *testing.T) {
	src := open(t, pgtest.Start(t).URL)
	sound(t, src)
	dst := open(t, pgtest.Start(t).URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := backend.Copy(ctx, src, dst, func(p backend.CopyProgress) {
		if p.Stage == backend.StagePrimitives && p.Finished {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled copy: %v", err)
	}
	empty := func(when string) {
		t.Helper()
		held, err := dst.Holdings(context.Background())
		if err != nil || !held.IsZero() {
			t.Fatalf("%s: the workspace holds %v, %v", when, held, err)
		}
	}
	empty("after a cancelled copy")
	boom := errors.New("boom")
	err = dst.Load(context.Background(), func(b backend.Bulk) error {
		if err := b.Session(session(t, src, "s1"), nil, nil); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("failed load: %v", err)
	}
	empty("after a failed load")
	n, err := backend.Copy(context.Background(), src, dst, nil)
	if err != nil || n.Primitives != 2 || n.Sessions != 1 || n.Changes != 3 {
		t.Fatalf("copy after them: %+v, %v", n, err)
	}
	if rep := verify(t, dst); !rep.OK() {
		t.Errorf("the copy's problems: %v", rep.Problems)
	}
	// The refusal names the database, never its URL's password.
	_, err = backend.Copy(context.Background(), src, dst, nil)
	if !errors.Is(err, backend.ErrNotEmpty) || !strings.Contains(err.Error(), dst.Name()) ||
		!strings.Contains(err.Error(), "2 primitives") {
		t.Errorf("copy into the copy: %v", err)
	}
}

func session(t *testing.T, st *Store, id string) core.Session {
	t.Helper()
	s, ok, err := st.Session(id)
	if err != nil || !ok {
		t.Fatalf("session %s: %v, %v", id, ok, err)
	}
	return s
}
