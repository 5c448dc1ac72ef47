package extract

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
)

func TestTimeFuzzCorpus(t *testing.T) {
	dir := os.Getenv("FUZZDIR")
	if dir == "" {
		t.Skip()
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		lines := strings.SplitN(string(b), "\n", 2)
		if len(lines) < 2 {
			continue
		}
		body := strings.TrimSpace(lines[1])
		body = strings.TrimPrefix(body, "string(")
		body = strings.TrimSuffix(body, ")")
		s, err := strconv.Unquote(body)
		if err != nil {
			continue
		}
		start := time.Now()
		fuzzOne(t, s, core.Format(os.Getenv("FMT")))
		if d := time.Since(start); d > 50*time.Millisecond {
			t.Logf("%s len=%d %v", e.Name(), len(s), d)
		}
	}
}
