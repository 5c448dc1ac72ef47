// Command score measures the skills lore generates for one half of the
// skill-generation evaluation set (eval/skillgen/MANIFEST.tsv). It learns
// every present document of the half into one store, as a user builds a
// library, and scores what the library ends up with.
//
//	go run ./eval/skillgen/score -set dev|held-out [-dir DIR] [-manifest PATH] [-keep DIR] [-json]
//
// The sections of its report:
//   - how-to fidelity: the source's code blocks are in the document's
//     how-to skill, whole;
//   - prerequisites: every program a how-to skill says its commands run is
//     the program of one of its command lines;
//   - checks: the "Check the result" section of a how-to skill says what
//     the source says (a skill with no such section, whose source gives
//     no check lore read, invents none);
//   - knowledge quality: descriptions name no numbered fallback ("Lemma
//     3.2"), triggers are whole words of the sources and not function
//     words, no section is empty; descriptions and body lines that show
//     primitive ids are counted;
//   - evals: every skill carries its evals, and its trigger evals rank it
//     as `lore skills eval` does, against the whole library;
//   - strict validity: `lore skills validate` under the strict profile;
//   - coverage: every document that gave enough primitives for a skill is
//     in one.
//
// Exit status: 0 when every target is met on the half; 1 when one is not
// (the report says which) or on an error (a file whose sha256 differs from
// the manifest, a bad manifest); 2 on bad flags. Absent documents are
// listed, not errors.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/skills/bundle"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/internal/evallearn"
	"github.com/lore-kb/lore/store"
)

// Targets the generator is held to.
const (
	// shouldTarget is the least share of should-trigger queries that rank
	// their skill first.
	shouldTarget = 0.85
	// shouldNotTarget is the largest share of should-not queries that may
	// rank their skill in the top skilllib.EvalTop.
	shouldNotTarget = 0.10
)

type row struct {
	name, repo, commit, path, licence, sha, kind, set, note string
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cache, _ := os.UserCacheDir()
	set := fs.String("set", "", "the half of the set to score: dev or held-out")
	dir := fs.String("dir", filepath.Join(cache, "lore", "eval", "skillgen"), "folder fetch.sh wrote the documents to (NAME.EXT)")
	manifest := fs.String("manifest", filepath.Join("eval", "skillgen", "MANIFEST.tsv"), "the manifest")
	keep := fs.String("keep", "", "write the skills to DIR (empty or absent) instead of a temporary folder")
	asJSON := fs.Bool("json", false, "print one JSON object instead of Markdown")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "score: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if *set != "dev" && *set != "held-out" {
		fmt.Fprintln(stderr, "score: -set must be dev or held-out")
		return 2
	}
	rep, err := score(*manifest, *dir, *set, *keep)
	if err != nil {
		fmt.Fprintln(stderr, "score:", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(stderr, "score:", err)
			return 1
		}
	} else {
		printReport(stdout, rep)
	}
	if !rep.Met {
		return 1
	}
	return 0
}

// readManifest reads the manifest's rows; a missing note column is an
// empty note, since editors drop trailing tabs.
func readManifest(p string) ([]row, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	defer f.Close()
	var rows []row
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "name\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) == 8 {
			c = append(c, "")
		}
		if len(c) != 9 {
			return nil, fmt.Errorf("manifest line %d: %d columns, want 9", n, len(c))
		}
		r := row{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]}
		if r.kind != "howto" && r.kind != "knowledge" {
			return nil, fmt.Errorf("manifest line %d: kind %q, want howto or knowledge", n, r.kind)
		}
		if r.set != "dev" && r.set != "held-out" {
			return nil, fmt.Errorf("manifest line %d: set %q, want dev or held-out", n, r.set)
		}
		if seen[r.name] {
			return nil, fmt.Errorf("manifest line %d: name %q twice", n, r.name)
		}
		seen[r.name] = true
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	return rows, nil
}

// document is one row of the half and what its learn gave.
type document struct {
	row
	file   string
	absent bool
	text   string
	// added is how many primitives the learn added; touched, the skills
	// and agents it wrote (the domain's whole set, regenerated).
	added   int
	touched []string
	domains map[string]bool
	learn   string // why the learn failed ("" when it did not)
}

// base is the document's file name, the form a skill's sources name it by.
func (d *document) base() string { return filepath.Base(d.file) }

// artifact is a generated skill or agent as the store ends up with it.
type artifact struct {
	name, kind, typ, domain string
	desc                    string
	meta                    map[string]string
	main                    string            // SKILL.md or AGENT.md
	mainFile                string            // its path in the folder
	files                   map[string]string // every file, by path in the folder
	sources                 []string          // documents it was built from (file names)
}

func (a *artifact) isHowTo() bool { return a.kind == string(core.SkillArtifact) && a.typ == "how-to" }

