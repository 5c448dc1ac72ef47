package main

import (
	"strings"
	"testing"
)

// cleanPage is an ordinary local web page: a doctype, a head with its
// metadata and style sheet, headings and prose. Nothing in it is hostile.
const cleanPage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Graphs</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<h1>Graphs</h1>
<h2>Trees</h2>
<p><strong>Definition.</strong> A tree is a connected graph with no cycles.</p>
<p><strong>Theorem.</strong> A tree with n vertices has exactly n - 1 edges.</p>
</body>
</html>
`

// cleanXHTMLPage is the same page written as XHTML, with an XML declaration.
const cleanXHTMLPage = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head><meta charset="utf-8"/><title>Graphs</title></head>
<body>
<h1>Graphs</h1>
<p><strong>Definition.</strong> A forest is a graph with no cycles.</p>
</body>
</html>
`

// A clean local .html page is learned without findings and without
// --approve: that it is an HTML page is what it declares, and the mismatch
// check compares the declared type with the bytes read, not with the
// Markdown-like text lore converted them into.
func TestCleanLocalHTMLLearnsWithoutFindings(t *testing.T) {
	for name, page := range map[string]string{"page.html": cleanPage, "xpage.html": cleanXHTMLPage} {
		src := writeDoc(t, t.TempDir(), name, page)
		dir := newStoreDir(t)
		r := lore(t, storeEnv(dir), "learn", src, "--json")
		if r.code != 0 {
			t.Errorf("learn %s: exit %d\nstdout: %s\nstderr: %s", name, r.code, r.stdout, r.stderr)
			continue
		}
		out := checkLearnContract(t, r.stdout)
		if !out.Success || len(out.Findings) != 0 {
			t.Errorf("learn %s: success %v, findings %s", name, out.Success, out.Findings)
		}
		if len(out.Primitives) == 0 {
			t.Errorf("learn %s learned nothing", name)
		}
		if strings.Contains(r.stdout+r.stderr, "content-type-mismatch") {
			t.Errorf("learn %s reports a content-type mismatch:\n%s%s", name, r.stdout, r.stderr)
		}
	}
}

// A Markdown file that is in fact an HTML page still is a mismatch.
func TestHTMLPageNamedMarkdownStillMismatch(t *testing.T) {
	src := writeDoc(t, t.TempDir(), "notes.md", cleanPage)
	r := lore(t, storeEnv(newStoreDir(t)), "learn", src, "--json", "--dry-run")
	if !strings.Contains(r.stdout, "content-type-mismatch") || !strings.Contains(r.stdout, "HTML page") {
		t.Errorf("an HTML page named .md: exit %d, no mismatch finding\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}
