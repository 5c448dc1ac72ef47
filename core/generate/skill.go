package generate

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Skill generates the Agent Skill of a domain when it has at least
// cfg.SkillMinPrimitives primitives: learn-<slug>/SKILL.md and the full
// primitive list in learn-<slug>/references/primitives.md (split into
// primitives-2.md, … when one file would exceed about 10k tokens, all linked
// from SKILL.md). Below the threshold it returns the reference's reason,
// "Insufficient primitives (n < min)".
func Skill(d DomainInfo, prims []core.Primitive, cfg Config) Outcome {
	cfg = cfg.withDefaults()
	out := Outcome{Kind: core.SkillArtifact, Domain: d.ID}
	if len(prims) < cfg.SkillMinPrimitives {
		out.Reason = fmt.Sprintf("Insufficient primitives (%d < %d)", len(prims), cfg.SkillMinPrimitives)
		return out
	}
	now := cfg.Now()
	name := BaseName(d)
	title := displayName(d)
	center := Center(prims)
	ranked := byImportance(prims)
	keywords := keywordsByFrequency(prims)
	triggers := firstN(keywords, maxTriggers)

	refs := referenceFiles(title, prims)

	meta := append(baseMeta(d, "skill", len(prims), center, now), kv{"triggers", strings.Join(triggers, ", ")})
	desc := fitDescription(
		"Knowledge of "+title+", learned from "+learnedFrom(prims)+colonList(topConcepts(prims, ranked, maxTopConcepts, 40))+".",
		sentence(d.Description),
		useWhen("Use when a task involves", title, triggers),
	)

	var b strings.Builder
	b.WriteString(frontmatter(name, desc, meta))
	b.WriteString("\n# " + title + "\n\n")
	if s := paragraph(d.Description, 400); s != "" {
		b.WriteString(s + "\n\n")
	}

	// Summary: the reference's lines, with the real centre, as list items:
	// Markdown joins consecutive lines into one paragraph.
	b.WriteString("## Summary\n\n")
	b.WriteString("**" + mdName(title) + "**\n\n")
	b.WriteString("- Primitives: " + strconv.Itoa(len(prims)) + "\n")
	b.WriteString("- Plane Position Center: " + formatCenter(center) + "\n\n")
	top := topConcepts(prims, ranked, maxTopConcepts, 80)
	if len(top) == 0 {
		b.WriteString("**Top Concepts:** None\n\n")
	} else {
		b.WriteString("**Top Concepts:** " + strings.Join(top, ", ") + "\n\n")
	}

	b.WriteString("## Key Primitives\n\n")
	b.WriteString(keyPrimitives(prims, ranked, cfg.MaxKeyPrimitives))

	b.WriteString("## Composition Patterns\n\n")
	if rules := compositionLines(prims, cfg.MaxCompositionRules); len(rules) == 0 {
		b.WriteString("No composition rules defined.\n\n")
	} else {
		b.WriteString(strings.Join(rules, "\n") + "\n\n")
	}

	b.WriteString("## Activation Patterns\n\n")
	act := firstN(keywords, maxActivation)
	if len(act) == 0 {
		b.WriteString("No activation keywords.\n\n")
	} else {
		for _, k := range act {
			b.WriteString("- " + k + "\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("## References\n\n")
	b.WriteString(referenceIndex(refs, len(prims)))

	files := []core.ArtifactFile{{Path: name + "/SKILL.md", Content: b.String()}}
	for _, r := range refs {
		files = append(files, core.ArtifactFile{Path: name + "/" + r.path, Content: r.content})
	}
	out.Generated = true
	out.Reason = fmt.Sprintf("Generated skill with %d primitives", len(prims))
	out.Artifact = &core.Artifact{
		Kind: core.SkillArtifact, Name: name, Domain: d.ID, Primitives: len(prims),
		Files: files, GeneratedAt: now, Reason: out.Reason,
	}
	return out
}

// learnedFrom names up to three source documents ("a.pdf, b.md and 2 more
// documents"), or just the primitive count when provenance is missing.
func learnedFrom(prims []core.Primitive) string {
	docs := sourceDocs(prims)
	count := plural(len(prims), "primitive", "primitives")
	if len(docs) == 0 {
		return count
	}
	named := make([]string, 0, maxDocsNamed)
	for _, doc := range firstN(docs, maxDocsNamed) {
		named = append(named, clean(doc, 40))
	}
	s := count + " in " + strings.Join(named, ", ")
	if rest := len(docs) - len(named); rest > 0 {
		s += " and " + plural(rest, "more document", "more documents")
	}
	return s
}

// sentence is the first sentence of a domain description, bounded, with a
// final period.
func sentence(s string) string {
	s = clean(s, maxDomainDesc)
	if s == "" {
		return ""
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "…") {
		s += "."
	}
	return s
}

// colonList is ": a, b, c" for a non-empty list, "" otherwise.
func colonList(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return ": " + joinBounded(items, 250)
}

func useWhen(prefix, title string, triggers []string) string {
	if len(triggers) == 0 {
		return prefix + " " + title + "."
	}
	return prefix + " " + joinBounded(triggers, 250) + "."
}

// topConcepts returns the names of the n most important primitives,
// distinct, each cut to max runes.
func topConcepts(prims []core.Primitive, ranked []int, n, max int) []string {
	seen := map[string]bool{}
	var out []string
	for _, i := range ranked {
		if len(out) == n {
			break
		}
		nm := clean(prims[i].Name, max)
		if nm == "" || seen[nm] {
			continue
		}
		seen[nm] = true
		out = append(out, nm)
	}
	return out
}

// keyPrimitives renders the reference's Key Primitives entries: the top max
// by importance as "**Name** (type): statement" with their applicability
// patterns, statements cut so SKILL.md stays within its token budget.
func keyPrimitives(prims []core.Primitive, ranked []int, max int) string {
	if len(ranked) == 0 {
		return "No primitives available.\n\n"
	}
	var b strings.Builder
	for _, i := range firstIdx(ranked, max) {
		p := &prims[i]
		b.WriteString("**" + mdName(p.Name) + "** (" + typeName(p.Type) + "): " + statement(p, maxInlineRunes) + "\n")
		n := 0
		for _, ap := range surfaceForms(prims[i:i+1], p.ApplicabilityPatterns) {
			if n == maxPatternsPerKey {
				break
			}
			if s := clean(ap, maxPatternRunes); s != "" {
				b.WriteString("  - " + s + "\n")
				n++
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func firstIdx(s []int, n int) []int {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// typeName is the primitive's type, or "unknown" for anything but the six
// types (a type is stored text like any other and could be anything).
func typeName(t core.PrimitiveType) string {
	if t.Valid() {
		return string(t)
	}
	return "unknown"
}

func statement(p *core.Primitive, max int) string {
	if s := clean(p.FormalStatement, max); s != "" {
		return s
	}
	if s := clean(p.ComputationalForm, max); s != "" {
		return s
	}
	return "(no statement)"
}

// compositionLines renders the first max composition rules, in input
// order, as "- Name + with -> yields (type)".
func compositionLines(prims []core.Primitive, max int) []string {
	var out []string
	for i := range prims {
		for _, r := range prims[i].CompositionRules {
			if len(out) == max {
				return out
			}
			out = append(out, "- "+mdName(prims[i].Name)+" + "+clean(r.With, maxFieldRunes)+" -> "+
				clean(r.Yields, maxFieldRunes)+" ("+clean(string(r.Type), 30)+")")
		}
	}
	return out
}

type refFile struct {
	path       string
	first, end int // primitives [first, end), 0-based
	content    string
}

// referenceFiles lays the full primitive list out in files of at most
// refFileBudget bytes each (one entry always fits: every field is capped).
func referenceFiles(title string, prims []core.Primitive) []refFile {
	var chunks [][]string
	var starts []int
	var cur []string
	size := 0
	for i := range prims {
		e := refEntry(i+1, &prims[i])
		if len(cur) > 0 && size+len(e) > refFileBudget {
			chunks = append(chunks, cur)
			cur, size = nil, 0
		}
		if len(cur) == 0 {
			starts = append(starts, i)
		}
		cur = append(cur, e)
		size += len(e)
	}
	if len(cur) > 0 {
		chunks = append(chunks, cur)
	}
	files := make([]refFile, len(chunks))
	for k, c := range chunks {
		p := "references/primitives.md"
		if k > 0 {
			p = fmt.Sprintf("references/primitives-%d.md", k+1)
		}
		head := "# " + title + ": primitives"
		if len(chunks) > 1 {
			head += fmt.Sprintf(" (part %d of %d)", k+1, len(chunks))
		}
		files[k] = refFile{
			path: p, first: starts[k], end: starts[k] + len(c),
			content: head + "\n\n" + strings.Join(c, "\n"),
		}
	}
	return files
}

func refEntry(n int, p *core.Primitive) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %d. %s\n\n", n, mdName(p.Name))
	field := func(k, v string) {
		if v == "" {
			v = "-"
		}
		b.WriteString("- " + k + ": " + v + "\n")
	}
	field("ID", clean(p.ID, maxFieldRunes))
	field("Type", typeName(p.Type))
	field("Statement", statement(p, maxRefStmtRunes))
	field("Section", clean(p.Section, maxFieldRunes))
	field("Source", clean(p.Provenance.Document, maxFieldRunes))
	conf := "-"
	if c := p.Confidence; !math.IsNaN(c) && !math.IsInf(c, 0) {
		conf = strconv.FormatFloat(c, 'f', 2, 64)
	}
	field("Confidence", conf)
	return b.String()
}

// referenceIndex points SKILL.md at every reference file, one link per line
// up to 100 files and packed 20 to a line beyond, so even a huge domain's
// SKILL.md stays under 500 lines.
func referenceIndex(refs []refFile, n int) string {
	intro := "The full list of " + plural(n, "primitive", "primitives") +
		" (name, type, statement, section, source document, confidence) is in "
	if len(refs) == 1 {
		return intro + "[" + refs[0].path + "](" + refs[0].path + "). Read it when a task needs a primitive not listed above.\n"
	}
	var b strings.Builder
	b.WriteString(intro + strconv.Itoa(len(refs)) + " files. Read the one that covers the primitive a task needs:\n\n")
	if len(refs) <= 100 {
		for _, r := range refs {
			fmt.Fprintf(&b, "- [%s](%s): primitives %d to %d\n", r.path, r.path, r.first+1, r.end)
		}
		return b.String()
	}
	for i, r := range refs {
		if i > 0 {
			if i%20 == 0 {
				b.WriteString("\n")
			} else {
				b.WriteString(", ")
			}
		}
		fmt.Fprintf(&b, "[%d-%d](%s)", r.first+1, r.end, r.path)
	}
	b.WriteString("\n")
	return b.String()
}
