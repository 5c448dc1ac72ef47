// Command score reports what lore learns from papers without theorem
// environments (eval/prose/MANIFEST.tsv): for every document present it
// runs the stages `lore learn --dry-run` runs before merging (scan,
// analyze, extract, wire; engine.Scan and engine.Analyze) and prints the
// count of primitives by type and a sample of names and statements. With
// -judge N it prints N primitives evenly spaced across the whole set, the
// sample judged by hand in docs/prose-eval.md.
//
//	go run ./eval/prose/score [-dir DOCS] [-sample 5] [-judge 20] [-json]
//
// Rows whose source is eval/pdf are the documents of the PDF evaluation
// set, read from DOCS/NAME.pdf (fetched by eval/pdf/extract.sh) and
// checked against that manifest's sha256. Absent documents are listed,
// not errors. Exit status: 0 when every present document was read, 1 on
// an error, 2 on bad flags, 3 when -min is set and a document gives fewer
// primitives.
package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
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
)

type row struct {
	Name, Source, Note string
}

type result struct {
	Name        string           `json:"name"`
	ContentType string           `json:"contentType"`
	Count       int              `json:"count"`
	ByType      map[string]int   `json:"byType"`
	Primitives  []core.Primitive `json:"-"`
	Sample      []item           `json:"sample"`
}

type item struct {
	Doc        string  `json:"document"`
	Type       string  `json:"type"`
	Name       string  `json:"name"`
	Confidence float64 `json:"confidence"`
	Statement  string  `json:"statement"`
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cache, _ := os.UserCacheDir()
	manifest := fs.String("manifest", "eval/prose/MANIFEST.tsv", "the prose manifest")
	pdfManifest := fs.String("pdf-manifest", "eval/pdf/MANIFEST.tsv", "the PDF manifest its eval/pdf rows refer to")
	dir := fs.String("dir", filepath.Join(cache, "lore", "eval", "pdf"), "folder holding the documents")
	sample := fs.Int("sample", 5, "primitives shown per document")
	judge := fs.Int("judge", 0, "print this many primitives evenly spaced across the set")
	minCount := fs.Int("min", 0, "exit 3 when a present document gives fewer primitives")
	asJSON := fs.Bool("json", false, "print JSON")
	only := fs.String("only", "", "comma-separated document names")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rows, err := readRows(*manifest)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 1
	}
	sums, err := pdfSums(*pdfManifest)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 1
	}
	doms, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		fmt.Fprintln(stderr, "score: built-in domains:", err)
		return 1
	}
	want := map[string]bool{}
	for _, n := range strings.Split(*only, ",") {
		if n != "" {
			want[n] = true
		}
	}
	var results []result
	var absent []string
	for _, r := range rows {
		if len(want) > 0 && !want[r.Name] {
			continue
		}
		if r.Source != "eval/pdf" {
			fmt.Fprintf(stderr, "score: %s: unknown source %q\n", r.Name, r.Source)
			return 1
		}
		path := filepath.Join(*dir, r.Name+".pdf")
		data, err := os.ReadFile(path)
		if os.IsNotExist(err) {
			absent = append(absent, r.Name)
			continue
		}
		if err != nil {
			fmt.Fprintln(stderr, "score:", err)
			return 1
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); sums[r.Name] != got {
			fmt.Fprintf(stderr, "score: %s: sha256 %s, eval/pdf manifest says %q\n", r.Name, got, sums[r.Name])
			return 1
		}
		res, err := learn(path, doms)
		if err != nil {
			fmt.Fprintf(stderr, "score: %s: %v\n", r.Name, err)
			return 1
		}
		res.Name = r.Name
		res.Sample = spaced(r.Name, res.Primitives, *sample)
		results = append(results, res)
	}
	var judged []item
	if *judge > 0 {
		var all []item
		for _, r := range results {
			all = append(all, spaced(r.Name, r.Primitives, len(r.Primitives))...)
		}
		judged = spacedItems(all, *judge)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(map[string]any{"documents": results, "absent": absent, "judged": judged}); err != nil {
			fmt.Fprintln(stderr, "score:", err)
			return 1
		}
	} else {
		report(stdout, results, absent, judged)
	}
	if *minCount > 0 {
		for _, r := range results {
			if r.Count < *minCount {
				return 3
			}
		}
	}
	return 0
}

