package trajectory

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// The tools coding agents call, by what they do, named in lower case as
// the agents spell them (Claude Code's Bash and Read, Codex's shell and
// apply_patch, the usual MCP servers' names).
var (
	shellTools  = []string{"bash", "shell", "exec_command", "local_shell", "run_shell_command", "terminal", "run_terminal_cmd", "execute_command", "command_execution", "sh", "powershell"}
	readTools   = []string{"read", "read_file", "view", "view_file", "open_file", "readfile", "cat"}
	writeTools  = []string{"write", "write_file", "create_file", "writefile"}
	editTools   = []string{"edit", "multiedit", "str_replace", "str_replace_editor", "str_replace_based_edit_tool", "edit_file", "replace", "notebookedit", "file_change"}
	searchTools = []string{"grep", "search", "ripgrep", "search_files", "grep_search", "codebase_search"}
	listTools   = []string{"glob", "list_files", "ls", "list_dir", "list_directory", "find_files"}
	fetchTools  = []string{"webfetch", "fetch", "web_fetch", "http_request", "fetch_url"}
	webTools    = []string{"websearch", "web_search", "search_web"}
	// bookkeeping tools keep the agent's own notes: no step of a procedure.
	bookkeeping = []string{"todowrite", "todoread", "todo_write", "update_plan", "exitplanmode", "enterplanmode", "think", "todo_list"}
	// browserWords in a tool's name mark browser automation.
	browserWords = []string{"browser", "playwright", "puppeteer", "chrome", "navigate", "screenshot", "click"}
	// codePrograms are commands of building, testing and versioning code.
	codePrograms = []string{"go", "gofmt", "npm", "npx", "pnpm", "yarn", "node", "deno", "bun", "python", "python3", "pip", "pip3", "uv",
		"pytest", "tox", "cargo", "rustc", "make", "cmake", "gradle", "gradlew", "mvn", "git", "gh", "tsc", "jest", "vitest", "eslint",
		"gcc", "g++", "clang", "javac", "java", "dotnet", "bundle", "rake", "ruby", "php", "composer", "mix", "elixir", "swift", "docker",
		"kubectl", "terraform", "golangci-lint", "ruff", "mypy", "black", "prettier"}
	// apiPrograms talk to services over HTTP.
	apiPrograms = []string{"curl", "wget", "http", "httpie", "xh"}
	// builtins do not say what a command line is about.
	builtins = []string{"cd", "pushd", "popd", "export", "set", "unset", "source", ".", "echo", "printf", "true", "false", ":", "exit", "mkdir", "ls", "cat", "pwd", "test", "["}
	// wrappers run the command after them.
	wrappers = []string{"sudo", "env", "time", "nohup", "exec", "command", "nice", "stdbuf"}
)

func toolIs(tool string, set []string) bool {
	return slices.Contains(set, strings.ToLower(tool))
}

func isShell(tool string) bool {
	t := strings.ToLower(tool)
	// An MCP server's shell: mcp__server__bash.
	if i := strings.LastIndex(t, "__"); i >= 0 {
		t = t[i+2:]
	}
	return slices.Contains(shellTools, t)
}

// field returns the first string (or list of strings, joined as a command
// line) among input's keys.
func field(input any, keys ...string) string {
	m, ok := input.(map[string]any)
	if !ok {
		return ""
	}
	for _, k := range keys {
		switch v := m[k].(type) {
		case string:
			if v != "" {
				return v
			}
		case []any:
			var words []string
			for _, w := range v {
				if s, ok := w.(string); ok {
					words = append(words, s)
				}
			}
			if len(words) > 0 {
				return shellWords(words)
			}
		}
	}
	return ""
}

// command is the command line of a shell call.
func command(c Call) string {
	if s, ok := c.Input.(string); ok {
		return s
	}
	return field(c.Input, "command", "cmd", "script", "commandLine", "command_line")
}

func filePath(input any) string {
	return field(input, "file_path", "path", "filePath", "filename", "file", "target_file", "notebook_path", "absolute_path")
}

// segments cuts a command line into its commands, at &&, ||, ;, | and line
// breaks (quotes are not read: a separator inside one cuts too, which only
// adds a word taken for a program).
func segments(cmd string) []string {
	return strings.FieldsFunc(cmd, func(r rune) bool { return r == '&' || r == '|' || r == ';' || r == '\n' })
}

// programs are the programs a command line runs, in order: the first word
// of each of its commands, past variable assignments and wrappers such as
// sudo, by their base names.
func programs(cmd string) []string {
	var out []string
	for _, seg := range segments(cmd) {
		words := strings.Fields(seg)
		for len(words) > 0 {
			w := strings.Trim(words[0], `"'()`)
			switch {
			case w == "" || strings.Contains(w, "=") && !strings.HasPrefix(w, "-") && !strings.Contains(w[:strings.Index(w, "=")], "/"):
				words = words[1:]
				continue
			case slices.Contains(wrappers, w):
				words = words[1:]
				continue
			case w == "timeout" && len(words) > 1:
				words = words[2:]
				continue
			}
			out = append(out, path.Base(w))
			break
		}
	}
	return out
}

