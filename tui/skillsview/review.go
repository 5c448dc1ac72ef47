package skillsview

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/skills"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/tui/findings"
	"github.com/lore-kb/lore/tui/styles"
)

// The review of one library skill: opened across the screen, its SKILL.md
// or its findings in the findings reviewer (tui/findings), and the editor
// of a draft's description and instructions. The screen still does no
// I/O: a decision is a ReviewMsg, a saved edit an EditMsg, and the root
// carries them out in commands.

// mode is what the screen shows.
type mode int

const (
	// modeList is the list beside (or above) the selected entry's pane.
	modeList mode = iota
	// modeOpen is the selected library skill across the screen.
	modeOpen
	// modeEdit is the editor of the selected draft.
	modeEdit
)

// EditMsg asks the root to store a reviewer's text as the description
// and instructions of the draft Key (library.Edit: scanned and redacted as
// a proposal is) or, with Whole, SkillMD as the whole SKILL.md of the
// imported draft Key (library.EditSkillMD: read, scanned and checked as
// an import reads it). The root reports the outcome with EditDone, and a
// saved edit's standing with EditSaved.
type EditMsg struct {
	Key                       string
	Description, Instructions string
	Whole                     bool
	SkillMD                   string
}

// opened is the skill the screen has open: its key, and the version and
// date it had when its findings were put to the reviewer, so that a
// reload that changed it (an edit) puts them again.
type opened struct {
	key      string
	version  int
	updated  time.Time
	findings bool // the findings are shown, not the SKILL.md
}

// question is what the screen asks before something would be lost; y
// does it, n or esc leaves everything as it was.
type question struct {
	kind askKind
	// key is the library skill concerned; text the question shown.
	key, text string
	// press is the findings reviewer's archive key, handed to the
	// reviewer on y (zero when x was pressed on the list or the document).
	press tea.KeyPressMsg
}

type askKind int

const (
	// askArchive archives a skill.
	askArchive askKind = iota
	// askDiscard throws away the text typed into the editor.
	askDiscard
)

// askArchive asks before archiving the selected library skill; press is
// the findings reviewer's key when x was pressed there. A generated
// artifact is refused at once (review says why), and an archived skill
// has nothing to lose.
func (m Model) askArchive(press tea.KeyPressMsg) (Model, tea.Cmd) {
	e := m.selected()
	if e == nil || e.rec == nil || e.rec.Status == skills.Archived {
		return m.review(skills.Archived)
	}
	m.ask = &question{kind: askArchive, key: e.rec.Key, press: press,
		text: "archive " + e.rec.Key + "? (d makes it a draft again)"}
	return m, nil
}

// answer handles a key while a question waits: Yes does what was asked,
// No (or esc) leaves everything as it was; other keys do nothing.
func (m Model) answer(msg tea.Msg) (Model, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	q := *m.ask
	switch {
	case key.Matches(kp, m.keys.Yes):
		m.ask = nil
		switch {
		case q.kind == askDiscard:
			return m.discardEdit(), nil
		case q.press.Code != 0:
			// The reviewer rejects: its decision archives the skill.
			return m.reviewerKey(q.press)
		}
		return m.review(skills.Archived)
	case key.Matches(kp, m.keys.No):
		m.ask = nil
		if q.kind == askArchive {
			return m.WithNotice(q.key+" is not archived", false), nil
		}
		return m, nil
	}
	return m, nil
}

// discardEdit closes the editor, leaving the draft as it was.
func (m Model) discardEdit() Model {
	ed := m.ed
	ed.desc.Blur()
	ed.body.Blur()
	m.mode = ed.back
	return m.WithNotice("edit discarded: "+ed.key+" is unchanged", false).refresh()
}

// editor is the editor of a draft's text. It is shared by the model's
// copies, as the path input is (text fields are large and models are
// copied on every update); only the latest copy is used.
type editor struct {
	key    string
	desc   textinput.Model
	body   textarea.Model
	field  int // 0 the description, 1 the instructions
	saving bool
	err    string
	// back is the mode the editor returns to.
	back mode
	// desc0 and body0 are the text the editor opened with: esc asks
	// before throwing away anything typed since.
	desc0, body0 string
	// whole is set when body holds the whole SKILL.md of an imported
	// draft (frontmatter and body, as export writes it) and desc is not
	// used: its frontmatter, what the strict profile judges, is fixed
	// here.
	whole bool
	// invalid is what the strict profile refuses in the draft as last
	// saved (lore skills validate): shown above the text, so a
	// person sees what still keeps it from being promoted.
	invalid []string
	// saved says what the last save did, while the editor stays open on
	// a draft still refused.
	saved string
}

