package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/store/postgres"
	"github.com/lore-kb/lore/tui/styles"
)

// The library commands: everything under `lore skills` that reads or
// changes the stored skill library (validate, which reads files only, is in
// skills.go). What they ask of the library is core/skills/library's; these
// commands read flags and configuration and print.

// now is the library's clock, one place so every command dates the same way.
func now() time.Time { return time.Now().UTC() }

// library is the skill library over st, with lore's output folder and
// clock; opts brings what a command configures (policy, thresholds).
func (a *app) library(st skilllib.Store, opts skilllib.Options) *skilllib.Library {
	opts.OutputDir, opts.LibraryDir, opts.Now = a.cfg.outputDir(), a.libraryDir(), now
	if db, ok := st.(*store.Store); ok && a.held != nil && a.reading && db == a.held.db {
		opts.Ranks = &a.held.ranks
		return skilllib.New(readLibrary{db, a.held}, opts)
	}
	return skilllib.New(st, opts)
}

// libraryDir is where the library keeps a folder per offered skill, the
// SKILL.md files the prompt block's <location> names: <data_dir>/library.
func (a *app) libraryDir() string {
	return filepath.Join(a.cfg.dataDir(), "library")
}

// offering is the library over db under the configured consumer policy,
// for the commands that decide what a consumer is offered. The policy is
// read once the store is open, as those commands always have.
func (a *app) offering(st skilllib.Store) (*skilllib.Library, error) {
	pol, err := a.cfg.skillPolicy()
	if err != nil {
		return nil, err
	}
	return a.library(st, skilllib.Options{Policy: pol}), nil
}

// fromLibrary runs one query or change on the library, with the store
// opened as mode asks; the command prints the result once it is closed.
func fromLibrary[T any](a *app, mode access, fn func(lib *skilllib.Library) (T, error)) (T, error) {
	return fromSkills(a, mode, func(st skilllib.Store) (T, error) {
		return fn(a.library(st, skilllib.Options{}))
	})
}

// fromSkills runs fn on the store of the skill library: the data
// folder's, opened as mode asks, or with store.url the default
// workspace's in PostgreSQL, where a change is made in the workspace's
// write turn, as the API makes it (a library change reads the records it
// replaces).
func fromSkills[T any](a *app, mode access, fn func(st skilllib.Store) (T, error)) (T, error) {
	if a.onPostgres() {
		return fromPG(a, context.Background(), mode == writable, func(st *postgres.Store) (T, error) { return fn(st) })
	}
	return fromStore(a, mode, func(db *store.Store) (T, error) { return fn(db) })
}

// --- list and show ---

type skillRow struct {
	Key        string  `json:"key"`
	Name       string  `json:"name"`
	Status     string  `json:"status"`
	Source     string  `json:"source"`
	TaskType   string  `json:"taskType"`
	Negative   bool    `json:"negative"`
	Version    int     `json:"version"`
	Uses       int     `json:"uses"`
	Successes  int     `json:"successes"`
	Helpful    int     `json:"helpful"`
	Harmful    int     `json:"harmful"`
	LastUsed   string  `json:"lastUsed,omitempty"`
	Decay      float64 `json:"decay"`
	Stale      string  `json:"stale,omitempty"`
	Note       string  `json:"note,omitempty"`
	Desc       string  `json:"description"`
	Resources  int     `json:"resources"`
	MergedFrom int     `json:"mergedFrom"`
	// Critical: the scan of its content found something critical, so it
	// is promoted only with --ack-critical.
	Critical bool `json:"critical"`
}

func row(s *skills.Skill, at time.Time) skillRow {
	v := s.View("")
	r := skillRow{
		Key: s.Key, Name: s.Name, Status: string(s.Status), Source: string(s.Source), TaskType: string(s.TaskType),
		Negative: s.Negative, Version: s.Version, Uses: s.Uses, Successes: s.Successes, Helpful: s.Helpful,
		Harmful: s.Harmful, Decay: search.Decay(v, at), Stale: search.Staleness(v, at, 0), Note: s.Note,
		Desc: s.Description, Resources: len(s.Files), MergedFrom: len(s.Lineage.MergedFrom), Critical: s.Critical(),
	}
	if !s.LastUsed.IsZero() {
		r.LastUsed = s.LastUsed.Format(time.RFC3339)
	}
	return r
}

// rows are the rows of lib, their decay measured at one moment.
func rows(lib []*skills.Skill) []skillRow {
	at := now()
	out := make([]skillRow, len(lib))
	for i, s := range lib {
		out[i] = row(s, at)
	}
	return out
}

// skillRows is the --json shape of lore skills list and of the review
// queue.
type skillRows struct {
	Skills []skillRow `json:"skills"`
}

func (a *app) skillsListCmd() *cobra.Command {
	var (
		asJSON               bool
		status, ns, consumer string
	)
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the skill library",
		Long: `Lists every skill in the library: learned (generated by lore learn, or negative
skills from reported failures), imported (lore skills import) and written with
lore skills warn, with status, source, task type, version, usage, feedback and
decay. Generated skills start as drafts; lore skills review promotes them.

--status draft|active|archived keeps one status, --namespace one namespace,
and --consumer the skills that consumer may see (skills.consumers in the
configuration), whatever their status.`,
		Args:        noArgs,
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.viaAPI() {
				if err := onlyFlags(cmd, "status", "consumer", "json"); err != nil {
					return err
				}
				return a.remoteSkillsList(cmd.Context(), status, consumer, asJSON)
			}
			f := skilllib.Filter{Namespace: ns}
			if status != "" {
				if !slices.Contains([]skills.Status{skills.Draft, skills.Active, skills.Archived}, skills.Status(status)) {
					return &core.UsageError{Msg: fmt.Sprintf("--status %q: use draft, active or archived", status)}
				}
				f.Status = []skills.Status{skills.Status(status)}
			}
			var pol *scope.Policy
			if cmd.Flags().Changed("consumer") {
				var err error
				if pol, err = a.cfg.skillPolicy(); err != nil {
					return err
				}
			}
			sel, err := fromLibrary(a, readOnly, func(lib *skilllib.Library) (skilllib.Listing, error) { return lib.List(f) })
			if err != nil {
				return err
			}
			if pol != nil {
				who := strings.ToLower(consumer)
				sel.Skills = slices.DeleteFunc(sel.Skills, func(s *skills.Skill) bool { return !pol.Visible(who, s.Key) })
			}
			rs := rows(sel.Skills)
			return a.output(asJSON, skillRows{rs}, func(b *strings.Builder) { a.writeSkillRows(b, rs, sel.Total) })
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().StringVar(&status, "status", "", "only skills with this status: draft, active or archived")
	cmd.Flags().StringVar(&ns, "namespace", "", "only skills of this namespace")
	cmd.Flags().StringVar(&consumer, "consumer", "", "only the skills this consumer may see")
	return cmd
}

// writeSkillRows lists rows, of total skills in the library.
func (a *app) writeSkillRows(b *strings.Builder, rows []skillRow, total int) {
	st := a.styles()
	if total == 0 {
		b.WriteString("The skill library is empty. lore learn generates skills; lore skills import adds existing ones.\n")
	}
	for _, r := range rows {
		status := r.Status
		switch r.Status {
		case string(skills.Active):
			status = st.Good.Render(status)
		case string(skills.Draft):
			status = st.Severity.Warning.Render(status)
		default:
			status = st.Faint.Render(status)
		}
		neg := ""
		if r.Negative {
			neg = st.Bad.Render(" warning")
		}
		fmt.Fprintf(b, "%-8s %s%s %s\n", status, r.Key, neg,
			st.Faint.Render(fmt.Sprintf("%s · %s · v%d · %d use%s · +%d −%d", r.Source, r.TaskType, r.Version, r.Uses, plural(r.Uses), r.Helpful, r.Harmful)))
		fmt.Fprintf(b, "         %s\n", truncateRunes(r.Desc, 110))
		if r.Stale != "" {
			fmt.Fprintf(b, "         %s %s\n", st.Severity.Warning.Render("stale:"), r.Stale)
		}
	}
	if total > 0 {
		fmt.Fprintf(b, "%s\n", st.Faint.Render(fmt.Sprintf("%d of %d skill%s", len(rows), total, plural(total))))
	}
}

// truncateRunes is truncate on s with its white space runs made single
// spaces, for descriptions that may span lines.
func truncateRunes(s string, n int) string {
	return truncate(strings.Join(strings.Fields(s), " "), n)
}