func score(manifest, dir, set, keep string) (*Report, error) {
	rows, err := readManifest(manifest)
	if err != nil {
		return nil, err
	}
	// Every present file is checked, the other half's too: a file that
	// drifted from its pin is wrong whichever half is scored.
	var docs []*document
	for _, r := range rows {
		d := &document{row: r, file: filepath.Join(dir, r.name+path.Ext(r.path))}
		if _, err := os.Stat(d.file); errors.Is(err, os.ErrNotExist) {
			d.absent = true
		} else if err != nil {
			return nil, fmt.Errorf("%s: %w", r.name, err)
		} else if err := evallearn.Check(d.file, r.sha, "eval/skillgen/fetch.sh"); err != nil {
			return nil, fmt.Errorf("%s: %w", r.name, err)
		}
		if r.set == set {
			docs = append(docs, d)
		}
	}
	tmp, err := os.MkdirTemp("", "lore-skillgen-")
	if err != nil {
		return nil, fmt.Errorf("temporary folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	skillsDir := filepath.Join(tmp, "skills")
	if keep != "" {
		if ents, err := os.ReadDir(keep); err == nil && len(ents) > 0 {
			return nil, fmt.Errorf("-keep %s: not empty (the scorer validates every skill under it)", keep)
		}
		skillsDir = keep
	}
	st, err := store.Open(filepath.Join(tmp, "store"), store.Options{})
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	defer st.Close()
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		return nil, fmt.Errorf("built-in domains: %w", err)
	}
	for _, d := range docs {
		if d.absent {
			continue
		}
		data, err := os.ReadFile(d.file)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		d.text = string(data)
		if err := learn(st, d, ds, skillsDir); err != nil {
			return nil, err
		}
	}
	arts, err := artifacts(st, docs)
	if err != nil {
		return nil, err
	}
	ids := map[string]bool{}
	if err := st.Primitives(func(p core.Primitive) error { ids[p.ID] = true; return nil }); err != nil {
		return nil, fmt.Errorf("read primitives: %w", err)
	}
	rep := &Report{Set: set, Manifest: manifest, Dir: dir}
	if keep != "" {
		rep.Skills = keep
	}
	for _, d := range docs {
		rep.Documents = append(rep.Documents, DocRow{Name: d.name, Kind: d.kind, Absent: d.absent, Primitives: d.added, Touched: d.touched, LearnError: d.learn})
	}
	for _, a := range arts {
		rep.Artifacts = append(rep.Artifacts, ArtRow{Name: a.name, Kind: a.kind, Type: a.typ, Sources: a.sources})
	}
	rep.Fidelity = scoreFidelity(docs, arts)
	rep.Prerequisites = scorePrerequisites(arts)
	rep.Checks = scoreChecks(docs, arts)
	rep.Knowledge = scoreKnowledge(docs, arts, ids)
	lib := skilllib.New(st, skilllib.Options{OutputDir: skillsDir})
	if rep.Evals, err = scoreEvals(lib, arts); err != nil {
		return nil, err
	}
	if rep.Validity, err = scoreValidity(skillsDir, arts); err != nil {
		return nil, err
	}
	rep.Coverage = scoreCoverage(docs, arts)
	rep.verdict()
	return rep, nil
}

// learn learns d into the library's store, as `lore learn --approve`
// does. The documents are pinned by sha256, so the gate lets through what
// it would otherwise stop for a person. A learn that fails having learned
// nothing is recorded with the document (it then counts against the
// targets it touches); one that learned something stands.
func learn(st *store.Store, d *document, ds []core.Domain, skillsDir string) error {
	opts := engine.LearnOptions{Domains: ds, OutputDir: skillsDir}
	opts.Policy.Approve, opts.Policy.ForceCritical = true, true
	res, err := engine.Learn(context.Background(), st, d.file, opts)
	if err != nil && (res == nil || len(res.Primitives) == 0) {
		d.learn = err.Error()
		if strings.Contains(d.learn, "nothing to learn") {
			d.learn = "nothing to learn (no primitive extracted)"
		}
		return nil
	}
	if res == nil {
		return fmt.Errorf("%s: learn gave no result", d.name)
	}
	d.added = res.Counts.Added
	d.domains = map[string]bool{}
	for _, p := range res.Primitives {
		d.domains[p.Domain] = true
	}
	for _, a := range res.Artifacts {
		d.touched = append(d.touched, a.Name)
	}
	return nil
}

// frontmatter is the part of a generated file's frontmatter the scorer
// reads.
type frontmatter struct {
	Name        string            `yaml:"name"`
	Description string            `yaml:"description"`
	Metadata    map[string]string `yaml:"metadata"`
}

// sourceLine is a reference file's record of where a primitive came from.
var sourceLine = regexp.MustCompile(`(?m)^- Source: (.+)$`)

// artifacts reads the skills and agents the store holds once every
// document is learned: what the library and its folder end up with.
func artifacts(st *store.Store, docs []*document) ([]*artifact, error) {
	stored, err := st.Artifacts()
	if err != nil {
		return nil, fmt.Errorf("read artifacts: %w", err)
	}
	byBase := map[string]*document{}
	for _, d := range docs {
		if !d.absent {
			byBase[d.base()] = d
		}
	}
	var out []*artifact
	for _, s := range stored {
		if s.Kind != core.SkillArtifact && s.Kind != core.AgentArtifact {
			continue
		}
		a := &artifact{name: s.Name, kind: string(s.Kind), domain: s.Domain, files: map[string]string{}}
		for _, f := range s.Files {
			rel := strings.TrimPrefix(f.Path, s.Name+"/")
			a.files[rel] = f.Content
			if rel == "SKILL.md" || rel == "AGENT.md" {
				a.main, a.mainFile = f.Content, rel
			}
		}
		if a.mainFile == "" {
			return nil, fmt.Errorf("artifact %s: no SKILL.md or AGENT.md", s.Name)
		}
		front, _, _, err := skillspec.SplitFrontmatter([]byte(a.main))
		if err != nil {
			return nil, fmt.Errorf("artifact %s: %w", s.Name, err)
		}
		var fm frontmatter
		if err := yaml.Unmarshal([]byte(front), &fm); err != nil {
			return nil, fmt.Errorf("artifact %s: frontmatter: %w", s.Name, err)
		}
		a.desc, a.meta, a.typ = fm.Description, fm.Metadata, fm.Metadata["type"]
		a.sources = builtFrom(a, docs, byBase)
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// builtFrom is the documents a skill was built from: those its metadata's
// sources and its reference files' Source lines name (the metadata names
// at most three). An agent records neither; it is built from its domain's
// primitives, so its documents are those whose learn gave primitives of
// its domain.
func builtFrom(a *artifact, docs []*document, byBase map[string]*document) []string {
	seen := map[string]bool{}
	var out []string
	add := func(name string) {
		b := filepath.Base(strings.TrimSpace(name))
		if _, ok := byBase[b]; ok && !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	for _, s := range strings.Split(a.meta["sources"], ",") {
		add(s)
	}
	for _, f := range sortedKeys(a.files) {
		for _, m := range sourceLine.FindAllStringSubmatch(a.files[f], -1) {
			add(m[1])
		}
	}
	if len(out) == 0 {
		for _, d := range docs {
			if d.domains[a.domain] {
				add(d.file)
			}
		}
	}
	sort.Strings(out)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// --- the report ---

// Report is everything the scorer found; -json prints it as is.
type Report struct {
	Set       string   `json:"set"`
	Manifest  string   `json:"manifest"`
	Dir       string   `json:"dir"`
	Skills    string   `json:"skillsDir,omitempty"`
	Documents []DocRow `json:"documents"`
	Artifacts []ArtRow `json:"artifacts"`

	Fidelity      Fidelity      `json:"fidelity"`
	Prerequisites Prerequisites `json:"prerequisites"`
	Checks        Checks        `json:"checks"`
	Knowledge     Knowledge     `json:"knowledge"`
	Evals         Evals         `json:"evals"`
	Validity      Validity      `json:"validity"`
	Coverage      Coverage      `json:"coverage"`

	// Targets is each target and whether it is met; Met, all of them.
	Targets []Target `json:"targets"`
	Met     bool     `json:"met"`
}

// DocRow is one document of the half and its learn.
type DocRow struct {
	Name       string   `json:"name"`
	Kind       string   `json:"kind"`
	Absent     bool     `json:"absent,omitempty"`
	Primitives int      `json:"primitives"`
	Touched    []string `json:"touched,omitempty"`
	LearnError string   `json:"learnError,omitempty"`
}

// ArtRow is one skill or agent of the library.
type ArtRow struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Type    string   `json:"type"`
	Sources []string `json:"sources"`
}

// Target is one target of the generator.
type Target struct {
	Name string `json:"name"`
	Met  bool   `json:"met"`
	Why  string `json:"why,omitempty"`
}

func (r *Report) verdict() {
	add := func(name string, met bool, why string) {
		if met {
			why = ""
		}
		r.Targets = append(r.Targets, Target{name, met, why})
	}
	f := r.Fidelity
	add("how-to fidelity: every non-output block kept whole", f.Kept == f.Blocks && f.NoSkill == 0,
		fmt.Sprintf("%d of %d blocks kept, %d how-to documents with no skill", f.Kept, f.Blocks, f.NoSkill))
	p := r.Prerequisites
	add("prerequisites are programs the commands run", p.Violations == 0, fmt.Sprintf("%d programs no command runs", p.Violations))
	c := r.Checks
	add("every check is the source's", c.FromSource == c.Skills, fmt.Sprintf("%d of %d checks from the source", c.FromSource, c.Skills))
	k := r.Knowledge
	add("no numbered fallback in a description", k.Numbered == 0, fmt.Sprintf("%d descriptions name one", k.Numbered))
	add("no stopword or fragment trigger", k.Stopwords+k.Fragments == 0, fmt.Sprintf("%d stopword and %d fragment triggers", k.Stopwords, k.Fragments))
	add("no empty section", k.Empty == 0, fmt.Sprintf("%d empty sections", k.Empty))
	e := r.Evals
	add("every skill carries its evals", e.Missing == 0, fmt.Sprintf("%d skills without them", e.Missing))
	add(fmt.Sprintf("≥%.0f%% of should-trigger queries rank their skill first", 100*shouldTarget),
		e.Should > 0 && float64(e.Hits) >= shouldTarget*float64(e.Should), fmt.Sprintf("%d of %d (%s)", e.Hits, e.Should, pct(e.Hits, e.Should)))
	add(fmt.Sprintf("≤%.0f%% of should-not queries rank their skill in the top %d", 100*shouldNotTarget, skilllib.EvalTop),
		float64(e.ShouldNot-e.Clear) <= shouldNotTarget*float64(e.ShouldNot), fmt.Sprintf("%d of %d (%s)", e.ShouldNot-e.Clear, e.ShouldNot, pct(e.ShouldNot-e.Clear, e.ShouldNot)))
	v := r.Validity
	add("every skill strictly valid, with no warning", v.Errors+v.Warnings == 0, fmt.Sprintf("%d errors, %d warnings", v.Errors, v.Warnings))
	g := r.Coverage
	add("coverage: every document with enough primitives is in a skill", len(g.Uncovered) == 0, fmt.Sprintf("%d documents in no skill", len(g.Uncovered)))
	// A half with nothing learned meets no target: every count is of
	// nothing.
	learned, failed := 0, 0
	for _, d := range r.Documents {
		switch {
		case d.LearnError != "":
			failed++
		case !d.Absent:
			learned++
		}
	}
	add("every present document learns", failed == 0 && learned > 0, fmt.Sprintf("%d learns failed, %d documents learned", failed, learned))
	r.Met = true
	for _, t := range r.Targets {
		r.Met = r.Met && t.Met
	}
}

// pct is n of total as a whole percentage, "-" of none.
func pct(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", 100*n/total)
}

// --- a. how-to fidelity ---

// Fidelity is how much of the how-to documents' code the skills keep.
type Fidelity struct {
	Docs []DocFidelity `json:"docs"`
	// Blocks and Kept count the non-output blocks; Output and OutputKept
	// the output blocks, reported apart since a skill shows output only
	// where it is a check. NoSkill counts how-to documents no skill names.
	Blocks     int `json:"blocks"`
	Kept       int `json:"kept"`
	Output     int `json:"output"`
	OutputKept int `json:"outputKept"`
	NoSkill    int `json:"noSkill"`
}

// DocFidelity is one how-to document's blocks.
type DocFidelity struct {
	Doc        string         `json:"doc"`
	Skills     []string       `json:"skills"`
	Blocks     int            `json:"blocks"`
	Kept       int            `json:"kept"`
	Output     int            `json:"output"`
	OutputKept int            `json:"outputKept"`
	Missing    []MissingBlock `json:"missing,omitempty"`
}

// MissingBlock is a block of the source no skill keeps whole.
type MissingBlock struct {
	Line   int    `json:"line"`
	Lang   string `json:"lang"`
	First  string `json:"first"`
	Lines  int    `json:"lines"`
	Found  int    `json:"found"` // lines found in order, gaps allowed
	Output bool   `json:"output,omitempty"`
}

func scoreFidelity(docs []*document, arts []*artifact) Fidelity {
	var f Fidelity
	for _, d := range docs {
		if d.absent || d.kind != "howto" {
			continue
		}
		df := DocFidelity{Doc: d.name}
		var files [][]string
		for _, a := range arts {
			if a.kind != string(core.SkillArtifact) || !slices.Contains(a.sources, d.base()) {
				continue
			}
			df.Skills = append(df.Skills, a.name)
			for _, p := range sortedKeys(a.files) {
				if p == "SKILL.md" || strings.HasPrefix(p, "references/") || strings.HasPrefix(p, "assets/") || strings.HasPrefix(p, "scripts/") {
					files = append(files, strings.Split(a.files[p], "\n"))
				}
			}
		}
		if len(df.Skills) == 0 {
			f.NoSkill++
		}
		for _, b := range codeBlocks(path.Ext(d.file), d.text) {
			lines := blockLines(b.Lines)
			if len(lines) == 0 {
				continue
			}
			kept, found := false, 0
			for _, fl := range files {
				if keptIn(lines, fl) {
					kept = true
					break
				}
				found = max(found, foundInOrder(lines, fl))
			}
			if b.Output {
				df.Output++
			} else {
				df.Blocks++
			}
			switch {
			case kept && b.Output:
				df.OutputKept++
			case kept:
				df.Kept++
			default:
				df.Missing = append(df.Missing, MissingBlock{Line: b.Start, Lang: b.Lang, First: strings.TrimSpace(lines[0]), Lines: len(lines), Found: found, Output: b.Output})
			}
		}
		f.Blocks += df.Blocks
		f.Kept += df.Kept
		f.Output += df.Output
		f.OutputKept += df.OutputKept
		f.Docs = append(f.Docs, df)
	}
	return f
}

// block is a code block of a source document.
type block struct {
	Start  int // 1-based line of its opening
	Lang   string
	Lines  []string
	Output bool
}

// outputLangs are info strings of blocks that show what a command prints.
var outputLangs = map[string]bool{"text": true, "output": true, "plaintext": true, "log": true, "txt": true}

// outputLead is a line that introduces what a command prints.
var outputLead = regexp.MustCompile(`(?i)\b(?:you should see|you will see|you'll see|output|outputs|returns|prints)\b`)

// Hugo pages write code blocks as paired shortcodes with a language too:
// {{< highlight bash >}} … {{< /highlight >}}, {{< codeFromInline
// lang="bash" >}} … {{< /codeFromInline >}}.
var (
	shortcodeOpen  = regexp.MustCompile(`^\s*\{\{[<%]\s*([A-Za-z][\w-]*)\s+(?:[^}]*\blang(?:uage)?\s*=\s*"?([\w+-]+)|"?([\w+-]+))[^}]*[>%]\}\}\s*$`)
	shortcodeClose = regexp.MustCompile(`^\s*\{\{[<%]\s*/\s*([A-Za-z][\w-]*)\s*[>%]\}\}\s*$`)
)

// shortcodeFences is lines with each paired code shortcode written as a
// Markdown fence, so that its block counts like any other.
func shortcodeFences(lines []string) []string {
	out := append([]string(nil), lines...)
	for i := 0; i < len(out); i++ {
		m := shortcodeOpen.FindStringSubmatch(out[i])
		if m == nil || m[2] == "" && m[1] != "highlight" {
			continue
		}
		lang := m[2]
		if lang == "" {
			lang = m[3]
		}
		for j := i + 1; j < len(out); j++ {
			if c := shortcodeClose.FindStringSubmatch(out[j]); c != nil && c[1] == m[1] {
				out[i], out[j] = "```"+lang, "```"
				i = j
				break
			}
		}
	}
	return out
}

// codeBlocks finds the code blocks of a source document by its extension:
// reStructuredText's code-block directives and literal blocks, LaTeX's
// verbatim environments, Markdown's fences (and Hugo's code shortcodes)
// for everything else. Indented
// Markdown blocks are not read: tutorials fence their code, and an
// indented paragraph of a list item would read as one.
func codeBlocks(ext, text string) []block {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var bs []block
	switch strings.ToLower(ext) {
	case ".rst":
		bs = rstBlocks(lines)
	case ".tex":
		bs = texBlocks(lines)
	default:
		bs = fencedBlocks(shortcodeFences(lines))
	}
	for i := range bs {
		if outputLangs[strings.ToLower(bs[i].Lang)] {
			bs[i].Output = true
		}
	}
	return bs
}

// fenceOpen is a Markdown fence's opening line: up to any indentation
// (fences sit inside list items), three or more backticks or tildes, an
// info string.
var fenceOpen = regexp.MustCompile("^([ \t]*)(`{3,}|~{3,})(.*)$")

// isFence reports whether m, a fenceOpen match, opens a fence: a backtick
// fence's info string holds no backtick.
func isFence(m []string) bool {
	return m != nil && (m[2][0] == '~' || !strings.Contains(m[3], "`"))
}

// closesFence reports whether the trimmed line t closes the fence: the
// same character, at least as many, nothing else.
func closesFence(t, fence string) bool {
	return len(t) >= len(fence) && strings.Trim(t, fence[:1]) == ""
}

// fencedBlocks reads Markdown fences as CommonMark does: a fence closes at
// a line of the same character at least as long, and an unclosed one runs
// to the end.
func fencedBlocks(lines []string) []block {
	var bs []block
	lead := ""
	for i := 0; i < len(lines); i++ {
		m := fenceOpen.FindStringSubmatch(lines[i])
		if !isFence(m) {
			if t := strings.TrimSpace(lines[i]); t != "" {
				lead = t
			}
			continue
		}
		fence := m[2]
		b := block{Start: i + 1, Lang: infoLang(m[3]), Output: outputLead.MatchString(lead)}
		j := i + 1
		for ; j < len(lines); j++ {
			if closesFence(strings.TrimSpace(lines[j]), fence) {
				break
			}
			b.Lines = append(b.Lines, lines[j])
		}
		bs = append(bs, b)
		i, lead = j, ""
	}
	return bs
}

// infoLang is the language an info string names: its first word, without
// the braces and dot of the attribute form ("{.python}").
func infoLang(info string) string {
	f := strings.Fields(info)
	if len(f) == 0 {
		return ""
	}
	return strings.TrimPrefix(strings.Trim(f[0], "{}"), ".")
}

var (
	rstDirective = regexp.MustCompile(`^([ \t]*)\.\. (?:code-block|code|sourcecode)::[ \t]*(\S*)`)
	rstOption    = regexp.MustCompile(`^[ \t]*:[A-Za-z-]+:`)
)

// rstBlocks reads reStructuredText's code directives and the literal
// blocks a paragraph ending in "::" introduces: the lines indented deeper
// than the directive or paragraph, after a blank line.
func rstBlocks(lines []string) []block {
	var bs []block
	lead := ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l)
		var lang string
		m := rstDirective.FindStringSubmatch(l)
		switch {
		case m != nil:
			lang = m[2]
		case strings.HasSuffix(t, "::") && !strings.HasPrefix(t, ".."):
		default:
			if t != "" {
				lead = t
			}
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		b := block{Start: i + 1, Lang: lang, Output: outputLead.MatchString(lead) || (m == nil && outputLead.MatchString(t))}
		j := i + 1
		for j < len(lines) && m != nil && rstOption.MatchString(lines[j]) {
			j++
		}
		for ; j < len(lines); j++ {
			lj := lines[j]
			if strings.TrimSpace(lj) != "" && len(lj)-len(strings.TrimLeft(lj, " \t")) <= indent {
				break
			}
			b.Lines = append(b.Lines, lj)
		}
		if len(blockLines(b.Lines)) > 0 {
			bs = append(bs, b)
		}
		i, lead = j-1, ""
	}
	return bs
}

var (
	texBegin    = regexp.MustCompile(`^[ \t]*\\begin\{(verbatim|lstlisting|minted|Verbatim)\}(?:\[([^\]]*)\])?(?:\{([^}]*)\})?`)
	texLanguage = regexp.MustCompile(`language=([^,\]]+)`)
)

// texBlocks reads LaTeX's verbatim, lstlisting and minted environments.
func texBlocks(lines []string) []block {
	var bs []block
	for i := 0; i < len(lines); i++ {
		m := texBegin.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		lang := m[3]
		if lm := texLanguage.FindStringSubmatch(m[2]); lm != nil {
			lang = lm[1]
		}
		b := block{Start: i + 1, Lang: lang}
		j := i + 1
		for ; j < len(lines) && !strings.Contains(lines[j], `\end{`+m[1]+`}`); j++ {
			b.Lines = append(b.Lines, lines[j])
		}
		bs = append(bs, b)
		i = j
	}
	return bs
}

// blockLines is what of a block must be kept: its non-blank lines, trailing
// blanks trimmed, the indentation they share removed.
func blockLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		if l = strings.TrimRight(l, " \t\r"); l != "" {
			out = append(out, l)
		}
	}
	return dedent(out)
}

// dedent removes the leading whitespace every line shares.
func dedent(lines []string) []string {
	prefix := ""
	for i, l := range lines {
		ind := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if i == 0 {
			prefix = ind
			continue
		}
		for !strings.HasPrefix(ind, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l[len(prefix):]
	}
	return out
}

// keptIn reports whether want (a block's lines, as blockLines gives them)
// is a run of consecutive non-blank lines of file, compared with the
// indentation the run shares removed: a skill indents a block under its
// list item and drops blank lines from nothing, so this is the block kept
// whole, wherever the skill put it.
func keptIn(want, file []string) bool {
	have := blockLines(file)
	for i := 0; i+len(want) <= len(have); i++ {
		if strings.TrimSpace(have[i]) != strings.TrimSpace(want[0]) {
			continue
		}
		if slices.Equal(dedent(slices.Clone(have[i:i+len(want)])), want) {
			return true
		}
	}
	return false
}

// foundInOrder counts how many of want's lines file has in order, gaps and
// indentation allowed: for a missing block, whether it was split or
// dropped.
func foundInOrder(want, file []string) int {
	n, j := 0, 0
	for _, w := range want {
		w = strings.TrimSpace(w)
		for j < len(file) && strings.TrimSpace(file[j]) != w {
			j++
		}
		if j == len(file) {
			break
		}
		n++
		j++
	}
	return n
}

// --- b. prerequisites ---

// Prerequisites are how-to skills' named programs no command runs.
type Prerequisites struct {
	Skills     int         `json:"skills"`
	Programs   int         `json:"programs"`
	Violations int         `json:"violations"`
	Missing    []Violation `json:"missing,omitempty"`
}

// Violation is a program a skill names that none of its commands runs.
type Violation struct {
	Skill   string `json:"skill"`
	Program string `json:"program"`
}

// programsLine is how a how-to skill's prerequisites name the programs.
var programsLine = regexp.MustCompile("(?m)^- The commands run (.+): have them installed")

var backticked = regexp.MustCompile("`([^`]+)`")

func scorePrerequisites(arts []*artifact) Prerequisites {
	var p Prerequisites
	for _, a := range arts {
		if !a.isHowTo() {
			continue
		}
		p.Skills++
		progs := namedPrograms(section(a.main, "Prerequisites"))
		runs := map[string]bool{}
		for _, f := range sortedKeys(a.files) {
			for _, c := range commandLines(f, a.files[f]) {
				runs[c] = true
			}
		}
		for _, prog := range progs {
			p.Programs++
			if !runs[prog] {
				p.Violations++
				p.Missing = append(p.Missing, Violation{a.name, prog})
			}
		}
	}
	return p
}

// namedPrograms are the programs a prerequisites section says the commands
// run.
func namedPrograms(sec string) []string {
	var out []string
	for _, m := range programsLine.FindAllStringSubmatch(sec, -1) {
		for _, b := range backticked.FindAllStringSubmatch(m[1], -1) {
			out = append(out, b[1])
		}
	}
	return out
}

var (
	// prompt is a shell prompt before a command: "$ ", "> ", "PS> ", "PS C:\x> ".
	prompt = regexp.MustCompile(`^(?:\$|>|PS>|PS [^>]*>)\s+`)
	envSet = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)
	cmdSep = regexp.MustCompile(`&&|\|\||;|\|`)
)

// commandLines are the programs the command lines of a skill's file run:
// the lines inside a Markdown file's fences, every line of another file
// (a script or a long block the skill moved out). A line's commands are
// split at && || ; and |, and each one's program is its first word after
// a prompt, sudo or env and their flags, and variable assignments; a Windows
// program is named without .exe, one run by its path also by its file name;
// what a command substitution ($(…)) runs counts too.
func commandLines(name, content string) []string {
	var lines []string
	if strings.HasSuffix(name, ".md") {
		for _, b := range fencedBlocks(strings.Split(content, "\n")) {
			lines = append(lines, b.Lines...)
		}
	} else {
		lines = strings.Split(content, "\n")
	}
	var out []string
	for _, l := range lines {
		l = prompt.ReplaceAllString(strings.TrimSpace(l), "")
		// a command substitution is a command: "[ $(uname -m) = x86_64 ]"
		// runs uname
		for _, c := range append(cmdSep.Split(l, -1), strings.Split(l, "$(")[1:]...) {
			f := strings.Fields(c)
			for len(f) > 0 {
				if envSet.MatchString(f[0]) {
					f = f[1:]
					continue
				}
				if f[0] != "sudo" && f[0] != "env" {
					break
				}
				f = f[1:]
				for len(f) > 0 && strings.HasPrefix(f[0], "-") {
					f = f[1:]
				}
			}
			if len(f) > 0 {
				prog := strings.TrimSuffix(f[0], ".exe")
				out = append(out, prog)
				if i := strings.LastIndexByte(prog, '/'); i >= 0 && i < len(prog)-1 {
					out = append(out, prog[i+1:]) // run by its path: "$GOBIN/telemetrygen"
				}
			}
		}
	}
	return out
}

// section is the text under a "## name" heading of a Markdown file, up to
// the next heading of level two or one ("" when there is none).
func section(md, name string) string {
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "## "+name {
			continue
		}
		var b strings.Builder
		for _, m := range lines[i+1:] {
			if strings.HasPrefix(m, "## ") || strings.HasPrefix(m, "# ") {
				break
			}
			b.WriteString(m + "\n")
		}
		return b.String()
	}
	return ""
}

