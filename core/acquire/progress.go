package acquire

import (
	"fmt"
	"strings"
)

// progress tells Options.Progress how far one source is. The count
// reported is always the outermost one — files of a folder or repository,
// entries of an archive, pages of a lone PDF — so the bar never jumps
// back; what is counted inside the current item (the pages of a PDF in a
// folder, the entries of an archive in one) goes into the detail.
type progress struct {
	fn     func(done, total int, detail string)
	levels []level
}

// level is one count: items of a folder, repository or archive, or the
// pages or bytes of one document.
type level struct {
	done, total int
	unit        string // "pages", "entries", "%"
	// name is the item being read, or for a level counting the parts of
	// one document, that document.
	name string
	// whole is true for a level counting the parts of one named document
	// rather than a list of items.
	whole bool
}

func newProgress(fn func(done, total int, detail string)) *progress {
	return &progress{fn: fn}
}

func (p *progress) on() bool { return p != nil && p.fn != nil }

// items starts counting total items of a list and returns the function
// that ends the count.
func (p *progress) items(total int, unit string) func() {
	if !p.on() {
		return func() {}
	}
	p.levels = append(p.levels, level{total: total, unit: unit})
	n := len(p.levels)
	p.report()
	return func() { p.levels = p.levels[:n-1] }
}

// item says the list counted last is now reading name.
func (p *progress) item(name string) {
	if !p.on() || len(p.levels) == 0 {
		return
	}
	p.levels[len(p.levels)-1].name = name
	p.report()
}

// step says the item being read is finished.
func (p *progress) step() {
	if !p.on() || len(p.levels) == 0 {
		return
	}
	l := &p.levels[len(p.levels)-1]
	l.done++
	if l.total > 0 {
		l.done = min(l.done, l.total)
	}
	p.report()
}

// set puts the count of the list counted last at done of total, for
// lists whose size is only known as a fraction (a streamed tar).
func (p *progress) set(done, total int) {
	if !p.on() || len(p.levels) == 0 {
		return
	}
	l := &p.levels[len(p.levels)-1]
	if done == l.done && total == l.total {
		return
	}
	l.done, l.total = done, total
	p.report()
}

// parts returns a callback counting the parts (unit) of document name, as
// pdf.TextProgress calls it, and the function that ends the count; the
// callback is nil when nobody listens, so readers skip the counting.
func (p *progress) parts(name, unit string) (func(done, total int), func()) {
	if !p.on() {
		return nil, func() {}
	}
	p.levels = append(p.levels, level{unit: unit, name: name, whole: true})
	n := len(p.levels)
	return func(done, total int) {
			if len(p.levels) != n {
				return
			}
			l := &p.levels[n-1]
			l.done, l.total = done, total
			p.report()
		}, func() {
			p.levels = p.levels[:n-1]
		}
}

func (p *progress) report() {
	top := p.levels[0]
	var names []string
	for i, l := range p.levels {
		// A document's own level repeats the name of the item it is.
		if l.name != "" && (i == 0 || !l.whole) {
			names = append(names, l.name)
		}
	}
	parts := []string{strings.Join(names, " › ")}
	if len(p.levels) == 1 {
		switch {
		case top.whole:
			parts = append(parts, top.unit)
		case top.unit == "%" || top.unit == "bytes":
			parts = append(parts, count(top))
		}
	} else {
		parts = append(parts, count(p.levels[len(p.levels)-1]))
	}
	if parts[0] == "" {
		parts = parts[1:]
	}
	p.fn(top.done, top.total, strings.Join(parts, " · "))
}

// count is "pages 12/127", "40%", or "1.5 MiB of 4.0 MiB" (bytes, the
// total left out when unknown).
func count(l level) string {
	switch {
	case l.unit == "%":
		return fmt.Sprintf("%d%%", l.done)
	case l.unit == "bytes" && l.total > 0:
		return HumanBytes(int64(l.done)) + " of " + HumanBytes(int64(l.total))
	case l.unit == "bytes":
		return HumanBytes(int64(l.done))
	}
	return fmt.Sprintf("%s %d/%d", l.unit, l.done, l.total)
}
