package extract

import (
	"slices"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Pseudo-code listings. Pseudo-code is also set verbatim: a verbatim,
// lstlisting or minted environment, a fenced block of Markdown (as HTML and
// EPUB arrive) without a language or with a pseudo-code one. Such a block
// is an algorithm when it reads as pseudo-code — rows with its keywords
// and assignments, none of a programming language's marks (def, class,
// braces, semicolons) — named by the signature on its first row
// ("MERGE-SORT(A, p, r)") or else by the heading it sits under; its rows
// are nested by their indentation.

// A procedure of a specification is written the same way, with its parts
// named: "Parameters:", "Input:" and "Output:" over items of their own,
// then "Steps:" over rows numbered from 1 (sub-steps numbered on, indented
// after their number). The named inputs and outputs are the procedure's,
// not steps; "Steps:" is the head of the steps; and rows numbered 1, 2, 3
// are rows however many other lines the block holds.

// listingConf is below a marked block's: the block is found by its
// content.
const listingConf = 0.8

// pseudoLangs are the languages a block of pseudo-code is given, or none.
var pseudoLangs = map[string]bool{
	"": true, "pseudo": true, "pseudocode": true, "algorithm": true, "algo": true, "text": true,
	"plain": true, "plaintext": true, "none": true, "clrs": true, "txt": true,
}

var (
	codeMark = lazyre.New(`^(?:def|class|import|from|#include|#define|public|private|protected|static|func|fn|package|using|var|const|async|template|struct|impl|module|require)\b|^function\s*\w*\s*\(|\bprint\(|\bconsole\.|\bSystem\.|std::|\bself\.|^\}|\{$|^@\w`)
	sigLine  = lazyre.New(`^([A-Za-z][A-Za-z0-9_-]*)\s*\(([^()]*)\)\s*:?$`)
	// resultSig is a procedure's signature written as the call that gives
	// its result, a CFRG draft's "pseudonym_init_res =
	// PseudonymProofInit(context_id," over its inputs and outputs.
	resultSig = lazyre.New(`^[A-Za-z_(][A-Za-z0-9_, ()]*=\s*([A-Za-z][A-Za-z0-9_.]*)\s*\(`)
	rowNumber = lazyre.New(`^\s*([0-9]{1,3})([:.]?)\s+`)
	// partHead names a part of a procedure written out ("Input: x, an
	// element of F", "Parameters:"); what it names follows on its line
	// or in items under it.
	partHead = lazyre.New(`(?i)^(parameters?|inputs?|outputs?|returns|require|ensure|given|steps|operations|procedure)\s*:\s*(.*)$`)
	lstLang  = lazyre.New(`(?i)language\s*=\s*\{?([A-Za-z+#]*)`)
	// lstTitle is the title or caption a listing's options give it
	// ("title={Thread A}", "caption=Merge sort").
	lstTitle = lazyre.New(`(?i)(?:^|[,\s])(?:title|caption)\s*=\s*(?:\{((?:[^{}]|\{[^{}]*\})*)\}|([^,\]]*))`)
)

// listingBlock is one verbatim block of a section: its span and body (in
// section offsets) and the language it was given.
type listingBlock struct {
	at, end int
	// bodyAt is where the body starts, after the block's opening line.
	bodyAt int
	body   string
	lang   string
	// function marks a specification's function split from its block
	// (specFunctions): a procedure whatever the number of its rows and
	// its language; doc is its docstring.
	function bool
	doc      string
	// plain marks a paragraph of plain text set as code
	// (textPseudoBlocks), not a block its markup set apart.
	plain bool
	// titled marks a listing its author gave a title or caption, title,
	// as a float is given one: a block the author named and set apart.
	titled bool
	title  string
}

// listings adds the blocks of pseudo-code set verbatim in a section.
// Blocks inside a candidate found before (an algorithm environment) are
// left to it.
func (x *extractor) listings(st *secState, first int) {
	var blocks []listingBlock
	switch x.format {
	case core.FormatLaTeX:
		blocks = latexListings(st.own, x.texDoc().authorListings(x.doc))
	case core.FormatMarkdown:
		blocks = append(fencedBlocks(st.own), indentedBlocks(st.own)...)
		sort.Slice(blocks, func(i, j int) bool { return blocks[i].at < blocks[j].at })
	case core.FormatText:
		blocks = append(fencedBlocks(st.own), textFunctionBlocks(st.own)...)
		if mt := x.a.Document.MediaType; mt == "" || strings.HasPrefix(mt, "text/plain") {
			// a text's paragraphs set as code; a program's source is
			// all code, read as such elsewhere
			blocks = append(blocks, textArtBlocks(st.own, x.proseIndent(), blocks)...)
			blocks = append(blocks, textPseudoBlocks(st.own, blocks)...)
		}
		sort.Slice(blocks, func(i, j int) bool { return blocks[i].at < blocks[j].at })
	}
	if x.ctype != core.Spec && x.ctype != core.Reference {
		for k := range blocks {
			// the function the section teaches its method by
			// (algorithms_methodcode.go)
			if !blocks[k].function && methodFunction(blocks[k], st.title) {
				blocks[k].function = true
			}
		}
	}
	if x.format != core.FormatLaTeX {
		if x.ctype == core.Spec || x.ctype == core.Reference {
			blocks = specFunctions(blocks)
		} else {
			blocks = x.calledPseudocode(st, blocks)
		}
	}
	sig := sectionSignature(blocks)
	for _, b := range blocks {
		if !pseudoLangs[strings.ToLower(b.lang)] && !b.function {
			continue
		}
		if c := coveringCand(x.cands[first:], st.body+b.at); c != nil {
			// the section read as a procedure without its steps
			// ("6.2 Decoding procedure"): these rows are its steps
			if b.plain && c.typ == core.Algorithm && stepless(*c) {
				if ps, _ := readListing(b.body); listingPseudo(ps.lines) {
					c.form, c.end = ps.form(), max(c.end, st.body+b.end)
					x.algos.keep(c.offset, &ps)
				}
			}
			continue
		}
		if name, ps, ok := functionBox(b.body); ok && x.format != core.FormatLaTeX {
			x.addBox(st, first, b, name, ps)
			continue
		}
		if holdsSteps(x.cands[first:], st.body+b.at, st.body+b.end) {
			continue
		}
		ps, counted := readListing(b.body)
		rows := ps.lines
		defined := ""
		steps := x.format != core.FormatLaTeX && stepsLabelled(st.own[max(0, b.at-maxLeadIn):b.at])
		if steps && len(rows) > 0 {
			x.labelledSteps(st, first, b, sig, ps)
			continue
		}
		// A listing its author titled is a named block of its own,
		// whatever its rows read as (a thread's "Eat breakfast").
		titled := b.titled && x.format == core.FormatLaTeX
		if len(rows) > 0 && !titled && !listingPseudo(rows) && !countedPseudo(ps, counted) && !(b.function && len(rows) >= 2) && !signatureOver(rows) {
			if !straightLine(rows) {
				continue
			}
			if defined = definedAsFollows(st.own[max(0, b.at-maxLeadIn):b.at]); defined == "" {
				continue
			}
		}
		if len(rows) == 0 {
			continue
		}
		name := ""
		if t := x.texr.clean(b.title); titled && t != "" {
			name = t
		} else if defined != "" {
			name = defined
			ps.procs = []string{defined}
		} else if m := sigLine.FindStringSubmatch(rows[0].text); m != nil {
			name = capsName(m[1])
			ps.procs = []string{m[1]}
		} else if m := boxSignature.FindStringSubmatch(rows[0].text); m != nil && signatureOver(rows) {
			name = m[1] + m[2]
			ps.procs = []string{name}
		} else if m := resultSig.FindStringSubmatch(rows[0].text); m != nil && len(ps.inputs)+len(ps.outputs) > 0 {
			name = m[1]
			ps.procs = []string{m[1]}
		}
		for _, r := range rows {
			for _, c := range callName.FindAllStringSubmatch(r.text, -1) {
				ps.calls = append(ps.calls, c[1])
			}
		}
		if name == "" {
			name = x.sectionProcName(st)
			if len(ps.inputs)+len(ps.outputs) == 0 {
				ps.inputs, ps.outputs = x.siblingIO(st)
			}
		}
		if name == "" {
			continue
		}
		if o := x.sectionProcedure(st, first, st.body+b.at, name); o != nil && b.plain {
			// the section read as a procedure without its steps
			o.form, o.end = ps.form(), st.body+b.end
			x.algos.keep(o.offset, &ps)
			continue
		}
		c := cand{
			typ: core.Algorithm, name: givenName(name), offset: st.body + b.at, end: st.body + b.end,
			conf: listingConf, statement: withCaption(name, strings.TrimSpace(b.doc+" "+ps.statement())), form: ps.form(),
		}
		x.dropSignatures(first, c, ps.procs)
		x.algos.keep(c.offset, &ps)
		x.add(st, c)
	}
}

// A specification may give a function as its signature set apart, what
// it does, its inputs and outputs, then "Steps:" over a block of code:
//
//	~~~
//	Update(M0, M1)
//	~~~
//	The Update function … Steps:
//	~~~
//	S'0 = AESRound(S7, S0 ^ M0)
//	~~~
//
// The block under "Steps:" is the function's procedure whatever its rows
// (assignments one after another, calls): the label says so. Its first
// row is a step, not its signature ("Init(key, nonce)" opens Encrypt's
// steps): the function is the one the section's signature block names,
// else the section's topic. What the section says of the function (read
// as a concept named by its heading) is the procedure's statement.

// signature is a function's call set apart in a block of its own.
type signature struct {
	name, args string
	end        int // where its block ends, in section offsets
}

// sectionSignature is the call a block of the section holds alone
// ("Encrypt(msg, ad, key, nonce)"), or nil.
func sectionSignature(blocks []listingBlock) *signature {
	for _, b := range blocks {
		t := strings.TrimSpace(b.body)
		if strings.Contains(t, "\n") {
			continue
		}
		if m := sigLine.FindStringSubmatch(t); m != nil {
			return &signature{name: m[1], args: strings.TrimSpace(m[2]), end: b.end}
		}
	}
	return nil
}

// saysOf is the first paragraph of s that is prose: what a section says
// of the function whose signature it set apart before it.
func saysOf(s string) string {
	for _, para := range strings.Split(s, "\n\n") {
		t := strings.TrimSpace(para)
		if t == "" || partLabel.MatchString(t) || partHead.MatchString(t) || strings.HasPrefix(t, "~~~") || strings.HasPrefix(t, "```") ||
			listItem.MatchString(t) {
			continue
		}
		return text.CollapseSpace(strings.ReplaceAll(t, "`", ""))
	}
	return ""
}

// stepsLabelled reports whether the paragraph before a block is a label
// of steps alone on its line ("Steps:", "**Algorithm**:").
func stepsLabelled(before string) bool {
	m := partLabel.FindStringSubmatch(paragraphBefore(before))
	if m == nil {
		return false
	}
	switch strings.ToLower(m[1]) {
	case "steps", "algorithm", "procedure", "process", "method":
		return true
	}
	return false
}

// labelledSteps adds the procedure of block b, labelled as steps, named by
// the section's signature sig (nil: by the section's topic); the concept
// the section's heading made of the function gives it its statement.
func (x *extractor) labelledSteps(st *secState, first int, b listingBlock, sig *signature, ps pseudo) {
	name := topicTitle(st.title)
	if sig != nil && sig.end <= b.at {
		name = sig.name
		ps.procs = []string{sig.name}
		if sig.args != "" && len(ps.inputs) == 0 {
			ps.inputs = []string{sig.args}
		}
	} else {
		sig = nil
	}
	if name == "" {
		return
	}
	for _, r := range ps.lines {
		for _, c := range callName.FindAllStringSubmatch(r.text, -1) {
			ps.calls = append(ps.calls, c[1])
		}
	}
	lead, offset := "", st.body+b.at
	topic := strings.ToLower(strings.TrimPrefix(topicTitle(st.title), "The "))
	kept := x.cands[:first]
	for _, o := range x.cands[first:] {
		if o.typ == core.Definition && !o.format && o.sec == st && o.offset < st.body+b.at && topic != "" &&
			strings.EqualFold(strings.TrimPrefix(o.name, "The "), topic) {
			lead, offset = o.statement, o.offset
			continue
		}
		kept = append(kept, o)
	}
	x.cands = kept
	if lead == "" && sig != nil {
		lead = saysOf(st.own[sig.end:b.at])
	}
	c := cand{
		typ: core.Algorithm, name: givenName(name), offset: offset, end: st.body + b.end,
		conf: listingConf, statement: cutStatement(withCaption(name, strings.TrimSpace(lead+" "+ps.statement())), maxStatement), form: ps.form(),
	}
	x.dropSignatures(first, c, ps.procs)
	x.algos.keep(c.offset, &ps)
	x.add(st, c)
}

// asFollowsLead is a lead-in naming the function the block under it
// computes: "`SQRT_RATIO_M1(u, v)` is defined as follows:", "The function
// MAP(t) is computed as follows:".
var asFollowsLead = lazyre.New("(?:`|\\b)([A-Za-z_][A-Za-z0-9_]*)\\([^()`\n]{0,80}\\)`?[^.:\n]{0,60}\\b(?:is|are)\\s+(?:defined|computed|calculated|implemented|performed)\\s+as\\s+follows\\s*:\\s*$")

// maxLeadIn bounds the text before a block read for its lead-in, so a
// section of many blocks is read in linear time.
const maxLeadIn = 600

// definedAsFollows is the function the paragraph ending before at says
// the block after it computes, or "".
func definedAsFollows(before string) string {
	if m := asFollowsLead.FindStringSubmatch(text.CollapseSpace(paragraphBefore(before))); m != nil {
		return m[1]
	}
	return ""
}

// paragraphBefore is the last paragraph of before: what leads into the
// block that follows it.
func paragraphBefore(before string) string {
	para := strings.TrimRight(before, " \t\n")
	if i := strings.LastIndex(para, "\n\n"); i >= 0 {
		para = para[i+2:]
	}
	return para
}

// straightLine reports rows that compute, one assignment after another:
// three rows or more, most of them assignments, none a programming
// language's mark.
func straightLine(rows []pcLine) bool {
	assign := 0
	for _, r := range rows {
		if codeMark.MatchString(r.text) {
			return false
		}
		if strings.Contains(r.text, " = ") || strings.Contains(r.text, "←") || strings.Contains(r.text, ":=") {
			assign++
		}
	}
	return len(rows) >= 3 && 2*assign > len(rows)
}

// dropSignatures drops, from the candidates since first, the definitions
// an API reading made of procs' signatures inside c's block ("def
// expandDecapsKeyG(seed):" read as a function's declaration): the
// procedure's steps say what its first line only names.
func (x *extractor) dropSignatures(first int, c cand, procs []string) {
	if len(procs) == 0 {
		return
	}
	kept := x.cands[:first]
	for _, o := range x.cands[first:] {
		if o.typ == core.Definition && o.offset >= c.offset && o.offset < c.end && slices.ContainsFunc(procs, func(p string) bool {
			return strings.EqualFold(p, o.name)
		}) {
			continue
		}
		kept = append(kept, o)
	}
	x.cands = kept
}

// defStart opens a function's definition as a specification writes its
// procedures in Python or a notation like it: "def prepareEncaps(ek_PQ,
// ek_T):", "def gen(self,", its parameters on the lines after.
var defStart = lazyre.New(`^def\s+([A-Za-z_][A-Za-z0-9_.]*)\s*\(`)

// pythonLangs are the languages a specification's function blocks are
// tagged with besides pseudo-code's.
var pythonLangs = map[string]bool{"python": true, "python3": true, "py": true, "sage": true}

// specFunctions splits a block made only of function definitions ("def
// f(x):" rows, each with its indented body) into one block per function,
// its first row the signature alone: each is a procedure of the
// specification (an IETF draft writes its procedures so, untagged or as
// Python), where a textbook's or a tutorial's block of Python is a program
// and stays whole.
func specFunctions(blocks []listingBlock) []listingBlock {
	var out []listingBlock
	for _, b := range blocks {
		parts := splitDefs(b)
		if parts == nil {
			parts = splitBraceFuncs(b)
		}
		if parts == nil {
			out = append(out, b)
			continue
		}
		out = append(out, parts...)
	}
	return out
}

// pseudoWord is the word a text calls pseudo-code by.
var pseudoWord = lazyre.New(`(?i)\bpseudo-?\s?code\b`)

// calledPseudocode splits into its functions each block of a how-to or a
// book that its heading or lead-in calls pseudo-code ("### Implementation
// pseudocode", "The following is a collection of python-like pseudocode
// functions"): procedures to read, not a program to run, whatever the
// document's kind.
func (x *extractor) calledPseudocode(st *secState, blocks []listingBlock) []listingBlock {
	out := blocks[:0:0]
	for _, b := range blocks {
		if pseudoWord.MatchString(st.title) || pseudoWord.MatchString(paragraphBefore(st.own[max(0, b.at-maxLeadIn):b.at])) {
			out = append(out, specFunctions([]listingBlock{b})...)
			continue
		}
		out = append(out, b)
	}
	return out
}

// splitDefs is b's functions, or nil when b is not made only of them. A
// function's signature may run over several lines and annotate its
// parameters and result ("def gen(self, alpha: tuple[bool, ...], …) ->
// tuple[…]:"); its first row is its name and parameters as a reader
// calls it, "gen(alpha, beta, ctx)", and its docstring is its
// description, not a step.
func splitDefs(b listingBlock) []listingBlock {
	lang := strings.ToLower(b.lang)
	if !pseudoLangs[lang] && !pythonLangs[lang] || !strings.Contains(b.body, "def ") {
		return nil
	}
	var out []listingBlock
	comment := ""
	for p := 0; p < len(b.body); {
		line, next := lineAt(b.body, p)
		at := p
		p = next
		if strings.HasPrefix(line, "#") {
			// a comment between functions says what the next one does
			comment = strings.TrimSpace(comment + " " + strings.TrimSpace(strings.TrimLeft(line, "#")))
			continue
		}
		if strings.TrimSpace(line) == "" || line[0] == ' ' || line[0] == '\t' {
			if len(out) == 0 && strings.TrimSpace(line) != "" {
				return nil // a body before any function
			}
			if len(out) > 0 {
				out[len(out)-1].body += line + "\n"
				out[len(out)-1].end = b.bodyAt + next
			}
			continue
		}
		m := defStart.FindStringSubmatch(line)
		if m == nil {
			return nil // a row of its own beside the functions: code, not procedures
		}
		params, after, ok := pyParams(b.body, at+strings.Index(line, "(")+1)
		if !ok {
			return nil
		}
		doc, after := docstring(b.body, after)
		if doc == "" {
			doc = comment
		}
		comment = ""
		out = append(out, listingBlock{at: b.bodyAt + at, end: b.bodyAt + after, bodyAt: b.bodyAt + at,
			body: m[1] + "(" + params + ")\n", lang: b.lang, function: true, doc: doc})
		p = after
	}
	return out
}

// braceLangs are the languages whose functions a specification gives in
// braces ("async function httpcall(urls, to, callData) { … }").
var braceLangs = map[string]bool{
	"javascript": true, "js": true, "typescript": true, "ts": true, "go": true, "golang": true, "rust": true,
	"rs": true, "solidity": true, "sol": true,
}

// braceFunc is the line that opens a function with a body in braces: its
// name and parameters.
var braceFunc = lazyre.New(`^(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:function|func|fn)\s+([A-Za-z_$][A-Za-z0-9_$]*)\s*\(([^()]*)\)[^{;]*\{\s*$`)

// splitBraceFuncs is splitDefs for the brace languages: b's functions
// with bodies, one block each, whose first row is the call that names
// the function and whose rows are its statements (lines that only close
// a brace are structure), or nil when b holds anything else beside them
// or a function without a body (an interface's declaration).
func splitBraceFuncs(b listingBlock) []listingBlock {
	if !braceLangs[strings.ToLower(b.lang)] || !strings.Contains(b.body, "{") {
		return nil
	}
	var out []listingBlock
	for p := 0; p < len(b.body); {
		line, next := lineAt(b.body, p)
		at := p
		p = next
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		m := braceFunc.FindStringSubmatch(line)
		if m == nil && braceFuncOpen.MatchString(line) {
			// a signature over several lines, a parameter a line
			// ("function verify(\n  connection: ConnectionEnd,\n …): Error {")
			joined, q := strings.TrimRight(line, " \t"), p
			for k := 0; k < maxSignatureLines && q < len(b.body); k++ {
				l, n := lineAt(b.body, q)
				if strings.TrimSpace(l) == "" || braceFuncOpen.MatchString(l) {
					break // the signature ended bodiless on its line
				}
				joined += " " + strings.TrimSpace(l)
				q = n
				if m = braceFunc.FindStringSubmatch(joined); m != nil {
					p = q
					break
				}
				if strings.HasSuffix(strings.TrimSpace(l), "{") || strings.HasSuffix(strings.TrimSpace(l), ";") {
					break
				}
			}
			if m == nil && !strings.HasSuffix(strings.TrimSpace(joined), "{") {
				p = q
				continue // a declaration without a body
			}
		}
		if m == nil {
			return nil
		}
		var body strings.Builder
		body.WriteString(m[1] + "(" + braceParams(m[2]) + ")\n")
		// the body ends at the brace set as far in as the function's
		// line: counting braces would count those of strings and
		// regular expressions
		fnInd := len(line) - len(strings.TrimLeft(line, " \t"))
		closed := false
		for !closed && p < len(b.body) {
			l, n := lineAt(b.body, p)
			p = n
			ind := len(l) - len(strings.TrimLeft(l, " \t"))
			row := strings.TrimRight(strings.TrimSpace(l), "{ ")
			if ind <= fnInd && strings.HasPrefix(strings.TrimSpace(l), "}") {
				closed = true
				continue
			}
			if strings.Trim(row, "});, ") == "" {
				continue // a closing brace
			}
			body.WriteString(strings.Repeat(" ", ind) + strings.TrimSuffix(row, ";") + "\n")
		}
		if !closed {
			return nil // never closed
		}
		out = append(out, listingBlock{at: b.bodyAt + at, end: b.bodyAt + p, bodyAt: b.bodyAt + at,
			body: body.String(), lang: b.lang, function: true})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// braceFuncOpen opens a function's signature that goes on over the
// next lines; maxSignatureLines bounds how many.
var braceFuncOpen = lazyre.New(`^(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:function|func|fn)\s+[A-Za-z_$][A-Za-z0-9_$]*\s*\(`)

const maxSignatureLines = 16

// braceParams is a parameter list's names, types and defaults dropped
// ("url string, data []byte" → "url, data"; "to: string" → "to").
func braceParams(ps string) string {
	var names []string
	for _, p := range strings.Split(ps, ",") {
		f := strings.Fields(strings.TrimSpace(p))
		if len(f) == 0 {
			continue
		}
		n := strings.TrimSuffix(f[0], ":")
		if i := strings.IndexAny(n, ":="); i >= 0 {
			n = n[:i]
		}
		names = append(names, n)
	}
	return strings.Join(names, ", ")
}

// pyParams reads a signature's parameters from p, just after its "(",
// to the colon that ends it: their names (self aside, annotations and
// defaults dropped) and where the line after the signature starts.
func pyParams(s string, p int) (string, int, bool) {
	depth, start := 1, p
	var names []string
	param := func(q int) {
		n := strings.TrimSpace(s[start:q])
		if i := strings.IndexAny(n, ":="); i >= 0 {
			n = strings.TrimSpace(n[:i])
		}
		if n != "" && n != "self" && n != "cls" {
			names = append(names, n)
		}
	}
	for q := p; q < len(s) && q-p < 2000; q++ {
		switch s[q] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				param(q)
				_, next := lineAt(s, q)
				if !strings.HasSuffix(strings.TrimSpace(s[q:next]), ":") {
					return "", 0, false
				}
				return strings.Join(names, ", "), next, true
			}
		case ',':
			if depth == 1 {
				param(q)
				start = q + 1
			}
		}
	}
	return "", 0, false
}

// docstring reads the docstring that may open a function's body at p:
// its text, on one line, and where the body goes on after it.
func docstring(s string, p int) (string, int) {
	line, _ := lineAt(s, p)
	t := strings.TrimSpace(line)
	for _, q := range []string{`"""`, "'''"} {
		if !strings.HasPrefix(t, q) {
			continue
		}
		rest := s[p+strings.Index(line, q)+3:]
		e := strings.Index(rest, q)
		if e < 0 || e > 4000 {
			return "", p
		}
		end := len(s) - len(rest) + e + 3
		_, after := lineAt(s, end)
		return text.CollapseSpace(rest[:e]), after
	}
	return "", p
}

// covered reports whether a candidate's span holds off.
func covered(cs []cand, off int) bool { return coveringCand(cs, off) != nil }

// signatureOver reports rows that are a function written out: a
// signature with a dotted name ("RSAOAEPKEM.Encaps(pkR):") over a body
// indented under it.
func signatureOver(rows []pcLine) bool {
	if len(rows) < 2 || !boxSignature.MatchString(rows[0].text) || !strings.Contains(rows[0].text, ".") {
		return false
	}
	for _, r := range rows[1:] {
		if r.depth <= rows[0].depth {
			return false
		}
	}
	return true
}

// holdsSteps reports whether a procedure read before lies inside the
// block from at to end: a block that writes out its signature, its
// outputs and then "Key Generation Process:" over numbered steps is that
// procedure, read with its steps; its lines are not a second one.
func holdsSteps(cs []cand, at, end int) bool {
	for _, c := range cs {
		if c.typ == core.Algorithm && !c.format && c.form != "" && at <= c.offset && c.offset < end {
			return true
		}
	}
	return false
}

// capsName writes a name set in capitals as CLRS sets procedures
// ("MERGE-SORT") as a name is read: "Merge-Sort".
func capsName(n string) string {
	if strings.ToUpper(n) != n {
		return n
	}
	parts := strings.FieldsFunc(n, func(r rune) bool { return r == '-' || r == '_' })
	if len(parts) == 0 {
		return n
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(n[b.Len()])
		}
		b.WriteString(p[:1] + strings.ToLower(p[1:]))
	}
	return b.String()
}

