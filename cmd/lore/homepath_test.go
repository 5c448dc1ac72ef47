package main

import (
	"path/filepath"
	"testing"
)

func TestHomeShort(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home)
	for _, c := range []struct{ in, want string }{
		{filepath.Join(home, ".local", "share", "lore"), "~" + string(filepath.Separator) + filepath.Join(".local", "share", "lore")},
		{home, home},
		{filepath.Join(filepath.Dir(home), "other", "lore"), filepath.Join(filepath.Dir(home), "other", "lore")},
		{home + "x" + string(filepath.Separator) + "lore", home + "x" + string(filepath.Separator) + "lore"},
		{filepath.Join(home, "..file"), "~" + string(filepath.Separator) + "..file"},
		{filepath.Join("relative", "lore"), filepath.Join("relative", "lore")},
	} {
		if got := homeShort(c.in); got != c.want {
			t.Errorf("homeShort(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
