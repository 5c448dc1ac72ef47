package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDryRunSaysWhatWouldConflict: a dry run stores no conflict, so its
// text output says which candidates would conflict with what is stored —
// never that conflicts are pending, nor to review them with lore
// conflicts, which lists none of them. The real run of the same source
// then has its conflict pending and says so.
func TestDryRunSaysWhatWouldConflict(t *testing.T) {
	docs := t.TempDir()
	c := writeDoc(t, docs, "c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	d := writeDoc(t, docs, "d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n")
	dir := newStoreDir(t)
	learnJSONRun(t, dir, c, "--domain", "structure")

	r := loreOK(t, dir, "learn", d, "--domain", "structure", "--dry-run")
	if strings.Contains(r.stdout, "pending") || strings.Contains(r.stdout, "review with") {
		t.Errorf("a dry run speaks of pending conflicts to review:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "1 candidate would conflict with what is stored") ||
		!strings.Contains(r.stdout, "Group would conflict with stored structure-group") {
		t.Errorf("a dry run does not say what would conflict:\n%s", r.stdout)
	}
	pending := func() int {
		var out struct {
			Conflicts []json.RawMessage `json:"conflicts"`
		}
		if err := json.Unmarshal([]byte(loreOK(t, dir, "conflicts", "--json").stdout), &out); err != nil {
			t.Fatal(err)
		}
		return len(out.Conflicts)
	}
	if n := pending(); n != 0 {
		t.Errorf("after the dry run lore conflicts lists %d", n)
	}

	r = loreOK(t, dir, "learn", d, "--domain", "structure")
	if !strings.Contains(r.stdout, "conflicts 1 pending — review with: lore conflicts") || strings.Contains(r.stdout, "would conflict") {
		t.Errorf("the real run's conflict:\n%s", r.stdout)
	}
	if n := pending(); n != 1 {
		t.Errorf("after the real run lore conflicts lists %d, want 1", n)
	}
}

// TestDryRunJSONGivesNoConflictIDs: a dry run's --json names no conflict
// ids, as it stores no conflict (resolving one said unknown conflict):
// "conflicts" is empty and "wouldConflict" gives each would-be conflict as
// the candidate's name and the stored id it would conflict with. Its text
// says its figures are what would be learned. The real run then gives
// ids lore conflicts resolve knows, and no wouldConflict.
func TestDryRunJSONGivesNoConflictIDs(t *testing.T) {
	docs := t.TempDir()
	c := writeDoc(t, docs, "c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	d := writeDoc(t, docs, "d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n")
	dir := newStoreDir(t)
	learnJSONRun(t, dir, c, "--domain", "structure")

	type would struct {
		Candidate  string `json:"candidate"`
		ExistingID string `json:"existingId"`
	}
	var out struct {
		Conflicts     []string `json:"conflicts"`
		WouldConflict []would  `json:"wouldConflict"`
	}
	r := loreOK(t, dir, "learn", d, "--domain", "structure", "--dry-run", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	if out.Conflicts == nil || len(out.Conflicts) != 0 || len(out.WouldConflict) != 1 || out.WouldConflict[0] != (would{"Group", "structure-group"}) {
		t.Errorf("dry run --json: conflicts %q, wouldConflict %+v; want [] and [{Group structure-group}]\n%s", out.Conflicts, out.WouldConflict, r.stdout)
	}
	r = loreOK(t, dir, "learn", d, "--domain", "structure", "--dry-run")
	if !strings.Contains(r.stdout, "would learn added 0") || strings.Contains(r.stdout, "learned ") {
		t.Errorf("the dry run's figures do not read as what would be learned:\n%s", r.stdout)
	}

	r = loreOK(t, dir, "learn", d, "--domain", "structure", "--json")
	out.Conflicts, out.WouldConflict = nil, nil
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Conflicts) != 1 || len(out.WouldConflict) != 0 {
		t.Fatalf("real run --json: conflicts %q, wouldConflict %+v", out.Conflicts, out.WouldConflict)
	}
	loreOK(t, dir, "conflicts", "resolve", out.Conflicts[0], "keep-existing")
}

// TestNoSkillLineNamesTheSubjectInWords: a learn too small for a skill
// says so naming what the skill would have been about — the document's
// title and the document — in words ("1 primitive; a skill needs 10"),
// not by the fallback domain of a source without one, "learn", which
// read as the command, nor as "Insufficient primitives (1 < 10)". The
// session's report says the same.
func TestNoSkillLineNamesTheSubjectInWords(t *testing.T) {
	dir := newStoreDir(t)
	r := loreIn(t, storeEnv(dir), "# T\n\nDefinition: A widget is a small gadget that has a handle and a lever.\n", "learn", "-")
	if r.code != 0 {
		t.Fatalf("learn -: exit %d\n%s", r.code, r.stderr)
	}
	want := `generated no skill for "T" (from stdin.md): 1 primitive; a skill needs 10`
	if !strings.Contains(r.stdout, want) || strings.Contains(r.stdout, "for learn") || strings.Contains(r.stdout, "Insufficient") {
		t.Errorf("learn - of one definition:\n%s\nwant the line %q", r.stdout, want)
	}
	ss := sessionsOf(t, dir)
	if len(ss) != 1 {
		t.Fatalf("sessions %+v", ss)
	}
	rep := loreOK(t, dir, "report", ss[0].ID)
	if !strings.Contains(rep.stdout, `"T" (from stdin.md): 1 primitive; a skill needs 10`) {
		t.Errorf("the report's Not Generated table:\n%s", rep.stdout)
	}
}

// TestLearnRefusesASkillBundle: learning an Agent Skills bundle as a
// document made how-to skills of its instructions; learn refuses it
// before the gate (exit 2, in text and in --json), naming the skill file
// and the command that imports it, and stores nothing. A skill folder
// one level down is a bundle too. scan still reads it: the refusal is
// learn's.
func TestLearnRefusesASkillBundle(t *testing.T) {
	zip := corpus(t, "zip_skillinject_email-api-skill.zip")
	dir := newStoreDir(t)
	r := lore(t, storeEnv(dir), "learn", zip)
	if r.code != 2 {
		t.Errorf("learn of a skill bundle: exit %d, want 2\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{zip + ": an Agent Skills bundle (email-api/Skill.md is a skill's SKILL.md)", "lore skills import " + zip} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("learn of a skill bundle: stderr %q lacks %q", r.stderr, want)
		}
	}
	r = lore(t, storeEnv(dir), "learn", "--json", zip)
	var out struct {
		Errors   []string `json:"errors"`
		ExitCode int      `json:"exitCode"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); r.code != 2 || err != nil || out.ExitCode != 2 || len(out.Errors) != 1 || !strings.Contains(out.Errors[0], "lore skills import") {
		t.Errorf("learn --json of a skill bundle: exit %d, %v\n%s", r.code, err, r.stdout)
	}

	folder := t.TempDir()
	skill := filepath.Join(folder, "csv-tidy")
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	writeDoc(t, skill, "SKILL.md", "---\nname: csv-tidy\ndescription: Tidy a CSV file. Use when a CSV has ragged rows.\n---\n# CSV tidy\n\nDefinition: A ragged row is a row with fewer fields than the header.\n")
	r = lore(t, storeEnv(dir), "learn", folder)
	if r.code != 2 || !strings.Contains(r.stderr, "an Agent Skills bundle (csv-tidy/SKILL.md is a skill's SKILL.md)") {
		t.Errorf("learn of a folder of one skill: exit %d, stderr %q", r.code, r.stderr)
	}
	if entries, err := os.ReadDir(dir); err == nil {
		t.Errorf("the refused learns wrote the store: %v", entries)
	}
	if r := lore(t, nil, "scan", zip); r.code != 0 {
		t.Errorf("scan of the bundle: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A learn the gate refuses (exit 3) says in plain output, as its JSON
// does in errors, which files it could not read, before the refusal,
// which stays the last line.
func TestGateRefusalNamesSkippedFilesInPlainOutput(t *testing.T) {
	docs := t.TempDir()
	writeDoc(t, docs, "warn.md", "# Page\n\n<img src=x onerror=alert(1)>\n\nA graph is a set of vertices.\n")
	writeDoc(t, docs, "greek.txt", strings.Repeat("\xe1\xe2\xe3 ", 40))
	dir := newStoreDir(t)
	r := lore(t, storeEnv(dir), "learn", docs, "--plain")
	if r.code != 3 {
		t.Fatalf("exit %d, want 3 (stdout %q stderr %q)", r.code, r.stdout, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	skipped := "greek.txt: not valid UTF-8 (invalid byte 0xE1 at offset 0, line 1)"
	if !strings.Contains(r.stderr, skipped) || !strings.Contains(lines[len(lines)-1], "approval required") {
		t.Errorf("stderr:\n%s\nwant the skipped file (%s), then the refusal last", r.stderr, skipped)
	}
	if n := strings.Count(r.stderr, "approval required"); n != 1 {
		t.Errorf("the refusal is said %d times:\n%s", n, r.stderr)
	}
}