// latexListings finds the verbatim environments of s.
func latexListings(s string, own map[string]string) []listingBlock {
	var out []listingBlock
	envs := []string{"verbatim", "lstlisting", "minted", "Verbatim", "alltt", "pseudo"}
	for env := range own {
		if !slices.Contains(envs, env) {
			envs = append(envs, env)
		}
	}
	for _, env := range envs {
		open := `\begin{` + env + `}`
		for i := 0; ; {
			j := strings.Index(s[i:], open)
			if j < 0 {
				break
			}
			at := i + j
			p := at + len(open)
			lang, title, titled := own[env], "", false
			if env == "minted" {
				// its options may stand on the next line, as an
				// author's environment over it writes them
				l, e := texRawBraced(s, skipSpaceNL(s, skipOptArgs(s, skipSpaceNL(s, p))))
				if e > 0 {
					lang, p = l, e
				}
			} else if o, e := texOptional(s, p, 400); e > p {
				if m := lstLang.FindStringSubmatch(o); m != nil {
					lang = m[1]
				}
				if m := lstTitle.FindStringSubmatch(o); m != nil {
					titled, title = true, strings.TrimSpace(m[1]+m[2])
				}
				p = e
			}
			if env == "lstlisting" {
				// lstlisting's old name argument, set on the opening
				// line ("[title={Thread A}]{}"), is not a row
				if p < len(s) && s[p] == '{' {
					if name, e := texBraced(s, p); e > 0 {
						p = e
						if title == "" && name != "" {
							titled, title = true, name
						}
					}
				}
			}
			k := strings.Index(s[p:], `\end{`+env+`}`)
			if k < 0 {
				break
			}
			out = append(out, listingBlock{at: at, end: p + k + len(`\end{`+env+`}`), bodyAt: p, body: s[p : p+k], lang: lang,
				titled: titled, title: title})
			i = p + k
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].at < out[b].at })
	return out
}

