package mdblock

import "testing"

// A piece kept while inline markup is converted comes back where its
// placeholder stands, a piece kept inside another too; a placeholder no
// piece was kept for stands for nothing.
func TestKeptRestores(t *testing.T) {
	var k Kept
	inner := k.Keep("`x*y`")
	outer := k.Keep("*" + inner + "*")
	if got := k.Restore("a " + outer + " b \x009\x01c"); got != "a *`x*y`* b c" {
		t.Errorf("Restore = %q", got)
	}
	if got := k.Restore("no\x00 placeholder"); got != "no\x00 placeholder" {
		t.Errorf("Restore of a stray NUL = %q", got)
	}
}

// A code span's backticks outnumber any run of them inside it, with a
// space where it opens or ends with one.
func TestCodeSpan(t *testing.T) {
	for in, want := range map[string]string{"x": "`x`", "a`b": "``a`b``", "`a": "`` `a ``"} {
		if got := CodeSpan(in); got != want {
			t.Errorf("CodeSpan(%q) = %q, want %q", in, got, want)
		}
	}
}
