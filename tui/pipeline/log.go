package pipeline

// MaxLogLines is how many log lines the Learn screen keeps; older ones are
// dropped (and counted) so a long run cannot grow memory without bound.
const MaxLogLines = 10000

// eventLog is a ring of rendered lines: appending and viewing the last
// lines cost the same however long the run.
type eventLog struct {
	lines   []string
	start   int // index of the oldest line once the ring is full
	dropped int
}

func (l *eventLog) add(line string) {
	if len(l.lines) < MaxLogLines {
		l.lines = append(l.lines, line)
		return
	}
	l.lines[l.start] = line
	l.start = (l.start + 1) % MaxLogLines
	l.dropped++
}

// replaceLast replaces the newest line.
func (l *eventLog) replaceLast(line string) {
	if n := len(l.lines); n > 0 {
		l.lines[(l.start+n-1)%n] = line
	}
}

// added is the number of lines ever added, the dropped ones included.
func (l *eventLog) added() int { return len(l.lines) + l.dropped }

// Len is the number of lines kept.
func (l *eventLog) Len() int { return len(l.lines) }

// at returns the i-th kept line, oldest first.
func (l *eventLog) at(i int) string { return l.lines[(l.start+i)%len(l.lines)] }

// window returns up to n lines ending skip lines before the newest.
func (l *eventLog) window(n, skip int) []string {
	end := l.Len() - skip
	begin := max(0, end-n)
	out := make([]string, 0, end-begin)
	for i := begin; i < end; i++ {
		out = append(out, l.at(i))
	}
	return out
}
