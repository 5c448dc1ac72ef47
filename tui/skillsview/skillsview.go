// Package skillsview is the Skills screen's body (read-only): the
// generated skills, agents and teams, the selected one's SKILL.md (or
// AGENT.md, TEAM.md) rendered with glamour under its frontmatter, and the
// result of the strict Agent Skills check.
//
// It does no I/O: the root loads the artifacts and hands them over with
// WithArtifacts. The strict check (core/skillspec) is pure and runs here,
// once per list, so that what is shown is what a client would accept.
package skillsview

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"go.yaml.in/yaml/v3"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/tui/markdown"
	"github.com/lore-kb/lore/tui/styles"
)

// field is one line of the frontmatter block: a key at a nesting depth,
// with its value ("" for a key that heads nested lines).
type field struct {
	depth      int
	key, value string
}

// entry is one artifact with everything View needs worked out once.
type entry struct {
	a core.Artifact
	// main is the index of the artifact's main file (SKILL.md, AGENT.md,
	// TEAM.md) in a.Files, or -1.
	main int
	// front is the parsed frontmatter, frontRaw its text when it does not
	// parse as a mapping; body is the Markdown after it.
	front    []field
	frontRaw []string
	body     string
	// strict says the Agent Skills check applies (a skill); errs are its
	// problems, none meaning valid. longBody is the body's line count when
	// it is over the specification's recommendation, else 0.
	strict   bool
	errs     []string
	longBody int
}

func (e *entry) valid() bool { return e.strict && len(e.errs) == 0 }

// Model is the Skills screen's body. The zero value is not usable; call
// New.
type Model struct {
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap

	entries  []entry
	loaded   bool
	cur, top int

	md *markdown.Renderer
	// head and doc are the selected artifact's fixed lines (title,
	// validation) and scrollable lines (frontmatter, rendered body), fitted
	// to the pane outside View, because View has a value receiver and must
	// stay cheap.
	head, doc []string
	scroll    int

	w, h int
	lay  layout
}

// New returns an empty Skills screen with the default key map.
func New(st styles.Styles) Model {
	return Model{keys: DefaultKeyMap(), md: markdown.New()}.SetStyles(st)
}

// SetStyles switches the styles (a light/dark change); the document is
// rendered again with the matching glamour style.
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	return m.refresh()
}

// WithKeyMap replaces the key bindings.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	return m
}

// KeyMap returns the bindings in use, for the root's help.
func (m Model) KeyMap() KeyMap { return m.keys }

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	m.lay = m.computeLayout()
	return m.keepVisible().refresh()
}

// WithArtifacts shows a fresh list of artifacts: skills first, then agents
// and teams, each by name. The selection stays on the same artifact when
// it is still there. Every skill is checked here against the strict
// profile.
func (m Model) WithArtifacts(arts []core.Artifact) Model {
	prev, hadPrev := m.Selected()
	es := make([]entry, len(arts))
	for i, a := range arts {
		es[i] = newEntry(a)
	}
	slices.SortStableFunc(es, func(x, y entry) int {
		return cmp.Or(cmp.Compare(kindRank(x.a.Kind), kindRank(y.a.Kind)), strings.Compare(x.a.Name, y.a.Name))
	})
	m.entries, m.loaded = es, true
	m.lay = m.computeLayout()
	m.cur, m.scroll = 0, 0
	if hadPrev {
		if i := slices.IndexFunc(es, func(e entry) bool { return e.a.Kind == prev.Kind && e.a.Name == prev.Name }); i >= 0 {
			m.cur = i
		}
	}
	return m.keepVisible().refresh()
}

func kindRank(k core.ArtifactKind) int {
	switch k {
	case core.SkillArtifact:
		return 0
	case core.AgentArtifact:
		return 1
	case core.TeamArtifact:
		return 2
	}
	return 3
}

// mainFile is the file an artifact of kind k is read from.
func mainFile(k core.ArtifactKind) string {
	switch k {
	case core.AgentArtifact:
		return "AGENT.md"
	case core.TeamArtifact:
		return "TEAM.md"
	}
	return "SKILL.md"
}

func newEntry(a core.Artifact) entry {
	e := entry{a: a, main: -1, strict: a.Kind == core.SkillArtifact || a.Kind == ""}
	want := mainFile(a.Kind)
	for i, f := range a.Files {
		// The shallowest match: a skill may carry other skills' files in
		// its references, never above its own.
		if path.Base(f.Path) == want && (e.main < 0 || strings.Count(f.Path, "/") < strings.Count(a.Files[e.main].Path, "/")) {
			e.main = i
		}
	}
	if e.main < 0 {
		if e.strict {
			e.errs = []string{"no SKILL.md among the skill's files"}
		}
		return e
	}
	f := a.Files[e.main]
	if e.strict {
		dir := path.Base(path.Dir(f.Path))
		if dir == "." || dir == "/" {
			dir = ""
		}
		_, e.errs = skillspec.ValidateStrict(dir, []byte(f.Content))
		if n := skillspec.BodyLines([]byte(f.Content)); n > skillspec.MaxBodyLines {
			e.longBody = n
		}
	}
	front, body, _, err := skillspec.SplitFrontmatter([]byte(f.Content))
	if err != nil {
		e.body = body
		return e
	}
	e.body = body
	e.front, e.frontRaw = parseFront(front)
	return e
}

