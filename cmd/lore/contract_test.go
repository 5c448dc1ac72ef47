package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/lore-kb/lore/store"
)

// The command line's contracts, checked over the whole command tree: exit
// codes, one-sentence errors, --json failures as one JSON object, unknown
// commands, standard input as a source, completion values.

// loreIn runs the binary as lore does for a user: an isolated configuration
// and data home, the store in dataDir, stdin as standard input, TMPDIR
// private so that temporary files left behind can be seen.
func loreIn(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(loreBin, args...)
	cmd.Env = append([]string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"TMPDIR=" + filepath.Join(home, "tmp"),
		"PATH=" + os.Getenv("PATH"),
	}, env...)
	if err := os.Mkdir(filepath.Join(home, "tmp"), 0o700); err != nil {
		t.Fatal(err)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(filepath.Join(home, "tmp")); len(left) > 0 {
		t.Errorf("lore %v left %d temporary entries behind (%s)", args, len(left), left[0].Name())
	}
	return result{code, out.String(), errb.String()}
}

// jsonFailure checks that stdout is exactly one JSON object with a
// non-empty "errors" array of strings and "exitCode" equal to code.
func jsonFailure(t *testing.T, what, stdout string, code int) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(stdout))
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		t.Errorf("%s: stdout is not one JSON object: %v\n%q", what, err, stdout)
		return
	}
	if dec.More() {
		t.Errorf("%s: more than one JSON value on stdout:\n%s", what, stdout)
	}
	var errs []string
	if err := json.Unmarshal(obj["errors"], &errs); err != nil || len(errs) == 0 || errs[0] == "" {
		t.Errorf("%s: \"errors\" = %s, want a non-empty array of sentences", what, obj["errors"])
	}
	var got int
	if err := json.Unmarshal(obj["exitCode"], &got); err != nil || got != code {
		t.Errorf("%s: \"exitCode\" = %s, want %d", what, obj["exitCode"], code)
	}
}

// commandPaths lists every command lore has, the ones cobra and fang add
// included, so that a new command cannot be left out of the tables below.
func commandPaths() []string {
	root := (&app{}).rootCmd()
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	var paths []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		paths = append(paths, c.CommandPath())
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	sort.Strings(paths)
	return paths
}

