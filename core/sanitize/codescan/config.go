package codescan

import (
	"strconv"
	"strings"
)

// commandKeys are the keys whose string values are commands a tool runs:
// MCP server and hook "command", package.json "scripts", CI "run" and
// "script", container "entrypoint" and "cmd".
var commandKeys = map[string]bool{"command": true, "cmd": true, "run": true, "script": true, "entrypoint": true, "exec": true,
	"postinstall": true, "preinstall": true, "install": true, "prepare": true, "shell_command": true}

// jsonConfig analyses the commands a JSON (or JSONC) config holds. The
// walker is a small tokeniser, not encoding/json: it keeps offsets, reads
// comments and trailing commas, and never fails on broken input.
func (a *analysis) jsonConfig(u unit) {
	w := jsonWalker{a: a, u: u}
	w.toks = jsonTokens(u.s)
	w.value("", "", 0)
}

type jtok struct {
	k    byte // '"' string, '{', '}', '[', ']', ':', ',', 'v' other value
	s    string
	a, b int
	esc  bool
}

func jsonTokens(s string) []jtok {
	var out []jtok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			e := strings.IndexByte(s[i:], '\n')
			if e < 0 {
				return out
			}
			i += e
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			e := strings.Index(s[i+2:], "*/")
			if e < 0 {
				return out
			}
			i += e + 4
		case c == '"':
			e := i + 1
			esc := false
			for e < len(s) && s[e] != '"' && s[e] != '\n' {
				if s[e] == '\\' {
					esc = true
					e++
				}
				e++
			}
			e = min(e, len(s))
			out = append(out, jtok{k: '"', s: s[i+1 : e], a: i, b: min(e+1, len(s)), esc: esc})
			i = min(e+1, len(s))
		case strings.IndexByte("{}[]:,", c) >= 0:
			out = append(out, jtok{k: c, a: i, b: i + 1})
			i++
		default:
			e := i
			for e < len(s) && strings.IndexByte(" \t\n\r{}[]:,\"", s[e]) < 0 {
				e++
			}
			if e == i {
				e++
			}
			out = append(out, jtok{k: 'v', s: s[i:e], a: i, b: e})
			i = e
		}
	}
	return out
}

type jsonWalker struct {
	a    *analysis
	u    unit
	toks []jtok
	p    int
}

// strVal decodes a JSON string's escapes (enough for commands).
func strVal(t jtok) string {
	if !t.esc {
		return t.s
	}
	if v, err := strconv.Unquote(`"` + t.s + `"`); err == nil {
		return v
	}
	return t.s
}

// value walks one value; key is its member name, parent the enclosing
// object's member name.
func (w *jsonWalker) value(key, parent string, depth int) {
	if w.p >= len(w.toks) || depth > 64 {
		w.p = len(w.toks)
		return
	}
	t := w.toks[w.p]
	switch t.k {
	case '{':
		w.p++
		var cmd *jtok
		var args []jtok
		for w.p < len(w.toks) && w.toks[w.p].k != '}' {
			if w.toks[w.p].k == ',' {
				w.p++
				continue
			}
			k := w.toks[w.p]
			if k.k != '"' {
				w.p++
				continue
			}
			w.p++
			if w.p < len(w.toks) && w.toks[w.p].k == ':' {
				w.p++
			}
			if w.p >= len(w.toks) {
				break
			}
			name := strVal(k)
			v := w.toks[w.p]
			switch {
			case name == "command" && v.k == '"':
				c := v
				cmd = &c
				w.p++
			case name == "args" && v.k == '[':
				args = w.stringArray(depth)
			default:
				w.value(name, key, depth+1)
			}
		}
		w.p++
		if cmd != nil {
			w.command(*cmd, args)
		}
	case '[':
		w.p++
		for w.p < len(w.toks) && w.toks[w.p].k != ']' {
			if w.toks[w.p].k == ',' {
				w.p++
				continue
			}
			before := w.p
			w.value(key, parent, depth+1)
			if w.p == before {
				w.p++
			}
		}
		w.p++
	case '"':
		w.p++
		if commandKeys[strings.ToLower(key)] || parent == "scripts" || key != "" && w.inScripts(key, parent) {
			w.shellString(t)
		}
	default:
		w.p++
	}
}

func (w *jsonWalker) inScripts(key, parent string) bool { return parent == "scripts" }

// stringArray reads an array of strings (for "args").
func (w *jsonWalker) stringArray(depth int) []jtok {
	var out []jtok
	w.p++
	for w.p < len(w.toks) && w.toks[w.p].k != ']' {
		t := w.toks[w.p]
		switch t.k {
		case '"':
			out = append(out, t)
			w.p++
		case '{', '[':
			w.value("", "", depth+1)
		default:
			w.p++
		}
	}
	w.p++
	return out
}

// shellString analyses one command string.
func (w *jsonWalker) shellString(t jtok) {
	if t.esc {
		w.a.shell(w.u.derived(strVal(t), t.a))
		return
	}
	w.a.shell(w.u.sub(t.a+1, t.a+1+len(t.s)))
}