// changed reports whether the text differs from what the editor opened
// with.
func (ed *editor) changed() bool {
	return ed.desc.Value() != ed.desc0 || ed.body.Value() != ed.body0
}

func newEditor(st styles.Styles) *editor {
	d := textinput.New()
	d.Prompt = ""
	d.Placeholder = "when an agent should use the skill"
	d.CharLimit = 1024
	b := textarea.New()
	b.ShowLineNumbers = false
	b.Placeholder = "the steps of the skill (Markdown)"
	b.MaxHeight = 0
	ed := &editor{desc: d, body: b}
	ed.setStyles(st)
	return ed
}

func (ed *editor) setStyles(st styles.Styles) {
	ds := textinput.DefaultStyles(st.IsDark)
	ds.Cursor.Blink = false
	ed.desc.SetStyles(ds)
	bs := textarea.DefaultStyles(st.IsDark)
	bs.Cursor.Blink = false
	ed.body.SetStyles(bs)
}

// Editing reports whether the editor is open.
func (m Model) Editing() bool { return m.mode == modeEdit }

// Opened reports whether a library skill is open across the screen, and
// whether its findings (rather than its SKILL.md) are shown.
func (m Model) Opened() (open, showingFindings bool) {
	return m.mode == modeOpen, m.mode == modeOpen && m.open.findings
}

// Reviewer is the findings reviewer of the opened skill.
func (m Model) Reviewer() findings.Model { return m.fv }

// EditErr is why the editor's last save was refused, if it was.
func (m Model) EditErr() string {
	if m.mode != modeEdit {
		return ""
	}
	return m.ed.err
}

// EditDone is the outcome of the EditMsg the editor sent: on success the
// editor closes (the root reloads the library and says what the rescan
// found); on failure it stays open with the reason, the text kept.
func (m Model) EditDone(err error) Model {
	if m.mode != modeEdit {
		return m
	}
	m.ed.saving = false
	if err != nil {
		m.ed.err = err.Error()
		return m
	}
	m.ed.desc.Blur()
	m.ed.body.Blur()
	m.mode = m.ed.back
	return m.refresh()
}

// EditSaved follows a saved edit with what the strict profile still
// refuses in the draft (library.Edited.Invalid). The editor of a whole
// SKILL.md stays open on a draft still refused, listing each error above
// the text as saved, so that the person fixes the rest; otherwise it
// closes, as EditDone(nil) does.
func (m Model) EditSaved(version int, invalid []string) Model {
	if m.mode != modeEdit {
		return m
	}
	ed := m.ed
	if !ed.whole || len(invalid) == 0 {
		return m.EditDone(nil)
	}
	ed.saving, ed.err = false, ""
	ed.invalid = invalid
	ed.saved = fmt.Sprintf("saved as version %d; the strict profile still refuses %s (above): fix, then ctrl+s again (esc closes)",
		version, plural(len(invalid), "thing", "things"))
	ed.desc0, ed.body0 = ed.desc.Value(), ed.body.Value()
	return m.sizeEditor()
}

