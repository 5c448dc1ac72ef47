package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lore-kb/lore/internal/pgtest"
)

// withPassword puts a password in a trust-authenticated server's URL:
// the server never asks for it, so it only shows whether lore ever prints
// it.
func withPassword(url string) string {
	return strings.Replace(url, "postgres://postgres@", "postgres://postgres:hunter2-secret@", 1)
}

// A library kept in PostgreSQL, end to end as a person uses it: users
// added, two documents learned and one again, found, listed, one session
// unlearned; a command of the embedded store refused naming what runs;
// the password of the URL never printed; nothing written to Badger's
// data folder.
func TestCommandsOnPostgres(t *testing.T) {
	db := pgtest.Start(t)
	url := withPassword(db.URL)
	if url == db.URL {
		t.Fatalf("cannot put a password in %s", db.URL)
	}
	data := filepath.Join(t.TempDir(), "data")
	env := []string{"LORE_STORE_URL=" + url, "LORE_DATA_DIR=" + data}
	docs := t.TempDir()
	a := writeDoc(t, docs, "a.md", "# Algebra\n\nDefinition: A vector space is a set of vectors closed under addition and scalar multiplication.\n")
	b := writeDoc(t, docs, "b.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")

	var all strings.Builder
	run := func(want int, args ...string) result {
		t.Helper()
		r := lore(t, env, args...)
		all.WriteString(r.stdout + r.stderr)
		if r.code != want {
			t.Fatalf("lore %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, want, r.stdout, r.stderr)
		}
		return r
	}
	run(0, "users", "add", "ada", "--role", "curator")
	if r := run(0, "users", "list", "--json"); !strings.Contains(r.stdout, `"ada"`) {
		t.Errorf("users list: %s", r.stdout)
	}
	first := run(0, "learn", a, "--json")
	run(0, "learn", b)
	again := run(0, "learn", a, "--json")
	if !strings.Contains(again.stdout, `"added": 0`) || !strings.Contains(first.stdout, `"added": 1`) {
		t.Errorf("learning %s again added something:\n%s", a, again.stdout)
	}
	if r := run(0, "find", "vector space"); !strings.Contains(r.stdout, "vector space") {
		t.Errorf("find: %s", r.stdout)
	}
	var sessions struct {
		Sessions []struct {
			ID    string `json:"id"`
			State string `json:"state"`
		} `json:"sessions"`
	}
	if err := json.Unmarshal([]byte(run(0, "sessions", "--json").stdout), &sessions); err != nil || len(sessions.Sessions) != 3 {
		t.Fatalf("sessions: %+v, %v", sessions, err)
	}
	// Listed as on a library in a folder: the start in local time, to the
	// minute.
	if r := run(0, "sessions"); !regexp.MustCompile(`(?m)^` + sessions.Sessions[1].ID + `  \d{4}-\d\d-\d\d \d\d:\d\d  committed `).MatchString(r.stdout) {
		t.Errorf("sessions:\n%s", r.stdout)
	}
	run(0, "unlearn", sessions.Sessions[1].ID)
	if r := run(0, "find", "group"); !strings.Contains(r.stdout, "No primitive matches") {
		t.Errorf("the unlearned session's primitive is still found:\n%s", r.stdout)
	}
	if r := run(0, "whoami"); !strings.Contains(r.stdout, "PostgreSQL store postgres://postgres:xxxxx@") {
		t.Errorf("whoami: %s", r.stdout)
	}
	if r := run(0, "config"); !strings.Contains(r.stdout, "xxxxx") {
		t.Errorf("config shows no redacted URL:\n%s", r.stdout)
	}

	// Curation runs on the database too, in its write turn: a primitive
	// renamed is found by its new name; an unknown id exits 2.
	var found struct {
		Results []struct {
			ID string `json:"id"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(run(0, "find", "vector space", "--json").stdout), &found); err != nil || len(found.Results) == 0 {
		t.Fatalf("find --json: %+v, %v", found, err)
	}
	id := found.Results[0].ID
	if r := run(0, "edit", id, "--name", "Linear space", "--json"); !strings.Contains(r.stdout, id) {
		t.Errorf("edit: %s", r.stdout)
	}
	if r := run(0, "show", id); !strings.Contains(r.stdout, "Linear space") {
		t.Errorf("the edit is not on the database:\n%s", r.stdout)
	}
	if r := run(2, "edit", "no-such-primitive", "--name", "y"); !strings.Contains(r.stderr, "no-such-primitive") {
		t.Errorf("edit of an unknown id: %s", r.stderr)
	}

	if r := run(0, "queue", "--json"); !strings.Contains(r.stdout, `"pending": 0`) {
		t.Errorf("queue: %s", r.stdout)
	}

	if r := run(0, "graph", "--format", "mermaid"); !strings.Contains(r.stdout, "Linear space") {
		t.Errorf("graph: %s", r.stdout)
	}

	// The skill library is the database's too: a skill imported, activated,
	// used, changed and rolled back, then exported byte for byte.
	skillDir := filepath.Join(t.TempDir(), "skills", "csv-tidy")
	skillMD := "---\nname: csv-tidy\ndescription: Tidy CSV files by trimming cells and lower-casing headers. Use when a CSV file has messy headers.\n---\n# CSV tidy\n\n1. Read the file with the csv module.\n2. Trim every cell.\n"
	if err := os.MkdirAll(filepath.Join(skillDir, "scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeDoc(t, skillDir, "SKILL.md", skillMD)
	writeDoc(t, filepath.Join(skillDir, "scripts"), "count.py", "import csv, sys\nprint(len(list(csv.reader(open(sys.argv[1])))))\n")
	run(0, "skills", "import", filepath.Dir(skillDir), "--trust")
	if r := run(0, "skills", "activate", "public.csv-tidy"); !strings.Contains(r.stdout, "Trim every cell") || !strings.Contains(r.stdout, "scripts/count.py") {
		t.Errorf("skills activate: %s", r.stdout)
	}
	if r := run(0, "skills", "used", "public.csv-tidy", "--success"); !strings.Contains(r.stdout, "1 use") {
		t.Errorf("skills used: %s", r.stdout)
	}
	writeDoc(t, skillDir, "SKILL.md", skillMD+"3. Write NAME.tidy.csv.\n")
	run(0, "skills", "import", filepath.Dir(skillDir), "--trust")
	if r := run(0, "skills", "rollback", "public.csv-tidy", "1"); !strings.Contains(r.stdout, "version 3 has the content of version 1") {
		t.Errorf("skills rollback: %s", r.stdout)
	}
	if r := run(0, "skills", "prompt"); !strings.Contains(r.stdout, "csv-tidy") {
		t.Errorf("skills prompt: %s", r.stdout)
	}
	out := filepath.Join(t.TempDir(), "out")
	run(0, "skills", "export", out)
	if got, err := os.ReadFile(filepath.Join(out, "csv-tidy", "SKILL.md")); err != nil || string(got) != skillMD {
		t.Errorf("exported SKILL.md: %q, %v", got, err)
	}
	if got, err := os.ReadFile(filepath.Join(out, "csv-tidy", "scripts", "count.py")); err != nil || !strings.Contains(string(got), "csv.reader") {
		t.Errorf("exported script: %q, %v", got, err)
	}

	refused := run(2, "store", "restore", filepath.Join(t.TempDir(), "b"))
	for _, want := range []string{"works on the embedded store, not on PostgreSQL", "these do:", "learn", "users add", "serve", "edit", "merge",
		"graph", "queue", "skills import", "skills export", "store verify", "pg_restore"} {
		if !strings.Contains(refused.stderr, want) {
			t.Errorf("refusal lacks %q:\n%s", want, refused.stderr)
		}
	}
	if strings.Contains(refused.stderr, "store backup") {
		t.Errorf("the commands that run on PostgreSQL include store backup:\n%s", refused.stderr)
	}
	// A backup is the API's to refuse, as a team server on the database
	// does: the same words and exit code, and no file left.
	bak := filepath.Join(t.TempDir(), "b")
	refused = run(2, "store", "backup", bak, "--json")
	if !strings.Contains(refused.stdout, pgBackupRefusal) || !strings.Contains(refused.stdout, `"exitCode": 2`) {
		t.Errorf("backup's refusal: %s", refused.stdout)
	}
	if entries, err := os.ReadDir(filepath.Dir(bak)); err != nil || len(entries) != 0 {
		t.Errorf("the refused backup left %v (%v)", entries, err)
	}
	if strings.Contains(all.String(), "hunter2-secret") {
		t.Errorf("the URL's password was printed:\n%s", all.String())
	}
	// Uploads and skills may go to the data folder; a Badger store may
	// not.
	if _, err := os.Stat(filepath.Join(data, "MANIFEST")); err == nil {
		t.Errorf("a Badger store was made in %s", data)
	}
}

// A bad URL is the caller's mistake, said naming the store without its
// password, and exits 1 (the store cannot be reached) without writing
// anything.
func TestPostgresUnreachable(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	env := []string{"LORE_STORE_URL=postgres://ada:hunter2-secret@127.0.0.1:1/team?connect_timeout=2", "LORE_DATA_DIR=" + data}
	r := lore(t, env, "find", "x")
	if r.code == 0 || !strings.Contains(r.stderr, "127.0.0.1:1/team") || strings.Contains(r.stdout+r.stderr, "hunter2") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(data); err == nil {
		t.Errorf("data folder %s was made", data)
	}
}

// Agent runs are learned into a library in PostgreSQL as into a folder's:
// by lore learn RUN (or from standard input), and by lore watch through the queue kept in the
// database; the third failure with one signature drafts a warning.
func TestRunsOnPostgres(t *testing.T) {
	db := pgtest.Start(t)
	data := filepath.Join(t.TempDir(), "data")
	env := []string{"LORE_STORE_URL=" + db.URL, "LORE_DATA_DIR=" + data}
	if r := lore(t, env, "learn", runFixture(t, "claude_success.jsonl"), "--json"); r.code != 0 || !strings.Contains(r.stdout, `"kind": "run"`) {
		t.Fatalf("learn a run: %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := lore(t, env, "learn", runFixture(t, "claude_success.jsonl")); r.code != 0 || !strings.Contains(r.stdout, "learned before") {
		t.Errorf("the same run again: %d %s %s", r.code, r.stdout, r.stderr)
	}
	// From standard input too: a run, and a document beside it.
	piped, err := os.ReadFile(runFixture(t, "generic_success.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if r := loreIn(t, env, string(piped), "learn", "-", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"kind": "run"`) {
		t.Errorf("a run on standard input: %d %s %s", r.code, r.stdout, r.stderr)
	}
	doc := "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n"
	if r := loreIn(t, env, doc, "learn", "-", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"added": 1`) {
		t.Errorf("a document on standard input: %d %s %s", r.code, r.stdout, r.stderr)
	}
	runs := t.TempDir()
	for i := 1; i <= 3; i++ {
		name := fmt.Sprintf("npm_failure_%d.jsonl", i)
		b, err := os.ReadFile(runFixture(t, name))
		if err != nil {
			t.Fatal(err)
		}
		writeDoc(t, runs, name, string(b))
	}
	r := lore(t, env, "watch", runs, "--once", "--settle", "10ms", "--json")
	if r.code != 0 {
		t.Fatalf("watch --once: %d %s %s", r.code, r.stdout, r.stderr)
	}
	var watched struct {
		Learned        int `json:"learned"`
		NegativeDrafts int `json:"negativeDrafts"`
		Pending        int `json:"pending"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &watched); err != nil || watched.Learned != 3 || watched.NegativeDrafts != 1 || watched.Pending != 0 {
		t.Errorf("watch --once: %+v, %v\n%s", watched, err, r.stdout)
	}
	if r := lore(t, env, "queue", "--json"); !strings.Contains(r.stdout, `"done": 3`) {
		t.Errorf("queue: %s", r.stdout)
	}
	keys := ""
	for _, s := range skillRowsOf(t, env) {
		keys += s.Key + " "
	}
	for _, want := range []string{"proposed.fix-failing-cart-test", "proposed.avoid-npm-err-code-eresolve"} {
		if !strings.Contains(keys, want) {
			t.Errorf("skills %s lack %s", keys, want)
		}
	}
	if _, err := os.Stat(filepath.Join(data, "MANIFEST")); err == nil {
		t.Errorf("a Badger store was made in %s", data)
	}
}
