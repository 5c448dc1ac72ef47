package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// moreHint tells a reader of a cut list where the rest is: the report is a
// summary, the session's changeset in the store has every entry.
const moreHint = " (see `lore show ID` / the session's changeset)"

// markdown renders a view in the layout of the reference's report (§2.12),
// with lore's additions (gate, findings, not-generated artifacts) and the
// lists cut as the view was.
func markdown(v *View) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }

	w("# lore learning report — %s\n\n", esc(v.SessionID))
	w("- **Source:** %s\n", esc(v.Source))
	if v.User != "" {
		w("- **Run by:** %s", esc(v.User))
		if v.Agent != "" {
			w(" (agent %s)", esc(v.Agent))
		}
		w("\n")
	}
	w("- **Started:** %s\n", stamp(v.StartedAt))
	w("- **Completed:** %s\n", stamp(v.CompletedAt))
	w("- **Duration:** %s\n", Duration(v.StartedAt, v.CompletedAt))
	if v.DryRun {
		w("- **Dry run:** yes, nothing was recorded\n")
	}
	if v.ContentType != "" {
		w("- **Content type:** %s\n", esc(v.ContentType))
	}
	if v.Domain != "" {
		w("- **Domain:** %s\n", esc(v.Domain))
	}
	if v.Documents > 0 {
		w("- **Documents:** %d\n", v.Documents)
	}
	if d := v.Decision; d != nil {
		w("- **Gate:** %s", esc(string(d.Status)))
		switch {
		case d.Person != "":
			w(" (by %s, %s)", esc(d.Person), esc(string(d.DecidedBy)))
		case d.DecidedBy != "":
			w(" (by %s)", esc(string(d.DecidedBy)))
		}
		if d.Rationale != "" {
			w(": %s", esc(d.Rationale))
		}
		w("\n")
	}
	if v.Findings != nil {
		w("- **Findings:** %s\n", findings(v.Findings))
	}

	w("\n## Summary\n\n| Metric | Count |\n|---|---|\n")
	for _, r := range []struct {
		k string
		n int
	}{
		{"Primitives added", v.Counts.Added},
		{"Primitives updated", v.Counts.Updated},
		{"Primitives skipped", v.Counts.Skipped},
		{"Conflicts", v.Counts.Conflicts},
		{"Skills generated", v.Generated.Skills},
		{"Agents generated", v.Generated.Agents},
		{"Teams generated", v.Generated.Teams},
		{"Dependency edges added", v.EdgesAdded},
	} {
		w("| %s | %d |\n", r.k, r.n)
	}

	w("\n## Primitives\n")
	p := v.Primitives
	if len(p.Added)+len(p.Updated)+len(p.Skipped)+len(p.Conflicts) == 0 {
		w("\nNo primitives processed.\n")
	}
	section := func(title, key string, list []Entry, line func(e *Entry)) {
		if len(list) == 0 {
			return
		}
		w("\n### %s\n\n", title)
		for i := range list {
			line(&list[i])
		}
		more(&b, v.Truncated[key], moreHint)
	}
	decision := func(e *Entry) {
		if e.UserDecision != "" {
			w(" [Decision: %s]", esc(string(e.UserDecision)))
		}
		w("\n")
	}
	section("Added", "primitives.added", p.Added, func(e *Entry) {
		if e.FinalID != "" && e.FinalID != e.CandidateID {
			w("- **%s** (candidate: %s)", esc(e.FinalID), esc(e.CandidateID))
		} else {
			w("- **%s**", esc(e.CandidateID))
		}
		w(" — %s: %s", esc(e.Action), esc(e.Rationale))
		decision(e)
	})
	withExisting := func(e *Entry, action bool) {
		w("- **%s**", esc(e.CandidateID))
		if e.ExistingID != "" {
			w(" (existing: %s)", esc(e.ExistingID))
		}
		if action {
			w(" — %s: %s", esc(e.Action), esc(e.Rationale))
		} else {
			w(" — %s", esc(e.Rationale))
		}
		decision(e)
	}
	section("Updated", "primitives.updated", p.Updated, func(e *Entry) {
		withExisting(e, true)
		if e.Was != "" || e.Now != "" {
			w("  - was: %s\n  - now: %s\n", esc(e.Was), esc(e.Now))
		}
	})
	section("Skipped", "primitives.skipped", p.Skipped, func(e *Entry) { withExisting(e, false) })
	section("Conflicts", "primitives.conflicts", p.Conflicts, func(e *Entry) { withExisting(e, true) })

	w("\n## Provenance Chains\n")
	if len(v.Provenance) == 0 {
		w("\nNo provenance entries for modifications.\n")
	}
	for _, g := range v.Provenance {
		w("\n### %s\n", esc(g.Action))
		for i := range g.Entries {
			e := &g.Entries[i]
			w("\n**%s** → %s\n", esc(e.CandidateID), esc(g.Action))
			item := func(k, val string) {
				if val != "" {
					w("- %s: %s\n", k, esc(val))
				}
			}
			item("Rationale", e.Rationale)
			item("Existing", e.ExistingID)
			if e.FinalID != e.CandidateID {
				item("Stored as", e.FinalID)
			}
			item("Original", e.OriginalFormalStatement)
			item("New", e.NewFormalStatement)
			item("User decision", string(e.UserDecision))
		}
		more(&b, v.Truncated["provenance."+g.Action], moreHint)
	}
	if n := v.Truncated["provenance.otherActions"]; n > 0 {
		w("\n… and %d more entries under further actions%s\n", n, moreHint)
	}

	if len(v.Artifacts) > 0 {
		w("\n## Generated Artifacts\n")
		byKind := map[core.ArtifactKind][]ArtifactView{}
		var other []ArtifactView
		for _, a := range v.Artifacts {
			switch a.Kind {
			case core.SkillArtifact, core.AgentArtifact, core.TeamArtifact:
				byKind[a.Kind] = append(byKind[a.Kind], a)
			default:
				other = append(other, a)
			}
		}
		if l := byKind[core.SkillArtifact]; len(l) > 0 {
			w("\n### Skills\n\n| Domain | Primitives | File |\n|---|---|---|\n")
			for _, a := range l {
				w("| %s | %d | %s |\n", esc(a.Domain), a.Primitives, files(a.Files))
			}
		}
		if l := byKind[core.AgentArtifact]; len(l) > 0 {
			w("\n### Agents\n\n| Agent | File |\n|---|---|\n")
			for _, a := range l {
				w("| %s | %s |\n", esc(a.Name), files(a.Files))
			}
		}
		if l := byKind[core.TeamArtifact]; len(l) > 0 {
			w("\n### Teams\n\n| Team | Agents | File |\n|---|---|---|\n")
			for _, a := range l {
				w("| %s | %d | %s |\n", esc(a.Name), a.Agents, files(a.Files))
			}
		}
		if len(other) > 0 {
			w("\n### Other\n\n| Kind | Name | Domain | File |\n|---|---|---|---|\n")
			for _, a := range other {
				w("| %s | %s | %s | %s |\n", esc(string(a.Kind)), esc(a.Name), esc(a.Domain), files(a.Files))
			}
		}
		more(&b, v.Truncated["artifacts"], "")
	}

	if len(v.NotGenerated) > 0 {
		w("\n## Not Generated\n\n| Kind | Domain | Reason |\n|---|---|---|\n")
		for _, a := range v.NotGenerated {
			w("| %s | %s | %s |\n", esc(string(a.Kind)), esc(a.Domain), esc(a.Reason))
		}
		more(&b, v.Truncated["notGenerated"], "")
	}

	if len(v.Errors) > 0 {
		w("\n## Errors\n\n")
		for _, e := range v.Errors {
			w("- %s\n", esc(e))
		}
		more(&b, v.Truncated["errors"], "")
	}

	if len(v.Notes) > 0 {
		w("\n## Notes\n\n")
		for _, n := range v.Notes {
			w("- %s\n", esc(n))
		}
		more(&b, v.Truncated["notes"], "")
	}

	w("\n## Options\n\n")
	rows := optionRows(&v.Options, v.Truncated["options.scope"])
	if len(rows) == 0 {
		w("No options specified.\n")
	} else {
		w("| Option | Value |\n|---|---|\n")
		for _, r := range rows {
			w("| %s | %s |\n", r[0], r[1])
		}
	}
	return b.String()
}

