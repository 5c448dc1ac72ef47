package trajectory

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchRun is a generic run of n shell steps.
func benchRun(n int) []byte {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	_ = enc.Encode(map[string]any{"role": "user", "content": "Please rebuild the kelmon report and publish it", "cwd": "/home/user7/work/kelmon"})
	for i := range n {
		id := fmt.Sprint(i)
		_ = enc.Encode(map[string]any{"role": "assistant", "tool": map[string]any{"name": "shell", "id": id,
			"input": map[string]any{"command": fmt.Sprintf("cd /home/user7/work/kelmon && ./tool rinsul --quo %d pexta.txt", i*37)}}})
		_ = enc.Encode(map[string]any{"role": "tool", "tool": map[string]any{"name": "shell", "id": id}, "result": map[string]any{"output": "ok"}})
	}
	_ = enc.Encode(map[string]any{"outcome": "success"})
	return []byte(b.String())
}

// BenchmarkParseExtract50 reads a run of 50 steps and draws its procedure.
func BenchmarkParseExtract50(b *testing.B) {
	data := benchRun(50)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		c := Extract(r, Options{Home: "/home/bench"})
		_ = c.Instructions()
	}
}