// fencedBlocks finds the fenced code blocks of Markdown text.
func fencedBlocks(s string) []listingBlock {
	var out []listingBlock
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		t := strings.TrimSpace(line)
		at := p
		p = next
		if !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~") {
			continue
		}
		fence := t[:3]
		lang := strings.Trim(strings.TrimSpace(strings.TrimLeft(t, fence[:1])), "{}.")
		if f := strings.Fields(lang); len(f) > 0 {
			lang = f[0]
		}
		body := p
		for p < len(s) {
			l, n := lineAt(s, p)
			if strings.HasPrefix(strings.TrimSpace(l), fence) {
				out = append(out, listingBlock{at: at, end: p + len(l), bodyAt: body, body: s[body:p], lang: lang})
				p = n
				break
			}
			p = n
		}
	}
	return out
}

// indentedBlocks returns the indented code blocks of a Markdown text: a
// run of lines indented four spaces or more after a blank line under a
// paragraph at the margin (not an item, whose text runs on indented), or
// at the start; blank lines inside it are its own. Their bodies lose the
// four spaces, and they have no language. Fenced blocks are left to
// fencedBlocks.
func indentedBlocks(s string) []listingBlock {
	if !strings.Contains(s, "\n    ") && !strings.Contains(s, "\n\t") {
		return nil
	}
	var out []listingBlock
	prev := ""      // the last line that was not blank
	blank := true   // whether the line before was blank
	fenced := false // inside a fenced block
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		t := strings.TrimSpace(line)
		if fenceOpen(t) != "" {
			fenced = !fenced
		}
		if fenced || t == "" || !blank || !indentedCode(line) || prev != "" && (indentedCode(prev) || stepItemLine.MatchString(prev) || strings.HasPrefix(prev, " ")) {
			if t != "" {
				prev = line
			}
			blank = t == ""
			p = next
			continue
		}
		at, end := p, next
		var body strings.Builder
		for q := p; q < len(s); {
			l, n := lineAt(s, q)
			if strings.TrimSpace(l) != "" && !indentedCode(l) {
				break
			}
			if strings.TrimSpace(l) != "" {
				end = n
			}
			q = n
		}
		for q := at; q < end; {
			l, n := lineAt(s, q)
			body.WriteString(strings.TrimPrefix(strings.TrimPrefix(l, "\t"), "    ") + "\n")
			q = n
		}
		out = append(out, listingBlock{at: at, end: end, bodyAt: at, body: body.String()})
		last, _ := lineAt(s, max(at, end-1))
		prev, blank, p = last, false, end
	}
	return out
}

