package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/names"
)

func TestJudgeAndReport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "JUDGED.tsv")
	data := "work\thash\toffer\tgenuine\tnote\n" +
		"w\th1\tDivision algorithm\tyes\tits name\n" +
		"w\th1\tGreatest Common Divisor\tno\tsection topic\n" +
		"w\th2\tFibre products\tno\ttopic\n" +
		"w\th3\tleft open\t\t\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := readJudged(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(j) != 3 {
		t.Fatalf("%d judgements, want 3 (a blank verdict is left to judge)", len(j))
	}
	of := func(ns ...string) []names.Offer {
		var out []names.Offer
		for _, n := range ns {
			out = append(out, names.Offer{Name: n})
		}
		return out
	}
	cases := []struct {
		r    result
		want verdict
	}{
		// Case does not matter; one genuine offer names the result.
		{result{hash: "h1", offers: of("Greatest Common Divisor", "division algorithm")}, named},
		{result{hash: "h2", offers: of("Fibre products")}, notNamed},
		{result{hash: "h2", offers: of("Fibre products", "something new")}, unjudged},
		{result{hash: "h3", offers: nil}, notNamed},
	}
	c := &counts{}
	for _, tc := range cases {
		v := judge(j, "w", tc.r)
		if v != tc.want {
			t.Errorf("judge(%v) = %v, want %v", tc.r.offers, v, tc.want)
		}
		c.add(v, len(tc.r.offers) > 0)
	}
	var b bytes.Buffer
	report(&b, map[string]*counts{"dev\tw": c}, []string{"dev\tw"}, 3)
	if !strings.Contains(b.String(), "| dev | w | 4 | 3 | 1 | 25% | 1 |") {
		t.Errorf("report:\n%s", b.String())
	}
}

func TestReadJudgedRejectsBadVerdicts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "JUDGED.tsv")
	if err := os.WriteFile(path, []byte("w\th\tx\tmaybe\tnote\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readJudged(path); err == nil {
		t.Error("a verdict other than yes or no was accepted")
	}
	if j, err := readJudged(filepath.Join(t.TempDir(), "absent.tsv")); err != nil || len(j) != 0 {
		t.Errorf("absent file: %v, %d judgements", err, len(j))
	}
}

// TestManifestAndJudgements checks the committed set: every manifest row
// is well formed and every judgement names a work of the manifest.
func TestManifestAndJudgements(t *testing.T) {
	rows, err := readManifest(filepath.Join("..", "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	works := map[string]bool{}
	sets := map[string]int{}
	for _, r := range rows {
		works[r.work] = true
		sets[r.set]++
		if len(r.sha) != 64 || len(r.commit) != 40 {
			t.Errorf("%s: bad sha256 or commit", r.name)
		}
	}
	if len(works) < 5 || sets["dev"] == 0 || sets["held-out"] == 0 {
		t.Errorf("works %v, sets %v: want 5 works in dev and held-out", works, sets)
	}
	j, err := readJudged(filepath.Join("..", "JUDGED.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for k := range j {
		if w, _, _ := strings.Cut(k, "\t"); !works[w] {
			t.Errorf("judgement for unknown work %q", w)
		}
	}
}
