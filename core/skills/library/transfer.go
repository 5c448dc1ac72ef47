package library

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
)

// Import adds the skills of plan (read by bundle.Import) to the library
// and returns warnings to add to the plan's. A new key is added as
// planned. A key the library holds gets the imported content as a new
// version — its usage and feedback stay, its source, provenance and origin
// become the import's, and its status stays unless the imported version is
// a draft (not approved, or invalid), which sends an active skill back to
// the review queue — so lore skills rollback undoes an import; the same
// content again is left alone, with a warning. A skill planned active that
// the strict profile refuses (Invalid) is filed as a draft, with a
// warning, as bundle.Import plans it. With dryRun nothing is written, and
// the warnings say what would happen. For an Audience, a new key is the
// importing user's own skill (visibility user) until a reviewer promotes
// it, and a key held by another user's own skill is left alone.
func (l *Library) Import(plan bundle.Plan, dryRun bool) ([]string, error) {
	lib, err := l.st.Skills()
	if err != nil {
		return nil, err
	}
	held := byKey(lib)
	var put []*skills.Skill
	var warnings []string
	for _, s := range plan.Skills {
		if s.Status == skills.Active {
			// bundle.Import files an invalid skill as a draft; a plan
			// from anywhere else is held to the same rule here, where
			// every client's import is written.
			if e := invalid(s); e != nil {
				d := *s
				d.Status, d.Note = skills.Draft, "invalid under the strict profile (lore skills validate): "+strings.Join(e.Errors, "; ")
				s = &d
				warnings = append(warnings, fmt.Sprintf("%s: %s; filed as a draft, never made active by an import", s.Key, s.Note))
			}
		}
		if s.Status == skills.Active && s.Critical() && !plan.Acknowledged {
			// Only a person acknowledging it at the gate lets a critical
			// finding reach agents (Plan.Approve); no flag does.
			d := *s
			d.Status, d.Note = skills.Draft, criticalNote
			s = &d
			warnings = append(warnings, fmt.Sprintf("%s: %s", s.Key, criticalNote))
		}
		old, ok := held[s.Key]
		if !ok {
			if a := l.opts.Audience; a != nil && a.User != "" {
				// A user's import is theirs until a reviewer
				// promotes it (seed 003).
				d := *s
				d.Visibility, d.Owner, d.Provenance.User = skills.User, a.User, a.User
				s = &d
			}
			put = append(put, s)
			continue
		}
		if !l.opts.Audience.sees(old) {
			// Another user's own skill holds the key: an import
			// neither reveals nor changes it.
			warnings = append(warnings, fmt.Sprintf("%s: the name is taken; not imported", s.Key))
			continue
		}
		// The record becomes an imported one first, so that Update keeps
		// the content as imported (unredacted, checked as imports are).
		old.Source = skills.Imported
		changed, err := old.Update(s.Content, "imported from "+s.Provenance.Document, s.Updated)
		if err != nil {
			return nil, err
		}
		if !changed {
			warnings = append(warnings, fmt.Sprintf("%s: already in the library with the same content", s.Key))
			// The same files scanned again: what the scanner finds in
			// them now replaces what it found before, without a version.
			if !slices.EqualFunc(old.Findings, s.Findings, skills.SameFinding) {
				w, err := l.newCritical(old, s, plan.Acknowledged)
				if err != nil {
					return nil, err
				}
				warnings = append(warnings, w...)
				old.Findings, old.Provenance, old.Lineage.Origin = s.Findings, s.Provenance, s.Lineage.Origin
				put = append(put, old)
			}
			continue
		}
		w, err := l.newCritical(old, s, plan.Acknowledged)
		if err != nil {
			return nil, err
		}
		warnings = append(warnings, w...)
		old.Provenance, old.Lineage.Origin, old.Findings = s.Provenance, s.Lineage.Origin, s.Findings
		warnings = append(warnings, fmt.Sprintf("%s: already in the library; the imported content is version %d", s.Key, old.Version))
		if s.Status == skills.Draft && old.Status == skills.Active {
			// Content nobody approved must not stay active under an
			// approved skill's key: back to the review queue.
			if err := old.SetStatus(skills.Draft, s.Note, s.Updated); err != nil {
				return nil, err
			}
			warnings = append(warnings, fmt.Sprintf("%s: the imported version is a draft (%s); the skill is back in the review queue", s.Key, s.Note))
		}
		put = append(put, old)
	}
	if !dryRun {
		if err := l.st.PutSkills(put); err != nil {
			return nil, err
		}
	}
	return warnings, nil
}

// criticalNote is the note of a skill sent to the review queue because
// of a critical finding nobody acknowledged.
const criticalNote = "critical finding: in the review queue until a person promotes it acknowledging it (lore skills review KEY active --ack-critical)"

// newCritical sends the active skill old back to the review queue when
// the findings of its import s hold a critical finding old's do not (the
// content changed, or the scanner now sees more in the same content),
// unless a person acknowledged the plan's at the gate: what a person
// acknowledged before is not what they acknowledge now. It returns the
// warning saying so.
func (l *Library) newCritical(old, s *skills.Skill, acknowledged bool) ([]string, error) {
	if old.Status != skills.Active || acknowledged || !addsCritical(old.Findings, s.Findings) {
		return nil, nil
	}
	if err := old.SetStatus(skills.Draft, criticalNote, s.Updated); err != nil {
		return nil, err
	}
	return []string{fmt.Sprintf("%s: the import holds a critical finding the active skill did not; back in the review queue: %s", old.Key, criticalNote)}, nil
}

