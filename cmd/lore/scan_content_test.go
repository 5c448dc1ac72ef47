package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/internal/hostile"
)

// scanAny runs lore scan --json and checks the contract: exit 0 and one
// JSON object on stdout, whatever the source holds.
func scanAny(t *testing.T, args ...string) scanOut {
	t.Helper()
	r := lore(t, nil, append([]string{"scan", "--json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("scan %v: exit %d, want 0\nstdout: %s\nstderr: %s", args, r.code, r.stdout, r.stderr)
	}
	var out scanOut
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	if err := dec.Decode(&out); err != nil || dec.More() {
		t.Fatalf("scan %v: not one JSON object (%v):\n%s", args, err, r.stdout)
	}
	return out
}

// TestScanFindsTrojanSourceInEveryLanguage: source code of any language is
// scanned, and its bidi controls are critical at both tiers.
func TestScanFindsTrojanSourceInEveryLanguage(t *testing.T) {
	dir := t.TempDir()
	for _, name := range hostile.Names(hostile.TrojanSource()) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, hostile.TrojanSource()[name], 0o644); err != nil {
			t.Fatal(err)
		}
		for _, tier := range []string{"home", "stranger"} {
			out := scanAny(t, p, "--tier", tier)
			found := false
			for _, f := range out.Findings {
				found = found || f.Category == "hidden-characters" && f.Severity == "critical" && strings.HasPrefix(f.Location, name+":")
			}
			if !found || out.Passed {
				t.Errorf("%s at %s: no critical hidden-characters finding (passed %v): %+v", name, tier, out.Passed, out.Findings)
			}
		}
	}
}

// hostileArchive builds a zip or tar whose every entry a path rule refuses.
func hostileArchive(t *testing.T, format string) ([]byte, []string) {
	t.Helper()
	names := []string{"../../evil.md", "/etc/cron.d/evil", `..\..\evil.txt`, "C:/Windows/evil.txt", "docs/nul\x00.md"}
	var b bytes.Buffer
	switch format {
	case "zip":
		zw := zip.NewWriter(&b)
		for _, n := range names {
			w, err := zw.Create(n)
			if err != nil {
				t.Fatal(err)
			}
			w.Write([]byte("# evil\n"))
		}
		fh := &zip.FileHeader{Name: "passwd"}
		fh.SetMode(os.ModeSymlink | 0o777)
		w, _ := zw.CreateHeader(fh)
		w.Write([]byte("/etc/passwd"))
		zw.Close()
	default:
		tw := tar.NewWriter(&b)
		for _, n := range names {
			tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: 7, Typeflag: tar.TypeReg, Format: tar.FormatPAX})
			tw.Write([]byte("# evil\n"))
		}
		tw.WriteHeader(&tar.Header{Name: "root", Linkname: "/", Typeflag: tar.TypeSymlink})
		tw.WriteHeader(&tar.Header{Name: "shadow", Linkname: "../../etc/shadow", Typeflag: tar.TypeLink})
		tw.Close()
	}
	return b.Bytes(), names
}

