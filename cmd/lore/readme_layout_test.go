package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	auth "github.com/lore-kb/lore/core/access"
)

// The README's layout lists every package of the module, one line each,
// and nothing that is not one: a package added or removed without the
// README saying so fails here.
func TestReadmeLayoutListsEveryPackage(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no Layout section")
	}
	_, block, _ := strings.Cut(section, "```\n")
	block, _, _ = strings.Cut(block, "```")
	var listed []string
	for _, line := range strings.Split(block, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			listed = append(listed, f[0])
		}
	}
	var packages []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); !slices.Contains(packages, rel) {
			packages = append(packages, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range packages {
		if !slices.Contains(listed, p) {
			t.Errorf("package %s is missing from the README's layout", p)
		}
	}
	for _, l := range listed {
		if !slices.Contains(packages, l) {
			t.Errorf("the README's layout lists %s, which is not a package", l)
		}
	}
}

// readRepo reads a file of the checkout.
func readRepo(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readmeSection is the text of the README's "## title" section.
func readmeSection(t *testing.T, readme, title string) string {
	t.Helper()
	_, s, ok := strings.Cut(readme, "\n## "+title+"\n")
	if !ok {
		t.Fatalf("README.md has no %q section", title)
	}
	s, _, _ = strings.Cut(s, "\n## ")
	return s
}

// The README reads in one sitting: the screen captures and the long
// reference live in docs/, linked from it, and it says what a newcomer
// trips on: the first go run compiles for minutes without a word, and a
// generated skill is a draft until promoted.
func TestReadmeReadsInOneSitting(t *testing.T) {
	readme := readRepo(t, "README.md")
	if n := strings.Count(readme, "\n"); n > 400 {
		t.Errorf("README.md has %d lines; at most 400 read in one sitting (the reference belongs in docs/usage.md)", n)
	}
	if strings.Contains(readme, "<details>") || strings.Contains(readme, "screens:begin") {
		t.Error("README.md holds screen captures; they belong in docs/screens.md")
	}
	for _, doc := range []string{"docs/usage.md", "docs/screens.md"} {
		if !strings.Contains(readme, "]("+doc) {
			t.Errorf("README.md does not link %s", doc)
		}
	}
	for _, heading := range []string{"## The skill library", "## Agents over MCP", "## Configuration", "## Learning from agent runs"} {
		if !strings.Contains(readRepo(t, "docs/usage.md"), "\n"+heading+"\n") {
			t.Errorf("docs/usage.md has no %q", heading)
		}
	}
	if got := strings.Count(readRepo(t, "docs/screens.md"), "<details>"); got != 9+5 {
		t.Errorf("docs/screens.md holds %d captures, want the 9 screens.sh writes and the 5 of curate-scenario.sh", got)
	}
	quick := readmeSection(t, readme, "Quick start")
	for _, want := range []string{"go run ./cmd/lore demo", "go vet ./... && go test ./...", "The first `go run` compiles", "prints nothing"} {
		if !strings.Contains(quick, want) {
			t.Errorf("the quick start does not say %q", want)
		}
	}
	try := readmeSection(t, readme, "Try it")
	for _, want := range []string{"is a **draft** until a person promotes", "lore skills review learn-graphs-and-their-traversal promote", "lore skills search graph"} {
		if !strings.Contains(try, want) {
			t.Errorf("the walkthrough does not say %q", want)
		}
	}
}

// Every relative link of the README and of docs/*.md names a file of the
// checkout and, with an anchor, a heading of that file.
func TestDocsLinksResolve(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, d := range docs {
		files = append(files, "docs/"+filepath.Base(d))
	}
	for _, f := range files {
		text := readRepo(t, f)
		for _, m := range regexp.MustCompile(`\]\(([^)\s]+)\)`).FindAllStringSubmatch(text, -1) {
			link := m[1]
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			target, anchor, _ := strings.Cut(link, "#")
			into := text
			if target != "" {
				p := filepath.ToSlash(filepath.Join(filepath.Dir(f), target))
				b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(p)))
				if err != nil {
					t.Errorf("%s links %s, which is not a file of the checkout", f, link)
					continue
				}
				into = string(b)
			}
			if anchor != "" && !hasHeading(into, anchor) {
				t.Errorf("%s links %s, whose file has no such heading", f, link)
			}
		}
	}
}

