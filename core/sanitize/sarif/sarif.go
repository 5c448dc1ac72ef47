// Package sarif writes a hygiene report as a SARIF 2.1.0 log, the format
// code-scanning services (GitHub, GitLab, Azure DevOps) read, and reads
// one back as a baseline: the findings a person has already judged, which
// a later scan marks suppressed instead of reporting again.
//
// The types are written here: the log lore writes uses a small part of
// SARIF (one run, one rule per category, results with a location and a
// fingerprint), and no SARIF module is among those this project can
// depend on.
package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Schema is the SARIF version and schema a log names.
const (
	Version = "2.1.0"
	Schema  = "https://json.schemastore.org/sarif-2.1.0.json"
	// FingerprintKey names lore's fingerprint among a result's partial
	// fingerprints.
	FingerprintKey = "loreFinding/v1"
)

// Log is a SARIF log with one run.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one tool's results over one source.
type Run struct {
	Tool               Tool                `json:"tool"`
	OriginalURIBaseIDs map[string]Location `json:"originalUriBaseIds,omitempty"`
	Results            []Result            `json:"results"`
	ColumnKind         string              `json:"columnKind"`
	AutomationDetails  *Automation         `json:"automationDetails,omitempty"`
}

// Automation names what the run is about (the source scanned).
type Automation struct {
	ID string `json:"id"`
}

// Tool is lore and its rules.
type Tool struct {
	Driver Driver `json:"driver"`
}

// Driver is lore's description of itself.
type Driver struct {
	Name           string `json:"name"`
	Version        string `json:"version,omitempty"`
	InformationURI string `json:"informationUri,omitempty"`
	Rules          []Rule `json:"rules"`
}

// Rule is one hygiene category.
type Rule struct {
	ID               string   `json:"id"`
	Name             string   `json:"name"`
	ShortDescription Message  `json:"shortDescription"`
	Help             *Message `json:"help,omitempty"`
}

// Message is a text.
type Message struct {
	Text string `json:"text"`
}