// --- c. checks ---

// Checks is whether how-to skills' checks come from their sources.
type Checks struct {
	Skills     int          `json:"skills"`
	FromSource int          `json:"fromSource"`
	Rows       []SkillCheck `json:"rows"`
}

// SkillCheck is one how-to skill's check section.
type SkillCheck struct {
	Skill string `json:"skill"`
	// FromSource: every sentence and command of it is in a source.
	FromSource bool `json:"fromSource"`
	// NoCheck: the skill says its source gives no check (and quotes the
	// last step, which must be the source's too).
	NoCheck bool `json:"noCheck,omitempty"`
	// First is its first line; NotFound, the pieces no source has.
	First    string   `json:"first,omitempty"`
	NotFound []string `json:"notFound,omitempty"`
}

// The generator's words around a check: the step it is, and the sentence it
// writes when the source gives none.
var (
	checkStep = regexp.MustCompile(`^Step [0-9]+(?: of .+?)?: `)
	procTitle = regexp.MustCompile(`(?m)^### [0-9]+\. (.+)$`)
	// (lore once added "The task is done when the last step (…) completes
	// without an error."; that step is the source's, checked as one)
	noCheck = regexp.MustCompile(`^(?:The source gives no separate check(?: of the result)?\.(?: The task is done when the last step \((.*)\) completes without an error\.)?|No step read from the source checks the result\.)$`)
)

