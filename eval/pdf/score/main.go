// Command score measures lore's PDF reader against poppler's pdftotext on
// the evaluation set of eval/pdf/MANIFEST.tsv: for every document present
// in the documents folder (and the shared corpus's PDFs), word recall,
// reading-order agreement (shared word bigrams), the share of lore's words
// the yardstick lacks, and lore's speed, as a Markdown table or JSON.
//
//	go run ./eval/pdf/score [-dir DOCS] [-backend go] [-json]
//
// Exit status: 0 when every present document was scored (whatever the
// scores); 1 on an error (pdftotext missing, a file whose sha256 differs
// from the manifest, a document pdftotext cannot read, a bad manifest);
// 2 on bad flags; 3 when -min-recall, -min-order or -fail-garbled are set
// and a document falls short. Absent documents are listed, not errors.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core/acquire/pdf"
	"github.com/lore-kb/lore/internal/corpus"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
	exitBelow = 3
)

// defaultGarbled is the share of lore's words absent from the yardstick's
// vocabulary above which a text is called garbled. A text read right has
// well under 1% (a few headings, joined words); interleaved columns and
// mis-decoded glyphs make whole runs of such words.
const defaultGarbled = 0.05

type options struct {
	manifest, dir, corpus, backend, dump string
	only                                 map[string]bool
	asJSON, failGarbled, keepFurniture   bool
	minRecall, minOrder, garbled         float64
	timeout                              time.Duration
}

// row is one document's result.
type row struct {
	Name   string   `json:"name"`
	Kinds  []string `json:"kinds"`
	Status string   `json:"status"` // ok, absent, unread (lore failed), error
	Error  string   `json:"error,omitempty"`
	Pages  int      `json:"pages,omitempty"`
	// FurnitureLines counts the yardstick's running headers, footers and
	// page numbers left out of the comparison (stripFurniture).
	FurnitureLines int `json:"furnitureLines"`
	metrics
	Garbled          bool     `json:"garbled"`
	ForeignSample    []string `json:"foreignSample,omitempty"`
	Seconds          float64  `json:"seconds,omitempty"`
	PagesPerSecond   float64  `json:"pagesPerSecond,omitempty"`
	YardstickSeconds float64  `json:"yardstickSeconds,omitempty"`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		fmt.Fprintln(stderr, "score:", err)
		return exitUsage
	}
	read, ok := backends[o.backend]
	if !ok {
		fmt.Fprintf(stderr, "score: -backend %q is not one of %s\n", o.backend, strings.Join(backendNames(), ", "))
		return exitUsage
	}
	if _, err := lookPDFToText(); err != nil {
		fmt.Fprintln(stderr, "score: pdftotext (poppler's, the yardstick) is not installed or not on PATH; install poppler-utils (Debian/Ubuntu: apt-get install -y poppler-utils; macOS: brew install poppler)")
		return exitError
	}
	entries, err := loadManifest(o.manifest)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return exitError
	}
	if o.dump != "" {
		if err := os.MkdirAll(o.dump, 0o755); err != nil {
			fmt.Fprintln(stderr, "score: -dump:", err)
			return exitError
		}
	}
	var rows []row
	errs := 0
	for _, e := range entries {
		if len(o.only) > 0 && !o.only[e.Name] {
			continue
		}
		r := scoreEntry(e, o, read)
		if r.Status == "error" {
			errs++
			fmt.Fprintf(stderr, "score: %s: %s\n", e.Name, r.Error)
		}
		rows = append(rows, r)
	}
	if o.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			fmt.Fprintln(stderr, "score:", err)
			return exitError
		}
	} else {
		writeTable(stdout, rows, o)
	}
	if errs > 0 {
		return exitError
	}
	if below := shortfalls(rows, o); len(below) > 0 {
		for _, b := range below {
			fmt.Fprintln(stderr, "score: below threshold:", b)
		}
		return exitBelow
	}
	return exitOK
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cache, _ := os.UserCacheDir()
	fs.StringVar(&o.manifest, "manifest", "", "manifest `file` (default eval/pdf/MANIFEST.tsv of the module holding the working directory)")
	fs.StringVar(&o.dir, "dir", filepath.Join(cache, "lore", "eval", "pdf"), "documents `folder` (where extract.sh put NAME.pdf)")
	fs.StringVar(&o.corpus, "corpus", "", "shared corpus `folder` for the manifest's corpus rows (default: the folder the tests use, internal/corpus.Locate)")
	fs.StringVar(&o.backend, "backend", "go", "reader to measure: "+strings.Join(backendNames(), ", "))
	fs.StringVar(&o.dump, "dump", "", "write each document's two texts to `folder` as NAME.lore.txt and NAME.pdftotext.txt")
	only := fs.String("only", "", "score only these comma-separated `names`")
	fs.BoolVar(&o.asJSON, "json", false, "print the results as JSON instead of a Markdown table")
	fs.Float64Var(&o.minRecall, "min-recall", 0, "exit 3 when a document's word recall is below this")
	fs.Float64Var(&o.minOrder, "min-order", 0, "exit 3 when a document's reading-order agreement is below this")
	fs.BoolVar(&o.failGarbled, "fail-garbled", false, "exit 3 when a document's text is garbled")
	fs.BoolVar(&o.keepFurniture, "keep-furniture", false, "score against pdftotext's whole text, running headers, footers and page numbers included (by default they are left out: lore drops them on purpose)")
	fs.Float64Var(&o.garbled, "garbled", defaultGarbled, "share of lore's words absent from the yardstick above which a text is garbled")
	fs.DurationVar(&o.timeout, "timeout", 5*time.Minute, "time allowed to read one document, per reader")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q (flags only)", fs.Args())
	}
	for _, v := range []struct {
		name string
		x    float64
	}{{"min-recall", o.minRecall}, {"min-order", o.minOrder}, {"garbled", o.garbled}} {
		if v.x < 0 || v.x > 1 {
			return o, fmt.Errorf("-%s %v is not between 0 and 1", v.name, v.x)
		}
	}
	if o.timeout <= 0 {
		return o, fmt.Errorf("-timeout %v is not positive", o.timeout)
	}
	if *only != "" {
		o.only = map[string]bool{}
		for _, n := range strings.Split(*only, ",") {
			o.only[strings.TrimSpace(n)] = true
		}
	}
	if o.manifest == "" {
		root, err := moduleRoot()
		if err != nil {
			return o, fmt.Errorf("no -manifest given and %w", err)
		}
		o.manifest = filepath.Join(root, "eval", "pdf", "MANIFEST.tsv")
	}
	if o.corpus == "" {
		// An absent corpus only makes its rows absent.
		o.corpus, _ = corpus.Locate()
	}
	return o, nil
}

