package history

import (
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/styles"
)

// TestUnlearnRejectedRow: u on a source rejected at the gate says, as lore
// unlearn does, when and by whom it was rejected and that nothing was
// learned, and asks the root for nothing.
func TestUnlearnRejectedRow(t *testing.T) {
	decided := t0.Add(-5 * time.Hour)
	rejected := core.Session{ID: "learn-20260304-070000-rrrrrr", Kind: core.KindLearn, Source: "https://evil.example/x.md", Familiarity: core.Stranger,
		StartedAt: decided.Add(-time.Minute), CompletedAt: decided, State: core.SessionRejected,
		Decision: &core.Decision{Status: core.Rejected, DecidedBy: core.ByUser, Person: "ada", DecidedAt: decided}}
	m := New(styles.New(true)).WithLocation(time.UTC).SetSize(200, 30)
	m, _ = m.WithSessions([]core.Session{rejected})
	if s, ok := m.Selected(); !ok || s.ID != rejected.ID {
		t.Fatalf("selected %+v", s)
	}
	if m.KeyMap().Unlearn.Enabled() {
		t.Error("unlearn offered in help on a rejected session")
	}
	m, cmd := m.Update(tuitest.Press('u'))
	if cmd != nil {
		t.Fatalf("u emitted %#v", cmd())
	}
	want := "rejected at the gate on " + decided.Local().Format("2006-01-02 15:04") +
		" by ada (user); nothing was learned, so there is nothing to unlearn"
	if !strings.Contains(stripped(m), want) {
		t.Errorf("no explanation %q:\n%s", want, stripped(m))
	}
}
