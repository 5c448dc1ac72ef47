package api_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestWaitingUploadsBoundedPerUser: a user may have Uploads.Waiting
// uploads sent and not yet learned; one more, empty as it may be, is
// refused with resource_exhausted saying the bound and what to do, and
// nothing of it kept. Another user's uploads are their own to count, and
// a learn of a waiting upload makes room for the next. Empty uploads used
// to pass every bound: one curator made 12,000.
func TestWaitingUploadsBoundedPerUser(t *testing.T) {
	apitest.EachWith(t, func(o *local.Options) { o.Uploads.Waiting = 3 }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		e.AddUser("cole", access.Curator, "default")
		ctx, svc := e.As("cora")
		var ids []string
		for i := range 3 {
			ids = append(ids, upload(t, ctx, svc, fmt.Sprintf("empty%d.md", i), nil))
		}
		_, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: "one-more.md"}, bytes.NewReader(nil))
		if connect.CodeOf(err) != connect.CodeResourceExhausted {
			t.Fatalf("a 4th waiting upload of cora's: %v (%s), want resource_exhausted", err, connect.CodeOf(err))
		}
		for _, says := range []string{"upload one-more.md", "cora has 3 uploads waiting for their learn (or under way), as many as one user may", "learn them", "expire after 1h0m0s"} {
			if !strings.Contains(err.Error(), says) {
				t.Errorf("the refusal %q does not say %q", err, says)
			}
		}
		if kept, _ := os.ReadDir(e.UploadDir()); len(kept) != 3 {
			t.Errorf("%d uploads kept, want cora's 3", len(kept))
		}

		cctx, csvc := e.As("cole")
		upload(t, cctx, csvc, "theirs.md", nil)

		// Learning one (empty: nothing to learn) takes it from those
		// waiting.
		_, _ = learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: ids[0], Approve: true})
		upload(t, ctx, svc, "graphs.md", assets.Sample())
		if _, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: "again.md"}, bytes.NewReader(nil)); connect.CodeOf(err) != connect.CodeResourceExhausted {
			t.Errorf("a 4th waiting upload after one learned and one sent: %v, want resource_exhausted", err)
		}
	})
}
