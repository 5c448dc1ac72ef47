package generate

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/core/text"
)

var protocols = DomainInfo{ID: "protocols", Name: "Protocols",
	Description: "Communication protocols — handshakes, frames and messages exchanged between clients and servers over connections."}

// source builds n primitives of one learned source, the way extraction
// stores them: keywords as words, a title, a source and a document.
func source(title, src string, names, statements []string, n int) []core.Primitive {
	ps := make([]core.Primitive, n)
	for i := range ps {
		name := names[i%len(names)]
		if i >= len(names) {
			name = fmt.Sprintf("%s %d", name, i/len(names)+1)
		}
		stmt := statements[i%len(statements)]
		ps[i] = core.Primitive{
			ID:              fmt.Sprintf("%s-%d", text.Slug(src), i),
			Name:            name,
			Type:            core.Axiom,
			Domain:          "protocols",
			FormalStatement: stmt,
			Keywords:        text.Terms(text.Prose(stmt)),
			Confidence:      0.9,
			Provenance:      core.Provenance{Source: src, Document: src, Title: title, Section: "4.1"},
		}
	}
	// The first primitive is the most important: others depend on it.
	for i := 1; i < min(n, 6); i++ {
		ps[0].Enables = append(ps[0].Enables, ps[i].ID)
		ps[i].Dependencies = append(ps[i].Dependencies, core.Edge{Target: ps[0].ID, Type: core.Requires, Strength: 0.9})
	}
	return ps
}

func websocket(n int) []core.Primitive {
	return source("RFC 6455: The WebSocket Protocol", "rfc6455.txt",
		[]string{"Opening Handshake", "Client Masks Frames", "Close Frame", "Ping Frame", "Opcode Validation",
			"Endpoint Must Fail WebSocket Connection"},
		[]string{
			"The client MUST mask all frames that it sends to the server (see Section 5.3); use a masking key from https://github.com/x.",
			"The opening handshake is an HTTP Upgrade request; the server MUST reply with status 101 and the Sec-WebSocket-Accept header value.",
			"After sending a Close frame, the endpoint MUST NOT send any more data frames; the value of the close code is defined in Section 7.4.",
			"Suppose the endpoint receives a Ping frame; it MUST send a Pong frame in response, as shown in the following example.",
			"An endpoint MUST fail the WebSocket connection when it receives a frame with an unknown opcode, using the defined close code.",
		}, n)
}

func caching(n int) []core.Primitive {
	return source("RFC 7234: Hypertext Transfer Protocol (HTTP/1.1): Caching", "rfc7234.txt",
		[]string{"Stored Response Freshness", "Cache Key", "Stale Response", "Cache-Control Directive", "Response Validation"},
		[]string{
			"A cache MUST NOT use a stored response whose freshness lifetime has expired unless it is validated (see Section 4.3).",
			"The primary cache key consists of the request method and the target URI; a cache uses the value of the key to find a stored response.",
			"A cache MUST NOT send a stale response if the Cache-Control header contains the must-revalidate directive, as defined in https://www.rfc-editor.org.",
			"Suppose a Cache-Control directive no-store is present in a request; the cache MUST NOT store any part of the request or the response.",
			"When a stored response is validated with a conditional request, the cache uses the response to update the stored response's header fields.",
		}, n)
}

// TestSkillsOnePerSubject: two unrelated sources of one domain give two
// skills, each named and described by its source's title and holding only
// its own primitives, not one skill of the domain.
func TestSkillsOnePerSubject(t *testing.T) {
	prims := append(websocket(40), caching(30)...)
	outs := All(protocols, prims, nil, cfg())
	var skills []*core.Artifact
	for _, o := range outs {
		if o.Kind == core.SkillArtifact && o.Generated {
			skills = append(skills, o.Artifact)
		}
	}
	if len(skills) != 2 {
		t.Fatalf("%d skills: %+v", len(skills), outs)
	}
	want := map[string]struct {
		title, name string
		n           int
		own, other  string
	}{
		"learn-rfc-6455-the-websocket-protocol":                       {"RFC 6455: The WebSocket Protocol", "", 40, "Opening Handshake", "Cache Key"},
		"learn-rfc-7234-hypertext-transfer-protocol-http-1-1-caching": {"RFC 7234: Hypertext Transfer Protocol (HTTP/1.1): Caching", "", 30, "Stored Response Freshness", "Opening Handshake"},
	}
	for _, a := range skills {
		w, ok := want[a.Name]
		if !ok {
			t.Errorf("unexpected skill %s", a.Name)
			continue
		}
		checkArtifact(t, a)
		s := file(t, a, "SKILL.md")
		desc, meta := frontMeta(t, s)
		if !strings.HasPrefix(desc, "Lets an agent follow the requirements of "+w.title+".") || a.Primitives != w.n || meta["subject"] != w.title {
			t.Errorf("%s: description %q, %d primitives, subject %q", a.Name, desc, a.Primitives, meta["subject"])
		}
		if strings.Contains(desc, "handshakes, frames and messages") {
			t.Errorf("%s: the description is the domain's: %q", a.Name, desc)
		}
		// The key primitives, by importance, are named.
		if !strings.Contains(desc, "Covers: "+w.own) {
			t.Errorf("%s: key primitives missing from %q", a.Name, desc)
		}
		refs := file(t, a, "references/primitives.md")
		if !strings.Contains(refs, w.own) || strings.Contains(refs, w.other) {
			t.Errorf("%s holds another source's primitives", a.Name)
		}
	}
}

