package history

import (
	"fmt"
	"sync"
)

// maxHeld bounds the held reports: enough for walking up and down a
// screenful of sessions without holding every report of a long history in
// memory.
const maxHeld = 32

// reports holds the sessions' markdown reports by ID. It is shared by
// every copy of a Model (the root keeps older values around) and is
// dropped per session when its record changes, so a copy never shows a
// stale report.
type reports struct {
	mu sync.Mutex
	md map[string]string
}

func newReports() *reports { return &reports{md: map[string]string{}} }

func (c *reports) hold(id, md string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.md[id]; !ok && len(c.md) >= maxHeld {
		for k := range c.md {
			delete(c.md, k)
			break
		}
	}
	c.md[id] = md
}

func (c *reports) held(id string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	md, ok := c.md[id]
	return md, ok
}

func (c *reports) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.md, id)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