// learn runs scan, analyze, extract and wire over one document, as `lore
// learn --dry-run` does before it merges.
func learn(path string, doms []core.Domain) (result, error) {
	ctx := context.Background()
	scan, err := engine.Scan(ctx, path, engine.ScanOptions{})
	if err != nil {
		return result{}, fmt.Errorf("scan: %w", err)
	}
	docs, err := scan.Learnable()
	if err != nil {
		return result{}, fmt.Errorf("scan: %w", err)
	}
	res, err := engine.Analyze(ctx, path, docs, engine.AnalyzeOptions{Domains: doms, Depth: core.Standard})
	if err != nil {
		return result{}, fmt.Errorf("analyze: %w", err)
	}
	out := result{ContentType: string(res.ContentType), ByType: map[string]int{}, Primitives: res.Primitives, Count: len(res.Primitives)}
	for _, p := range res.Primitives {
		out.ByType[string(p.Type)]++
	}
	return out, nil
}

// spaced returns n of the primitives evenly spaced in document order.
func spaced(doc string, ps []core.Primitive, n int) []item {
	var all []item
	for _, p := range ps {
		all = append(all, item{Doc: doc, Type: string(p.Type), Name: p.Name, Confidence: p.Confidence, Statement: p.FormalStatement})
	}
	return spacedItems(all, n)
}

func spacedItems(all []item, n int) []item {
	if n <= 0 || len(all) == 0 {
		return nil
	}
	if n >= len(all) {
		return all
	}
	out := make([]item, 0, n)
	for i := range n {
		out = append(out, all[i*len(all)/n])
	}
	return out
}

func report(w io.Writer, rs []result, absent []string, judged []item) {
	fmt.Fprintln(w, "| document | type | primitives | by type |")
	fmt.Fprintln(w, "|---|---|---:|---|")
	for _, r := range rs {
		var ks []string
		for k := range r.ByType {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		var parts []string
		for _, k := range ks {
			parts = append(parts, fmt.Sprintf("%s %d", k, r.ByType[k]))
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s |\n", r.Name, r.ContentType, r.Count, strings.Join(parts, ", "))
	}
	for _, r := range rs {
		fmt.Fprintf(w, "\n### %s\n\n", r.Name)
		for _, it := range r.Sample {
			fmt.Fprintf(w, "- %s (%s, %.2f): %s\n", it.Name, it.Type, it.Confidence, short(it.Statement, 160))
		}
	}
	if len(judged) > 0 {
		fmt.Fprintln(w, "\n## Evenly spaced across the set")
		fmt.Fprintln(w)
		for i, it := range judged {
			fmt.Fprintf(w, "%d. %s — %s (%s, %.2f): %s\n", i+1, it.Doc, it.Name, it.Type, it.Confidence, short(it.Statement, 200))
		}
	}
	if len(absent) > 0 {
		fmt.Fprintf(w, "\nabsent (run eval/pdf/extract.sh): %s\n", strings.Join(absent, ", "))
	}
}

func short(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// readRows reads the prose manifest: a header "name source note", then
// one tab-separated row per document.
func readRows(path string) ([]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	defer f.Close()
	var out []row
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "#") || n == 1 {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 3 {
			return nil, fmt.Errorf("%s line %d: %d columns, want 3 (name, source, note)", path, n, len(c))
		}
		out = append(out, row{Name: c[0], Source: c[1], Note: c[2]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	return out, nil
}

// pdfSums maps the PDF manifest's names to their sha256.
func pdfSums(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("pdf manifest: %w", err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		c := strings.Split(line, "\t")
		if len(c) >= 6 && c[0] != "name" && !strings.HasPrefix(c[0], "#") {
			out[c[0]] = c[5]
		}
	}
	return out, nil
}