// TestSubjectsMergeOnlyTheSameSubject: sources with one title are one
// subject; sources that share only the domain, or only a generic title,
// are not.
func TestSubjectsMergeOnlyTheSameSubject(t *testing.T) {
	again := websocket(12)
	for i := range again {
		again[i].Provenance.Source, again[i].Provenance.Document = "https://example.org/rfc6455.txt", "https://example.org/rfc6455.txt"
		again[i].ID += "-url"
	}
	intro1 := source("Introduction", "a/README.md", []string{"Alpha"}, []string{"alpha beta"}, 3)
	intro2 := source("Introduction", "b/README.md", []string{"Gamma"}, []string{"gamma delta"}, 3)
	subs := Subjects(append(append(append(websocket(10), caching(10)...), again...), append(intro1, intro2...)...))
	var got []string
	for _, s := range subs {
		got = append(got, fmt.Sprintf("%s=%d", s.Title, len(s.Prims)))
	}
	want := "RFC 6455: The WebSocket Protocol=22|RFC 7234: Hypertext Transfer Protocol (HTTP/1.1): Caching=10|a README=3|b README=3"
	if strings.Join(got, "|") != want {
		t.Errorf("subjects %q\nwant       %q", strings.Join(got, "|"), want)
	}
}

// TestTriggersAreConcepts: triggers are the subject's concept words, never
// discourse ("suppose", "shown", "following"), generic ("use", "value",
// "defined", "section") or address words ("https", "github"), never stems.
func TestTriggersAreConcepts(t *testing.T) {
	prims := append(websocket(40), caching(30)...)
	for _, o := range Skills(protocols, prims, cfg()) {
		_, meta := frontMeta(t, file(t, o.Artifact, "SKILL.md"))
		triggers := strings.Split(meta["triggers"], ", ")
		if len(triggers) < 5 {
			t.Errorf("%s: triggers %q", o.Artifact.Name, triggers)
		}
		for _, tr := range triggers {
			for _, w := range strings.Fields(tr) {
				switch w {
				case "use", "value", "defined", "github", "https", "section", "suppose", "shown", "following", "example", "www", "see", "must", "fail":
					t.Errorf("%s: trigger %q", o.Artifact.Name, tr)
				}
				if text.Stem(w) == w && !strings.Contains(strings.ToLower(file(t, o.Artifact, "references/primitives.md")), w) {
					t.Errorf("%s: trigger %q is a stem, not a word", o.Artifact.Name, tr)
				}
			}
		}
		// Nor is an action part of a longer activation term ("fail
		// websocket" is a piece of "Endpoint Must Fail WebSocket
		// Connection").
		_, act, _ := strings.Cut(file(t, o.Artifact, "SKILL.md"), "## Activation Patterns\n")
		act, _, _ = strings.Cut(act, "\n## ")
		if strings.Contains(act, "fail") {
			t.Errorf("%s: activation patterns with an action:%s", o.Artifact.Name, act)
		}
		if o.Artifact.Name == "learn-rfc-6455-the-websocket-protocol" && !strings.HasPrefix(meta["triggers"], "websocket") {
			t.Errorf("websocket triggers %q", meta["triggers"])
		}
		if o.Artifact.Name != "learn-rfc-6455-the-websocket-protocol" && !strings.Contains(meta["triggers"], "cache") {
			t.Errorf("caching triggers %q", meta["triggers"])
		}
	}
}