// textSignature is a function's signature alone on an indented line of
// plain text, a colon after it: "inner_block (state):",
// "chacha20_block(key, counter, nonce):".
var textSignature = lazyre.New(`^([ \t]{2,})([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(([^()]*)\)[ \t]*:[ \t]*$`)

// textFunctionBlocks returns the functions a plain-text specification
// writes as pseudo-code, an RFC's way: the signature on an indented line
// of its own, then its rows indented deeper, an "end" closing it. Each is
// a block of its own, its first row the signature; a page's furniture
// inside it is no row.
func textFunctionBlocks(s string) []listingBlock {
	var out []listingBlock
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		at := p
		p = next
		m := textSignature.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		ind := len(m[1])
		var body strings.Builder
		body.WriteString(m[2] + "(" + strings.TrimSpace(m[3]) + ")\n")
		end, rows := next, 0
		for q := next; q < len(s); {
			l, n := lineAt(s, q)
			t := strings.TrimSpace(l)
			if t == "" || isPageFurniture(l) {
				q = n
				continue
			}
			if len(l)-len(strings.TrimLeft(l, " \t")) <= ind {
				break
			}
			body.WriteString(strings.TrimPrefix(l, m[1]) + "\n")
			rows++
			end, q = n, n
		}
		if rows < 2 {
			continue
		}
		out = append(out, listingBlock{at: at, end: end, bodyAt: at, body: body.String(), function: true})
		p = end
	}
	return out
}

