package extract

import (
	"github.com/lore-kb/lore/core"
	"os"
	"testing"
)

func TestDump(t *testing.T) {
	name := os.Getenv("DUMP")
	if name == "" {
		t.Skip()
	}
	ct := core.ContentType(os.Getenv("CT"))
	_, a := loadCorpus(t, name, ct)
	for _, p := range Extract(a, Options{}) {
		t.Logf("%-9s|%.2f|%-50s|%s", p.Type, p.Confidence, p.Name, p.FormalStatement)
		if os.Getenv("FIELDS") != "" {
			t.Logf("   ch=%d sec=%q prov=%q off=%d pat=%v kw=%v form=%q", p.Chapter, p.Section, p.Provenance.Section, p.Provenance.Offset, p.ApplicabilityPatterns, p.Keywords, p.ComputationalForm)
		}
	}
}
