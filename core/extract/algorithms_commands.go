package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Procedures given as a numbered list of commands. A spec often states a
// procedure as a numbered list under a heading
// ("##### Procedure", "Sign"), or after a sentence that says nothing of
// steps ("Given the key and the nonce:"): whatever leads into it, a list
// whose items mostly say what to do — open with a step's verb ("Set",
// "Compute", "Return"), or assign ("`salt = I2OSP(index, 4)`") — is a
// procedure. It is named by the function its lead-in gives, else by its
// section (the parent's, where the section's title only says that steps
// follow). Tutorials and references read their numbered lists as their
// procedures already (procedures); books and papers are left to their
// lead-ins and environments.

// assignment is an item that opens by computing a value: "k ← k + 1",
// "M' := …", or "=" in code ("`salt = I2OSP(index, 4)`"). An equation
// in prose ("n = d_r·b^r + …") states, it does not compute.
var assignment = lazyre.New("^(?:[*_]*[\\p{L}_][\\p{L}\\p{N}_'.,() \\[\\]]{0,40}?\\s*(?:←|:=|<-)|`[\\p{L}_][\\p{L}\\p{N}_'.,() \\[\\]]{0,40}?\\s*=)\\s*\\S")

// functionLabel is an item that defines a function by its signature
// ("CT_EQ(u, v): return TRUE if u = v"): a list of such is a reference.
var functionLabel = lazyre.New("^[`*_]*[A-Za-z_][A-Za-z0-9_.]*\\([^()]*\\)[`*_]*\\s*:")

// commandLists reads the numbered lists of commands of a section of
// Markdown or text that no procedure holds yet.
func (x *extractor) commandLists(st *secState, start int) {
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
		return
	}
	switch x.ctype {
	case core.Spec, core.Paper, core.Unknown:
		// a paper's or a note's numbered commands are a procedure as a
		// spec's are: its contributions and claims are not commands
	case core.Reference:
		// a reference's numbered instructions are its procedures
		// already (procedures): the lists left are of code ("0.
		// `salt = I2OSP(index, 4)`")
	default:
		// a book's numbered imperatives are as often its exercises and
		// objectives ("Find the greatest common divisor of 84 and 52",
		// "Use truth tables to …"): a book gives its procedures under a
		// lead-in or in an environment
		return
	}
	s := st.own
	for _, l := range text.OrderedLists(s) {
		if len(l.Items) < 2 || x.inAlgorithm(start, st.body+l.Start) || covered(x.cands[start:], st.body+l.Start) {
			continue
		}
		steps := make([]procStep, 0, len(l.Items))
		verbs := 0
		for _, it := range l.Items {
			step := readStep(s[it.Body:it.End])
			steps = append(steps, step)
			if commandText(step.text) {
				verbs++
			}
		}
		if verbs < 2 || 2*verbs < len(steps) || x.resultHolds(st, steps[0].text) {
			continue
		}
		lead := leadIn(s, l.Start)
		if exerciseLead.MatchString(lead) || requirementsLead.MatchString(lead) {
			continue
		}
		name := x.commandsName(st, lead)
		if name == "" {
			continue
		}
		ps := pseudo{procs: []string{name}}
		for i, step := range steps {
			// the whole item: a step may go on in a second paragraph
			row := itemProse(s[l.Items[i].Body:l.Items[i].End])
			for _, b := range step.blocks {
				row += " " + strings.Join(b.lines, "; ")
			}
			ps.lines = append(ps.lines, pcLine{text: text.Truncate(text.CollapseSpace(row), maxStepRow)})
			for _, c := range callName.FindAllStringSubmatch(row, -1) {
				ps.calls = append(ps.calls, c[1])
			}
		}
		x.addCommands(st, start, &ps, lead, st.body+l.Start, st.body+l.End)
	}
	if x.ctype == core.Spec {
		// a reference bullets its features and options as often
		x.commandBullets(st, start)
	}
}

