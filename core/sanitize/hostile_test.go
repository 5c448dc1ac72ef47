package sanitize

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// hostileInputs are floods of each trigger, the shapes that would make a
// careless scanner quadratic or unbounded.
func hostileInputs(size int) map[string]string {
	rep := func(unit string) string { return strings.Repeat(unit, size/len(unit)+1)[:size] }
	m := map[string]string{
		"unterminated-attr": rep(`<a x="`),
		"unterminated-tag":  rep("<a b c d "),
		"brackets":          rep("]("),
		"nested-brackets":   rep("[!["),
		"backticks":         rep("` "),
		"backtick-runs":     rep("`` ` ``` "),
		"comments":          rep("<!--"),
		"chat-pipes":        rep("<|im_"),
		"scripts":           rep("<script>"),
		"ignore":            rep("ignore all the "),
		"you-are-now":       rep("you are now a "),
		"transcript":        rep("\nHuman: x"),
		"zero-width":        rep("a\u200b"),
		"zero-width-run":    rep("\u200b"),
		"tags":              rep("\U000E0041"),
		"mixed-script":      rep("v\u0430lue "),
		"greek":             rep("v\u03b1lue "),
		"data-uris":         rep("data:text/html,"),
		"dotdot":            rep("../"),
		"b64-lines":         rep("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9w\n"),
		"long-word":         rep("abcdefghijklmnopqrstuvwxyz"),
		"controls":          rep("\x01"),
		"latex-verb":        rep(`\verb`),
		"latex-begin":       rep(`\begin{verbatim}`),
		"pretext-code":      rep("<c>"),
		"entities":          rep(`<a href="&#x6a;&#x6a;&#x6a;`),
		"one-line-findings": rep("<img onerror=x()>"),
		"system-lines":      rep("\nsystem: hi"),
		"important":         rep("IMPORTANT: ignore "),
		"image-data":        rep("![x](data:image/png;base64,AAAA)"),
		"low-entropy-lines": rep(strings.Repeat("A", 60) + "\n"),
		"mixed-lines":       rep("Ab1" + strings.Repeat("A", 57) + "\n"),
		"css-url":           rep("url("),
		"refdefs":           rep("[x]: ../../../a\n"),
		"verb-pipe":         rep(`\verb|`),
		"data-plain":        rep("data:text/plain,"),
		"link-parens":       rep("[a]((("),
		"s-tags":            rep("<s>"),
		"deep-tag":          "<a " + rep("x=1 "),
	}
	return m
}

// TestHostileInputs: every flood yields a bounded report. Its cost is
// measured by BenchmarkHostileInputs (linear in the size), not timed here.
func TestHostileInputs(t *testing.T) {
	const size = 1 << 20
	for name, txt := range hostileInputs(size) {
		for _, f := range []core.Format{core.FormatMarkdown, core.FormatLaTeX, core.FormatPreTeXt} {
			if fs := ScanText(name, txt, f, core.Stranger); len(fs) > MaxFindings+1 {
				t.Errorf("%s (%s): %d findings", name, f, len(fs))
			}
		}
	}
}

// BenchmarkHostileInputs scans every flood at 256 KiB and 1 MiB: the time
// per byte of the two sizes should agree (a quadratic path shows as a
// fourfold jump).
func BenchmarkHostileInputs(b *testing.B) {
	for _, size := range []int{256 << 10, 1 << 20} {
		floods := hostileInputs(size)
		names := slices.Sorted(maps.Keys(floods))
		for _, name := range names {
			b.Run(fmt.Sprintf("%s/%dKiB", name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					ScanText(name, floods[name], core.FormatMarkdown, core.Stranger)
				}
			})
		}
	}
}