// moduleRoot walks up from the working directory to the folder holding
// go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = up
	}
}

// reader reads a PDF's text.
type reader func(ctx context.Context, raw []byte) (string, error)

// backends are the readers the program can measure: lore's own, in
// process, and the yardstick itself (a check of the scoring, which must
// give 1.0 everywhere).
var backends = map[string]reader{
	"go": func(ctx context.Context, raw []byte) (string, error) {
		return pdf.Text(ctx, bytes.NewReader(raw), int64(len(raw)))
	},
	"pdftotext": pdftotext,
}

func backendNames() []string {
	var ns []string
	for n := range backends {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

// lookPDFToText finds the yardstick's program.
func lookPDFToText() (string, error) { return exec.LookPath("pdftotext") }

// pdftotext runs the yardstick, `pdftotext -enc UTF-8 FILE -`, on raw.
func pdftotext(ctx context.Context, raw []byte) (string, error) {
	f, err := os.CreateTemp("", "lore-score-*.pdf")
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(raw); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, "pdftotext", "-enc", "UTF-8", f.Name(), "-")
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("pdftotext: %w", ctx.Err())
		}
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("pdftotext: %s", msg)
	}
	return out.String(), nil
}

// scoreEntry reads one document with both readers and scores it.
func scoreEntry(e entry, o options, read reader) row {
	r := row{Name: e.Name, Kinds: e.Kinds}
	path := e.file(o.dir, o.corpus)
	raw, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			r.Status = "absent"
			return r
		}
		r.Status, r.Error = "error", err.Error()
		return r
	}
	sum := sha256.Sum256(raw)
	if got := hex.EncodeToString(sum[:]); got != e.SHA256 {
		r.Status, r.Error = "error", fmt.Sprintf("%s has sha256 %s, the manifest says %s", path, got, e.SHA256)
		return r
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	start := time.Now()
	ref, err := pdftotext(ctx, raw)
	r.YardstickSeconds = time.Since(start).Seconds()
	cancel()
	if err != nil {
		r.Status, r.Error = "error", "the yardstick could not read it: "+err.Error()
		return r
	}
	// pdftotext ends every page with a form feed.
	r.Pages = strings.Count(ref, "\f")
	ctx, cancel = context.WithTimeout(context.Background(), o.timeout)
	start = time.Now()
	got, err := read(ctx, raw)
	r.Seconds = time.Since(start).Seconds()
	cancel()
	if o.dump != "" {
		_ = os.WriteFile(filepath.Join(o.dump, e.Name+".pdftotext.txt"), []byte(ref), 0o644)
		_ = os.WriteFile(filepath.Join(o.dump, e.Name+".lore.txt"), []byte(got), 0o644)
	}
	if err != nil {
		// The reader under test failed: a score of nothing, not an error
		// of the yardstick.
		r.Status, r.Error = "unread", err.Error()
		r.metrics = score(ref, "")
		return r
	}
	r.Status = "ok"
	ref = fixYardstick(ref)
	if !o.keepFurniture {
		ref, r.FurnitureLines = stripFurniture(ref, slices.Contains(e.Kinds, "slides"))
	}
	r.metrics = score(ref, got)
	if r.Seconds > 0 {
		r.PagesPerSecond = float64(r.Pages) / r.Seconds
	}
	if r.Foreign > o.garbled {
		r.Garbled = true
		r.ForeignSample = foreignWords(ref, got, 6)
	}
	return r
}

