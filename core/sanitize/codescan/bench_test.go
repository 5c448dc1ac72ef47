package codescan

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// codeSample is a mixed script of ordinary code, repeated to size.
func codeSample(lang Lang, size int) string {
	var unit string
	switch lang {
	case Python:
		unit = "import os, json, requests\n\ndef load(path):\n    with open(path) as f:\n        return json.load(f)\n\n" +
			"cfg = load(os.path.join('conf', 'app.json'))\nr = requests.get(cfg['url'], headers={'Authorization': os.environ.get('TOKEN', '')})\n" +
			"for item in r.json()['items']:\n    print(f\"{item['id']}: {item['name']}\")  # list them\n"
	case JavaScript:
		unit = "const fs = require('fs');\nconst cfg = JSON.parse(fs.readFileSync('conf/app.json', 'utf8'));\n" +
			"async function main() {\n  const r = await fetch(cfg.url, { headers: { Authorization: `Bearer ${process.env.TOKEN}` } });\n" +
			"  for (const x of (await r.json()).items) { console.log(`${x.id}: ${x.name}`); }\n}\nmain();\n"
	case Shell:
		unit = "#!/bin/sh\nset -eu\nout=\"${TMPDIR:-/tmp}/report\"\nmkdir -p \"$out\"\nfor f in ./data/*.csv; do\n" +
			"  wc -l \"$f\" | awk '{print $1}' >> \"$out/counts.txt\"  # count\ndone\ncurl -fsSL \"https://api.example/v1/ping?x=$(date +%s)\" -o /dev/null\n"
	case PowerShell:
		unit = "$out = Join-Path $env:TEMP 'report'\nNew-Item -ItemType Directory -Force -Path $out | Out-Null\n" +
			"Get-ChildItem .\\data -Filter *.csv | ForEach-Object { (Get-Content $_.FullName).Count }\n" +
			"Invoke-RestMethod -Uri \"https://api.example/v1/ping\" -Headers @{ Authorization = \"Bearer $env:TOKEN\" }\n"
	}
	return strings.Repeat(unit, size/len(unit)+1)[:size]
}

// BenchmarkAnalyze measures the analyser on 1 MiB of ordinary code in
// each language (MiB/s).
func BenchmarkAnalyze(b *testing.B) {
	const size = 1 << 20
	for _, lang := range []Lang{Python, JavaScript, Shell, PowerShell} {
		src := codeSample(lang, size)
		b.Run(lang.String(), func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				AnalyzeLang("x", src, lang)
			}
			b.ReportMetric(float64(b.N)*size/(1<<20)/b.Elapsed().Seconds(), "MiB/s")
		})
	}
}

// TestHostileInputsStayLinear: nested substitutions, unclosed quotes and
// brackets, long chains do not make the analyser slow.
func TestHostileInputsStayLinear(t *testing.T) {
	const n = 64 << 10
	inputs := map[string]string{
		"nested-subst":   strings.Repeat("$(", n/2),
		"nested-subst-2": strings.Repeat("echo \"$(cat <(echo `x $(", n/28),
		"quotes":         strings.Repeat("'\"", n/2),
		"heredocs":       strings.Repeat("cat <<A <<B <<C\n", n/16),
		"brackets":       strings.Repeat("f(", n/2),
		"templates":      strings.Repeat("`${", n/3),
		"dots":           strings.Repeat("a.", n/2),
		"assign":         strings.Repeat("x=$(curl u)\n", n/12),
		"words":          strings.Repeat("curl -d @~/.ssh/id_rsa ", n/23),
		"stmts":          strings.Repeat("x = y\n", n/6),
		"json":           strings.Repeat("{\"command\":[", n/12),
		"yaml":           strings.Repeat("run: |\n", n/7),
		"md":             strings.Repeat("```sh\n$(\n", n/9),
	}
	for name, s := range inputs {
		for _, lang := range []Lang{Python, JavaScript, Shell, PowerShell, JSON, YAML, Markdown} {
			start := time.Now()
			AnalyzeLang("x", s, lang)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s as %v: %v for %d bytes", name, lang, d, len(s))
			}
		}
	}
}

// BenchmarkSkillFolder analyses a skill folder of 1,000 files (300 Python,
// 300 shell, 200 JavaScript scripts and 200 Markdown documents with
// fenced blocks, 4 KiB each): the whole folder must take well under 2 s.
func BenchmarkSkillFolder(b *testing.B) {
	type file struct {
		name, text string
	}
	var files []file
	total := 0
	md := strings.Repeat("## Step\n\nRun the helper:\n\n```bash\npython3 scripts/run.py --in data.csv --out out.json\n```\n\nThen read the output.\n\n", 40)[:4096]
	for i := 0; i < 1000; i++ {
		var f file
		switch {
		case i < 300:
			f = file{"scripts/s" + strconv.Itoa(i) + ".py", codeSample(Python, 4096)}
		case i < 600:
			f = file{"scripts/s" + strconv.Itoa(i) + ".sh", codeSample(Shell, 4096)}
		case i < 800:
			f = file{"assets/s" + strconv.Itoa(i) + ".js", codeSample(JavaScript, 4096)}
		default:
			f = file{"docs/d" + strconv.Itoa(i) + ".md", md}
		}
		total += len(f.text)
		files = append(files, f)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, f := range files {
			Analyze(f.name, f.text)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/folder")
}