// addCommands adds the procedure ps read from a list of commands between
// at and end. The section's opening statement, read before as a concept
// of the procedure's name ("AEAD Construction: AEAD_CHACHA20_POLY1305 is
// an authenticated encryption …"), is its lead-in, not a second
// primitive of that name; so is the section read as a procedure without
// its steps.
func (x *extractor) addCommands(st *secState, start int, ps *pseudo, lead string, at, end int) {
	name := ps.procs[0]
	offset := at
	kept := x.cands[:start]
	for _, o := range x.cands[start:] {
		if (o.typ == core.Definition || o.typ == core.Algorithm && stepless(o)) && !o.format && o.sec == st && o.offset < at &&
			strings.EqualFold(strings.TrimPrefix(o.name, "The "), strings.TrimPrefix(name, "The ")) {
			lead, offset = strings.TrimSpace(o.statement+" "+lead), o.offset
			if o.typ == core.Algorithm {
				name = o.name
			}
			continue
		}
		kept = append(kept, o)
	}
	x.cands = kept
	if len(ps.inputs)+len(ps.outputs) == 0 {
		ps.inputs, ps.outputs = x.siblingIO(st)
	}
	c := cand{
		typ: core.Algorithm, name: givenName(name), offset: offset, end: end, conf: stepListConf,
		statement: cutStatement(withCaption(name, strings.TrimSpace(lead+" "+ps.statement())), maxStatement), form: ps.form(),
	}
	x.algos.keep(c.offset, ps)
	x.add(st, c)
}

// requirementsLead is a lead-in whose key word makes each item a
// requirement of its own ("a cache MUST:"), which the spec reader reads.
var requirementsLead = lazyre.New(`\b(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED)(?:\s+NOT)?\s*:\s*$`)

// stepless reports a procedure read without steps of its own: its form
// is the template's "Procedure: …" over the section's lead-in.
func stepless(c cand) bool {
	return c.form == "" || strings.HasPrefix(c.form, "Procedure: ")
}

// minBulletCommands is the fewest items a bulleted list of commands has:
// bullets are set for lists of anything, so two instructions are not yet
// a procedure.
const minBulletCommands = 3

// commandBullets reads the bulleted lists of commands of a section of
// Markdown or text ("o  Read the block as a little-endian number." …
// "o  Multiply by r."): three items or more, two thirds of them commands.
func (x *extractor) commandBullets(st *secState, start int) {
	s := st.own
	var code []listingBlock
	if x.format == core.FormatMarkdown {
		code = fencedBlocks(s)
	}
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		at := p
		p = next
		m := looseItem.FindStringSubmatch(line)
		if m == nil || m[5] == "" || inBlocks(code, at) || x.inAlgorithm(start, st.body+at) || covered(x.cands[start:], st.body+at) {
			continue
		}
		rows, end := readLooseList(s, at, false)
		p = max(p, end)
		top, verbs := 0, 0
		for _, r := range rows {
			if r.depth == 0 {
				top++
				if commandText(r.text) {
					verbs++
				}
			}
		}
		if top < minBulletCommands || 3*verbs < 2*top {
			continue
		}
		lead := text.CollapseSpace(paragraphBefore(s[:at]))
		if exerciseLead.MatchString(lead) || requirementsLead.MatchString(lead) || looseItem.MatchString(strings.TrimSpace(lead)) {
			continue
		}
		name := x.commandsName(st, lead)
		if name == "" {
			continue
		}
		ps := pseudo{procs: []string{name}, lines: rows}
		for _, r := range rows {
			for _, c := range callName.FindAllStringSubmatch(r.text, -1) {
				ps.calls = append(ps.calls, c[1])
			}
		}
		x.addCommands(st, start, &ps, lead, st.body+at, st.body+end)
	}
}

// inBlocks reports whether offset at lies in one of the blocks of code.
func inBlocks(bs []listingBlock, at int) bool {
	for _, b := range bs {
		if b.at <= at && at < b.end {
			return true
		}
	}
	return false
}

