package sanitize

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

var fuzzFormats = []core.Format{core.FormatMarkdown, core.FormatText, core.FormatLaTeX, core.FormatPreTeXt, ""}

// FuzzScan runs the scanner on arbitrary text in every format at both
// tiers: no panic, every finding complete and located inside the text
// (line and column agreeing with the byte offset), and never more than
// MaxFindings plus the summary.
func FuzzScan(f *testing.F) {
	for _, c := range append(attackSet(), benignSet()...) {
		f.Add(c.text)
	}
	for _, s := range []string{
		"", "<", "<!--", "<|", "<|im_start", "[", "](", "![x](", "`", "```", "~~~\n", "\\verb", "\\begin{verbatim}",
		"<program>", "data:", "data:text/html;base64,", "url(", "file:", "../", "..\\", "\xff\xfe", "\xe2\x80", "\U000E0041",
		"\u200d", "\ufeff", "<a href=\"", "<a href='&#", "&#x", "IMPORTANT:", "system:", "Human:", "you are now", "ignore",
		strings.Repeat("<a x=\"", 50), strings.Repeat("`", 40), strings.Repeat("](", 30), strings.Repeat("A1b/", 60) + "\n" + strings.Repeat("Zz9+", 20),
	} {
		f.Add(s)
	}
	for _, cs := range [][]behaviourCase{issueInstructions, moreInstructions, ordinaryInstructions} {
		for _, c := range cs {
			f.Add(skillWith(c.skill, c.desc, c.extra))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, format := range fuzzFormats {
			for _, tier := range []core.Familiarity{core.Home, core.Stranger} {
				name := "f"
				if format == core.FormatMarkdown {
					name = "SKILL.md" // a skill's instructions: front matter, declared hosts, code spans
				}
				fs := ScanText(name, s, format, tier)
				if len(fs) > MaxFindings+1 {
					t.Fatalf("%d findings", len(fs))
				}
				for _, x := range fs {
					checkFinding(t, s, x)
				}
			}
		}
	})
}

func checkFinding(t *testing.T, s string, f core.Finding) {
	t.Helper()
	if f.Category == "" || f.Severity == "" || f.Description == "" || f.Recommendation == "" || f.File == "" {
		t.Fatalf("incomplete finding %+v", f)
	}
	if fl := f.Flow; fl != nil {
		lines := strings.Count(s, "\n") + 1
		if fl.SinkLine < 0 || fl.SinkLine > lines || fl.SourceLine < 0 || fl.SourceLine > lines {
			t.Fatalf("flow lines outside the text's %d: %+v", lines, fl)
		}
	}
	if f.Offset == -1 {
		if f.Location != f.File {
			t.Fatalf("summary finding with location %q", f.Location)
		}
		return
	}
	if f.Offset < 0 || f.Offset > len(s) {
		t.Fatalf("offset %d outside [0,%d]", f.Offset, len(s))
	}
	parts := strings.Split(f.Location, ":")
	if len(parts) != 3 || parts[0] != f.File {
		t.Fatalf("location %q", f.Location)
	}
	line, err1 := strconv.Atoi(parts[1])
	col, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil {
		t.Fatalf("location %q", f.Location)
	}
	wantLine := strings.Count(s[:f.Offset], "\n") + 1
	ls := strings.LastIndexByte(s[:f.Offset], '\n') + 1
	wantCol := utf8.RuneCountInString(s[ls:f.Offset]) + 1
	if line != wantLine || col != wantCol {
		t.Fatalf("location %q, offset %d is at %d:%d", f.Location, f.Offset, wantLine, wantCol)
	}
	if strings.ContainsAny(f.Evidence, "\n\r") {
		t.Fatalf("evidence spans lines: %q", f.Evidence)
	}
	if n := utf8.RuneCountInString(f.Evidence); n > 2*contextRunes+max(matchRunes, matchHead+matchTail+1)+2 && !strings.Contains(f.Evidence, "⟨") {
		t.Fatalf("evidence of %d runes: %s %q", n, f.Description, f.Evidence)
	}
}
