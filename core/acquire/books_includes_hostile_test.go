package acquire

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Include macros an adversary writes cannot make the reading of a book
// slow or large: a chain of thousands of macros each using the one
// defined after it, and macros each using the next 300 times (an
// expansion 300 to the power of their depth) used 300 times, are read in
// bounded time and size.
func TestIncludeMacrosAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("\\documentclass{book}\n")
	const chain = 3000
	for i := 1; i <= chain; i++ {
		fmt.Fprintf(&b, "\\newcommand{\\c%s}{\\c%s}\n", letters(i), letters(i+1))
	}
	fmt.Fprintf(&b, "\\newcommand{\\c%s}{\\input{ch}}\n", letters(chain+1))
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&b, "\\newcommand{\\x%s}{%s}\n", letters(i), strings.Repeat("\\x"+letters(i+1)+" ", 300))
	}
	fmt.Fprintf(&b, "\\newcommand{\\x%s}{\\input{ch}}\n", letters(3))
	b.WriteString("\\begin{document}\n\\c" + letters(1) + "\n" + strings.Repeat("\\x"+letters(0)+"\n", 300) + "\\end{document}\n")
	dir := bookDir(t, map[string]string{"main.tex": b.String(), "ch.tex": "\\chapter{One}\nOne's text.\n"})
	start := time.Now()
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("read in %v", d)
	}
	if n := len(docText(t, res, "main.tex")); n > maxBookBytes {
		t.Errorf("the book is %d bytes", n)
	}
}

// letters writes n in letters (a macro's name holds no digit).
func letters(n int) string {
	s := ""
	for n++; n > 0; n /= 26 {
		s = string(rune('a'+n%26)) + s
	}
	return s
}
