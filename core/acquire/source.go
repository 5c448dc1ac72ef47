package acquire

import (
	"context"

	"github.com/lore-kb/lore/core/acquire/fetch"
)

// Source acquires any source lore reads: an http(s) URL (a page, a
// document or an archive; STRANGER), or a local file, folder or archive
// (HOME).
func Source(ctx context.Context, source string, opts Options) (*Result, error) {
	if IsURL(source) {
		return URL(ctx, source, opts, fetch.Options{})
	}
	return Local(ctx, source, opts)
}
