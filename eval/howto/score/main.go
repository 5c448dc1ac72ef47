// Command score learns every document of the how-to evaluation set
// (eval/howto/MANIFEST.tsv: the shared corpus's tutorials and the
// runbooks and READMEs extract.sh copies out of their repositories), each
// into a store of its own, and checks the skills lore writes for it the
// way `lore skills validate` does under the strict profile. It prints a
// Markdown table: per document, the how-to skill's name, its procedures,
// steps and commands, and the validator's verdict.
//
//	go run ./eval/howto/score [-dir DOCS] [-keep DIR]
//
// A document passes when it gives exactly one how-to skill and every
// skill written for it is valid with no warning. Rows of the set "gap"
// are documents known to give no procedure yet; they are shown, not
// counted.
//
// Exit status: 0 when every present "eval" document passes; 1 when one
// fails or on an error (a file whose sha256 differs from the manifest, a
// bad manifest); 2 on bad flags. Absent documents are listed, not errors.
package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

type row struct {
	name, repo, commit, path, licence, sha, set, note string
}

// outcome is what one document gave.
type outcome struct {
	row
	absent     bool
	primitives int
	skill      string
	procedures int
	steps      int
	commands   int
	skills     int
	warnings   []string
	errs       []string
}

func (o outcome) pass() bool {
	return o.skill != "" && len(o.errs) == 0 && len(o.warnings) == 0
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cache, _ := os.UserCacheDir()
	dir := fs.String("dir", filepath.Join(cache, "lore", "eval", "howto"), "folder extract.sh wrote the documents to")
	manifest := fs.String("manifest", filepath.Join("eval", "howto", "MANIFEST.tsv"), "the manifest")
	keep := fs.String("keep", "", "write each document's skills under DIR/NAME")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rows, err := readManifest(*manifest)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 1
	}
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 1
	}
	var outs []outcome
	failed := false
	for _, r := range rows {
		o, err := score(r, *dir, *keep, ds)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s: %v\n", r.name, err)
			failed = true
			continue
		}
		if r.set == "eval" && !o.absent && !o.pass() {
			failed = true
		}
		outs = append(outs, o)
	}
	printTable(stdout, outs)
	if failed {
		return 1
	}
	return 0
}

func readManifest(p string) ([]row, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "name\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 8 {
			return nil, fmt.Errorf("manifest line %d: %d columns, want 8", n, len(c))
		}
		rows = append(rows, row{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]})
	}
	return rows, sc.Err()
}

// docPath is where a row's document is: the shared corpus for corpus
// rows, else the folder extract.sh wrote to.
func docPath(r row, dir string) (string, error) {
	if r.repo == "corpus" {
		c, err := corpus.Locate()
		if err != nil {
			return "", err
		}
		return filepath.Join(c, r.path), nil
	}
	return filepath.Join(dir, r.name+".md"), nil
}

func score(r row, dir, keep string, ds []core.Domain) (outcome, error) {
	o := outcome{row: r}
	p, err := docPath(r, dir)
	if err != nil {
		o.absent = true
		return o, nil
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		o.absent = true
		return o, nil
	} else if err != nil {
		return o, err
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != r.sha {
		return o, fmt.Errorf("%s: sha256 differs from the manifest", p)
	}
	tmp, err := os.MkdirTemp("", "lore-howto-")
	if err != nil {
		return o, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "skills")
	if keep != "" {
		out = filepath.Join(keep, r.name)
		if err := os.RemoveAll(out); err != nil {
			return o, err
		}
	}
	st, err := store.Open(filepath.Join(tmp, "store"), store.Options{})
	if err != nil {
		return o, err
	}
	defer st.Close()
	opts := engine.LearnOptions{Domains: ds, OutputDir: out}
	opts.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, p, opts)
	if err != nil {
		msg := err.Error()
		if i := strings.Index(msg, "nothing to learn"); i >= 0 {
			msg = "nothing to learn (no primitive extracted)"
		}
		o.errs = append(o.errs, "learn: "+msg)
		return o, nil
	}
	o.primitives = res.Counts.Added
	for _, a := range res.Artifacts {
		for _, f := range a.Files {
			if strings.HasSuffix(f.Path, "/SKILL.md") && strings.Contains(f.Content, "\n  type: \"how-to\"\n") {
				o.skills++
				o.skill = a.Name
				o.procedures, o.steps, o.commands = countBody(f.Content)
			}
		}
	}
	if o.skills != 1 {
		o.errs = append(o.errs, fmt.Sprintf("%d how-to skills", o.skills))
	}
	if _, err := os.Stat(out); err != nil {
		return o, nil // nothing written
	}
	val, err := bundle.Validate(out, skillspec.Strict)
	if err != nil {
		return o, err
	}
	o.warnings = append(o.warnings, val.Warnings...)
	for _, v := range val.Skills {
		o.errs = append(o.errs, v.Result.Errors...)
		o.warnings = append(o.warnings, v.Result.Warnings...)
	}
	return o, nil
}

// countBody counts a how-to SKILL.md's procedures (its "### " headings,
// or one), steps (numbered lines under Steps) and commands (lines inside
// its sh blocks).
func countBody(md string) (procs, steps, cmds int) {
	_, after, _ := strings.Cut(md, "\n## Steps\n")
	body, _, _ := strings.Cut(after, "\n## Check the result")
	inCode := false
	for _, l := range strings.Split(body, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "```"):
			inCode = !inCode
		case inCode:
			cmds++
		case strings.HasPrefix(l, "### "):
			procs++
		case len(l) > 2 && l[0] >= '0' && l[0] <= '9' && strings.Contains(l[:min(4, len(l))], ". "):
			steps++
		}
	}
	if procs == 0 && steps > 0 {
		procs = 1
	}
	return procs, steps, cmds
}

func printTable(w io.Writer, outs []outcome) {
	fmt.Fprintln(w, "| document | source | set | primitives | how-to skill | procedures | steps | commands | strict | warnings |")
	fmt.Fprintln(w, "|---|---|---|---:|---|---:|---:|---:|---|---:|")
	pass, total := 0, 0
	for _, o := range outs {
		src := o.repo
		if src != "corpus" {
			src += " " + o.path
		} else {
			src = "corpus " + o.path
		}
		if o.absent {
			fmt.Fprintf(w, "| %s | %s | %s | absent | | | | | | |\n", o.name, src, o.set)
			continue
		}
		verdict := "valid"
		if len(o.errs) > 0 {
			verdict = "no: " + strings.Join(o.errs, "; ")
		}
		skill := o.skill
		if skill == "" {
			skill = "—"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %d | %s | %d | %d | %d | %s | %d |\n",
			o.name, src, o.set, o.primitives, skill, o.procedures, o.steps, o.commands, verdict, len(o.warnings))
		for _, m := range o.warnings {
			fmt.Fprintf(w, "|  | warning: %s | | | | | | | | |\n", strings.ReplaceAll(m, "|", `\|`))
		}
		if o.set == "eval" {
			total++
			if o.pass() {
				pass++
			}
		}
	}
	fmt.Fprintf(w, "\n%d of %d evaluation documents give a how-to skill valid under the strict profile with no warning.\n", pass, total)
}
