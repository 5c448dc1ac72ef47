// Command score measures how lore learns each book of eval/books: it runs
// `lore learn FOLDER --no-review --approve --force-critical --json` (the
// sources are the set's own, so a security finding does not stop the run)
// with a fresh LORE_DATA_DIR per work, then `lore conflicts --json`, and
// reports per work and per half (dev, held-out) the primitives, the
// conflicts pending and their share of the primitives, the readable
// statements (text.ReadableMath of the formal statement) still holding `$`,
// a backslash command or one of the book's own macro names, the numbered
// names ("Proposition 1.1.6", "Theorem 3.4 — Linearity") given to two or more primitives, the
// source's definition and theorem blocks that list items and that some
// statement holds at all ("lists") and whole, every item ("whole"), and
// the time to learn. It exits 1 when a work could not be scored, 2 on bad
// arguments.
//
//	go run ./eval/books/score [-dir DEST] [-lore BIN] [-timeout 10m] [-v]
//
// DEST is where eval/books/fetch.sh put the works (one folder per work).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/lore-kb/lore/core/text"
)

type primitive struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	FormalStatement string `json:"formalStatement"`
}

type learnOut struct {
	Primitives []primitive `json:"primitives"`
}

type conflictsOut struct {
	Conflicts []json.RawMessage `json:"conflicts"`
}

type result struct {
	work, set                        string
	prims, conflicts                 int
	dollar, backslash, macro, shared int
	lists, whole                     int
	seconds                          float64
	err, note                        string
	examples                         []string
}

var (
	cmdRe = regexp.MustCompile(`\\[A-Za-z]+`)
	defRe = regexp.MustCompile(`\\(?:newcommand|renewcommand|providecommand|DeclareMathOperator)\*?\s*\{?\\([A-Za-z]+)|\\def\\([A-Za-z]+)`)
	// numberedRe is a name that opens with a number ("Proposition
	// 1.1.6", also before a title: "Theorem 3.4 — Linearity"): two
	// results never share one such name.
	numberedRe = regexp.MustCompile(`^(?i:theorem|proposition|lemma|definition|corollary|example|exercise|remark|claim|conjecture)\s+[0-9]+(?:\.[0-9]+)*\b`)
)

// macros gives the command names (without backslash, four letters or more)
// a book defines in its .tex and .sty files.
func macros(dir string) map[string]bool {
	m := map[string]bool{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if ext := filepath.Ext(p); ext != ".tex" && ext != ".sty" {
			return nil
		}
		b, err := os.ReadFile(p) //nolint:gosec // files of the evaluation cache
		if err != nil {
			return err
		}
		for _, s := range defRe.FindAllStringSubmatch(string(b), -1) {
			n := s[1] + s[2]
			if len(n) >= 4 {
				m[n] = true
			}
		}
		return nil
	})
	return m
}

// hasMacroWord reports whether s holds one of the names as a whole word.
func hasMacroWord(s string, names map[string]bool) string {
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		w := strings.Trim(sc.Text(), ".,;:()[]{}$")
		if names[w] {
			return w
		}
	}
	return ""
}