// TestEveryCommandFollowsTheExitCodeTable runs every command with a
// mistake — a missing path, an unknown id or domain, an unknown
// subcommand, a bad value — and with an unknown flag, with and without
// --json: the exit code is the documented one, the human error is one
// sentence on stderr naming the input, and with --json stdout holds exactly
// one JSON object carrying the errors and the exit code.
func TestEveryCommandFollowsTheExitCodeTable(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.md")
	noFolder := filepath.Join(dir, "no-such-folder", "backup.lore")
	// Each case: arguments, and a word the error must contain.
	mistakes := map[string]struct {
		args []string
		want string
	}{
		"lore":                       {[]string{"lern"}, "lern"},
		"lore analyze":               {[]string{missing}, missing},
		"lore completion":            {[]string{"tcsh"}, "tcsh"},
		"lore completion bash":       {[]string{"extra"}, "extra"},
		"lore completion fish":       {[]string{"extra"}, "extra"},
		"lore completion powershell": {[]string{"extra"}, "extra"},
		"lore completion zsh":        {[]string{"extra"}, "extra"},
		"lore config":                {[]string{"extra"}, "extra"},
		"lore conflicts":             {[]string{"resolv"}, "resolv"},
		"lore conflicts resolve":     {[]string{"no-such-conflict", "keep-both"}, "no-such-conflict"},
		"lore decide":                {[]string{"learn-nope", "maybe"}, "maybe"},
		"lore demo":                  {[]string{"extra"}, "extra"},
		"lore edit":                  {[]string{"no-such-primitive", "--name", "x"}, "no-such-primitive"},
		"lore link":                  {[]string{"no-such-primitive", "other"}, "no-such-primitive"},
		"lore unlink":                {[]string{"no-such-primitive", "other"}, "no-such-primitive"},
		"lore merge":                 {[]string{"same-id", "same-id"}, "same-id"},
		"lore reject":                {[]string{"no-such-primitive"}, "no-such-primitive"},
		"lore users":                 {[]string{"ad"}, "ad"},
		"lore users add":             {[]string{"ada", "--role", "owner"}, "owner"},
		"lore users list":            {[]string{"extra"}, "extra"},
		"lore users revoke":          {[]string{"nobody"}, "nobody"},
		"lore split":                 {[]string{"no-such-primitive", "--part", "no colon"}, "no colon"},
		"lore dismiss":               {[]string{"no-such-primitive"}, "no-such-primitive"},
		"lore domains":               {[]string{"extra"}, "extra"},
		"lore find":                  {nil, "QUERY"},
		"lore gate":                  {[]string{missing}, missing},
		"lore graph":                 {[]string{"--domain", "nosuch"}, "nosuch"},
		"lore help":                  {[]string{"lern"}, "lern"},
		"lore learn":                 {[]string{missing}, missing},
		"lore man":                   {[]string{"extra"}, "extra"},
		"lore mcp":                   {[]string{"extra"}, "extra"},
		"lore rank":                  {[]string{"--domain", "nosuch"}, "nosuch"},
		"lore report":                {[]string{"learn-nope"}, "learn-nope"},
		"lore scan":                  {[]string{missing}, missing},
		"lore serve":                 {[]string{"extra"}, "extra"},
		"lore sessions":              {[]string{"extra"}, "extra"},
		"lore show":                  {[]string{"no-such-primitive"}, "no-such-primitive"},
		"lore skills":                {[]string{"serch"}, "serch"},
		"lore skills activate":       {[]string{"no-such-skill"}, "no-such-skill"},
		"lore skills allow":          {[]string{"no-such-skill", "--consumer", "bot"}, "no-such-skill"},
		"lore skills edit":           {[]string{"no-such-skill", "--description", "x", "--instructions", "y"}, "no-such-skill"},
		"lore skills eval":           {[]string{"no-such-skill"}, "no-such-skill"},
		"lore skills export":         {[]string{filepath.Join(dir, "out")}, "no active skill"},
		"lore skills feedback":       {[]string{"no-such-skill", "helpful"}, "no-such-skill"},
		"lore skills import":         {[]string{missing}, missing},
		"lore skills list":           {[]string{"--status", "bogus"}, "bogus"},
		"lore skills merge":          {[]string{"extra"}, "extra"},
		"lore skills prompt":         {[]string{"--budget", "-1"}, "--budget"},
		"lore skills propose":        {[]string{"x", "--instructions", "do it"}, "description"},
		"lore skills report":         {[]string{"no-such-skill", "--failure", "boom"}, "no-such-skill"},
		"lore skills resolve":        {[]string{"no-such-skill"}, "no-such-skill"},
		"lore skills review":         {[]string{"no-such-skill", "promote"}, "no-such-skill"},
		"lore skills rollback":       {[]string{"no-such-skill", "1"}, "no-such-skill"},
		"lore skills search":         {nil, "QUERY"},
		"lore skills show":           {[]string{"no-such-skill"}, "no-such-skill"},
		"lore skills share":          {[]string{"no-such-skill"}, "no-such-skill"},
		"lore skills used":           {[]string{"no-such-skill", "--success"}, "no-such-skill"},
		"lore skills validate":       {[]string{missing}, missing},
		"lore skills warn":           {[]string{"careful", "--description", "Be careful", "--about", "no-such-skill"}, "no-such-skill"},
		"lore store":                 {[]string{"bogus"}, "bogus"},
		"lore store backup":          {[]string{noFolder}, noFolder},
		"lore store copy":            {[]string{missing, filepath.Join(dir, "copy")}, missing},
		"lore store restore":         {[]string{missing}, missing},
		"lore store verify":          {[]string{"extra"}, "extra"},
		"lore text":                  {[]string{missing}, missing},
		"lore unlearn":               {[]string{"learn-nope"}, "learn-nope"},
		"lore version":               {[]string{"extra"}, "extra"},
		"lore watch":                 {[]string{filepath.Join(dir, "no-such-runs")}, "no-such-runs"},
		"lore whoami":                {[]string{"extra"}, "extra"},
		"lore queue":                 {[]string{"--state", "bogus"}, "bogus"},
	}
	paths := commandPaths()
	for _, p := range paths {
		if _, ok := mistakes[p]; !ok {
			t.Errorf("%s has no case in this test: add a mistake and the exit code it must give", p)
		}
	}
	env := storeEnv(filepath.Join(dir, "store"))
	for _, p := range paths {
		m, ok := mistakes[p]
		if !ok {
			continue
		}
		words := strings.Fields(p)[1:]
		t.Run(p, func(t *testing.T) {
			args := append(slices.Clone(words), m.args...)
			r := loreIn(t, env, "", args...)
			if r.code != 2 {
				t.Errorf("lore %s: exit %d, want 2 (stderr %q)", strings.Join(args, " "), r.code, r.stderr)
			}
			if lines := strings.Split(strings.TrimSpace(r.stderr), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], "lore: ") || !strings.Contains(lines[0], m.want) {
				t.Errorf("lore %s: stderr %q, want one sentence naming %q", strings.Join(args, " "), r.stderr, m.want)
			}
			if r.stdout != "" {
				t.Errorf("lore %s: stdout %q, want nothing", strings.Join(args, " "), r.stdout)
			}
			r = loreIn(t, env, "", append(args, "--json")...)
			if r.code != 2 {
				t.Errorf("lore %s --json: exit %d, want 2", strings.Join(args, " "), r.code)
			}
			jsonFailure(t, "lore "+strings.Join(args, " ")+" --json", r.stdout, 2)

			bad := append(slices.Clone(words), "--no-such-flag", "--json")
			r = loreIn(t, env, "", bad...)
			if r.code != 2 || !strings.Contains(r.stderr, "--no-such-flag") {
				t.Errorf("lore %s: exit %d, stderr %q, want 2 naming the flag", strings.Join(bad, " "), r.code, r.stderr)
			}
			jsonFailure(t, "lore "+strings.Join(bad, " "), r.stdout, 2)
		})
	}
}

