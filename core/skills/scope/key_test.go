package scope

import (
	"errors"
	"testing"
)

// Reference forms from seed 004 ("Skills are referenced by fully qualified
// id … callers may also use") and kdcube's resolve_skill_ref (§C.2).
func TestParse(t *testing.T) {
	tests := []struct {
		ref, want string
		err       bool
	}{
		{ref: "public.pdf-press", want: "public.pdf-press"},
		{ref: "skills.public.pdf-press", want: "public.pdf-press"},
		{ref: "pdf-press", want: "public.pdf-press"},
		{ref: "skills.pdf-press", want: "public.pdf-press"},
		{ref: "internal.link-evidence", want: "internal.link-evidence"},
		{ref: "custom.x", want: "custom.x"},
		{ref: "  public.url-gen\n", want: "public.url-gen"},
		{ref: "public.café", want: "public.café"}, // lenient names may be Unicode
		{ref: "public.Pdf-Press", want: "public.Pdf-Press"},
		{ref: "skills.skills.x", err: true}, // stripped once; "skills" is reserved
		{ref: "skills.x.y.z", err: true},
		{ref: "a.b.c", err: true},
		{ref: "", err: true},
		{ref: "public.", err: true},
		{ref: ".x", err: true},
		{ref: "Public.x", err: true},
		{ref: "public.a b", err: true},
		{ref: "public.*", err: true},
		{ref: "a/b.c", err: true},
		{ref: "SK3", err: true},
	}
	for _, tt := range tests {
		got, err := Parse(tt.ref)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("Parse(%q) = %q, %v; want %q, err=%v", tt.ref, got, err, tt.want, tt.err)
		}
	}
	if _, err := Parse("SK1"); !errors.Is(err, ErrShortID) {
		t.Errorf("Parse(SK1) error %v, want ErrShortID", err)
	}
}

func TestSplit(t *testing.T) {
	if ns, id, ok := Split("internal.link-evidence"); !ok || ns != "internal" || id != "link-evidence" {
		t.Errorf("Split = %q %q %v", ns, id, ok)
	}
	for _, bad := range []string{"pdf-press", "a.b.c", "skills.x", ".x", "x."} {
		if _, _, ok := Split(bad); ok {
			t.Errorf("Split(%q) ok", bad)
		}
	}
}

// Seed 004: the decision agent selects skills by short id from its
// catalog; numbering is by sorted key of the visible set.
func TestShortIDs(t *testing.T) {
	ids := NewShortIDs([]string{"public.url-gen", "public.pdf-press", "internal.link-evidence", "public.url-gen", "bad"})
	want := ShortIDs{"SK1": "internal.link-evidence", "SK2": "public.pdf-press", "SK3": "public.url-gen"}
	if len(ids) != len(want) {
		t.Fatalf("NewShortIDs = %v, want %v", ids, want)
	}
	for k, v := range want {
		if ids[k] != v {
			t.Errorf("%s = %q, want %q", k, ids[k], v)
		}
	}
	for ref, want := range map[string]string{"SK2": "public.pdf-press", " SK1 ": "internal.link-evidence", "url-gen": "public.url-gen"} {
		if got, err := ids.Parse(ref); err != nil || got != want {
			t.Errorf("ShortIDs.Parse(%q) = %q, %v; want %q", ref, got, err, want)
		}
	}
	for _, ref := range []string{"SK4", "SK0", "SK01"} {
		if got, err := ids.Parse(ref); err == nil {
			t.Errorf("ShortIDs.Parse(%q) = %q, want error", ref, got)
		}
	}
	// sk3 is an ordinary (lower-case) id, not a short id.
	if got, err := ids.Parse("sk3"); err != nil || got != "public.sk3" {
		t.Errorf("ShortIDs.Parse(sk3) = %q, %v", got, err)
	}
}