func (a *app) skillsShowCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show NAME",
		Short: "Show one skill's record: status, provenance, findings, lineage, versions",
		Long: `Shows a skill's whole record except its body and resources (lore skills activate
prints those): status and its last note, source and provenance, task type and
decay, usage and feedback, failure signatures, lineage (merged skills, source
hashes, origin), what the scanner found in an imported skill's files when it
was imported (counts by severity, then each finding: severity, category,
place relative to the skill's folder, description, and for code the path
from source to sink) and the versions kept for lore skills rollback. --json
prints the record, its findings included ("findings": [{"file", "category",
"severity", "description", "location", "evidence", "recommendation",
"flow"?}], absent when there are none).

NAME is a key (ns.id) or an id; a bare id means public.<id>, or the one
namespace that has it.`,
		Args:        exactArgs(1, "one skill NAME"),
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.viaAPI() {
				return a.remoteSkillsShow(cmd.Context(), args[0], asJSON)
			}
			s, err := fromLibrary(a, readOnly, func(lib *skilllib.Library) (*skills.Skill, error) { return lib.Get(args[0]) })
			if err != nil {
				return err
			}
			return a.output(asJSON, withoutBodies(s), func(b *strings.Builder) { a.writeSkill(b, s) })
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the record as JSON (without body and resources)")
	return cmd
}

// withoutBodies is s as lore skills show --json prints it: the record
// without what an agent reads (instructions and resources, its own and
// those of its versions), which lore skills activate prints.
func withoutBodies(s *skills.Skill) skills.Skill {
	c := *s
	c.Instructions = ""
	c.Files = nil
	c.History = slices.Clone(c.History)
	for i := range c.History {
		c.History[i].Content = skills.Content{Name: c.History[i].Content.Name, Description: c.History[i].Content.Description}
	}
	return c
}

// writeSkill describes one skill's record.
func (a *app) writeSkill(b *strings.Builder, s *skills.Skill) {
	st := a.styles()
	at := now()
	r := row(s, at)
	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(b, "%s %s\n", st.Label.Render(fmt.Sprintf("%-11s", label)), value)
		}
	}
	line("key", s.Key)
	line("status", string(s.Status)+noteSuffix(s.Note))
	line("description", s.Description)
	src := string(s.Source)
	if p := s.Provenance; p.Session != "" || p.Document != "" || p.Domain != "" || p.By != "" || p.User != "" || p.Agent != "" {
		var parts []string
		for _, kv := range [][2]string{{"domain", p.Domain}, {"session", p.Session}, {"from", p.Document}, {"by", p.By},
			{"user", p.User}, {"agent", p.Agent}, {"agent session", p.AgentSession}} {
			if kv[1] != "" {
				parts = append(parts, kv[0]+" "+kv[1])
			}
		}
		src += " (" + strings.Join(parts, ", ") + ")"
	}
	line("source", src)
	if s.Visibility == skills.User {
		line("visibility", "user: "+orUnknown(s.Owner)+"'s own until a reviewer promotes it to the workspace")
	}
	kind := string(s.TaskType)
	if s.Negative {
		kind += ", negative (offered as a warning)"
	}
	line("task type", fmt.Sprintf("%s · decay %.2f (half-life %g days)", kind, r.Decay, search.HalfLife(s.TaskType)))
	line("stale", r.Stale)
	// Failures counts failed uses and reported failures alike, so it is
	// not a part of the uses.
	line("usage", fmt.Sprintf("%d use%s, %d succeeded; %d failure%s (failed uses and reports); last used %s",
		s.Uses, plural(s.Uses), s.Successes, s.Failures, plural(s.Failures), orNever(r.LastUsed)))
	line("feedback", fmt.Sprintf("%d helpful, %d harmful (factor %.2f)", s.Helpful, s.Harmful, search.Feedback(s.Helpful, s.Harmful)))
	if len(s.FailureSignatures) > 0 {
		sigs := make([]string, 0, len(s.FailureSignatures))
		for sig, n := range s.FailureSignatures {
			sigs = append(sigs, fmt.Sprintf("%d× %s", n, sig))
		}
		slices.Sort(sigs)
		line("failures", strings.Join(sigs, "\n            "))
	}
	if n := len(s.Outcomes); n > 0 {
		// The newest few: the notes are stored cleaned (redacted, hidden
		// characters spelled out), and --json carries them all.
		var notes []string
		for _, o := range slices.Backward(s.Outcomes[max(0, n-5):]) {
			what := "failed"
			if o.Success {
				what = "succeeded"
			}
			extra := ""
			if len(o.Findings) > 0 {
				extra = st.Severity.Warning.Render(fmt.Sprintf(" (%d finding%s in the note)", len(o.Findings), plural(len(o.Findings))))
			}
			notes = append(notes, fmt.Sprintf("%s %s: %s%s", o.At.Format(time.DateTime), what, truncateRunes(o.Note, 200), extra))
		}
		line("notes", strings.Join(notes, "\n            "))
	}
	line("extends", s.Extends)
	line("imports", strings.Join(s.Imports, ", "))
	line("queries", strings.Join(s.ExampleQueries, " · "))
	line("tools", strings.Join(s.SuggestedTools, ", "))
	line("resources", strings.Join(resourcePaths(s), ", "))
	line("merged from", strings.Join(s.Lineage.MergedFrom, ", "))
	line("origin", s.Lineage.Origin)
	var allowed []string
	for _, al := range s.Allowed {
		what := fmt.Sprintf("%s by %s, %s", al.Consumer, orUnknown(al.By), al.At.Format(time.DateTime))
		if al.Hash != s.Hash {
			what += " (for an earlier content: it asks again)"
		}
		allowed = append(allowed, what)
	}
	line("allowed", strings.Join(allowed, "\n            "))
	writeSkillFindings(b, st, s)
	line("hash", s.Hash)
	vs := []string{fmt.Sprintf("v%d current, %s", s.Version, s.Updated.Format(time.DateTime))}
	for _, v := range slices.Backward(s.History) {
		vs = append(vs, fmt.Sprintf("v%d %s (replaced: %s)", v.Number, v.At.Format(time.DateTime), v.Reason))
	}
	line("versions", strings.Join(vs, "\n            "))
	line("created", s.Created.Format(time.DateTime))
}

// writeSkillFindings lists the findings kept with a skill (for an import:
// the scanner's, each span of secrets or personal data, the skill check's,
// the set its approval showed): the counts by severity, then each finding
// with its place relative to the skill's folder, for code the path from
// source to sink, and its excerpt. Hidden characters in what the files
// said are spelled out.
func writeSkillFindings(b *strings.Builder, st styles.Styles, s *skills.Skill) {
	if len(s.Findings) == 0 {
		return
	}
	counts := map[core.Severity]int{}
	for _, f := range s.Findings {
		counts[f.Severity]++
	}
	var parts []string
	for _, sev := range core.Severities {
		if counts[sev] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[sev], sev))
		}
	}
	fmt.Fprintf(b, "%s %s %s\n", st.Label.Render(fmt.Sprintf("%-11s", "findings")), strings.Join(parts, " · "), st.Faint.Render("(scanned "+skilllib.ScannedWhen(s)+")"))
	const indent = "            "
	vis := func(x string) string { return text.Visible(x, text.InText) }
	for _, f := range s.Findings {
		sev := fmt.Sprintf("%-8s", f.Severity)
		if f.Severity == core.Critical {
			sev = st.Bad.Render(sev)
		}
		fmt.Fprintf(b, "%s%s %s  %s  %s\n", indent, sev, st.Kind.Render(string(f.Category)), vis(s.FindingPlace(f)), vis(f.Description))
		if fl := f.Flow; fl != nil {
			fmt.Fprintf(b, "%s         %s\n", indent, st.Faint.Render("flow: "+flowText(fl)))
		}
		// The excerpt the gate and the Skills screen show, as lore scan
		// prints it: already spelled out, secrets replaced.
		if f.Evidence != "" {
			fmt.Fprintf(b, "%s         %s\n", indent, st.Faint.Render("evidence: "+vis(f.Evidence)))
		}
	}
}

func noteSuffix(note string) string {
	if note == "" {
		return ""
	}
	return " — " + note
}

func orNever(s string) string {
	if s == "" {
		return "never"
	}
	return s
}

func resourcePaths(s *skills.Skill) []string {
	out := make([]string, len(s.Files))
	for i, f := range s.Files {
		out[i] = f.Path
	}
	return out
}

// --- activation, search and the prompt block ---