// shortfalls lists the documents below the thresholds asked for.
func shortfalls(rows []row, o options) []string {
	var out []string
	for _, r := range rows {
		if r.Status != "ok" && r.Status != "unread" {
			continue
		}
		var why []string
		if o.minRecall > 0 && r.Recall < o.minRecall {
			why = append(why, fmt.Sprintf("recall %.4f < %.4f", r.Recall, o.minRecall))
		}
		if o.minOrder > 0 && r.Order < o.minOrder {
			why = append(why, fmt.Sprintf("order %.4f < %.4f", r.Order, o.minOrder))
		}
		if o.failGarbled && (r.Garbled || r.Status == "unread") {
			why = append(why, "garbled or unread")
		}
		if len(why) > 0 {
			out = append(out, r.Name+": "+strings.Join(why, ", "))
		}
	}
	return out
}

// writeTable prints the rows as a Markdown table, then the min and median
// of the scored documents and the absent ones.
func writeTable(w io.Writer, rows []row, o options) {
	fmt.Fprintf(w, "Backend %s against pdftotext; garbled = more than %.0f%% of the backend's words absent from the yardstick's vocabulary.\n\n", o.backend, 100*o.garbled)
	fmt.Fprintln(w, "| document | kinds | pages | word recall | reading order | foreign words | garbled | pages/s | note |")
	fmt.Fprintln(w, "|---|---|--:|--:|--:|--:|:-:|--:|---|")
	var rec, ord, frn, pps []float64
	var absent []string
	scored, unread := 0, 0
	for _, r := range rows {
		switch r.Status {
		case "absent":
			absent = append(absent, r.Name)
			continue
		case "error":
			fmt.Fprintf(w, "| %s | %s | | | | | | | error: %s |\n", r.Name, strings.Join(r.Kinds, " "), cell(r.Error))
			continue
		}
		note, garbled := "", ""
		if r.Status == "unread" {
			unread++
			note = "lore could not read it: " + r.Error
		}
		if r.Garbled {
			garbled = "yes"
			note = "e.g. " + strings.Join(r.ForeignSample, " ")
		}
		pagesPerSec := ""
		if r.PagesPerSecond > 0 {
			pagesPerSec = fmt.Sprintf("%.0f", r.PagesPerSecond)
			pps = append(pps, r.PagesPerSecond)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %.4f | %.4f | %.4f | %s | %s | %s |\n",
			r.Name, strings.Join(r.Kinds, " "), r.Pages, r.Recall, r.Order, r.Foreign, garbled, pagesPerSec, cell(note))
		rec, ord, frn = append(rec, r.Recall), append(ord, r.Order), append(frn, r.Foreign)
		scored++
	}
	if scored > 0 {
		fmt.Fprintf(w, "| **min** (foreign: max) | | | %.4f | %.4f | %.4f | | %s | |\n",
			slices.Min(rec), slices.Min(ord), slices.Max(frn), minOrBlank(pps))
		fmt.Fprintf(w, "| **median** | | | %.4f | %.4f | %.4f | | %s | |\n",
			median(rec), median(ord), median(frn), medianOrBlank(pps))
	}
	fmt.Fprintf(w, "\n%d documents scored (%d unread by the backend), %d absent.\n", scored, unread, len(absent))
	if len(absent) > 0 {
		fmt.Fprintf(w, "Absent (run eval/pdf/extract.sh, or see eval/pdf/README.md): %s\n", strings.Join(absent, ", "))
	}
}

func minOrBlank(xs []float64) string {
	if len(xs) == 0 {
		return ""
	}
	return fmt.Sprintf("%.0f", slices.Min(xs))
}

func medianOrBlank(xs []float64) string {
	if len(xs) == 0 {
		return ""
	}
	return fmt.Sprintf("%.0f", median(xs))
}

// cell makes s safe inside a Markdown table cell.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, "|", `\|`)
	if r := []rune(s); len(r) > 160 {
		s = string(r[:157]) + "..."
	}
	return s
}