// TestChapterWithAFewDozenResultsYieldsASkill: the threshold is per
// subject, and a chapter of two dozen results is one.
func TestChapterWithAFewDozenResultsYieldsASkill(t *testing.T) {
	o := Skills(protocols, websocket(24), cfg())
	if len(o) != 1 || !o[0].Generated {
		t.Fatalf("%+v", o)
	}
	o = Skills(protocols, websocket(7), cfg())
	if len(o) != 1 || o[0].Generated || o[0].Reason != "7 primitives; a skill needs 10" ||
		!strings.HasPrefix(o[0].Subject, `"RFC 6455: The WebSocket Protocol"`) {
		t.Fatalf("%+v", o)
	}
}

// TestSkippedSkillNamesItsSubjectInWords: a skill not generated says why
// in words, one primitive in the singular, and names its subject by its
// title and the documents it comes from, not by its domain's id (a source
// without a domain has lore's fallback, "learn", which read as the
// command).
func TestSkippedSkillNamesItsSubjectInWords(t *testing.T) {
	p := core.Primitive{ID: "learn-widget", Name: "Widget", Type: core.Definition, Domain: "learn",
		FormalStatement: "A widget is a small gadget with a handle and a lever.",
		Provenance:      core.Provenance{Source: "standard input", Document: "stdin.md", Title: "T"}}
	o := Skills(DomainInfo{ID: "learn", Name: "learn"}, []core.Primitive{p}, cfg())
	if len(o) != 1 || o[0].Generated {
		t.Fatalf("%+v", o)
	}
	if o[0].Reason != "1 primitive; a skill needs 10" || o[0].Subject != `"T" (from stdin.md)` {
		t.Errorf("reason %q, subject %q; want \"1 primitive; a skill needs 10\" about \"T\" from stdin.md", o[0].Reason, o[0].Subject)
	}
	for _, c := range []struct {
		sub  Subject
		want string
	}{
		{Subject{Title: "Groups", Docs: []string{"c.md", "d.md", "e.md", "f.md"}}, `"Groups" (from c.md, d.md, e.md and 1 more)`},
		{Subject{Title: "notes.md", Docs: []string{"notes.md"}}, `"notes.md"`},
		{Subject{Docs: []string{"a.md"}}, "a.md"},
		{Subject{}, ""},
	} {
		if got := SubjectLabel(c.sub); got != c.want {
			t.Errorf("SubjectLabel(%+v) = %q, want %q", c.sub, got, c.want)
		}
	}
}

// TestSearchFindsSkillByPrimitiveName: the skill lists every primitive's
// name, so lore skills search (BM25 over name, description and body)
// finds it by the name of one it holds that is nowhere else in the text.
func TestSearchFindsSkillByPrimitiveName(t *testing.T) {
	ws := websocket(40)
	ws[33].Name = "Fragmented Message Reassembly"
	var lib []search.Skill
	for _, o := range Skills(protocols, append(ws, caching(30)...), cfg()) {
		content := file(t, o.Artifact, "SKILL.md")
		front, body, _, err := skillspec.SplitFrontmatter([]byte(content))
		if err != nil {
			t.Fatal(err)
		}
		desc, _ := frontMeta(t, content)
		_ = front
		lib = append(lib, search.Skill{Key: "public." + o.Artifact.Name, Name: o.Artifact.Name, Description: desc, Body: body})
	}
	for q, want := range map[string]string{
		"Fragmented Message Reassembly": "learn-rfc-6455-the-websocket-protocol",
		"stale response":                "learn-rfc-7234-hypertext-transfer-protocol-http-1-1-caching",
		"cache key":                     "learn-rfc-7234-hypertext-transfer-protocol-http-1-1-caching",
	} {
		res := search.Rank(lib, q, search.Options{})
		if len(res) == 0 || res[0].Skill.Name != want {
			t.Errorf("search %q: %+v, want %s first", q, res, want)
		}
	}
}