// activateOut is the --json shape of lore skills activate.
type activateOut struct {
	Key          string        `json:"key"`
	Name         string        `json:"name"`
	Status       string        `json:"status"`
	Negative     bool          `json:"negative"`
	Location     string        `json:"location"`
	Instructions string        `json:"instructions"`
	Resources    []resourceOut `json:"resources"`
	Description  string        `json:"description"`
	TaskType     string        `json:"taskType"`
	// Decay and Stale are the ranking's: how much the skill has faded
	// since it was last used, and a warning once it has faded below a
	// quarter.
	Decay float64 `json:"decay"`
	Stale string  `json:"stale,omitempty"`
	// Allowed says a person allowed the --consumer to activate the skill
	// as it is without asking its user (lore skills allow).
	Allowed bool `json:"allowed"`
}

type resourceOut struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
}

func (a *app) skillsActivateCmd() *cobra.Command {
	var (
		asJSON   bool
		consumer string
	)
	cmd := &cobra.Command{
		Use:   "activate NAME",
		Short: "Print a skill's instructions and its resource list (progressive disclosure)",
		Long: `Prints what an agent reads when it decides to use a skill: the SKILL.md body,
then the list of its resource files (references/, scripts/, assets/, ...) with
their sizes, which the agent opens only when it needs them. Nothing is executed.
A negative skill is printed under a warning line.

Activation is not counted as a use; report the outcome with lore skills used.

With --consumer, only a skill offered to that consumer is activated: an active
one its visibility rules (skills.consumers) let it see; any other is refused
as if unknown to it (exit 2), which is how agents get skills.`,
		Args: exactArgs(1, "one skill NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			offeredOnly := cmd.Flags().Changed("consumer")
			act, err := fromSkills(a, readOnly, func(db skilllib.Store) (skilllib.Activation, error) {
				if !offeredOnly {
					return a.library(db, skilllib.Options{}).Activate(args[0])
				}
				lib, err := a.offering(db)
				if err != nil {
					return skilllib.Activation{}, err
				}
				return lib.ActivateOffered(args[0], consumer)
			})
			if err != nil {
				return err
			}
			s := act.Skill
			if asJSON {
				at := now()
				v := s.View("")
				out := activateOut{Key: s.Key, Name: s.Name, Status: string(s.Status), Negative: s.Negative,
					Location: act.Location, Instructions: s.Instructions, Resources: []resourceOut{},
					Description: s.Description, TaskType: string(s.TaskType.Normalize()), Decay: search.Decay(v, at), Stale: search.Staleness(v, at, 0),
					Allowed: offeredOnly && s.AllowedFor(consumer)}
				for _, f := range s.Files {
					out.Resources = append(out.Resources, resourceOut{f.Path, len(f.Content)})
				}
				return writeJSON(a.stdout, out)
			}
			// The body is printed as it is stored, not through the colour
			// profile: it is the agent's text, not lore's styling.
			var b strings.Builder
			if s.Status != skills.Active {
				fmt.Fprintf(a.stderr, "lore: %s is %s, not active; agents are not offered it\n", s.Key, s.Status)
			}
			if s.Negative {
				b.WriteString(strings.TrimSpace(search.NegativeLabel) + "\n\n")
			}
			b.WriteString(strings.TrimRight(s.Instructions, "\n") + "\n")
			if len(s.Files) > 0 {
				fmt.Fprintf(&b, "\nResources (%s, relative to the skill folder):\n", act.Location)
				for _, f := range s.Files {
					fmt.Fprintf(&b, "- %s (%d bytes)\n", f.Path, len(f.Content))
				}
			}
			_, err = fmt.Fprint(a.stdout, b.String())
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "name", "status", "negative", "location", "instructions", "resources": [{"path", "bytes"}], "description", "taskType", "decay", "stale"?}`)
	cmd.Flags().StringVar(&consumer, "consumer", "", "activate only a skill offered to this consumer (active and visible to it)")
	return cmd
}

type searchHit struct {
	Key       string  `json:"key"`
	Name      string  `json:"name"`
	Score     float64 `json:"score"`
	Relevance float64 `json:"relevance"`
	Decay     float64 `json:"decay"`
	Feedback  float64 `json:"feedback"`
	Negative  bool    `json:"negative"`
	TaskType  string  `json:"taskType"`
	Stale     string  `json:"stale,omitempty"`
	Desc      string  `json:"description"`
}

func (a *app) skillsSearchCmd() *cobra.Command {
	var (
		asJSON   bool
		top      int
		consumer string
		task     string
	)
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Rank the active skills against a query",
		Long: `Ranks the active skills (visible to --consumer, when given) against QUERY:

  score = relevance × decay × feedback

relevance is BM25 over name (weight 3), description (2) and body (1), with lore's
word handling (stopwords dropped, stems matched), so better matches rank higher;
decay is 2^(-days since last use / half-life), half-lives by task type: browser
7, api 90, code 180, domain 365, unknown 30 days; feedback is
0.5 + (helpful+1)/(helpful+harmful+2). A skill below a quarter of its weight
(two half-lives unused) carries a staleness warning.

--task-type keeps the skills of one task type (browser, api, code, domain or
unknown), ranked among all the skills searched.`,
		Args:        exactArgs(1, "one QUERY (quote it)"),
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.viaAPI() {
				if err := onlyFlags(cmd, "top", "consumer", "json"); err != nil {
					return err
				}
				return a.remoteSkillsSearch(cmd.Context(), args[0], consumer, top, asJSON)
			}
			tt := search.TaskType(task)
			if task != "" && tt.Normalize() != tt {
				return &core.UsageError{Msg: fmt.Sprintf("--task-type %q: use browser, api, code, domain or unknown", task)}
			}
			if top < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--top %d: must be 0 (all) or more", top)}
			}
			res, err := fromSkills(a, readOnly, func(db skilllib.Store) (skilllib.Results, error) {
				lib, err := a.offering(db)
				if err != nil {
					return skilllib.Results{}, err
				}
				if task != "" {
					// The filter comes after the ranking so that scores are
					// those of the whole library (BM25 weighs a word by how
					// rare it is among every skill searched).
					return lib.Search(args[0], consumer, 0)
				}
				return lib.Search(args[0], consumer, top)
			})
			if err != nil {
				return err
			}
			hits := []searchHit{}
			for _, r := range res.Hits {
				if task != "" && r.Skill.TaskType.Normalize() != tt {
					continue
				}
				if top > 0 && len(hits) == top {
					break
				}
				hits = append(hits, searchHit{Key: r.Skill.Key, Name: r.Skill.Name, Score: r.Score, Relevance: r.Relevance,
					Decay: r.Decay, Feedback: r.Feedback, Negative: r.Skill.Negative, TaskType: string(r.Skill.TaskType.Normalize()),
					Stale: r.Stale, Desc: r.Skill.Description})
			}
			out := struct {
				Query   string      `json:"query"`
				Results []searchHit `json:"results"`
			}{args[0], hits}
			return a.output(asJSON, out, func(b *strings.Builder) {
				st := a.styles()
				if len(hits) == 0 {
					fmt.Fprintf(b, "No active skill matches %q (%d active skill%s searched).\n", args[0], res.Searched, plural(res.Searched))
				}
				for i, h := range hits {
					neg := ""
					if h.Negative {
						neg = st.Bad.Render(" warning")
					}
					fmt.Fprintf(b, "%2d. %s%s %s\n    %s\n", i+1, h.Key, neg,
						st.Faint.Render(fmt.Sprintf("score %.3f = relevance %.3f × decay %.2f × feedback %.2f", h.Score, h.Relevance, h.Decay, h.Feedback)),
						truncateRunes(h.Desc, 110))
					if h.Stale != "" {
						fmt.Fprintf(b, "    %s %s\n", st.Severity.Warning.Render("stale:"), h.Stale)
					}
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().IntVar(&top, "top", 10, "show at most this many results (0: all)")
	cmd.Flags().StringVar(&consumer, "consumer", "", "rank only the skills this consumer may see (skills.consumers in the configuration)")
	cmd.Flags().StringVar(&task, "task-type", "", "keep only skills of this task type: browser, api, code, domain or unknown")
	return cmd
}

func (a *app) skillsPromptCmd() *cobra.Command {
	var (
		query    string
		budget   int
		consumer string
		asJSON   bool
	)
	cmd := &cobra.Command{
		Use:   "prompt",
		Short: "Print the <available_skills> block for an agent's system prompt",
		Long: `Prints the active skills as the Agent Skills <available_skills> catalog, exactly
as the reference validator's to-prompt prints it (name and description escaped,
location verbatim), for an agent's system prompt. When no skill is offered it
prints nothing at all (exit 0), as the client guide says: no empty catalog.

Each <location> is the absolute path of the skill's SKILL.md in the library's
own folder, <data_dir>/library/<namespace>/<name>/, which lore writes from the
store and keeps in step with it (a folder that differs from the stored skill is
replaced whole), so an agent reads the skill as the library holds it, resources
and modes included, whatever became of the folder it was imported from.

--query ranks the skills against a task (as lore skills search) and keeps the
matches, then adds the skills they import (transitively, dependency
first; cycles and unknown imports are reported on stderr). Without --query
every active skill is listed, ordered by decay and feedback. --consumer keeps
what that consumer may see (skills.consumers in the configuration). --budget
drops the lowest-ranked skills until the block fits that many tokens (about 4
characters each). Negative skills are included, labelled as warnings.`,
		Example: `  lore skills prompt --query "extract tables from a pdf" --budget 2000
  lore skills prompt --consumer support-bot > catalog.xml`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if budget < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--budget %d: give a positive number of tokens, or 0 for no limit", budget)}
			}
			cat, err := fromSkills(a, readOnly, func(db skilllib.Store) (skilllib.Catalog, error) {
				lib, err := a.offering(db)
				if err != nil {
					return skilllib.Catalog{}, err
				}
				return lib.Prompt(query, consumer, budget)
			})
			if err != nil {
				return err
			}
			for _, w := range cat.Warnings {
				fmt.Fprintln(a.stderr, "lore: "+w)
			}
			out := struct {
				Prompt string `json:"prompt"`
			}{cat.Block}
			if cat.Block == "" && !asJSON {
				return nil // no empty catalog
			}
			return a.reply(asJSON, out, "%s\n", cat.Block)
		},
	}
	cmd.Flags().StringVar(&query, "query", "", "rank against this task and keep the matches (and what they import)")
	cmd.Flags().IntVar(&budget, "budget", 0, "most tokens the block may use (0: no limit)")
	cmd.Flags().StringVar(&consumer, "consumer", "", "only the skills this consumer may see")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"prompt": the block} ("" when no skill is offered)`)
	return cmd
}