// more writes the "… and N more" line of a cut list, after a blank line so
// a Markdown table above it ends first.
func more(b *strings.Builder, n int, hint string) {
	if n > 0 {
		fmt.Fprintf(b, "\n… and %d more%s\n", n, hint)
	}
}

// optionRows are the options that were set, by their CLI flag names.
func optionRows(o *Options, scopeMore int) [][2]string {
	var rows [][2]string
	add := func(k, v string) { rows = append(rows, [2]string{k, v}) }
	if o.Domain != "" {
		add("domain", esc(o.Domain))
	}
	if o.Depth != "" {
		add("depth", esc(o.Depth))
	}
	if o.DryRun {
		add("dry-run", "true")
	}
	if len(o.Scope) > 0 {
		s := make([]string, len(o.Scope))
		for i, x := range o.Scope {
			s[i] = esc(x)
		}
		v := strings.Join(s, ", ")
		if scopeMore > 0 {
			v += fmt.Sprintf(" … and %d more", scopeMore)
		}
		add("scope", v)
	}
	if o.Tier != "" {
		add("tier", esc(o.Tier))
	}
	if o.Approve {
		add("approve", "true")
	}
	if o.Trust {
		add("trust", "true")
	}
	if o.ForceCritical {
		add("force-critical", "true")
	}
	return rows
}