// addsCritical reports whether after holds a critical finding before does
// not hold (compared as records keep them).
func addsCritical(before, after []core.Finding) bool {
	for _, f := range after {
		if f.Severity == core.Critical && !slices.ContainsFunc(before, func(g core.Finding) bool { return skills.SameFinding(f, g) }) {
			return true
		}
	}
	return false
}

// Exported is what Export wrote.
type Exported struct {
	// Keys are the skills exported, in key order.
	Keys []string
	// Files are the paths of the files written (in a bundle, its entries).
	Files []string
	// Warnings are bundle.Notes: imported skills written as imported
	// though the strict validator refuses them.
	Warnings []string
}

// Export writes the skills f keeps under target: as Agent Skills folders
// in the folder target (bundle.Export), or, when target ends in .zip or
// .skill (bundle.IsBundle), as one zip bundle (bundle.ExportZip). Nothing
// is overwritten, and nothing is written when any check fails. Keeping no
// skill is a *core.UsageError.
func (l *Library) Export(target string, f Filter) (Exported, error) {
	pick, err := l.exportable(f)
	if err != nil {
		return Exported{}, err
	}
	write := bundle.Export
	if bundle.IsBundle(target) {
		write = bundle.ExportZip
	}
	files, err := write(target, pick)
	if err != nil {
		return Exported{}, err
	}
	return exported(pick, files), nil
}

// Zip is Export into a zip bundle in memory (bundle.Zip), for a caller
// whose files are elsewhere: the bundle's bytes, and what it holds.
func (l *Library) Zip(f Filter) (Exported, []byte, error) {
	pick, err := l.exportable(f)
	if err != nil {
		return Exported{}, nil, err
	}
	b, entries, err := bundle.Zip(pick)
	if err != nil {
		return Exported{}, nil, err
	}
	return exported(pick, entries), b, nil
}

// exportable are the skills f keeps for an export; none is a
// *core.UsageError.
func (l *Library) exportable(f Filter) ([]*skills.Skill, error) {
	sel, err := l.List(f)
	if err != nil {
		return nil, err
	}
	if len(sel.Skills) == 0 {
		kept := "no skill"
		if len(f.Status) == 1 {
			kept = "no " + string(f.Status[0]) + " skill"
		}
		return nil, &core.UsageError{Msg: fmt.Sprintf("%s to export (%d in the library of any status; see lore skills list)", kept, sel.Total)}
	}
	return sel.Skills, nil
}

func exported(pick []*skills.Skill, files []string) Exported {
	keys := make([]string, len(pick))
	for i, s := range pick {
		keys[i] = s.Key
	}
	return Exported{Keys: keys, Files: files, Warnings: bundle.Notes(pick)}
}

// CheckCategory is the category of the findings an import's review report
// adds for what the skill check says (bundle.CheckCategory).
const CheckCategory = bundle.CheckCategory

// ReviewReport is the hygiene report the approval gate decides an import
// plan by (read with bundle.ImportOptions.Gated), the same for every
// front end that asks a person: every finding of the plan, the skills' and
// the bundle's own, under source (the path imported), at the STRANGER
// tier. A skill folder is material from anywhere, so the third law applies
// whatever the scan found: it is imported only on an explicit approval,
// clean or not, and only once each critical finding is acknowledged.
// Passed says whether no finding is critical.
//
// Each skill's findings are those it is stored with (skills.Skill.Findings:
// the scanner's, each span of secrets or personal data, what the skill
// check says of its SKILL.md), offsets into plan.Texts, so that the gate,
// the Skills screen's reviewer and lore skills show list one set with the
// same evidence. Then come the findings about no skill of the plan (the
// bundle's own, a skipped skill's), each skipped skill and each of the
// plan's warnings that no skill's findings already say (CheckCategory).
// Locations are relative to source, the place in the skill's files.
func ReviewReport(plan bundle.Plan, source string, now time.Time) core.HygieneReport {
	fs := []core.Finding{}
	seen := map[core.Finding]bool{}
	files := map[string]bool{}
	for _, s := range plan.Skills {
		files[s.Provenance.Document] = true
		for _, f := range s.Findings {
			seen[f] = true
			fs = append(fs, f)
		}
	}
	for _, f := range plan.Findings {
		if !seen[f] {
			fs = append(fs, f)
		}
	}
	for _, sk := range plan.Skipped {
		fs = append(fs, core.Finding{File: sk.Path, Category: CheckCategory, Severity: core.Warning, Description: "skipped: " + sk.Reason,
			Location: sk.Path, Offset: -1, Evidence: "skill file: " + sk.Path, Recommendation: "lore skills validate shows why; the other skills are imported."})
	}
	for _, w := range plan.Warnings {
		where, what, ok := strings.Cut(w, ": ")
		if !ok {
			where, what = source, w
		}
		if files[where] {
			continue // the skill's own findings say it, with their places
		}
		fs = append(fs, core.Finding{File: where, Category: CheckCategory, Severity: core.Warning, Description: what,
			Location: where, Offset: -1})
	}
	for i := range fs {
		fs[i].Location = within(fs[i].Location, source)
	}
	passed := !slices.ContainsFunc(fs, func(f core.Finding) bool { return f.Severity == core.Critical })
	return core.HygieneReport{Source: source, Tier: core.Stranger, Findings: fs, Passed: passed, CheckedAt: now}
}

// within is loc relative to the path imported (a bundle's entries follow
// its "!"), as the skill's files are named in it; loc as it is when it
// names a place elsewhere.
func within(loc, source string) string {
	if source == "" {
		return loc
	}
	for _, sep := range []string{"!", "/", string(filepath.Separator)} {
		if rest, ok := strings.CutPrefix(loc, strings.TrimSuffix(source, sep)+sep); ok && rest != "" {
			return rest
		}
	}
	return loc
}