func (a *app) skillsResolveCmd() *cobra.Command {
	var (
		asJSON   bool
		consumer string
	)
	cmd := &cobra.Command{
		Use:   "resolve NAME...",
		Short: "Resolve skills and their imports to the full set, dependency first",
		Long: `Resolves the skills named and everything they import, transitively, to one
list in dependency-first order: each skill after the skills it imports,
duplicates removed. An import that closes a cycle is skipped with a warning naming the
whole cycle; an import of a skill not in the library is warned about. With
--consumer, skills that consumer may not see are dropped and listed.

NAMEs are keys (ns.id) or ids (public.<id>).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return &core.UsageError{Msg: "lore skills resolve needs at least one skill NAME"}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := fromSkills(a, readOnly, func(db skilllib.Store) (skilllib.Resolution, error) {
				lib := a.library(db, skilllib.Options{})
				if consumer != "" {
					var err error
					if lib, err = a.offering(db); err != nil {
						return skilllib.Resolution{}, err
					}
				}
				return lib.Resolve(args, consumer)
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, struct {
					Skills   []string `json:"skills"`
					Hidden   []string `json:"hidden"`
					Warnings []string `json:"warnings"`
				}{nonNil(res.Skills), nonNil(res.Hidden), nonNil(res.Warnings)})
			}
			for _, w := range res.Warnings {
				fmt.Fprintln(a.stderr, "lore: "+w)
			}
			for _, k := range res.Skills {
				fmt.Fprintln(a.stdout, k)
			}
			for _, k := range res.Hidden {
				fmt.Fprintf(a.stderr, "lore: %s hidden from %s\n", k, consumer)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"skills": [...], "hidden": [...], "warnings": [...]}`)
	cmd.Flags().StringVar(&consumer, "consumer", "", "drop what this consumer may not see")
	return cmd
}

// --- review, feedback, usage, failures, warnings, rollback, merge ---

// statusOut is the --json shape of lore skills review NAME DECISION.
type statusOut struct {
	Key    string `json:"key"`
	Status string `json:"status"`
	Note   string `json:"note"`
}

func (a *app) skillsReviewCmd() *cobra.Command {
	var (
		note   string
		ack    bool
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "review [NAME [promote|archive|draft]]",
		Short: "Show the review queue or one draft, or promote or archive a skill",
		Long: `Without arguments, lists the review queue: the draft skills, oldest first,
each with where it came from (the agent that proposed it, the run it was drawn
from, the learn session that generated it) and how many findings of each
severity the scanner made in its text. Generated skills, proposals (lore skills
propose, an agent's skill_propose) and negative skills made from repeated
failures start as drafts; agents are offered only active skills.

With NAME alone, shows that skill as a reviewer reads it: where it came from,
what the scanner found (each finding's severity, category, place and
description, hidden characters spelled out), and the SKILL.md exactly as lore
skills export would write it.

With NAME and a decision, changes the skill's status: promote makes it active,
archive withdraws it (kept with its history; promote brings it back), draft
returns it to the queue. --note records why. A skill whose scan found something
critical is promoted only with --ack-critical, and the note records the
acknowledgement; without it the command exits 3. A skill whose SKILL.md lore
skills validate refuses (the strict profile) is never promoted: the command
names it and the check's errors, exits 1 and changes nothing. Fix it (an
imported skill in its folder, then lore skills import again) and promote it.

--json prints, for the queue, {"skills": [ROW...]}, and for one skill a ROW with
three more fields. A ROW has the fields of lore skills list --json (key, name,
status, source, taskType, negative, version, uses, successes, helpful, harmful,
lastUsed, decay, stale, note, description, resources, mergedFrom) and:
  origin         {"kind", "name", "session", "text"}: kind is agent (proposed
                 by an agent), run (drawn from an agent's run), session
                 (generated by a learn session), failures (a negative skill
                 from reported failures), person, import, static or unknown;
                 name the agent, run file, session, skill or path; session the
                 learn session that filed it, if any; text says it in words
  findingCounts  {"critical", "warning", "info"}: findings by severity
  critical       true when a finding is critical (promotion needs --ack-critical)
  created        when the skill was filed (RFC 3339)
One skill adds:
  findings       [{"file", "category", "severity", "description", "location",
                 "evidence", "recommendation", "flow"?}], as lore skills show
  skillMD        the SKILL.md as lore skills export writes it
  files          [{"path", "bytes"}]: the skill's other files (resources)
With a decision, --json prints {"key", "status", "note"}.`,
		Example: `  lore skills review
  lore skills review proposed.summarise-doc
  lore skills review learn-linear-algebra promote
  lore skills review proposed.summarise-doc promote --ack-critical --note "marker is an example"
  lore skills review avoid-deploy-1a2b3c archive --note "fixed upstream"`,
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.viaAPI() && len(args) <= 2 {
				if err := onlyFlags(cmd, "ack-critical", "json"); err != nil {
					return err
				}
				return a.remoteSkillsReview(cmd.Context(), args, ack, asJSON)
			}
			switch len(args) {
			case 0:
				return a.reviewQueue(asJSON)
			case 1:
				return a.reviewOne(args[0], asJSON)
			case 2:
			default:
				return &core.UsageError{Msg: "lore skills review takes no arguments (the queue), NAME (one skill), or NAME and promote, archive or draft"}
			}
			to, ok := map[string]skills.Status{"promote": skills.Active, "archive": skills.Archived, "draft": skills.Draft}[args[1]]
			if !ok {
				return &core.UsageError{Msg: fmt.Sprintf("decision %q: use promote, archive or draft", args[1])}
			}
			if note == "" {
				note = map[string]string{"promote": "promoted", "archive": "archived", "draft": "returned to draft"}[args[1]] + " by review"
			}
			s, err := fromLibrary(a, writable, func(lib *skilllib.Library) (*skills.Skill, error) { return lib.Review(args[0], to, note, ack) })
			if err != nil {
				return err
			}
			return a.reply(asJSON, statusOut{s.Key, string(to), note}, "%s is now %s\n", s.Key, to)
		},
	}
	cmd.Flags().StringVar(&note, "note", "", "why (recorded with the status)")
	cmd.Flags().BoolVar(&ack, "ack-critical", false, "promote a skill with a critical finding: you have read it (lore skills review NAME)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"skills": [...]} (the queue), one skill, or {"key", "status", "note"} (see above)`)
	return cmd
}

