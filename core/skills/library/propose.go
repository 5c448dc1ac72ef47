package library

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
)

// ProposedNamespace is where proposals land unless their name says
// otherwise: apart from what people and lore's own learning wrote.
const ProposedNamespace = "proposed"

// Proposal is a skill offered to the library by an agent (seed 003's
// propose_skill) or drawn from an agent's run. Nothing in it is trusted:
// Propose scans it as a stranger's text and redacts it before it is
// stored, and it becomes a draft in the review queue, never an active
// skill.
type Proposal struct {
	// Name is a key or an id (then ProposedNamespace.<id>); it is made a
	// valid name (lower case, hyphens) when it is not one.
	Name           string
	Description    string
	Instructions   string
	ExampleQueries []string
	SuggestedTools []string
	TaskType       search.TaskType
	// Negative marks a "don't do this" draft (repeated failures of a run).
	Negative bool
	// Origin says where the proposal came from ("mcp:claude-code",
	// "run:/path/RUN.jsonl"); By who sent it, if known.
	Origin string
	By     string
	// Owner, when set, is the user the draft belongs to: it is filed
	// with visibility user, seen by Owner alone (and by reviewers) until
	// a reviewer promotes it to the workspace (Promote). User, Agent and
	// Session record who created it (skills.Provenance).
	Owner   string
	User    string
	Agent   string
	Session string
	// SourceHash is seed 001's canonical hash of the proposal (see
	// skills.SourceHash); "" hashes the content. A proposal whose hash a
	// skill's lineage already holds adds nothing.
	SourceHash string
	// Written, when set, is the proposal's text as its source wrote it,
	// before the proposer generalised or redacted it (an agent run's
	// commands as the agent ran them, not with their queries dropped):
	// the scanners read it instead of the fields above, line for line
	// with them, so that a finding's location is one in the stored text.
	// It is never stored.
	Written *Written
}

// Written is the text of a proposal as its source wrote it (see
// Proposal.Written).
type Written struct {
	Description    string
	Instructions   string
	ExampleQueries []string
	// Quote, when set, is applied to what the findings quote of the
	// written text (evidence, description, flow) before they are kept, as
	// the proposer made the stored text of it: a run's home folders and
	// user names, which redaction does not take out, go the same way.
	Quote func(string) string
}

// Proposed is what Propose did.
type Proposed struct {
	Skill *skills.Skill
	// Duplicate: a skill already held the proposal's source hash, and
	// Skill is that skill, unchanged.
	Duplicate bool
	// Redacted counts the spans replaced, by kind.
	Redacted map[redact.Kind]int
}

// Propose files p as a draft: its text scanned at STRANGER (the findings
// are kept on the record, and a critical one must be acknowledged before
// the draft can be promoted), secrets and personal data redacted, under a
// free name. Content the library cannot hold (no description, say) is a
// *core.UsageError.
func (l *Library) Propose(p Proposal) (Proposed, error) {
	c := skills.Content{
		Description:    strings.TrimSpace(p.Description),
		Instructions:   p.Instructions,
		ExampleQueries: p.ExampleQueries,
		SuggestedTools: p.SuggestedTools,
		TaskType:       p.TaskType.Normalize(),
		Negative:       p.Negative,
	}
	if c.Description == "" {
		return Proposed{}, &core.UsageError{Msg: "a proposal needs a description: when an agent should use the skill"}
	}
	if strings.TrimSpace(c.Instructions) == "" {
		return Proposed{}, &core.UsageError{Msg: "a proposal needs instructions: the steps of the skill"}
	}
	scanned := c
	var quote func(string) string
	if w := p.Written; w != nil {
		scanned.Description, scanned.Instructions, scanned.ExampleQueries = strings.TrimSpace(w.Description), w.Instructions, w.ExampleQueries
		quote = w.Quote
	}
	c, findings, counts := prepareAs(c, scanned, quote)
	hash := p.SourceHash
	keys, err := l.st.SkillKeys()
	if err != nil {
		return Proposed{}, err
	}
	if hash != "" {
		held, err := l.holding(hash)
		if err != nil {
			return Proposed{}, err
		}
		if held != nil {
			return Proposed{Skill: held, Duplicate: true}, nil
		}
	}
	key, err := l.freeKey(p.Name, c.Description, keys)
	if err != nil {
		return Proposed{}, err
	}
	_, id, _ := scope.Split(key)
	c.Name = id
	prov := skills.Provenance{Document: p.Origin, By: p.By, User: p.User, Agent: p.Agent, AgentSession: p.Session}
	s, err := skills.New(key, c, skills.Proposed, skills.Draft, prov, l.now())
	if err != nil {
		return Proposed{}, &core.UsageError{Msg: err.Error()}
	}
	if p.Owner != "" {
		s.Visibility, s.Owner = skills.User, p.Owner
	}
	if hash != "" {
		s.Lineage.SourceHashes = append(s.Lineage.SourceHashes, hash)
	}
	s.Lineage.Origin = p.Origin
	s.Findings = findings
	s.Note = "proposed"
	if p.Origin != "" {
		s.Note = "proposed by " + p.Origin
	}
	if err := l.st.PutSkills([]*skills.Skill{s}); err != nil {
		return Proposed{}, err
	}
	return Proposed{Skill: s, Redacted: counts}, nil
}