// findingsRequest puts the findings of s to the findings reviewer as a
// gate question whose choices are promote (approve) and archive
// (reject); a critical finding must be acknowledged before promotion.
// Each finding's place is relative to the skill's folder. The text that
// was scanned is not kept (it held what redaction took out); it is
// rebuilt from the stored content: an imported skill's files as they
// were imported (its SKILL.md as written, each resource's bytes), a
// proposal's or an edit's SKILL.md as the library scanned it
// (library.ScannedText). A finding is shown in its file where its
// location points at what the scanner quoted, else by the scanner's
// excerpt.
func findingsRequest(s *skills.Skill) gate.Request {
	fs := make([]core.Finding, len(s.Findings))
	var crit []int
	docs := storedTexts(s)
	texts := map[string]string{}
	starts := map[string][]int{}
	for i, f := range s.Findings {
		f.Location = s.FindingPlace(f)
		f.Offset, f.Length = -1, 0
		file := placeFile(f.Location)
		if doc, ok := docs[file]; ok {
			f.File = file
			if _, ok := starts[file]; !ok {
				starts[file] = lineStarts(doc)
			}
			if off, n, ok := locate(doc, starts[file], f); ok {
				f.Offset, f.Length = off, n
				texts[file] = doc
			}
		}
		fs[i] = f
		if f.Severity == core.Critical {
			crit = append(crit, i)
		}
	}
	if len(texts) == 0 {
		texts = nil
	}
	why := skilllib.OriginOf(s).Text
	if len(crit) > 0 {
		why += " · acknowledge each critical finding (space) before p promotes"
	}
	return gate.Request{
		Report:   core.HygieneReport{Source: s.Key, Tier: core.Stranger, Findings: fs, Passed: len(crit) == 0},
		Why:      why,
		Choices:  []core.ApprovalStatus{core.Approved, core.Rejected},
		Critical: crit,
		Texts:    texts,
	}
}

// storedTexts are the texts the findings of s point into, by their place
// relative to the skill's folder: for an imported skill every text file
// it keeps (the SKILL.md under the name its findings give it), for any
// other the SKILL.md as the library scanned it.
func storedTexts(s *skills.Skill) map[string]string {
	out := map[string]string{}
	if s.Original == nil {
		if skilllib.ScannedWhen(s) != "at import" {
			out[skills.SkillFile] = skilllib.ScannedText(s.Content)
		}
		return out
	}
	for _, f := range s.Findings {
		if file := placeFile(s.FindingPlace(f)); strings.EqualFold(file, skills.SkillFile) {
			out[file] = string(s.Original.SkillMD)
		}
	}
	out[skills.SkillFile] = string(s.Original.SkillMD)
	for _, f := range s.Files {
		if skills.IsText(f.Content) {
			out[f.Path] = string(f.Content)
		}
	}
	return out
}

// placeFile is the file of a place file:line:col (the place itself when
// it has no line and column).
func placeFile(place string) string {
	rest, col, ok := cutLast(place)
	if !ok {
		return place
	}
	file, line, ok := cutLast(rest)
	if !ok {
		return place
	}
	if _, err := strconv.Atoi(line); err != nil {
		return place
	}
	if _, err := strconv.Atoi(col); err != nil {
		return place
	}
	return file
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// locateCheck is how many runes at a located offset, and evidenceContext
// how many before it (the scanner's evidence starts that far before its
// match), must read as the scanner quoted them for the place to be
// trusted. maxLocateCol bounds the column walked to: past it (a minified
// line) the finding is shown by its excerpt, so that opening a skill with
// many findings on one huge line stays quick.
const (
	locateCheck     = 6
	evidenceContext = 40
	maxLocateCol    = 64 << 10
)

// lineStarts is the offset of each line of doc, the first line's first.
func lineStarts(doc string) []int {
	out := []int{0}
	for i := 0; ; {
		j := strings.IndexByte(doc[i:], '\n')
		if j < 0 {
			return out
		}
		i += j + 1
		out = append(out, i)
	}
}

// locate finds the byte offset in doc (whose lines start at starts) of
// finding f from its location (file:line:col, columns in runes), and
// trusts it only when the text
// there, with what precedes it, appears in the finding's evidence as the
// scanner spelled it: redaction may have moved the match along its line.
// n is the match's length where the evidence tells it (the scanner quotes
// evidenceContext runes after the match), else 0.
func locate(doc string, starts []int, f core.Finding) (off, n int, ok bool) {
	if doc == "" || f.Evidence == "" {
		return 0, 0, false
	}
	parts := strings.Split(f.Location, ":")
	if len(parts) < 3 {
		return 0, 0, false
	}
	line, err1 := strconv.Atoi(parts[len(parts)-2])
	col, err2 := strconv.Atoi(parts[len(parts)-1])
	if err1 != nil || err2 != nil || line < 1 || col < 1 || line > len(starts) || col > maxLocateCol {
		return 0, 0, false
	}
	off = starts[line-1]
	end := len(doc)
	if i := strings.IndexByte(doc[off:], '\n'); i >= 0 {
		end = off + i
	}
	for range col - 1 {
		if off >= end {
			return 0, 0, false
		}
		_, size := utf8.DecodeRuneInString(doc[off:])
		off += size
	}
	q, k := off, 0
	for q < end && k < locateCheck {
		_, size := utf8.DecodeRuneInString(doc[q:])
		q += size
		k++
	}
	p := off
	for n := 0; n < evidenceContext && p > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(doc[:p])
		p -= size
	}
	if k == 0 || !strings.Contains(f.Evidence, text.Visible(doc[p:q], text.InText)) {
		return 0, 0, false
	}
	return off, matchLength(doc, p, off, f.Evidence), true
}

