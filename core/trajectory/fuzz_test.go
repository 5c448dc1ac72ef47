package trajectory

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds the parser arbitrary bytes, seeded with the fixtures and
// lines of every format: it must never panic, what it accepts must be
// something Sniff recognises, and extraction from it must not panic either
// nor leave a line break inside a step.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		`{"role":"user","content":[{"type":"text","text":"x"}]}` + "\n" + `{"role":"assistant","tool":{"name":"shell","input":"ls"},"result":{"error":true}}`,
		`{"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"\"{}\"","call_id":"c"}}` + "\n" + `{"type":"response_item","payload":{"type":"function_call_output","call_id":"c","output":{"content":"x","success":false}}}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"a","name":"apply_patch","input":"*** Update File: /home/x/y\n"}]}}`,
		`{"outcome":"failure","signature":"boom 123"}`,
		"\xef\xbb\xbf{\"role\":\"user\",\"content\":\"x\"}\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse(data)
		if err != nil {
			return
		}
		if _, ok := Sniff(data); !ok {
			t.Fatal("Parse accepted what Sniff does not recognise")
		}
		c := Extract(r, Options{Home: "/home/fuzz"})
		for _, s := range c.Steps {
			if strings.Contains(s, "\n") {
				t.Fatalf("a step holds a line break: %q", s)
			}
		}
		_ = c.Instructions()
		_ = c.Description()
	})
}