// program is the program a command line is about: the first that is not
// a shell builtin (cd, export, echo…), else the first.
func program(cmd string) string {
	ps := programs(cmd)
	for _, p := range ps {
		if !slices.Contains(builtins, p) {
			return p
		}
	}
	if len(ps) > 0 {
		return ps[0]
	}
	return ""
}

// toolKey is what makes two calls "the same tool" for recovery: the tool,
// and for a shell the program the command runs — a failed go test is
// recovered by a go test that passes, not by an ls.
func toolKey(c Call) string {
	k := strings.ToLower(c.Tool)
	if isShell(c.Tool) {
		k += ":" + program(command(c))
	}
	return k
}

// label names the failing thing in a signature: the program for a shell
// call, else the tool.
func label(c Call) string {
	if isShell(c.Tool) {
		if p := program(command(c)); p != "" {
			return p
		}
	}
	return strings.ToLower(c.Tool)
}

var patchFile = lazyre.New(`(?m)^\*\*\* (Update|Add|Delete) File: (.+)$`)

// code is s as a Markdown code span, whatever backticks it holds.
func code(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	return "`` " + s + " ``"
}

// describe is the step a call stands for, its values generalised by g.
func describe(c Call, g *Generaliser) string {
	t := strings.ToLower(c.Tool)
	gen := func(s string) string { return clip(g.Text(strings.Join(strings.Fields(s), " ")), 200) }
	switch {
	case isShell(c.Tool):
		if cmd := command(c); cmd != "" {
			return "Run " + code(gen(cmd))
		}
	case t == "apply_patch":
		patch, _ := c.Input.(string)
		if patch == "" {
			patch = field(c.Input, "input", "patch")
		}
		var parts []string
		for _, m := range patchFile.FindAllStringSubmatch(patch, -1) {
			verb := map[string]string{"Update": "Edit", "Add": "Create", "Delete": "Delete"}[m[1]]
			parts = append(parts, verb+" "+code(gen(strings.TrimSpace(m[2]))))
		}
		if len(parts) > 0 {
			return strings.Join(parts, "; ")
		}
		return "Apply a patch"
	case toolIs(t, readTools):
		if p := filePath(c.Input); p != "" {
			return "Read " + code(gen(p))
		}
	case toolIs(t, writeTools):
		if p := filePath(c.Input); p != "" {
			return "Write " + code(gen(p))
		}
	case toolIs(t, editTools):
		if p := filePath(c.Input); p != "" {
			return "Edit " + code(gen(p))
		}
	case toolIs(t, searchTools):
		if q := field(c.Input, "pattern", "query", "regex"); q != "" {
			s := "Search for " + code(gen(q))
			if p := filePath(c.Input); p != "" {
				s += " in " + code(gen(p))
			}
			return s
		}
	case toolIs(t, listTools):
		if q := field(c.Input, "pattern", "glob", "path", "dir"); q != "" {
			return "List files matching " + code(gen(q))
		}
	case toolIs(t, fetchTools):
		if u := field(c.Input, "url", "uri"); u != "" {
			return "Fetch " + code(gen(u))
		}
	case toolIs(t, webTools):
		if q := field(c.Input, "query", "q"); q != "" {
			return "Search the web for " + code(gen(q))
		}
	case t == "task" || t == "agent":
		if d := field(c.Input, "description", "prompt"); d != "" {
			return "Hand to a subagent: " + gen(d)
		}
	}
	s := "Call " + code(c.Tool)
	switch in := c.Input.(type) {
	case nil:
	case string:
		if strings.TrimSpace(in) != "" {
			s += " with " + code(gen(in))
		}
	default:
		if b, err := json.Marshal(in); err == nil && string(b) != "{}" && string(b) != "null" {
			s += " with " + code(gen(string(b)))
		}
	}
	return s
}

var (
	errorWords = lazyre.New(`(?i)\b(error|errors|err|fail|failed|failure|fatal|exception|traceback|panic|denied|not found|no such|cannot|can't|could not|unable|refused|rejected|conflict|timed out|timeout|undefined|invalid|missing|killed|segmentation fault)\b`)
	// statusLine is a line that only reports an exit status, whatever its
	// number has become.
	statusLine = lazyre.New(`(?i)^(?:exit code:?|process exited with code|exit status)\b`)
)

// errorLine is the line of a failed call's output that says what went
// wrong: the first naming an error, else the first that is not an exit
// status.
func errorLine(out string) string {
	var first string
	for _, l := range strings.Split(out, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || statusLine.MatchString(t) || strings.HasPrefix(t, "Wall time") || strings.HasPrefix(t, "Chunk ID") || t == "Output:" {
			continue
		}
		if errorWords.MatchString(t) {
			return clip(t, 200)
		}
		if first == "" {
			first = t
		}
	}
	return clip(first, 200)
}
