// Command score measures lore's skill scanner on the evaluation set of
// eval/skills: injected instructions written into real public skills
// (injections.json into the skills of originals.tsv), false alarms on
// those originals and on the public skills of public.tsv, and malicious
// and benign code files (malicious/labels.tsv). Every skill folder is
// taken out of the repository snapshots under -mirror, checked against
// its manifest sha256, written to a temporary folder and read with
// bundle.Import as `lore skills import` reads it (a source not vouched
// for: the STRANGER tier), so the findings are those a user would see.
//
//	go run ./eval/skills/score [-mirror DIR] [-only PREFIX] [-skip-public] [-v] [-alarms] [-third]
//
// An injection is found when Import reports a warning or a critical
// finding located inside the lines or the file the injection added that
// the clean original does not have; the split into a dev and a held-out
// half is by the sha256 of the injection's id (heldOut).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills/bundle"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	mirror, set, only   string
	dump, train         string
	skipPublic, verbose bool
	alarms, third       bool
	topAlarms           int
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.mirror, "mirror", "/work/.mirror", "`folder` of repository snapshots (OWNER+NAME/repo bare git directories)")
	fs.StringVar(&o.set, "set", filepath.Join("eval", "skills"), "`folder` holding the manifests, injections.json and malicious/")
	fs.StringVar(&o.only, "only", "", "score only the injections whose id starts with `prefix` (and skip the public skills)")
	fs.BoolVar(&o.skipPublic, "skip-public", false, "do not scan the public skills")
	fs.BoolVar(&o.verbose, "v", false, "list each missed injection with its text and each missed or falsely flagged code file with its findings")
	fs.BoolVar(&o.alarms, "alarms", false, "list every warning or critical finding on the clean originals and the public skills")
	fs.IntVar(&o.topAlarms, "top", 15, "how many false-alarm reasons to list")
	fs.StringVar(&o.dump, "dump", "", "with -third: write each development-half case's skill into `folder` (as UNIT_ID, for lore scan)")
	fs.StringVar(&o.train, "train", "", "train the model of core/sanitize/planted on the development half and train.tsv and write it to `file`")
	fs.BoolVar(&o.third, "third", false, "score the third-party sets of thirdparty.tsv (with -v: the development half's misses) instead of the project's own")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	s, err := load(o.set)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 2
	}
	tmp, err := os.MkdirTemp("", "lore-skills-eval-")
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	sc := &scanner{tmp: tmp}
	status := 0
	fail := func(err error) {
		fmt.Fprintln(stderr, "score:", err)
		status = 1
	}

	if o.train != "" {
		if err := runTrain(o, stdout, stderr); err != nil {
			fail(err)
		}
		return status
	}
	if o.third {
		if err := runThird(o, sc, stdout, stderr); err != nil {
			fail(err)
		}
		return status
	}

	// Clean originals: their findings are the baseline of every injection.
	origFiles := map[string]folder{}
	origFindings := map[string][]finding{}
	var origResults []skillResult
	// scanRow reads one skill of a manifest from the mirror and scans it
	// as an import would; ok is false (the failure reported) when either
	// step fails.
	scanRow := func(r skillRow) (folder, []finding, bool) {
		fo, err := extract(o.mirror, r)
		if err == nil {
			var fs []finding
			if fs, err = sc.scan(fo, filepath.Base(r.Path)); err == nil {
				return fo, fs, true
			}
		}
		fail(err)
		return nil, nil, false
	}
	for _, r := range s.originals {
		fo, fs, ok := scanRow(r)
		if !ok {
			continue
		}
		origFiles[r.Name], origFindings[r.Name] = fo, fs
		origResults = append(origResults, skillResult{name: r.Name, repo: r.Repo, findings: fs})
	}

	var injResults []injResult
	for _, in := range s.injections {
		if o.only != "" && !strings.HasPrefix(in.ID, o.only) {
			continue
		}
		fo, ok := origFiles[in.Original]
		if !ok {
			continue // its original failed above
		}
		res, err := sc.scoreInjection(fo, origFindings[in.Original], in)
		if err != nil {
			fail(err)
			continue
		}
		injResults = append(injResults, res)
	}

	var pubResults []skillResult
	if !o.skipPublic && o.only == "" {
		for _, r := range s.public {
			_, fs, ok := scanRow(r)
			if !ok {
				continue
			}
			pubResults = append(pubResults, skillResult{name: r.Repo + ":" + r.Path, repo: r.Repo, findings: fs})
		}
	}

	var codeResults []codeResult
	if o.only == "" {
		for _, l := range s.labels {
			res, err := sc.scoreCode(filepath.Join(o.set, "malicious"), l)
			if err != nil {
				fail(err)
				continue
			}
			codeResults = append(codeResults, res)
		}
	}

	w := stdout
	writeInjections(w, injResults)
	if o.verbose {
		listMissedInjections(stderr, injResults)
	}
	fmt.Fprintln(w)
	writeAlarms(w, "Clean originals", origResults, o.topAlarms, false)
	if len(pubResults) > 0 {
		fmt.Fprintln(w)
		writeAlarms(w, "Public skills", pubResults, o.topAlarms, true)
	}
	if o.alarms {
		listAlarms(stderr, origResults)
		listAlarms(stderr, pubResults)
	}
	if len(codeResults) > 0 {
		fmt.Fprintln(w)
		writeCode(w, codeResults)
		if o.verbose {
			listCode(stderr, codeResults)
		}
	}
	return status
}