// findingCounts counts findings by severity.
type findingCounts struct {
	Critical int `json:"critical"`
	Warning  int `json:"warning"`
	Info     int `json:"info"`
}

func countFindings(fs []core.Finding) findingCounts {
	var c findingCounts
	for _, f := range fs {
		switch f.Severity {
		case core.Critical:
			c.Critical++
		case core.Warning:
			c.Warning++
		default:
			c.Info++
		}
	}
	return c
}

// String is "2 critical · 1 warning", or "no findings".
func (c findingCounts) String() string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{c.Critical, "critical"}, {c.Warning, "warning"}, {c.Info, "info"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	if len(parts) == 0 {
		return "no findings"
	}
	return strings.Join(parts, " · ")
}

// queueRow is a skill as the review queue lists it: a list row with where
// it came from and what its scan found.
type queueRow struct {
	skillRow
	Origin   skilllib.Origin `json:"origin"`
	Counts   findingCounts   `json:"findingCounts"`
	Critical bool            `json:"critical"`
	Created  string          `json:"created"`
	created  time.Time
}

func newQueueRow(s *skills.Skill, at time.Time) queueRow {
	return queueRow{skillRow: row(s, at), Origin: skilllib.OriginOf(s), Counts: countFindings(s.Findings),
		Critical: s.Critical(), Created: s.Created.Format(time.RFC3339), created: s.Created}
}

// draftOut is one skill as lore skills review NAME --json prints it.
type draftOut struct {
	queueRow
	Findings []core.Finding `json:"findings"`
	SkillMD  string         `json:"skillMD"`
	Files    []resourceOut  `json:"files"`
}

// reviewQueue prints the drafts, oldest first, with where each came from
// and what its scan found.
func (a *app) reviewQueue(asJSON bool) error {
	q, err := fromLibrary(a, readOnly, (*skilllib.Library).Queue)
	if err != nil {
		return err
	}
	at := now()
	rs := make([]queueRow, len(q.Skills))
	for i, s := range q.Skills {
		rs[i] = newQueueRow(s, at)
	}
	out := struct {
		Skills []queueRow `json:"skills"`
	}{rs}
	return a.output(asJSON, out, func(b *strings.Builder) {
		if len(rs) == 0 {
			b.WriteString("No skill waits for review.\n")
			return
		}
		a.writeQueue(b, rs)
	})
}

// writeQueue lists the review queue: each draft's key and what its scan
// found, where it came from and when, and its description.
func (a *app) writeQueue(b *strings.Builder, rs []queueRow) {
	st := a.styles()
	vis := func(x string) string { return text.Visible(x, text.InText) }
	for _, r := range rs {
		counts := st.Faint.Render(r.Counts.String())
		switch {
		case r.Counts.Critical > 0:
			counts = st.Bad.Render("! " + r.Counts.String())
		case r.Counts.Warning > 0:
			counts = st.Severity.Warning.Render(r.Counts.String())
		}
		neg := ""
		if r.Negative {
			neg = st.Bad.Render(" warning")
		}
		fmt.Fprintf(b, "%s %s%s  %s\n", st.Severity.Warning.Render(fmt.Sprintf("%-8s", r.Status)), r.Key, neg, counts)
		fmt.Fprintf(b, "         %s\n", st.Faint.Render(vis(r.Origin.Text)+" · filed "+r.created.Format(time.DateTime)))
		fmt.Fprintf(b, "         %s\n", vis(truncateRunes(r.Desc, 110)))
	}
	crit := 0
	for _, r := range rs {
		if r.Critical {
			crit++
		}
	}
	tail := fmt.Sprintf("%d draft%s to review", len(rs), plural(len(rs)))
	if crit > 0 {
		tail += fmt.Sprintf(", %d with a critical finding (promote with --ack-critical once read)", crit)
	}
	fmt.Fprintf(b, "%s\n", st.Faint.Render(tail+" · lore skills review NAME shows one"))
}

// reviewOne prints one skill as a reviewer reads it: where it came from,
// its findings and its SKILL.md as exported.
func (a *app) reviewOne(ref string, asJSON bool) error {
	s, err := fromLibrary(a, readOnly, func(lib *skilllib.Library) (*skills.Skill, error) { return lib.Get(ref) })
	if err != nil {
		return err
	}
	files := skills.Render(s)
	out := draftOut{queueRow: newQueueRow(s, now()), Findings: s.Findings, Files: []resourceOut{}}
	if out.Findings == nil {
		out.Findings = []core.Finding{}
	}
	if len(files) > 0 {
		out.SkillMD = string(files[0].Content)
		for _, f := range files[1:] {
			out.Files = append(out.Files, resourceOut{f.Path, len(f.Content)})
		}
	}
	return a.output(asJSON, out, func(b *strings.Builder) { a.writeDraft(b, s, out) })
}

// writeDraft describes one skill for review. The SKILL.md is printed with
// its hidden characters spelled out (⟨U+202E⟩) and nothing of it
// interpreted by the terminal: it is a stranger's text being read, not
// run.
func (a *app) writeDraft(b *strings.Builder, s *skills.Skill, d draftOut) {
	st := a.styles()
	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(b, "%s %s\n", st.Label.Render(fmt.Sprintf("%-11s", label)), value)
		}
	}
	vis := func(x string) string { return text.Visible(x, text.InText) }
	line("key", s.Key)
	line("status", string(s.Status)+noteSuffix(vis(s.Note)))
	line("source", string(s.Source)+" · "+vis(d.Origin.Text))
	line("created", s.Created.Format(time.DateTime))
	if s.Version > 1 {
		line("version", fmt.Sprintf("%d (%s)", s.Version, vis(s.History[len(s.History)-1].Reason)))
	}
	if len(s.Findings) == 0 {
		line("findings", st.Faint.Render("none: the scan found nothing"))
	} else {
		writeSkillFindings(b, st, s)
	}
	if s.Status != skills.Active {
		var inv *skilllib.InvalidError
		if errors.As(skilllib.Invalid(s), &inv) {
			fmt.Fprintf(b, "%s\n", st.Bad.Render("promote refuses it, invalid under the strict profile (lore skills validate): "+vis(strings.Join(inv.Errors, "; "))))
		} else if s.Critical() {
			fmt.Fprintf(b, "%s\n", st.Bad.Render(fmt.Sprintf("promoting it needs --ack-critical: lore skills review %s promote --ack-critical", s.Key)))
		}
	}
	var res []string
	for _, r := range d.Files {
		res = append(res, fmt.Sprintf("%s (%d bytes)", vis(r.Path), r.Bytes))
	}
	line("resources", strings.Join(res, ", "))
	fmt.Fprintf(b, "\n%s\n", st.Heading.Render("SKILL.md as exported"))
	for _, l := range strings.Split(strings.TrimRight(d.SkillMD, "\n"), "\n") {
		fmt.Fprintf(b, "%s %s\n", st.Faint.Render("│"), vis(l))
	}
}

func (a *app) skillsAllowCmd() *cobra.Command {
	var (
		asJSON   bool
		consumer string
		revoke   bool
	)
	cmd := &cobra.Command{
		Use:   "allow NAME --consumer CONSUMER [--revoke]",
		Short: "Let a consumer activate a skill without asking its user",
		Long: `Records that you allow CONSUMER (an agent, by the name lore mcp serves it under)
to activate the active skill NAME without a question: lore mcp otherwise asks
the user before a skill is first activated in a session, and a client that cannot
ask (no MCP elicitation) can never activate one. The leave is for the skill as it
is now, recorded with who gave it and when: a later change to the skill (an
import, a regeneration, an edit) asks again. --revoke takes it back. Every other
skill still asks. lore skills show NAME lists the allowances.`,
		Example: `  lore skills allow pdf-tables --consumer claude-code
  lore skills allow pdf-tables --consumer claude-code --revoke`,
		Args:        exactArgs(1, "one skill NAME"),
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.viaAPI() {
				return a.remoteSkillsAllow(cmd.Context(), args[0], consumer, revoke, asJSON)
			}
			by := a.who()
			s, err := fromLibrary(a, writable, func(lib *skilllib.Library) (*skills.Skill, error) {
				return lib.Allow(args[0], consumer, by, revoke)
			})
			if err != nil {
				return err
			}
			out := struct {
				Key      string `json:"key"`
				Consumer string `json:"consumer"`
				Allowed  bool   `json:"allowed"`
				By       string `json:"by,omitempty"`
			}{s.Key, strings.TrimSpace(consumer), !revoke, by}
			if revoke {
				return a.reply(asJSON, out, "%s: %s must ask again before activating it\n", out.Key, out.Consumer)
			}
			return a.reply(asJSON, out, "%s: %s may activate it without asking, as it is now\n", out.Key, out.Consumer)
		},
	}
	cmd.Flags().StringVar(&consumer, "consumer", "", "the consumer allowed (required)")
	cmd.Flags().BoolVar(&revoke, "revoke", false, "take the leave back")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "consumer", "allowed", "by"}`)
	return cmd
}

func (a *app) skillsFeedbackCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "feedback NAME helpful|harmful",
		Short: "Record a helpful or harmful vote for a skill",
		Long: `Counts one vote. Votes move a skill's rank by at most a factor of three
