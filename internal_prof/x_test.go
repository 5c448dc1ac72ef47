package prof

import (
	"os"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/extract"
)

func TestNearSizes(t *testing.T) {
	b, _ := os.ReadFile(os.Getenv("F"))
	doc := core.Document{Name: "d.md", Format: core.FormatMarkdown, Text: string(b)}
	a := analyze.Analyze(&doc, nil)
	cands := extract.Extract(a, extract.Options{})
	d := dedup.NewDeduper(nil, dedup.DefaultConfig())
	total, maxN := 0, 0
	for i := range cands {
		v, _ := d.Check(&cands[i])
		n, _ := d.Run().Near(&cands[i], dedup.Config{MaxDistance: 0.2, MinSharedKeywords: 2, MaxCompared: 1 << 30})
		total += len(n)
		maxN = max(maxN, len(n))
		_ = v
		d.Remember(cands[i])
	}
	t.Logf("cands %d avg near %.1f max %d kw0=%v", len(cands), float64(total)/float64(len(cands)), maxN, cands[10].Keywords)
}
