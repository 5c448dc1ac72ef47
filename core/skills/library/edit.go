package library

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
)

// EditReason is the reason Edit records for the version it replaces.
const EditReason = "edited in review"

// Edited is what Edit did.
type Edited struct {
	// Skill is the record as written (or as it was, when nothing changed).
	Skill *skills.Skill
	// Changed is false when the text given was the skill's already.
	Changed bool
	// Redacted counts the spans of the new text replaced, by kind.
	Redacted map[redact.Kind]int
	// Invalid are the strict profile's errors on the skill as written
	// (lore skills validate --strict): what still keeps it from being
	// promoted; nil when it passes.
	Invalid []string
}

// Edit replaces the description and instructions of the draft ref names
// with a reviewer's text. The text is held to what a proposal is held to
// (see Propose): scanned at STRANGER, the findings replacing the record's,
// and redacted before it is stored, so an edit can neither slip an
// injection past the acknowledgement a critical finding needs nor store a
// secret. The content the edit replaces is kept as a version
// (EditReason), for rollback.
//
// Only drafts are edited: an active skill is what agents are offered, and
// it goes back to the queue (Review to draft) before its text changes. An
// imported skill keeps its SKILL.md as its author wrote it and is edited
// in its folder and imported again. Those, an empty description or
// instructions, and text the library cannot hold are *core.UsageErrors.
func (l *Library) Edit(ref, description, instructions string) (Edited, error) {
	description = strings.TrimSpace(description)
	if description == "" {
		return Edited{}, &core.UsageError{Msg: "the description is empty: say when an agent should use the skill"}
	}
	if strings.TrimSpace(instructions) == "" {
		return Edited{}, &core.UsageError{Msg: "the instructions are empty: give the steps of the skill"}
	}
	var out Edited
	s, err := l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		switch {
		case s.Status != skills.Draft:
			return nil, &core.UsageError{Msg: fmt.Sprintf("%s is %s: only drafts are edited (lore skills review %s draft returns it to the queue)", s.Key, s.Status, s.Key)}
		case s.Original != nil || s.Source == skills.Imported:
			return nil, &core.UsageError{Msg: fmt.Sprintf("%s was imported and keeps its SKILL.md as written: edit the file whole (lore skills edit %s --file FILE, or e on the Skills screen)", s.Key, s.Key)}
		}
		c := s.Content
		c.Description, c.Instructions = description, instructions
		c, findings, counts := prepare(c)
		changed, err := s.Update(c, EditReason, l.now())
		if err != nil {
			return nil, &core.UsageError{Msg: err.Error()}
		}
		out.Changed, out.Redacted = changed, counts
		if changed {
			s.Findings = findings
		}
		return nil, nil
	})
	if err != nil {
		return Edited{}, err
	}
	out.Skill = s
	if e := invalid(s); e != nil {
		out.Invalid = e.Errors
	}
	return out, nil
}

// EditSkillMD replaces the SKILL.md of the imported draft ref names with
// md, a reviewer's fix of what the strict profile refuses in it (its
// frontmatter, its body). md is read as an import reads the skill's
// folder with it (bundle.Reread): under the lenient profile, every file
// scanned again at STRANGER, the findings replacing the record's, kept as
// written (an imported file is not redacted). The content it replaces is
// kept as a version (EditReason), for rollback, and the skill is written
// to the folder named after it from then on. Edited.Invalid says what
// the strict profile still refuses, if anything: the edit is stored all
// the same, a draft, so that a fix can take several steps.
//
// Only drafts are edited, and only imported ones (lore writes any other
// skill's SKILL.md from its fields: Edit). Those, a file the lenient
// profile refuses and a name that would make another key (a skill keeps
// its key) are *core.UsageErrors, and nothing changes.
func (l *Library) EditSkillMD(ref string, md []byte) (Edited, error) {
	var out Edited
	s, err := l.update(ref, func(s *skills.Skill) ([]*skills.Skill, error) {
		switch {
		case s.Status != skills.Draft:
			return nil, &core.UsageError{Msg: fmt.Sprintf("%s is %s: only drafts are edited (lore skills review %s draft returns it to the queue)", s.Key, s.Status, s.Key)}
		case s.Original == nil:
			return nil, &core.UsageError{Msg: fmt.Sprintf("%s was not imported: lore writes its SKILL.md from its fields; edit its description and instructions instead", s.Key)}
		}
		r, _, err := bundle.Reread(s, md, l.now())
		if err != nil {
			return nil, &core.UsageError{Msg: fmt.Sprintf("%s: %v", s.Key, err)}
		}
		changed, err := s.Update(r.Content, EditReason, l.now())
		if err != nil {
			return nil, &core.UsageError{Msg: err.Error()}
		}
		out.Changed = changed
		if changed {
			// The note says what keeps the draft from agents now: the
			// strict profile's errors, or only a person's review.
			s.Findings, s.Note = r.Findings, r.Note
		}
		return nil, nil
	})
	if err != nil {
		return Edited{}, err
	}
	out.Skill = s
	if e := invalid(s); e != nil {
		out.Invalid = e.Errors
	}
	return out, nil
}