func scoreChecks(docs []*document, arts []*artifact) Checks {
	var c Checks
	norms := map[string]string{}
	for _, d := range docs {
		if !d.absent {
			norms[d.base()] = normalize(d.text)
		}
	}
	for _, a := range arts {
		if !a.isHowTo() {
			continue
		}
		c.Skills++
		var src []string
		for _, s := range a.sources {
			src = append(src, norms[s])
		}
		sc := checkFromSource(a, src)
		if sc.FromSource {
			c.FromSource++
		}
		c.Rows = append(c.Rows, sc)
	}
	return c
}

// checkFromSource judges a how-to skill's check section against the
// normalized texts of its sources.
func checkFromSource(a *artifact, sources []string) SkillCheck {
	sc := SkillCheck{Skill: a.name}
	var titles []string
	for _, m := range procTitle.FindAllStringSubmatch(a.main, -1) {
		titles = append(titles, m[1])
	}
	for _, it := range checkItems(section(a.main, "Check the result")) {
		if sc.First == "" {
			sc.First = it
		}
		if m := noCheck.FindStringSubmatch(it); m != nil {
			sc.NoCheck = true
			it = m[1]
		} else {
			it = stripStep(it, titles)
		}
		for _, p := range checkPieces(it) {
			if !inAny(normalize(p), sources) {
				sc.NotFound = append(sc.NotFound, p)
			}
		}
	}
	// a skill that gives no check invents none
	sc.FromSource = len(sc.NotFound) == 0
	if sc.First == "" {
		sc.NoCheck = true
	}
	return sc
}

