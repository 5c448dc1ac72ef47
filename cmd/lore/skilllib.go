package main

import (
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
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/store"
)

// The library commands: everything under `lore skills` that reads or
// changes the stored skill library (validate, which reads files only, is in
// skills.go).

// now is the library's clock, one place so every command dates the same way.
func now() time.Time { return time.Now().UTC() }

// skillRef resolves what a user typed (a key, a bare id, "skills.ns.id")
// to a stored key. A bare id means public.<id> as everywhere else, but when
// there is no public skill of that id and exactly one namespace has one,
// that one is meant; two candidates are an error listing both.
func skillRef(keys []string, ref string) (string, error) {
	key, err := scope.Parse(ref)
	if err != nil {
		return "", &core.UsageError{Msg: fmt.Sprintf("skill %q: %v", ref, err)}
	}
	if slices.Contains(keys, key) {
		return key, nil
	}
	if !strings.Contains(strings.TrimPrefix(strings.TrimSpace(ref), "skills."), ".") {
		var found []string
		for _, k := range keys {
			if _, id, ok := scope.Split(k); ok && id == strings.TrimSpace(ref) {
				found = append(found, k)
			}
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 0:
		default:
			return "", &core.UsageError{Msg: fmt.Sprintf("skill %q is ambiguous: %s; give the namespace", ref, strings.Join(found, ", "))}
		}
	}
	return "", &core.UsageError{Msg: fmt.Sprintf("no skill %q in the library (lore skills list shows them)", ref)}
}

// withLibrary opens the store read-only and reads the whole library, for
// the commands that rank, list or export it.
func (a *app) withLibrary(fn func(db *store.Store, lib []*skills.Skill) error) error {
	return a.libraryFrom(a.openStoreRead, fn)
}

// withLibraryWritable is withLibrary for a command that also changes skills.
func (a *app) withLibraryWritable(fn func(db *store.Store, lib []*skills.Skill) error) error {
	return a.libraryFrom(a.openStore, fn)
}

func (a *app) libraryFrom(open func() (*store.Store, error), fn func(db *store.Store, lib []*skills.Skill) error) error {
	db, err := open()
	if err != nil {
		return err
	}
	defer db.Close()
	lib, err := db.Skills()
	if err != nil {
		return err
	}
	return fn(db, lib)
}

// withKeys opens the store and resolves refs against the library's keys
// (no record is read), for the commands that act on named skills.
func (a *app) withKeys(refs []string, fn func(db *store.Store, all, keys []string) error) error {
	return a.keysFrom(a.openStore, refs, fn)
}

func (a *app) keysFrom(open func() (*store.Store, error), refs []string, fn func(db *store.Store, all, keys []string) error) error {
	db, err := open()
	if err != nil {
		return err
	}
	defer db.Close()
	all, err := db.SkillKeys()
	if err != nil {
		return err
	}
	keys := make([]string, len(refs))
	for i, r := range refs {
		if keys[i], err = skillRef(all, r); err != nil {
			return err
		}
	}
	return fn(db, all, keys)
}

// withSkill reads the one skill ref names.
func (a *app) withSkill(ref string, fn func(s *skills.Skill) error) error {
	return a.keysFrom(a.openStoreRead, []string{ref}, func(db *store.Store, _, keys []string) error {
		s, err := db.Skill(keys[0])
		if err != nil {
			return err
		}
		return fn(s)
	})
}

// index maps the library by key.
func index(lib []*skills.Skill) map[string]*skills.Skill {
	m := make(map[string]*skills.Skill, len(lib))
	for _, s := range lib {
		m[s.Key] = s
	}
	return m
}

// resolveImports is scope.Resolve over the skills in byKey.
func resolveImports(roots []string, byKey map[string]*skills.Skill) (order, warnings []string) {
	return scope.Resolve(roots, func(k string) ([]string, bool) {
		s, ok := byKey[k]
		if !ok {
			return nil, false
		}
		return s.Imports, true
	})
}

// updateOne runs a read-modify-write on one skill named by ref.
func (a *app) updateOne(ref string, fn func(s *skills.Skill) ([]*skills.Skill, error)) error {
	return a.withKeys([]string{ref}, func(db *store.Store, _, keys []string) error {
		return db.UpdateSkills(keys, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			extra, err := fn(recs[0])
			if err != nil {
				return nil, err
			}
			return append(recs, extra...), nil
		})
	})
}

// skillLocation is what the prompt block gives as a skill's location: the
// SKILL.md an agent can read. Generated skills are written under the
// output directory; imported ones were read from a file lore recorded. A
// skill with no file (a warning written with lore skills warn) gets the
// command that prints it.
func (a *app) skillLocation(s *skills.Skill) string {
	switch {
	case s.Source == skills.Learned && s.Provenance.Domain != "":
		return filepath.Join(a.cfg.outputDir(), s.ID(), "SKILL.md")
	case s.Source == skills.Imported && filepath.IsAbs(s.Provenance.Document):
		return s.Provenance.Document
	}
	return "lore skills activate " + s.Key
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
}

