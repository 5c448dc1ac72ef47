// Command score measures name offers: for each file of
// eval/names/MANIFEST.tsv it learns the file into a throwaway store with
// lore's own pipeline (engine.Learn, as `lore learn` does), takes every
// learned result whose name is a numbered fallback ("Lemma 4.2 — Filtered
// colimits"), asks engine.NameOffers for its first three offers and scores
// them against the hand judgements of eval/names/JUDGED.tsv. A result
// counts as named when one of its offers is judged genuine: the name a
// teacher would use for it.
//
//	go run ./eval/names/score [-dir DIR] [-set dev|held-out|held-out-2|held-out-3] [-only WORK] [-n 3] [-v] [-todo FILE]
//
// DIR is where fetch.sh put the files. Offers nobody judged are counted
// and reported; -todo writes them as JUDGED.tsv rows to fill in, with the
// statement's opening in the note column for the judge to read (replace
// it with a note of your own: JUDGED.tsv holds no third-party text).
package main

import (
	"bufio"
	"errors"
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
	"github.com/lore-kb/lore/core/names"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/evallearn"
	"github.com/lore-kb/lore/store"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	dir, manifest, judged, set, only, todo string
	n                                      int
	verbose                                bool
}

func run(args []string, stdout, stderr io.Writer) int {
	cache, _ := os.UserCacheDir()
	var o options
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.dir, "dir", filepath.Join(cache, "lore", "eval", "names"), "`folder` where fetch.sh put the files")
	fs.StringVar(&o.manifest, "manifest", filepath.Join("eval", "names", "MANIFEST.tsv"), "manifest `file`")
	fs.StringVar(&o.judged, "judged", filepath.Join("eval", "names", "JUDGED.tsv"), "judgements `file`")
	fs.StringVar(&o.set, "set", "", "score only this `set` (dev, held-out, held-out-2 or held-out-3)")
	fs.StringVar(&o.only, "only", "", "score only this `work`")
	fs.StringVar(&o.todo, "todo", "", "write the unjudged offers to this `file` as rows to judge")
	fs.IntVar(&o.n, "n", 3, "offers per result")
	fs.BoolVar(&o.verbose, "v", false, "print every fallback result with its offers and their judgements")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rows, err := readManifest(o.manifest)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 2
	}
	judged, err := readJudged(o.judged)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 2
	}
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 2
	}
	var todo []string
	tally := map[string]*counts{}
	var order []string
	status := 0
	for _, r := range rows {
		if (o.set != "" && r.set != o.set) || (o.only != "" && r.work != o.only) {
			continue
		}
		results, err := offersFor(filepath.Join(o.dir, r.name+filepath.Ext(r.path)), r.sha, ds, o.n)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s: %v\n", r.name, err)
			status = 1
			continue
		}
		for _, key := range []string{r.set + "\t" + r.work, r.set + "\t(all)", "all\t(all)"} {
			if tally[key] == nil {
				tally[key] = &counts{}
				order = append(order, key)
			}
		}
		for _, res := range results {
			verdict := judge(judged, r.work, res)
			for _, key := range []string{r.set + "\t" + r.work, r.set + "\t(all)", "all\t(all)"} {
				tally[key].add(verdict, len(res.offers) > 0)
			}
			if o.verbose {
				printResult(stdout, r.work, res, judged)
			}
			if verdict == unjudged {
				for _, of := range res.offers {
					if _, ok := judged[jkey(r.work, res.hash, of.Name)]; !ok {
						todo = append(todo, strings.Join([]string{r.work, res.hash, of.Name, "", res.name + " | " + oneLine(res.statement, 160)}, "\t"))
					}
				}
			}
		}
	}
	report(stdout, tally, order, o.n)
	if o.todo != "" {
		data := "work\thash\toffer\tgenuine\tnote\n" + strings.Join(todo, "\n") + "\n"
		if err := os.WriteFile(o.todo, []byte(data), 0o644); err != nil {
			fmt.Fprintln(stderr, "score:", err)
			return 1
		}
		fmt.Fprintf(stdout, "\n%d unjudged offers written to %s\n", len(todo), o.todo)
	}
	return status
}

// row is one file of the manifest.
type row struct {
	name, repo, commit, path, sha, work, set string
}

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
		if f[7] != "dev" && f[7] != "held-out" && f[7] != "held-out-2" && f[7] != "held-out-3" {
			return nil, fmt.Errorf("%s: line %d: set %q is not dev, held-out, held-out-2 or held-out-3", path, i+1, f[7])
		}
		out = append(out, row{name: f[0], repo: f[1], commit: f[2], path: f[3], sha: f[5], work: f[6], set: f[7]})
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
	return out, sc.Err()
}

// judgement is one hand judgement of an offer.
type judgement struct {
	genuine bool
	note    string
}

func jkey(work, hash, offer string) string {
	return work + "\t" + hash + "\t" + strings.ToLower(offer)
}

func readJudged(path string) (map[string]judgement, error) {
	out := map[string]judgement{}
	lines, err := tsv(path)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for i, f := range lines {
		if i == 0 && f[0] == "work" {
			continue
		}
		if len(f) < 4 {
			return nil, fmt.Errorf("%s: line %d: %d columns, want 5", path, i+1, len(f))
		}
		var g bool
		switch f[3] {
		case "yes":
			g = true
		case "no":
		case "":
			continue // left to judge
		default:
			return nil, fmt.Errorf("%s: line %d: genuine is %q, want yes or no", path, i+1, f[3])
		}
		note := ""
		if len(f) > 4 {
			note = f[4]
		}
		out[jkey(f[0], f[1], f[2])] = judgement{genuine: g, note: note}
	}
	return out, nil
}

// result is one fallback-named result and its offers.
type result struct {
	name, hash, statement string
	offers                []names.Offer
}

// hashLen is how much of a content hash JUDGED.tsv keeps: enough to tell a
// book's statements apart, short enough to read.
const hashLen = 16

// offersFor learns path and returns its fallback-named results with their
// offers, in document order.
func offersFor(path, sha string, ds []core.Domain, n int) ([]result, error) {
	if err := evallearn.Check(path, sha, "eval/names/fetch.sh"); err != nil {
		return nil, err
	}
	var out []result
	err := evallearn.Learn(path, ds, func(st *store.Store, res *engine.LearnResult) error {
		ps := res.Primitives
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].Provenance.Offset < ps[j].Provenance.Offset })
		for _, p := range ps {
			if !names.Fallback(p.Name) {
				continue
			}
			offers, err := engine.NameOffers(st, p, n)
			if err != nil {
				return err
			}
			h := p.Provenance.ContentHash
			if h == "" {
				h = text.ContentHash(p.FormalStatement)
			}
			out = append(out, result{name: p.Name, hash: h[:min(hashLen, len(h))], statement: p.FormalStatement, offers: offers})
		}
		return nil
	})
	return out, err
}

// verdict is what the judgements say of one result's offers.
type verdict int

const (
	notNamed verdict = iota // every offer judged, none genuine (or no offer)
	named                   // an offer judged genuine
	unjudged                // no offer judged genuine, some not judged
)

func judge(j map[string]judgement, work string, r result) verdict {
	v := notNamed
	for _, of := range r.offers {
		jg, ok := j[jkey(work, r.hash, of.Name)]
		switch {
		case !ok:
			v = unjudged
		case jg.genuine:
			return named
		}
	}
	return v
}

// counts tallies results of one row of the report.
type counts struct {
	results, offered, named, unjudged int
}

func (c *counts) add(v verdict, offered bool) {
	c.results++
	if offered {
		c.offered++
	}
	switch v {
	case named:
		c.named++
	case unjudged:
		c.unjudged++
	}
}

func report(w io.Writer, tally map[string]*counts, order []string, n int) {
	sort.SliceStable(order, func(i, j int) bool { return rank(order[i]) < rank(order[j]) })
	fmt.Fprintf(w, "| set | work | fallback results | with an offer | genuine name in top %d | %% | unjudged |\n", n)
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|")
	for _, k := range order {
		c := tally[k]
		set, work, _ := strings.Cut(k, "\t")
		pct := 0.0
		if c.results > 0 {
			pct = 100 * float64(c.named) / float64(c.results)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %.0f%% | %d |\n", set, work, c.results, c.offered, c.named, pct, c.unjudged)
	}
}

// rank orders report rows: dev works, dev total, held-out works, held-out
// total, the second and third held-out sets likewise, all.
func rank(k string) int {
	set, work, _ := strings.Cut(k, "\t")
	r := 0
	switch set {
	case "held-out":
		r = 2
	case "held-out-2":
		r = 4
	case "held-out-3":
		r = 6
	case "all":
		r = 8
	}
	if work == "(all)" {
		r++
	}
	return r
}

func printResult(w io.Writer, work string, r result, j map[string]judgement) {
	fmt.Fprintf(w, "%s %s  %s\n    %s\n", work, r.hash, r.name, oneLine(r.statement, 200))
	if len(r.offers) == 0 {
		fmt.Fprintln(w, "    (no offer)")
	}
	for i, of := range r.offers {
		mark := "?"
		if jg, ok := j[jkey(work, r.hash, of.Name)]; ok {
			mark = "no"
			if jg.genuine {
				mark = "yes"
			}
		}
		fmt.Fprintf(w, "    %d. %-3s %s  (%s, %.2f)\n", i+1, mark, of.Name, of.From, of.Score)
	}
}

// oneLine is s on one line, cut to max bytes.
func oneLine(s string, max int) string {
	s = strings.ReplaceAll(text.CollapseSpace(s), "\t", " ")
	if len(s) > max {
		return text.Truncate(s, max) + "…"
	}
	return s
}
