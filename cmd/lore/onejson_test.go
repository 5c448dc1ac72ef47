package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lore-kb/lore/internal/pgtest"
)

// One library, four places: a data folder, a PostgreSQL database it was
// copied to (lore store copy), a team server serving a copy of the folder
// and lore serve owning another copy (the owner's socket, as with the
// terminal application open). Every command below answers with the same bytes and exit code
// in each — its --json answer is the API's message, printed the same on
// every backend and transport — refusals included (an unknown id, an
// unlearn blocked by dependents), a curator's decisions on each place's
// own copy, and an admin's management of the users.
func TestOneAnswerOnEveryBackend(t *testing.T) {
	docs := t.TempDir()
	a := writeDoc(t, docs, "a.md", "# Algebra\n\nDefinition: A vector space is a set of vectors closed under addition and scalar multiplication.\n")
	b := writeDoc(t, docs, "b.md", "# Bases\n\nDefinition: A basis of a vector space is a linearly independent set of vectors that spans the vector space.\n")
	c := writeDoc(t, docs, "c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	d := writeDoc(t, docs, "d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n")
	folder := filepath.Join(t.TempDir(), "data")
	la := learnJSONRun(t, folder, a, "--domain", "structure")
	lb := learnJSONRun(t, folder, b, "--domain", "structure")
	lc := learnJSONRun(t, folder, c, "--domain", "structure")
	learnJSONRun(t, folder, d, "--domain", "structure")
	basis, group := lb.Primitives[0].ID, lc.Primitives[0].ID

	places := map[string][]string{"folder": storeEnv(folder)}
	db := pgtest.Start(t)
	if r := lore(t, storeEnv(folder), "store", "copy", folder, db.URL); r.code != 0 {
		t.Fatalf("store copy to PostgreSQL: exit %d\n%s", r.code, r.stderr)
	}
	places["postgres"] = []string{"LORE_STORE_URL=" + db.URL, "LORE_DATA_DIR=" + filepath.Join(t.TempDir(), "pgdata")}
	served := copyData(t, folder)
	// The server's user is the person running lore here, whom a folder's
	// and a database's sessions record.
	me := (&app{}).who()
	if me == "" {
		t.Skip("this machine does not say who is running the test")
	}
	token := addUser(t, served, me, "admin")
	srv := serveInProcess(t, served, token, nil)
	places["server"] = []string{"LORE_SERVER=" + srv.addr, "LORE_TOKEN=" + token, "LORE_SERVER_FINGERPRINT=" + srv.pin}

	var pending struct {
		Conflicts []struct {
			ID string `json:"id"`
		} `json:"conflicts"`
	}
	if r := loreOK(t, folder, "conflicts", "--json"); json.Unmarshal([]byte(r.stdout), &pending) != nil || len(pending.Conflicts) != 1 {
		t.Fatalf("conflicts: %s", r.stdout)
	}

	// The owner's socket: a copy served by lore serve, which other lore
	// processes call as they call the terminal application.
	owned := copyData(t, folder)
	home := t.TempDir()
	startServe(t, owned, []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"), "PATH=" + os.Getenv("PATH"), "LORE_DATA_DIR=" + owned})
	places["owner"] = storeEnv(owned)

	// A backup is refused before the store is asked for anything when
	// its FILE exists, or its folder does not.
	existing := writeDoc(t, t.TempDir(), "taken.bak", "not a backup")
	nowhere := filepath.Join(t.TempDir(), "nowhere", "x.bak")

	commands := [][]string{
		{"learn", d, "--dry-run", "--json"}, {"learn", filepath.Join(docs, "missing.md"), "--json"},
		// The store's upkeep, an admin's: a check, and a backup's
		// refusals.
		{"store", "verify", "--json"}, {"store", "verify"},
		{"store", "backup", existing}, {"store", "backup", existing, "--json"}, {"store", "backup", nowhere, "--json"},
		{"sessions", "--json"}, {"sessions"},
		{"report", la.SessionID, "--json"}, {"report", la.SessionID}, {"report", "nope", "--json"},
		{"queue", "--json"}, {"queue", "--state", "all"}, {"queue", "--state", "later", "--json"},
		{"rank", "--json"}, {"rank", "--by", "reach", "--top", "2", "--json"}, {"rank", "--domain", "structure"},
		{"rank", "--domain", "nowhere", "--json"},
		{"show", la.Primitives[0].ID, "--json"}, {"show", la.Primitives[0].ID}, {"show", "nope", "--json"},
		{"conflicts", "--json"}, {"conflicts", "--all", "--json"}, {"conflicts"},
		{"find", "vector space", "--json"}, {"find", "group"},
		{"graph", "--json"}, {"graph", "--format", "dot"}, {"graph", "--format", "mermaid", "--domain", "structure"},
		{"graph", "--domain", "nowhere", "--json"},
		{"unlearn", la.SessionID, "--json"}, {"unlearn", "nope"}, {"conflicts", "resolve", "nope", "keep-both", "--json"},
		// Writes, the same on each place's own copy of the library.
		{"conflicts", "resolve", pending.Conflicts[0].ID, "keep-both", "--json"},
		{"conflicts", "resolve", pending.Conflicts[0].ID, "keep-both"},
		{"unlearn", la.SessionID, "--force", "--json"}, {"unlearn", la.SessionID},
		// A curator's decisions, and their refusals: an edge that is not
		// there, an unknown id.
		{"edit", basis, "--name", "Basis of a space", "--why", "the teacher's name", "--json"},
		{"edit", basis, "--type", "Definition", "--statement", "A basis is a linearly independent spanning set."},
		{"link", basis, group, "--type", "motivates", "--json"}, {"unlink", basis, group},
		{"unlink", basis, group, "--json"}, {"edit", "nope", "--name", "x", "--json"}, {"link", "nope", group},
		{"dismiss", group}, {"reject", basis, "--why", "not in this course", "--json"}, {"show", basis},
		{"sessions", "--json"}, {"sessions"}, {"rank", "--top", "0", "--json"}, {"conflicts", "--all", "--json"},
		// The users, an admin's: added (a token of each place's own,
		// normalised), listed and revoked, and the refusals of a name
		// taken and of an unknown or already revoked user.
		{"users", "add", "contract-ada", "--role", "curator", "--expires", "0", "--json"},
		{"users", "add", "contract-lin", "--role", "reader", "--workspace", "physics", "--expires", "0"},
		{"users", "add", "contract-ada", "--role", "reader", "--json"},
		{"users", "list", "--json"}, {"users", "list"},
		{"users", "revoke", "contract-ada", "--json"}, {"users", "revoke", "contract-ada"}, {"users", "revoke", "nobody", "--json"},
		{"users", "list"},
		// The store checked again after the writes, and repaired.
		{"store", "verify", "--json"}, {"store", "verify", "--repair", "--json"}, {"store", "verify", "--repair"},
	}
	answers := inEachPlace(t, places, func(t *testing.T, env []string) (rs []result) {
		for _, args := range commands {
			r := lore(t, env, args...)
			if slices.Contains(args, "--json") {
				checkJSON(t, args, r)
			}
			if len(args) > 1 && args[0] == "users" && args[1] == "list" {
				// The team server alone has a user already, the one its
				// calls are made as, who has used their token: a place's
				// own difference, not the API's.
				r.stdout = withoutUser(t, r.stdout, me)
			}
			if args[0] == "learn" {
				// A dry run's session is each place's own.
				r.stdout = dryRunID.ReplaceAllString(r.stdout, `"sessionId": "SESSION"`)
			}
			if len(args) > 1 && args[0] == "store" && args[1] == "verify" {
				// Each place names its own store: its folder, the
				// server's data folder in words, the database.
				r.stdout, r.stderr = withoutStoreName(r.stdout), withoutStoreName(r.stderr)
				// A repair's progress is said by the process rebuilding:
				// here on a folder, in its log by an owner or a server.
				r.stderr = rebuildProgress.ReplaceAllString(r.stderr, "")
			}
			r.stdout, r.stderr = normalised(r.stdout), normalised(r.stderr)
			rs = append(rs, r)
		}
		// A backup written here, from each place's store, and restored
		// into a new folder; PostgreSQL refuses it (pg_dump backs it
		// up), as a usage error.
		file := filepath.Join(t.TempDir(), "lore.bak")
		args := []string{"store", "backup", file, "--json"}
		r := lore(t, env, args...)
		checkJSON(t, args, r)
		rs = append(rs, r)
		if r.code == 0 {
			rs = append(rs, lore(t, storeEnv(filepath.Join(t.TempDir(), "restored")), "store", "restore", file, "--json"))
		}
		return rs
	})
	checkBackups(t, answers, len(commands))
	for i, args := range commands {
		for _, place := range []string{"postgres", "server", "owner"} {
			got, want := answers[place][i], answers["folder"][i]
			if place == "postgres" && len(args) > 1 && args[0] == "store" && args[1] == "verify" {
				// The database keeps other indexes than a folder's.
				got.stdout, want.stdout = withoutIndexCounts(got.stdout), withoutIndexCounts(want.stdout)
			}
			if got != want {
				t.Errorf("lore %s on %s: exit %d\nstdout %s\nstderr %s\nin a folder: exit %d\nstdout %s\nstderr %s",
					strings.Join(args, " "), place, got.code, clip(got.stdout, 1500), got.stderr, want.code, clip(want.stdout, 1500), want.stderr)
			}
		}
	}
	blocked := answers["folder"][slices.IndexFunc(commands, func(args []string) bool {
		return slices.Equal(args, []string{"unlearn", la.SessionID, "--json"})
	})]
	if blocked.code != ExitBlocked {
		t.Errorf("the blocked unlearn: exit %d, want %d\n%s", blocked.code, ExitBlocked, blocked.stdout)
	}
	if os.Getenv("LORE_CONTRACT_DUMP") != "" {
		for i, args := range commands {
			fmt.Printf("$ lore %s  # exit %d\n%s%s\n", strings.Join(args, " "), answers["folder"][i].code, answers["folder"][i].stdout, answers["folder"][i].stderr)
		}
	}
}

// checkBackups checks each place's backup, the answer after its
// commands (at i), and the restore of what it wrote: the backups of the
// folder, the owner and the team server hold the same primitives, which
// their restores hold too; PostgreSQL refuses, exit 2, naming pg_dump.
func checkBackups(t *testing.T, answers map[string][]result, i int) {
	t.Helper()
	type backup struct {
		Primitives int    `json:"primitives"`
		Bytes      string `json:"bytes"`
		Path       string `json:"path"`
	}
	var restored struct {
		Verify struct {
			Primitives int `json:"primitives"`
		} `json:"verify"`
	}
	want := -1
	for place, rs := range answers {
		r := rs[i]
		if place == "postgres" {
			if r.code != ExitUsage || !strings.Contains(r.stdout, pgBackupRefusal) {
				t.Errorf("store backup on PostgreSQL: exit %d, want %d refusing\n%s%s", r.code, ExitUsage, r.stdout, r.stderr)
			}
			continue
		}
		var b backup
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &b) != nil || b.Primitives == 0 || b.Bytes == "" || b.Path == "" {
			t.Errorf("store backup on %s: exit %d\n%s%s", place, r.code, r.stdout, r.stderr)
			continue
		}
		if want < 0 {
			want = b.Primitives
		}
		if b.Primitives != want {
			t.Errorf("store backup on %s holds %d primitives, another place's %d", place, b.Primitives, want)
		}
		if len(rs) <= i+1 {
			t.Errorf("store backup on %s: not restored", place)
			continue
		}
		back := rs[i+1]
		if back.code != 0 || json.Unmarshal([]byte(back.stdout), &restored) != nil || restored.Verify.Primitives != b.Primitives {
			t.Errorf("the backup of %s restores: exit %d\n%s%s", place, back.code, back.stdout, back.stderr)
		}
	}
}

// storeNamed finds the store a check names: the first line of its text,
// the "store" of its JSON, and its error when it finds a problem.
var storeNamed = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\bstore .* has (\d+) integrity problem`), "store STORE has $1 integrity problem"},
	{regexp.MustCompile(`(?m)^store .*$`), "store STORE"},
	{regexp.MustCompile(`"store": ".*?"`), `"store": "STORE"`},
}

// rebuildProgress is what a repair says of its rebuild on stderr.
var rebuildProgress = regexp.MustCompile(`(?m)^lore: rebuilding the store's indexes.*\n`)

// indexCounts are the counts of a check that each backend makes of its
// own indexes.
var indexCounts = regexp.MustCompile(`"(indexEntries|dedupRecords)": \d+|\d+ index entries`)

// withoutIndexCounts is a check's answer without indexCounts.
func withoutIndexCounts(out string) string { return indexCounts.ReplaceAllString(out, "N") }

// withoutStoreName is out with the store it names replaced by STORE.
func withoutStoreName(out string) string {
	for _, n := range storeNamed {
		out = n.re.ReplaceAllString(out, n.with)
	}
	return out
}

// Sessions made on each place's copy have ids and times of their own, as
// have the users added there their tokens.
var (
	sessionID = regexp.MustCompile(`\b(learn|unlearn|curate)-\d{8}-\d{6}-[0-9a-f]{6}\b`)
	timestamp = regexp.MustCompile(`\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?Z?)?`)
	userToken = regexp.MustCompile(`\blore_[A-Za-z0-9_-]{43}`)
	tokenHint = regexp.MustCompile(`\blore_[A-Za-z0-9_-]{4}…`)
)

// dryRunID is a learn report's session id.
var dryRunID = regexp.MustCompile(`"sessionId": "learn-[^"]+"`)

// normalised is a command's output with the ids and times of sessions
// and the users' tokens replaced: the first learn's session keeps its
// id, which every copy shares, and was written into the commands.
func normalised(s string) string {
	s = tokenHint.ReplaceAllString(userToken.ReplaceAllString(s, "TOKEN"), "HINT")
	return timestamp.ReplaceAllString(sessionID.ReplaceAllStringFunc(s, func(id string) string {
		if strings.HasPrefix(id, "learn-") {
			return id
		}
		return "SESSION"
	}), "TIME")
}

// withoutUser is the output of lore users list, as JSON or text, without
// the user called name.
func withoutUser(t *testing.T, out, name string) string {
	t.Helper()
	if !strings.HasPrefix(out, "{") {
		var kept []string
		for line := range strings.Lines(out) {
			if f := strings.Fields(line); len(f) < 2 || f[1] != name {
				kept = append(kept, line)
			}
		}
		return strings.Join(kept, "")
	}
	// Each user is kept as printed, its fields in their order.
	var list struct {
		Users []json.RawMessage `json:"users"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("users list --json: %v\n%s", err, out)
	}
	list.Users = slices.DeleteFunc(list.Users, func(raw json.RawMessage) bool {
		var u struct {
			Name string `json:"name"`
		}
		return json.Unmarshal(raw, &u) == nil && u.Name == name
	})
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// inEachPlace runs run in every place at once, each its own subtest (the
// places are copies of one library, apart from each other), and gives
// each place's answers.
func inEachPlace(t *testing.T, places map[string][]string, run func(t *testing.T, env []string) []result) map[string][]result {
	var mu sync.Mutex
	answers := map[string][]result{}
	t.Run("places", func(t *testing.T) {
		for place, env := range places {
			t.Run(place, func(t *testing.T) {
				t.Parallel()
				rs := run(t, env)
				mu.Lock()
				defer mu.Unlock()
				answers[place] = rs
			})
		}
	})
	if len(answers) != len(places) {
		t.FailNow() // a place stopped short: its subtest says why
	}
	return answers
}