// textArtBlocks returns the runs of lines a plain text sets to the left
// of its prose (indented prose, proseIndent): an RFC renders its artwork
// and code flush left, blank lines inside it. Each run of two lines or
// more is a block; a page's furniture is no line of it. Where the prose
// is not indented there is nothing to set apart.
func textArtBlocks(s string, prose int, found []listingBlock) []listingBlock {
	if prose < 2 {
		return nil
	}
	var out []listingBlock
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		t := strings.TrimLeft(line, " ")
		if t == "" || len(line)-len(t) >= prose || isPageFurniture(line) || inBlocks(found, p) {
			p = next
			continue
		}
		at, end := p, next
		var lines []string
		for q := p; q < len(s); {
			l, n := lineAt(s, q)
			lt := strings.TrimLeft(l, " ")
			switch {
			case isPageFurniture(l):
			case lt == "":
				if len(lines) > 0 && lines[len(lines)-1] != "" {
					lines = append(lines, "")
				}
			case len(l)-len(lt) < prose && !inBlocks(found, q):
				lines = append(lines, l)
				end = n
			default:
				n = len(s) // prose again: the run is over
			}
			if n == len(s) {
				break
			}
			q = n
		}
		p = max(next, end)
		for len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		if len(lines) >= 2 {
			out = append(out, listingBlock{at: at, end: end, bodyAt: at, body: strings.Join(lines, "\n") + "\n", plain: true})
		}
	}
	return out
}

