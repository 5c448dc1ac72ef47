package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/core/sanitize/sarif"
	"github.com/lore-kb/lore/tui/styles"
)

func (a *app) scanCmd() *cobra.Command {
	var (
		asJSON, asSARIF bool
		baseline        string
		src             sourceFlags
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "scan SOURCE",
		Short:       "Scan a source for hostile content without learning anything",
		Long: `Acquires a file, folder, archive (.zip, .tar, .tar.gz, .tgz), http(s) URL or git
repository and scans every text file in it for prompt injection, hidden
characters, embedded code, external resources, path traversal and binary content
in disguise. Nothing is stored and nothing is written to disk.

Text is recognized by its content (UTF-8, or UTF-16 with a byte order mark,
without NUL bytes), whatever its name: source code in any language, scripts
without an extension and configuration files are scanned like documents
(lore learn reads only the formats it learns from, but its gate judges the
same report). Binaries are named by kind and never read as text: a program
(ELF, PE, Mach-O, WebAssembly, Java class) or the EICAR test file is a
critical embedded-code finding, an archive lore does not open (one nested in an
archive, .gz, .7z, .jar, …) or compiled bytecode a warning, a binary under a
text name a content-type mismatch; images, fonts and PDFs are no finding.
Every archive entry refused by a path rule ('..', absolute path, backslash,
drive letter, NUL, link, case or Unicode-normalization collision) is a critical
path-traversal finding naming the entry and the rule.

What scripts and a skill's instructions do is judged as behaviour: secrets,
the agent's prompt, screenshots, mail or the user's files sent off the
machine, files destroyed, code downloaded or decoded and run, safeguards
switched off, orders the skill's own description has nothing to do with.
Each such finding shows its flow: where the data comes from and where it
goes, with their lines, and how often ("when: after completing any task").

The source flags are lore learn's: given the --scope, --tier and
--max-file-size a learn is given, scan reads and judges exactly the files
that learn reads (a repository's docs/ and README.md when no --scope is
given).

Local sources are HOME (the lighter scan: critical prompt injection, embedded
code, path traversal, content mismatch, bidi controls and tag characters, and
what scripts do); --tier stranger applies the full scan, as for material
downloaded from the network.

--sarif prints the report as a SARIF 2.1.0 log (one result per finding,
one rule per category, each result with a fingerprint that stays the same
when lines are added above it) for code-scanning services and CI.
--baseline FILE takes an earlier --sarif log: the findings it lists are
marked suppressed in a SARIF log and left out of the text and JSON reports,
so a CI job fails only on what is new.

Exit codes: 0 whenever the source could be scanned, whatever it found (with
--json, "passed" is false when the gate would stop it; a source whose every
file or entry was refused is still scanned); 1 when it could not be read (a
damaged archive, a network failure); 2 when SOURCE names nothing lore can read
(a missing path, a lone image), or the baseline is missing or no SARIF log
lore wrote. With --json or --sarif, stdout always holds one JSON object.

` + stdinHelp + stdinTierHelp,
		Example: `  lore scan notes/
  lore scan download.zip --tier stranger --json
  lore scan skills/ --tier stranger --sarif > lore.sarif
  lore scan skills/ --tier stranger --sarif --baseline accepted.sarif`,
		Args: cmdutil.ExactArgs(1, "one SOURCE (a file, folder, archive, URL or git repository)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := src.check(args[0]); err != nil {
				return err
			}
			if asJSON && asSARIF {
				return &core.UsageError{Msg: "--json and --sarif: choose one output"}
			}
			var base map[string]string
			if baseline != "" {
				data, err := os.ReadFile(baseline)
				if err != nil {
					return &core.UsageError{Msg: fmt.Sprintf("--baseline %s: %v", baseline, err)}
				}
				if base, err = sarif.Baseline(data); err != nil {
					return &core.UsageError{Msg: fmt.Sprintf("--baseline %s: %v", baseline, err)}
				}
			}
			opts, err := a.sourceOptions(cmd, src)
			if err != nil {
				return err
			}
			res, err := fromSource(a, cmd, args[0], func(src string) (*engine.ScanResult, error) { return engine.Scan(cmd.Context(), src, opts) })
			if err != nil {
				return err
			}
			root := scanRoot(args[0])
			if asSARIF {
				return cmdutil.WriteJSON(a.Stdout, sarif.New(res.Report, root, version, base))
			}
			if n, bare := sarif.Suppress(&res.Report, root, base); n > 0 {
				res.Report.Passed = res.Report.Count(core.Critical) == 0
				fmt.Fprintf(a.Stderr, "%d finding%s of the baseline %s left out", n, cmdutil.Plural(n), baseline)
				if bare > 0 {
					fmt.Fprintf(a.Stderr, "; %d without a reason (give each a suppressions[0].justification)", bare)
				}
				fmt.Fprintln(a.Stderr)
			}
			if asJSON {
				return cmdutil.WriteJSON(a.Stdout, scanJSON(res))
			}
			return renderScan(a.Stdout, a.Styles(), res)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&asSARIF, "sarif", false, "print a SARIF 2.1.0 log instead of text")
	cmd.Flags().StringVar(&baseline, "baseline", "", "an earlier --sarif log whose findings are left out (or marked suppressed)")
	src.add(cmd)
	return cmd
}

