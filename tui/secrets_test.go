package tui

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/tui/learnform"
)

// A run of a URL carrying credentials never puts them on the screen: the
// pipeline names the source without its user info and secret parameters.
func TestRunScreenHidesURLCredentials(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/markdown")
		fmt.Fprint(w, "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses.\n")
	}))
	defer srv.Close()
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	source := strings.Replace(srv.URL, "http://", "http://alice:hunter2pass@", 1) + "/groups.md?api_key=ZXCV1234urlsecret"
	req := learnform.Request{Source: source, Depth: core.Standard, DryRun: true, Tier: core.Stranger, Policy: gate.Policy{Trust: true}}
	tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test",
		Learn: engine.LearnOptions{Domains: ds}, Start: req, Dark: true})
	waitScreen(t, tm, "groups.md?api_key=REDACTED")
	waitScreen(t, tm, "n learn a source")
	tm.Type("q")
	m := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model)
	if m.RunErr != nil {
		t.Fatalf("run failed: %v", m.RunErr)
	}
	out, err := io.ReadAll(tm.FinalOutput(t))
	if err != nil {
		t.Fatal(err)
	}
	screen := string(out) + m.View().Content
	for _, s := range []string{"hunter2pass", "ZXCV1234urlsecret"} {
		if strings.Contains(screen, s) {
			t.Errorf("the screen shows %s", s)
		}
	}
}