func row(s *skills.Skill, at time.Time) skillRow {
	v := s.View("")
	r := skillRow{
		Key: s.Key, Name: s.Name, Status: string(s.Status), Source: string(s.Source), TaskType: string(s.TaskType),
		Negative: s.Negative, Version: s.Version, Uses: s.Uses, Successes: s.Successes, Helpful: s.Helpful,
		Harmful: s.Harmful, Decay: search.Decay(v, at), Stale: search.Staleness(v, at, 0), Note: s.Note,
		Desc: s.Description, Resources: len(s.Files), MergedFrom: len(s.Lineage.MergedFrom),
	}
	if !s.LastUsed.IsZero() {
		r.LastUsed = s.LastUsed.Format(time.RFC3339)
	}
	return r
}

func (a *app) skillsListCmd() *cobra.Command {
	var (
		asJSON bool
		status string
	)
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the skill library",
		Long: `Lists every skill in the library: learned (generated by lore learn, or negative
skills from reported failures), imported (lore skills import) and written with
lore skills warn, with status, source, task type, version, usage, feedback and
decay. Generated skills start as drafts; lore skills review promotes them.

--status draft|active|archived keeps one status.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if status != "" && !slices.Contains([]skills.Status{skills.Draft, skills.Active, skills.Archived}, skills.Status(status)) {
				return &core.UsageError{Msg: fmt.Sprintf("--status %q: use draft, active or archived", status)}
			}
			return a.withLibrary(func(_ *store.Store, lib []*skills.Skill) error {
				at := now()
				rows := []skillRow{}
				for _, s := range lib {
					if status == "" || string(s.Status) == status {
						rows = append(rows, row(s, at))
					}
				}
				if asJSON {
					return writeJSON(a.stdout, struct {
						Skills []skillRow `json:"skills"`
					}{rows})
				}
				return a.renderSkillRows(rows, len(lib))
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().StringVar(&status, "status", "", "only skills with this status: draft, active or archived")
	return cmd
}

func (a *app) renderSkillRows(rows []skillRow, total int) error {
	st := a.styles()
	var b strings.Builder
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
		fmt.Fprintf(&b, "%-8s %s%s %s\n", status, r.Key, neg,
			st.Faint.Render(fmt.Sprintf("%s · %s · v%d · %d use%s · +%d −%d", r.Source, r.TaskType, r.Version, r.Uses, plural(r.Uses), r.Helpful, r.Harmful)))
		fmt.Fprintf(&b, "         %s\n", truncateRunes(r.Desc, 110))
		if r.Stale != "" {
			fmt.Fprintf(&b, "         %s %s\n", st.Severity.Warning.Render("stale:"), r.Stale)
		}
	}
	if total > 0 {
		fmt.Fprintf(&b, "%s\n", st.Faint.Render(fmt.Sprintf("%d of %d skill%s", len(rows), total, plural(total))))
	}
	_, err := fmt.Fprint(styledWriter(a.stdout), b.String())
	return err
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
		Short: "Show one skill's record: status, provenance, lineage, versions",
		Long: `Shows a skill's whole record except its body and resources (lore skills activate
prints those): status and its last note, source and provenance, task type and
decay, usage and feedback, failure signatures, lineage (merged skills, source
hashes, origin) and the versions kept for lore skills rollback.