func files(paths []string) string {
	if len(paths) == 0 {
		return "—"
	}
	s := make([]string, len(paths))
	for i, p := range paths {
		s[i] = esc(p)
	}
	return strings.Join(s, ", ")
}

// findings prints severity counts most severe first: "1 critical, 2 warning, 0 info".
func findings(m map[core.Severity]int) string {
	var parts []string
	known := map[core.Severity]bool{}
	for _, s := range core.Severities {
		known[s] = true
		parts = append(parts, fmt.Sprintf("%d %s", m[s], s))
	}
	var rest []string
	for s := range m {
		if !known[s] {
			rest = append(rest, string(s))
		}
	}
	sort.Strings(rest)
	for _, s := range rest {
		parts = append(parts, fmt.Sprintf("%d %s", m[core.Severity(s)], esc(s)))
	}
	return strings.Join(parts, ", ")
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return "unknown"
	}
	return t.UTC().Format(time.RFC3339)
}

// Duration formats a session's duration the reference's way: "Ns" under a
// minute, "Mm Ss" from a minute on (whole seconds, rounded), and "unknown"
// when either time is missing or completed is before started.
func Duration(started, completed time.Time) string {
	d, ok := duration(started, completed)
	if !ok {
		return "unknown"
	}
	s := int64(d.Round(time.Second) / time.Second)
	if s < 60 {
		return strconv.FormatInt(s, 10) + "s"
	}
	return fmt.Sprintf("%dm %ds", s/60, s%60)
}

// esc makes text safe inside a Markdown line or table cell: line breaks
// and tabs become spaces, hidden characters (bidi overrides, zero-width
// spaces, variation selectors: text.Hidden) are spelled ⟨U+XXXX⟩ as
// everywhere else so hostile text cannot hide in a report, and the characters that would end a table
// cell or start markup that changes the line (| \ ` * [ and <) are
// backslash-escaped. The text is already cut to its limit.
func esc(s string) string {
	clean := true
	for _, r := range s {
		if needsEsc(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case r == '|' || r == '\\' || r == '`' || r == '*' || r == '[' || r == '<':
			b.WriteByte('\\')
			b.WriteRune(r)
		case text.Hidden(r) != text.NotHidden:
			text.Spell(&b, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsEsc(r rune) bool {
	switch r {
	case '|', '\\', '`', '*', '[', '<':
		return true
	}
	return r < 0x20 || text.Hidden(r) != text.NotHidden
}