// checkItems are a check section's items: its list items, each with its
// continuation lines, or its paragraphs when it has no list.
func checkItems(sec string) []string {
	var items []string
	cur := ""
	flush := func() {
		if t := strings.TrimSpace(cur); t != "" {
			items = append(items, strings.Join(strings.Fields(t), " "))
		}
		cur = ""
	}
	for _, l := range strings.Split(sec, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "- "):
			flush()
			cur = strings.TrimPrefix(l, "- ")
		case t == "":
			flush()
		case strings.HasPrefix(t, "Evals: "):
			flush()
		default:
			cur += " " + t
		}
	}
	flush()
	return items
}

// stripStep removes the generator's "Step N of Title: " from a check item,
// trying the skill's procedure titles first since a title may hold ": ".
func stripStep(it string, titles []string) string {
	for _, t := range titles {
		if rest, ok := strings.CutPrefix(it, "Step "); ok {
			n := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
			if n > 0 {
				if after, ok := strings.CutPrefix(rest[n:], " of "+t+": "); ok {
					return after
				}
			}
		}
	}
	return checkStep.ReplaceAllString(it, "")
}

var sentenceEnd = regexp.MustCompile(`[.!?:;]\s+|…`)

// checkPieces splits a check item into what must be found in a source: its
// inline code spans (commands), and the sentences of the rest, cut also at
// an ellipsis where the generator shortened a step.
func checkPieces(it string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(it, -1) {
		out = append(out, m[1])
	}
	rest := backticked.ReplaceAllString(it, " \x00 ")
	for _, s := range sentenceEnd.Split(rest, -1) {
		// A code span splits a sentence into parts, each the source's.
		for _, part := range strings.Split(s, "\x00") {
			if len(strings.Fields(normalize(part))) >= 2 {
				out = append(out, strings.TrimSpace(part))
			}
		}
	}
	return out
}

