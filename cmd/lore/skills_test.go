package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lore-kb/lore/cli/skillscmd"
)

func writeSkill(t *testing.T, root, dir, content string) string {
	t.Helper()
	p := filepath.Join(root, dir, "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The --json output is a contract: exactly these keys, arrays never null,
// and the exit code says whether every skill passed the chosen profile.
func TestSkillsValidateJSONContractAndExitCodes(t *testing.T) {
	root := t.TempDir()
	// The skill names its one bundled file: one it did not name would be
	// a warning (see TestSkillsValidateWarnsOnDeadLinksAndUnmentionedFiles).
	good := writeSkill(t, root, "pdf", "---\nname: pdf\ndescription: Use for PDF files.\n---\n# PDF\n\nAn example: references/example/SKILL.md.\n")
	bad := writeSkill(t, root, "template", "---\nname: template-skill\ndescription: A template.\nversion: 1.0\n---\n")
	// Not skills: inside .git, node_modules and a skill's own resources.
	writeSkill(t, root, ".git/x", "---\nname: x\n---\n")
	writeSkill(t, root, "node_modules/y", "---\nname: y\n---\n")
	writeSkill(t, root, "pdf/references/example", "no frontmatter\n")

	r := lore(t, nil, "skills", "validate", root, "--json")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "1 of 2 skills in "+root+" invalid under the strict profile") {
		t.Errorf("stderr %q", r.stderr)
	}
	// A failure adds "errors" and "exitCode" to the object (lore --help).
	var raw struct {
		Skills   []map[string]any `json:"skills"`
		Errors   []string         `json:"errors"`
		ExitCode int              `json:"exitCode"`
	}
	decodeStrict(t, "skills validate --json", r.stdout, &raw)
	if len(raw.Skills) != 2 || len(raw.Errors) != 1 || !strings.Contains(raw.Errors[0], "1 of 2 skills") || raw.ExitCode != 1 {
		t.Fatalf("shape %s", r.stdout)
	}
	for _, s := range raw.Skills {
		var keys []string
		for k := range s {
			keys = append(keys, k)
		}
		if len(keys) != 5 || s["errors"] == nil || s["warnings"] == nil {
			t.Errorf("keys %v in %v", keys, s)
		}
	}
	var out skillscmd.ValidateOut
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	want := []skillscmd.Validation{
		{Path: good, Name: "pdf", Valid: true, Errors: []string{}, Warnings: []string{}},
		{Path: bad, Name: "template-skill", Valid: false, Errors: []string{
			"Unexpected fields in frontmatter: version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
			"Directory name 'template' must match skill name 'template-skill'",
		}, Warnings: []string{}},
	}
	if !reflect.DeepEqual(out.Skills, want) {
		t.Errorf("got %+v\nwant %+v", out.Skills, want)
	}

	// Lenient loads the mismatched skill with warnings.
	r = lore(t, nil, "skills", "validate", root, "--lenient", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"warnings": [`+"\n"+`        "Unexpected fields`) {
		t.Errorf("lenient exit %d: %s %s", r.code, r.stdout, r.stderr)
	}

	// One skill, by file and by folder; text output.
	for _, p := range []string{good, filepath.Dir(good)} {
		r = lore(t, nil, "skills", "validate", p)
		if r.code != 0 || r.stdout != "✓ pdf "+good+"\n" {
			t.Errorf("%s: exit %d %q %q", p, r.code, r.stdout, r.stderr)
		}
	}
	r = lore(t, nil, "skills", "validate", bad)
	if r.code != 1 || !strings.HasPrefix(r.stdout, "✗ template-skill "+bad+"\n    error: Unexpected fields") {
		t.Errorf("exit %d %q", r.code, r.stdout)
	}

	// Usage errors name PATH.
	empty := t.TempDir()
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"skills", "validate"}, "needs one PATH"},
		{[]string{"skills", "validate", empty}, "no SKILL.md found in " + empty},
		{[]string{"skills", "validate", filepath.Join(empty, "missing")}, filepath.Join(empty, "missing") + ": no such file or folder"},
	} {
		r = lore(t, nil, c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.msg) || r.stdout != "" {
			t.Errorf("%v: exit %d stderr %q stdout %q", c.args, r.code, r.stderr, r.stdout)
		}
	}
}

// Every skill lore generates must pass the strict profile.
func TestSkillsValidateGeneratedSkills(t *testing.T) {
	doc := corpus(t, "rfc6455_websocket.txt")
	data := t.TempDir()
	env := []string{"LORE_DATA_DIR=" + data}
	if r := lore(t, env, "learn", doc, "--json"); r.code != 0 {
		t.Fatalf("learn exit %d: %s", r.code, r.stderr)
	}
	r := lore(t, env, "skills", "validate", filepath.Join(data, "skills"), "--json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	var out skillscmd.ValidateOut
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || len(out.Skills) == 0 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	for _, s := range out.Skills {
		if !s.Valid || len(s.Warnings) != 0 {
			t.Errorf("%s: %q %q", s.Path, s.Errors, s.Warnings)
		}
	}
}

// lore skills validate warns, for every skill, on a link to a file the skill
// does not hold and on a bundled file nothing in the skill mentions; the
// skill stays valid and the exit status 0.
func TestSkillsValidateWarnsOnDeadLinksAndUnmentionedFiles(t *testing.T) {
	root := t.TempDir()
	md := writeSkill(t, root, "deploy", "---\nname: deploy\ndescription: Deploys the app. Use when asked to deploy.\n---\n# Deploy\n\nRun [the script](scripts/deploy.sh), then read [the checks](references/checks.md).\n")
	if err := os.MkdirAll(filepath.Join(root, "deploy/scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "deploy/scripts/deploy.sh"), []byte("echo deploy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "deploy/scripts/old.sh"), []byte("echo old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := lore(t, nil, "skills", "validate", root, "--json")
	var out skillscmd.ValidateOut
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != 0 || len(out.Skills) != 1 {
		t.Fatalf("exit %d %v: %s %s", r.code, err, r.stdout, r.stderr)
	}
	want := skillscmd.Validation{Path: md, Name: "deploy", Valid: true, Errors: []string{}, Warnings: []string{
		"SKILL.md links to references/checks.md, which the skill does not hold",
		"scripts/old.sh is bundled with the skill but nothing in the skill mentions it",
	}}
	if !reflect.DeepEqual(out.Skills[0], want) {
		t.Errorf("got %+v\nwant %+v", out.Skills[0], want)
	}
}

// TestSkillsMissingPathIsSaidAsLearnSaysIt: a path that does not exist,
// given to skills import, validate or edit --file, is refused (exit 2) in
// the words lore learn uses — "PATH: no such file or folder" — not with
// the system's error.
func TestSkillsMissingPathIsSaidAsLearnSaysIt(t *testing.T) {
	dir := newStoreDir(t)
	missing := filepath.Join(t.TempDir(), "nothere")
	want := "lore: " + missing + ": no such file or folder\n"
	for _, args := range [][]string{
		{"learn", missing},
		{"skills", "import", missing},
		{"skills", "validate", missing},
		{"skills", "edit", "public.x", "--file", missing},
	} {
		r := lore(t, storeEnv(dir), args...)
		if r.code != ExitUsage || r.stderr != want {
			t.Errorf("lore %s: exit %d, stderr %q; want exit %d, %q", strings.Join(args, " "), r.code, r.stderr, ExitUsage, want)
		}
	}
}