(feedback factor 0.5 + (helpful+1)/(helpful+harmful+2)): they reorder close
matches without replacing relevance.`,
		Args:        exactArgs(2, "a skill NAME and helpful or harmful"),
		Annotations: map[string]string{annotRemote: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[1] != "helpful" && args[1] != "harmful" {
				return &core.UsageError{Msg: fmt.Sprintf("vote %q: use helpful or harmful", args[1])}
			}
			if a.viaAPI() {
				return a.remoteSkillsFeedback(cmd.Context(), args[0], args[1], "", asJSON)
			}
			s, err := fromLibrary(a, writable, func(lib *skilllib.Library) (*skills.Skill, error) {
				return lib.Feedback(args[0], args[1] == "helpful")
			})
			if err != nil {
				return err
			}
			out := struct {
				Key     string `json:"key"`
				Helpful int    `json:"helpful"`
				Harmful int    `json:"harmful"`
			}{s.Key, s.Helpful, s.Harmful}
			return a.reply(asJSON, out, "%s: %d helpful, %d harmful\n", out.Key, out.Helpful, out.Harmful)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "helpful", "harmful"}`)
	return cmd
}

// usedOut is the --json shape of lore skills used.
type usedOut struct {
	Key       string `json:"key"`
	Uses      int    `json:"uses"`
	Successes int    `json:"successes"`
	Failures  int    `json:"failures"`
	// Note is the note as stored (redacted, hidden characters spelled
	// out), present only when one was given, with what the scanner found
	// in it and the spans redacted.
	Note         string         `json:"note,omitempty"`
	NoteFindings []core.Finding `json:"noteFindings,omitempty"`
	NoteRedacted map[string]int `json:"noteRedacted,omitempty"`
}

func (a *app) skillsUsedCmd() *cobra.Command {
	var (
		success, failure, asJSON bool
		note                     string
	)
	cmd := &cobra.Command{
		Use:   "used NAME --success|--failure [--note TEXT]",
		Short: "Record that a skill was used, and whether the task succeeded",
		Long: `Counts one use with its outcome and dates it: a used skill stops decaying from
that day. To record why a use failed (and let repeated failures become a
negative skill), use lore skills report NAME --failure "...".

--note keeps a remark with the use (lore skills show lists the newest). A note
is not trusted, whoever sent it: it is scanned as a stranger's text (the
findings are kept beside it), its secrets and personal data are redacted, and
its hidden characters are stored spelled out. A record keeps its newest 50
notes.`,
		Args: exactArgs(1, "one skill NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if success == failure {
				return &core.UsageError{Msg: "give exactly one of --success and --failure"}
			}
			u, err := fromLibrary(a, writable, func(lib *skilllib.Library) (skilllib.Used, error) { return lib.UseWithNote(args[0], success, note) })
			if err != nil {
				return err
			}
			s := u.Skill
			out := usedOut{Key: s.Key, Uses: s.Uses, Successes: s.Successes, Failures: s.Failures, Note: u.Note, NoteFindings: u.Findings}
			if len(u.Redacted) > 0 {
				out.NoteRedacted = map[string]int{}
				for k, n := range u.Redacted {
					out.NoteRedacted[string(k)] = n
				}
			}
			return a.reply(asJSON, out, "%s: %d use%s, %d succeeded\n", out.Key, out.Uses, plural(out.Uses), out.Successes)
		},
	}
	cmd.Flags().BoolVar(&success, "success", false, "the task succeeded")
	cmd.Flags().BoolVar(&failure, "failure", false, "the task failed")
	cmd.Flags().StringVar(&note, "note", "", "a remark kept with the use (scanned and redacted before it is stored)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "uses", "successes", "failures", "note"?, "noteFindings"?, "noteRedacted"?}`)
	return cmd
}

func (a *app) skillsReportCmd() *cobra.Command {
	var (
		failure string
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "report NAME --failure SIGNATURE",
		Short: "Report a failure of a skill; a repeated failure becomes a negative skill",
		Long: `Counts one failed use of the skill under the failure's signature: the text
redacted, lowercased, with numbers and hex ids replaced by '#' so that the same
failure groups whatever its request id or timestamp. When one signature has been
reported skills.negative_after times (default 2), a negative skill
"avoid-<id>-<tag>" is created as a draft that extends the skill; once promoted
it is offered beside the skill, labelled as a warning.`,
		Example: `  lore skills report deploy --failure "permission denied writing /etc/app.conf"`,
		Args:    exactArgs(1, "one skill NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(failure) == "" {
				return &core.UsageError{Msg: "give the failure with --failure \"what went wrong\""}
			}
			_, after, err := a.cfg.skillEvolution()
			if err != nil {
				return err
			}
			f, err := fromSkills(a, writable, func(db skilllib.Store) (skilllib.Failure, error) {
				return a.library(db, skilllib.Options{NegativeAfter: after}).ReportFailure(args[0], failure)
			})
			if err != nil {
				return err
			}
			out := struct {
				Key       string  `json:"key"`
				Signature string  `json:"signature"`
				Count     int     `json:"count"`
				Negative  *string `json:"negativeSkill"`
			}{Key: f.Skill.Key, Signature: f.Signature, Count: f.Count}
			msg := fmt.Sprintf("%s: failure %q reported %d time%s\n", out.Key, out.Signature, out.Count, plural(out.Count))
			if f.Negative != nil {
				out.Negative = &f.Negative.Key
				msg += fmt.Sprintf("created the negative skill %s (draft: lore skills review %s promote)\n", *out.Negative, *out.Negative)
			}
			return a.reply(asJSON, out, "%s", msg)
		},
	}
	cmd.Flags().StringVar(&failure, "failure", "", "what went wrong (its stable signature is derived from it)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "signature", "count", "negativeSkill": key or null}`)
	return cmd
}