// prepare is what an agent's text goes through before it is stored: it is
// scanned at STRANGER as the SKILL.md it will be rendered to (the findings
// are returned, to keep on the record), then its secrets and personal data
// are redacted, and its description is made one line of plain text for
// every client (angle brackets are what the standard forbids there).
// Propose and Edit share it, so a reviewer's edit is held to what a
// proposal is.
func prepare(c skills.Content) (skills.Content, []core.Finding, map[redact.Kind]int) {
	return prepareAs(c, c, nil)
}

// prepareAs is prepare for content c whose source wrote it as scanned
// (see Proposal.Written): the scanners read scanned, c is what is stored,
// and quote, when not nil, is applied to what the findings quote.
func prepareAs(c, scanned skills.Content, quote func(string) string) (skills.Content, []core.Finding, map[redact.Kind]int) {
	findings := scanProposal(scanned)
	if quote != nil {
		for i := range findings {
			findings[i] = findings[i].Quoting(quote)
		}
	}
	c, counts := skills.Redact(c)
	c.Description = strings.NewReplacer("<", "‹", ">", "›", "\n", " ").Replace(c.Description)
	return c, findings, counts
}

// SourceHashIndex is implemented by stores that index the skills by the
// source hashes of their lineage (the store does): a proposal is then
// checked without reading every skill.
type SourceHashIndex interface {
	SkillsWithSourceHash(hash string) ([]string, error)
}

// holding returns the skill whose lineage holds hash, or nil.
func (l *Library) holding(hash string) (*skills.Skill, error) {
	if idx, ok := l.st.(SourceHashIndex); ok {
		keys, err := idx.SkillsWithSourceHash(hash)
		if err == nil {
			for _, k := range keys {
				s, err := l.st.Skill(k)
				if err != nil {
					continue // an entry of a skill since gone or damaged
				}
				if slices.Contains(s.Lineage.SourceHashes, hash) {
					return s, nil
				}
			}
			return nil, nil
		}
		// No index (a read-only store written before it existed): read
		// the skills.
	}
	lib, err := l.st.Skills()
	if err != nil {
		return nil, err
	}
	for _, s := range lib {
		if slices.Contains(s.Lineage.SourceHashes, hash) {
			return s, nil
		}
	}
	return nil, nil
}

// scanProposal scans the text of a proposal as the SKILL.md it will be
// rendered to, at STRANGER: an agent's words are a stranger's.
func scanProposal(c skills.Content) []core.Finding {
	return redactFindings(sanitize.ScanText(skills.SkillFile, ScannedText(c), core.FormatMarkdown, core.Stranger))
}

// ScannedText is the text Propose and Edit scan for content c, its
// findings' File being SKILL.md and their locations lines and columns of
// it: the description in a frontmatter, the instructions, the example
// queries. The text scanned is not kept (it held what redaction took
// out); ScannedText of the stored content is the same text redacted,
// which a viewer can show a finding in, on the line its location names.
func ScannedText(c skills.Content) string {
	var b strings.Builder
	b.WriteString("---\ndescription: " + c.Description + "\n---\n\n")
	b.WriteString(c.Instructions)
	for _, q := range c.ExampleQueries {
		b.WriteString("\n\n" + q)
	}
	return b.String()
}

// freeKey turns a proposal's name (or, without one, its description) into
// a key no skill holds: a valid id, with -2, -3 … appended when taken.
func (l *Library) freeKey(name, description string, keys []string) (string, error) {
	ns, id := ProposedNamespace, name
	if n, i, ok := scope.Split(name); ok && n != "" {
		ns, id = n, i
	}
	id = Slug(id)
	if id == "" {
		id = Slug(description)
	}
	if id == "" {
		return "", &core.UsageError{Msg: fmt.Sprintf("proposal name %q has no letters or digits to name a skill by", name)}
	}
	for n := 1; ; n++ {
		cand := id
		if n > 1 {
			suf := "-" + strconv.Itoa(n)
			cand = strings.TrimRight(clipRunes(id, skillspec.MaxNameLength-len(suf)), "-") + suf
		}
		key := ns + "." + cand
		if !slices.Contains(keys, key) {
			return key, nil
		}
	}
}

// Slug makes s a skill name: lower-case letters and digits joined by
// single hyphens, at most the standard's length, cut at a word.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
		if b.Len() >= skillspec.MaxNameLength {
			break
		}
	}
	out := clipRunes(b.String(), skillspec.MaxNameLength)
	if len(out) == skillspec.MaxNameLength {
		if i := strings.LastIndexByte(out, '-'); i > 0 {
			out = out[:i]
		}
	}
	return strings.Trim(out, "-")
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