// matchLength is the length of the match at off that evidence quotes,
// the text from p (where its context starts) on: the evidence is the
// text from p to evidenceContext runes past the match. 0 when the
// evidence does not tell (a long match cut in its middle, a match the
// document's end leaves less context after).
func matchLength(doc string, p, off int, evidence string) int {
	core := strings.TrimSuffix(strings.TrimPrefix(evidence, "…"), "…")
	if !strings.HasSuffix(evidence, "…") {
		return 0
	}
	for e := off; e <= len(doc); {
		v := text.Visible(doc[p:e], text.InText)
		if v == core {
			b := e
			for n := 0; n < evidenceContext && b > off; n++ {
				_, size := utf8.DecodeLastRuneInString(doc[:b])
				b -= size
			}
			return b - off
		}
		if !strings.HasPrefix(core, v) || e == len(doc) {
			return 0
		}
		_, size := utf8.DecodeRuneInString(doc[e:])
		e += size
	}
	return 0
}

// openSkill opens the selected library skill across the screen, its
// findings shown when asked and it has any.
func (m Model) openSkill(showFindings bool) Model {
	e := m.selected()
	if e == nil || e.rec == nil {
		return m
	}
	s := e.rec
	m.mode = modeOpen
	m.open = opened{key: s.Key, version: s.Version, updated: s.Updated, findings: showFindings && len(s.Findings) > 0}
	m.fv = m.fv.WithRequest(findingsRequest(s))
	m.scroll = 0
	return m.refresh()
}

// keepOpen follows a reload while a skill is open: the view closes when
// the skill is no longer shown, and its findings are put to the reviewer
// again when the record changed.
func (m Model) keepOpen() Model {
	if m.mode != modeOpen {
		return m
	}
	e := m.selected()
	if e == nil || e.rec == nil || e.rec.Key != m.open.key {
		m.mode = modeList
		return m.refresh()
	}
	if s := e.rec; s.Version != m.open.version || !s.Updated.Equal(m.open.updated) {
		return m.openSkill(m.open.findings)
	}
	return m
}

// closeOpen returns to the list.
func (m Model) closeOpen() Model {
	m.mode = modeList
	m.scroll = 0
	return m.refresh()
}

// updateOpen handles a key while a skill is open. Its findings take the
// reviewer's keys (acknowledge, promote, archive); its SKILL.md the
// document's scroll keys and the review keys.
func (m Model) updateOpen(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.keys
	e := m.selected()
	if e == nil || e.rec == nil {
		return m.closeOpen(), nil
	}
	switch {
	case key.Matches(kp, k.Back):
		return m.closeOpen(), nil
	case key.Matches(kp, k.ShowFindings):
		if len(e.rec.Findings) == 0 {
			return m.WithNotice("the scan found nothing in "+e.rec.Key, false), nil
		}
		m.open.findings = !m.open.findings
		return m.refresh(), nil
	case key.Matches(kp, k.Edit):
		return m.startEdit()
	}
	if m.open.findings {
		if key.Matches(kp, k.Findings.Reject) && m.fv.Pending() {
			return m.askArchive(kp)
		}
		return m.reviewerKey(kp)
	}
	next, cmd, _ := m.decideOrScroll(kp)
	return next, cmd
}

