package xmldec

import (
	"encoding/xml"
	"strings"
	"testing"
)

func TestLatin1AndEntities(t *testing.T) {
	d := New(strings.NewReader("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><p>caf\xe9 &nbsp;&mdash;<br></p>"), true)
	var text strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if c, ok := tok.(xml.CharData); ok {
			text.Write(c)
		}
	}
	if got := text.String(); got != "café \u00a0—" {
		t.Fatalf("text = %q", got)
	}
}

func TestUnsupportedCharset(t *testing.T) {
	d := New(strings.NewReader(`<?xml version="1.0" encoding="UTF-16"?><p/>`), false)
	if _, err := d.Token(); err == nil || !strings.Contains(err.Error(), "UTF-16") {
		// The declaration is read with the first token.
		if _, err = d.Token(); err == nil || !strings.Contains(err.Error(), "UTF-16") {
			t.Fatalf("err = %v", err)
		}
	}
}