// set is the evaluation set as read from its folder.
type set struct {
	public, originals []skillRow
	injections        []injection
	labels            []codeLabel
}

func load(dir string) (set, error) {
	var s set
	var err error
	if s.public, err = readPublic(filepath.Join(dir, "public.tsv")); err != nil {
		return s, err
	}
	if s.originals, err = readOriginals(filepath.Join(dir, "originals.tsv")); err != nil {
		return s, err
	}
	names := map[string]bool{}
	for _, r := range s.originals {
		names[r.Name] = true
	}
	if s.injections, err = readInjections(filepath.Join(dir, "injections.json"), names); err != nil {
		return s, err
	}
	s.labels, err = readLabels(filepath.Join(dir, "malicious", "labels.tsv"))
	return s, err
}

// finding is a core.Finding with its file relative to the skill folder
// and its line.
type finding struct {
	core.Finding
	rel  string
	line int
}

// key identifies a finding across an original and its injected copy,
// whose line numbers differ.
func (f finding) key() string {
	return f.rel + "\x00" + string(f.Category) + "\x00" + string(f.Severity) + "\x00" + lineRefs.ReplaceAllString(f.Description, "line N") + "\x00" + f.Evidence
}

var lineRefs = regexp.MustCompile(`line \d+`)

func (f finding) serious() bool { return f.Severity == core.Critical || f.Severity == core.Warning }

// scanner writes skill folders to numbered temporary folders and imports them.
type scanner struct {
	tmp string
	n   int
}

// importTime dates the throwaway records; nothing is stored.
var importTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// scan imports the folder as `lore skills import DIR` does (no trust, the
// lenient profile) and returns every finding, with files relative to it.
func (sc *scanner) scan(fo folder, name string) ([]finding, error) {
	sc.n++
	dir := filepath.Join(sc.tmp, strconv.Itoa(sc.n))
	defer os.RemoveAll(dir)
	if name == "" || name == "." || name == "/" {
		name = "skill"
	}
	root, err := fo.write(dir, name)
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", name, err)
	}
	plan, err := bundle.Import(root, bundle.ImportOptions{Now: importTime})
	if err != nil {
		return nil, fmt.Errorf("importing %s: %w", name, err)
	}
	out := make([]finding, 0, len(plan.Findings))
	for _, f := range plan.Findings {
		rel, err := filepath.Rel(root, f.File)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel = f.File
		}
		out = append(out, finding{Finding: f, rel: filepath.ToSlash(rel), line: lineOf(f.Location)})
	}
	return out, nil
}

// lineOf reads the line of a "file:line:col" location; 0 when it has none.
func lineOf(loc string) int {
	i := strings.LastIndexByte(loc, ':')
	if i < 0 {
		return 0
	}
	j := strings.LastIndexByte(loc[:i], ':')
	if j < 0 {
		return 0
	}
	n, err := strconv.Atoi(loc[j+1 : i])
	if err != nil {
		return 0
	}
	return n
}

type injResult struct {
	in       injection
	held     bool
	added    []finding // serious findings the injection added
	critical bool      // one of them is critical
	lower    []finding // info findings inside the injection, for -v
	outside  []finding // serious findings the original lacks, outside the injection, for -v
}

func (sc *scanner) scoreInjection(orig folder, base []finding, in injection) (injResult, error) {
	fo, reg, err := inject(orig, in)
	if err != nil {
		return injResult{}, err
	}
	fs, err := sc.scan(fo, in.Original)
	if err != nil {
		return injResult{}, fmt.Errorf("%s: %w", in.ID, err)
	}
	had := map[string]bool{}
	for _, f := range base {
		had[f.key()] = true
	}
	res := injResult{in: in, held: heldOut(in.ID)}
	for _, f := range fs {
		if had[f.key()] {
			continue
		}
		if !reg.holds(f.rel, f.line) {
			if f.serious() {
				res.outside = append(res.outside, f)
			}
			continue
		}
		if !f.serious() {
			res.lower = append(res.lower, f)
			continue
		}
		res.added = append(res.added, f)
		res.critical = res.critical || f.Severity == core.Critical
	}
	return res, nil
}

type skillResult struct {
	name, repo string
	findings   []finding
}

type codeResult struct {
	l        codeLabel
	findings []finding // serious findings in the code file
	all      []finding
	hit      bool // reported in the expected category (malicious)
}

// codeSkill is the SKILL.md a code file is scanned under; its
// description is the purpose the labels give, which the scanner may use.
const codeSkill = `---
name: code-check
description: %s
---

# Code check

Run the script in scripts/ as the user asks.
`

func (sc *scanner) scoreCode(dir string, l codeLabel) (codeResult, error) {
	b, err := os.ReadFile(filepath.Join(dir, l.File))
	if err != nil {
		return codeResult{}, err
	}
	rel := "scripts/" + l.File
	fo := folder{"SKILL.md": {data: []byte(fmt.Sprintf(codeSkill, l.Purpose)), mode: 0o644}, rel: {data: b, mode: 0o755}}
	fs, err := sc.scan(fo, "code-check")
	if err != nil {
		return codeResult{}, fmt.Errorf("%s: %w", l.File, err)
	}
	res := codeResult{l: l}
	kws := strings.Split(strings.ToLower(l.Keywords), "|")
	for _, f := range fs {
		if f.rel != rel {
			continue
		}
		res.all = append(res.all, f)
		if !f.serious() {
			continue
		}
		res.findings = append(res.findings, f)
		if string(f.Category) != l.Expected {
			continue
		}
		d := strings.ToLower(f.Description)
		for _, k := range kws {
			if k != "" && strings.Contains(d, k) {
				res.hit = true
			}
		}
	}
	return res, nil
}

// share formats k of n as "k/n (p%)".
func share(k, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", k, n, 100*float64(k)/float64(n))
}

// tally counts injections found, by half.
type tally struct{ n, found, crit, hn, hfound, hcrit int }

func (t *tally) add(r injResult) {
	found, crit := 0, 0
	if len(r.added) > 0 {
		found = 1
	}
	if r.critical {
		crit = 1
	}
	if r.held {
		t.hn, t.hfound, t.hcrit = t.hn+1, t.hfound+found, t.hcrit+crit
	} else {
		t.n, t.found, t.crit = t.n+1, t.found+found, t.crit+crit
	}
}

func (t tally) row(w io.Writer, label string) {
	fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", label, share(t.found, t.n), share(t.crit, t.n), share(t.hfound, t.hn), share(t.hcrit, t.hn),
		share(t.found+t.hfound, t.n+t.hn))
}

const tallyHeader = "| dev found | dev critical | held-out found | held-out critical | all found |\n"

func writeInjections(w io.Writer, rs []injResult) {
	if len(rs) == 0 {
		return
	}
	fmt.Fprintf(w, "## Injections (%d)\n\n", len(rs))
	fmt.Fprintln(w, "Found: a warning or critical finding inside what the injection added, which the clean original does not have. Critical: one of them is critical (the import skips the skill).")
	fmt.Fprintln(w)
	group := func(title string, keyOf func(injResult) string) {
		by := map[string]*tally{}
		var keys []string
		var all tally
		for _, r := range rs {
			k := keyOf(r)
			if by[k] == nil {
				by[k] = &tally{}
				keys = append(keys, k)
			}
			by[k].add(r)
			all.add(r)
		}
		sort.Strings(keys)
		fmt.Fprintf(w, "| %s "+tallyHeader, title)
		fmt.Fprintf(w, "|%s\n", strings.Repeat("---|", 6))
		for _, k := range keys {
			by[k].row(w, k)
		}
		all.row(w, "**all**")
		fmt.Fprintln(w)
	}
	group("kind", func(r injResult) string { return r.in.Kind })
	group("style", func(r injResult) string { return r.in.Style })
	group("style × placement", func(r injResult) string { return r.in.Style + " × " + r.in.Placement })
	group("kind × style × placement", func(r injResult) string { return r.in.Kind + " × " + r.in.Style + " × " + r.in.Placement })

	// Which rules find them: an injection found only by the secret
	// detector (a key written in the text) is found for another reason
	// than what it asks the agent to do.
	byCat := map[string][]string{}
	for _, r := range rs {
		seen := map[string]bool{}
		for _, f := range r.added {
			k := string(f.Category)
			if !seen[k] {
				seen[k] = true
				byCat[k] = append(byCat[k], r.in.Kind)
			}
		}
	}
	cats := make([]string, 0, len(byCat))
	for k := range byCat {
		cats = append(cats, k)
	}
	sort.Strings(cats)
	fmt.Fprintln(w, "| category of the added findings | injections | kinds (count) |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, c := range cats {
		n := map[string]int{}
		var kinds []string
		for _, k := range byCat[c] {
			if n[k] == 0 {
				kinds = append(kinds, k)
			}
			n[k]++
		}
		sort.Strings(kinds)
		parts := make([]string, len(kinds))
		for i, k := range kinds {
			parts[i] = fmt.Sprintf("%s (%d)", k, n[k])
		}
		fmt.Fprintf(w, "| %s | %d | %s |\n", c, len(byCat[c]), strings.Join(parts, ", "))
	}
	fmt.Fprintln(w)
}

func listMissedInjections(w io.Writer, rs []injResult) {
	for _, r := range rs {
		if len(r.added) > 0 {
			continue
		}
		half := "dev"
		if r.held {
			half = "held-out"
		}
		where := r.in.File
		if where == "" {
			where = "SKILL.md after " + strconv.Quote(r.in.After)
		}
		fmt.Fprintf(w, "MISSED %s (%s, %s, %s, %s; %s in %s):\n", r.in.ID, half, r.in.Kind, r.in.Style, r.in.Placement, where, r.in.Original)
		for _, l := range strings.Split(strings.TrimRight(r.in.Text, "\n"), "\n") {
			fmt.Fprintf(w, "    %s\n", l)
		}
		for _, f := range r.lower {
			fmt.Fprintf(w, "  only %s %s at %s:%d: %s\n", f.Severity, f.Category, f.rel, f.line, f.Description)
		}
		for _, f := range r.outside {
			fmt.Fprintf(w, "  outside the injection, %s %s at %s:%d: %s\n", f.Severity, f.Category, f.rel, f.line, f.Description)
		}
	}
}

// reason groups false alarms: the category and the description up to its
// first detail (a colon or a parenthesis), line numbers removed; the
// prefix that says the finding was lowered (a code block, source code) is
// kept as a short tag so that the rule's own words remain.
func reason(f finding) string {
	d := lineRefs.ReplaceAllString(f.Description, "line N")
	tag := ""
	for _, p := range []string{"code block shown in the document: ", "in source code: ", "code sample: "} {
		if strings.HasPrefix(d, p) {
			tag, d = "["+strings.TrimSuffix(p, ": ")+"] ", d[len(p):]
			break
		}
	}
	for _, sep := range []string{": ", " ("} {
		if i := strings.Index(d, sep); i > 0 {
			d = d[:i]
		}
	}
	if len(d) > 90 {
		d = d[:90] + "…"
	}
	return string(f.Category) + ": " + tag + d
}

func writeAlarms(w io.Writer, title string, rs []skillResult, top int, byRepo bool) {
	type count struct{ n, crit, warn int }
	var all count
	repos := map[string]*count{}
	var names []string
	reasons := map[string]map[string]bool{} // reason → skills
	sevOf := map[string]core.Severity{}
	for _, r := range rs {
		crit, warn := false, false
		for _, f := range r.findings {
			if !f.serious() {
				continue
			}
			warn = true
			crit = crit || f.Severity == core.Critical
			k := reason(f)
			if reasons[k] == nil {
				reasons[k] = map[string]bool{}
			}
			reasons[k][r.name] = true
			if f.Severity == core.Critical {
				sevOf[k] = core.Critical
			} else if sevOf[k] == "" {
				sevOf[k] = core.Warning
			}
		}
		c := repos[r.repo]
		if c == nil {
			c = &count{}
			repos[r.repo] = c
			names = append(names, r.repo)
		}
		for _, x := range []*count{&all, c} {
			x.n++
			if crit {
				x.crit++
			}
			if warn {
				x.warn++
			}
		}
	}
	fmt.Fprintf(w, "## False alarms: %s (%d skills)\n\n", title, all.n)
	fmt.Fprintln(w, "| skills | ≥ 1 critical | ≥ 1 warning or critical |")
	fmt.Fprintln(w, "|---|---|---|")
	if byRepo {
		sort.Strings(names)
		for _, n := range names {
			c := repos[n]
			fmt.Fprintf(w, "| %s | %s | %s |\n", n, share(c.crit, c.n), share(c.warn, c.n))
		}
	}
	fmt.Fprintf(w, "| **all** | %s | %s |\n\n", share(all.crit, all.n), share(all.warn, all.n))
	if len(reasons) == 0 {
		return
	}
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(reasons[keys[i]]) != len(reasons[keys[j]]) {
			return len(reasons[keys[i]]) > len(reasons[keys[j]])
		}
		return keys[i] < keys[j]
	})
	fmt.Fprintln(w, "| skills | worst | reason (category: description up to its details) |")
	fmt.Fprintln(w, "|---|---|---|")
	for i, k := range keys {
		if i == top {
			break
		}
		fmt.Fprintf(w, "| %d | %s | %s |\n", len(reasons[k]), sevOf[k], strings.ReplaceAll(k, "|", "\\|"))
	}
}

func listAlarms(w io.Writer, rs []skillResult) {
	for _, r := range rs {
		for _, f := range r.findings {
			if f.serious() {
				fmt.Fprintf(w, "ALARM %s: %s %s at %s:%d: %s\n    %s\n", r.name, f.Severity, f.Category, f.rel, f.line, f.Description, f.Evidence)
			}
		}
	}
}

func writeCode(w io.Writer, rs []codeResult) {
	type count struct{ n, hit, any int }
	mal := map[string]*count{}
	ben := map[string]*count{}
	var keys []string
	for _, r := range rs {
		m, k := mal, r.l.Language+" | "+r.l.Expected
		benign := r.l.Expected == "benign"
		if benign {
			m, k = ben, r.l.Language
		}
		if m[k] == nil {
			m[k] = &count{}
			if !benign {
				keys = append(keys, k)
			}
		}
		m[k].n++
		if r.hit {
			m[k].hit++
		}
		if len(r.findings) > 0 {
			m[k].any++
		}
	}
	sort.Strings(keys)
	fmt.Fprintln(w, "## Code files")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| language | expected category | reported as expected | any warning or critical |")
	fmt.Fprintln(w, "|---|---|---|---|")
	var all count
	for _, k := range keys {
		c := mal[k]
		fmt.Fprintf(w, "| %s | %s | %s |\n", k, share(c.hit, c.n), share(c.any, c.n))
		all.n, all.hit, all.any = all.n+c.n, all.hit+c.hit, all.any+c.any
	}
	fmt.Fprintf(w, "| **all** | | %s | %s |\n\n", share(all.hit, all.n), share(all.any, all.n))
	var missed []string
	for _, r := range rs {
		if r.l.Expected != "benign" && !r.hit {
			missed = append(missed, r.l.File)
		}
	}
	if len(missed) > 0 {
		fmt.Fprintf(w, "Missed: %s\n\n", strings.Join(missed, ", "))
	}
	fmt.Fprintln(w, "| benign look-alikes | flagged (warning or critical) |")
	fmt.Fprintln(w, "|---|---|")
	langs := make([]string, 0, len(ben))
	for k := range ben {
		langs = append(langs, k)
	}
	sort.Strings(langs)
	var b count
	for _, k := range langs {
		c := ben[k]
		fmt.Fprintf(w, "| %s | %s |\n", k, share(c.any, c.n))
		b.n, b.any = b.n+c.n, b.any+c.any
	}
	fmt.Fprintf(w, "| **all** | %s |\n", share(b.any, b.n))
	var flagged []string
	for _, r := range rs {
		if r.l.Expected == "benign" && len(r.findings) > 0 {
			flagged = append(flagged, r.l.File)
		}
	}
	if len(flagged) > 0 {
		fmt.Fprintf(w, "\nFlagged: %s\n", strings.Join(flagged, ", "))
	}
}

func listCode(w io.Writer, rs []codeResult) {
	for _, r := range rs {
		bad := r.l.Expected == "benign" && len(r.findings) > 0
		missed := r.l.Expected != "benign" && !r.hit
		if !bad && !missed {
			continue
		}
		what := "MISSED"
		if bad {
			what = "FALSE ALARM"
		}
		fmt.Fprintf(w, "%s %s (%s; expected %s %q)\n", what, r.l.File, r.l.Kind, r.l.Expected, r.l.Keywords)
		for _, f := range r.all {
			fmt.Fprintf(w, "  %s %s at line %d: %s\n", f.Severity, f.Category, f.line, f.Description)
		}
	}
}