// proseIndent is the document's prose indentation, read on first use.
func (x *extractor) proseIndent() int {
	if x.proseInd == 0 {
		x.proseInd = proseIndent(x.doc) + 1
	}
	return x.proseInd - 1
}

// proseIndent is the indentation of most lines of prose of a plain text
// (six words or more): 3 in an RFC, 0 in a text set flush left.
func proseIndent(doc string) int {
	indents := map[int]int{}
	for _, l := range strings.Split(doc, "\n") {
		t := strings.TrimLeft(l, " ")
		words := 0
		for _, w := range strings.Fields(t) {
			if textWord.MatchString(w) {
				words++
			}
		}
		if words >= 6 {
			indents[len(l)-len(t)]++
		}
	}
	prose, most := 0, 0
	for ind, n := range indents {
		if n > most || n == most && ind < prose {
			prose, most = ind, n
		}
	}
	return prose
}

// textWord is a word of prose: letters, a punctuation mark after them.
var textWord = lazyre.New(`^[A-Za-z]{2,}[,.;:]?$`)

// textPseudoBlocks returns the paragraphs of plain text that may be set
// as code: four lines or more, indented to two depths at least ("while
// the input is not exhausted do begin" over its body), outside the blocks
// found before. Whether one is pseudo-code the listing's reader says
// (listingPseudo); a page's furniture is no line of it. A block starts at
// its first line's text, where a reader of the section's heading starts
// the section's procedure.
func textPseudoBlocks(s string, found []listingBlock) []listingBlock {
	var out []listingBlock
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		if strings.TrimSpace(line) == "" || inBlocks(found, p) {
			p = next
			continue
		}
		at, end := p+len(line)-len(strings.TrimLeft(line, " \t")), p
		var lines []string
		depths := map[int]bool{}
		for q := p; q < len(s); {
			l, n := lineAt(s, q)
			if strings.TrimSpace(l) == "" || inBlocks(found, q) {
				break
			}
			q = n
			if isPageFurniture(l) {
				continue
			}
			lines = append(lines, l)
			depths[len(l)-len(strings.TrimLeft(l, " "))] = true
			end = n
		}
		p = max(next, end)
		if len(lines) < 4 || len(depths) < 2 {
			continue
		}
		out = append(out, listingBlock{at: at, end: end, bodyAt: at, body: strings.Join(lines, "\n") + "\n", plain: true})
	}
	return out
}