func score(ctx context.Context, lore, dir, work, set string, verbose bool) result {
	r := result{work: work, set: set}
	data, err := os.MkdirTemp("", "lore-books-")
	if err != nil {
		r.err = err.Error()
		return r
	}
	defer func() { _ = os.RemoveAll(data) }()
	env := append(os.Environ(), "LORE_DATA_DIR="+data)
	start := time.Now()
	cmd := exec.CommandContext(ctx, lore, "learn", filepath.Join(dir, work), "--no-review", "--approve", "--force-critical", "--json") //nolint:gosec // the lore binary under test
	cmd.Env = env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	r.seconds = time.Since(start).Seconds()
	var lo learnOut
	if jerr := json.Unmarshal(out, &lo); jerr != nil {
		r.err = fmt.Sprintf("learn: %v %v: %s", err, jerr, lastLine(stderr.String()))
		return r
	}
	if err != nil {
		// lore learn's own refusal (e.g. nothing to learn) is a figure of
		// the baseline, not a failure of the scorer: report it beside 0.
		r.note = lastLine(stderr.String())
	}
	cc := exec.CommandContext(ctx, lore, "conflicts", "--json") //nolint:gosec // the lore binary under test
	cc.Env = env
	if out, err := cc.Output(); err == nil {
		var co conflictsOut
		if json.Unmarshal(out, &co) == nil {
			r.conflicts = len(co.Conflicts)
		}
	}
	names := macros(filepath.Join(dir, work))
	r.prims = len(lo.Primitives)
	byName := map[string]int{}
	words := map[string]int{} // macro names met as words, for -v
	for _, p := range lo.Primitives {
		rd := text.ReadableMath(p.FormalStatement)
		if strings.Contains(rd, "$") {
			r.dollar++
		}
		if cmdRe.MatchString(rd) {
			r.backslash++
			if verbose && len(r.examples) < 5 {
				r.examples = append(r.examples, p.ID+": "+cmdRe.FindString(rd))
			}
		}
		if w := hasMacroWord(rd, names); w != "" {
			r.macro++
			words[w]++
		}
		if n := strings.TrimSpace(p.Name); numberedRe.MatchString(n) {
			byName[strings.ToLower(n)]++
		}
	}
	for _, n := range byName {
		if n > 1 {
			r.shared += n
		}
	}
	if verbose && len(words) > 0 {
		ws := make([]string, 0, len(words))
		for w, n := range words {
			ws = append(ws, fmt.Sprintf("%s %d", w, n))
		}
		sort.Strings(ws)
		r.examples = append(r.examples, "macro names read as words: "+strings.Join(ws, ", "))
	}
	statements := make([]string, len(lo.Primitives))
	for i, p := range lo.Primitives {
		statements[i] = p.FormalStatement
	}
	var cut []string
	r.lists, r.whole, cut = itemCounts(listedBlocks(filepath.Join(dir, work)), statements)
	if verbose {
		for i, c := range cut {
			if i == 5 {
				break
			}
			r.examples = append(r.examples, "items cut: "+c)
		}
	}
	return r
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

func main() {
	home, _ := os.UserCacheDir()
	dir := flag.String("dir", filepath.Join(home, "lore", "eval", "books"), "folder eval/books/fetch.sh filled")
	lore := flag.String("lore", "", "lore binary (default: built from ./cmd/lore)")
	timeout := flag.Duration("timeout", 10*time.Minute, "bound on each learn")
	verbose := flag.Bool("v", false, "print examples of readable statements holding a command")
	flag.Parse()
	if _, err := os.Stat(*dir); err != nil {
		fmt.Fprintf(os.Stderr, "score: no works at %s (run eval/books/fetch.sh)\n", *dir)
		os.Exit(2)
	}
	bin := *lore
	if bin != "" {
		if _, err := exec.LookPath(bin); err != nil {
			fmt.Fprintf(os.Stderr, "score: lore binary %s: %v\n", bin, err)
			os.Exit(2)
		}
	}
	if bin == "" {
		tmp, err := os.MkdirTemp("", "lore-bin-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer func() { _ = os.RemoveAll(tmp) }()
		bin = filepath.Join(tmp, "lore")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/lore").CombinedOutput(); err != nil { //nolint:gosec // fixed arguments
			fmt.Fprintf(os.Stderr, "score: go build: %v\n%s", err, out)
			os.Exit(1)
		}
	}
	works, err := readManifest(filepath.Join("eval", "books", "MANIFEST.tsv"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var rs []result
	for _, w := range works {
		if _, err := os.Stat(filepath.Join(*dir, w[0])); err != nil {
			fmt.Fprintf(os.Stderr, "score: %s not fetched, skipped\n", w[0])
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		rs = append(rs, score(ctx, bin, *dir, w[0], w[1], *verbose))
		cancel()
	}
	fmt.Printf("%-8s %-8s %6s %5s %6s %5s %5s %5s %6s %5s %5s %7s\n", "work", "set", "prims", "confl", "share", "$", "\\cmd", "macro", "shared", "lists", "whole", "seconds")
	tot := map[string]*result{}
	failed := false
	for _, r := range rs {
		line(r)
		if r.note != "" {
			fmt.Println("    lore: " + r.note)
		}
		for _, e := range r.examples {
			fmt.Println("    " + e)
		}
		t := tot[r.set]
		if t == nil {
			t = &result{work: "total", set: r.set}
			tot[r.set] = t
		}
		t.prims += r.prims
		t.conflicts += r.conflicts
		t.dollar += r.dollar
		t.backslash += r.backslash
		t.macro += r.macro
		t.shared += r.shared
		t.lists += r.lists
		t.whole += r.whole
		if r.err != "" {
			failed = true
		}
		t.seconds += r.seconds
	}
	sets := make([]string, 0, len(tot))
	for s := range tot {
		sets = append(sets, s)
	}
	sort.Strings(sets)
	for _, s := range sets {
		line(*tot[s])
	}
	if failed {
		os.Exit(1)
	}
}

func lastLine(s string) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	return ls[len(ls)-1]
}

func line(r result) {
	if r.err != "" {
		fmt.Printf("%-8s %-8s error: %s (%.0fs)\n", r.work, r.set, r.err, r.seconds)
		return
	}
	fmt.Printf("%-8s %-8s %6d %5d %6s %5d %5d %5d %6d %5d %5d %7.1f\n", r.work, r.set, r.prims, r.conflicts, pct(r.conflicts, r.prims), r.dollar, r.backslash, r.macro, r.shared, r.lists, r.whole, r.seconds)
}

// readManifest gives each work's folder row as (work, set), in order.
func readManifest(path string) ([][2]string, error) {
	b, err := os.ReadFile(path) //nolint:gosec // the set's own manifest
	if err != nil {
		return nil, err
	}
	var ws [][2]string
	for i, l := range strings.Split(string(b), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) < 8 || !strings.HasSuffix(f[3], "/") || strings.HasSuffix(f[0], "-omit") {
			continue
		}
		ws = append(ws, [2]string{f[6], f[7]})
	}
	return ws, nil
}
