package generate

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Skills generates the Agent Skills of a domain's primitives: one per
// subject (Subjects), in the order of their keys, each when the subject
// has at least cfg.SkillMinPrimitives primitives. A subject below the
// threshold gets an outcome that says so and names it. Sources are never
// merged into one skill because they share the domain; see subject.go.
func Skills(d DomainInfo, prims []core.Primitive, cfg Config) []Outcome {
	return skills(d, prims, cfg, newShared(prims))
}

// skills is Skills with what the domain's generators share (sh, whose
// primitives are prims).
func skills(d DomainInfo, prims []core.Primitive, cfg Config, sh *shared) []Outcome {
	cfg = cfg.withDefaults()
	subs := Subjects(prims)
	sortSubjects(subs)
	if len(subs) == 0 {
		return []Outcome{subjectSkill(d, Subject{}, &vocabulary{}, nil, 0, cfg, sh)}
	}
	out := make([]Outcome, 0, len(subs))
	names := map[string]bool{}
	for k := range cfg.Reserved {
		names[k] = true
	}
	// Each subject's words are weighed against the domain's other
	// subjects: the domain's counts less its own.
	vocab := make([]*vocabulary, len(subs))
	var all []int32
	for i := range subs {
		vocab[i] = sh.vocabularyOf(subs[i].Prims)
		if len(vocab[i].df) > len(all) {
			all = append(all, make([]int32, len(vocab[i].df)-len(all))...)
		}
		for st, n := range vocab[i].df {
			all[st] += n
		}
	}
	// The requests for a subject's own concepts are the near misses of
	// the others: what loads one skill should not load its neighbour.
	concepts := make([][]string, len(subs))
	for i := range subs {
		concepts[i] = subjectRequests(subs[i].Prims, sh, 2)
	}
	for i := range subs {
		cfg.Reserved = names
		cfg.nearMiss = nil
		for j := range subs {
			if j != i {
				cfg.nearMiss = append(cfg.nearMiss, concepts[j]...)
			}
		}
		o := subjectSkill(d, subs[i], vocab[i], all, len(prims)-len(subs[i].Prims), cfg, sh)
		if o.Artifact != nil {
			names[o.Artifact.Name] = true
		}
		o.Sources = make([]string, len(subs[i].Prims))
		for k := range subs[i].Prims {
			o.Sources[k] = subs[i].Prims[k].ID
		}
		out = append(out, o)
	}
	linkSiblings(out, subs)
	return out
}

// linkSiblings names, in the SKILL.md of each skill of out (made of
// subs, in order), the other skills made of the same work: a work
// read as several skills (a book's parts, a specification and its
// messages) is one work to the agent that loads one of them, which finds
// the rest by name.
func linkSiblings(out []Outcome, subs []Subject) {
	works := make([]map[string]bool, len(subs))
	for i := range subs {
		works[i] = map[string]bool{}
		for k := range subs[i].Prims {
			pv := &subs[i].Prims[k].Provenance
			works[i][cmp.Or(pv.Book, pv.Source, pv.Document)] = true
		}
	}
	for i := range out {
		a := out[i].Artifact
		if a == nil || !out[i].Generated {
			continue
		}
		var lines []string
		for j := range out {
			if j == i || out[j].Artifact == nil || !out[j].Generated || !sameWork(works[i], works[j]) {
				continue
			}
			lines = append(lines, "- `"+out[j].Artifact.Name+"`: "+SubjectLabel(subs[j]))
		}
		if len(lines) == 0 {
			continue
		}
		section := "## Other skills of the same work\n\n" + strings.Join(lines, "\n") + "\n\n"
		for k := range a.Files {
			if f := &a.Files[k]; f.Path == a.Name+"/SKILL.md" {
				if at := strings.LastIndex(f.Content, evalsLine); at >= 0 {
					f.Content = f.Content[:at] + section + f.Content[at:]
				}
			}
		}
	}
}

// sameWork reports whether two skills hold primitives of one work: the
// book, folder or file a learn was given.
func sameWork(a, b map[string]bool) bool {
	for w := range a {
		if b[w] {
			return true
		}
	}
	return false
}

