package library

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/text"
)

// Used is what reporting a use with a note did.
type Used struct {
	// Skill is the record as written.
	Skill *skills.Skill
	// Note is the note as stored ("" when none was given): redacted, its
	// hidden characters spelled out, cut to skills.MaxOutcomeNote runes.
	Note string
	// Findings are what the sanitizer found in the note as it was sent.
	Findings []core.Finding
	// Redacted counts the spans replaced in the note, by kind.
	Redacted map[redact.Kind]int
}

// UseWithNote counts one use of the skill ref names and its outcome, as
// Use does, and keeps note with it. A note comes from whoever reported the
// use, often an agent, so nothing in it is trusted: it is scanned as a
// stranger's text (the findings are kept beside it, for the person who
// reads it), its secrets and personal data are redacted, and its hidden
// characters are stored spelled out (⟨U+202E⟩), so that no invisible text
// rests in the store to reach a reader later. Only where only lets the
// user give feedback.
func (l *Library) UseWithNote(ref string, success bool, note string, only Only) (Used, error) {
	var out Used
	if note = strings.TrimSpace(note); note != "" {
		if r := []rune(note); len(r) > skills.MaxOutcomeNote {
			note = string(r[:skills.MaxOutcomeNote]) + "…"
		}
		out.Findings = redactFindings(sanitize.ScanText("note", note, core.FormatText, core.Stranger))
		red := redact.Text(note)
		out.Note, out.Redacted = text.Visible(red.Text, text.InText), red.Counts
	}
	s, err := l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		if err := only.check(ref, s); err != nil {
			return nil, err
		}
		s.RecordOutcome(success, out.Note, out.Findings, l.now())
		return nil, nil
	})
	if err != nil {
		return Used{}, err
	}
	out.Skill = s
	return out, nil
}

// redactFindings redacts what findings quote of the text they were found
// in: the evidence shows the match in its context, and a code finding's
// flow names the lines it reads and sends from, which may hold the very
// secret or address the text itself is stored without.
func redactFindings(fs []core.Finding) []core.Finding {
	for i := range fs {
		fs[i] = fs[i].Quoting(func(s string) string { return redact.Text(s).Text })
	}
	return fs
}