func (a *app) skillsWarnCmd() *cobra.Command {
	var (
		desc, body, about, task string
		asJSON                  bool
	)
	cmd := &cobra.Command{
		Use:   "warn NAME --description TEXT",
		Short: "Write a negative skill: a \"don't do this\" warning offered to agents",
		Long: `Creates an active negative skill NAME (public.<NAME> unless a namespace is
given). Agents see it in the prompt block beside the other skills, its
description prefixed with a warning label. --about names the skill it warns
about; --body is the explanation printed by lore skills activate.`,
		Example: `  lore skills warn no-force-push --description "Never force-push to main" --about git-flow --task-type code`,
		Args:    exactArgs(1, "the new skill's NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			key, err := scope.Parse(args[0])
			if err != nil {
				return &core.UsageError{Msg: fmt.Sprintf("name %q: %v", args[0], err)}
			}
			tt := search.TaskType(task)
			if task != "" && tt.Normalize() != tt {
				return &core.UsageError{Msg: fmt.Sprintf("--task-type %q: use browser, api, code, domain or unknown", task)}
			}
			w, err := fromLibrary(a, writable, func(lib *skilllib.Library) (*skills.Skill, error) {
				return lib.Warn(skilllib.Warning{Name: key, Description: desc, Body: body, About: about, TaskType: tt, By: os.Getenv("USER")})
			})
			if err != nil {
				return err
			}
			out := struct {
				Key     string `json:"key"`
				Status  string `json:"status"`
				Extends string `json:"extends"`
			}{w.Key, string(w.Status), w.Extends}
			return a.reply(asJSON, out, "created the negative skill %s (active)\n", w.Key)
		},
	}
	cmd.Flags().StringVar(&desc, "description", "", "the warning, as agents will read it (required)")
	cmd.Flags().StringVar(&body, "body", "", "a longer explanation (Markdown)")
	cmd.Flags().StringVar(&about, "about", "", "the skill this warning is about")
	cmd.Flags().StringVar(&task, "task-type", "", "browser, api, code, domain or unknown (how fast it goes stale)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "status", "extends"}`)
	return cmd
}

func (a *app) skillsRollbackCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "rollback NAME VERSION",
		Short: "Make an earlier version of a skill current again",
		Long: `Restores the content of VERSION (see lore skills show) as a new version, so the
rollback itself can be rolled back. Status, usage and feedback are kept. An
active skill is not rolled back to a version lore skills validate refuses (the
strict profile): the command exits 1 and changes nothing.`,
		Args: exactArgs(2, "a skill NAME and a VERSION number"),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(strings.TrimPrefix(args[1], "v"))
			if err != nil {
				return &core.UsageError{Msg: fmt.Sprintf("version %q is not a number", args[1])}
			}
			s, err := fromLibrary(a, writable, func(lib *skilllib.Library) (*skills.Skill, error) { return lib.Rollback(args[0], n) })
			if err != nil {
				return err
			}
			out := struct {
				Key      string `json:"key"`
				Version  int    `json:"version"`
				Restored int    `json:"restored"`
			}{s.Key, s.Version, n}
			return a.reply(asJSON, out, "%s: version %d has the content of version %d\n", out.Key, out.Version, n)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "version" (the new one), "restored" (the version whose content it has)}`)
	return cmd
}

func (a *app) skillsMergeCmd() *cobra.Command {
	var (
		dryRun bool
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "merge",
		Short: "Merge near-duplicate learned skills, keeping lineage",
		Long: `Finds learned skills at least skills.merge_threshold similar (default 0.90:
cosine of their normalized words, description counted twice; only skills of
the same task type and polarity) and merges each pair: the older skill keeps
its key and takes the newer content, the union of example queries, tools and
imports, the sum of usage and feedback, and the lineage of both (merged_from,
source hashes); the other is archived with a note. Imported and static skills
are never merged or changed. --dry-run lists the merges only.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			threshold, _, err := a.cfg.skillEvolution()
			if err != nil {
				return err
			}
			pairs, err := fromSkills(a, writable, func(db skilllib.Store) ([]skills.Pair, error) {
				return a.library(db, skilllib.Options{MergeThreshold: threshold}).Merge(dryRun)
			})
			if err != nil {
				return err
			}
			out := struct {
				Threshold float64       `json:"threshold"`
				DryRun    bool          `json:"dryRun"`
				Merges    []skills.Pair `json:"merges"`
			}{threshold, dryRun, nonNil(pairs)}
			return a.output(asJSON, out, func(b *strings.Builder) {
				if len(pairs) == 0 {
					fmt.Fprintf(b, "No learned skills are %.2f similar or more.\n", threshold)
					return
				}
				verb := "merged"
				if dryRun {
					verb = "would merge"
				}
				for _, p := range pairs {
					fmt.Fprintf(b, "%s %s into %s (similarity %.3f)\n", verb, p.From, p.Into, p.Score)
				}
			})
		},
	}
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "list the merges without changing anything")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// --- import and export ---

// skillsImportOut is the --json shape of lore skills import, a contract.
type skillsImportOut struct {
	Discovered int                `json:"discovered"`
	Imported   int                `json:"imported"`
	Skipped    []bundle.Skipped   `json:"skipped"`
	Warnings   []string           `json:"warnings"`
	Sensitive  []bundle.Sensitive `json:"sensitive"`
	// Drafts are the imported skills filed in the review queue instead of
	// made active: all of them without --trust, and with it any holding a
	// critical finding or refused by the strict profile (Invalid, by key,
	// with its errors).
	Drafts  []string            `json:"drafts"`
	Invalid map[string][]string `json:"invalid"`
	// Findings are the scanner's findings in the imported files.
	Findings []core.Finding `json:"findings"`
}