// Skill generates the Agent Skill of primitives that are all about one
// subject (whatever their sources): learn-<subject>/SKILL.md and the full
// primitive list in learn-<subject>/references/primitives.md (split into
// primitives-2.md, … when one file would exceed about 10k tokens, all
// linked from SKILL.md). Below cfg.SkillMinPrimitives it says so in
// words, "7 primitives; a skill needs 10", with the subject in
// Outcome.Subject.
func Skill(d DomainInfo, prims []core.Primitive, cfg Config) Outcome {
	cfg = cfg.withDefaults()
	sh := newShared(prims)
	return subjectSkill(d, Subject{Title: subjectTitle(prims), Docs: sourceDocs(prims), Prims: prims}, sh.vocabularyOf(prims), nil, 0, cfg, sh)
}

// stepsTaught counts the numbered steps of the subject's procedures: a
// tutorial of four procedures and eighteen steps teaches as much as a
// chapter of ten results, and a skill is what an agent follows it by.
func stepsTaught(prims []core.Primitive) int {
	n := 0
	for _, p := range prims {
		if p.Type == core.Technique {
			n += numberedSteps(p.FormalStatement)
		}
	}
	return n
}

// passageWeight is the runes of a passage that teach as much as a
// statement does.
const passageWeight = 600

// taught weighs what a subject teaches an agent: each primitive, each
// proof the source gives of one, each numbered step it gives (an
// algorithm's, or one a definition sets out), and the source's text on
// them (see passageWeight). A
// chapter of six results with their proofs and an algorithm of a dozen
// steps is a skill an agent can use, though it is fewer than ten
// statements.
func taught(prims []core.Primitive) int {
	n := len(prims)
	for i := range prims {
		p := &prims[i]
		if p.Proof.Text != "" || p.Proof.Sketch != "" {
			n++
		}
		n += len(p.Examples)
		n += utf8.RuneCountInString(p.Passage) / passageWeight
		if p.Type != core.Technique { // a technique's steps count in stepsTaught
			n += numberedSteps(p.FormalStatement)
		}
	}
	return n
}

// numberedSteps counts "1. … 2. … 3. …" in a procedure's statement: the
// numbers that follow each other from 1.
func numberedSteps(s string) int {
	next := 1
	for _, m := range stepNumber.FindAllStringSubmatch(s, -1) {
		if m[1] == strconv.Itoa(next) {
			next++
		}
	}
	n := next - 1
	// A long procedure's statement lists its first steps and says how
	// many more there are: "(7 more steps)".
	if m := moreSteps.FindStringSubmatch(s); m != nil {
		k, _ := strconv.Atoi(m[1])
		n += k
	}
	return n
}

// moreSteps is the count a cut procedure ends with.
var moreSteps = lazyre.New(`\(([0-9]{1,3}) more steps?\)\s*$`)

// stepNumber is a step's number in a procedure's statement.
var stepNumber = lazyre.New(`(?:^|\s)([0-9]{1,2})\. `)

