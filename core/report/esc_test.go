package report

import (
	"testing"

	"github.com/lore-kb/lore/core/text"
)

// The report spells hidden characters exactly as the sanitizer's evidence
// and the terminal app do (a variation selector once passed raw into the
// Markdown), and escapes what would change the Markdown.
func TestEscSpellsWhatVisibleSpells(t *testing.T) {
	for _, in := range []string{"smile\ufe0f", "evil\u202etxt", "zero\u200bwidth", "tag\U000E0041", "soft\u00adhyphen", "filler\u3164"} {
		if got, want := esc(in), text.Visible(in, text.InText); got != want {
			t.Errorf("esc(%q) = %q, Visible spells %q", in, got, want)
		}
	}
	if got, want := esc("a|b\n[c]"), `a\|b \[c]`; got != want {
		t.Errorf("esc = %q, want %q", got, want)
	}
}
