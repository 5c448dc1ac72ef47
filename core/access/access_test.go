package access

import (
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