// indentedCode reports whether a line of Markdown is indented as code.
func indentedCode(l string) bool {
	return strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t")
}

// readListing reads a listing as pseudo-code: its rows (listingRows), with
// the inputs and outputs it names before its first step taken out of
// them (listingParts); counted is how many rows were numbered from 1.
func readListing(body string) (ps pseudo, counted int) {
	rows, numbered := listingRows(body)
	for _, n := range numbered {
		if n {
			counted++
		}
	}
	ps = listingParts(rows, numbered)
	// the depths rank the indentation of the rows that stay
	seen := map[int]bool{}
	var ds []int
	for _, l := range ps.lines {
		if !seen[l.depth] {
			seen[l.depth] = true
			ds = append(ds, l.depth)
		}
	}
	sort.Ints(ds)
	rank := make(map[int]int, len(ds))
	for i, d := range ds {
		rank[d] = i
	}
	for i := range ps.lines {
		ps.lines[i].depth = rank[ps.lines[i].depth]
	}
	return ps, counted
}

// listingRows reads a listing's rows: blank rows dropped, line numbers
// dropped when most rows carry one or where they count rows up from 1
// (countedRows), depth the rank of the row's indentation among the
// block's. numbered tells the rows that carried a number.
func listingRows(body string) ([]pcLine, []bool) {
	var lines []string
	numbered := 0
	for _, l := range strings.Split(strings.ReplaceAll(body, "\t", "    "), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		lines = append(lines, strings.TrimRight(l, " \r"))
		if rowNumber.MatchString(l) {
			numbered++
		}
	}
	counted := countedRows(lines)
	if 2*numbered > len(lines) {
		for i, l := range lines {
			counted[i] = counted[i] || rowNumber.MatchString(l)
		}
	}
	for i, l := range lines {
		if m := rowNumber.FindStringIndex(l); m != nil && counted[i] {
			// the spaces after the number are the row's indentation
			e := m[1] - countTrailingSpace(l[:m[1]])
			lines[i] = l[e:]
		}
	}
	levels := map[int]bool{}
	for _, l := range lines {
		levels[len(l)-len(strings.TrimLeft(l, " "))] = true
	}
	var ind []int
	for k := range levels {
		ind = append(ind, k)
	}
	sort.Ints(ind)
	rank := map[int]int{}
	for i, k := range ind {
		rank[k] = i
	}
	out := make([]pcLine, 0, len(lines))
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.Contains(t, "$") {
			t = text.ReadableMath(t)
		}
		out = append(out, pcLine{depth: rank[len(l)-len(strings.TrimLeft(l, " "))], text: t})
	}
	return out, counted
}