// TestScanArchiveOfOnlyRefusedEntries: an archive whose every entry is
// refused is reported, entry by entry, as critical path traversal; the scan
// exits 0 with passed false and writes nothing anywhere.
func TestScanArchiveOfOnlyRefusedEntries(t *testing.T) {
	for _, format := range []string{"zip", "tar"} {
		t.Run(format, func(t *testing.T) {
			root := t.TempDir()
			data, _ := hostileArchive(t, format)
			p := filepath.Join(root, "in", "bad."+format)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, data, 0o644)
			before := listTree(t, root)
			out := scanAny(t, p)
			if out.Passed {
				t.Error("a hostile archive passed")
			}
			rules := map[string]string{
				"evil.md":     "'..' component",
				"cron.d/evil": "absolute path",
				"evil.txt":    "",
			}
			if format == "zip" {
				// A tar header ends a name at its first NUL.
				rules["nul"] = "NUL byte"
			}
			var locs []string
			for _, f := range out.Findings {
				if f.Category != "path-traversal" || f.Severity != "critical" || !strings.HasPrefix(f.Location, p+"!") || f.Evidence == "" {
					t.Errorf("finding %+v", f)
				}
				locs = append(locs, strings.TrimPrefix(f.Location, p+"!")+" — "+f.Description)
			}
			all := strings.Join(locs, "\n")
			for entry, rule := range rules {
				if !strings.Contains(all, entry) || !strings.Contains(all, rule) {
					t.Errorf("no finding naming %s and %q:\n%s", entry, rule, all)
				}
			}
			for _, want := range []string{"backslash", "Windows drive C:", "(outside the archive)"} {
				if !strings.Contains(all, want) {
					t.Errorf("no finding with %q:\n%s", want, all)
				}
			}
			if len(out.Findings) < 6 {
				t.Errorf("%d findings for 6 or more refused entries:\n%s", len(out.Findings), all)
			}
			if after := listTree(t, root); strings.Join(after, "\n") != strings.Join(before, "\n") {
				t.Errorf("scan wrote files:\nbefore %v\nafter %v", before, after)
			}
			// Human output too exits 0 and names the rule.
			r := lore(t, nil, "scan", p)
			if r.code != 0 || !strings.Contains(r.stdout, "path-traversal") {
				t.Errorf("human scan: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			// Learning it stops at the scan: nothing to learn, exit 1.
			r = lore(t, nil, "learn", p, "--json", "--dry-run")
			if r.code != 1 || !strings.Contains(r.stdout, "path-traversal") {
				t.Errorf("learn: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
		})
	}
}

// TestScanCollidingEntries: two entries that one file system would unpack
// to the same file are a critical finding naming both.
func TestScanCollidingEntries(t *testing.T) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, n := range []string{"Notes.md", "notes.md", "ﬁle.md", "file.md"} {
		w, _ := zw.Create(n)
		w.Write([]byte("# x\n"))
	}
	zw.Close()
	p := filepath.Join(t.TempDir(), "c.zip")
	os.WriteFile(p, b.Bytes(), 0o644)
	out := scanAny(t, p)
	var descs []string
	for _, f := range out.Findings {
		if f.Category == "path-traversal" && f.Severity == "critical" {
			descs = append(descs, f.Location+": "+f.Description)
		}
	}
	all := strings.Join(descs, "\n")
	if !strings.Contains(all, "c.zip!notes.md: entry name collides with Notes.md after case folding") ||
		!strings.Contains(all, "c.zip!file.md: entry name collides with ﬁle.md after Unicode NFKC normalization") {
		t.Errorf("collisions:\n%s", all)
	}
}

// TestScanReportsBinariesByKind: a program, the EICAR test file and an
// archive nested in a folder's archive are findings; an image is none.
func TestScanReportsBinariesByKind(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"SKILL.md":        []byte("# Skill\n\nFormat the sheet.\n"),
		"bin/helper":      hostile.ELF(),
		"eicar.com":       hostile.EICAR(),
		"assets/logo.png": hostile.Media()["logo.png"],
		"bundle.zip":      hostile.Zip(map[string][]byte{"inner.zip": hostile.Archives()["inner.zip"], "ok.md": []byte("# ok\n")}),
	}
	for name, b := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, b, 0o644)
	}
	out := scanAny(t, dir)
	got := map[string]string{}
	for _, f := range out.Findings {
		got[filepath.Base(strings.ReplaceAll(f.Location, "!", "/"))] = string(f.Category) + "/" + string(f.Severity)
	}
	want := map[string]string{"helper": "embedded-code/critical", "eicar.com": "embedded-code/critical", "inner.zip": "embedded-code/warning"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %q, want %q (all: %v)", k, got[k], w, got)
		}
	}
	if _, ok := got["logo.png"]; ok || len(got) != len(want) {
		t.Errorf("findings %v, want %v", got, want)
	}
	if out.Passed {
		t.Error("a program passed")
	}
}

// TestLearnScansWhatItDoesNotLearn: learn reads only the formats it can
// extract knowledge from, but its gate sees every text file: a Trojan
// Source file next to a clean chapter stops the learn.
func TestLearnScansWhatItDoesNotLearn(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "chapter.md"), []byte("# Graphs\n\n**Definition 1.1 (Graph).** A *graph* is a pair of sets.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "admin.go"), hostile.TrojanSource()["admin.go"], 0o644)
	r := lore(t, nil, "learn", dir, "--json", "--dry-run")
	if r.code != 3 || !strings.Contains(r.stdout, "admin.go") || !strings.Contains(r.stdout, "hidden-characters") {
		t.Errorf("learn with a Trojan Source file: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// A single code file is scanned but not learned: a usage mistake.
	r = lore(t, nil, "learn", filepath.Join(dir, "admin.go"), "--json", "--dry-run")
	if r.code != 2 || !strings.Contains(r.stderr, "unsupported file type .go (lore scans it as text, but learns nothing from it)") {
		t.Errorf("learn admin.go: exit %d\n%s", r.code, r.stderr)
	}
}