// subjectSkill writes the skill of one subject: own is its vocabulary, all
// how many of the domain's primitives use each stem, so that all less own
// is how many of its bgN other primitives do (they make the subject's own
// words stand out among its triggers); sh is what the domain's generators
// share.
func subjectSkill(d DomainInfo, sub Subject, own *vocabulary, all []int32, bgN int, cfg Config, sh *shared) Outcome {
	prims := sub.Prims
	if procedural(prims) {
		return howToSkill(d, sub, own, all, bgN, cfg, sh)
	}
	out := Outcome{Kind: core.SkillArtifact, Domain: d.ID, Subject: SubjectLabel(sub)}
	if len(prims) < cfg.SkillMinPrimitives && stepsTaught(prims) < cfg.SkillMinPrimitives && taught(prims) < cfg.SkillMinPrimitives {
		out.Reason = fmt.Sprintf("%s; a skill needs %d", plural(len(prims), "primitive", "primitives"), cfg.SkillMinPrimitives)
		return out
	}
	now := cfg.Now()
	keywords := conceptTerms(sh.lex, len(prims), sub.Title, own, all, bgN)
	triggers := firstN(keywords, maxTriggers)
	sub.Title = workTitled(sub.Title, keywords, prims)
	name := subjectName(d, &sub, cfg.Reserved)
	domainTitle := displayName(d)
	title := clean(sub.Title, maxNameRunes)
	if title == "" {
		title = domainTitle
	}
	center := Center(prims)
	ranked := sh.importance(prims)

	refs := referenceFiles(title, prims)

	meta := baseMeta(d, "skill", len(prims), center, now)
	meta = append(meta[:5], append([]kv{{"subject", title}, {"sources", strings.Join(firstN(sub.Docs, maxDocsNamed), ", ")}}, meta[5:]...)...)
	meta = append(meta, kv{"triggers", strings.Join(triggers, ", ")})
	// The description is what an agent chooses a skill by: what the
	// knowledge covers and when to load it. Counts, file names and the
	// plane help no choice; they are in the metadata.
	desc := fitDescription(
		"Lets an agent "+offers(prims)+" of "+title+".",
		keyList("Covers", topConcepts(prims, ranked, maxTopConcepts, 60)),
		useWhen("Use when a task involves", title, triggers)+" Domain: "+domainTitle+".",
	)

	var b strings.Builder
	b.WriteString(frontmatter(name, desc, meta))
	b.WriteString("\n# " + mdName(title) + "\n\n")
	b.WriteString(paragraph(capitalize(kindsOf(prims))+" of "+title+", in the domain "+domainTitle+
		". The key primitives below give each algorithm's steps and each result's proof where the source gives one; "+
		"the reference files hold every primitive whole, with its source and what the source goes on to say of it.", 600) + "\n\n")

	// Summary: one fact a line, as list items: Markdown joins consecutive
	// lines into one paragraph.
	b.WriteString("## Summary\n\n")
	b.WriteString("**" + mdName(title) + "**\n\n")
	b.WriteString("- Domain: " + mdName(domainTitle) + "\n")
	b.WriteString("- Kinds: " + kindsOf(prims) + "\n\n")
	top := topConcepts(prims, ranked, maxTopConcepts, 80)
	if len(top) == 0 {
		b.WriteString("**Top Concepts:** None\n\n")
	} else {
		b.WriteString("**Top Concepts:** " + strings.Join(top, ", ") + "\n\n")
	}

	b.WriteString("## Key Primitives\n\n")
	key := firstIdx(ranked, cfg.MaxKeyPrimitives)
	b.WriteString(keyPrimitives(prims, key, wordsOf(sh.lex, prims, patternStems(prims, key)), refs))

	// a section with nothing to say is left out
	if rules := compositionLines(prims, cfg.MaxCompositionRules, idNames(sh.prims)); len(rules) > 0 {
		b.WriteString("## Composition Patterns\n\n")
		b.WriteString(strings.Join(rules, "\n") + "\n\n")
	}

	if act := firstN(keywords, maxActivation); len(act) > 0 {
		b.WriteString("## Activation Patterns\n\n")
		for _, k := range act {
			b.WriteString("- " + k + "\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("## Contents\n\n")
	b.WriteString(contents(prims))

	b.WriteString("## References\n\n")
	b.WriteString(referenceIndex(refs, len(prims)))

	b.WriteString("\n" + evalsLine)
	files := []core.ArtifactFile{{Path: name + "/SKILL.md", Content: b.String()}}
	for _, r := range refs {
		files = append(files, core.ArtifactFile{Path: name + "/" + r.path, Content: r.content})
	}
	tasks, trig := knowledgeEvals(prims, key, title, cfg.nearMiss)
	files = append(files, evalFiles(name, tasks, trig)...)
	out.Generated = true
	out.Reason = fmt.Sprintf("Generated skill with %d primitives", len(prims))
	out.Artifact = &core.Artifact{
		Kind: core.SkillArtifact, Name: name, Domain: d.ID, Primitives: len(prims),
		Files: files, GeneratedAt: now, Reason: out.Reason,
	}
	return out
}

// maxContents bounds the Contents section of SKILL.md, in runes (about
// 2k tokens); the reference files list every primitive in any case.
const maxContents = 8000

// typePlurals name the primitive types in counts.
var typePlurals = map[core.PrimitiveType][2]string{
	core.Definition: {"definition", "definitions"}, core.Theorem: {"theorem", "theorems"},
	core.Algorithm: {"algorithm", "algorithms"}, core.Technique: {"technique", "techniques"},
	core.Axiom: {"axiom", "axioms"}, core.Identity: {"identity", "identities"},
}

// kindNames name the primitive types as a reader calls what a source
// states: an RFC's axioms are its requirements.
var kindNames = map[core.PrimitiveType]string{
	core.Definition: "definitions", core.Theorem: "theorems", core.Algorithm: "algorithms",
	core.Technique: "techniques", core.Axiom: "requirements", core.Identity: "identities",
}

// kindsOf names the kinds of the primitives, most frequent first, without
// counts: "theorems, definitions and algorithms".
func kindsOf(prims []core.Primitive) string {
	count := map[core.PrimitiveType]int{}
	for i := range prims {
		count[prims[i].Type]++
	}
	types := append([]core.PrimitiveType{}, core.PrimitiveTypes...)
	sort.SliceStable(types, func(i, j int) bool { return count[types[i]] > count[types[j]] })
	var parts []string
	for _, t := range types {
		if count[t] > 0 {
			parts = append(parts, kindNames[t])
		}
	}
	if len(parts) == 0 {
		return "knowledge"
	}
	return joinAnd(parts, ", ")
}

// offers says what a knowledge skill lets an agent do, by the kinds of
// what it holds, most frequent first: "run the algorithms step by step,
// prove the theorems and apply the definitions".
func offers(prims []core.Primitive) string {
	count := map[core.PrimitiveType]int{}
	proved := 0
	for i := range prims {
		count[prims[i].Type]++
		if prims[i].Proof.Text != "" || prims[i].Proof.Sketch != "" {
			proved++
		}
	}
	types := append([]core.PrimitiveType{}, core.PrimitiveTypes...)
	sort.SliceStable(types, func(i, j int) bool { return count[types[i]] > count[types[j]] })
	var parts []string
	for _, t := range types {
		if count[t] == 0 {
			continue
		}
		verb := offerVerbs[t]
		if t == core.Theorem && proved > 0 {
			verb = "prove"
		}
		part := verb + " the " + kindNames[t]
		if t == core.Algorithm {
			part += " step by step"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "use the knowledge"
	}
	return joinAnd(parts, ", ")
}

// offerVerbs say what an agent does with each kind of primitive.
var offerVerbs = map[core.PrimitiveType]string{
	core.Definition: "apply", core.Theorem: "apply", core.Algorithm: "run",
	core.Technique: "apply", core.Axiom: "follow", core.Identity: "use",
}

// keyList is "Label: a, b, c." for a non-empty list, "" otherwise.
func keyList(label string, items []string) string {
	if len(items) == 0 {
		return ""
	}
	return label + ": " + joinBounded(items, 400) + "."
}

// contents lists every primitive's name by type, so that the skill is found
// (lore skills search, an agent's own search) by the names of what it
// holds; beyond maxContents runes the reference files carry the rest.
func contents(prims []core.Primitive) string {
	byType := map[string][]string{}
	var order []string
	seen := map[string]bool{}
	for i := range prims {
		t := typeName(prims[i].Type)
		n := clean(prims[i].Name, maxNameRunes)
		if n == "" || seen[t+"\x00"+n] {
			continue
		}
		seen[t+"\x00"+n] = true
		if byType[t] == nil {
			order = append(order, t)
		}
		byType[t] = append(byType[t], n)
	}
	sort.SliceStable(order, func(i, j int) bool { return len(byType[order[i]]) > len(byType[order[j]]) })
	var b strings.Builder
	budget := maxContents
	listed, total := 0, 0
	for _, t := range order {
		total += len(byType[t])
	}
	for _, t := range order {
		label := t
		if p, ok := typePlurals[core.PrimitiveType(t)]; ok {
			label = p[1]
		}
		var names []string
		for _, n := range byType[t] {
			cost := len([]rune(n)) + 2
			if budget-cost < 0 {
				break
			}
			budget -= cost
			names = append(names, mdName(n))
		}
		if len(names) == 0 {
			continue
		}
		listed += len(names)
		b.WriteString("- " + strings.ToUpper(label[:1]) + label[1:] + ": " + strings.Join(names, "; ") + "\n")
	}
	if listed == 0 {
		return "No primitives available.\n\n"
	}
	if listed < total {
		b.WriteString("- and " + plural(total-listed, "more primitive", "more primitives") + " in the reference files below\n")
	}
	b.WriteString("\n")
	return b.String()
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
		nm := clean(readerName(&prims[i]), max)
		if nm == "" || seen[nm] {
			continue
		}
		seen[nm] = true
		out = append(out, nm)
	}
	return out
}

// subjectRequests are up to n requests for a subject's most important
// primitives that have a name a reader knows (see conceptQuery).
func subjectRequests(prims []core.Primitive, sh *shared, n int) []string {
	var out []string
	for _, i := range sh.importance(prims) {
		if len(out) == n {
			break
		}
		if nm := clean(readerName(&prims[i]), maxNameRunes); nm != "" && !sectionWord(nm) {
			if q := conceptQuery(&prims[i], nm); !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// labelKinds are the kinds a document numbers its parts by, and
// labelNumber the number after one ("Lemma 1.3.1", "Section 4").
const (
	labelKinds  = `Lemma|Theorem|Proposition|Corollary|Definition|Claim|Remark|Example|Exercise|Fact|Observation|Conjecture|Property|Axiom|Result|Section|Chapter|Appendix|Figure|Table`
	labelNumber = `\s+[0-9A-Z][0-9A-Za-z.\-]*`
)

// numberedOnly is a name that is a result's kind and number alone
// ("Lemma 1.3.1"): what extraction falls back on when the source gives
// the result no title.
var numberedOnly = lazyre.New(`^(?:` + labelKinds + `|Step)` + labelNumber + `$`)

// numberedTitled is a result's kind and number followed by its title,
// after a dash or colon or in parentheses.
var numberedTitled = lazyre.New(`^(?:` + labelKinds + `)` + labelNumber + `\s*(?:(?:[—–:]\s*|-\s+)(\S.*)|\(([^()]+)\))$`)

// selfNamed is a statement that names what it states: "This is the
// Election Safety property", "is called the Cauchy criterion".
var selfNamed = lazyre.New(`(?:[Tt]his is|is called|is known as|[Ww]e call this)\s+(?:the\s+)?([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,4})`)

// readerName is the name a reader knows a primitive by: its own, unless
// that is only a kind and number, then the name its statement gives it
// ("Election Safety" for a "Lemma 1.3.1" that says "This is the Election
// Safety property"), else "" (the number tells a reader nothing).
func readerName(p *core.Primitive) string {
	name := strings.TrimSpace(p.Name)
	if m := numberedTitled.FindStringSubmatch(name); m != nil {
		// "Lemma 1.1.2 — Quicksort", "Theorem 3.4 (Zorn)": the title is
		// the name; the number is where the book put it
		return strings.TrimSpace(m[1] + m[2])
	}
	if !numberedOnly.MatchString(name) {
		return withoutArticle(p.Name)
	}
	if m := selfNamed.FindStringSubmatch(p.FormalStatement); m != nil {
		return m[1]
	}
	return ""
}

// withoutArticle is a name without the article a heading gave it ("A
// stable matching" from "Definition: a stable matching"): what it names is
// "Stable matching". A name whose next word is capitalized ("The
// Bellman-Ford algorithm") keeps it.
func withoutArticle(name string) string {
	for _, a := range []string{"A ", "An ", "The "} {
		if rest, ok := strings.CutPrefix(name, a); ok && rest != "" && unicode.IsLower([]rune(rest)[0]) {
			return capitalize(rest)
		}
	}
	return name
}

// wordsOf maps the stems of the words of prims' names and statements to
// the form they use most ("invers" → "inverse"), for showing stems kept
// by older extractions (applicability patterns) as words. Only the stems
// in need are mapped: the patterns shown are those of a few primitives,
// and counting the forms of every word of a large subject cost more than
// the rest of its skill. Each name and statement counts the form
// text.Terms gives it once.
func wordsOf(l *lexicon, prims []core.Primitive, need map[string]bool) map[string]string {
	out := map[string]string{}
	if len(need) == 0 {
		return out
	}
	needed := make(map[int32]bool, len(need))
	for st := range need {
		needed[l.id(st)] = true
	}
	// local holds one text's forms of needed stems, in order of first
	// appearance, with their counts.
	type form struct {
		stem, word int32
		n          int
	}
	var local []form
	count := map[int32]map[int32]int{}
	var order []int32
	for i := range prims {
		for _, src := range []string{prims[i].Name, prims[i].FormalStatement} {
			local = local[:0]
			text.EachWord(text.Prose(src), func(w string, _, _ int) {
				id := l.id(w)
				if !l.is(id, lexTerm) {
					return
				}
				st := l.stem(id)
				if !needed[st] {
					return
				}
				for j := range local {
					if local[j].word == id {
						local[j].n++
						return
					}
				}
				local = append(local, form{stem: st, word: id, n: 1})
			})
			// The form text.Terms keeps for each stem: the most
			// frequent, then the shorter, then the first alphabetically.
			for j := range local {
				best := j
				first := true
				for k := 0; k < j; k++ {
					if local[k].stem == local[j].stem {
						first = false
						break
					}
				}
				if !first {
					continue
				}
				for k := j + 1; k < len(local); k++ {
					f, b := &local[k], &local[best]
					if f.stem != b.stem {
						continue
					}
					fw, bw := l.str(f.word), l.str(b.word)
					if f.n > b.n || f.n == b.n && (len(fw) < len(bw) || len(fw) == len(bw) && fw < bw) {
						best = k
					}
				}
				st := local[best].stem
				if count[st] == nil {
					count[st] = map[int32]int{}
					order = append(order, st)
				}
				count[st][local[best].word]++
			}
		}
	}
	for _, st := range order {
		best, n := "", 0
		for id, c := range count[st] {
			if w := l.str(id); c > n || c == n && w < best {
				best, n = w, c
			}
		}
		out[l.str(st)] = best
	}
	return out
}

// patternStems are the stems of the words of the applicability patterns of
// the primitives key (indexes into prims): what patternWords looks up.
func patternStems(prims []core.Primitive, key []int) map[string]bool {
	need := map[string]bool{}
	for _, i := range key {
		for _, p := range prims[i].ApplicabilityPatterns {
			for _, w := range text.Words(p) {
				need[text.Stem(w)] = true
			}
		}
	}
	return need
}

// patternWords are applicability patterns as words: each word of a
// pattern in the form the subject uses (words), a pattern with a stem the
// subject never writes left out.
func patternWords(patterns []string, words map[string]string) []string {
	var out []string
	for _, p := range patterns {
		var parts []string
		ok := true
		for _, w := range text.Words(p) {
			// only a word the statements use: a stem ("dimens",
			// "increas") is no word to show
			if f, found := words[text.Stem(w)]; found {
				parts = append(parts, f)
			} else {
				ok = false
			}
		}
		if ok && len(parts) > 0 {
			out = append(out, strings.Join(parts, " "))
		}
	}
	return out
}

// keyPrimitives renders the reference's Key Primitives entries: the
// primitives key (the most important, in order) as "**Name** (type):
// statement", an algorithm's steps and a result's proof with it (see
// keyEntry), and their applicability patterns as words, within a budget
// that keeps SKILL.md readable in one go; refs say where each is whole.
func keyPrimitives(prims []core.Primitive, key []int, words map[string]string, refs []refFile) string {
	if len(key) == 0 {
		return "No primitives available.\n\n"
	}
	var b strings.Builder
	budget := keyBudgetRunes
	for _, i := range key {
		e := keyEntry(&prims[i], refPlace(refs, i), budget)
		budget -= utf8.RuneCountInString(e)
		b.WriteString(e)
		p := &prims[i]
		var applies []string
		for _, ap := range patternWords(p.ApplicabilityPatterns, words) {
			if len(applies) == maxPatternsPerKey {
				break
			}
			if s := clean(ap, maxPatternRunes); s != "" && !slices.Contains(applies, s) {
				applies = append(applies, s)
			}
		}
		if len(applies) > 0 {
			// said as what they are: the words of a task it applies to
			b.WriteString("  Applies to: " + strings.Join(applies, ", ") + ".\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// refPlace names the reference file entry of primitive i: "entry 12 of
// references/primitives.md".
func refPlace(refs []refFile, i int) string {
	for _, r := range refs {
		if i >= r.first && i < r.end {
			return "entry " + strconv.Itoa(i+1) + " of " + r.path
		}
	}
	return "lore's store"
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

// statement is what a skill says a primitive states, its math read as
// Unicode text (f: I → ℝ): an agent reads prose, and the stored statement
// keeps the LaTeX for whoever needs it.
func statement(p *core.Primitive, max int) string {
	if s := clean(text.ReadableMath(p.FormalStatement), max); s != "" {
		return s
	}
	if s := clean(text.ReadableMath(p.ComputationalForm), max); s != "" {
		return s
	}
	return "(no statement)"
}

// compositionLines renders the first max composition rules, in input
// order, as "- Name + With -> Yields (type)", every part a name (names
// maps ids to names; a rule with a primitive it lacks is left out).
func compositionLines(prims []core.Primitive, max int, names map[string]string) []string {
	var out []string
	for i := range prims {
		for _, r := range prims[i].CompositionRules {
			if len(out) == max {
				return out
			}
			with, ok := names[r.With]
			yields := clean(r.Yields, maxFieldRunes)
			// "A + B -> A" says only that A uses B, and repeats a name
			if !ok || strings.EqualFold(yields, clean(shownName(&prims[i]), maxFieldRunes)) || strings.EqualFold(yields, clean(with, maxFieldRunes)) {
				continue
			}
			out = append(out, "- "+mdName(shownName(&prims[i]))+" + "+mdName(with)+" -> "+
				mdName(yields)+" ("+clean(string(r.Type), 30)+")")
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
	entry := make(map[string]int, len(prims))
	for i := range prims {
		entry[prims[i].ID] = i + 1
	}
	for i := range prims {
		e := refEntry(i+1, &prims[i], entry)
		if len(cur) > 0 && size+len(e) > refFileBudget {
			chunks = append(chunks, cur)
			cur, size = nil, 0
			if len(chunks) == maxRefFiles {
				break // the rest would not be written (below)
			}
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
	// A skill is read by an agent, and its files are journaled in one
	// store record before they are written: past maxRefFiles files (about
	// 8 MB) the rest of a huge source stays in the store, and the index
	// says so.
	if len(chunks) > maxRefFiles {
		chunks, starts = chunks[:maxRefFiles], starts[:maxRefFiles]
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

// formBlocks are the fenced blocks of a computational form that is no
// list of steps (a lead-in's code, format or figure, set under its
// template line by text.FormIndent), their lines unindented; nil when it
// has none.
func formBlocks(form string) []string {
	if !strings.Contains(form, "\n"+text.FormIndent+"```") {
		return nil
	}
	var out []string
	in := false
	for _, ln := range strings.Split(form, "\n") {
		body, ok := strings.CutPrefix(ln, text.FormIndent)
		if !ok && in {
			body, ok = ln, true // a block's line the form did not indent
		}
		if !ok {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(body), "```") {
			in = !in
			out = append(out, body)
			continue
		}
		if in {
			out = append(out, body)
		}
	}
	if in {
		out = append(out, "```") // a block the form left open
	}
	return out
}

// itemsCut ends a statement whose list the extractor cut (" … (4
// more)", " (3 items)").
var itemsCut = lazyre.New(`\([0-9]+ (?:more|items)\)$`)

// formEntries are the entries of the list a cut statement leads into
// ("- shape: A list of integers …"), from its computational form; nil
// when its statement is whole.
func formEntries(p *core.Primitive) []string {
	if !itemsCut.MatchString(p.FormalStatement) {
		return nil
	}
	var out []string
	for _, ln := range strings.Split(p.ComputationalForm, "\n")[1:] {
		if strings.HasPrefix(ln, "- ") {
			out = append(out, clean(ln, maxRefStmtRunes))
		}
	}
	return out
}

// refEntry is primitive p's entry n of the reference files; entry gives
// the entries of the skill's primitives by id, so that what p uses (the
// lemma its proof cites, the definition its steps need) is found.
func refEntry(n int, p *core.Primitive, entry map[string]int) string {
	var b strings.Builder
	b.WriteString("## " + strconv.Itoa(n) + ". " + mdName(p.Name) + "\n\n")
	field := func(k, v string) {
		if v == "" {
			v = "-"
		}
		b.WriteString("- " + k + ": " + v + "\n")
	}
	field("ID", clean(p.ID, maxFieldRunes))
	field("Type", typeName(p.Type))
	if lines := stepLines(p); lines != nil {
		// the steps in their nesting, after what the statement says
		// before them
		if lead := stepsLead(p, lines); lead != "" {
			field("Statement", clean(lead, maxRefStmtRunes))
		}
		b.WriteString("- Steps:\n\n")
		if stepsBlock(&b, "  ", lines, len(lines), maxRefStepRunes) {
			b.WriteString("  (the steps are cut here; lore show " + clean(p.ID, maxFieldRunes) + " has them all)\n")
		}
		b.WriteString("\n")
	} else {
		field("Statement", statement(p, maxRefStmtRunes))
		if code := formBlocks(p.ComputationalForm); len(code) > 0 {
			// the code or figure the statement introduces ("Here is a
			// sample C subroutine …:"), kept in its form
			b.WriteString("- Given as:\n\n")
			indented(&b, "  ", code)
			b.WriteString("\n")
		}
		if items := formEntries(p); len(items) > 0 {
			// a list the statement had no room for ("… (4 more)"):
			// its entries whole, as the form keeps them
			b.WriteString("- Entries:\n\n")
			indented(&b, "  ", items)
			b.WriteString("\n")
		}
	}
	proofFields(p.Proof, field)
	if uses := usedEntries(p, entry); uses != "" {
		field("Uses", uses)
	}
	for _, e := range p.Examples {
		// a worked example as the source lays it out: a request's
		// lines, a table
		b.WriteString("- Example:\n\n")
		indented(&b, "  ", exampleLines(e))
		b.WriteString("\n")
	}
	if p.Passage != "" {
		// what the source says after the statement: the formats, the
		// cases, the notes
		b.WriteString("- The source goes on:\n\n")
		indented(&b, "  ", passageLines(p.Passage, maxRefPassageRunes))
		b.WriteString("\n")
	}
	field("Section", clean(sectionOf(p), maxFieldRunes))
	field("Source", clean(p.Provenance.Document, maxFieldRunes))
	conf := "-"
	if c := p.Confidence; !math.IsNaN(c) && !math.IsInf(c, 0) {
		conf = strconv.FormatFloat(c, 'f', 2, 64)
	}
	field("Confidence", conf)
	return b.String()
}

// usedEntries names the entries of the primitives p depends on that the
// skill holds: "entry 3, entry 12"; "" for none.
func usedEntries(p *core.Primitive, entry map[string]int) string {
	var out []string
	for _, e := range p.Dependencies {
		if k, ok := entry[e.Target]; ok && k > 0 {
			if s := "entry " + strconv.Itoa(k); !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return strings.Join(firstN(out, 12), ", ")
}

// referenceIndex points SKILL.md at every reference file, one link per line
// up to 100 files and packed 20 to a line beyond, so even a huge domain's
// SKILL.md stays under 500 lines.
func referenceIndex(refs []refFile, n int) string {
	intro := "The full list of " + plural(n, "primitive", "primitives") +
		" (name, type, statement, what the source goes on to say of it, section, source document, confidence) is in "
	if len(refs) > 0 && refs[len(refs)-1].end < n {
		listed := refs[len(refs)-1].end
		intro = fmt.Sprintf("The first %d of the %d primitives, in document order (name, type, statement, what the source goes on "+
			"to say of it, section, source document, confidence), are in the reference files; the other %d are in lore's store (lore graph, lore show ID). The files: ",
			listed, n, n-listed)
	}
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

// sectionOf names the section a primitive was read in by its title, and
// its chapter's when that is another part than the whole: a rule ("Other keys MUST NOT be
// present") says what it applies to only through the section holding it,
// and the number alone says nothing to an agent without the source.
func sectionOf(p *core.Primitive) string {
	t := strings.TrimSpace(p.Provenance.Section)
	if t == "" {
		return p.Section
	}
	in := ""
	if ch := strings.TrimSpace(p.Provenance.Chapter); ch != "" && ch != t && ch != p.Provenance.Title {
		in = " (in " + ch + ")"
	}
	if n := p.Provenance.SectionNumber; n != "" && !strings.HasPrefix(t, n) {
		t = n + " " + t
	}
	return t + in
}