func (a *app) skillsImportCmd() *cobra.Command {
	var (
		namespace                      string
		dryRun, trust, strict, lenient bool
		redactFiles, asJSON            bool
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{annotPaths: "folders"},
		Use:         "import PATH",
		Short:       "Import Agent Skills folders into the library",
		Long: `Reads the skills at PATH — a SKILL.md, a skill folder, a folder of skills
(SKILL.md in any case, up to 6 levels down and 2000 folders, skipping .git and
node_modules), or a .zip or .skill bundle of one skill folder or several — with
every file of each skill folder (references/, scripts/, assets/, anything), and
adds them to the library as imported skills (drafts unless --trust, below).

Nothing is executed, and nothing is changed: the SKILL.md is kept byte for byte
(frontmatter as written, comments and quoting included) and every file with its
bytes and mode, executable bits included, so lore skills export writes back the
same tree. A bundle is read in memory under lore's archive rules: entries named
with "..", absolute paths, backslashes or drive letters, colliding names and
links are refused and reported (a critical path-traversal finding), and sizes
are bounded while decompressing.

Every skill is scanned as a STRANGER source, every check on, with or without
--trust: each text file by the sanitizer, each other file by its first bytes
(never its name): a program (ELF, PE, Mach-O, WebAssembly, Java class, shared
library) or compiled bytecode is critical, binary data lore cannot review a
warning, an image, font, PDF or media file nothing. Its instructions and
scripts are judged by what they do (see lore scan --help), each such finding
with its flow: source → sink, with lines, and how often. A skill with a critical
finding (prompt injection, hidden characters, a program, ...) is skipped.

Nothing imported is active unless you vouch for it, and nothing with a critical
finding is active unless a person acknowledged it. Without --trust each skill
is filed as a draft in the review queue, as a proposed skill is: lore skills
review lists it with its findings, and promoting it makes it active. With
--trust the skills are active at once, except two kinds, filed as drafts with
a warning: a skill with a critical finding (--trust vouches for the source,
not for what the scan found in it: it is imported instead of skipped, and
becomes active when a person promotes it with lore skills review, acknowledging
the finding), and one the strict profile refuses (what lore skills validate
checks without --lenient), filed with its errors. A draft imported over an
active skill of the same key, or an import that holds a critical finding the
active skill did not, sends it back to the review queue. Secrets and personal data
(keys, tokens, e-mail addresses, phone numbers, URL queries) are reported, each
span with its file, line and kind, and kept as written; --redact replaces them
in the imported files by markers ([REDACTED_TOKEN], ...; a URL's query is
dropped) and reports each span.

SKILL.md is checked exactly as lore skills validate checks it: the client
guide's lenient rules by default (--lenient says so explicitly), the reference
validator's with --strict, so validate --lenient and import accept the same
skills (import may still skip one for the scanner's findings). A skill that
fails, a folder over the bounds (4 MiB a file, 32 MiB and 1000 files a skill),
or an unreadable file is skipped with the reason. Links inside a folder are not
followed.

The key is NS.<name>: --namespace, else the namespace lore recorded when it
exported the skill, else public. A key found twice in PATH: the later one wins,
with a warning. A key already in the library gets the imported content as a
new version (lore skills rollback undoes it); its usage and feedback stay, and
its status unless the import sends it back to the review queue (above). --dry-run reports what would happen and stores nothing.

Exit codes: 0 every skill found was imported, 1 some were skipped (the others
are imported) or a bundle is damaged, 2 usage error (no PATH, nothing found,
bad namespace, --strict with --lenient).`,
		Example: `  lore skills import ~/.claude/skills --dry-run
  lore skills import vendor/skills --namespace vendor --json`,
		Args: exactArgs(1, "one PATH (a SKILL.md, a skill folder or a folder of skills)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			root := args[0]
			if strict && lenient {
				return &core.UsageError{Msg: "--strict and --lenient exclude each other; give one"}
			}
			if err := checkPath(root); err != nil {
				return err
			}
			plan, err := bundle.Import(root, bundle.ImportOptions{Namespace: namespace, Trust: trust, Strict: strict, Redact: redactFiles, Now: now()})
			if err != nil {
				return importError(err)
			}
			if plan.Discovered == 0 {
				return &core.UsageError{Msg: fmt.Sprintf("no SKILL.md found in %s (searched %d levels deep, skipping .git and node_modules)", root, skillspec.MaxDiscoverDepth)}
			}
			warnings, err := fromLibrary(a, writable, func(lib *skilllib.Library) ([]string, error) { return lib.Import(plan, dryRun) })
			if err != nil {
				return err
			}
			out := skillsImportOut{Discovered: plan.Discovered, Imported: len(plan.Skills), Skipped: plan.Skipped, Warnings: append(plan.Warnings, warnings...), Sensitive: plan.Sensitive,
				Drafts: nonNil(plan.Drafts()), Invalid: plan.Invalid, Findings: nonNil(plan.Findings)}
			if out.Invalid == nil {
				out.Invalid = map[string][]string{}
			}
			err = a.output(asJSON, out, func(b *strings.Builder) { a.writeImport(b, out, plan.Skills, dryRun, trust) })
			if err != nil {
				return err
			}
			if n := len(out.Skipped); n > 0 {
				return fmt.Errorf("%d of %d skill%s in %s skipped", n, out.Discovered, plural(out.Discovered), root)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&namespace, "namespace", "", "put every imported skill in this namespace (default: as exported, else public)")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "report what would be imported; store nothing")
	cmd.Flags().BoolVar(&trust, "trust", false, "vouch for the source: make the valid skills without critical findings active; file those with critical findings as drafts (promoted with --ack-critical) instead of skipping them")
	cmd.Flags().BoolVar(&strict, "strict", false, "read SKILL.md with the reference validator's rules instead of the client guide's")
	cmd.Flags().BoolVar(&lenient, "lenient", false, "read SKILL.md with the client guide's rules (the default), as validate --lenient")
	cmd.Flags().BoolVar(&redactFiles, "redact", false, "replace secrets and personal data in the imported files by markers (default: keep them, report each)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"discovered", "imported", "skipped": [{"path", "reason"}], "warnings", "sensitive": [{"file", "line", "kind", "what", "redacted"}], "drafts": [keys], "invalid": {key: [errors]}, "findings"}`)
	return cmd
}

// writeImport reports what an import did or, with dryRun, would do.
func (a *app) writeImport(b *strings.Builder, out skillsImportOut, imported []*skills.Skill, dryRun, trust bool) {
	st := a.styles()
	verb := "imported"
	if dryRun {
		verb = "would import"
	}
	for _, s := range imported {
		status := ""
		if s.Status == skills.Draft {
			status = st.Severity.Warning.Render(" draft, in the review queue")
		}
		fmt.Fprintf(b, "%s %s %s%s\n", st.Good.Render("✓"), s.Key, st.Faint.Render(fmt.Sprintf("%d resource%s", len(s.Files), plural(len(s.Files)))), status)
	}
	for _, f := range out.Findings {
		fmt.Fprintf(b, "%s %s %s %s: %s\n", st.Severity.Warning.Render("finding:"), f.Severity, f.Category, f.Location, f.Description)
		if f.Flow != nil {
			fmt.Fprintf(b, "         %s\n", st.Faint.Render("flow: "+flowText(f.Flow)))
		}
	}
	for _, s := range out.Skipped {
		fmt.Fprintf(b, "%s %s\n    %s\n", st.Bad.Render("✗"), s.Path, s.Reason)
	}
	for _, w := range out.Warnings {
		fmt.Fprintf(b, "%s %s\n", st.Severity.Warning.Render("warning:"), w)
	}
	for _, sp := range out.Sensitive {
		what := "kept"
		if sp.Redacted {
			what = "redacted"
		}
		fmt.Fprintf(b, "%s %s:%d %s (%s), %s\n", st.Severity.Warning.Render("sensitive:"), sp.File, sp.Line, sp.Kind, sp.What, what)
	}
	fmt.Fprintf(b, "%s %d of %d skill%s found\n", verb, out.Imported, out.Discovered, plural(out.Discovered))
	if n := len(out.Drafts); n > 0 {
		why := "nothing imported is active until a person promotes it; --trust vouches for the source"
		if trust {
			why = "a critical finding (promotion needs --ack-critical) or invalid under the strict profile (lore skills validate shows why): never made active by an import"
		}
		fmt.Fprintf(b, "%d draft%s in the review queue (%s): lore skills review %s\n", n, plural(n), why, out.Drafts[0])
	}
	if !trust && slices.ContainsFunc(out.Skipped, func(s bundle.Skipped) bool { return strings.Contains(s.Reason, "critical finding") }) {
		b.WriteString("skills with critical findings were skipped; lore scan --tier stranger PATH shows them as import sees them, --trust files them as drafts for a person to review\n")
	}
}

func (a *app) skillsExportCmd() *cobra.Command {
	var (
		status, namespace string
		asJSON            bool
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{annotPaths: "target"},
		Use:         "export DIR|FILE.zip|FILE.skill",
		Short:       "Write the library as Agent Skills folders",
		Long: `Writes each skill as DIR/<name>/ (SKILL.md and its resources), a layout every
Agent Skills client loads. When DIR ends in .zip or .skill, one zip bundle is
written there instead, with the same layout inside (a .skill file usually holds
one skill: choose it with --namespace, or export one name per bundle).

An imported skill is written back as it was imported: its SKILL.md byte for
byte in the folder it came from, every file with its mode (executable bits
included), so import then export gives the same tree. One the strict validator
would refuse (a client loaded it leniently) is written all the same, with a
warning. A skill lore generated passes the reference validator's strict rules:
lore's own fields (namespace, task type, negative, extends, imports, example
queries, suggested tools) travel as metadata strings, so lore skills import of
the folder gives the same skills back, and exporting them again gives identical
files. Usage counts, feedback, status and versions stay in the store (lore store
backup keeps them).

--status chooses what is written: active (the default), draft, archived, or
all. Drafts are left out unless asked for: nobody has reviewed them, and a
folder of skills is what an agent loads. --namespace writes one namespace; two skills with the
same name in different namespaces cannot share DIR and are refused by name.
Nothing is overwritten: a skill folder that already exists with content, or an
existing bundle file, is an error, and nothing is written when any check fails.
`,
		Example: `  lore skills export ~/.claude/skills --status active
  lore skills export /tmp/team-skills --namespace team`,
		Args: exactArgs(1, "one DIR to write the skill folders into, or a FILE.zip or FILE.skill bundle to write"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := skilllib.Filter{Namespace: namespace}
			switch status {
			case "":
				f.Status = []skills.Status{skills.Active}
			case "all":
			case "active", "draft", "archived":
				f.Status = []skills.Status{skills.Status(status)}
			default:
				return &core.UsageError{Msg: fmt.Sprintf("--status %q: use active, draft, archived or all", status)}
			}
			ex, err := fromLibrary(a, readOnly, func(lib *skilllib.Library) (skilllib.Exported, error) { return lib.Export(args[0], f) })
			if err != nil {
				return err
			}
			out := struct {
				Dir      string   `json:"dir"`
				Skills   []string `json:"skills"`
				Files    []string `json:"files"`
				Warnings []string `json:"warnings"`
			}{args[0], ex.Keys, ex.Files, nonNil(ex.Warnings)}
			if !asJSON {
				for _, w := range ex.Warnings {
					fmt.Fprintln(a.stderr, "lore: warning: "+w)
				}
			}
			return a.reply(asJSON, out, "wrote %d skill%s (%d files) to %s\n", len(ex.Keys), plural(len(ex.Keys)), len(ex.Files), args[0])
		},
	}
	cmd.Flags().StringVar(&status, "status", "", "active, draft, archived or all (default: active)")
	cmd.Flags().StringVar(&namespace, "namespace", "", "export only this namespace")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"dir", "skills": [keys], "files": [paths], "warnings": [...]}`)
	return cmd
}

// importError sorts an error of bundle.Import or bundle.Validate: a damaged
// bundle lore opened is a failure (exit 1), anything else about the root
// (missing, not a skill) a usage error (exit 2).
// checkPath refuses a path given on the command line that cannot be
// used, said as lore learn says it ("notes.md: no such file or folder",
// exit 2) rather than as the system's error.
func checkPath(path string) error {
	if _, err := os.Stat(path); err != nil {
		return pathError(path, err)
	}
	return nil
}

// pathError is checkPath's error for path, from the error of opening it.
func pathError(path string, err error) error {
	return &core.InputError{Input: path, Msg: describeStatError(err), Usage: true}
}

func importError(err error) error {
	var ie *core.InputError
	if errors.As(err, &ie) && !ie.Usage {
		return err
	}
	return &core.UsageError{Msg: err.Error()}
}

// flowText spells a finding's flow for the terminal: source and sink
// with their lines and the scope words, made visible (no control
// character from a document reaches the terminal).
func flowText(fl *core.Flow) string {
	at := func(what string, n int) string {
		v := text.Visible(what, text.InText)
		if n > 0 {
			return fmt.Sprintf("%s (line %d)", v, n)
		}
		return v
	}
	return fl.Format(at, " → ", " · when: ")
}

func orUnknown(s string) string {
	if s == "" {
		return "someone unknown"
	}
	return s
}