var (
	mdImage   = regexp.MustCompile(`!\[([^\]]*)\]\([^)]*\)`)
	mdLink    = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdRefLink = regexp.MustCompile(`\[([^\]]*)\]\[[^\]]*\]`)
	mdLead    = regexp.MustCompile(`(?m)^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|[-*+][ \t]+|[0-9]{1,3}[.)][ \t]+)?`)
	quotes    = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u201c", `"`, "\u201d", `"`, "`", "", "*", "", "_", "")
)

// normalize makes text comparable across Markdown and the generator's
// rewording of layout: links and images become their text, line-leading
// quote, heading and list markers go, emphasis and code marks go, quotes
// are straightened, whitespace is collapsed and case folded, and the
// punctuation at either end is dropped.
func normalize(s string) string {
	s = htmlComment.ReplaceAllString(s, "") // "[“Installation”][installation]<!-- ignore --> section": no text
	s = mdImage.ReplaceAllString(s, "$1")
	s = mdLink.ReplaceAllString(s, "$1")
	s = mdRefLink.ReplaceAllString(s, "$1")
	s = mdLead.ReplaceAllString(s, "")
	s = quotes.Replace(s)
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	return strings.Trim(s, " .,:;!?")
}

// htmlComment is an HTML comment, which a reader does not see.
var htmlComment = regexp.MustCompile(`(?s)<!--.*?-->`)

func inAny(piece string, texts []string) bool {
	for _, t := range texts {
		if strings.Contains(t, piece) {
			return true
		}
	}
	return false
}

// --- d. knowledge ---

// Knowledge is the quality of the knowledge skills and agents.
type Knowledge struct {
	Artifacts int `json:"artifacts"`
	Numbered  int `json:"numbered"`
	Stopwords int `json:"stopwords"`
	Fragments int `json:"fragments"`
	Triggers  int `json:"triggers"`
	Empty     int `json:"empty"`
	// IDDescriptions counts descriptions that show a primitive id,
	// IDLines the body lines of SKILL.md and AGENT.md that do.
	IDDescriptions int            `json:"idDescriptions"`
	IDLines        int            `json:"idLines"`
	Rows           []KnowledgeRow `json:"rows"`
}

// KnowledgeRow is one knowledge skill or agent.
type KnowledgeRow struct {
	Name      string    `json:"name"`
	Kind      string    `json:"kind"`
	Sources   []string  `json:"sources"`
	Numbered  []string  `json:"numbered,omitempty"`
	Triggers  int       `json:"triggers"`
	Stopwords []Trigger `json:"stopwords,omitempty"`
	Fragments []Trigger `json:"fragments,omitempty"`
	Empty     []string  `json:"empty,omitempty"`
	DescIDs   []string  `json:"descriptionIds,omitempty"`
	IDLines   []string  `json:"idLines,omitempty"`
}

// Trigger is a trigger term and where the artifact gives it: "metadata"
// (its frontmatter's triggers) or the body list that shows them to an
// agent.
type Trigger struct {
	Term  string `json:"term"`
	Where string `json:"where"`
}

// numbered is a label the generator falls back to when a result has no
// name of its own.
var numbered = regexp.MustCompile(`\b(?:Lemma|Theorem|Definition|Proposition|Corollary|Example|Exercise|Remark|Axiom|Section|Figure|Table)\s+[0-9A-Z][0-9.]*\b`)

func scoreKnowledge(docs []*document, arts []*artifact, ids map[string]bool) Knowledge {
	var k Knowledge
	texts := map[string]map[string]bool{}
	for _, d := range docs {
		if !d.absent {
			texts[d.base()] = wordSet(d.text)
		}
	}
	for _, a := range arts {
		if a.isHowTo() {
			continue
		}
		k.Artifacts++
		r := KnowledgeRow{Name: a.name, Kind: a.kind, Sources: a.sources}
		r.Numbered = numbered.FindAllString(a.desc, -1)
		var words []map[string]bool
		for _, s := range a.sources {
			words = append(words, texts[s])
		}
		for _, t := range triggers(a) {
			r.Triggers++
			switch {
			case stopTerm(t.Term):
				r.Stopwords = append(r.Stopwords, t)
			case !termInSources(t.Term, words):
				r.Fragments = append(r.Fragments, t)
			}
		}
		_, body, _, _ := skillspec.SplitFrontmatter([]byte(a.main))
		r.Empty = emptySections(body)
		r.DescIDs = idsIn(a.desc, ids)
		for _, l := range strings.Split(body, "\n") {
			if len(idsIn(l, ids)) > 0 {
				r.IDLines = append(r.IDLines, strings.TrimSpace(l))
			}
		}
		if len(r.Numbered) > 0 {
			k.Numbered++
		}
		k.Triggers += r.Triggers
		k.Stopwords += len(r.Stopwords)
		k.Fragments += len(r.Fragments)
		k.Empty += len(r.Empty)
		if len(r.DescIDs) > 0 {
			k.IDDescriptions++
		}
		k.IDLines += len(r.IDLines)
		k.Rows = append(k.Rows, r)
	}
	return k
}

// triggers are an artifact's trigger terms: its metadata's, and the terms
// its body lists for an agent to match (a skill's "Activation Patterns", an
// agent's "Activation" keywords and patterns), each once per place.
func triggers(a *artifact) []Trigger {
	var out []Trigger
	seen := map[Trigger]bool{}
	add := func(term, where string) {
		t := Trigger{strings.TrimSpace(term), where}
		if t.Term != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, t := range strings.Split(a.meta["triggers"], ",") {
		add(t, "metadata")
	}
	for _, name := range []string{"Activation Patterns", "Activation"} {
		for _, l := range strings.Split(section(a.main, name), "\n") {
			if t, ok := strings.CutPrefix(strings.TrimSpace(l), "- "); ok {
				add(t, name)
			}
		}
	}
	return out
}

// stopwords are English function words and the generic verbs that say
// nothing of a subject: a trigger made of one, or beginning or ending with
// one, matches requests about anything.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
a about above after again against all also am an and any are as at be because been
before being below between both but by can cannot could did do does doing down during
each either else ever every few for from further had has have having he her here hers
herself him himself his how however i if in into is it its itself just least less let
like many may me might more most much must my myself neither no nor not now of off on
once one only onto or other others otherwise our ours ourselves out over own per quite
rather same shall she should since so some such than that the their theirs them
themselves then there therefore these they this those though through thus to too under
until up upon us very via was we well were what whatever when where whereas whether
which while who whom whose why will with within without would yet you your yours
yourself yourselves
means mean meant works work worked uses use used using gives give given gets get got
makes make made takes take taken goes go went come comes came says say said see sees
seen shows show shown appear appears appeared become becomes became seem seems seemed
need needs needed want wants keep keeps kept put puts find finds found know knows
known thing things way ways lot lots etc e.g i.e eg ie
`) {
		m[w] = true
	}
	return m
}()

// stopTerm reports whether a trigger term is a stopword, or a phrase that
// begins or ends with one ("status of", "the connection"); a hyphenated
// compound ("client-to-server") is one word.
func stopTerm(term string) bool {
	f := strings.Fields(strings.ToLower(term))
	if len(f) == 0 {
		return false
	}
	return stopwords[f[0]] || stopwords[f[len(f)-1]]
}

var wordRE = regexp.MustCompile(`[\p{L}\p{N}]+`)

func words(s string) []string { return wordRE.FindAllString(strings.ToLower(s), -1) }

// wordSet holds a text's words, lower-cased, and its pairs and triples of
// consecutive words joined by a space, so that a phrase is looked up whole.
func wordSet(s string) map[string]bool {
	ws := words(s)
	m := make(map[string]bool, 3*len(ws))
	for i := range ws {
		m[ws[i]] = true
		if i+1 < len(ws) {
			m[ws[i]+" "+ws[i+1]] = true
		}
		if i+2 < len(ws) {
			m[ws[i]+" "+ws[i+1]+" "+ws[i+2]] = true
		}
	}
	return m
}

// termInSources reports whether a trigger term is whole words of one of
// the sources, consecutive when it has several; each word may differ from
// the source's by a plural ending (s, es, ies). A term of more than three
// words is judged word by word.
func termInSources(term string, sources []map[string]bool) bool {
	tw := words(term)
	if len(tw) == 0 {
		return false
	}
	for _, set := range sources {
		if set == nil {
			continue
		}
		if len(tw) > 3 {
			all := true
			for _, w := range tw {
				all = all && anyForm([]string{w}, set)
			}
			if all {
				return true
			}
			continue
		}
		if anyForm(tw, set) {
			return true
		}
	}
	return false
}

// anyForm reports whether set holds the phrase tw with any of its words in
// singular or plural form.
func anyForm(tw []string, set map[string]bool) bool {
	var try func(i int, acc []string) bool
	try = func(i int, acc []string) bool {
		if i == len(tw) {
			return set[strings.Join(acc, " ")]
		}
		for _, f := range forms(tw[i]) {
			if try(i+1, append(acc, f)) {
				return true
			}
		}
		return false
	}
	return try(0, nil)
}

// forms are a word and its simple plural or singular forms: s; es after
// s, x, z, ch or sh; ies for a final y. The es is held to those endings so
// that a cut stem ("valu", "opcod") does not pass as a word whose plural
// ends in es ("values", "opcodes").
func forms(w string) []string {
	out := []string{w, w + "s"}
	if sibilant(w) {
		out = append(out, w+"es")
	}
	if s, ok := strings.CutSuffix(w, "ies"); ok && s != "" {
		out = append(out, s+"y")
	} else if s, ok := strings.CutSuffix(w, "y"); ok && s != "" {
		out = append(out, s+"ies")
	}
	if s, ok := strings.CutSuffix(w, "es"); ok && sibilant(s) {
		out = append(out, s)
	}
	if s, ok := strings.CutSuffix(w, "s"); ok && s != "" && !strings.HasSuffix(s, "s") {
		out = append(out, s)
	}
	return out
}

// sibilant reports whether a plural of w takes es.
func sibilant(w string) bool {
	for _, e := range []string{"s", "x", "z", "ch", "sh"} {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

var (
	heading     = regexp.MustCompile(`^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$`)
	emptySaying = regexp.MustCompile(`(?i)^(?:[-*][ \t]+)?(?:none(?:\s.*)?|no\s.*\sdefined|n/a)\.?$`)
)

// emptySections are the headings of a Markdown body that head nothing: the
// next heading is of the same or a higher level, or the file ends, with no
// content between; or the only content says there is none ("None.", "No
// dependencies defined."). Lines inside fences are content, not headings.
func emptySections(body string) []string {
	type head struct {
		level   int
		text    string
		content []string
	}
	var hs []*head
	fence := "" // the open fence, "" outside one
	for _, l := range strings.Split(body, "\n") {
		t := strings.TrimSpace(l)
		if fence == "" {
			if m := heading.FindStringSubmatch(l); m != nil {
				hs = append(hs, &head{level: len(m[1]), text: t})
				continue
			}
			if m := fenceOpen.FindStringSubmatch(l); isFence(m) {
				fence = m[2]
			}
		} else if closesFence(t, fence) {
			fence = ""
		}
		if t != "" && len(hs) > 0 {
			hs[len(hs)-1].content = append(hs[len(hs)-1].content, t)
		}
	}
	var out []string
	for i, h := range hs {
		if len(h.content) == 1 && emptySaying.MatchString(h.content[0]) {
			out = append(out, h.text+" ("+h.content[0]+")")
			continue
		}
		if len(h.content) > 0 {
			continue
		}
		// With no content of its own, a heading is empty unless a deeper
		// heading follows it.
		if i+1 == len(hs) || hs[i+1].level <= h.level {
			out = append(out, h.text)
		}
	}
	return out
}

var kebab = regexp.MustCompile(`[a-z0-9]+(?:-[a-z0-9]+)+`)

// idsIn are the primitive ids a text shows.
func idsIn(s string, ids map[string]bool) []string {
	var out []string
	for _, m := range kebab.FindAllString(s, -1) {
		if ids[m] && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// --- e. evals ---

// Evals is whether the skills carry evals and how their trigger evals rank.
type Evals struct {
	Skills  int `json:"skills"`
	Missing int `json:"missing"`
	// AgentsWithout counts agents with no evals files: reported, not held
	// against the target, since the generator gives agents none.
	Agents        int        `json:"agents"`
	AgentsWithout int        `json:"agentsWithout"`
	Pool          int        `json:"pool"`
	Should        int        `json:"should"`
	Hits          int        `json:"hits"`
	ShouldNot     int        `json:"shouldNot"`
	Clear         int        `json:"clear"`
	Rows          []EvalRow  `json:"rows"`
	Absent        []EvalMiss `json:"absent,omitempty"`
}

// EvalRow is one skill's trigger evals.
type EvalRow struct {
	Skill     string   `json:"skill"`
	Should    int      `json:"should"`
	Hits      int      `json:"hits"`
	ShouldNot int      `json:"shouldNot"`
	Clear     int      `json:"clear"`
	Failed    []string `json:"failed,omitempty"`
}

// EvalMiss is a skill without an evals file.
type EvalMiss struct {
	Skill string `json:"skill"`
	File  string `json:"file"`
}

func scoreEvals(lib *skilllib.Library, arts []*artifact) (Evals, error) {
	var e Evals
	for _, a := range arts {
		var miss []string
		for _, f := range []string{skillspec.EvalsFile, skillspec.TriggerEvalsFile} {
			if _, ok := a.files[f]; !ok {
				miss = append(miss, f)
			}
		}
		if a.kind == string(core.AgentArtifact) {
			e.Agents++
			if len(miss) > 0 {
				e.AgentsWithout++
			}
			continue
		}
		e.Skills++
		if len(miss) > 0 {
			e.Missing++
		}
		for _, f := range miss {
			e.Absent = append(e.Absent, EvalMiss{a.name, f})
		}
	}
	rep, err := lib.TriggerEvals(nil)
	if err != nil {
		return e, fmt.Errorf("trigger evals: %w", err)
	}
	e.Pool, e.Should, e.Hits, e.ShouldNot, e.Clear = rep.Pool, rep.Should, rep.Hits, rep.ShouldNot, rep.Clear
	for _, s := range rep.Skills {
		r := EvalRow{Skill: s.Key, Should: s.Should, Hits: s.Hits, ShouldNot: s.ShouldNot, Clear: s.Clear}
		for _, q := range s.Queries {
			if q.Pass {
				continue
			}
			want := "should"
			if !q.ShouldTrigger {
				want = "should not"
			}
			r.Failed = append(r.Failed, fmt.Sprintf("%q (%s): %s", q.Query, want, q.Why(s.Key)))
		}
		e.Rows = append(e.Rows, r)
	}
	return e, nil
}

// --- f. validity ---

// Validity is `lore skills validate`'s verdict under the strict profile.
type Validity struct {
	Skills   int           `json:"skills"`
	Valid    int           `json:"valid"`
	Errors   int           `json:"errors"`
	Warnings int           `json:"warnings"`
	Root     []string      `json:"rootWarnings,omitempty"`
	Rows     []ValidityRow `json:"rows"`
	// Agents counts the agents the validator does not read (it reads
	// SKILL.md files).
	Agents int `json:"agentsNotValidated"`
}

// ValidityRow is one skill's verdict.
type ValidityRow struct {
	Skill    string   `json:"skill"`
	Errors   []string `json:"errors,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

func scoreValidity(dir string, arts []*artifact) (Validity, error) {
	var v Validity
	for _, a := range arts {
		if a.kind == string(core.AgentArtifact) {
			v.Agents++
		}
	}
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return v, nil // nothing was written
	}
	val, err := bundle.Validate(dir, skillspec.Strict)
	if err != nil {
		return v, fmt.Errorf("validate %s: %w", dir, err)
	}
	v.Root = val.Warnings
	v.Warnings += len(val.Warnings)
	for _, s := range val.Skills {
		name := s.Name
		if name == "" {
			name = filepath.Base(filepath.Dir(s.Path))
		}
		r := ValidityRow{Skill: name, Errors: s.Result.Errors, Warnings: s.Result.Warnings}
		v.Skills++
		if len(r.Errors) == 0 && len(r.Warnings) == 0 {
			v.Valid++
		}
		v.Errors += len(r.Errors)
		v.Warnings += len(r.Warnings)
		v.Rows = append(v.Rows, r)
	}
	return v, nil
}

// --- g. coverage ---

// Coverage is whether every document that gave enough primitives for a
// skill is in one.
type Coverage struct {
	// Min is the generator's least number of primitives for a skill.
	Min       int         `json:"min"`
	Eligible  int         `json:"eligible"`
	Covered   int         `json:"covered"`
	Uncovered []Uncovered `json:"uncovered,omitempty"`
}

// Uncovered is a document no skill was built from.
type Uncovered struct {
	Doc        string `json:"doc"`
	Primitives int    `json:"primitives"`
}

func scoreCoverage(docs []*document, arts []*artifact) Coverage {
	c := Coverage{Min: generate.DefaultSkillMinPrimitives}
	for _, d := range docs {
		if d.absent || d.added < c.Min {
			continue
		}
		c.Eligible++
		in := false
		for _, a := range arts {
			in = in || (a.kind == string(core.SkillArtifact) && slices.Contains(a.sources, d.base()))
		}
		if in {
			c.Covered++
		} else {
			c.Uncovered = append(c.Uncovered, Uncovered{d.name, d.added})
		}
	}
	return c
}

// --- printing ---

func esc(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func printReport(w io.Writer, r *Report) {
	fmt.Fprintf(w, "# Generated skills: %s half\n\n", r.Set)
	fmt.Fprintln(w, "| document | kind | primitives | skills and agents its learn wrote |")
	fmt.Fprintln(w, "|---|---|---:|---|")
	for _, d := range r.Documents {
		switch {
		case d.Absent:
			fmt.Fprintf(w, "| %s | %s | absent | |\n", d.Name, d.Kind)
		case d.LearnError != "":
			fmt.Fprintf(w, "| %s | %s | 0 | learn failed: %s |\n", d.Name, d.Kind, esc(d.LearnError))
		default:
			fmt.Fprintf(w, "| %s | %s | %d | %s |\n", d.Name, d.Kind, d.Primitives, strings.Join(d.Touched, ", "))
		}
	}
	fmt.Fprintln(w, "\nThe library:")
	for _, a := range r.Artifacts {
		t := a.Type
		if t == "" {
			t = a.Kind
		}
		fmt.Fprintf(w, "- %s (%s) from %s\n", a.Name, t, strings.Join(a.Sources, ", "))
	}

	f := r.Fidelity
	fmt.Fprintln(w, "\n## a. How-to fidelity")
	fmt.Fprintln(w, "\nEvery fenced code block of a how-to source counts (Markdown ``` and ~~~ fences, reStructuredText code directives and :: blocks, LaTeX verbatim environments; indented Markdown blocks are not read), except output blocks (info string text, output, plaintext, log or txt, or right after a line that says you should see, output, returns or prints), counted apart. A block is kept when its non-blank lines are consecutive non-blank lines of one file of a skill built from the document (SKILL.md, references/, assets/, scripts/), indentation compared relative to the lines' shared indent.")
	fmt.Fprintln(w, "\n| document | skills | blocks kept | output blocks kept |")
	fmt.Fprintln(w, "|---|---|---:|---:|")
	for _, d := range f.Docs {
		sk := strings.Join(d.Skills, ", ")
		if sk == "" {
			sk = "none"
		}
		fmt.Fprintf(w, "| %s | %s | %d/%d | %d/%d |\n", d.Doc, sk, d.Kept, d.Blocks, d.OutputKept, d.Output)
	}
	for _, d := range f.Docs {
		for _, m := range d.Missing {
			kind := "missing"
			if m.Output {
				kind = "output not kept"
			}
			lang := m.Lang
			if lang == "" {
				lang = "no language"
			}
			fmt.Fprintf(w, "- %s line %d (%s, %d lines, %d found in order): %s `%s`\n", d.Doc, m.Line, lang, m.Lines, m.Found, kind, m.First)
		}
	}
	fmt.Fprintf(w, "\nTotal: %d of %d blocks kept whole (%s); %d of %d output blocks; %d how-to documents with no skill.\n", f.Kept, f.Blocks, pct(f.Kept, f.Blocks), f.OutputKept, f.Output, f.NoSkill)

	p := r.Prerequisites
	fmt.Fprintln(w, "\n## b. Prerequisites are programs")
	fmt.Fprintln(w, "\nA program the prerequisites name (\"The commands run `x` and `y`\") must be the first word, after a prompt, sudo and variable assignments, of a command in the skill's code blocks or its other files (a program run by its path, \"$GOBIN/x\", is x; a command substitution, $(x …), is a command).")
	for _, v := range p.Missing {
		fmt.Fprintf(w, "- %s: `%s` is no command's program\n", v.Skill, v.Program)
	}
	fmt.Fprintf(w, "\nTotal: %d programs named by %d how-to skills, %d run by no command.\n", p.Programs, p.Skills, p.Violations)

	c := r.Checks
	fmt.Fprintln(w, "\n## c. The check is the source's")
	fmt.Fprintln(w, "\nEach sentence and command of \"Check the result\" (without the generator's \"Step N of …:\"), normalized, must be in a source of the skill.")
	fmt.Fprintln(w, "\n| skill | from the source |")
	fmt.Fprintln(w, "|---|---|")
	for _, s := range c.Rows {
		v := "yes"
		if s.NoCheck {
			v = "yes (the skill says the source gives no check)"
		}
		if !s.FromSource {
			v = "no: " + esc(s.First) + " — not found: " + esc(strings.Join(s.NotFound, " · "))
		}
		fmt.Fprintf(w, "| %s | %s |\n", s.Skill, v)
	}
	fmt.Fprintf(w, "\nTotal: %d of %d checks from the source.\n", c.FromSource, c.Skills)

	k := r.Knowledge
	fmt.Fprintln(w, "\n## d. Knowledge quality")
	fmt.Fprintln(w, "\nKnowledge skills and agents. Triggers are the metadata's and the body's activation lists; a stopword trigger is a function word or generic verb, or a phrase beginning or ending with one; a fragment is not whole words of the skill's sources (plural s/es/ies allowed).")
	fmt.Fprintln(w, "\n| artifact | numbered fallbacks | stopword triggers | fragment triggers | empty sections | ids in description | body lines with ids |")
	fmt.Fprintln(w, "|---|---|---|---|---|---:|---:|")
	for _, a := range k.Rows {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %d | %d |\n", a.Name, esc(strings.Join(a.Numbered, ", ")), esc(terms(a.Stopwords)), esc(terms(a.Fragments)), esc(strings.Join(a.Empty, ", ")), len(a.DescIDs), len(a.IDLines))
	}
	for _, a := range k.Rows {
		for i, l := range a.IDLines {
			if i == 3 {
				fmt.Fprintf(w, "- %s: and %d more lines with ids\n", a.Name, len(a.IDLines)-3)
				break
			}
			fmt.Fprintf(w, "- %s: `%s`\n", a.Name, clip(l, 140))
		}
	}
	fmt.Fprintf(w, "\nTotal: %d artifacts; %d descriptions with a numbered fallback; %d of %d triggers stopwords, %d fragments; %d empty sections; %d descriptions and %d body lines with primitive ids.\n",
		k.Artifacts, k.Numbered, k.Stopwords, k.Triggers, k.Fragments, k.Empty, k.IDDescriptions, k.IDLines)

	e := r.Evals
	fmt.Fprintln(w, "\n## e. Evals")
	fmt.Fprintf(w, "\nTrigger evals ranked against the library (%d skills) as `lore skills eval` ranks them.\n\n", e.Pool)
	for _, m := range e.Absent {
		fmt.Fprintf(w, "- %s: no %s\n", m.Skill, m.File)
	}
	if len(e.Absent) > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "| skill | should-trigger first | should-not outside the top 3 |")
	fmt.Fprintln(w, "|---|---:|---:|")
	for _, s := range e.Rows {
		fmt.Fprintf(w, "| %s | %d/%d | %d/%d |\n", s.Skill, s.Hits, s.Should, s.Clear, s.ShouldNot)
	}
	for _, s := range e.Rows {
		for _, q := range s.Failed {
			fmt.Fprintf(w, "- %s: %s\n", s.Skill, esc(q))
		}
	}
	fmt.Fprintf(w, "\nTotal: %d of %d skills carry their evals (%d of %d agents carry none, not counted); %d/%d should-trigger rank first (%s, target ≥%.0f%%); %d/%d should-not rank in the top %d (%s, target ≤%.0f%%).\n",
		e.Skills-e.Missing, e.Skills, e.AgentsWithout, e.Agents, e.Hits, e.Should, pct(e.Hits, e.Should), 100*shouldTarget,
		e.ShouldNot-e.Clear, e.ShouldNot, skilllib.EvalTop, pct(e.ShouldNot-e.Clear, e.ShouldNot), 100*shouldNotTarget)

	v := r.Validity
	fmt.Fprintln(w, "\n## f. Strict validity")
	fmt.Fprintln(w)
	for _, m := range v.Root {
		fmt.Fprintf(w, "- warning: %s\n", m)
	}
	for _, s := range v.Rows {
		for _, m := range s.Errors {
			fmt.Fprintf(w, "- %s error: %s\n", s.Skill, m)
		}
		for _, m := range s.Warnings {
			fmt.Fprintf(w, "- %s warning: %s\n", s.Skill, m)
		}
	}
	fmt.Fprintf(w, "\nTotal: %d of %d skills valid under the strict profile with no warning; %d errors, %d warnings (%d agents: the validator reads SKILL.md files only).\n", v.Valid, v.Skills, v.Errors, v.Warnings, v.Agents)

	g := r.Coverage
	fmt.Fprintln(w, "\n## g. Coverage")
	fmt.Fprintln(w)
	for _, u := range g.Uncovered {
		fmt.Fprintf(w, "- %s: %d primitives, in no skill\n", u.Doc, u.Primitives)
	}
	fmt.Fprintf(w, "\nTotal: %d of %d documents with at least %d primitives are in a skill.\n", g.Covered, g.Eligible, g.Min)

	fmt.Fprintln(w, "\n## Verdict")
	fmt.Fprintln(w)
	for _, t := range r.Targets {
		mark := "met"
		if !t.Met {
			mark = "NOT met: " + t.Why
		}
		fmt.Fprintf(w, "- %s: %s\n", t.Name, mark)
	}
	if r.Met {
		fmt.Fprintln(w, "\nEvery target is met.")
	} else {
		fmt.Fprintln(w, "\nNot every target is met.")
	}
}

func terms(ts []Trigger) string {
	var out []string
	for _, t := range ts {
		s := t.Term
		if t.Where != "metadata" {
			s += " (" + t.Where + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