// commandText reports whether a step's text says what to do: it reads as
// an instruction (text.ImperativeStep), opens a loop or a branch ("For
// each edge …", "Otherwise …"), or computes a value.
func commandText(t string) bool {
	if functionLabel.MatchString(t) {
		return false
	}
	if i := strings.IndexByte(t, ':'); i > 0 && i < 60 {
		// a label ("HM–min inequality: take p = −1") is no command;
		// a step that says what it computes before a colon is
		t = t[:i]
	}
	if text.ImperativeStep(t) || assignment.MatchString(t) {
		return true
	}
	w := strings.Fields(strings.ToLower(strings.TrimLeft(t, "`*_ ")))
	if len(w) > 1 && w[0] == "for" && w[1] != "each" {
		return false // "For all m ∈ ℕ, …" quantifies; "For each edge …" loops
	}
	if len(w) > 1 && sequenceWords[strings.Trim(w[0], ",")] {
		// "First, a one-time key is generated …", "Next, the function
		// is called …": a step in order, unless an argument's or a
		// plan's ("First, we argue that …")
		return !firstPerson[w[1]]
	}
	return len(w) > 0 && controlWords[strings.Trim(w[0], "`*_,.:;")]
}

// sequenceWords open a step by its place in the order.
var sequenceWords = map[string]bool{"first": true, "second": true, "third": true, "next": true, "then": true, "finally": true, "lastly": true, "afterwards": true}

// firstPerson are the subjects of an author's plan or argument.
var firstPerson = map[string]bool{"we": true, "i": true, "let's": true, "let’s": true, "our": true}

// controlWords open a step that loops or branches.
var controlWords = map[string]bool{"for": true, "while": true, "until": true, "otherwise": true, "else": true, "repeat": true, "if": true}

// commandsName names a list of commands: the function its lead-in gives
// ("Sign(sk, m):", "the Encode function"), else the section's title, or
// its parent's where the title only says steps follow ("Procedure").
func (x *extractor) commandsName(st *secState, lead string) string {
	if fn, _, _ := leadFunction(lead); fn != "" {
		return fn
	}
	if m := namedFunction.FindStringSubmatch(lead); m != nil && strings.ToUpper(m[1][:1]) == m[1][:1] {
		return m[1]
	}
	return x.sectionProcName(st)
}

// functionNamed is a function a lead-in says it defines by its
// signature: "The function CKDpriv((k, c), i) → (kᵢ, cᵢ) computes …",
// "the procedure Relax(u, v) …".
var functionNamed = lazyre.New("(?i)\\b(?:function|procedure|algorithm|routine)\\s+`?([A-Za-z_][A-Za-z0-9_.]*)`?\\s*\\(")

// leadNamesFunction is the function a lead-in says its steps are: the
// signature it opens with, the one it calls a function ("the function
// CKDpub(…)"), or the one it names so ("the Encode function"); "" when
// it names none. A call it only mentions is no name.
func leadNamesFunction(lead string) string {
	lead = strings.NewReplacer("*", "", "`", "").Replace(lead)
	if m := sigHead.FindStringSubmatch(lead); m != nil {
		return m[1]
	}
	if m := functionNamed.FindStringSubmatch(lead); m != nil && len(m[1]) > 1 {
		// "the function f(x)" is a formula's function, not a procedure's
		return m[1]
	}
	if m := namedFunction.FindStringSubmatch(lead); m != nil && strings.ToUpper(m[1][:1]) == m[1][:1] {
		return m[1]
	}
	return ""
}