NAME is a key (ns.id) or an id; a bare id means public.<id>, or the one
namespace that has it.`,
		Args: exactArgs(1, "one skill NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.withSkill(args[0], func(s *skills.Skill) error {
				if asJSON {
					c := *s
					c.Instructions = ""
					c.Files = nil
					c.History = slices.Clone(c.History)
					for i := range c.History {
						c.History[i].Content = skills.Content{Name: c.History[i].Content.Name, Description: c.History[i].Content.Description}
					}
					return writeJSON(a.stdout, c)
				}
				return a.renderSkill(s)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the record as JSON (without body and resources)")
	return cmd
}

func (a *app) renderSkill(s *skills.Skill) error {
	st := a.styles()
	at := now()
	r := row(s, at)
	var b strings.Builder
	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(&b, "%s %s\n", st.Label.Render(fmt.Sprintf("%-11s", label)), value)
		}
	}
	line("key", s.Key)
	line("status", string(s.Status)+noteSuffix(s.Note))
	line("description", s.Description)
	src := string(s.Source)
	if p := s.Provenance; p.Session != "" || p.Document != "" || p.Domain != "" || p.By != "" {
		var parts []string
		for _, kv := range [][2]string{{"domain", p.Domain}, {"session", p.Session}, {"from", p.Document}, {"by", p.By}} {
			if kv[1] != "" {
				parts = append(parts, kv[0]+" "+kv[1])
			}
		}
		src += " (" + strings.Join(parts, ", ") + ")"
	}
	line("source", src)
	kind := string(s.TaskType)
	if s.Negative {
		kind += ", negative (offered as a warning)"
	}
	line("task type", fmt.Sprintf("%s · decay %.2f (half-life %g days)", kind, r.Decay, search.HalfLife(s.TaskType)))
	line("stale", r.Stale)
	line("usage", fmt.Sprintf("%d use%s, %d succeeded, %d failed; last %s", s.Uses, plural(s.Uses), s.Successes, s.Failures, orNever(r.LastUsed)))
	line("feedback", fmt.Sprintf("%d helpful, %d harmful (factor %.2f)", s.Helpful, s.Harmful, search.Feedback(s.Helpful, s.Harmful)))
	if len(s.FailureSignatures) > 0 {
		sigs := make([]string, 0, len(s.FailureSignatures))
		for sig, n := range s.FailureSignatures {
			sigs = append(sigs, fmt.Sprintf("%d× %s", n, sig))
		}
		slices.Sort(sigs)
		line("failures", strings.Join(sigs, "\n            "))
	}
	line("extends", s.Extends)
	line("imports", strings.Join(s.Imports, ", "))
	line("queries", strings.Join(s.ExampleQueries, " · "))
	line("tools", strings.Join(s.SuggestedTools, ", "))
	line("resources", strings.Join(resourcePaths(s), ", "))
	line("merged from", strings.Join(s.Lineage.MergedFrom, ", "))
	line("origin", s.Lineage.Origin)
	line("hash", s.Hash)
	vs := []string{fmt.Sprintf("v%d current, %s", s.Version, s.Updated.Format(time.DateTime))}
	for _, v := range slices.Backward(s.History) {
		vs = append(vs, fmt.Sprintf("v%d %s (replaced: %s)", v.Number, v.At.Format(time.DateTime), v.Reason))
	}
	line("versions", strings.Join(vs, "\n            "))
	line("created", s.Created.Format(time.DateTime))
	_, err := fmt.Fprint(styledWriter(a.stdout), b.String())
	return err
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
}

type resourceOut struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
}

func (a *app) skillsActivateCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "activate NAME",
		Short: "Print a skill's instructions and its resource list (progressive disclosure)",
		Long: `Prints what an agent reads when it decides to use a skill: the SKILL.md body,
then the list of its resource files (references/, scripts/, assets/, ...) with
their sizes, which the agent opens only when it needs them. Nothing is executed.
A negative skill is printed under a warning line.

Activation is not counted as a use; report the outcome with lore skills used.`,
		Args: exactArgs(1, "one skill NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.withSkill(args[0], func(s *skills.Skill) error {
				if asJSON {
					out := activateOut{Key: s.Key, Name: s.Name, Status: string(s.Status), Negative: s.Negative,
						Location: a.skillLocation(s), Instructions: s.Instructions, Resources: []resourceOut{}}
					for _, f := range s.Files {
						out.Resources = append(out.Resources, resourceOut{f.Path, len(f.Content)})
					}
					return writeJSON(a.stdout, out)
				}
				var b strings.Builder
				if s.Status != skills.Active {
					fmt.Fprintf(a.stderr, "lore: %s is %s, not active; agents are not offered it\n", s.Key, s.Status)
				}
				if s.Negative {
					b.WriteString(strings.TrimSpace(search.NegativeLabel) + "\n\n")
				}
				b.WriteString(strings.TrimRight(s.Instructions, "\n") + "\n")
				if len(s.Files) > 0 {
					fmt.Fprintf(&b, "\nResources (%s, relative to the skill folder):\n", a.skillLocation(s))
					for _, f := range s.Files {
						fmt.Fprintf(&b, "- %s (%d bytes)\n", f.Path, len(f.Content))
					}
				}
				_, err := fmt.Fprint(a.stdout, b.String())
				return err
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "name", "status", "negative", "location", "instructions", "resources": [{"path", "bytes"}]}`)
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
	Stale     string  `json:"stale,omitempty"`
	Desc      string  `json:"description"`
}

// offered returns the skills an agent may be offered: active, and visible
// to consumer under the configured policy.
func (a *app) offered(lib []*skills.Skill, consumer string) ([]*skills.Skill, error) {
	pol, err := a.cfg.skillPolicy()
	if err != nil {
		return nil, err
	}
	var out []*skills.Skill
	for _, s := range lib {
		if s.Offered() && pol.Visible(strings.ToLower(consumer), s.Key) {
			out = append(out, s)
		}
	}
	return out, nil
}