// The --json shape of `lore scan` is a contract other tools rely on.
type scanOut struct {
	Source       string              `json:"source"`
	Tier         core.Familiarity    `json:"tier"`
	Passed       bool                `json:"passed"`
	AutoApproved bool                `json:"autoApproved"`
	Findings     []core.Finding      `json:"findings"`
	Errors       []core.AcquireError `json:"errors"`
}

// scanRoot is the folder a scan's findings are relative to in a SARIF
// log: the source folder, or a file's folder; "" for a URL, a
// repository or standard input.
func scanRoot(source string) string {
	fi, err := os.Stat(source)
	if err != nil {
		return ""
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return ""
	}
	if !fi.IsDir() {
		return filepath.Dir(abs)
	}
	return abs
}

func scanJSON(res *engine.ScanResult) scanOut {
	r := res.Report
	fs := r.Findings
	if fs == nil {
		fs = []core.Finding{}
	}
	return scanOut{Source: r.Source, Tier: r.Tier, Passed: r.Passed, AutoApproved: r.AutoApproved, Findings: fs, Errors: res.Errors}
}

func renderScan(out io.Writer, st styles.Styles, res *engine.ScanResult) error {
	r := res.Report
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s  %s\n", st.Label.Render("source "), r.Source,
		st.Faint.Render(fmt.Sprintf("(%d document%s, tier %s)", len(res.Documents), cmdutil.Plural(len(res.Documents)), r.Tier)))
	summary := sanitize.Summary(r)
	verdict := st.Good.Render(summary)
	if !r.Passed {
		verdict = st.Bad.Render(summary)
	}
	fmt.Fprintf(&b, "%s %s  %s\n", st.Label.Render("summary"), verdict,
		st.Faint.Render(fmt.Sprintf("critical %d · warning %d · info %d", r.Count(core.Critical), r.Count(core.Warning), r.Count(core.Info))))
	fmt.Fprintf(&b, "%s %s\n", st.Label.Render("gate   "), gate.Needs(r))
	for _, sev := range core.Severities {
		n := r.Count(sev)
		if n == 0 {
			continue
		}
		head := fmt.Sprintf("%s (%d)", strings.ToUpper(string(sev)), n)
		if sev == core.Critical {
			head = st.Bad.Render(head)
		} else {
			head = st.Heading.Render(head)
		}
		fmt.Fprintf(&b, "\n%s\n", head)
		for _, c := range core.Categories {
			var fs []core.Finding
			for _, f := range r.Findings {
				if f.Severity == sev && f.Category == c {
					fs = append(fs, f)
				}
			}
			if len(fs) == 0 {
				continue
			}
			fmt.Fprintf(&b, "  %s\n", st.Kind.Render(fmt.Sprintf("%s (%d)", c, len(fs))))
			for _, f := range fs {
				fmt.Fprintf(&b, "    %s  %s\n", f.Location, f.Description)
				if f.Flow != nil {
					fmt.Fprintf(&b, "      %s\n", st.Faint.Render("flow: "+flowText(f.Flow)))
				}
				if f.Evidence != "" {
					fmt.Fprintf(&b, "      %s\n", st.Faint.Render("evidence: "+f.Evidence))
				}
				if f.Recommendation != "" {
					fmt.Fprintf(&b, "      %s\n", st.Faint.Render("→ "+f.Recommendation))
				}
			}
		}
	}
	if len(res.Errors) > 0 {
		fmt.Fprintf(&b, "\n%s\n", st.Heading.Render(fmt.Sprintf("NOT READ (%d)", len(res.Errors))))
		for _, e := range res.Errors {
			fmt.Fprintf(&b, "  %s: %s\n", e.File, e.Reason)
		}
	}
	_, err := io.WriteString(cmdutil.StyledWriter(out), b.String())
	return err
}
