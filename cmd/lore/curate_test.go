package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const curateChapter = `\documentclass{article}
\begin{document}
\section{Groups}
\begin{definition}[Group]\label{def:group}
A group is a set $G$ with an associative binary operation, an identity element and inverses for every element.
\end{definition}
\begin{theorem}\label{thm:lagrange}
For a finite group $G$ (Definition~\ref{def:group}) the order of a subgroup divides the order of $G$.
\end{theorem}
\end{document}
`

// The curation commands: each decision is a session lore unlearn takes
// back; unknown ids, a merge into itself and a cycle exit 2, named.
func TestCurationCommands(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "groups.tex")
	if err := os.WriteFile(src, []byte(curateChapter), 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	run := func(args ...string) result { return lore(t, nil, append([]string{"--data-dir", data}, args...)...) }
	if r := run("learn", src, "--approve"); r.code != 0 {
		t.Fatalf("learn: %d %s", r.code, r.stderr)
	}
	const group, thm = "foundations-group", "foundations-theorem-1-2-groups"
	r := run("edit", thm, "--name", "Lagrange's theorem", "--json")
	var out struct {
		Session  string   `json:"sessionId"`
		Decision string   `json:"decision"`
		Updated  []string `json:"updated"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &out) != nil || out.Decision != "edit" || len(out.Updated) != 1 || !strings.HasPrefix(out.Session, "curate-") {
		t.Fatalf("edit: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := run("show", thm); !strings.HasPrefix(r.stdout, "Lagrange's theorem") {
		t.Fatalf("show after edit:\n%s", r.stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"edit", "nope", "--name", "x"}, `unknown primitive "nope"`},
		{[]string{"merge", group, group}, "cannot merge " + group + " into itself"},
		{[]string{"link", group, thm}, "dependency cycle " + group + " → " + thm + " → " + group},
		{[]string{"unlink", group, thm}, "has no edge to"},
		{[]string{"edit", thm, "--type", "lemma"}, `unknown type "lemma"`},
		{[]string{"reject"}, "one primitive ID"},
		{[]string{"split", thm, "--part", "Lagrange: the order of H divides the order of G."}, "needs at least two parts"},
		{[]string{"split", thm, "--part", "no colon", "--part", "B: b"}, `want "NAME: STATEMENT"`},
		{[]string{"split", thm, "--part", "[lemma] A: a", "--part", "B: b"}, `unknown type "lemma"`},
		{[]string{"dismiss", "nope"}, `unknown primitive "nope"`},
	} {
		if r := run(c.args...); r.code != ExitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, want %d with %q: %s", c.args, r.code, ExitUsage, c.want, r.stderr)
		}
	}
	// A split adds its second part beside the first; lore unlearn takes it back.
	r = run("split", group, "--part", "Group: A group is a set with an associative operation, an identity and inverses.",
		"--part", "[definition] Identity element: An identity element e satisfies ea = ae = a for every a.", "--json")
	var split struct {
		Session string   `json:"sessionId"`
		Added   []string `json:"added"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &split) != nil || len(split.Added) != 1 {
		t.Fatalf("split: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := run("show", split.Added[0]); !strings.HasPrefix(r.stdout, "Identity element") {
		t.Errorf("show the split's part:\n%s", r.stdout)
	}
	if r := run("unlearn", split.Session); r.code != 0 {
		t.Fatalf("unlearn the split: %d %s", r.code, r.stderr)
	}
	if r := run("unlearn", out.Session); r.code != 0 {
		t.Fatalf("unlearn the edit: %d %s", r.code, r.stderr)
	}
	if r := run("show", thm); !strings.HasPrefix(r.stdout, "Theorem 1.2") {
		t.Fatalf("show after unlearning the edit:\n%s", r.stdout)
	}
	// What a curator removed, lore show says where it went.
	if r := run("reject", thm); r.code != 0 {
		t.Fatalf("reject: %d %s", r.code, r.stderr)
	}
	if r := run("show", thm); r.code != ExitUsage || !strings.Contains(r.stderr, "no longer stored: rejected in curate-") {
		t.Errorf("show of a rejected primitive: exit %d, %s", r.code, r.stderr)
	}
}
