package bundle

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// writeBigSkill writes a skill folder of n files as import meets them:
// its SKILL.md, then Python, shell and JavaScript scripts and Markdown
// references of about 4 KiB each, in equal shares.
func writeBigSkill(tb testing.TB, dir string, n int) int64 {
	tb.Helper()
	var total int64
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
		total += int64(len(text))
	}
	write("SKILL.md", "---\nname: big-skill\ndescription: Convert CSV exports into JSON reports through the reporting API.\n---\n\n"+
		"# Big skill\n\nRun `python3 scripts/s1.py --in data.csv` and read the output.\n")
	py := fill("import os, json, requests\n\ndef report(rows, url):\n    key = os.getenv(\"REPORT_API_KEY\")\n" +
		"    data = json.dumps({\"rows\": rows})\n    return requests.post(url, data=data, headers={\"Authorization\": key})\n\n")
	sh := fill("#!/bin/sh\nset -eu\nfor f in \"$@\"; do\n  python3 scripts/s1.py --in \"$f\" --out \"${f%.csv}.json\"\ndone\n")
	js := fill("const fs = require('fs');\nfunction load(p) {\n  return JSON.parse(fs.readFileSync(p, 'utf8'));\n}\nmodule.exports = { load };\n")
	md := fill("## Step\n\nRun the helper, then read the output and send the summary to the user.\n\n```bash\npython3 scripts/s1.py --in data.csv\n```\n\n")
	for i := 1; i < n; i++ {
		switch i % 4 {
		case 0:
			write("scripts/s"+strconv.Itoa(i)+".py", py)
		case 1:
			write("scripts/s"+strconv.Itoa(i)+".sh", sh)
		case 2:
			write("scripts/s"+strconv.Itoa(i)+".js", js)
		default:
			write("references/r"+strconv.Itoa(i)+".md", md)
		}
	}
	return total
}

// fill repeats s to exactly 4 KiB.
func fill(s string) string {
	return strings.Repeat(s, 4096/len(s)+1)[:4096]
}

// BenchmarkImportThousandFiles imports one skill folder of 1,000 files
// (about 4 MiB) the way lore skills import does: read, scanned by the
// sanitizer and the code analyser, checked. The s/folder column is the
// time for the whole folder.
func BenchmarkImportThousandFiles(b *testing.B) {
	dir := b.TempDir()
	total := writeBigSkill(b, dir, 1000)
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		plan, err := Import(dir, ImportOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if len(plan.Skills) != 1 {
			b.Fatalf("imported %d skills, skipped %v", len(plan.Skills), plan.Skipped)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/folder")
}
