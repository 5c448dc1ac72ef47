package styles

import "testing"

func TestLightAndDarkDiffer(t *testing.T) {
	l, d := New(false), New(true)
	if l.Label.GetForeground() == d.Label.GetForeground() {
		t.Error("light and dark label colours are the same")
	}
	if !d.IsDark || l.IsDark {
		t.Error("IsDark not recorded")
	}
}