// command analyses "command" with its "args" as one command line.
func (w *jsonWalker) command(cmd jtok, args []jtok) {
	if len(args) == 0 {
		w.shellString(cmd)
		return
	}
	var sb strings.Builder
	sb.WriteString(shQuote(strVal(cmd)))
	for _, x := range args {
		sb.WriteByte(' ')
		sb.WriteString(shQuote(strVal(x)))
	}
	w.a.shell(w.u.derived(sb.String(), cmd.a))
}

// yamlConfig analyses the commands a YAML file holds: values of command
// keys (run:, script:, command:, entrypoint:), as plain, quoted or block
// scalars, or as lists of them. It reads lines and indentation only; a
// YAML library would also accept anchors and tags this has no use for.
func (a *analysis) yamlConfig(u unit) {
	s := u.s
	type line struct{ a, b, ind int }
	var lines []line
	for i := 0; i < len(s); {
		e := strings.IndexByte(s[i:], '\n')
		end := len(s)
		if e >= 0 {
			end = i + e
		}
		ind := 0
		for i+ind < end && s[i+ind] == ' ' {
			ind++
		}
		lines = append(lines, line{i, end, ind})
		i = end + 1
	}
	for k := 0; k < len(lines); k++ {
		l := lines[k]
		body := s[l.a+l.ind : l.b]
		keyOff := l.a + l.ind
		if strings.HasPrefix(body, "- ") {
			body = body[2:]
			keyOff += 2
		}
		colon := strings.Index(body, ":")
		if colon <= 0 || colon > 64 || strings.ContainsAny(body[:colon], " \"'#{[") {
			continue
		}
		key := strings.ToLower(body[:colon])
		if !commandKeys[key] && key != "args" {
			continue
		}
		vs := keyOff + colon + 1
		rest := s[vs:l.b]
		trim := strings.TrimSpace(stripYAMLComment(rest))
		switch {
		case trim == "|" || trim == ">" || strings.HasPrefix(trim, "|") && len(trim) <= 3 || strings.HasPrefix(trim, ">") && len(trim) <= 3:
			// block scalar: the lines indented deeper
			start, end := -1, -1
			j := k + 1
			for ; j < len(lines); j++ {
				ln := lines[j]
				if ln.b > ln.a+ln.ind && ln.ind <= l.ind {
					break
				}
				if start < 0 && ln.b > ln.a+ln.ind {
					start = ln.a
				}
				end = ln.b
			}
			if start >= 0 && end > start {
				a.shell(u.sub(start, end))
			}
			k = j - 1
		case trim == "":
			// a list of commands on the following lines
			for j := k + 1; j < len(lines); j++ {
				ln := lines[j]
				if ln.b > ln.a+ln.ind && ln.ind <= l.ind && !strings.HasPrefix(s[ln.a+ln.ind:ln.b], "- ") {
					break
				}
				item := s[ln.a+ln.ind : ln.b]
				if !strings.HasPrefix(item, "- ") {
					if ln.b > ln.a+ln.ind {
						break
					}
					continue
				}
				a.yamlScalar(u, ln.a+ln.ind+2, ln.b)
				k = j
			}
		case strings.HasPrefix(trim, "["):
			// a flow sequence: each element, and all of them as one line
			a.yamlFlow(u, vs, l.b)
		default:
			a.yamlScalar(u, vs, l.b)
		}
	}
}

func stripYAMLComment(s string) string {
	if strings.HasPrefix(strings.TrimSpace(s), "#") {
		return ""
	}
	if i := strings.Index(s, " #"); i >= 0 && !strings.ContainsAny(s[:i], `"'`) {
		return s[:i]
	}
	return s
}

// yamlScalar analyses one scalar value at u.s[a:b].
func (a *analysis) yamlScalar(u unit, from, to int) {
	s := u.s
	for from < to && s[from] == ' ' {
		from++
	}
	v := stripYAMLComment(s[from:to])
	v = strings.TrimRight(v, " \r")
	if v == "" {
		return
	}
	switch v[0] {
	case '\'':
		inner := strings.TrimSuffix(v[1:], "'")
		if !strings.Contains(inner, "''") {
			a.shell(u.sub(from+1, from+1+len(inner)))
			return
		}
		a.shell(u.derived(strings.ReplaceAll(inner, "''", "'"), from))
	case '"':
		inner := strings.TrimSuffix(v[1:], `"`)
		if !strings.Contains(inner, `\`) {
			a.shell(u.sub(from+1, from+1+len(inner)))
			return
		}
		if x, err := strconv.Unquote(`"` + inner + `"`); err == nil {
			a.shell(u.derived(x, from))
		}
	default:
		a.shell(u.sub(from, from+len(v)))
	}
}

// yamlFlow analyses ["sh", "-c", "…"].
func (a *analysis) yamlFlow(u unit, from, to int) {
	toks := jsonTokens(u.s[from:to])
	var parts []string
	for _, t := range toks {
		if t.k == '"' {
			a.shell(u.sub(from+t.a+1, from+t.a+1+len(t.s)))
			parts = append(parts, shQuote(strVal(t)))
		}
	}
	if len(parts) > 1 {
		a.shell(u.derived(strings.Join(parts, " "), from))
	}
}