// sectionProcName names the procedure a section gives: its title, or its
// parent's where the title only says that steps follow ("##### Procedure"
// under "#### `IKM_to_lamport_SK`"); a function's name as it is spelled.
func (x *extractor) sectionProcName(st *secState) string {
	title := strings.Trim(st.title, "`*_ ")
	if genericProcTitle(title) {
		if p := x.parentOf(st.s); p != nil {
			title = strings.Trim(x.plainTitle(p.Title), "`*_ ")
		}
	}
	if identifier(title) {
		return title // a function's name ("parent_SK_to_lamport_PK")
	}
	return topicTitle(title)
}

func genericProcTitle(t string) bool {
	return procedureGenericTitles[strings.ToLower(t)] || strings.EqualFold(t, "algorithm") || strings.EqualFold(t, "method")
}

// siblingIO are the inputs and outputs of a procedure a section gives
// under a title that only says steps follow, read from its siblings
// titled so ("##### Inputs", "##### Outputs"): each item of their lists,
// else each of their lines.
func (x *extractor) siblingIO(st *secState) (inputs, outputs []string) {
	p := x.parentOf(st.s)
	if p == nil || !genericProcTitle(strings.Trim(st.title, "`*_ ")) {
		return nil, nil
	}
	n := len(x.doc)
	for _, c := range p.Children {
		if c == nil || c == st.s {
			continue
		}
		var to *[]string
		switch strings.ToLower(strings.Trim(x.plainTitle(c.Title), "`*_: ")) {
		case "input", "inputs", "parameters", "arguments":
			to = &inputs
		case "output", "outputs", "returns", "result", "results":
			to = &outputs
		default:
			continue
		}
		body := clamp(c.BodyOffset, 0, n)
		for _, ln := range strings.Split(x.doc[body:clamp(c.OwnEnd(), body, n)], "\n") {
			t := strings.TrimSpace(ln)
			if m := looseItem.FindStringSubmatch(ln); m != nil {
				t = m[6]
			}
			if t != "" {
				*to = append(*to, plainMarkdown(t))
			}
		}
	}
	return inputs, outputs
}

// itemProse is a list item's text outside its code blocks, its
// paragraphs joined, as plain text.
func itemProse(item string) string {
	var para []string
	fence := ""
	for _, ln := range strings.Split(item, "\n") {
		t := strings.TrimSpace(ln)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = t[:3]
		case t != "":
			para = append(para, t)
		}
	}
	return plainMarkdown(strings.Join(para, " "))
}

// stepsIntroduced is a lead-in that ends by saying steps follow: "The
// getWidget(options) method steps are:", "To request a widget given
// options, run these steps:", "… is computed as follows:".
var stepsIntroduced = lazyre.New(`(?i)(?:\bsteps(?: are)?|\bthese steps|\bthe following steps|\bas follows)[ \t*_]*:[ \t*_]*$`)

// maxLeadGap bounds the text between a lead-in's term and the steps it
// introduces: the rest of its sentence, the markup closing its paragraph.
const maxLeadGap = 400

// leadInProcedures joins a term defined by a lead-in that says steps
// follow ("To **request a widget** given options, run these steps:") to
// the procedure read from the steps after it: one algorithm, named by the
// term, its statement the lead-in's and the steps', not a definition that
// ends at its colon beside a procedure named by its section. cs is in
// document order.
func leadInProcedures(cs []cand) []cand {
	out := cs[:0]
	for i := 0; i < len(cs); i++ {
		d := cs[i]
		if i+1 < len(cs) {
			p := cs[i+1]
			if d.typ == core.Definition && d.sec == p.sec && !p.format && (p.typ == core.Algorithm || p.typ == core.Technique) &&
				p.form != "" && !stepless(p) && stepsIntroduced.MatchString(strings.TrimSpace(d.statement)) &&
				p.offset > d.offset && p.offset-d.offset <= len(d.statement)+maxLeadGap {
				p.typ, p.name, p.offset = core.Algorithm, d.name, d.offset
				p.statement = cutStatement(strings.TrimSpace(d.statement+" "+p.statement), maxStatement)
				out = append(out, p)
				i++
				continue
			}
		}
		out = append(out, d)
	}
	return out
}