// Result is one finding.
type Result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             Message           `json:"message"`
	Locations           []ResultLocation  `json:"locations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Suppressions        []Suppression     `json:"suppressions,omitempty"`
	Properties          *ResultProperties `json:"properties,omitempty"`
}

// ResultProperties carries what SARIF has no field for: lore's own
// severity, its evidence and, for behaviour, the flow.
type ResultProperties struct {
	Severity       core.Severity `json:"lore.severity"`
	Evidence       string        `json:"lore.evidence,omitempty"`
	Recommendation string        `json:"lore.recommendation,omitempty"`
	Flow           *core.Flow    `json:"lore.flow,omitempty"`
}

// Suppression says a result was judged before: it is in the baseline.
type Suppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// ResultLocation is where a result is.
type ResultLocation struct {
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
}

// PhysicalLocation is a file and a region of it.
type PhysicalLocation struct {
	ArtifactLocation Location `json:"artifactLocation"`
	Region           *Region  `json:"region,omitempty"`
}

// Location is a URI, relative to a base when UriBaseID is set.
type Location struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is a line and column, 1-based.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// rules describes each category once, for a code-scanning service's list
// of rules.
var rules = map[core.Category]string{
	core.PromptInjection:     "Instructions that steer the agent or the model reading the text: overrides, role changes, orders a skill has no business giving",
	core.HiddenCharacters:    "Characters a reader does not see: zero-width, bidirectional controls, tag characters, homoglyphs",
	core.EmbeddedCode:        "Code that runs or would run: scripts, event handlers, programs, what a skill's scripts do",
	core.ExternalResources:   "Remote resources loaded or data sent off the machine",
	core.PathTraversal:       "Paths that climb out of the source or reach sensitive files",
	core.ContentTypeMismatch: "Content that is not what its name says",
	core.Secret:              "A credential or personal data written in the source",
}

// New writes r as a SARIF log. root is the folder the findings' files
// are relative to (the source scanned, "" when they are names inside an
// archive or a download); baseline holds the fingerprints of findings
// judged before, which are marked suppressed with the reason the baseline
// gives; version is lore's.
func New(r core.HygieneReport, root, version string, baseline map[string]string) *Log {
	run := Run{
		Tool:              Tool{Driver: Driver{Name: "lore", Version: version, InformationURI: "https://github.com/lore-kb/lore"}},
		Results:           []Result{},
		ColumnKind:        "unicodeCodePoints",
		AutomationDetails: &Automation{ID: "lore-scan/" + r.Source},
	}
	index := map[core.Category]int{}
	for _, c := range append(append([]core.Category{}, core.Categories...), extraCategories(r.Findings)...) {
		if _, ok := index[c]; ok {
			continue
		}
		index[c] = len(run.Tool.Driver.Rules)
		desc := rules[c]
		if desc == "" {
			desc = string(c)
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, Rule{ID: string(c), Name: ruleName(c), ShortDescription: Message{Text: desc}})
	}
	if root != "" {
		run.OriginalURIBaseIDs = map[string]Location{"SRCROOT": {URI: fileURI(root)}}
	}
	fps := Fingerprints(r.Findings, root)
	for i, f := range r.Findings {
		res := Result{
			RuleID:              string(f.Category),
			RuleIndex:           index[f.Category],
			Level:               level(f.Severity),
			Message:             Message{Text: f.Description},
			PartialFingerprints: map[string]string{FingerprintKey: fps[i]},
			Properties:          &ResultProperties{Severity: f.Severity, Evidence: f.Evidence, Recommendation: f.Recommendation, Flow: f.Flow},
		}
		if loc, ok := location(f, root); ok {
			res.Locations = []ResultLocation{loc}
		}
		if why, ok := baseline[fps[i]]; ok {
			if why == "" {
				why = "in the baseline"
			}
			res.Suppressions = []Suppression{{Kind: "external", Justification: why}}
		}
		run.Results = append(run.Results, res)
	}
	return &Log{Schema: Schema, Version: Version, Runs: []Run{run}}
}

func extraCategories(fs []core.Finding) []core.Category {
	var out []core.Category
	for _, f := range fs {
		out = append(out, f.Category)
	}
	return out
}

// ruleName is a category in the PascalCase SARIF's rule names use.
func ruleName(c core.Category) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(string(c), func(r rune) bool { return r == '-' || r == '_' || r == ' ' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

func level(s core.Severity) string {
	switch s {
	case core.Critical:
		return "error"
	case core.Warning:
		return "warning"
	}
	return "note"
}

// locRe is a finding's "file:line:col" location.
var locRe = lazyre.New(`^(.*):(\d+):(\d+)$`)

func location(f core.Finding, root string) (ResultLocation, bool) {
	file := f.File
	var reg *Region
	if m := locRe.FindStringSubmatch(f.Location); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if line > 0 {
			reg = &Region{StartLine: line, StartColumn: max(col, 1)}
		}
		if file == "" {
			file = m[1]
		}
	}
	if file == "" {
		return ResultLocation{}, false
	}
	al := Location{URI: relURI(file, root)}
	if root != "" && !filepath.IsAbs(al.URI) && !strings.Contains(al.URI, ":") {
		al.URIBaseID = "SRCROOT"
	}
	return ResultLocation{PhysicalLocation: PhysicalLocation{ArtifactLocation: al, Region: reg}}, true
}

// relURI is file relative to root, with forward slashes; an archive
// entry ("a.zip!dir/x.md") keeps its name.
func relURI(file, root string) string {
	if root != "" && filepath.IsAbs(file) {
		if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
			if rel == "." {
				rel = filepath.Base(file)
			}
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}

// fileURI is a folder as a file: URI ending in a slash, as SARIF's base
// URIs must.
func fileURI(dir string) string {
	u := filepath.ToSlash(dir)
	if !strings.HasPrefix(u, "/") {
		u = "/" + u
	}
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return "file://" + u
}

// lineRefs are the line numbers a description may quote ("(line 12)"),
// which move when text is added above a finding.
var lineRefs = lazyre.New(`\blines? \d+(?:[-–]\d+)?`)

// Fingerprints returns a fingerprint for each finding that stays the
// same when lines are added above it: its category, its file relative to
// root, its description without line numbers, and how many findings with
// the same three came before it in the report.
func Fingerprints(fs []core.Finding, root string) []string {
	out := make([]string, len(fs))
	seen := map[string]int{}
	for i, f := range fs {
		key := string(f.Category) + "\x00" + relURI(f.File, root) + "\x00" + lineRefs.ReplaceAllString(f.Description, "line N")
		n := seen[key]
		seen[key] = n + 1
		sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
		out[i] = hex.EncodeToString(sum[:16])
	}
	return out
}

// Baseline reads the fingerprints of a SARIF log lore wrote: the findings
// it lists, each of which a later scan marks suppressed, with the reason
// a person gave it (its first suppression's justification, "" for none;
// lore's own "in the baseline" is no reason).
func Baseline(data []byte) (map[string]string, error) {
	var l Log
	if err := json.Unmarshal(data, &l); err != nil {
		return nil, fmt.Errorf("baseline is not a SARIF log: %w", err)
	}
	if l.Version != Version || len(l.Runs) == 0 {
		return nil, fmt.Errorf("baseline is not a SARIF %s log with a run (version %q, %d runs)", Version, l.Version, len(l.Runs))
	}
	out := map[string]string{}
	for _, run := range l.Runs {
		for _, r := range run.Results {
			if fp := r.PartialFingerprints[FingerprintKey]; fp != "" {
				why := ""
				if len(r.Suppressions) > 0 && r.Suppressions[0].Justification != "in the baseline" {
					why = strings.TrimSpace(r.Suppressions[0].Justification)
				}
				out[fp] = why
			}
		}
	}
	if len(out) == 0 && countResults(l) > 0 {
		return nil, fmt.Errorf("baseline's results carry no %s fingerprint: not a log lore wrote", FingerprintKey)
	}
	return out, nil
}

func countResults(l Log) int {
	n := 0
	for _, r := range l.Runs {
		n += len(r.Results)
	}
	return n
}

// Suppress removes from r the findings whose fingerprint is in baseline
// and returns how many it removed and how many of those the baseline
// gives no reason for, for the text and JSON reports, which show only
// what is new.
func Suppress(r *core.HygieneReport, root string, baseline map[string]string) (n, unexplained int) {
	if len(baseline) == 0 {
		return 0, 0
	}
	fps := Fingerprints(r.Findings, root)
	kept := r.Findings[:0:0]
	for i, f := range r.Findings {
		why, ok := baseline[fps[i]]
		if !ok {
			kept = append(kept, f)
		} else if why == "" {
			unexplained++
		}
	}
	n = len(r.Findings) - len(kept)
	r.Findings = kept
	return n, unexplained
}
