package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
)

// A folder whose whole text activates no domain, though one of its
// documents does, is the run of that document's domain, where its
// primitives are filed: not the fallback, which then named a domain
// holding none of them.
func TestRunDomainIsWhereItsPrimitivesGo(t *testing.T) {
	waves := "# Oscillation\n\n**Definition 1 (Standing wave).** A standing wave is an oscillation whose amplitude, frequency and period stay fixed in space: a resonance of the wave's harmonic spectrum.\n"
	filler := "# Kitchen\n\n" + strings.Repeat("The kitchen holds flour, butter, pots, spoons and bowls for the cook to use each day.\n\n", 400)
	docs := []core.Document{
		{Name: "waves.md", Format: core.FormatMarkdown, Text: waves},
		{Name: "kitchen.md", Format: core.FormatMarkdown, Text: filler},
	}
	res, err := engine.Analyze(context.Background(), "folder", docs, engine.AnalyzeOptions{Domains: storetest.Domains(t)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Domains) != 0 {
		t.Fatalf("setup: the whole text activates %v; the case needs one that activates none", res.Domains)
	}
	var filed []string
	for _, p := range res.Primitives {
		if p.Name != "" && strings.Contains(strings.ToLower(p.Name), "standing wave") {
			filed = append(filed, p.Domain)
		}
	}
	if len(filed) == 0 || filed[0] != "waves" {
		t.Fatalf("setup: the standing wave is filed under %v, want waves", filed)
	}
	if res.Domain != "waves" {
		t.Errorf("the run's domain is %q, want waves, where its primitives went", res.Domain)
	}
}
