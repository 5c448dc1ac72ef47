package local

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// BenchmarkUploadWithManyWaiting times one (empty) upload while 500, or
// 5000, of the same user's wait for their learn, in a real folder: an
// upload's cost is the same whatever the number waiting (it used to read
// the whole uploads folder, and schedule a sweep of its own, every time).
// Each upload is taken and removed after, untimed, as a learn would.
func BenchmarkUploadWithManyWaiting(b *testing.B) {
	for _, waiting := range []int{500, 5000} {
		b.Run(fmt.Sprintf("waiting=%d", waiting), func(b *testing.B) {
			u := newUploads(b.TempDir(), time.Now, UploadLimits{Waiting: waiting + 1}.withDefaults())
			s := &Service{uploads: u}
			c := api.Caller{User: "cora", Role: access.Curator, Workspace: access.DefaultWorkspace}
			ctx := api.WithCaller(context.Background(), c)
			for i := range waiting {
				if _, err := s.Upload(ctx, &lorev1.UploadHeader{Name: fmt.Sprintf("w%d.md", i)}, bytes.NewReader(nil)); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for b.Loop() {
				res, err := s.Upload(ctx, &lorev1.UploadHeader{Name: "one.md"}, bytes.NewReader(nil))
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				up, err := u.take(c, res.GetUploadId())
				if err != nil {
					b.Fatal(err)
				}
				u.remove(up)
				b.StartTimer()
			}
		})
	}
}