// TestJSONFailureAfterOutputKeepsOneObject: a command that printed its
// object and then failed (an invalid skill) still prints one object, which
// carries the errors and the exit code.
func TestJSONFailureAfterOutputKeepsOneObject(t *testing.T) {
	skill := filepath.Join(t.TempDir(), "Bad_Name")
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	writeDoc(t, skill, "SKILL.md", "---\nname: Bad_Name\ndescription: x\n---\nbody\n")
	r := loreIn(t, nil, "", "skills", "validate", skill, "--json")
	if r.code != 1 {
		t.Fatalf("validate of an invalid skill: exit %d, stderr %q", r.code, r.stderr)
	}
	jsonFailure(t, "skills validate --json", r.stdout, 1)
	var out struct {
		Skills []struct{ Valid bool } `json:"skills"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || len(out.Skills) != 1 || out.Skills[0].Valid {
		t.Errorf("the command's own object is kept: %v\n%s", err, r.stdout)
	}

	// learn of a missing source prints the one error object, not nothing.
	r = loreIn(t, storeEnv(newStoreDir(t)), "", "learn", "missing.md", "--json")
	if r.code != 2 || !strings.Contains(r.stdout, "missing.md: no such file or folder") {
		t.Errorf("learn missing.md --json: exit %d, stdout %q", r.code, r.stdout)
	}
	jsonFailure(t, "learn missing.md --json", r.stdout, 2)
}

func TestUnknownSubcommandsExitTwoWithSuggestion(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"skills", "serch"}, `unknown command "serch" for "lore skills"; did you mean search?`},
		{[]string{"store", "bogus"}, `unknown command "bogus" for "lore store"`},
		{[]string{"lern"}, `unknown command "lern" for "lore"; did you mean learn?`},
		{[]string{"lern", "notes.md", "--json"}, `did you mean learn?`},
		{[]string{"help", "lern"}, `did you mean learn?`},
		{[]string{"conflicts", "resolv"}, `did you mean resolve?`},
	} {
		r := loreIn(t, nil, "", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("lore %v: exit %d, stderr %q, want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	// A group alone shows its help.
	r := loreIn(t, nil, "", "skills")
	if r.code != 0 || !strings.Contains(r.stdout, "search") || !strings.Contains(r.stdout, "validate") {
		t.Errorf("lore skills: exit %d, stdout %q", r.code, r.stdout)
	}
}

// TestReportingCommandsPrintJSON: the skill commands that change or show
// one skill print one JSON object with --json.
func TestReportingCommandsPrintJSON(t *testing.T) {
	env := storeEnv(newStoreDir(t))
	src := filepath.Join(t.TempDir(), "pdf-tables")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	skillMD := func(desc string) {
		writeDoc(t, src, "SKILL.md", "---\nname: pdf-tables\ndescription: "+desc+"\n---\n# PDF tables\n\nUse pdftotext -layout, then split columns.\n")
	}
	skillMD("Extract tables from PDF files")
	if r := loreIn(t, env, "", "skills", "import", src); r.code != 0 {
		t.Fatalf("import: %d %s", r.code, r.stderr)
	}
	skillMD("Extract tables from PDF files, page by page")
	if r := loreIn(t, env, "", "skills", "import", src); r.code != 0 {
		t.Fatalf("second import: %d %s", r.code, r.stderr)
	}
	for _, c := range []struct {
		args []string
		keys []string
		want string // a fragment of the object
	}{
		{[]string{"skills", "activate", "pdf-tables"}, []string{"allowedBy", "files", "instructions", "location", "resources", "skill"}, `"instructions": "# PDF tables`},
		{[]string{"skills", "used", "pdf-tables", "--success"}, []string{"count", "negativeSkill", "note", "noteFindings", "noteRedacted", "signature", "skill"}, `"uses": 1`},
		{[]string{"skills", "feedback", "pdf-tables", "helpful"}, []string{"count", "negativeSkill", "note", "noteFindings", "noteRedacted", "signature", "skill"}, `"helpful": 1`},
		{[]string{"skills", "report", "pdf-tables", "--failure", "timeout after 30s"}, []string{"count", "negativeSkill", "note", "noteFindings", "noteRedacted", "signature", "skill"}, `"negativeSkill": ""`},
		{[]string{"skills", "rollback", "pdf-tables", "1"}, []string{"restored", "skill"}, `"version": 3`},
		{[]string{"skills", "warn", "no-ocr", "--description", "Do not OCR text PDFs", "--about", "pdf-tables"}, []string{"extends", "skill"}, `"extends": "public.pdf-tables"`},
		{[]string{"skills", "review", "pdf-tables", "archive", "--note", "superseded"}, []string{"skill"}, `"status": "archived"`},
		{[]string{"skills", "review"}, []string{"conflicts", "drafts", "waiting"}, `"drafts": [`},
		{[]string{"skills", "prompt"}, []string{"prompt", "skills", "warnings"}, `<available_skills>`},
		{[]string{"graph"}, []string{"nodes", "edges"}, `"nodes"`},
	} {
		r := loreIn(t, env, "", append(c.args, "--json")...)
		if r.code != 0 {
			t.Errorf("lore %v --json: exit %d, stderr %q", c.args, r.code, r.stderr)
			continue
		}
		var obj map[string]json.RawMessage
		dec := json.NewDecoder(strings.NewReader(r.stdout))
		if err := dec.Decode(&obj); err != nil || dec.More() {
			t.Errorf("lore %v --json: not one JSON object: %v\n%s", c.args, err, r.stdout)
			continue
		}
		var keys []string
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		sameKeys(t, "lore "+strings.Join(c.args, " ")+" --json", keys, c.keys)
		if !strings.Contains(r.stdout, c.want) {
			t.Errorf("lore %v --json lacks %q:\n%s", c.args, c.want, r.stdout)
		}
	}
}

