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
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
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
		sp, err := learn(src, ds)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s source: %v\n", w.name, err)
			status = 1
			continue
		}
		rp, err := learn(ren, ds)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s rendered: %v\n", w.name, err)
			status = 1
			continue
		}
		r := compare(sp, rp)
		if w.form == "" {
			// A form rendered here (RENDER.tsv) has no manifest row:
			// its kind is that of the files render.sh wrote.
			w.form, w.links = formOf(ren)
		}
		r.Work, r.Form, r.Links = w.name, w.form, w.links
		rows = append(rows, r)
		if o.verbose {
			for _, s := range r.missed {
				fmt.Fprintf(stderr, "%s: not found: %s\n", w.name, s)
			}
			for _, s := range r.renamed {
				fmt.Fprintf(stderr, "%s: renamed: %s\n", w.name, s)
			}
			for _, s := range r.extra {
				fmt.Fprintf(stderr, "%s: only rendered: %s\n", w.name, s)
			}
			for _, s := range r.lost {
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

// learn runs lore's learning pipeline over path without storing
// anything, in a throwaway store.
func learn(path string, ds []core.Domain) ([]core.Primitive, error) {
	dir, err := os.MkdirTemp("", "lore-formats-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	defer st.Close()
	opts := engine.LearnOptions{Domains: ds, DryRun: true}
	// The documents are known ones (pinned by sha256): the gate lets them
	// through, scripts in a rendered page included.
	opts.Policy.Approve, opts.Policy.ForceCritical = true, true
	res, err := engine.Learn(context.Background(), st, path, opts)
	if err != nil && (res == nil || len(res.Primitives) == 0) {
		return nil, err
	}
	return res.Primitives, nil
}

// row is one work's result.
type row struct {
	Work     string  `json:"work"`
	Form     string  `json:"form"`
	Links    bool    `json:"links"`
	Source   int     `json:"source"`
	Rendered int     `json:"rendered"`
	Found    float64 `json:"found"`
	SameName float64 `json:"sameName"`
	// SameWords is the share of matches whose names agree once numbers
	// are set aside: an untitled block is named by its number, which a
	// section read alone ("Theorem 3") and the book ("Theorem 2.3.3")
	// count differently.
	SameWords float64 `json:"sameWords"`
	// Blocks are the source's primitives read from its markup (theorem-
	// like environments and elements, confidence ≥ blockConfidence);
	// BlocksFound the share of them found in the rendered form.
	Blocks      int     `json:"blocks"`
	BlocksFound float64 `json:"blocksFound"`
	Edges       int     `json:"edges"`
	EdgesKept   float64 `json:"edgesKept"`
	missed      []string
	renamed     []string
	extra       []string // rendered primitives no source primitive matched
	lost        []string // source edges between matched ends the rendered form lacks
	foundCount  int
}

// compare matches each source primitive to the rendered primitive whose
// statement shares most words with it (one to one, best pairs first,
// overlap at least minOverlap).
func compare(src, ren []core.Primitive) row {
	r := row{Source: len(src), Rendered: len(ren)}
	sw := make([]map[string]int, len(src))
	rw := make([]map[string]int, len(ren))
	for i, p := range src {
		sw[i] = bag(p.FormalStatement)
	}
	for j, p := range ren {
		rw[j] = bag(p.FormalStatement)
	}
	type pair struct {
		i, j int
		s    float64
	}
	var pairs []pair
	for i := range src {
		for j := range ren {
			if s := overlap(sw[i], rw[j]); s >= minOverlap {
				pairs = append(pairs, pair{i, j, s})
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].s > pairs[b].s })
	match := map[int]int{}
	used := map[int]bool{}
	for _, p := range pairs {
		if _, ok := match[p.i]; ok || used[p.j] {
			continue
		}
		match[p.i] = p.j
		used[p.j] = true
	}
	same, words, blocks, blocksFound := 0, 0, 0, 0
	for i, p := range src {
		if p.Confidence >= blockConfidence {
			blocks++
			if _, ok := match[i]; ok {
				blocksFound++
			}
		}
		j, ok := match[i]
		if !ok {
			r.missed = append(r.missed, fmt.Sprintf("%q (%.2f): %.80s", p.Name, p.Confidence, p.FormalStatement))
			continue
		}
		if normName(p.Name) == normName(ren[j].Name) {
			same++
		}
		if nameWords(p.Name) == nameWords(ren[j].Name) {
			words++
		} else {
			r.renamed = append(r.renamed, fmt.Sprintf("%q → %q", p.Name, ren[j].Name))
		}
	}
	for j, p := range ren {
		if !used[j] {
			r.extra = append(r.extra, fmt.Sprintf("%q (%.2f): %.80s", p.Name, p.Confidence, p.FormalStatement))
		}
	}
	r.foundCount = len(match)
	r.Blocks = blocks
	if blocks > 0 {
		r.BlocksFound = float64(blocksFound) / float64(blocks)
	}
	if len(src) > 0 {
		r.Found = float64(len(match)) / float64(len(src))
	}
	if len(match) > 0 {
		r.SameName = float64(same) / float64(len(match))
		r.SameWords = float64(words) / float64(len(match))
	}
	// Edges: the source's cross-reference edges between two matched
	// primitives, kept when the rendered form has the same edge.
	srcIdx := map[string]int{}
	for i, p := range src {
		srcIdx[p.ID] = i
	}
	kept := 0
	for i, p := range src {
		for _, e := range p.Dependencies {
			if e.Type != core.Requires || !strings.HasPrefix(e.Description, "Refers to") {
				continue
			}
			t, ok := srcIdx[e.Target]
			if !ok {
				continue
			}
			a, okA := match[i]
			b, okB := match[t]
			if !okA || !okB {
				continue
			}
			r.Edges++
			if ren[a].HasEdge(ren[b].ID, core.Requires) || ren[b].HasEdge(ren[a].ID, core.Requires) {
				kept++
			} else {
				r.lost = append(r.lost, fmt.Sprintf("%q → %q", p.Name, src[t].Name))
			}
		}
	}
	if r.Edges > 0 {
		r.EdgesKept = float64(kept) / float64(r.Edges)
	}
	return r
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
		fmt.Fprintf(w, "| %s | %s | %d | %d | %s (%d) | %s of %d | %s | %s | %d | %s |\n", r.Work, form, r.Source, r.Rendered, pct(r.Found), r.foundCount, pct(r.BlocksFound), r.Blocks, pct(r.SameName), pct(r.SameWords), r.Edges, edges)
	}
}

func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }
