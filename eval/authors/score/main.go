// Command score measures how lore reads each work of eval/authors: it runs
// `lore learn DIR --no-review --approve --force-critical --json` with a
// fresh LORE_DATA_DIR per work, reads every primitive the store then holds
// (name, type, statement, computational form, provenance, any proof) and
// `lore conflicts --json`, and reports per work and per half (dev,
// held-out and the later held-out batches held-out-2, held-out-3, …):
//
//   - recall of the labelled blocks of the source — definitions, theorems
//     (lemmas, propositions, corollaries, …), algorithms, RFC diagrams —
//     counted by this program's own reader from the markers of
//     eval/authors/labels/WORK.tsv; a block counts when some primitive
//     holds it (its distinctive words, or its title with a third of them,
//     or its formula's letters);
//   - algorithms found with their steps in order (80% of the steps, in
//     their order, in the primitive that holds the algorithm);
//   - proofs carried by the result they follow (0 until lore keeps a
//     proof with a primitive);
//   - dropped operands: primitives whose readable statement
//     (text.ReadableMath of the statement, what lore shows) lacks a
//     letter, digit, bar or operator of its formal form;
//   - duplicates (two primitives holding the same statement) and the
//     conflicts pending;
//   - provenance: primitives whose named document holds their statement;
//   - included files some primitive was read from, and the time to learn.
//
// It exits 1 when a work could not be scored, 2 on bad arguments.
//
//	go run ./eval/authors/score [-dir DEST] [-lore BIN] [-set dev] [-work W] [-timeout 20m] [-json] [-v]
//
// DEST is where eval/authors/fetch.sh put the works (one folder each).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store"
)

type work struct{ name, set, kind string }

// counts are found/total pairs.
type counts struct{ Found, Total int }

func (c *counts) add(o counts) { c.Found += o.Found; c.Total += o.Total }

type result struct {
	Work       string            `json:"work"`
	Set        string            `json:"set"`
	Kind       string            `json:"kind"`
	Primitives int               `json:"primitives"`
	Blocks     map[string]counts `json:"blocks"` // def thm alg fig proof
	// AlgInOrder is how many algorithms were found with their steps in order.
	AlgInOrder int      `json:"algorithmsInOrder"`
	Dropped    int      `json:"droppedOperands"`
	Duplicates int      `json:"duplicates"`
	Conflicts  int      `json:"conflicts"`
	Provenance counts   `json:"provenance"`
	Files      counts   `json:"includedFilesRead"`
	Seconds    float64  `json:"seconds"`
	Error      string   `json:"error,omitempty"`
	Note       string   `json:"note,omitempty"`
	Examples   []string `json:"examples,omitempty"`
}

// validSet reports whether s names a half of the set's split or a later
// held-out batch: dev, held-out, or held-out-N for N ≥ 2 (written without
// a leading zero, as the manifest does).
func validSet(s string) bool {
	if s == "dev" || s == "held-out" {
		return true
	}
	n, ok := strings.CutPrefix(s, "held-out-")
	if !ok || n == "" || n[0] == '0' {
		return false
	}
	v, err := strconv.Atoi(n)
	return err == nil && v >= 2 && strconv.Itoa(v) == n
}

func main() {
	home, _ := os.UserCacheDir()
	dir := flag.String("dir", filepath.Join(home, "lore", "eval", "authors"), "folder eval/authors/fetch.sh filled")
	lore := flag.String("lore", "", "lore binary (default: built from ./cmd/lore)")
	setFlag := flag.String("set", "", "score only this half (dev, held-out, or a later batch held-out-2, held-out-3, …)")
	only := flag.String("work", "", "score only these works (comma-separated)")
	timeout := flag.Duration("timeout", 20*time.Minute, "bound on each learn")
	asJSON := flag.Bool("json", false, "print JSON instead of a table")
	verbose := flag.Bool("v", false, "print examples of what was missed")
	onlyBlocks := flag.Bool("blocks", false, "only count each work's labelled blocks (no lore run)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "score: no arguments expected (see -h)")
		os.Exit(2)
	}
	if _, err := os.Stat(*dir); err != nil {
		fmt.Fprintf(os.Stderr, "score: no works at %s (run eval/authors/fetch.sh)\n", *dir)
		os.Exit(2)
	}
	if *setFlag != "" && !validSet(*setFlag) {
		fmt.Fprintln(os.Stderr, "score: -set is dev, held-out or held-out-N (N ≥ 2)")
		os.Exit(2)
	}
	base := filepath.Join("eval", "authors")
	works, err := readManifest(filepath.Join(base, "MANIFEST.tsv"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "score:", err)
		os.Exit(2)
	}
	if *onlyBlocks {
		os.Exit(printBlocks(os.Stdout, *dir, base, works, *setFlag))
	}
	bin, cleanup, err := loreBinary(*lore)
	if err != nil {
		fmt.Fprintln(os.Stderr, "score:", err)
		os.Exit(2)
	}
	defer cleanup()
	want := map[string]bool{}
	for _, w := range strings.Split(*only, ",") {
		if w != "" {
			want[w] = true
		}
	}
	var rs []result
	for _, w := range works {
		if (*setFlag != "" && w.set != *setFlag) || (len(want) > 0 && !want[w.name]) {
			continue
		}
		if _, err := os.Stat(filepath.Join(*dir, w.name)); err != nil {
			fmt.Fprintf(os.Stderr, "score: %s not fetched, skipped\n", w.name)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		rs = append(rs, scoreWork(ctx, bin, *dir, base, w, *verbose))
		cancel()
	}
	tot := totals(rs)
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(map[string]any{"works": rs, "sets": tot})
	} else {
		printTable(os.Stdout, rs, tot)
	}
	for _, r := range rs {
		if r.Error != "" {
			os.Exit(1)
		}
	}
}

func loreBinary(bin string) (string, func(), error) {
	if bin != "" {
		if _, err := exec.LookPath(bin); err != nil {
			return "", nil, fmt.Errorf("lore binary %s: %w", bin, err)
		}
		return bin, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "lore-bin-")
	if err != nil {
		return "", nil, err
	}
	bin = filepath.Join(tmp, "lore")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/lore").CombinedOutput(); err != nil { //nolint:gosec // fixed arguments
		_ = os.RemoveAll(tmp)
		return "", nil, fmt.Errorf("go build: %w\n%s", err, out)
	}
	return bin, func() { _ = os.RemoveAll(tmp) }, nil
}

// readManifest gives each work (the row named after its work), in order.
func readManifest(path string) ([]work, error) {
	b, err := os.ReadFile(path) //nolint:gosec // the set's own manifest
	if err != nil {
		return nil, err
	}
	var ws []work
	for i, l := range strings.Split(string(b), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) < 11 || f[0] != f[6] {
			continue
		}
		ws = append(ws, work{name: f[0], set: f[9], kind: f[8]})
	}
	if len(ws) == 0 {
		return nil, fmt.Errorf("%s: no works", path)
	}
	return ws, nil
}

func scoreWork(ctx context.Context, lore, dir, base string, w work, verbose bool) result {
	r := result{Work: w.name, Set: w.set, Kind: w.kind, Blocks: map[string]counts{}}
	lb, err := readLabels(filepath.Join(base, "labels", w.name+".tsv"))
	if err != nil && !os.IsNotExist(err) {
		r.Error = err.Error()
		return r
	}
	srcDir := filepath.Join(dir, w.name)
	if lb.from != "" {
		srcDir = filepath.Join(dir, lb.from)
		if len(lb.mains) == 0 {
			if lb, err = readLabels(filepath.Join(base, "labels", lb.from+".tsv")); err != nil {
				r.Error = err.Error()
				return r
			}
		}
	}
	var blocks []block
	if len(lb.mains) > 0 {
		if blocks, err = countBlocks(srcDir, lb); err != nil {
			r.Error = "labels: " + err.Error()
			return r
		}
	}
	data, err := os.MkdirTemp("", "lore-authors-")
	if err != nil {
		r.Error = err.Error()
		return r
	}
	defer func() { _ = os.RemoveAll(data) }()
	env := append(os.Environ(), "LORE_DATA_DIR="+data)
	start := time.Now()
	cmd := exec.CommandContext(ctx, lore, "learn", filepath.Join(dir, w.name), "--no-review", "--approve", "--force-critical", "--json") //nolint:gosec // the lore binary under test
	cmd.Env = env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	r.Seconds = time.Since(start).Seconds()
	var lo struct {
		Primitives []json.RawMessage `json:"primitives"`
	}
	if jerr := json.Unmarshal(out, &lo); jerr != nil {
		r.Error = fmt.Sprintf("learn: %v %v: %s", err, jerr, lastLine(stderr.String()))
		return r
	}
	if err != nil {
		r.Note = lastLine(stderr.String())
	}
	cc := exec.CommandContext(ctx, lore, "conflicts", "--json") //nolint:gosec // the lore binary under test
	cc.Env = env
	if out, err := cc.Output(); err == nil {
		var co struct {
			Conflicts []json.RawMessage `json:"conflicts"`
		}
		if json.Unmarshal(out, &co) == nil {
			r.Conflicts = len(co.Conflicts)
		}
	}
	ps, err := readStore(data)
	if err != nil {
		r.Error = "store: " + err.Error()
		return r
	}
	r.Primitives = len(ps)
	measure(&r, ps, blocks, lb, srcDir, filepath.Join(dir, w.name), verbose)
	return r
}

// readStore reads every primitive of the store in dir. A primitive is
// read through its JSON form, so a field lore adds later (a proof) is
// seen without this program changing.
func readStore(dir string) ([]prim, error) {
	st, err := store.Open(dir, store.Options{GCInterval: -1, ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer func() { _ = st.Close() }()
	var ps []prim
	err = st.Primitives(func(p core.Primitive) error {
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		ps = append(ps, primFromJSON(b))
		return nil
	})
	sort.Slice(ps, func(i, j int) bool { return ps[i].id < ps[j].id })
	return ps, err
}

func primFromJSON(b []byte) prim {
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	str := func(v any) string {
		switch x := v.(type) {
		case string:
			return x
		case []any:
			var parts []string
			for _, e := range x {
				if s, ok := e.(string); ok {
					parts = append(parts, s)
				} else if mm, ok := e.(map[string]any); ok {
					for _, v := range mm {
						if s, ok := v.(string); ok {
							parts = append(parts, s)
						}
					}
				}
			}
			return strings.Join(parts, "\n")
		case map[string]any:
			var parts []string
			for _, v := range x {
				if s, ok := v.(string); ok {
					parts = append(parts, s)
				}
			}
			return strings.Join(parts, "\n")
		}
		return ""
	}
	p := prim{id: str(m["id"]), name: str(m["name"]), typ: str(m["type"]), statement: str(m["formalStatement"]),
		computational: str(m["computationalForm"])}
	if pv, ok := m["provenance"].(map[string]any); ok {
		p.document = str(pv["document"])
		if l, ok := pv["line"].(float64); ok {
			p.line = int(l)
		}
	}
	for k, v := range m {
		if strings.Contains(strings.ToLower(k), "proof") {
			p.proof += str(v) + "\n"
		}
	}
	return newPrim(p)
}

// provDoc is what the provenance check reads of a document: its words and
// its formulas' letters, as written and with the author's macros expanded.
type provDoc struct {
	words map[string]bool
	sigs  []string
	ok    bool
}

// readProvDoc reads a document as written and as TeX reads it: a statement
// lore holds has the author's macros expanded ("\R" stored as
// "\mathbb{R}"), so it is looked for in the expanded text too. The text as
// written stays: the scorer's expansion is simpler than TeX's, and a macro
// it reads wrong (a body with unpaired dollars) must not hide words the
// document plainly holds.
func readProvDoc(src string, macros map[string]authorMacro) provDoc {
	src = ptxMath.ReplaceAllString(src, "$$") // PreTeXt's math is math
	d := provDoc{words: map[string]bool{}, ok: true}
	for _, t := range []string{src, expandText(src, macros, 0)} {
		d.sigs = append(d.sigs, mathSig(t))
		for _, w := range wordsOf(t, -1) {
			d.words[w] = true
		}
	}
	// Pseudo-code is stored as it reads: "while bfs(G) != 0: tmp =
	// dfs(G,s,inf)" from "\While{bfs($G$) != 0}{$tmp$ = dfs(…)}", its
	// keywords from command names and its variables from math. A word
	// anywhere in the document counts.
	for _, w := range wordRe.FindAllString(strings.ToLower(src), -1) {
		d.words[w] = true
	}
	return d
}

// holds reports whether the document holds p's statement, in either reading.
func (d provDoc) holds(p prim) bool {
	for _, sig := range d.sigs {
		if provenanceHolds(p, d.words, sig) {
			return true
		}
	}
	return false
}

// followedCarries reports whether a proof that follows no labelled result
// is carried by what it does follow, as a reader attaches it: a primitive
// read from its file at or before its line, and not before the labelled
// block just before it (a definition, an exercise), carries it.
func followedCarries(b block, blocks []block, ps []prim, df map[string]int, macros map[string]authorMacro) bool {
	lo := 0
	if b.prev >= 0 {
		lo = blocks[b.prev].line
	}
	for _, p := range ps {
		if p.line > 0 && p.line >= lo && p.line <= b.line && sameFile(p.document, b.file) && carriedAsRead(b, p, df, macros) {
			return true
		}
	}
	return false
}

// carriedAsRead is proofCarried on the proof as written, else as TeX
// reads it: a proof of formulas alone in the author's macros
// ("\parens{a \land b}") is stored with them expanded.
func carriedAsRead(b block, p prim, df map[string]int, macros map[string]authorMacro) bool {
	if proofCarried(b, p, df) {
		return true
	}
	if len(macros) == 0 {
		return false
	}
	e := expandText(b.body, macros, 0)
	if e == b.body {
		return false
	}
	b.body = e
	return proofCarried(b, p, df)
}

func measure(r *result, ps []prim, blocks []block, lb labels, srcDir, workDir string, verbose bool) {
	m := newMatcher(ps, blocks)
	macros := authorMacros(workDir)
	m.macros = macros
	held := make([]int, len(blocks))
	for i, b := range blocks {
		held[i] = -1
		if b.kind == "proof" {
			continue
		}
		held[i] = m.find(b)
		c := r.Blocks[b.kind]
		c.Total++
		if held[i] >= 0 {
			c.Found++
			if b.kind == "alg" || b.kind == "fig" {
				in, keyed := stepsInOrder(b.steps, ps[held[i]])
				if b.kind == "alg" && stepsHeld(in, keyed) {
					r.AlgInOrder++
				} else if b.kind == "alg" && verbose {
					r.Examples = append(r.Examples, fmt.Sprintf("out of order %s:%d in %s: %d of %d steps; first lost %q", b.file, b.line, ps[held[i]].id, in, keyed, oneLine(firstLost(b.steps, ps[held[i]]))))
				}
			}
		} else if verbose && len(r.Examples) < 12 {
			r.Examples = append(r.Examples, fmt.Sprintf("missed %s %s:%d %q", b.kind, b.file, b.line, oneLine(b.title+" "+strings.Join(wordsOf(b.body, 8), " "))))
		}
		r.Blocks[b.kind] = c
	}
	proofMisses := 0
	for _, b := range blocks {
		if b.kind != "proof" {
			continue
		}
		c := r.Blocks["proof"]
		c.Total++
		why := ""
		switch {
		case (b.of < 0 || b.again) && followedCarries(b, blocks, ps, m.df, macros):
			// A proof after a proof may prove a result the labels do
			// not mark (a restatable theorem): what is read just before
			// it carries it.
			c.Found++
		case b.of < 0:
			why = "follows no labelled result"
		case held[b.of] < 0:
			why = "its result is missed"
		case strings.TrimSpace(ps[held[b.of]].proof) == "":
			why = "not carried by " + ps[held[b.of]].id
		case !carriedAsRead(b, ps[held[b.of]], m.df, macros):
			why = "another proof carried by " + ps[held[b.of]].id
		default:
			c.Found++
		}
		if why != "" && verbose && proofMisses < 40 {
			proofMisses++
			r.Examples = append(r.Examples, fmt.Sprintf("missed proof %s:%d (%s) %q", b.file, b.line, why, oneLine(strings.Join(wordsOf(b.body, 8), " "))))
		}
		r.Blocks["proof"] = c
	}
	for _, p := range ps {
		if d := dropped(p.statement, text.ReadableMath(p.statement), macros); len(d) > 0 {
			r.Dropped++
			if verbose && len(r.Examples) < 24 {
				r.Examples = append(r.Examples, fmt.Sprintf("dropped %s in %s: %q", strings.Join(d, " "), p.id, oneLine(text.ReadableMath(p.statement))))
			}
		}
	}
	var dupEx []string
	r.Duplicates, dupEx = duplicates(ps)
	if verbose {
		for i, e := range dupEx {
			if i == 3 {
				break
			}
			r.Examples = append(r.Examples, "duplicate "+e)
		}
	}
	// provenance: the named document, read once each
	docs := map[string]provDoc{}
	read := map[string]bool{}
	for _, p := range ps {
		if p.document == "" {
			continue
		}
		read[filepath.Clean(p.document)] = true
		d, seen := docs[p.document]
		if !seen {
			b, err := os.ReadFile(p.document)
			if err == nil && isText(b) {
				d = readProvDoc(string(b), macros)
			}
			docs[p.document] = d
		}
		if !d.ok {
			continue
		}
		r.Provenance.Total++
		if d.holds(p) {
			r.Provenance.Found++
		} else if verbose && len(r.Examples) < 30 {
			r.Examples = append(r.Examples, fmt.Sprintf("provenance %s names %s", p.id, filepath.Base(p.document)))
		}
	}
	// included files holding blocks that some primitive was read from
	withBlocks := map[string]bool{}
	for _, b := range blocks {
		withBlocks[b.file] = true
	}
	for _, f := range lb.includes {
		if srcDir != workDir || !withBlocks[f] { // a PDF names itself
			continue
		}
		r.Files.Total++
		if read[filepath.Clean(filepath.Join(workDir, f))] || read[filepath.Clean(filepath.Join(srcDir, f))] {
			r.Files.Found++
		}
	}
}

// printBlocks prints, per work, how many blocks of each kind its labels
// mark, and how many algorithm steps and proofs with their result.
func printBlocks(w io.Writer, dir, base string, works []work, set string) int {
	code := 0
	for _, wk := range works {
		if set != "" && wk.set != set {
			continue
		}
		lb, err := readLabels(filepath.Join(base, "labels", wk.name+".tsv"))
		src := filepath.Join(dir, wk.name)
		if err == nil && lb.from != "" {
			src = filepath.Join(dir, lb.from)
			if len(lb.mains) == 0 {
				lb, err = readLabels(filepath.Join(base, "labels", lb.from+".tsv"))
			}
		}
		if err != nil {
			if !os.IsNotExist(err) {
				_, _ = fmt.Fprintf(w, "%-12s %v\n", wk.name, err)
				code = 1
			}
			continue
		}
		if len(lb.mains) == 0 {
			continue
		}
		bs, err := countBlocks(src, lb)
		if err != nil {
			_, _ = fmt.Fprintf(w, "%-12s %v\n", wk.name, err)
			code = 1
			continue
		}
		n := map[string]int{}
		steps, paired, titled := 0, 0, 0
		for _, b := range bs {
			n[b.kind]++
			steps += len(b.steps)
			if b.of >= 0 {
				paired++
			}
			if b.title != "" {
				titled++
			}
		}
		_, _ = fmt.Fprintf(w, "%-12s %-8s def %4d thm %4d alg %4d (steps %5d) fig %3d proof %4d (after a result %4d) titled %4d files %d\n",
			wk.name, wk.set, n["def"], n["thm"], n["alg"], steps, n["fig"], n["proof"], paired, titled, len(lb.mains)+len(lb.includes))
	}
	return code
}

func isText(b []byte) bool {
	n := min(len(b), 4096)
	for _, c := range b[:n] {
		if c == 0 {
			return false
		}
	}
	return !strings.HasPrefix(string(b[:n]), "%PDF") && !strings.HasPrefix(string(b[:n]), "PK")
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 110 {
		s = s[:110] + "…"
	}
	return s
}

func lastLine(s string) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	return ls[len(ls)-1]
}

func totals(rs []result) []result {
	by := map[string]*result{}
	var sets []string
	for _, r := range rs {
		t := by[r.Set]
		if t == nil {
			t = &result{Work: "total", Set: r.Set, Blocks: map[string]counts{}}
			by[r.Set] = t
			sets = append(sets, r.Set)
		}
		t.Primitives += r.Primitives
		for k, c := range r.Blocks {
			tc := t.Blocks[k]
			tc.add(c)
			t.Blocks[k] = tc
		}
		t.AlgInOrder += r.AlgInOrder
		t.Dropped += r.Dropped
		t.Duplicates += r.Duplicates
		t.Conflicts += r.Conflicts
		t.Provenance.add(r.Provenance)
		t.Files.add(r.Files)
		t.Seconds += r.Seconds
		if r.Error != "" {
			t.Error = "some works failed"
		}
	}
	sort.Strings(sets)
	out := make([]result, 0, len(sets))
	for _, s := range sets {
		out = append(out, *by[s])
	}
	return out
}

func frac(c counts) string {
	if c.Total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", c.Found, c.Total)
}

func pct(c counts) string {
	if c.Total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(c.Found)/float64(c.Total))
}

func printTable(w io.Writer, rs, tot []result) {
	head := fmt.Sprintf("%-15s %-8s %5s %9s %9s %9s %5s %7s %7s %5s %4s %5s %11s %7s %7s", "work", "set", "prims", "def", "thm", "alg", "order", "fig", "proof", "drop", "dup", "confl", "provenance", "files", "seconds")
	_, _ = fmt.Fprintln(w, head)
	row := func(r result) {
		if r.Error != "" && r.Work != "total" {
			_, _ = fmt.Fprintf(w, "%-15s %-8s error: %s (%.0fs)\n", r.Work, r.Set, r.Error, r.Seconds)
			return
		}
		_, _ = fmt.Fprintf(w, "%-15s %-8s %5d %9s %9s %9s %5d %7s %7s %5d %4d %5d %11s %7s %7.1f\n", r.Work, r.Set, r.Primitives,
			frac(r.Blocks["def"]), frac(r.Blocks["thm"]), frac(r.Blocks["alg"]), r.AlgInOrder, frac(r.Blocks["fig"]), frac(r.Blocks["proof"]),
			r.Dropped, r.Duplicates, r.Conflicts, frac(r.Provenance), frac(r.Files), r.Seconds)
		if r.Note != "" {
			_, _ = fmt.Fprintln(w, "    lore: "+r.Note)
		}
		for _, e := range r.Examples {
			_, _ = fmt.Fprintln(w, "    "+e)
		}
	}
	for _, r := range rs {
		row(r)
	}
	for _, t := range tot {
		row(t)
		_, _ = fmt.Fprintf(w, "%-15s %-8s recall def %s, thm %s, alg %s (in order %d), fig %s, proof %s; provenance %s\n", "", t.Set,
			pct(t.Blocks["def"]), pct(t.Blocks["thm"]), pct(t.Blocks["alg"]), t.AlgInOrder, pct(t.Blocks["fig"]), pct(t.Blocks["proof"]), pct(t.Provenance))
	}
}
