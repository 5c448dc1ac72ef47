// Command score measures what lore makes of a whole specification: for
// each file of eval/specs/MANIFEST.tsv it learns the file into a throwaway
// store with lore's own pipeline (engine.Learn, as `lore learn` does),
// ranks the learned primitives by importance (graph.Rank, as `lore rank`
// does) and reports
//
//   - central: how many of the ten concepts written down by hand in
//     eval/specs/CENTRAL.tsv appear in lore's top ten, and
//
//   - terms: the share of the terms the spec defines (eval/specs/TERMS.tsv)
//     that are the name of a learned primitive.
//
//     go run ./eval/specs/score [-dir DIR] [-set dev|held-out|held-out-2|held-out-3|held-out-4] [-only NAME] [-top 10] [-v]
//
// DIR is where fetch.sh put the files.
//
// Matching rules (see match.go). Names and keywords are normalized: lower
// case, every run of characters other than letters and digits a single
// space, a word's plural "s" dropped. A concept is in the top ten when the
// name of one of the ten, its trailing parenthesis cut and a leading
// article dropped, contains one of the concept's keyword alternatives (the
// CENTRAL.tsv match column, separated by "|") as a run of whole words,
// has at most two words more than it: the name is the concept, not a
// sentence mentioning it; the name must end in the keywords. A name that is
// the concept as written down (the CENTRAL.tsv concept column, normalized
// the same way) counts too. A match judged
// by hand not to be the concept (eval/specs/JUDGED.tsv) does not count. A term is a primitive when a learned primitive's
// normalized name, a leading "the", "a" or "an" dropped, equals the
// normalized term (strict); the loose figure, reported beside it, also
// counts a primitive name that contains the term as a run of whole words.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/internal/evallearn"
	"github.com/lore-kb/lore/store"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	dir, manifest, central, terms, judged, set, only string
	top                                              int
	verbose                                          bool
}

type row struct{ name, path, sha, set string }

// concept is one line of CENTRAL.tsv.
type concept struct {
	name string
	alts []string // normalized keyword alternatives
}

// term is one line of TERMS.tsv.
type term struct{ term, kind string }

// figures are one spec's (or one half's) counts.
type figures struct {
	specs, central, concepts, strict, loose, terms, prims int
}

func (f *figures) add(g figures) {
	f.specs += g.specs
	f.central += g.central
	f.concepts += g.concepts
	f.strict += g.strict
	f.loose += g.loose
	f.terms += g.terms
	f.prims += g.prims
}

func run(args []string, stdout, stderr io.Writer) int {
	cache, _ := os.UserCacheDir()
	var o options
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.dir, "dir", filepath.Join(cache, "lore", "eval", "specs"), "`folder` where fetch.sh put the files")
	fs.StringVar(&o.manifest, "manifest", filepath.Join("eval", "specs", "MANIFEST.tsv"), "manifest `file`")
	fs.StringVar(&o.central, "central", filepath.Join("eval", "specs", "CENTRAL.tsv"), "central concepts `file`")
	fs.StringVar(&o.terms, "terms", filepath.Join("eval", "specs", "TERMS.tsv"), "defined terms `file`")
	fs.StringVar(&o.judged, "judged", filepath.Join("eval", "specs", "JUDGED.tsv"), "hand-rejected matches `file`")
	fs.StringVar(&o.set, "set", "", "score only this `set` (dev, held-out, held-out-2, held-out-3 or held-out-4)")
	fs.StringVar(&o.only, "only", "", "score only the spec of this `name`")
	fs.IntVar(&o.top, "top", 10, "how many ranked primitives count as the top")
	fs.BoolVar(&o.verbose, "v", false, "print each spec's top primitives, its concepts found and missed, and its terms not learned")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || o.top < 1 {
		fmt.Fprintln(stderr, "usage: score [-dir DIR] [-set dev|held-out|held-out-2|held-out-3|held-out-4] [-only NAME] [-top N] [-v]")
		return 2
	}
	rows, err := readManifest(o.manifest)
	if err == nil {
		var cs map[string][]concept
		var ts map[string][]term
		if cs, err = readCentral(o.central); err == nil {
			if ts, err = readTerms(o.terms); err == nil {
				var rej map[string]map[string]bool
				if rej, err = readJudged(o.judged); err == nil {
					var ds []core.Domain
					if ds, err = domains.Parse(assets.BuiltinDomainsYAML(), "builtin"); err == nil {
						return score(o, rows, cs, ts, rej, ds, stdout, stderr)
					}
				}
			}
		}
	}
	fmt.Fprintln(stderr, "score:", err)
	return 2
}

