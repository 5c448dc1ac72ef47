package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/engine"
)

func (a *app) analyzeCmd() *cobra.Command {
	var (
		asJSON   bool
		domain   string
		allFiles bool
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "analyze SOURCE",
		Short:       "Show a document's structure and the primitives it holds",
		Long: `Reads a document — Markdown, text, LaTeX, PreTeXt, HTML, MediaWiki, Bikeshed (.bs), PDF,
Word (.docx) or EPUB, as lore learn reads them — or every such document of a folder or archive,
and prints its section tree, its content type with the score of each type, the
detected domain and plane position, and the primitives extracted from it with
their dependency edges.
reStructuredText and AsciiDoc sources are read as the Markdown they convert to.
Nothing is learned: the store is not opened.

` + stdinHelp,
		Example: `  lore analyze chapter.tex
  lore analyze notes/ --depth shallow
  lore analyze rfc6455.txt --json | jq '.primitives | length'`,
		Args: cmdutil.ExactArgs(1, "one SOURCE (a file, folder, archive, URL or git repository)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			a.cfg.bindFlag(keyDepth, cmd.Flags().Lookup("depth"))
			a.cfg.bindFlag(keyMaxFileSize, cmd.Flags().Lookup("max-file-size"))
			depth, doms, err := a.analysisSettings(domain)
			if err != nil {
				return err
			}
			ao, err := a.cfg.acquireOptions()
			if err != nil {
				return err
			}
			ao.AllFiles = allFiles
			scan, err := fromSource(a, cmd, args[0], func(src string) (*engine.ScanResult, error) {
				return engine.Scan(cmd.Context(), src, engine.ScanOptions{Acquire: ao})
			})
			if err != nil {
				return err
			}
			a.reportSkipped(scan)
			docs, err := scan.Learnable()
			if err != nil {
				return err
			}
			res, err := engine.Analyze(cmd.Context(), args[0], docs, engine.AnalyzeOptions{Domains: doms, Domain: domain, Depth: depth})
			if err != nil {
				return fmt.Errorf("analyze %s: %w", args[0], err)
			}
			if asJSON {
				out := analyzeJSON(res)
				out.Hygiene = hygieneOf(scan.Report)
				return cmdutil.WriteJSON(a.Stdout, out)
			}
			return renderAnalysis(a.Stdout, a.Styles(), res, &scan.Report)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().StringVar(&domain, "domain", "", "put every primitive in this domain instead of the detected one")
	cmd.Flags().String("depth", "standard", "shallow (no wiring), standard or deep")
	cmd.Flags().Int64("max-file-size", acquire.DefaultMaxFileSize, "largest document read, in bytes")
	cmd.Flags().BoolVar(&allFiles, "all-files", false, allFilesUsage)
	return cmd
}

// analysisSettings reads what analyze and learn share: the depth setting,
// the domain definitions, and a --domain value checked as an id of a
// configured domain (the domains file is how one is added).
func (a *app) analysisSettings(domain string) (core.Depth, []core.Domain, error) {
	depth, err := core.ParseDepth(a.cfg.v.GetString(keyDepth))
	if err != nil {
		return "", nil, err
	}
	doms, err := a.cfg.domains()
	if err != nil {
		return "", nil, err
	}
	if domain != "" {
		if err := core.ValidateID(domain); err != nil {
			return "", nil, &core.UsageError{Msg: "--domain: " + err.Error()}
		}
		if err := checkDomain(domain, doms, false); err != nil {
			return "", nil, err
		}
	}
	return depth, doms, nil
}

// checkDomain refuses a --domain value that is neither configured (built in,
// or added by the domains file) nor, when stored is true, already holding
// stored primitives: reading would show an empty result that hides the typo,
// and learning would file primitives under a domain no skill or search knows.
func checkDomain(domain string, doms []core.Domain, stored bool) error {
	if domain == "" || stored {
		return nil
	}
	known := make([]string, 0, len(doms))
	for _, d := range doms {
		if d.ID == domain {
			return nil
		}
		known = append(known, d.ID)
	}
	return &core.UsageError{Msg: fmt.Sprintf("--domain %q: unknown domain; lore domains lists them: %s", domain, strings.Join(known, ", "))}
}

func (a *app) demoCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "demo",
		Short:       "Analyze the sample chapter embedded in lore",
		Long: `Runs lore analyze on a short graph-theory chapter embedded in the binary, so a
fresh install can be tried without any file at hand.`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			doms, err := a.cfg.domains()
			if err != nil {
				return err
			}
			doc, err := sampleDocument()
			if err != nil {
				return err
			}
			res, err := engine.Analyze(cmd.Context(), doc.Name, []core.Document{*doc}, engine.AnalyzeOptions{Domains: doms, Depth: core.Standard})
			if err != nil {
				return err
			}
			if asJSON {
				return cmdutil.WriteJSON(a.Stdout, analyzeJSON(res))
			}
			return renderAnalysis(a.Stdout, a.Styles(), res, nil)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// The --json shape of `lore analyze` is a contract other tools rely on:
// fields may be added, none renamed or removed.
type analyzeOut struct {
	Source            string                       `json:"source"`
	ContentType       core.ContentType             `json:"contentType"`
	ContentTypeScores map[core.ContentType]float64 `json:"contentTypeScores"`
	Domain            *string                      `json:"domain"`
	Plane             core.PlanePosition           `json:"plane"`
	Sections          []sectionOut                 `json:"sections"`
	Primitives        []primitiveOut               `json:"primitives"`
	Edges             []edgeOut                    `json:"edges"`
	Documents         []documentOut                `json:"documents"`
	// Hygiene summarizes the sanitizer's report (lore scan has the detail).
	Hygiene *hygieneOut `json:"hygiene,omitempty"`
}

type hygieneOut struct {
	Tier         core.Familiarity      `json:"tier"`
	Passed       bool                  `json:"passed"`
	AutoApproved bool                  `json:"autoApproved"`
	Counts       map[core.Severity]int `json:"counts"`
}

func hygieneOf(r core.HygieneReport) *hygieneOut {
	h := &hygieneOut{Tier: r.Tier, Passed: r.Passed, AutoApproved: r.AutoApproved, Counts: map[core.Severity]int{}}
	for _, s := range core.Severities {
		h.Counts[s] = r.Count(s)
	}
	return h
}

// reportSkipped tells on stderr what of a source was not read, so a
// curator never mistakes a partial read for the whole.
func (a *app) reportSkipped(scan *engine.ScanResult) {
	for _, e := range scan.Errors {
		fmt.Fprintf(a.Stderr, "lore: skipped %s: %s\n", e.File, e.Reason)
	}
	if n := len(scan.Ignored); n > 0 {
		fmt.Fprintf(a.Stderr, "lore: ignored %d file%s of types lore does not read (%s)\n", n, cmdutil.Plural(n), extList(scan.Ignored))
	}
}

type sectionOut struct {
	Title    string       `json:"title"`
	Level    int          `json:"level"`
	Offset   int          `json:"offset"`
	Children []sectionOut `json:"children"`
}

type primitiveOut struct {
	ID                string             `json:"id"`
	Name              string             `json:"name"`
	Type              core.PrimitiveType `json:"type"`
	Domain            string             `json:"domain"`
	FormalStatement   string             `json:"formalStatement"`
	ComputationalForm string             `json:"computationalForm"`
	Confidence        float64            `json:"confidence"`
	Plane             core.PlanePosition `json:"plane"`
	Section           string             `json:"section"`
	Keywords          []string           `json:"keywords"`
	SectionTitle      string             `json:"sectionTitle"`
	Document          string             `json:"document"`
	Offset            int                `json:"offset"`
	// Proof is the proof the source gives of a result, when it gives one.
	Proof core.Proof `json:"proof,omitzero"`
}

type edgeOut struct {
	From     string        `json:"from"`
	To       string        `json:"to"`
	Type     core.EdgeType `json:"type"`
	Strength float64       `json:"strength"`
}

type documentOut struct {
	Path string `json:"path"`
	// Title is the document's own title, when it has one.
	Title       string             `json:"title,omitempty"`
	MediaType   string             `json:"mediaType"`
	Bytes       int64              `json:"bytes"`
	SHA256      string             `json:"sha256"`
	ContentType core.ContentType   `json:"contentType"`
	Domain      *string            `json:"domain"`
	Plane       core.PlanePosition `json:"plane"`
}

func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func sectionsOut(ss []*core.Section) []sectionOut {
	out := make([]sectionOut, 0, len(ss))
	for _, s := range ss {
		out = append(out, sectionOut{Title: s.Title, Level: s.Level, Offset: s.Offset, Children: sectionsOut(s.Children)})
	}
	return out
}

func analyzeJSON(res *engine.AnalyzeResult) analyzeOut {
	out := analyzeOut{
		Source:            res.Source,
		ContentType:       res.ContentType,
		ContentTypeScores: res.Scores,
		Domain:            optString(res.Domain),
		Plane:             res.Plane,
		Sections:          []sectionOut{},
		Primitives:        make([]primitiveOut, 0, len(res.Primitives)),
		Edges:             []edgeOut{},
		Documents:         make([]documentOut, 0, len(res.Analyses)),
	}
	if len(res.Analyses) == 1 {
		out.Sections = sectionsOut(res.Analyses[0].Sections)
	} else {
		// Several documents: one level-0 node per document holds its tree.
		for _, an := range res.Analyses {
			out.Sections = append(out.Sections, sectionOut{Title: an.Document.Name, Level: 0, Offset: 0, Children: sectionsOut(an.Sections)})
		}
	}
	for _, an := range res.Analyses {
		d := an.Document
		out.Documents = append(out.Documents, documentOut{Path: d.Path, Title: an.Title, MediaType: d.MediaType, Bytes: d.Bytes, SHA256: d.SHA256,
			ContentType: an.ContentType, Domain: optString(an.Domain), Plane: an.Plane})
	}
	for _, p := range res.Primitives {
		out.Primitives = append(out.Primitives, primitiveOut{
			ID: p.ID, Name: p.Name, Type: p.Type, Domain: p.Domain,
			FormalStatement: p.FormalStatement, ComputationalForm: p.ComputationalForm,
			Confidence: p.Confidence, Plane: p.Plane, Section: p.Section, Keywords: cmdutil.NonNil(p.Keywords),
			SectionTitle: p.Provenance.Section, Document: p.Provenance.Document, Offset: p.Provenance.Offset,
			Proof: p.Proof,
		})
		for _, e := range p.Dependencies {
			out.Edges = append(out.Edges, edgeOut{From: p.ID, To: e.Target, Type: e.Type, Strength: e.Strength})
		}
	}
	return out
}

// extList names the distinct extensions of paths, sorted: ".docx .pdf".
func extList(paths []string) string {
	seen := map[string]bool{}
	var exts []string
	for _, p := range paths {
		e := strings.ToLower(filepath.Ext(p))
		if e == "" {
			e = "no extension"
		}
		if !seen[e] {
			seen[e] = true
			exts = append(exts, e)
		}
	}
	sort.Strings(exts)
	return strings.Join(exts, " ")
}