// TestSubjectNames: names follow the title, fit 64 characters, keep the
// title's last words when a parenthesis can go, never end like the
// domain's agent or team, and never take a name another domain holds.
func TestSubjectNames(t *testing.T) {
	cases := []struct {
		title    string
		reserved []string
		want     string
	}{
		{"RFC 6455: The WebSocket Protocol", nil, "learn-rfc-6455-the-websocket-protocol"},
		{"RFC 7234: Hypertext Transfer Protocol (HTTP/1.1): Caching and Conditional Requests Again", nil, "learn-rfc-7234-hypertext-transfer-protocol-caching-and-conditional"},
		// a part of a work keeps as much of the work's name as fits
		{"User Agent Requirements (RFC 6265: HTTP State Management Mechanism)", nil, "learn-user-agent-requirements-rfc-6265-http-state-management"},
		{"Elements of Protocol (RFC 4511: Lightweight Directory Access Protocol (LDAP): The Protocol)", nil, "learn-elements-of-protocol-rfc-4511-lightweight-directory-access"},
		{"Equivalences", []string{"learn-equivalences"}, "learn-equivalences-protocols"},
		{"Protocol Agent", nil, "learn-protocol-agent-skill"},
		{"", nil, "learn-protocols"},
		{"Теорема", nil, "learn-protocols"},
	}
	for _, c := range cases {
		res := map[string]bool{}
		for _, r := range c.reserved {
			res[r] = true
		}
		got := subjectName(protocols, &Subject{Key: c.title, Title: c.title}, res)
		if len(got) > 64 || !skillspec.IsPortableName(got) {
			t.Errorf("%q: name %q is not portable", c.title, got)
		}
		if c.want != "" && got != c.want && !(len(c.want) > 64 && strings.HasPrefix(got, c.want[:40])) {
			t.Errorf("%q: name %q, want %q", c.title, got, c.want)
		}
	}
}

