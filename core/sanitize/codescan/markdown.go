package codescan

import "strings"

// fenceLang maps a fenced block's info string to a language.
func fenceLang(info string) Lang {
	f := strings.Fields(strings.ToLower(strings.TrimSpace(info)))
	if len(f) == 0 {
		return None
	}
	w := strings.Trim(f[0], "{}.")
	switch w {
	case "bash", "sh", "shell", "zsh", "console", "shell-session", "shellscript":
		return Shell
	case "python", "py", "python3":
		return Python
	case "js", "javascript", "ts", "typescript", "node", "jsx", "tsx", "mjs":
		return JavaScript
	case "powershell", "ps1", "pwsh", "ps":
		return PowerShell
	case "json", "jsonc":
		return JSON
	case "yaml", "yml":
		return YAML
	}
	return None
}

// Fence is one fenced code block of a Markdown text (``` or ~~~, closed
// by a fence of the same character at least as long, or running to the
// end; at any indentation and inside block quotes, since list items and
// quotes indent them). Start is where its opening line starts, Body where
// its contents start, End where they end (the closing line's start, or the
// text's end) and Close where the closing line ends; Info is the text
// after the opening fence.
type Fence struct {
	Start, Body, End, Close int
	Info                    string
}

// Fences returns the fenced code blocks of a Markdown text in order. The
// sanitizer's code regions and this package's fenced-block analysis both
// read fences through it, so the two agree on what a fence is.
func Fences(s string) []Fence {
	var out []Fence
	open := false
	var fch byte
	var flen int
	var cur Fence
	for ls := 0; ls < len(s); {
		le := strings.IndexByte(s[ls:], '\n')
		if le < 0 {
			le = len(s)
		} else {
			le += ls
		}
		k := ls
		for k < le && k-ls < 16 && (s[k] == ' ' || s[k] == '\t' || s[k] == '>') {
			k++
		}
		if k+3 <= le && (s[k] == '`' || s[k] == '~') {
			c := s[k]
			n := 0
			for k+n < le && s[k+n] == c {
				n++
			}
			if n >= 3 {
				rest := s[k+n : le]
				switch {
				case !open:
					if c == '~' || strings.IndexByte(rest, '`') < 0 {
						open, fch, flen = true, c, n
						cur = Fence{Start: ls, Body: min(le+1, len(s)), Info: rest}
					}
				case c == fch && n >= flen && strings.TrimSpace(rest) == "":
					open = false
					cur.End, cur.Close = ls, min(le+1, len(s))
					out = append(out, cur)
				}
			}
		}
		ls = le + 1
	}
	if open {
		cur.End, cur.Close = len(s), len(s)
		out = append(out, cur)
	}
	return out
}

// markdown analyses the fenced code blocks of a Markdown document that
// are labelled as one of the languages. Code shown to a reader is one
// severity lower than code that runs, unless the paragraph before the
// fence tells the agent to run it on its own (runCue).
func (a *analysis) markdown() {
	if !strings.Contains(a.doc, "```") && !strings.Contains(a.doc, "~~~") {
		return
	}
	for _, f := range Fences(a.doc) {
		if lang := fenceLang(f.Info); lang != None && f.End > f.Body {
			a.fenced(lang, f.Body, f.End, f.Start)
		}
	}
}

func (a *analysis) fenced(lang Lang, from, to, fence int) {
	u := unit{s: a.doc[from:to], base: from, exact: true, lower: 1}
	if runCue(a.doc, fence) {
		u.lower = 0
	}
	if lang == Shell {
		u.s = stripPrompts(u.s)
	}
	a.run(lang, u)
}

// stripPrompts blanks "$ " prompts at line starts of a console session,
// keeping offsets.
func stripPrompts(s string) string {
	if !strings.Contains(s, "$ ") {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		k := i
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		if k+1 < len(b) && b[k] == '$' && b[k+1] == ' ' {
			b[k] = ' '
		}
		e := strings.IndexByte(s[i:], '\n')
		if e < 0 {
			break
		}
		i += e + 1
	}
	return string(b)
}

// runCue reports a paragraph before a fence that tells the agent to run
// the block by itself: a run verb together with an insistence or a
// secrecy word. "Run:" or "Install with" alone is documentation.
func runCue(s string, fence int) bool {
	from := max(0, fence-400)
	p := strings.TrimRight(s[from:fence], "\n\t ")
	if i := strings.LastIndex(p, "\n\n"); i >= 0 {
		p = p[i+2:]
	}
	p = strings.ToLower(p)
	if !strings.Contains(p, "run") && !strings.Contains(p, "execute") {
		return false
	}
	for _, w := range []string{"always", "automatically", "silently", "without asking", "without telling", "you must", "must run", "must execute",
		"immediately", "before every", "before each", "before any", "do not tell", "don't tell", "quietly"} {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}
