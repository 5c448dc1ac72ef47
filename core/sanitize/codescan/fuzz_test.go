package codescan

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

func seeds(f *testing.F) {
	for _, tc := range twins {
		f.Add(tc.bad)
		f.Add(tc.good)
	}
	for _, s := range []string{"", "'", "\"", "`", "${", "$(", "$((", "<<EOF\n", "<<-'X'\nX", "\\", "\\\n", "#", "/*", "/", "r'''", "f\"{", "@\"", "@'\n'@",
		"<#", "$env:", "${a", "```bash\n", "- run: |\n  x", "{\"command\":", "[[[[", "((((", "\xff\xfe", ":(){ :|:& };:", "`${`${`"} {
		f.Add(s)
	}
}

// checkTokens: every token lies inside the text, in order of start.
func checkTokens(t *testing.T, s string, ts []tok) {
	t.Helper()
	for _, x := range ts {
		if x.a < 0 || x.b > len(s) || x.a > x.b {
			t.Fatalf("token %+v outside [0,%d]", x, len(s))
		}
	}
}

func FuzzPythonTokens(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkTokens(t, s, pyTokens(s))
		checkFindings(t, s, AnalyzeLang("f", s, Python))
	})
}

func FuzzJavaScriptTokens(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkTokens(t, s, jsTokens(s))
		checkFindings(t, s, AnalyzeLang("f", s, JavaScript))
	})
}

func FuzzPowerShellTokens(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkTokens(t, s, psTokens(s))
		checkFindings(t, s, AnalyzeLang("f", s, PowerShell))
	})
}

func FuzzShellTokens(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		lx := shLex(s)
		for _, x := range lx.toks {
			if x.a < 0 || x.b > len(s) || x.a > x.b {
				t.Fatalf("token %+v outside [0,%d]", x, len(s))
			}
			for _, sp := range x.subs {
				if sp.a < 0 || sp.b > len(s) || sp.a > sp.b {
					t.Fatalf("substitution %+v outside [0,%d]", sp, len(s))
				}
			}
		}
		for _, h := range lx.hds {
			if h.filled && (h.a > h.b || h.b > len(s)) {
				t.Fatalf("heredoc %+v outside [0,%d]", h, len(s))
			}
		}
		checkFindings(t, s, AnalyzeLang("f", s, Shell))
	})
}

func FuzzConfigTokens(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, x := range jsonTokens(s) {
			if x.a < 0 || x.b > len(s) || x.a > x.b {
				t.Fatalf("token %+v outside [0,%d]", x, len(s))
			}
		}
		checkFindings(t, s, AnalyzeLang("f", s, JSON))
		checkFindings(t, s, AnalyzeLang("f", s, YAML))
		checkFindings(t, s, AnalyzeLang("f", s, Markdown))
		checkFindings(t, s, AnalyzeLang("f", s, HTML))
	})
}

// checkFindings: complete findings located inside the text, at most
// MaxFindings.
func checkFindings(t *testing.T, s string, fs []core.Finding) {
	t.Helper()
	if len(fs) > MaxFindings {
		t.Fatalf("%d findings", len(fs))
	}
	for _, f := range fs {
		if f.Category == "" || f.Severity == "" || f.Description == "" || f.Recommendation == "" || f.Flow == nil || f.Flow.Sink == "" {
			t.Fatalf("incomplete finding %+v", f)
		}
		if f.Offset < 0 || f.Offset > len(s) || f.Offset+f.Length > len(s) || f.Length < 0 {
			t.Fatalf("offset %d+%d outside [0,%d]", f.Offset, f.Length, len(s))
		}
		parts := strings.Split(f.Location, ":")
		line, _ := strconv.Atoi(parts[len(parts)-2])
		col, _ := strconv.Atoi(parts[len(parts)-1])
		wantLine := strings.Count(s[:f.Offset], "\n") + 1
		ls := strings.LastIndexByte(s[:f.Offset], '\n') + 1
		if line != wantLine || col != utf8.RuneCountInString(s[ls:f.Offset])+1 || f.Flow.SinkLine != line {
			t.Fatalf("location %q, flow %+v, offset %d is at line %d", f.Location, f.Flow, f.Offset, wantLine)
		}
		if strings.ContainsAny(f.Evidence, "\n\r") {
			t.Fatalf("evidence spans lines: %q", f.Evidence)
		}
	}
}