// A tutorial's own words say what kind of text it is, not what a task is
// about: "steps", "tutorial" and "describes" are never triggers, while a
// word that shares a stem with none of them ("container", "description")
// still is.
func TestGenreWordsAreNotConcepts(t *testing.T) {
	for w, want := range map[string]bool{
		"steps": false, "step": false, "tutorial": false, "guides": false, "describes": false,
		"container": true, "description": true, "sentinel": true,
	} {
		if got := isConceptWord(w); got != want {
			t.Errorf("isConceptWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// An item's Roman numeral and the words of place and manner are no
// triggers; "cli" and "civil" are words.
func TestTriggerFragments(t *testing.T) {
	for w, want := range map[string]bool{"iii": false, "xiv": false, "vii": false, "along": false, "elsewhere": false,
		"write": false, "cli": true, "civil": true, "websocket": true} {
		if got := isConceptWord(w); got != want {
			t.Errorf("isConceptWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// Every generated skill carries its evals: tasks drawn from its own
// concepts, queries that should load it, and queries from its domain's
// other subjects and from no subject that should not.
func TestSkillsCarryEvals(t *testing.T) {
	outs := Skills(protocols, append(websocket(40), caching(30)...), cfg())
	if len(outs) != 2 {
		t.Fatalf("%d skills, want 2", len(outs))
	}
	for _, o := range outs {
		var set EvalSet
		if err := json.Unmarshal([]byte(file(t, o.Artifact, EvalsFile)), &set); err != nil {
			t.Fatalf("%s: %v", EvalsFile, err)
		}
		if set.SkillName != o.Artifact.Name || len(set.Evals) == 0 || set.Evals[0].ID != 1 || set.Evals[0].Prompt == "" || set.Evals[0].ExpectedOutput == "" {
			t.Errorf("%s: evals %+v", o.Artifact.Name, set)
		}
		var trig []TriggerEval
		if err := json.Unmarshal([]byte(file(t, o.Artifact, TriggerEvalsFile)), &trig); err != nil {
			t.Fatalf("%s: %v", TriggerEvalsFile, err)
		}
		should, shouldNot := 0, 0
		for _, q := range trig {
			if q.ShouldTrigger {
				should++
			} else {
				shouldNot++
			}
		}
		// the other subject's concepts and the unrelated request
		if should == 0 || shouldNot < 2 {
			t.Errorf("%s: trigger evals %+v", o.Artifact.Name, trig)
		}
	}
}

// Two guides both titled "Quick Start" are two subjects, not one: a title
// every project's first page carries tells nothing of which project.
func TestGenericGuideTitlesStayApart(t *testing.T) {
	var prims []core.Primitive
	for i, src := range []string{"kind.md", "hugo.md"} {
		for k := 0; k < 3; k++ {
			prims = append(prims, core.Primitive{ID: fmt.Sprintf("p%d-%d", i, k), Name: "Step", Type: core.Technique,
				Provenance: core.Provenance{Source: src, Document: src, Title: "Quick Start"}})
		}
	}
	if subs := Subjects(prims); len(subs) != 2 {
		t.Errorf("%d subjects, want 2", len(subs))
	}
}

// A work too large for one skill is one subject per chapter, in the
// book's order whatever order the store gives, a chapter too small for a
// skill with its neighbour, each titled by its chapters and the work.
func TestLargeWorkSplitByChapter(t *testing.T) {
	var prims []core.Primitive
	for c, ch := range []struct {
		title string
		n     int
	}{{"Preface", 3}, {"Groups", 60}, {"Rings", 60}, {"Changes", 4}} {
		for k := 0; k < ch.n; k++ {
			prims = append(prims, core.Primitive{ID: fmt.Sprintf("%s-%d", ch.title, k), Name: "Concept", Type: core.Definition, Chapter: c + 1,
				Provenance: core.Provenance{Source: "algebra.tex", Document: "algebra.tex", Title: "Abstract Algebra", Chapter: ch.title, Offset: 1000*c + k}})
		}
	}
	slices.Reverse(prims)
	subs := Subjects(prims)
	var got []string
	for _, s := range subs {
		got = append(got, fmt.Sprintf("%s:%d", s.Title, len(s.Prims)))
	}
	if want := []string{"Groups — Abstract Algebra:63", "Rings — Abstract Algebra:64"}; !slices.Equal(got, want) {
		t.Errorf("subjects %q, want %q", got, want)
	}
	// a work a skill can teach whole stays whole
	if subs := Subjects(prims[:100]); len(subs) != 1 {
		t.Errorf("100 primitives: %d subjects", len(subs))
	}
}

// The skills of one work (a book, a folder learned as one) name each
// other; skills of two works do not.
func TestSkillsOfOneWorkNameEachOther(t *testing.T) {
	ws, ca := websocket(40), caching(30)
	for i := range ws {
		ws[i].Provenance.Book = "rfcs.tex"
	}
	for i := range ca {
		ca[i].Provenance.Book = "rfcs.tex"
	}
	skillsOf := func(prims []core.Primitive) map[string]string {
		got := map[string]string{}
		for _, o := range All(protocols, prims, nil, cfg()) {
			if o.Kind == core.SkillArtifact && o.Generated {
				got[o.Artifact.Name] = file(t, o.Artifact, "SKILL.md")
			}
		}
		return got
	}
	got := skillsOf(append(ws, ca...))
	if s := got["learn-rfc-6455-the-websocket-protocol"]; !strings.Contains(s, "## Other skills of the same work\n\n- `learn-rfc-7234-hypertext-transfer-protocol-http-1-1-caching`: \"RFC 7234") {
		t.Errorf("the sibling is not named:\n%s", s)
	}
	for i := range ca {
		ca[i].Provenance.Book = "other.tex"
	}
	for name, s := range skillsOf(append(ws, ca...)) {
		if strings.Contains(s, "Other skills of the same work") {
			t.Errorf("%s names a skill of another work", name)
		}
	}
}

// A title any work may have is given the name the work goes by; a title
// with a word of its own, or a work that names nothing, is left alone.
func TestWorkTitledNamesTheWork(t *testing.T) {
	prims := []core.Primitive{
		{Name: "Attack model", FormalStatement: "An attacker who controls the repository cannot make Borg accept a forged chunk."},
		{Name: "Key derivation", FormalStatement: "Borg derives the chunk id key from the passphrase. The chunker is seeded."},
		{Name: "Channel flavors", FormalStatement: "The `crossbeam-channel` crate offers three flavors; crossbeam-channel is an upgrade."},
		{Name: "Channel capacity", FormalStatement: "A zero-capacity channel in `crossbeam-channel` blocks."},
	}
	for _, c := range []struct {
		title string
		terms []string
		want  string
	}{
		{"Security", []string{"chunk", "borg", "key"}, "Security (Borg)"},
		{"Detailed design", []string{"channel", "crossbeam", "flavor"}, "Detailed design (crossbeam-channel)"},
		{"Transparent Proxying", []string{"borg"}, "Transparent Proxying"},
		{"Security", []string{"chunk", "key"}, "Security"},
	} {
		if got := workTitled(c.title, c.terms, prims); got != c.want {
			t.Errorf("workTitled(%q, %q) = %q, want %q", c.title, c.terms, got, c.want)
		}
	}
}
