package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// lore version shows the revision, its time and whether the tree was
// modified, as the go command recorded them, when no release stamped it.
func TestVersionShowsRecordedRevision(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	bi := &debug.BuildInfo{
		Main: debug.Module{Path: "github.com/lore-kb/lore", Version: "v0.0.0-20261125041127-0123456789ab+dirty"},
		Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: "2026-11-25T04:11:27Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	s := readBuildStamp(bi, true)
	if s.Commit != rev || s.Date != "2026-11-25T04:11:27Z" || !s.Modified || s.Version != "dev" {
		t.Errorf("stamp %+v", s)
	}
	if got, want := s.line(), "lore dev (0123456789ab, 2026-11-25T04:11:27Z, modified)"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// Installed as module@version, with no checkout: the tag is the version.
	s = readBuildStamp(&debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, true)
	if s.Version != "v1.2.0" || s.Commit != "" || !strings.Contains(s.line(), "commit unknown") {
		t.Errorf("installed: %+v %q", s, s.line())
	}
}

// The binary built from this checkout with version control stamping says
// the revision the go command embedded in it (go version -m reads it
// independently).
func TestVersionCommandNamesEmbeddedRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the go command records no revision")
	}
	if err := exec.Command("git", "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Skip("not a git checkout: the go command records no revision")
	}
	bin := filepath.Join(t.TempDir(), "lore")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildvcs=true: %v\n%s", err, out)
	}
	info, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	embedded := map[string]string{}
	for _, l := range strings.Split(string(info), "\n") {
		f := strings.Fields(l)
		if len(f) == 2 && f[0] == "build" {
			if k, v, ok := strings.Cut(f[1], "="); ok {
				embedded[k] = v
			}
		}
	}
	if embedded["vcs.revision"] == "" {
		t.Fatalf("go version -m shows no vcs.revision:\n%s", info)
	}
	out, err := exec.Command(bin, "version", "--json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ Commit, Date, Modified string } // every value a string
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if v.Commit != embedded["vcs.revision"] || v.Date != embedded["vcs.time"] || v.Modified != embedded["vcs.modified"] {
		t.Errorf("version --json %+v, embedded %v", v, embedded)
	}
	text, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "("+embedded["vcs.revision"][:12]+", "+embedded["vcs.time"]) {
		t.Errorf("version %q does not name revision %s of %s", text, embedded["vcs.revision"][:12], embedded["vcs.time"])
	}
	flag, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(flag) != string(text) {
		t.Errorf("--version %q, lore version %q", flag, text)
	}
}

// TestVersionFlagIsTheVersionLine: lore --version and -v print the very
// line lore version prints (they printed "lore version dev (…)", the
// stamp in another form, without the platform).
func TestVersionFlagIsTheVersionLine(t *testing.T) {
	want := lore(t, nil, "version")
	if want.code != 0 || !strings.HasPrefix(want.stdout, "lore ") {
		t.Fatalf("lore version: exit %d, %q", want.code, want.stdout)
	}
	for _, flag := range []string{"--version", "-v"} {
		if r := lore(t, nil, flag); r.code != 0 || r.stdout != want.stdout {
			t.Errorf("lore %s: exit %d, %q; want %q", flag, r.code, r.stdout, want.stdout)
		}
	}
}