// hasHeading reports whether markdown has a heading whose GitHub anchor is
// anchor.
func hasHeading(markdown, anchor string) bool {
	for _, l := range strings.Split(markdown, "\n") {
		h, ok := strings.CutPrefix(l, "#")
		if !ok {
			continue
		}
		h = strings.ToLower(strings.TrimSpace(strings.TrimLeft(h, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ' || r == '-':
				b.WriteRune('-')
			case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		if b.String() == anchor {
			return true
		}
	}
	return false
}

// The README's walkthrough runs as written, and says true things: the
// generated skill is not found before it is promoted, and is after.
func TestReadmeWalkthroughRuns(t *testing.T) {
	if _, err := exec.LookPath("jq"); err != nil {
		t.Skip("jq is not installed; the walkthrough uses it")
	}
	try := readmeSection(t, readRepo(t, "README.md"), "Try it")
	_, block, ok := strings.Cut(try, "Headless, learn")
	if ok {
		_, block, ok = strings.Cut(block, "```sh\n")
	}
	if !ok {
		t.Fatal("the walkthrough's commands are not in a ```sh block after \"Headless, learn\"")
	}
	block, _, _ = strings.Cut(block, "```")
	// Each line runs after a marker, so its output can be told apart.
	var script strings.Builder
	script.WriteString("set -e\n")
	var cmds []string
	for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
		fmt.Fprintf(&script, "echo '@@@ %d'\n%s\n", len(cmds), l)
		cmds = append(cmds, strings.TrimSpace(strings.Split(l, "  #")[0]))
	}
	home := t.TempDir()
	sh := exec.Command("sh", "-c", script.String())
	sh.Dir = filepath.Join("..", "..")
	sh.Env = []string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"PATH=" + filepath.Dir(loreBin) + string(os.PathListSeparator) + os.Getenv("PATH"),
	}
	out, err := sh.CombinedOutput()
	if err != nil {
		t.Fatalf("the walkthrough failed: %v\n%s", err, out)
	}
	outputs := map[string][]string{}
	for i, part := range strings.Split(string(out), "@@@ ")[1:] {
		_, text, _ := strings.Cut(part, "\n")
		outputs[cmds[i]] = append(outputs[cmds[i]], text)
	}
	search := outputs["lore skills search graph"]
	if len(search) != 2 {
		t.Fatalf("the walkthrough runs lore skills search graph %d times, want 2 (before and after the promotion)", len(search))
	}
	if !strings.Contains(search[0], "No active skill matches") {
		t.Errorf("before the promotion, the search found:\n%s", search[0])
	}
	if !strings.Contains(search[1], "public.learn-graphs-and-their-traversal") {
		t.Errorf("after the promotion, the search did not find the skill:\n%s", search[1])
	}
	if review := strings.Join(outputs["lore skills review"], ""); !strings.Contains(review, "draft") || !strings.Contains(review, "learn-graphs-and-their-traversal") {
		t.Errorf("lore skills review does not show the draft:\n%s", review)
	}
}

// lore --help lists man, and lore man prints the manual page of every
// command, through the command's stdout.
func TestHelpListsMan(t *testing.T) {
	r := lore(t, nil, "--help")
	listed := false
	for _, l := range strings.Split(r.stdout, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "man" {
			listed = true
		}
	}
	if r.code != 0 || !listed {
		t.Errorf("lore --help does not list man (exit %d):\n%s", r.code, r.stdout)
	}
	r = lore(t, nil, "man")
	if r.code != 0 || !strings.HasPrefix(r.stdout, ".TH LORE 1") {
		t.Fatalf("lore man: exit %d\n%.300s\n%s", r.code, r.stdout, r.stderr)
	}
	// Every command is built for the page, not only the one named.
	for _, cmd := range []string{"learn", "unlearn", "search", "verify", "man"} {
		if !strings.Contains(r.stdout, `\fB`+cmd+`\fP`) {
			t.Errorf("lore man does not describe %s", cmd)
		}
	}
}

// TestReadmeRolesAreTheCodes: the README's list of a user's roles is the
// code's, in its order (admin first, the role lore serve --listen asks
// for when there is no user).
func TestReadmeRolesAreTheCodes(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`--role ([a-z]+(?:\|[a-z]+)+)`).FindSubmatch(readme)
	if m == nil {
		t.Fatal("the README lists no roles (--role a|b|…)")
	}
	var want []string
	for _, r := range auth.Roles {
		want = append(want, string(r))
	}
	if got := strings.Split(string(m[1]), "|"); !slices.Equal(got, want) {
		t.Errorf("the README's roles are %v, the code's %v", got, want)
	}
}

// TestReadmeSkillsEditLineIsTheHelps: the README's usage line of lore
// skills edit is the command's own (both of its forms), as --help shows it.
func TestReadmeSkillsEditLineIsTheHelps(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	edit, _, err := (&app{}).rootCmd().Find([]string{"skills", "edit"})
	if err != nil {
		t.Fatal(err)
	}
	want := "lore skills " + edit.Use + " [--json]"
	if !strings.Contains(string(readme), want) {
		t.Errorf("the README lacks the usage line %q", want)
	}
}