// reviewerKey hands a key to the findings reviewer of the open skill.
func (m Model) reviewerKey(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	e := m.selected()
	if e == nil || e.rec == nil {
		return m.closeOpen(), nil
	}
	var cmd tea.Cmd
	m.fv, cmd = m.fv.Update(kp)
	if cmd == nil {
		return m, nil
	}
	// The reviewer decided: promote or archive, then back to the list,
	// where the root's notice says how it went.
	return m.closeOpen(), decision(cmd, e.rec.Key, e.rec.Critical())
}

// decideOrScroll handles the keys the list and the open skill share: the
// review decisions and scrolling the document; ok is false for any other.
func (m Model) decideOrScroll(kp tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	k := m.keys
	half := max(m.docHeight()/2, 1)
	var next Model
	var cmd tea.Cmd
	switch {
	case key.Matches(kp, k.Promote):
		next, cmd = m.promote()
	case key.Matches(kp, k.Archive):
		next, cmd = m.askArchive(tea.KeyPressMsg{})
	case key.Matches(kp, k.Draft):
		next, cmd = m.review(skills.Draft)
	case key.Matches(kp, k.Share):
		next, cmd = m.share()
	case key.Matches(kp, k.ScrollUp):
		next, cmd = m.Scroll(-1)
	case key.Matches(kp, k.ScrollDown):
		next, cmd = m.Scroll(1)
	case key.Matches(kp, k.HalfPageUp):
		next, cmd = m.Scroll(-half)
	case key.Matches(kp, k.HalfPageDown):
		next, cmd = m.Scroll(half)
	default:
		return m, nil, false
	}
	return next, cmd, true
}

// decision turns the findings reviewer's answer (a findings.DecidedMsg,
// which the root would take for the gate's) into the review request it
// means for the skill key: approved is promote, acknowledged when the
// skill has a critical finding (the reviewer refuses to approve until
// each one is); rejected is archive.
func decision(cmd tea.Cmd, key string, critical bool) tea.Cmd {
	return func() tea.Msg {
		d, ok := cmd().(findings.DecidedMsg)
		if !ok {
			return nil
		}
		if d.Answer.Status == core.Rejected {
			return ReviewMsg{Key: key, To: skills.Archived}
		}
		return ReviewMsg{Key: key, To: skills.Active, Ack: critical}
	}
}

// promote asks to promote the selected library skill. One with a
// critical finding is not promoted from here: its findings open in the
// reviewer, which promotes it only once each critical finding is
// acknowledged, and says so. One the strict profile refuses is asked for
// all the same, critical or not: the library refuses it and the root's
// notice says why, rather than the reviewer asking for acknowledgements
// for a promotion that cannot be.
func (m Model) promote() (Model, tea.Cmd) {
	e := m.selected()
	if e == nil || e.rec == nil || e.rec.Status == skills.Active || !e.rec.Critical() || skilllib.Invalid(e.rec) != nil {
		return m.review(skills.Active)
	}
	n := 0
	for _, f := range e.rec.Findings {
		if f.Severity == core.Critical {
			n++
		}
	}
	m = m.openSkill(true)
	return m.WithNotice(fmt.Sprintf("%s has %s: acknowledge each (space), then p promotes it", e.rec.Key,
		plural(n, "critical finding", "critical findings")), true), nil
}

// share asks to make the selected skill, one user's own, the
// workspace's; a skill the workspace sees already is said so here.
func (m Model) share() (Model, tea.Cmd) {
	e := m.selected()
	switch {
	case e == nil:
		return m, nil
	case e.rec == nil:
		return m.notLibrary(e, "shared"), nil
	case e.rec.Visibility != skills.User:
		return m.WithNotice(e.rec.Key+" is the workspace's already: every user sees it", false), nil
	}
	req := ShareMsg{Key: e.rec.Key}
	return m, func() tea.Msg { return req }
}