func score(o options, rows []row, cs map[string][]concept, ts map[string][]term, rej map[string]map[string]bool, ds []core.Domain, stdout, stderr io.Writer) int {
	halves := map[string]*figures{}
	for _, set := range sets {
		halves[set] = &figures{}
	}
	fmt.Fprintf(stdout, "%-22s %-10s %6s %8s %13s %13s\n", "spec", "set", "prims", "central", "terms strict", "terms loose")
	for _, r := range rows {
		if (o.set != "" && r.set != o.set) || (o.only != "" && r.name != o.only) {
			continue
		}
		prims, err := learn(filepath.Join(o.dir, r.name+filepath.Ext(r.path)), r.sha, ds)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s: %v\n", r.name, err)
			return 1
		}
		ranked, err := graph.Rank(prims, graph.ByImportance, o.top)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s: rank: %v\n", r.name, err)
			return 1
		}
		var top []string
		for _, p := range ranked {
			top = append(top, p.Name)
		}
		var names []string
		for _, p := range prims {
			names = append(names, p.Name)
		}
		found := centralFound(cs[r.name], top, rej[r.name])
		strict, loose, missed, unnamed := termsFound(ts[r.name], names)
		f := figures{specs: 1, central: count(found), concepts: len(cs[r.name]), strict: strict, loose: loose, terms: len(ts[r.name]), prims: len(prims)}
		halves[r.set].add(f)
		fmt.Fprintf(stdout, "%-22s %-10s %6d %5d/%-2d %13s %13s\n", r.name, r.set, f.prims, f.central, f.concepts, share(f.strict, f.terms), share(f.loose, f.terms))
		if o.verbose {
			for i, p := range ranked {
				fmt.Fprintf(stdout, "    top %2d  %-11s %s\n", i+1, p.Type, p.Name)
			}
			for i, c := range cs[r.name] {
				mark := "missed"
				if found[i] != "" {
					mark = "found  (" + found[i] + ")"
				}
				fmt.Fprintf(stdout, "    concept %-50s %s\n", c.name, mark)
			}
			fmt.Fprintf(stdout, "    terms not learned: %s\n", strings.Join(missed, "; "))
			fmt.Fprintf(stdout, "    terms only inside a name: %s\n", strings.Join(unnamed, "; "))
		}
	}
	for _, set := range sets {
		f := halves[set]
		if f.specs == 0 {
			continue
		}
		fmt.Fprintf(stdout, "%-10s %d specs: central %d/%d (%.1f of 10 a spec), terms strict %s, loose %s\n",
			set, f.specs, f.central, f.concepts, 10*float64(f.central)/float64(max(f.concepts, 1)), share(f.strict, f.terms), share(f.loose, f.terms))
	}
	return 0
}

func count(found []string) int {
	n := 0
	for _, f := range found {
		if f != "" {
			n++
		}
	}
	return n
}

func share(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %3.0f%%", n, of, 100*float64(n)/float64(of))
}

// learn learns one file into a throwaway store and returns every primitive
// the store then holds.
func learn(path, sha string, ds []core.Domain) ([]core.Primitive, error) {
	if err := evallearn.Check(path, sha, "eval/specs/fetch.sh"); err != nil {
		return nil, err
	}
	var out []core.Primitive
	err := evallearn.Learn(path, ds, func(st *store.Store, _ *engine.LearnResult) error {
		return st.Primitives(func(p core.Primitive) error {
			out = append(out, p)
			return nil
		})
	})
	return out, err
}

// sets are the manifest's halves, each totalled on its own: a second
// held-out half was added after the first had been measured and studied,
// a third after the second and a fourth after the third, so that rules
// written since are measured on files no rule was written against.
var sets = []string{"dev", "held-out", "held-out-2", "held-out-3", "held-out-4"}

func readManifest(path string) ([]row, error) {
	lines, err := tsv(path)
	if err != nil {
		return nil, err
	}
	var out []row
	for i, f := range lines {
		if i == 0 && f[0] == "name" {
			continue
		}
		if len(f) < 8 {
			return nil, fmt.Errorf("%s: line %d: %d columns, want 9", path, i+1, len(f))
		}
		if !slices.Contains(sets, f[7]) {
			return nil, fmt.Errorf("%s: line %d: set %q is not one of %s", path, i+1, f[7], strings.Join(sets, ", "))
		}
		out = append(out, row{name: f[0], path: f[3], sha: f[5], set: f[7]})
	}
	return out, nil
}

func readCentral(path string) (map[string][]concept, error) {
	lines, err := tsv(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]concept{}
	for i, f := range lines {
		if i == 0 && f[0] == "spec" {
			continue
		}
		if len(f) < 4 {
			return nil, fmt.Errorf("%s: line %d: %d columns, want 4", path, i+1, len(f))
		}
		c := concept{name: f[2]}
		for _, a := range strings.Split(f[3], "|") {
			if n := normalize(a); n != "" {
				c.alts = append(c.alts, n)
			}
		}
		if len(c.alts) == 0 {
			return nil, fmt.Errorf("%s: line %d: no keywords to match", path, i+1)
		}
		out[f[0]] = append(out[f[0]], c)
	}
	return out, nil
}

func readTerms(path string) (map[string][]term, error) {
	lines, err := tsv(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]term{}
	for i, f := range lines {
		if i == 0 && f[0] == "spec" {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("%s: line %d: %d columns, want 3", path, i+1, len(f))
		}
		out[f[0]] = append(out[f[0]], term{term: f[1], kind: f[2]})
	}
	return out, nil
}

// readJudged reads the matches judged by hand not to be the concept:
// spec, concept (as in CENTRAL.tsv), primitive name, verdict ("not") and a
// note. An absent file judges nothing.
func readJudged(path string) (map[string]map[string]bool, error) {
	out := map[string]map[string]bool{}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	lines, err := tsv(path)
	if err != nil {
		return nil, err
	}
	for i, f := range lines {
		if i == 0 && f[0] == "spec" {
			continue
		}
		if len(f) < 4 || f[3] != "not" {
			return nil, fmt.Errorf("%s: line %d: want spec, concept, name, \"not\", note", path, i+1)
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string]bool{}
		}
		out[f[0]][f[1]+"\t"+f[2]] = true
	}
	return out, nil
}

// tsv reads a tab-separated file, skipping blank lines and # comments.
func tsv(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, strings.Split(l, "\t"))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New(path + ": empty")
	}
	return out, nil
}
