package generate

import (
	"fmt"
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
	if len(prims) < cfg.AgentMinPrimitives {
		out.Reason = fmt.Sprintf("%s; an agent needs %d", plural(len(prims), "primitive", "primitives"), cfg.AgentMinPrimitives)
		return out
	}
	center := Center(prims)
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
	ranked := sh.importance(prims)
	keywords := sh.domainTerms()
	triggers := firstN(keywords, maxTriggers)

	desc := fitDescription(
		"Agent specializing in "+title+" domain reasoning, built by lore from "+learnedFrom(prims)+
			colonList(topConcepts(prims, ranked, maxTopConcepts, 40))+".",
		sentence(d.Description),
		useWhen("Use when a task needs reasoning about", title, triggers),
	)
	meta := append(baseMeta(d, "agent", len(prims), center, now), kv{"triggers", strings.Join(triggers, ", ")})

	var b strings.Builder
	b.WriteString(frontmatter(name, desc, meta))
	b.WriteString("\n# " + title + " Agent\n\n")

	b.WriteString("## Role\n\n")
	b.WriteString("Domain expert for the **" + mdName(title) + "** learned domain.\n")
	b.WriteString("Applies specialized reasoning using learned primitives\n")
	b.WriteString("and composition patterns unique to this domain region.\n\n")

	b.WriteString("## Expertise\n\n**Key Primitives:**\n")
	top := firstIdx(ranked, cfg.MaxKeyPrimitives)
	for _, i := range top {
		p := &prims[i]
		b.WriteString("- **" + mdName(p.Name) + "** (" + typeName(p.Type) + "): " + statement(p, maxInlineRunes) + "\n")
	}
	// Composition rules of the key primitives only, as the reference.
	var rules []string
	for _, i := range top {
		for _, r := range prims[i].CompositionRules {
			if len(rules) == cfg.MaxCompositionRules {
				break
			}
			rules = append(rules, "- "+mdName(prims[i].Name)+" + "+clean(r.With, maxFieldRunes)+" -> "+
				clean(r.Yields, maxFieldRunes)+" ("+clean(string(r.Type), 30)+")")
		}
	}
	if len(rules) > 0 {
		b.WriteString("\n**Composition Rules:**\n" + strings.Join(rules, "\n") + "\n")
	}
	b.WriteString("\n")

	b.WriteString("## Reasoning Patterns\n\n**Composition Types Available:**\n")
	types := compositionTypes(prims)
	if len(types) == 0 {
		b.WriteString("- None defined\n")
	}
	for _, t := range types {
		b.WriteString("- " + t + "\n")
	}
	if chains := dependencyChains(prims); len(chains) > 0 {
		b.WriteString("\n**Dependency Chains:**\n" + strings.Join(chains, "\n") + "\n")
	}
	b.WriteString("\n")

	b.WriteString("## Activation\n\n**Keywords:**\n")
	for _, k := range firstN(keywords, maxAgentKeywords) {
		b.WriteString("- " + k + "\n")
	}
	b.WriteString("\n**Patterns:**\n")
	for _, p := range applicabilityPatterns(prims, maxPatterns) {
		b.WriteString("- " + p + "\n")
	}

	out.Generated = true
	out.Reason = fmt.Sprintf("Generated agent for %s (%d primitives, distant from existing domains)", title, len(prims))
	out.Artifact = &core.Artifact{
		Kind: core.AgentArtifact, Name: name, Domain: d.ID, Primitives: len(prims),
		Files:       []core.ArtifactFile{{Path: name + "/AGENT.md", Content: b.String()}},
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
// capped at maxChainIDs ids (the reference lists them all).
func dependencyChains(prims []core.Primitive) []string {
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
		en := prims[i].Enables
		ids := make([]string, 0, maxChainIDs)
		for _, id := range en[:min(len(en), maxChainIDs)] {
			ids = append(ids, clean(id, maxFieldRunes))
		}
		line := "- " + mdName(prims[i].Name) + " enables: " + strings.Join(ids, ", ")
		if rest := len(en) - len(ids); rest > 0 {
			line += fmt.Sprintf(" and %d more", rest)
		}
		out = append(out, line)
	}
	return out
}

// applicabilityPatterns returns the first n distinct non-empty patterns.
func applicabilityPatterns(prims []core.Primitive, n int) []string {
	seen := map[string]bool{}
	var out []string
	for i := range prims {
		for _, ap := range surfaceForms(prims[i:i+1], prims[i].ApplicabilityPatterns) {
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