func (a *app) views(lib []*skills.Skill) []search.Skill {
	out := make([]search.Skill, len(lib))
	for i, s := range lib {
		out[i] = s.View(a.skillLocation(s))
	}
	return out
}

func (a *app) skillsSearchCmd() *cobra.Command {
	var (
		asJSON   bool
		top      int
		consumer string
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
(two half-lives unused) carries a staleness warning.`,
		Args: exactArgs(1, "one QUERY (quote it)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.withLibrary(func(_ *store.Store, lib []*skills.Skill) error {
				pool, err := a.offered(lib, consumer)
				if err != nil {
					return err
				}
				res := search.Rank(a.views(pool), args[0], search.Options{Now: now(), Limit: top})
				hits := []searchHit{}
				for _, r := range res {
					hits = append(hits, searchHit{Key: r.Skill.Key, Name: r.Skill.Name, Score: r.Score, Relevance: r.Relevance,
						Decay: r.Decay, Feedback: r.Feedback, Negative: r.Skill.Negative, Stale: r.Stale, Desc: r.Skill.Description})
				}
				if asJSON {
					return writeJSON(a.stdout, struct {
						Query   string      `json:"query"`
						Results []searchHit `json:"results"`
					}{args[0], hits})
				}
				st := a.styles()
				var b strings.Builder
				if len(hits) == 0 {
					fmt.Fprintf(&b, "No active skill matches %q (%d active skill%s searched).\n", args[0], len(pool), plural(len(pool)))
				}
				for i, h := range hits {
					neg := ""
					if h.Negative {
						neg = st.Bad.Render(" warning")
					}
					fmt.Fprintf(&b, "%2d. %s%s %s\n    %s\n", i+1, h.Key, neg,
						st.Faint.Render(fmt.Sprintf("score %.3f = relevance %.3f × decay %.2f × feedback %.2f", h.Score, h.Relevance, h.Decay, h.Feedback)),
						truncateRunes(h.Desc, 110))
					if h.Stale != "" {
						fmt.Fprintf(&b, "    %s %s\n", st.Severity.Warning.Render("stale:"), h.Stale)
					}
				}
				_, err = fmt.Fprint(styledWriter(a.stdout), b.String())
				return err
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().IntVar(&top, "top", 10, "show at most this many results (0: all)")
	cmd.Flags().StringVar(&consumer, "consumer", "", "rank only the skills this consumer may see (skills.consumers in the configuration)")
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
location verbatim), for an agent's system prompt.

--query ranks the skills against a task (as lore skills search) and keeps the
matches, then adds the skills they import (seed 004: transitive, dependency
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
			return a.withLibrary(func(_ *store.Store, lib []*skills.Skill) error {
				pool, err := a.offered(lib, consumer)
				if err != nil {
					return err
				}
				ranked := search.Skills(search.Rank(a.views(pool), query, search.Options{Now: now()}))
				if strings.TrimSpace(query) != "" {
					ranked = a.withImports(ranked, pool)
				}
				block := search.Prompt(ranked, search.PromptOptions{Budget: budget})
				if asJSON {
					return writeJSON(a.stdout, struct {
						Prompt string `json:"prompt"`
					}{block})
				}
				_, err = fmt.Fprintln(a.stdout, block)
				return err
			})
		},
	}
	cmd.Flags().StringVar(&query, "query", "", "rank against this task and keep the matches (and what they import)")
	cmd.Flags().IntVar(&budget, "budget", 0, "most tokens the block may use (0: no limit)")
	cmd.Flags().StringVar(&consumer, "consumer", "", "only the skills this consumer may see")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"prompt": the block}`)
	return cmd
}

// withImports appends to ranked the skills they import, resolved in
// dependency order, taken from pool (what the consumer may be offered); an
// import outside pool is reported rather than included.
func (a *app) withImports(ranked []search.Skill, pool []*skills.Skill) []search.Skill {
	byKey := index(pool)
	var roots []string
	for _, r := range ranked {
		roots = append(roots, byKey[r.Key].Imports...)
	}
	order, warnings := resolveImports(roots, byKey)
	for _, w := range warnings {
		fmt.Fprintln(a.stderr, "lore: "+w)
	}
	have := make(map[string]bool)
	for _, r := range ranked {
		have[r.Key] = true
	}
	for _, k := range order {
		if !have[k] {
			have[k] = true
			ranked = append(ranked, byKey[k].View(a.skillLocation(byKey[k])))
		}
	}
	return ranked
}

