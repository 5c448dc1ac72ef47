package generate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Agent generates learn-<slug>-agent/AGENT.md for a domain with at least
// cfg.AgentMinPrimitives primitives, unless centers (the centres of the
// domains that already have agents) are given and every one of them lies
// closer than cfg.AgentMinPlaneDistance to this group's mean position: then
// the domain adds no new territory and the reason is the reference's "Too
// close to existing domains". With no centers an agent is always generated
// above the threshold, as in the reference.
func Agent(d DomainInfo, prims []core.Primitive, centers []core.PlanePosition, cfg Config) Outcome {
	return agent(d, prims, centers, cfg, newShared(prims))
}

// agent is Agent with what the domain's generators share (sh, whose
// primitives are prims).
func agent(d DomainInfo, prims []core.Primitive, centers []core.PlanePosition, cfg Config, sh *shared) Outcome {
	cfg = cfg.withDefaults()
	out := Outcome{Kind: core.AgentArtifact, Domain: d.ID}
	body, subs := sh.coherentBody()
	if len(body) < cfg.AgentMinPrimitives {
		out.Reason = fmt.Sprintf("%s; an agent needs %d", plural(len(body), "primitive", "primitives"), cfg.AgentMinPrimitives)
		if len(body) < len(prims) {
			out.Reason = fmt.Sprintf("%s in its largest body of works that depend on each other; an agent needs %d",
				plural(len(body), "primitive", "primitives"), cfg.AgentMinPrimitives)
		}
		return out
	}
	center := Center(body)
	if len(centers) > 0 {
		allClose := true
		for _, c := range centers {
			if !(center.Distance(c) < cfg.AgentMinPlaneDistance) {
				allClose = false
				break
			}
		}
		if allClose {
			out.Reason = "Too close to existing domains"
			return out
		}
	}

	now := cfg.Now()
	name := BaseName(d) + "-agent"
	title := displayName(d)
	ranked := sh.importance(body)
	keywords := sh.termsOf(body)
	triggers := firstN(keywords, maxTriggers)
	names := idNames(sh.prims)
	works := workTitles(subs)

	// What the agent knows, said by the works it read and the concepts a
	// reader knows them by: counts and file names help no one choose.
	states := " state"
	if len(works) == 1 {
		states = " states"
	}
	// It claims what its primitives hold, not what its domain covers in
	// general ("groups, rings, fields" for one chapter on the reals).
	desc := fitDescription(
		"Reasons with what "+joinAnd(firstN(works, maxDocsNamed), ", ")+states+
			colonList(topConcepts(body, ranked, maxTopConcepts, 40))+".",
		useWhen("Delegate to it a task that needs", title, triggers),
		"It answers with the statements, steps and proofs of its skills, each with its source.",
	)
	meta := append(baseMeta(d, "agent", len(body), center, now), kv{"triggers", strings.Join(triggers, ", ")})

	var b strings.Builder
	b.WriteString(frontmatter(name, desc, meta))
	b.WriteString("\n# " + title + " Agent\n\n")

	b.WriteString("## Role\n\n")
	b.WriteString(paragraph(roleOf(body, ranked, works), 1200) + "\n\n")

	b.WriteString(delegation(works, triggers, sh.skillNames))

	b.WriteString("## Expertise\n\n**Key Primitives:**\n")
	top := namedFirst(body, ranked, cfg.MaxKeyPrimitives)
	for _, i := range top {
		p := &body[i]
		b.WriteString("- **" + mdName(shownName(p)) + "** (" + typeName(p.Type) + "): " + statement(p, maxInlineRunes) + "\n")
	}
	// Composition rules of the key primitives only, as the reference.
	keyPrims := make([]core.Primitive, 0, len(top))
	for _, i := range top {
		keyPrims = append(keyPrims, body[i])
	}
	if rules := compositionLines(keyPrims, cfg.MaxCompositionRules, names); len(rules) > 0 {
		b.WriteString("\n**Composition Rules:**\n" + strings.Join(rules, "\n") + "\n")
	}
	b.WriteString("\n")

	// a section with nothing to say is left out
	types := compositionTypes(body)
	chains := dependencyChains(body, names)
	if len(types) > 0 || len(chains) > 0 {
		b.WriteString("## Reasoning Patterns\n\n")
		if len(types) > 0 {
			b.WriteString("**Composition Types Available:**\n")
			for _, t := range types {
				b.WriteString("- " + t + "\n")
			}
			b.WriteString("\n")
		}
		if len(chains) > 0 {
			b.WriteString("**Dependency Chains:**\n" + strings.Join(chains, "\n") + "\n\n")
		}
	}

	b.WriteString("## Activation\n\n**Keywords:**\n")
	for _, k := range firstN(keywords, maxAgentKeywords) {
		b.WriteString("- " + k + "\n")
	}
	if pats := applicabilityPatterns(body, top, sh.lex, maxPatterns); len(pats) > 0 {
		b.WriteString("\n**Patterns:**\n")
		for _, p := range pats {
			b.WriteString("- " + p + "\n")
		}
	}

	// its evals, as a skill's: tasks on its key concepts, and the
	// requests that should bring it in
	b.WriteString("\n" + evalsLine)
	tasks, trig := knowledgeEvals(body, top, joinAnd(firstN(works, maxDocsNamed), ", "), nil)
	files := append([]core.ArtifactFile{{Path: name + "/AGENT.md", Content: b.String()}}, evalFiles(name, tasks, trig)...)
	out.Generated = true
	out.Reason = fmt.Sprintf("Generated agent for %s (%d primitives, distant from existing domains)", title, len(body))
	out.Artifact = &core.Artifact{
		Kind: core.AgentArtifact, Name: name, Domain: d.ID, Primitives: len(body),
		Files:       files,
		GeneratedAt: now, Reason: out.Reason,
	}
	return out
}

// compositionTypes lists the distinct composition rule types in order of
// first appearance (at most 20; there are three real ones).
func compositionTypes(prims []core.Primitive) []string {
	seen := map[string]bool{}
	var out []string
	for i := range prims {
		for _, r := range prims[i].CompositionRules {
			t := clean(string(r.Type), 30)
			if t == "" || seen[t] || len(out) == 20 {
				continue
			}
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// dependencyChains is the reference's "top 5 by enables count" list, each
// capped at maxChainIDs primitives (the reference lists them all), named
// as a reader knows them (names maps ids to names; an id it lacks, a
// primitive since removed, is left out).
func dependencyChains(prims []core.Primitive, names map[string]string) []string {
	var idx []int
	for i := range prims {
		if len(prims[i].Enables) > 0 {
			idx = append(idx, i)
		}
	}
	// Stable: ties keep input order.
	sort.SliceStable(idx, func(a, b int) bool { return len(prims[idx[a]].Enables) > len(prims[idx[b]].Enables) })
	var out []string
	for _, i := range firstIdx(idx, maxChains) {
		var named []string
		rest := 0
		self := mdName(shownName(&prims[i]))
		for _, id := range prims[i].Enables {
			nm, ok := names[id]
			// a chain names each primitive once: two results of one
			// name, or one that enables itself, say nothing twice
			switch {
			case !ok || mdName(nm) == self || slices.Contains(named, mdName(nm)):
			case len(named) == maxChainIDs:
				rest++
			default:
				named = append(named, mdName(nm))
			}
		}
		if len(named) == 0 {
			continue
		}
		line := "- " + self + " enables: " + strings.Join(named, "; ")
		if rest > 0 {
			line += fmt.Sprintf(" and %d more", rest)
		}
		out = append(out, line)
	}
	return out
}

// applicabilityPatterns are the applicability patterns of the primitives
// key (indexes into prims) as words the primitives use, at most n,
// distinct; a stem no statement writes is left out (see patternWords).
func applicabilityPatterns(prims []core.Primitive, key []int, lex *lexicon, n int) []string {
	words := wordsOf(lex, prims, patternStems(prims, key))
	seen := map[string]bool{}
	var out []string
	for _, i := range key {
		for _, ap := range patternWords(prims[i].ApplicabilityPatterns, words) {
			if len(out) == n {
				return out
			}
			s := clean(ap, maxPatternRunes)
			if s == "" || seen[s] {
				continue
			}
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// idNames maps the ids of prims to the names a reader knows them by.
func idNames(prims []core.Primitive) map[string]string {
	out := make(map[string]string, len(prims))
	for i := range prims {
		if nm := clean(shownName(&prims[i]), maxNameRunes); nm != "" {
			out[prims[i].ID] = nm
		}
	}
	return out
}

// shownName is the name to show for p: the one a reader knows it by (see
// readerName), else its own.
func shownName(p *core.Primitive) string {
	if nm := readerName(p); nm != "" {
		return nm
	}
	return p.Name
}

// namedFirst is the first n of ranked whose primitives have a name a
// reader knows (see readerName), then, when those are fewer than n, the
// numbered rest in rank order.
func namedFirst(prims []core.Primitive, ranked []int, n int) []int {
	out := make([]int, 0, n)
	var numbered []int
	for _, i := range ranked {
		if len(out) == n {
			return out
		}
		if readerName(&prims[i]) == "" {
			numbered = append(numbered, i)
			continue
		}
		out = append(out, i)
	}
	return append(out, firstIdx(numbered, n-len(out))...)
}

// coherentBody is the part of the domain an agent can speak for: the
// largest group of its subjects that depend on each other (a primitive of
// one requires, enables or composes with one of another), with their
// primitives. A
// domain is a coarse bucket — an OAuth RFC and a consensus proof are both
// "protocols" — and an agent over works that share nothing but the
// bucket would name results of one as the expertise of the other.
func (sh *shared) coherentBody() ([]core.Primitive, []Subject) {
	if sh.body != nil {
		return sh.body, sh.bodySubs
	}
	subs := Subjects(sh.prims)
	if len(subs) <= 1 {
		sh.body, sh.bodySubs = sh.prims, subs
		return sh.body, sh.bodySubs
	}
	of := map[string]int{}
	for s := range subs {
		for i := range subs[s].Prims {
			of[subs[s].Prims[i].ID] = s
		}
	}
	parent := make([]int, len(subs))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	link := func(a int, id string) {
		if b, ok := of[id]; ok && a != b {
			parent[find(a)] = find(b)
		}
	}
	for s := range subs {
		for i := range subs[s].Prims {
			p := &subs[s].Prims[i]
			for _, e := range p.Dependencies {
				link(s, e.Target)
			}
			for _, id := range p.Enables {
				link(s, id)
			}
			for _, r := range p.CompositionRules {
				link(s, r.With)
			}
		}
	}
	size := map[int]int{}
	for s := range subs {
		size[find(s)] += len(subs[s].Prims)
	}
	best := find(0)
	for s := range subs {
		if r := find(s); size[r] > size[best] {
			best = r
		}
	}
	var body []core.Primitive
	var in []Subject
	for s := range subs {
		if find(s) == best {
			in = append(in, subs[s])
			body = append(body, subs[s].Prims...)
		}
	}
	if len(in) == len(subs) {
		body = sh.prims // the same elements, so what shared computes for the domain holds
	}
	sh.body, sh.bodySubs = body, in
	return body, in
}

// workTitles are the titles of the works of subs as a reader knows them,
// in order, distinct: its documents' own title (a chapter's subject is of
// its book), else the subject's, else its first document's name.
func workTitles(subs []Subject) []string {
	var out []string
	for _, s := range subs {
		t, _ := commonTitle(s.Prims)
		if t == "" || genericTitles[titleKey(t)] {
			t = clean(s.Title, maxNameRunes)
		}
		if t == "" && len(s.Docs) > 0 {
			t = fileTitle(s.Docs[0])
		}
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// roleVerbs say what an agent does with each kind of primitive.
var roleVerbs = []struct {
	t    core.PrimitiveType
	verb string
}{
	{core.Definition, "explains the definitions of"},
	{core.Theorem, "states and applies the results on"},
	{core.Algorithm, "carries out the procedures of"},
	{core.Technique, "applies the techniques of"},
	{core.Axiom, "checks work against the requirements on"},
	{core.Identity, "uses the identities of"},
}

// roleOf says what the agent can do, in a reader's words: per kind of
// primitive it holds, what it does with them and the most important three
// by name.
func roleOf(prims []core.Primitive, ranked []int, works []string) string {
	byType := map[core.PrimitiveType][]string{}
	for _, i := range ranked {
		p := &prims[i]
		// a name of a few words: a requirement named by its sentence
		// reads as a list of clauses
		nm := clean(readerName(p), 60)
		if nm == "" || len(strings.Fields(nm)) > 5 || len(byType[p.Type]) == 3 || slices.Contains(byType[p.Type], nm) {
			continue
		}
		byType[p.Type] = append(byType[p.Type], nm)
	}
	var parts []string
	for _, rv := range roleVerbs {
		if ns := byType[rv.t]; len(ns) > 0 {
			parts = append(parts, rv.verb+" "+joinAnd(ns, ", "))
		}
	}
	who := "Knows " + joinAnd(firstN(works, maxDocsNamed), ", ")
	if len(works) > maxDocsNamed {
		who += fmt.Sprintf(" and %d more works", len(works)-maxDocsNamed)
	}
	if len(works) == 0 {
		who = "Knows what it learned"
	}
	as := " as they state it"
	if len(works) == 1 {
		as = " as it states it"
	}
	if len(parts) == 0 {
		return who + as + "."
	}
	return who + as + ": " + joinAnd(parts, "; ") + "."
}

// delegation says when an orchestrator hands the agent a task, what it
// gives back, and the skills it answers from (skills, the domain's skills
// generated with it).
func delegation(works, triggers, skills []string) string {
	var b strings.Builder
	b.WriteString("## When to Delegate\n\n")
	on := "what " + joinAnd(firstN(works, maxDocsNamed), ", ") + " state"
	if len(works) == 0 {
		on = "what it learned"
	}
	b.WriteString("Hand this agent a task that needs " + on)
	if len(triggers) > 0 {
		b.WriteString(" (" + joinBounded(triggers, 250) + ")")
	}
	b.WriteString(": to state a result or definition as the source gives it, to carry out one of its algorithms " +
		"step by step, or to say why a result holds. It returns the statements it used, by name, with the steps " +
		"or proof the source gives and the section they come from; what its skills do not hold it says it does not know.\n\n")
	if len(skills) > 0 {
		b.WriteString("## Skills\n\nIt answers from these skills; load the one a task names:\n\n")
		for _, s := range skills {
			b.WriteString("- " + s + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}
