// Command score measures format invariance: for each work of
// eval/formats/MANIFEST.tsv it learns the source and the rendered form
// with lore's own pipeline (engine.Learn in a dry run, as `lore learn
// --dry-run` does) and reports, per work, the source's primitives, the
// share of them found in the rendered form (matched by statement), the
// share of those with the same name, and the share of the source's
// cross-reference edges the rendered form reproduces.
//
//	go run ./eval/formats/score [-dir DIR] [-only WORK] [-json] [-v]
//
// DIR is where extract.sh put the works (DIR/WORK/source, DIR/WORK/rendered).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/internal/evallearn"
	"github.com/lore-kb/lore/internal/formmatch"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	dir, only, manifest string
	json, verbose       bool
}

func run(args []string, stdout, stderr io.Writer) int {
	cache, _ := os.UserCacheDir()
	var o options
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.dir, "dir", filepath.Join(cache, "lore", "eval", "formats"), "`folder` where extract.sh put the works")
	fs.StringVar(&o.manifest, "manifest", filepath.Join("eval", "formats", "MANIFEST.tsv"), "manifest `file`")
	fs.StringVar(&o.only, "only", "", "score only this `work`")
	fs.BoolVar(&o.json, "json", false, "print JSON instead of a Markdown table")
	fs.BoolVar(&o.verbose, "v", false, "list the unmatched (either side) and renamed primitives, and the edges not kept")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	works, err := readWorks(o.manifest)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 2
	}
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 2
	}
	var rows []row
	var absent []string
	status := 0
	for _, w := range works {
		if o.only != "" && w.name != o.only {
			continue
		}
		src, ren := filepath.Join(o.dir, w.name, "source"), filepath.Join(o.dir, w.name, "rendered")
		if !exists(src) || !exists(ren) {
			absent = append(absent, w.name)
			continue
		}
		sp, err := evallearn.Primitives(src, ds)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s source: %v\n", w.name, err)
			status = 1
			continue
		}
		rp, err := evallearn.Primitives(ren, ds)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s rendered: %v\n", w.name, err)
			status = 1
			continue
		}
		r := row{Result: formmatch.Compare(sp, rp)}
		if w.form == "" {
			// A form rendered here (RENDER.tsv) has no manifest row:
			// its kind is that of the files render.sh wrote.
			w.form, w.links = formOf(ren)
		}
		r.Work, r.Form, r.Links = w.name, w.form, w.links
		rows = append(rows, r)
		if o.verbose {
			for _, s := range r.Missed {
				fmt.Fprintf(stderr, "%s: not found: %s\n", w.name, s)
			}
			for _, s := range r.Renamed {
				fmt.Fprintf(stderr, "%s: renamed: %s\n", w.name, s)
			}
			for _, s := range r.Extra {
				fmt.Fprintf(stderr, "%s: only rendered: %s\n", w.name, s)
			}
			for _, s := range r.Lost {
				fmt.Fprintf(stderr, "%s: edge not kept: %s\n", w.name, s)
			}
		}
	}
	if o.json {
		e := json.NewEncoder(stdout)
		e.SetIndent("", "  ")
		if err := e.Encode(rows); err != nil {
			return 1
		}
	} else {
		writeTable(stdout, rows)
	}
	if len(absent) > 0 {
		fmt.Fprintf(stdout, "\nAbsent (run eval/formats/extract.sh): %s\n", strings.Join(absent, ", "))
	}
	return status
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// formOf returns the kind of the documents in dir (the first file's
// extension, in name order) and whether that kind links its
// cross-references.
func formOf(dir string) (string, bool) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range es {
		if ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(e.Name()), ".")); !e.IsDir() && ext != "" {
			return ext, linkingForm(ext)
		}
	}
	return "", false
}

func linkingForm(ext string) bool { return ext == "html" || ext == "xhtml" || ext == "epub" }

// work is one manifest work: its name, the rendered form's kind, and
// whether that form links its cross-references (HTML, EPUB).
type work struct {
	name, form string
	links      bool
}

func readWorks(path string) ([]work, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	var out []work
	seen := map[string]int{}
	for i, line := range strings.Split(string(b), "\n") {
		if i == 0 || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 7 {
			return nil, fmt.Errorf("manifest line %d: %d fields, want 8", i+1, len(f))
		}
		k, ok := seen[f[0]]
		if !ok {
			k = len(out)
			seen[f[0]] = k
			out = append(out, work{name: f[0]})
		}
		if f[1] == "rendered" {
			ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(f[4]), "."))
			out[k].form = ext
			out[k].links = linkingForm(ext)
		}
	}
	return out, nil
}

// row is one work's result.
type row struct {
	Work  string `json:"work"`
	Form  string `json:"form"`
	Links bool   `json:"links"`
	formmatch.Result
}

func writeTable(w io.Writer, rows []row) {
	fmt.Fprintln(w, "| work | rendered | source primitives | rendered primitives | found | blocks found | same name | same name, numbers aside | source edges (matched ends) | edges kept |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rows {
		edges := "–"
		if r.Edges > 0 {
			edges = pct(r.EdgesKept)
		}
		form := r.Form
		if r.Links {
			form += " (links)"
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %s (%d) | %s of %d | %s | %s | %d | %s |\n", r.Work, form, r.Source, r.Rendered, pct(r.Found), r.FoundCount, pct(r.BlocksFound), r.Blocks, pct(r.SameName), pct(r.SameWords), r.Edges, edges)
	}
}

func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }
