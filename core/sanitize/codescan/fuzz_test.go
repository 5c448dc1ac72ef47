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

// FuzzFStringExprs: the expression spans of an f-string body lie inside
// it, in order, and never overlap.
func FuzzFStringExprs(f *testing.F) {
	for _, s := range []string{"", "{", "}", "{{x}}", "{x}", "{x!r:>10}", "{a['}']}", "{f(\"{\")}", "{x:{w}}", "{a}{b}", "{'", "{\\", "{x=}", "{a!=b}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		last := 0
		for _, sp := range fstringExprs(s) {
			if sp[0] < last || sp[0] > sp[1] || sp[1] > len(s) {
				t.Fatalf("span %v after %d outside [0,%d]", sp, last, len(s))
			}
			last = sp[1]
		}
		checkTokens(t, "f\""+s+"\"", pyTokens("f\""+s+"\""))
	})
}

// FuzzHostOfURL: a host is a lower-cased name with nothing that could be
// a template or a path in it.
func FuzzHostOfURL(f *testing.F) {
	for _, s := range []string{"https://a.b/c", "http://u:p@h:80/x", "https://{h}/x", "ws://[::1]:8/", "https://", "x://y", "https://a?b", "tcp://host"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h := hostOfURL(s)
		if h != strings.ToLower(h) || strings.ContainsAny(h, "/?#{}$ ") || len(h) > len(s) {
			t.Fatalf("hostOfURL(%q) = %q", s, h)
		}
	})
}

// FuzzAuthSpans: the mask covers the argument exactly, or is nil.
func FuzzAuthSpans(f *testing.F) {
	seeds(f)
	for _, s := range []string{"headers={'Authorization': k}, json=x", "{ headers }", "{headers: {a: b}, body: c}", "auth=(", "headers:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, ts := range [][]tok{pyTokens(s), jsTokens(s)} {
			if m := authSpans(ts); m != nil && len(m) != len(ts) {
				t.Fatalf("mask of %d for %d tokens", len(m), len(ts))
			}
		}
	})
}

// FuzzShLoopCount: a loop header never makes the count negative or the
// analyser fail.
func FuzzShLoopCount(f *testing.F) {
	for _, s := range []string{"for i in $(seq 1 5000); do x; done", "for i in {1..9999}; do", "for ((i=0; i<100000; i++)); do", "for i in {1..}", "for i in $(seq)", "for ((;;))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n := shLoopCount(shLex(s).toks); n < 0 {
			t.Fatalf("count %d", n)
		}
		checkFindings(t, s, AnalyzeLang("f", s, Shell))
	})
}