func (a *app) skillsResolveCmd() *cobra.Command {
	var (
		asJSON   bool
		consumer string
	)
	cmd := &cobra.Command{
		Use:   "resolve NAME...",
		Short: "Resolve skills and their imports to the full set, dependency first",
		Long: `Resolves the skills named and everything they import (seed 004) to one list in
dependency-first order: each skill after the skills it imports, duplicates
removed. An import that closes a cycle is skipped with a warning naming the
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
			return a.withLibrary(func(_ *store.Store, lib []*skills.Skill) error {
				keys := make([]string, len(lib))
				for i, s := range lib {
					keys[i] = s.Key
				}
				roots := make([]string, len(args))
				for i, ref := range args {
					var err error
					if roots[i], err = skillRef(keys, ref); err != nil {
						return err
					}
				}
				order, warnings := resolveImports(roots, index(lib))
				hidden := []string{}
				if consumer != "" {
					pol, err := a.cfg.skillPolicy()
					if err != nil {
						return err
					}
					visible := pol.Filter(strings.ToLower(consumer), order)
					for _, k := range order {
						if !slices.Contains(visible, k) {
							hidden = append(hidden, k)
						}
					}
					order = visible
				}
				if order == nil {
					order = []string{}
				}
				if warnings == nil {
					warnings = []string{}
				}
				if asJSON {
					return writeJSON(a.stdout, struct {
						Skills   []string `json:"skills"`
						Hidden   []string `json:"hidden"`
						Warnings []string `json:"warnings"`
					}{order, hidden, warnings})
				}
				for _, w := range warnings {
					fmt.Fprintln(a.stderr, "lore: "+w)
				}
				for _, k := range order {
					fmt.Fprintln(a.stdout, k)
				}
				for _, k := range hidden {
					fmt.Fprintf(a.stderr, "lore: %s hidden from %s\n", k, consumer)
				}
				return nil
			})
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
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "review [NAME promote|archive|draft]",
		Short: "Show the review queue, or promote or archive a skill",
		Long: `Without arguments, lists the review queue: the draft skills, oldest first.
Generated skills and negative skills made from repeated failures start as
drafts; agents are offered only active skills.

With NAME and a decision, changes the skill's status: promote makes it active,
archive withdraws it (kept with its history; promote brings it back), draft
returns it to the queue. --note records why.`,
		Example: `  lore skills review
  lore skills review learn-linear-algebra promote
  lore skills review avoid-deploy-1a2b3c archive --note "fixed upstream"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch len(args) {
			case 0:
				return a.withLibrary(func(_ *store.Store, lib []*skills.Skill) error {
					var queue []*skills.Skill
					for _, s := range lib {
						if s.Status == skills.Draft {
							queue = append(queue, s)
						}
					}
					slices.SortStableFunc(queue, func(x, y *skills.Skill) int { return x.Created.Compare(y.Created) })
					at := now()
					rows := make([]skillRow, len(queue))
					for i, s := range queue {
						rows[i] = row(s, at)
					}
					if asJSON {
						return writeJSON(a.stdout, struct {
							Skills []skillRow `json:"skills"`
						}{rows})
					}
					if len(rows) == 0 {
						_, err := fmt.Fprintln(a.stdout, "No skill waits for review.")
						return err
					}
					return a.renderSkillRows(rows, len(lib))
				})
			case 2:
			default:
				return &core.UsageError{Msg: "lore skills review takes no arguments (the queue) or NAME and promote, archive or draft"}
			}
			to, ok := map[string]skills.Status{"promote": skills.Active, "archive": skills.Archived, "draft": skills.Draft}[args[1]]
			if !ok {
				return &core.UsageError{Msg: fmt.Sprintf("decision %q: use promote, archive or draft", args[1])}
			}
			if note == "" {
				note = map[string]string{"promote": "promoted", "archive": "archived", "draft": "returned to draft"}[args[1]] + " by review"
			}
			var key string
			err := a.updateOne(args[0], func(s *skills.Skill) ([]*skills.Skill, error) {
				key = s.Key
				if err := s.SetStatus(to, note, now()); err != nil {
					return nil, &core.UsageError{Msg: err.Error()}
				}
				return nil, nil
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, statusOut{key, string(to), note})
			}
			_, err = fmt.Fprintf(a.stdout, "%s is now %s\n", key, to)
			return err
		},
	}
	cmd.Flags().StringVar(&note, "note", "", "why (recorded with the status)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"skills": [...]} (the queue) or {"key", "status", "note"}`)
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
		Args: exactArgs(2, "a skill NAME and helpful or harmful"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[1] != "helpful" && args[1] != "harmful" {
				return &core.UsageError{Msg: fmt.Sprintf("vote %q: use helpful or harmful", args[1])}
			}
			var out struct {
				Key     string `json:"key"`
				Helpful int    `json:"helpful"`
				Harmful int    `json:"harmful"`
			}
			err := a.updateOne(args[0], func(s *skills.Skill) ([]*skills.Skill, error) {
				s.RecordFeedback(args[1] == "helpful", now())
				out.Key, out.Helpful, out.Harmful = s.Key, s.Helpful, s.Harmful
				return nil, nil
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			_, err = fmt.Fprintf(a.stdout, "%s: %d helpful, %d harmful\n", out.Key, out.Helpful, out.Harmful)
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "helpful", "harmful"}`)
	return cmd
}

func (a *app) skillsUsedCmd() *cobra.Command {
	var success, failure, asJSON bool
	cmd := &cobra.Command{
		Use:   "used NAME --success|--failure",
		Short: "Record that a skill was used, and whether the task succeeded",
		Long: `Counts one use with its outcome and dates it: a used skill stops decaying from
that day. To record why a use failed (and let repeated failures become a
negative skill), use lore skills report NAME --failure "...".`,
		Args: exactArgs(1, "one skill NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if success == failure {
				return &core.UsageError{Msg: "give exactly one of --success and --failure"}
			}
			var out struct {
				Key       string `json:"key"`
				Uses      int    `json:"uses"`
				Successes int    `json:"successes"`
				Failures  int    `json:"failures"`
			}
			err := a.updateOne(args[0], func(s *skills.Skill) ([]*skills.Skill, error) {
				s.RecordUse(success, now())
				out.Key, out.Uses, out.Successes, out.Failures = s.Key, s.Uses, s.Successes, s.Failures
				return nil, nil
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			_, err = fmt.Fprintf(a.stdout, "%s: %d use%s, %d succeeded\n", out.Key, out.Uses, plural(out.Uses), out.Successes)
			return err
		},
	}
	cmd.Flags().BoolVar(&success, "success", false, "the task succeeded")
	cmd.Flags().BoolVar(&failure, "failure", false, "the task failed")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"key", "uses", "successes", "failures"}`)
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
			var out struct {
				Key       string  `json:"key"`
				Signature string  `json:"signature"`
				Count     int     `json:"count"`
				Negative  *string `json:"negativeSkill"`
			}
			err = a.updateOne(args[0], func(s *skills.Skill) ([]*skills.Skill, error) {
				sig := skills.Signature(failure)
				neg, err := s.ReportFailure(sig, after, now())
				if err != nil {
					return nil, err
				}
				out.Key, out.Signature, out.Count = s.Key, sig, s.FailureSignatures[sig]
				if neg == nil {
					return nil, nil
				}
				out.Negative = &neg.Key
				return []*skills.Skill{neg}, nil
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			msg := fmt.Sprintf("%s: failure %q reported %d time%s\n", out.Key, out.Signature, out.Count, plural(out.Count))
			if out.Negative != nil {
				msg += fmt.Sprintf("created the negative skill %s (draft: lore skills review %s promote)\n", *out.Negative, *out.Negative)
			}
			_, err = fmt.Fprint(a.stdout, msg)
			return err
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
			return a.withKeys(nil, func(db *store.Store, all, _ []string) error {
				if slices.Contains(all, key) {
					return &core.UsageError{Msg: fmt.Sprintf("%s already exists; choose another name", key)}
				}
				extends := ""
				if about != "" {
					if extends, err = skillRef(all, about); err != nil {
						return err
					}
				}
				if body == "" {
					body = "# Warning\n\n" + desc + "\n"
				}
				w, err := skills.Warn(key, desc, body, extends, tt, os.Getenv("USER"), now())
				if err != nil {
					return &core.UsageError{Msg: err.Error()}
				}
				if err := db.PutSkills([]*skills.Skill{w}); err != nil {
					return err
				}
				if asJSON {
					return writeJSON(a.stdout, struct {
						Key     string `json:"key"`
						Status  string `json:"status"`
						Extends string `json:"extends"`
					}{w.Key, string(w.Status), w.Extends})
				}
				_, err = fmt.Fprintf(a.stdout, "created the negative skill %s (active)\n", w.Key)
				return err
			})
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
rollback itself can be rolled back. Status, usage and feedback are kept.`,
		Args: exactArgs(2, "a skill NAME and a VERSION number"),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(strings.TrimPrefix(args[1], "v"))
			if err != nil {
				return &core.UsageError{Msg: fmt.Sprintf("version %q is not a number", args[1])}
			}
			var out struct {
				Key      string `json:"key"`
				Version  int    `json:"version"`
				Restored int    `json:"restored"`
			}
			err = a.updateOne(args[0], func(s *skills.Skill) ([]*skills.Skill, error) {
				if err := s.Rollback(n, now()); err != nil {
					if errors.Is(err, skills.ErrNoVersion) {
						return nil, &core.UsageError{Msg: err.Error()}
					}
					return nil, err
				}
				out.Key, out.Version, out.Restored = s.Key, s.Version, n
				return nil, nil
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			_, err = fmt.Fprintf(a.stdout, "%s: version %d has the content of version %d\n", out.Key, out.Version, n)
			return err
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
			return a.withLibraryWritable(func(db *store.Store, lib []*skills.Skill) error {
				pairs := skills.NearDuplicates(lib, threshold)
				if !dryRun {
					for _, p := range pairs {
						err := db.UpdateSkills([]string{p.Into, p.From}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
							return recs, skills.Merge(recs[0], recs[1], now())
						})
						if err != nil {
							return err
						}
					}
				}
				if pairs == nil {
					pairs = []skills.Pair{}
				}
				if asJSON {
					return writeJSON(a.stdout, struct {
						Threshold float64       `json:"threshold"`
						DryRun    bool          `json:"dryRun"`
						Merges    []skills.Pair `json:"merges"`
					}{threshold, dryRun, pairs})
				}
				if len(pairs) == 0 {
					_, err := fmt.Fprintf(a.stdout, "No learned skills are %.2f similar or more.\n", threshold)
					return err
				}
				verb := "merged"
				if dryRun {
					verb = "would merge"
				}
				for _, p := range pairs {
					fmt.Fprintf(a.stdout, "%s %s into %s (similarity %.3f)\n", verb, p.From, p.Into, p.Score)
				}
				return nil
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
	Discovered int              `json:"discovered"`
	Imported   int              `json:"imported"`
	Skipped    []bundle.Skipped `json:"skipped"`
	Warnings   []string         `json:"warnings"`
}

func (a *app) skillsImportCmd() *cobra.Command {
	var (
		namespace             string
		dryRun, trust, strict bool
		asJSON                bool
	)
	cmd := &cobra.Command{
		Use:   "import PATH",
		Short: "Import Agent Skills folders into the library",
		Long: `Reads the skills at PATH — a SKILL.md, a skill folder, or a folder of skills
(SKILL.md in any case, up to 6 levels down and 2000 folders, skipping .git and
node_modules) — with every file of each skill folder (references/, scripts/,
assets/, anything), and adds them to the library as active imported skills.

Nothing is executed. Every text file is scanned by the sanitizer as a STRANGER
source: a skill with a critical finding (prompt injection, hidden characters,
...) is skipped; --trust scans it as HOME and imports it with a warning.
Secrets and personal data (keys, tokens, e-mail addresses, phone numbers, URL
queries) are redacted before anything is stored. SKILL.md is read with the
client guide's lenient rules (--strict: the reference validator's); a skill
that fails them, a symbolic link, or a folder over the bounds (4 MiB a file,
32 MiB and 1000 files a skill) is skipped with the reason. Links inside a
folder are not followed.

The key is NS.<name>: --namespace, else the namespace lore recorded when it
exported the skill, else public. A key found twice in PATH: the later one wins,
with a warning. A key already in the library gets the imported content as a
new version (lore skills rollback undoes it); its status, usage and feedback
stay. --dry-run reports what would happen and stores nothing.

Exit codes: 0 every skill found was imported, 1 some were skipped (the others
are imported), 2 usage error (no PATH, nothing found, bad namespace).`,
		Example: `  lore skills import ~/.claude/skills --dry-run
  lore skills import vendor/skills --namespace vendor --json`,
		Args: exactArgs(1, "one PATH (a SKILL.md, a skill folder or a folder of skills)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			root := args[0]
			plan, err := bundle.Import(root, bundle.ImportOptions{Namespace: namespace, Trust: trust, Strict: strict, Now: now()})
			if err != nil {
				return &core.UsageError{Msg: err.Error()}
			}
			if plan.Discovered == 0 {
				return &core.UsageError{Msg: fmt.Sprintf("no SKILL.md found in %s (searched %d levels deep, skipping .git and node_modules)", root, skillspec.MaxDiscoverDepth)}
			}
			out := skillsImportOut{Discovered: plan.Discovered, Imported: len(plan.Skills), Skipped: plan.Skipped, Warnings: plan.Warnings}
			db, err := a.openStore()
			if err != nil {
				return err
			}
			defer db.Close()
			lib, err := db.Skills()
			if err != nil {
				return err
			}
			existing := index(lib)
			var put []*skills.Skill
			for _, s := range plan.Skills {
				old, ok := existing[s.Key]
				if !ok {
					put = append(put, s)
					continue
				}
				changed, err := old.Update(s.Content, "imported from "+s.Provenance.Document, s.Updated)
				if err != nil {
					return err
				}
				if !changed {
					out.Warnings = append(out.Warnings, fmt.Sprintf("%s: already in the library with the same content", s.Key))
					continue
				}
				old.Source, old.Provenance, old.Lineage.Origin = skills.Imported, s.Provenance, s.Lineage.Origin
				out.Warnings = append(out.Warnings, fmt.Sprintf("%s: already in the library; the imported content is version %d", s.Key, old.Version))
				put = append(put, old)
			}
			if !dryRun {
				if err := db.PutSkills(put); err != nil {
					return err
				}
			}
			if asJSON {
				if err := writeJSON(a.stdout, out); err != nil {
					return err
				}
			} else {
				a.renderImport(out, plan.Skills, dryRun, trust)
			}
			if n := len(out.Skipped); n > 0 {
				return fmt.Errorf("%d of %d skill%s in %s skipped", n, out.Discovered, plural(out.Discovered), root)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&namespace, "namespace", "", "put every imported skill in this namespace (default: as exported, else public)")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "report what would be imported; store nothing")
	cmd.Flags().BoolVar(&trust, "trust", false, "vouch for the source: scan as HOME and import skills with critical findings, with a warning")
	cmd.Flags().BoolVar(&strict, "strict", false, "read SKILL.md with the reference validator's rules instead of the client guide's")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"discovered", "imported", "skipped": [{"path", "reason"}], "warnings"}`)
	return cmd
}

func (a *app) renderImport(out skillsImportOut, imported []*skills.Skill, dryRun, trust bool) {
	st := a.styles()
	var b strings.Builder
	verb := "imported"
	if dryRun {
		verb = "would import"
	}
	for _, s := range imported {
		fmt.Fprintf(&b, "%s %s %s\n", st.Good.Render("✓"), s.Key, st.Faint.Render(fmt.Sprintf("%d resource%s", len(s.Files), plural(len(s.Files)))))
	}
	for _, s := range out.Skipped {
		fmt.Fprintf(&b, "%s %s\n    %s\n", st.Bad.Render("✗"), s.Path, s.Reason)
	}
	for _, w := range out.Warnings {
		fmt.Fprintf(&b, "%s %s\n", st.Severity.Warning.Render("warning:"), w)
	}
	fmt.Fprintf(&b, "%s %d of %d skill%s found\n", verb, out.Imported, out.Discovered, plural(out.Discovered))
	if !trust && slices.ContainsFunc(out.Skipped, func(s bundle.Skipped) bool { return strings.Contains(s.Reason, "critical finding") }) {
		b.WriteString("skills with critical findings were skipped; lore scan PATH shows them, --trust imports them anyway\n")
	}
	fmt.Fprint(styledWriter(a.stdout), b.String())
}

func (a *app) skillsExportCmd() *cobra.Command {
	var (
		status, namespace string
		asJSON            bool
	)
	cmd := &cobra.Command{
		Use:   "export DIR",
		Short: "Write the library as Agent Skills folders",
		Long: `Writes each skill as DIR/<name>/ (SKILL.md and its resources), a layout every
Agent Skills client loads; every SKILL.md passes the reference validator's
strict rules. lore's own fields (namespace, task type, negative, extends,
imports, example queries, suggested tools) travel as metadata strings, so
lore skills import of the folder gives the same skills back, and exporting
them again gives identical files. Usage counts, feedback, status and versions
stay in the store (lore store backup keeps them).

--status chooses what is written: active, draft, archived, or all (default:
everything but archived). --namespace writes one namespace; two skills with the
same name in different namespaces cannot share DIR and are refused by name.
Nothing is overwritten: a skill folder that already exists with content is an
error, and nothing is written when any check fails.`,
		Example: `  lore skills export ~/.claude/skills --status active
  lore skills export /tmp/team-skills --namespace team`,
		Args: exactArgs(1, "one DIR to write the skill folders into"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains([]string{"", "all", "active", "draft", "archived"}, status) {
				return &core.UsageError{Msg: fmt.Sprintf("--status %q: use active, draft, archived or all", status)}
			}
			return a.withLibrary(func(_ *store.Store, lib []*skills.Skill) error {
				var pick []*skills.Skill
				for _, s := range lib {
					keep := status == "all" || string(s.Status) == status || (status == "" && s.Status != skills.Archived)
					if keep && (namespace == "" || s.Namespace() == namespace) {
						pick = append(pick, s)
					}
				}
				if len(pick) == 0 {
					return &core.UsageError{Msg: fmt.Sprintf("no skill to export (%d in the library; see lore skills list)", len(lib))}
				}
				written, err := bundle.Export(args[0], pick)
				if err != nil {
					return err
				}
				keys := make([]string, len(pick))
				for i, s := range pick {
					keys[i] = s.Key
				}
				if asJSON {
					return writeJSON(a.stdout, struct {
						Dir    string   `json:"dir"`
						Skills []string `json:"skills"`
						Files  []string `json:"files"`
					}{args[0], keys, written})
				}
				_, err = fmt.Fprintf(a.stdout, "wrote %d skill%s (%d files) to %s\n", len(pick), plural(len(pick)), len(written), args[0])
				return err
			})
		},
	}
	cmd.Flags().StringVar(&status, "status", "", "active, draft, archived or all (default: all but archived)")
	cmd.Flags().StringVar(&namespace, "namespace", "", "export only this namespace")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"dir", "skills": [keys], "files": [paths]}`)
	return cmd
}