// TestDashReadsStandardInput: "-" is a source read from standard input by
// every command that takes one, as Markdown when it looks like Markdown,
// and the temporary copy is removed afterwards (loreIn checks TMPDIR).
func TestDashReadsStandardInput(t *testing.T) {
	doc := "# Rings\n\n## Definitions\n\nDefinition 1. A ring is a set with two operations, addition and multiplication.\n"
	env := storeEnv(newStoreDir(t))

	r := loreIn(t, env, doc, "text", "-", "--json")
	var text struct {
		Documents []struct {
			Path, MediaType, Text string
		}
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &text) != nil || len(text.Documents) != 1 {
		t.Fatalf("text - --json: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if d := text.Documents[0]; d.MediaType != "text/markdown" || d.Text != doc || filepath.Base(d.Path) != "stdin.md" {
		t.Errorf("text -: %+v, want the Markdown document stdin.md as piped", d)
	}

	r = loreIn(t, env, "just some plain words, nothing more\n", "text", "-", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"mediaType": "text/plain"`) {
		t.Errorf("plain text on stdin: exit %d %s", r.code, r.stdout)
	}

	r = loreIn(t, env, doc, "analyze", "-", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"name": "Ring"`) {
		t.Errorf("analyze -: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = loreIn(t, env, doc, "scan", "-", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"passed": true`) {
		t.Errorf("scan -: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = loreIn(t, env, doc, "gate", "-", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"status": "approved"`) {
		t.Errorf("gate -: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = loreIn(t, env, doc, "learn", "-", "--json")
	if r.code != 0 {
		t.Fatalf("learn -: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	out := checkLearnContract(t, r.stdout)
	if !out.Success || out.Counts["added"] != 1 {
		t.Errorf("learn -: %+v", out)
	}
	// The session and the primitive name what was read, not the temporary
	// file it was read from, which is gone.
	r = loreIn(t, env, "", "sessions", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"source": "standard input"`) || strings.Contains(r.stdout, "lore-stdin-") {
		t.Errorf("sessions after learn -: %s", r.stdout)
	}
	r = loreIn(t, env, "", "show", out.Primitives[0].ID, "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"document": "stdin.md"`) || strings.Contains(r.stdout, "lore-stdin-") {
		t.Errorf("show after learn -: %s", r.stdout)
	}

	r = loreIn(t, env, "", "learn", "-", "--json")
	if r.code != 2 || !strings.Contains(r.stderr, "standard input") {
		t.Errorf("learn - with nothing piped: exit %d, stderr %q", r.code, r.stderr)
	}
	jsonFailure(t, "learn - --json with nothing piped", r.stdout, 2)
}

func TestCompletionOffersValues(t *testing.T) {
	docs := t.TempDir()
	c := writeDoc(t, docs, "c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	d := writeDoc(t, docs, "d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n")
	dir := newStoreDir(t)
	first := learnJSONRun(t, dir, c, "--domain", "structure")
	second := learnJSONRun(t, dir, d, "--domain", "structure")
	if len(second.Conflicts) != 1 {
		t.Fatalf("want one conflict, got %v", second.Conflicts)
	}
	loreOK(t, dir, "skills", "warn", "no-force-push", "--description", "Never force-push to main")

	complete := func(args ...string) []string {
		t.Helper()
		r := loreIn(t, storeEnv(dir), "", append([]string{"__complete"}, args...)...)
		if r.code != 0 {
			t.Fatalf("__complete %v: exit %d %q", args, r.code, r.stderr)
		}
		var values []string
		for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			if strings.HasPrefix(line, ":") {
				continue // the directive
			}
			v, _, _ := strings.Cut(line, "\t")
			values = append(values, v)
		}
		return values
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"unlearn", ""}, []string{second.SessionID, first.SessionID}},
		{[]string{"report", "learn-"}, []string{second.SessionID, first.SessionID}},
		{[]string{"conflicts", "resolve", ""}, second.Conflicts},
		{[]string{"conflicts", "resolve", second.Conflicts[0], "keep-"}, []string{"keep-existing", "keep-candidate", "keep-both"}},
		{[]string{"skills", "show", ""}, []string{"public.no-force-push"}},
		{[]string{"skills", "feedback", "no-force-push", ""}, []string{"helpful", "harmful"}},
		{[]string{"show", "structure-gr"}, []string{"structure-group"}},
		{[]string{"graph", "--format", ""}, []string{"dot", "mermaid", "json"}},
		{[]string{"rank", "--by", ""}, []string{"importance", "reach"}},
		{[]string{"learn", "x.md", "--tier", ""}, []string{"home", "stranger"}},
		{[]string{"learn", "x.md", "--depth", ""}, []string{"shallow", "standard", "deep"}},
		{[]string{"rank", "--domain", "stat"}, []string{"statistics"}},
		{[]string{"skills", "list", "--status", ""}, []string{"draft", "active", "archived", "all"}},
	} {
		if got := complete(c.args...); !slices.Equal(got, c.want) {
			t.Errorf("completion of %q = %q, want %q", c.args, got, c.want)
		}
	}

	// A store another process holds offers nothing, at once and silently.
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	start := time.Now()
	r := loreIn(t, storeEnv(dir), "", "__complete", "unlearn", "")
	if r.code != 0 || strings.TrimSpace(r.stdout) != ":4" || time.Since(start) > 10*time.Second {
		t.Errorf("completion on a locked store: exit %d, stdout %q, stderr %q, %v", r.code, r.stdout, r.stderr, time.Since(start))
	}
	// No store yet: nothing offered, and no store created.
	empty := filepath.Join(t.TempDir(), "none")
	r = loreIn(t, storeEnv(empty), "", "__complete", "unlearn", "")
	if _, err := os.Stat(empty); r.code != 0 || strings.TrimSpace(r.stdout) != ":4" || err == nil {
		t.Errorf("completion without a store: exit %d, stdout %q, store created: %v", r.code, r.stdout, err == nil)
	}
}

func TestUnsupportedURLSchemeIsNamed(t *testing.T) {
	for _, src := range []string{"ftp://example.org/notes.pdf", "gopher://example.org/1/notes", "mailto:someone@example.org"} {
		for _, cmd := range []string{"text", "analyze", "scan"} {
			r := loreIn(t, nil, "", cmd, src)
			if r.code != 2 || !strings.Contains(r.stderr, "unsupported URL scheme") || !strings.Contains(r.stderr, src) ||
				!strings.Contains(r.stderr, "http and https") || strings.Contains(r.stderr, "no such file") {
				t.Errorf("lore %s %s: exit %d, stderr %q", cmd, src, r.code, r.stderr)
			}
		}
	}
}

func TestGraphUnknownDomainIsNamed(t *testing.T) {
	r := loreIn(t, storeEnv(newStoreDir(t)), "", "graph", "--domain", "nosuch")
	if r.code != 2 || !strings.Contains(r.stderr, `"nosuch"`) || !strings.Contains(r.stderr, "unknown domain") || !strings.Contains(r.stderr, "statistics") {
		t.Errorf("graph --domain nosuch: exit %d, stderr %q", r.code, r.stderr)
	}
	// A known domain without primitives is an empty graph, not an error.
	if r := loreIn(t, storeEnv(newStoreDir(t)), "", "graph", "--domain", "statistics"); r.code != 0 {
		t.Errorf("graph --domain statistics: exit %d, stderr %q", r.code, r.stderr)
	}
}

// learn and analyze refuse a --domain no configuration defines, as the
// readers do, before anything is stored; a domain the domains file adds is
// accepted.
func TestLearnUnknownDomainIsRefused(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "note.md")
	if err := os.WriteFile(doc, []byte("# Means\n\n**Definition.** The mean of a sample is the sum of its values divided by their count.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	store := newStoreDir(t)
	for _, args := range [][]string{{"learn", doc, "--domain", "nosuch"}, {"analyze", doc, "--domain", "nosuch"}} {
		r := loreIn(t, storeEnv(store), "", args...)
		if r.code != 2 || !strings.Contains(r.stderr, `--domain "nosuch": unknown domain; lore domains lists them:`) || !strings.Contains(r.stderr, "statistics") {
			t.Errorf("lore %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	r := loreIn(t, storeEnv(store), "", "rank", "--json")
	if r.code != 0 || strings.Contains(r.stdout, "nosuch") || strings.Contains(r.stdout, "mean") {
		t.Errorf("the refused learn stored something: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	user := filepath.Join(dir, "domains.yaml")
	if err := os.WriteFile(user, []byte(`domains:
  - id: chemistry
    name: Chemistry
    description: Atoms, bonds and reactions.
    region: {center: {real: 0.6, imaginary: -0.6}, radius: 0.3}
    activationPatterns: [atom, molecule, bond, reaction]
    compatibleWith: [reality]
    primaryTypes: [definition, theorem]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(storeEnv(store), "LORE_DOMAINS_FILE="+user)
	if r := loreIn(t, env, "", "learn", doc, "--domain", "chemistry", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"domain": "chemistry"`) {
		t.Errorf("learn --domain chemistry (domains file): exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := loreIn(t, storeEnv(store), "", "analyze", doc, "--domain", "statistics"); r.code != 0 {
		t.Errorf("analyze --domain statistics: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestBadThemeIsNamed(t *testing.T) {
	cfg := t.TempDir()
	writeDoc(t, cfg, "config.yaml", "theme: purple\n")
	r := loreIn(t, []string{"LORE_CONFIG_HOME=" + cfg}, "", "domains")
	if r.code != 2 || !strings.Contains(r.stderr, `theme: "purple"`) || !strings.Contains(r.stderr, "auto, dark, light") || !strings.Contains(r.stderr, "config.yaml") {
		t.Errorf("theme: purple: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := loreIn(t, []string{"LORE_THEME=Light"}, "", "domains"); r.code != 0 {
		t.Errorf("theme Light: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestHelpIsNotPaddedWhenPiped(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"learn", "--help"}, {"skills"}, {"help", "store"}} {
		r := loreIn(t, nil, "", args...)
		if r.code != 0 || !strings.Contains(r.stdout, "USAGE") {
			t.Errorf("lore %v: exit %d\n%s", args, r.code, r.stdout)
			continue
		}
		for i, line := range strings.Split(r.stdout, "\n") {
			if strings.TrimRight(line, " \t") != line {
				t.Errorf("lore %v: line %d ends in blanks: %q", args, i+1, line)
				break
			}
		}
	}
}

// TestConfigAndDomainsAlignTheirColumns: the value and source columns of
// lore config and the region column of lore domains start at one offset
// whatever the width of the keys, values and domain ids.
func TestConfigAndDomainsAlignTheirColumns(t *testing.T) {
	r := loreIn(t, nil, "", "config")
	if r.code != 0 {
		t.Fatalf("config: exit %d %q", r.code, r.stderr)
	}
	starts := map[int]bool{}
	for _, line := range strings.Split(r.stdout, "\n") {
		if i := strings.Index(line, "default"); i > 0 && !strings.HasPrefix(line, "config file") {
			starts[i] = true
		}
	}
	if len(starts) != 1 {
		t.Errorf("lore config: the source column starts at %d different offsets:\n%s", len(starts), r.stdout)
	}

	user := writeDoc(t, t.TempDir(), "domains.yaml", `domains:
  - id: organic-chemistry-of-natural-products
    name: Organic chemistry of natural products
    description: Molecules made by living things.
    region: {center: {real: 0.6, imaginary: -0.6}, radius: 0.3}
    activationPatterns: [alkaloid, terpene]
    compatibleWith: [reality]
    primaryTypes: [definition]
`)
	r = loreIn(t, []string{"LORE_DOMAINS_FILE=" + user}, "", "domains")
	if r.code != 0 {
		t.Fatalf("domains: exit %d %q", r.code, r.stderr)
	}
	starts = map[int]bool{}
	for _, line := range strings.Split(r.stdout, "\n") {
		if i := strings.Index(line, "("); i > 0 && !strings.HasPrefix(line, " ") {
			starts[i] = true
		}
	}
	if len(starts) != 1 {
		t.Errorf("lore domains: the region column starts at %d different offsets:\n%s", len(starts), r.stdout)
	}
}

// --help after a command that does not exist is refused, as the command
// alone is: cobra would print the parent's help and exit 0.
func TestHelpOfAnUnknownCommandIsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lern", "--help"}, `unknown command "lern" for "lore"; did you mean learn?`},
		{[]string{"frobnicate", "-h"}, `unknown command "frobnicate" for "lore"`},
		{[]string{"--data-dir", "somewhere", "lern", "--help"}, `unknown command "lern"`},
		{[]string{"skills", "serch", "--help"}, `unknown command "serch" for "lore skills"; did you mean search?`},
	} {
		r := lore(t, nil, c.args...)
		if r.code != ExitUsage || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %.80q; want exit %d and %q", c.args, r.code, r.stderr, r.stdout, ExitUsage, c.want)
		}
	}
	for _, args := range [][]string{{"learn", "--help"}, {"skills", "--help"}, {"--help"}, {"help", "learn"}} {
		if r := lore(t, nil, args...); r.code != ExitOK || r.stdout == "" {
			t.Errorf("%v: exit %d, stdout %d bytes", args, r.code, len(r.stdout))
		}
	}
}

// TestNoFlagTakesAToken: a token given on a command line would show in
// every process list (ps, /proc/PID/cmdline) of the machine; lore reads
// tokens from the environment ($LORE_TOKEN) only, and no command has a
// flag that would invite one.
func TestNoFlagTakesAToken(t *testing.T) {
	root := (&app{}).rootCmd()
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			n++
			for _, w := range []string{"token", "password", "secret", "bearer"} {
				if strings.Contains(strings.ToLower(f.Name), w) {
					t.Errorf("%s --%s: a secret on the command line shows in process lists; read it from the environment", c.CommandPath(), f.Name)
				}
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if n < 100 {
		t.Fatalf("walked %d flags only: the command tree was not built", n)
	}
}