// countedRows tells the lines whose number counts rows: a run numbered 1,
// 2, 3 … (other lines between them, a wrapped row or a note), of two
// rows or more, or a lone "1." or "1:". A number that starts no such run
// is the line's own ("2 * x" in a formula).
func countedRows(lines []string) []bool {
	out := make([]bool, len(lines))
	var run []int
	end := func() {
		if len(run) > 1 {
			for _, i := range run {
				out[i] = true
			}
		} else if len(run) == 1 {
			if m := rowNumber.FindStringSubmatch(lines[run[0]]); m[2] != "" {
				out[run[0]] = true
			}
		}
		run = run[:0]
	}
	for i, l := range lines {
		m := rowNumber.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		switch n := atoi(m[1]); {
		case n == 1:
			end()
			run = append(run, i)
		case len(run) > 0 && n == len(run)+1:
			run = append(run, i)
		}
	}
	end()
	return out
}

// listingParts takes out of a listing's rows the parts it names before its
// first numbered row: inputs ("Parameters:", "Input:"), outputs, and the
// head of its steps ("Steps:"), which is no step. The items under a part
// ("- msg, a byte string") are its entries, a line indented under an
// entry goes on with it, and a line at the part's edge ends it ("Input:
// x" over "Notation: …"). Other rows stay, the signature first.
func listingParts(rows []pcLine, numbered []bool) pseudo {
	var ps pseudo
	first := len(rows)
	for i, n := range numbered {
		if n {
			first = i
			break
		}
	}
	var cur *[]string // the part whose entries are being read
	entry := 0        // the depth of the part's last entry
	for i, r := range rows {
		if i >= first {
			ps.lines = append(ps.lines, rows[i:]...)
			break
		}
		if cur != nil {
			if item := strings.TrimLeft(r.text, "-*•"); item != r.text {
				*cur = append(*cur, strings.TrimSpace(item))
				entry = r.depth
				continue
			}
			if r.depth > entry && len(*cur) > 0 {
				(*cur)[len(*cur)-1] += " " + r.text // an entry's wrapped line
				continue
			}
			cur = nil // a line at the part's edge ends it
		}
		if m := partHead.FindStringSubmatch(r.text); m != nil {
			switch strings.ToLower(m[1]) {
			case "output", "outputs", "returns", "ensure":
				cur = &ps.outputs
			case "steps", "operations", "procedure":
				cur = nil
				continue
			default:
				cur = &ps.inputs
			}
			if v := strings.TrimSpace(m[2]); v != "" {
				*cur = append(*cur, v)
			}
			entry = r.depth
			continue
		}
		ps.lines = append(ps.lines, r)
	}
	return ps
}

// countedPseudo reports whether a listing whose rows are numbered from 1
// reads as pseudo-code without a keyword on every other row: its steps,
// two or more, assign a value and one of them loops, tests or returns
// ("1. (x, y) = iso_map(x', y')", "2. return (x, y)"); or, a signature
// over it and its inputs or outputs named, a single step does. A
// procedure whose inputs or outputs are named and whose steps are
// numbered says it is one: a step written as a programming language's
// loop ("6. for(let i = 1; i < n; i++) {", a CFRG draft's) is one of its
// steps, not a sign that the block is code.
func countedPseudo(ps pseudo, counted int) bool {
	if counted < 1 || len(ps.lines) > 200 {
		return false
	}
	declared := counted >= 2 && len(ps.inputs)+len(ps.outputs) > 0
	assign := false
	for _, r := range ps.lines {
		if codeMark.MatchString(r.text) && !declared {
			return false
		}
		assign = assign || strings.Contains(r.text, " = ") || strings.Contains(r.text, "←") || strings.Contains(r.text, ":=")
	}
	if sigLine.MatchString(ps.lines[0].text) && len(ps.inputs)+len(ps.outputs) > 0 {
		return true
	}
	return counted >= 2 && assign && ps.keywordRows() >= 1
}

func countTrailingSpace(s string) int {
	return len(s) - len(strings.TrimRight(s, " \t"))
}

// listingPseudo reports whether a listing's rows read as pseudo-code:
// three rows or more, two with its keywords, an assignment or a
// signature, and no row with a programming language's marks.
func listingPseudo(rows []pcLine) bool {
	if len(rows) < 3 || len(rows) > 200 {
		return false
	}
	semis := 0
	assign := sigLine.MatchString(rows[0].text)
	for _, r := range rows {
		if codeMark.MatchString(r.text) {
			return false
		}
		if strings.HasSuffix(r.text, ";") {
			semis++
		}
		if strings.Contains(r.text, "←") || strings.Contains(r.text, ":=") || strings.Contains(r.text, " = ") || strings.Contains(r.text, "<-") {
			assign = true
		}
	}
	if 3*semis > len(rows) {
		return false
	}
	kw := pseudo{lines: rows}.keywordRows()
	return assign && (kw >= 2 || kw >= 1 && sigLine.MatchString(rows[0].text))
}