// parseFront turns frontmatter into key: value lines; what does not parse
// as a mapping is returned as raw lines to show as they are, since an
// invalid skill is exactly the one whose frontmatter a person must see.
func parseFront(front string) ([]field, []string) {
	var doc yaml.Node
	raw := strings.Split(strings.TrimRight(front, "\n"), "\n")
	if err := yaml.Unmarshal([]byte(front), &doc); err != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, raw
	}
	var out []field
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if v.Kind == yaml.ScalarNode {
					out = append(out, field{depth, k.Value, v.Value})
					continue
				}
				out = append(out, field{depth: depth, key: k.Value})
				walk(v, depth+1)
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				if c.Kind == yaml.ScalarNode {
					out = append(out, field{depth, "-", c.Value})
					continue
				}
				out = append(out, field{depth: depth, key: "-"})
				walk(c, depth+1)
			}
		case yaml.AliasNode:
			out = append(out, field{depth, "*", n.Value})
		}
	}
	walk(doc.Content[0], 0)
	return out, nil
}

// Selected returns the selected artifact.
func (m Model) Selected() (core.Artifact, bool) {
	if m.cur < 0 || m.cur >= len(m.entries) {
		return core.Artifact{}, false
	}
	return m.entries[m.cur].a, true
}

// Valid reports the strict check of the selected artifact: applies is
// false for agents and teams, errs lists the problems of an invalid skill.
func (m Model) Valid() (applies bool, errs []string) {
	if m.cur < 0 || m.cur >= len(m.entries) {
		return false, nil
	}
	e := &m.entries[m.cur]
	return e.strict, slices.Clone(e.errs)
}

// Update handles key presses; everything else is the root's business.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	k := m.keys
	page := max(m.lay.listH-1, 1)
	half := max(m.docHeight()/2, 1)
	switch {
	case key.Matches(kp, k.Up):
		return m.move(-1), nil
	case key.Matches(kp, k.Down):
		return m.move(1), nil
	case key.Matches(kp, k.PageUp):
		return m.move(-page), nil
	case key.Matches(kp, k.PageDown):
		return m.move(page), nil
	case key.Matches(kp, k.Top):
		return m.move(-len(m.entries)), nil
	case key.Matches(kp, k.Bottom):
		return m.move(len(m.entries)), nil
	case key.Matches(kp, k.ScrollUp):
		return m.Scroll(-1), nil
	case key.Matches(kp, k.ScrollDown):
		return m.Scroll(1), nil
	case key.Matches(kp, k.HalfPageUp):
		return m.Scroll(-half), nil
	case key.Matches(kp, k.HalfPageDown):
		return m.Scroll(half), nil
	}
	return m, nil
}

// Click selects the artifact under the component-relative cell (x, y).
func (m Model) Click(x, y int) Model {
	lo := m.lay
	if len(m.entries) == 0 || x < 0 || x >= lo.listW || y < bodyTop || y >= bodyTop+lo.listH {
		return m
	}
	i := m.top + y - bodyTop
	if i >= len(m.entries) {
		return m
	}
	return m.move(i - m.cur)
}

// Scroll moves the document pane by delta lines (the mouse wheel): the
// list is short and moved with keys, the document is what one reads.
func (m Model) Scroll(delta int) Model {
	m.scroll = min(max(m.scroll+delta, 0), m.maxScroll())
	return m
}

func (m Model) move(d int) Model {
	if len(m.entries) == 0 {
		return m
	}
	c := min(max(m.cur+d, 0), len(m.entries)-1)
	if c == m.cur {
		return m
	}
	m.cur, m.scroll = c, 0
	return m.keepVisible().refresh()
}

func (m Model) keepVisible() Model {
	n := m.lay.listH
	if n <= 0 || len(m.entries) == 0 {
		m.top = 0
		return m
	}
	if m.cur < m.top {
		m.top = m.cur
	}
	if m.cur >= m.top+n {
		m.top = m.cur - n + 1
	}
	m.top = min(max(m.top, 0), max(len(m.entries)-n, 0))
	return m
}

func (m Model) docHeight() int {
	return max(m.lay.paneH-len(m.head), 0)
}

func (m Model) maxScroll() int {
	return max(len(m.doc)-m.docHeight(), 0)
}
