package access

import (
	"errors"
	"strings"
	"testing"
)

func TestFingerprintAndLoopback(t *testing.T) {
	fp := Fingerprint([]byte("x"))
	if len(fp) != 32*3-1 || strings.Count(fp, ":") != 31 || strings.ToUpper(fp) != fp {
		t.Errorf("fingerprint %q", fp)
	}
	for addr, want := range map[string]bool{"127.0.0.1:7433": true, "[::1]:1": true, "localhost:9": true,
		"0.0.0.0:7433": false, "10.0.0.5:7433": false, "lore.example:443": false} {
		if Loopback(addr) != want {
			t.Errorf("Loopback(%q) = %v", addr, !want)
		}
	}
	tok, hash, err := NewToken()
	if err != nil || !strings.HasPrefix(tok, "lore_") || HashToken(tok) != hash || strings.Contains(Hint(tok), tok[10:]) {
		t.Errorf("token %q hash %q hint %q: %v", tok, hash, Hint(tok), err)
	}
	if _, err := ParseRole("Curator"); err != nil {
		t.Error(err)
	}
	if err := CheckName("user", "a/b"); err == nil {
		t.Error("a name with / was taken")
	}
}

// A workspace's name is a plain word; everything else is refused with
// ErrBadWorkspace, naming what is wrong.
func TestCheckWorkspace(t *testing.T) {
	for _, ok := range []string{"default", "physics", "physics-2", "team_docs", "A1", strings.Repeat("w", MaxWorkspaceLen)} {
		if err := CheckWorkspace(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for name, why := range map[string]string{
		"": "empty", ".": "not a plain word", "..": "not a plain word", "a/b": "not a plain word",
		"../default": "not a plain word", "-a": "not a plain word", "_a": "not a plain word", "a b": "not a plain word",
		"a.b": "not a plain word", "café": "not a plain word", "a\x00b": "not a plain word", "a\\b": "not a plain word",
		strings.Repeat("w", MaxWorkspaceLen+1): "longer than 64 bytes",
	} {
		err := CheckWorkspace(name)
		if !errors.Is(err, ErrBadWorkspace) || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v", name, err)
		}
	}
}
