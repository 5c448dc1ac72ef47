package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"Percent-Encoding":          "percent encoding",
		"Literal Strings":           "literal string",
		"If-None-Match":             "if none match",
		"Accept-Ranges":             "accept range",
		"Status":                    "status",
		"multipart/byteranges":      "multipart byterange",
		"  The   Base URI  ":        "the base uri",
		"416 Range Not Satisfiable": "416 range not satisfiable",
	} {
		if got := normalize(in); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCentralFound(t *testing.T) {
	cs := []concept{
		{name: "normalization", alts: []string{"normalization"}},
		{name: "If-Match", alts: []string{"if match"}},
		{name: "keys", alts: []string{"bare key", "dotted key"}},
		{name: "path", alts: []string{"path"}},
		{name: "pre-release version", alts: []string{"pre release"}},
	}
	top := []string{
		"Scheme-Based Normalization",
		"Origin server never performs the requested method (If-Match)",
		"Dotted Keys",
		"Path Examples",
		"Pre-release version",
	}
	got := centralFound(cs, top, nil)
	want := []string{"Scheme-Based Normalization", "", "Dotted Keys", "", "Pre-release version"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("concept %s: got %q, want %q", cs[i].name, got[i], want[i])
		}
	}
	got = centralFound(cs, top, map[string]bool{"keys\tDotted Keys": true})
	if got[2] != "" {
		t.Errorf("a rejected match still counts: %q", got[2])
	}
}

func TestTermsFound(t *testing.T) {
	ts := []term{{term: "percent-encoding"}, {term: "base URI"}, {term: "URN"}}
	strict, loose, missed, unnamed := termsFound(ts, []string{"Percent-Encoding", "Establishing a Base URI"})
	if strict != 1 || loose != 2 || len(missed) != 1 || missed[0] != "URN" {
		t.Errorf("got strict %d, loose %d, missed %v; want 1, 2, [URN]", strict, loose, missed)
	}
	if len(unnamed) != 1 || unnamed[0] != "base URI" {
		t.Errorf("only inside a name: %v, want [base URI]", unnamed)
	}
}

func TestRunWithoutFiles(t *testing.T) {
	cache, err := os.UserCacheDir()
	if err == nil {
		if _, err = os.Stat(filepath.Join(cache, "lore", "eval", "specs")); err == nil {
			t.Skip("the spec files are fetched: run the scorer itself to measure them")
		}
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"-dir", dir, "-manifest", "../MANIFEST.tsv", "-central", "../CENTRAL.tsv", "-terms", "../TERMS.tsv", "-judged", "../JUDGED.tsv", "-only", "semver"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "fetch.sh") {
		t.Errorf("run without the files: exit %d, stderr %q; want 1 and a hint to run fetch.sh", code, errb.String())
	}
}

func TestReferenceFiles(t *testing.T) {
	rows, err := readManifest("../MANIFEST.tsv")
	if err != nil {
		t.Fatal(err)
	}
	cs, err := readCentral("../CENTRAL.tsv")
	if err != nil {
		t.Fatal(err)
	}
	ts, err := readTerms("../TERMS.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readJudged("../JUDGED.tsv"); err != nil {
		t.Fatal(err)
	}
	held, held2, held3, held4 := 0, 0, 0, 0
	for _, r := range rows {
		if len(cs[r.name]) != 10 {
			t.Errorf("%s: %d central concepts, want 10", r.name, len(cs[r.name]))
		}
		if len(ts[r.name]) == 0 {
			t.Errorf("%s: no defined terms", r.name)
		}
		switch r.set {
		case "held-out":
			held++
		case "held-out-2":
			held2++
		case "held-out-3":
			held3++
		case "held-out-4":
			held4++
		}
	}
	if held < 3 {
		t.Errorf("%d held-out specs, want at least 3", held)
	}
	if held2 < 3 {
		t.Errorf("%d held-out-2 specs, want at least 3", held2)
	}
	if held3 < 3 {
		t.Errorf("%d held-out-3 specs, want at least 3", held3)
	}
	if held4 < 3 {
		t.Errorf("%d held-out-4 specs, want at least 3", held4)
	}
}

// TestManifestSets checks that a row of the second, third or fourth
// held-out half is read as a half of its own and that a set of no known
// name is refused.
func TestManifestSets(t *testing.T) {
	dir := t.TempDir()
	head := "name\trepository\tcommit\tpath\tlicence\tsha256\twork\tset\tnote\n"
	for _, set := range []string{"held-out-2", "held-out-3", "held-out-4"} {
		good := filepath.Join(dir, set+".tsv")
		if err := os.WriteFile(good, []byte(head+"a\tr\tc\ta.txt\tl\ts\tw\t"+set+"\tn\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		rows, err := readManifest(good)
		if err != nil {
			t.Fatalf("%s refused: %v", set, err)
		}
		if len(rows) != 1 || rows[0].set != set {
			t.Errorf("rows = %+v, want one of set %s", rows, set)
		}
	}
	bad := filepath.Join(dir, "bad.tsv")
	if err := os.WriteFile(bad, []byte(head+"a\tr\tc\ta.txt\tl\ts\tw\theld-out-5\tn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readManifest(bad); err == nil {
		t.Error("set held-out-5 accepted")
	}
}
