package skillsview

import (
	"charm.land/bubbles/v2/key"

	"github.com/lore-kb/lore/tui/findings"
	"github.com/lore-kb/lore/tui/listwin"
)

// KeyMap holds the Skills screen's bindings. They are data so that the
// root's contextual help (`?`) is generated from the same values Update
// matches.
type KeyMap struct {
	// List moves through the skills, agents and teams.
	List listwin.Keys
	// ScrollUp and ScrollDown move the SKILL.md pane by a line,
	// HalfPageUp and HalfPageDown by half the pane.
	ScrollUp, ScrollDown, HalfPageUp, HalfPageDown key.Binding
	// Queue toggles the review queue: the library's drafts, oldest first.
	Queue key.Binding
	// Open opens the selected library skill across the screen: its
	// findings in the findings reviewer when the scan found any, else its
	// SKILL.md. ShowFindings switches an opened skill between the two,
	// and Back returns to the list.
	Open, ShowFindings, Back key.Binding
	// Promote, Archive and Draft move the selected library skill to
	// active, archived or draft. Promoting a skill with a critical
	// finding opens its findings instead, where each critical finding is
	// acknowledged before Findings.Approve promotes it.
	Promote, Archive, Draft key.Binding
	// Edit opens the editor of a draft's description and instructions;
	// EditSave stores the text (scanned and redacted as a proposal is),
	// EditNext moves between the two fields and EditCancel discards the
	// edit (asking first when text was typed). An imported draft is
	// edited whole: its SKILL.md, frontmatter and body, read again on
	// save as an import reads it, with what the strict profile still
	// refuses listed above it (no EditNext: one field).
	Edit, EditSave, EditNext, EditCancel key.Binding
	// Import opens the path input; ImportSubmit imports what it names
	// (through the approval gate, in the findings reviewer) and
	// ImportCancel closes it.
	Import, ImportSubmit, ImportCancel key.Binding
	// Allow asks for a consumer allowed to activate the selected active
	// skill without a question; ImportSubmit and ImportCancel answer it.
	Allow key.Binding
	// Share makes the selected skill, one user's own (a proposal on a
	// team server), the whole workspace's; its status is the review
	// keys' business.
	Share key.Binding
	// Yes and No answer a question the screen asks before something
	// would be lost: archiving a skill, discarding typed edits.
	Yes, No key.Binding
	// Findings are the findings reviewer's keys while an opened skill's
	// findings are shown: Acknowledge marks one read, Approve promotes
	// the skill (once every critical finding is acknowledged) and Reject
	// archives it.
	Findings findings.KeyMap
}

// DefaultKeyMap returns the Skills screen's default bindings.
func DefaultKeyMap() KeyMap {
	fk := findings.DefaultKeyMap()
	fk.Approve = key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "promote"))
	fk.Reject = key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "archive"))
	// A skill is promoted or not: there is no "with warnings" for it.
	fk.ApproveWarnings = key.Binding{}
	return KeyMap{
		List:         listwin.DefaultKeys(),
		ScrollUp:     key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K/shift+↑", "document up")),
		ScrollDown:   key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J/shift+↓", "document down")),
		HalfPageUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "document half page up")),
		HalfPageDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "document half page down")),
		Queue:        key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "review queue/all")),
		Open:         key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		ShowFindings: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "findings/draft")),
		Back:         key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to the list")),
		Promote:      key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "promote")),
		Archive:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "archive")),
		Draft:        key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "back to draft")),
		Edit:         key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		EditSave:     key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save (rescanned)")),
		EditNext:     key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "description/instructions")),
		EditCancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "discard")),
		Import:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "import skills")),
		Allow:        key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "allow for a consumer")),
		Share:        key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "share with the workspace")),
		ImportSubmit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "scan and review")),
		ImportCancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Yes:          key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:           key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),
		Findings:     fk,
	}
}

// ShortHelp lists the bindings a reviewer needs most. Model.KeyMap
// disables the ones that do nothing in the current mode (the list, an
// opened skill, its findings, the editor, the path input), so the help
// lists only what acts.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{
		k.Yes, k.No,
		k.EditSave, k.EditNext, k.EditCancel, k.ImportSubmit, k.ImportCancel,
		k.Findings.Acknowledge, k.Findings.Approve, k.Findings.Reject,
		k.Open, k.Promote, k.Share, k.Edit, k.Archive, k.Queue, k.Draft, k.ShowFindings, k.Back, k.Import, k.Allow, k.List.Up, k.List.Down,
	}
}

// FullHelp lists every binding, by purpose.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		k.List.Bindings(),
		{k.ScrollUp, k.ScrollDown, k.HalfPageUp, k.HalfPageDown, k.Findings.ScrollUp, k.Findings.ScrollDown},
		{k.Queue, k.Open, k.ShowFindings, k.Back, k.Promote, k.Archive, k.Draft, k.Share, k.Findings.Acknowledge, k.Findings.Approve, k.Findings.Reject},
		{k.Edit, k.EditSave, k.EditNext, k.EditCancel, k.Import, k.Allow, k.ImportSubmit, k.ImportCancel, k.Yes, k.No},
	}
}

// asking is the key map while a question waits: only Yes and No act.
func (k KeyMap) asking() KeyMap {
	k.List = k.List.WithEnabled(false)
	for _, b := range []*key.Binding{&k.ScrollUp, &k.ScrollDown, &k.HalfPageUp, &k.HalfPageDown, &k.Queue, &k.Open,
		&k.ShowFindings, &k.Back, &k.Promote, &k.Archive, &k.Draft, &k.Share, &k.Edit, &k.EditSave, &k.EditNext, &k.EditCancel,
		&k.Import, &k.Allow, &k.ImportSubmit, &k.ImportCancel} {
		b.SetEnabled(false)
	}
	fk := k.Findings
	fk.List = fk.List.WithEnabled(false)
	for _, b := range []*key.Binding{&fk.Acknowledge, &fk.Approve, &fk.ApproveWarnings, &fk.Reject, &fk.ScrollUp, &fk.ScrollDown} {
		b.SetEnabled(false)
	}
	k.Findings = fk
	return k
}
