package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeConfig writes a config file in a folder of its own and returns the
// folder (for LORE_CONFIG_HOME) and the file.
func writeConfig(t *testing.T, yaml string) (dir, file string) {
	t.Helper()
	dir = t.TempDir()
	file = filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, file
}

// A misspelled key is not ignored without a word: lore warns, names the
// file, and suggests the key it resembles; the command still runs.
func TestConfigUnknownKeysWarnWithSuggestion(t *testing.T) {
	dir, file := writeConfig(t, "them: light\ndedup:\n  max_distanse: 0.3\nzzqx: 1\nskills:\n  consumers:\n    bot: {allow: [\"a.*\"]}\n")
	r := lore(t, []string{"LORE_CONFIG_HOME=" + dir}, "config")
	if r.code != 0 {
		t.Fatalf("config: exit %d\n%s", r.code, r.stderr)
	}
	for _, want := range []string{
		`config file ` + file + `: unknown key "them" is ignored; did you mean "theme"?`,
		`unknown key "dedup.max_distanse" is ignored; did you mean "dedup.max_distance"?`,
		`unknown key "zzqx" is ignored (lore config lists the keys)`,
	} {
		if !strings.Contains(r.stderr, "lore: warning: ") || !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	// The consumers' names are the user's own, not keys to check.
	if strings.Contains(r.stderr, "bot") {
		t.Errorf("a consumer's name was taken for an unknown key:\n%s", r.stderr)
	}
}

// A value of the wrong kind, from the file or the environment, is refused
// (exit 2) with the key and where it came from, before the store is
// touched; lore config shows it, then names it.
func TestConfigWrongTypeIsRefused(t *testing.T) {
	cfgDir, file := writeConfig(t, "dedup:\n  max_distance: abc\n")
	sample, err := filepath.Abs("../../assets/sample/graphs.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, from string
		env        []string
	}{
		{"file", "(from file " + file + ")", []string{"LORE_CONFIG_HOME=" + cfgDir}},
		{"env", "(from env LORE_DEDUP_MAX_DISTANCE)", []string{"LORE_DEDUP_MAX_DISTANCE=abc"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := newStoreDir(t)
			env := append(storeEnv(store), c.env...)
			r := lore(t, env, "learn", sample, "--approve")
			want := `dedup.max_distance: "abc" is not a number ` + c.from
			if r.code != ExitUsage || !strings.Contains(r.stderr, want) {
				t.Errorf("learn: exit %d, want %d with %q:\n%s", r.code, ExitUsage, want, r.stderr)
			}
			if _, err := os.Stat(store); !os.IsNotExist(err) {
				t.Errorf("the refused learn made or touched the store %s (%v)", store, err)
			}
			r = lore(t, env, "config")
			if r.code != ExitUsage || !strings.Contains(r.stderr, want) || !strings.Contains(r.stdout, "dedup.max_distance") {
				t.Errorf("config: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
			}
			// Named once, as a word where a number is needed, not again as
			// out of range.
			if n := strings.Count(r.stderr, "dedup.max_distance"); n != 1 {
				t.Errorf("config names dedup.max_distance %d times:\n%s", n, r.stderr)
			}
		})
	}
	// A section given a value, and a whole number given a fraction.
	for yaml, want := range map[string]string{
		"dedup: 5\n":                      "dedup: is a section of keys (max_distance, min_shared_keywords), not a value (from file ",
		"limits:\n  max_file_size: 1.5\n": "limits.max_file_size: 1.5 is not a whole number (from file ",
		"theme: [dark]\n":                 "theme: a list where a single value is needed (from file ",
	} {
		dir, _ := writeConfig(t, yaml)
		r := lore(t, []string{"LORE_CONFIG_HOME=" + dir}, "sessions")
		if r.code != ExitUsage || !strings.Contains(r.stderr, want) {
			t.Errorf("%q: exit %d, want %d with %q:\n%s", yaml, r.code, ExitUsage, want, r.stderr)
		}
	}
	// Good values of every kind still pass, from the file and the
	// environment.
	dir, _ := writeConfig(t, "dedup:\n  max_distance: 1\nlimits:\n  max_file_size: 1000\ntheme: dark\n")
	if r := lore(t, []string{"LORE_CONFIG_HOME=" + dir, "LORE_DEDUP_MIN_SHARED_KEYWORDS=3", "LORE_SKILLS_MERGE_THRESHOLD=0.8"}, "config"); r.code != 0 || r.stderr != "" {
		t.Errorf("good values: exit %d\n%s", r.code, r.stderr)
	}
}

// TestBadConfigLetsLoreDescribeItself: a configuration with several
// mistakes — a misspelled key, a theme lore lacks, a section given a
// value, a word where a number is needed — refuses the commands that use
// it, naming every mistake (on stderr and in --json's errors) with the
// unknown key's warning beside them; lore version, man and help run all
// the same (exit 0), saying them as warnings; lore config shows the
// configuration, then names every one. A file that does not parse is
// the same. Before, the first mistake refused every command, lore
// version and lore config included, and hid the rest.
func TestBadConfigLetsLoreDescribeItself(t *testing.T) {
	dir, file := writeConfig(t, "them: light\ntheme: purple\nlimits: 7\ndedup:\n  max_distance: abc\n")
	env := []string{"LORE_CONFIG_HOME=" + dir}
	mistakes := []string{
		`theme: "purple" is not one of auto, dark, light (from file ` + file + `)`,
		`limits: is a section of keys (`,
		`dedup.max_distance: "abc" is not a number (from file ` + file + `)`,
	}
	warning := `lore: warning: config file ` + file + `: unknown key "them" is ignored; did you mean "theme"?`
	for _, args := range [][]string{{"version"}, {"man"}, {"help"}, {"help", "learn"}, {"version", "--json"}} {
		r := lore(t, env, args...)
		if r.code != 0 || strings.TrimSpace(r.stdout) == "" {
			t.Errorf("lore %s with a bad configuration: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
		for _, want := range append([]string{warning}, mistakes...) {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("lore %s: stderr lacks %q:\n%s", strings.Join(args, " "), want, r.stderr)
			}
		}
	}
	r := lore(t, env, "config")
	if r.code != ExitUsage || !strings.Contains(r.stdout, "dedup.max_distance") || !strings.Contains(r.stdout, "config file "+file) {
		t.Errorf("lore config: exit %d, want %d after the configuration\n%s%s", r.code, ExitUsage, r.stdout, r.stderr)
	}
	for _, want := range append([]string{warning}, mistakes...) {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("lore config: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	// A command that uses the configuration is refused, naming them all.
	r = lore(t, env, "sessions")
	if r.code != ExitUsage {
		t.Errorf("lore sessions: exit %d, want %d", r.code, ExitUsage)
	}
	for _, want := range append([]string{warning}, mistakes...) {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("lore sessions: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	r = lore(t, env, "sessions", "--json")
	var out struct{ Errors []string }
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != ExitUsage || len(out.Errors) != len(mistakes) {
		t.Errorf("lore sessions --json: exit %d, %v; want the %d mistakes\n%s", r.code, err, len(mistakes), r.stdout)
	}

	dir, file = writeConfig(t, "theme: [\n")
	env = []string{"LORE_CONFIG_HOME=" + dir}
	if r := lore(t, env, "version"); r.code != 0 || !strings.Contains(r.stderr, "lore: warning: config file "+file+": ") {
		t.Errorf("lore version with a config that does not parse: exit %d\n%s", r.code, r.stderr)
	}
	if r := lore(t, env, "sessions"); r.code != ExitUsage || !strings.Contains(r.stderr, "lore: config file "+file+": ") {
		t.Errorf("lore sessions with a config that does not parse: exit %d\n%s", r.code, r.stderr)
	}
}