// startEdit opens the editor on the selected draft.
func (m Model) startEdit() (Model, tea.Cmd) {
	e := m.selected()
	switch {
	case e == nil:
		return m, nil
	case e.rec == nil:
		return m.notLibrary(e, "edited"), nil
	case e.rec.Status != skills.Draft:
		return m.WithNotice(e.rec.Key+" is "+string(e.rec.Status)+": only drafts are edited (d returns it to draft)", true), nil
	case e.rec.Original == nil && e.rec.Source == skills.Imported:
		return m.WithNotice(e.rec.Key+" was imported before lore kept its SKILL.md: import its folder again to edit it", true), nil
	}
	ed := m.ed
	ed.key, ed.field, ed.saving, ed.err, ed.back = e.rec.Key, 1, false, "", m.mode
	ed.whole, ed.saved, ed.invalid = e.rec.Original != nil, "", nil
	var inv *skilllib.InvalidError
	if errors.As(skilllib.Invalid(e.rec), &inv) {
		ed.invalid = inv.Errors
	}
	ed.desc.SetValue(e.rec.Description)
	ed.desc.CursorEnd()
	ed.desc.Blur()
	if ed.whole {
		// An imported skill is its file as written: the whole of it is
		// edited, frontmatter included, and read again on save.
		ed.desc.SetValue("")
		ed.body.SetValue(string(e.rec.Original.SkillMD))
	} else {
		ed.body.SetValue(e.rec.Instructions)
	}
	ed.body.MoveToBegin()
	// What the fields hold, not the record's text: the inputs may clean
	// it (tabs, line endings), which is no edit of the person's.
	ed.desc0, ed.body0 = ed.desc.Value(), ed.body.Value()
	m.mode = modeEdit
	m = m.sizeEditor()
	return m, ed.body.Focus()
}

// sizeEditor fits the editor's fields to the screen: a line for the
// description, the rest for the instructions; or, for a whole SKILL.md,
// the lines saying what the strict profile refuses and the rest for the
// file.
func (m Model) sizeEditor() Model {
	w := max(m.w-2, 10)
	m.ed.desc.SetWidth(w)
	m.ed.body.SetWidth(w)
	chrome := editChrome
	if m.ed.whole {
		chrome = 2 + len(m.invalidLines())
	}
	m.ed.body.SetHeight(max(m.h-chrome, 1))
	return m
}

// editChrome is the editor's lines around the instructions: the header,
// the two labels, the description and the status line.
const editChrome = 5

// maxInvalidLines bounds the lines listing the strict profile's errors
// above a whole SKILL.md, so that the file keeps most of the screen.
const maxInvalidLines = 4

// updateEdit handles the editor: save, switch field, discard, or type.
func (m Model) updateEdit(msg tea.Msg) (Model, tea.Cmd) {
	ed := m.ed
	if ed.saving {
		return m, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		k := m.keys
		switch {
		case key.Matches(msg, k.EditCancel):
			if ed.changed() {
				m.ask = &question{kind: askDiscard, key: ed.key,
					text: "discard your edits to " + ed.key + "?"}
				return m, nil
			}
			return m.discardEdit(), nil
		case key.Matches(msg, k.EditSave):
			desc, body := strings.TrimSpace(ed.desc.Value()), ed.body.Value()
			if ed.whole {
				if strings.TrimSpace(body) == "" {
					ed.err = "the SKILL.md is empty: give its frontmatter and instructions"
					return m, nil
				}
				ed.saving, ed.err, ed.saved = true, "", ""
				req := EditMsg{Key: ed.key, Whole: true, SkillMD: body}
				return m, func() tea.Msg { return req }
			}
			switch {
			case desc == "":
				ed.err = "the description is empty: say when an agent should use the skill"
				return m, nil
			case strings.TrimSpace(body) == "":
				ed.err = "the instructions are empty: give the steps of the skill"
				return m, nil
			}
			ed.saving, ed.err = true, ""
			req := EditMsg{Key: ed.key, Description: desc, Instructions: body}
			return m, func() tea.Msg { return req }
		case key.Matches(msg, k.EditNext) && ed.whole:
			// One field: tab is typed into the file as the text area
			// takes it.
		case key.Matches(msg, k.EditNext):
			ed.field = 1 - ed.field
			if ed.field == 0 {
				ed.body.Blur()
				return m, ed.desc.Focus()
			}
			ed.desc.Blur()
			return m, ed.body.Focus()
		}
	case tea.PasteMsg:
	default:
		return m, nil
	}
	ed.err = ""
	var cmd tea.Cmd
	if ed.field == 0 {
		ed.desc, cmd = ed.desc.Update(msg)
	} else {
		ed.body, cmd = ed.body.Update(msg)
	}
	return m, cmd
}
