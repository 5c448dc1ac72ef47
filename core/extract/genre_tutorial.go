package extract

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Procedures: tutorials teach by numbered lists under headings ("## Build
// and run your own container image" then "1. Clone …", "2. Change …"),
// without any "Step N" marker. Each ordered list whose items are
// instructions (text.IsProcedure) is one technique, named after the heading
// it stands under, as a teacher would name it. Its computational form is the
// steps in order, one line each: the step's text, and the command of a
// short code block (a longer block is summarized by its first line and its
// size). Its statement is the lead-in sentence and the steps' first
// sentences, as many as fit, with the number left out said.
const procedureConf = 0.85

// Bounds of a procedure's step texts and form.
const (
	// maxStepText bounds one step's text in the form; a longer step is cut
	// at a sentence end and marked.
	maxStepText = 1200
	// maxStepSentence bounds one step's first sentence in the statement.
	maxStepSentence = 160
	// maxCodeLine bounds a command kept whole from a code block.
	maxCodeLine = 100
	// maxForm bounds the form's step lines; the steps past it are counted.
	// A guide's steps say what their sections say around their blocks,
	// so a long guide has room for all of them.
	maxForm = 16 << 10
	// maxFormCode bounds the code blocks a form keeps whole: the files and
	// commands of a long tutorial; past it a step's blocks are summarized
	// on its line as before.
	maxFormCode = 48 << 10
)

// procedureGenericTitles are headings that say a procedure follows without saying
// what it does; the procedure takes its parent section's title instead.
var procedureGenericTitles = map[string]bool{
	"steps": true, "procedure": true, "procedures": true, "instructions": true, "how to": true, "walkthrough": true,
	"step-by-step": true, "step by step": true, "to do this": true, "process": true, "note": true, "notes": true,
}

// algorithmLead is a lead-in that names its list an algorithm by the
// word it opens with.
var algorithmLead = lazyre.New(`^[\s*_>#]*Algorithms?\b`)

// runSteps is a specification's lead-in to an algorithm's steps: "To
// process the queue, run these steps:", "The getter steps are:".
var runSteps = lazyre.New(`(?i)\brun (?:these|the following) steps\b|\bsteps are:\s*$`)

// headingCall is a heading that is an operation's signature, its name
// before its parameters ("GetUint8ArrayBytes ( _ta_: a Uint8Array ): …").
var headingCall = lazyre.New(`^\s*([A-Za-z_%][A-Za-z0-9_.%]*)\s*\(`)

func (x *extractor) procedures(st *secState) { x.readProcedures(st, false) }

// computedProcedures reads a book's numbered lists that compute ("To
// parse a MIME type, given a string input, run these steps: 1. Let
// position be …"): an algorithm, where a how-to's instructions would be
// an aside. A specification's and a paper's are read by their command
// lists (algorithms_commands.go).
func (x *extractor) computedProcedures(st *secState) { x.readProcedures(st, true) }

func (x *extractor) readProcedures(st *secState, computedOnly bool) {
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
		return
	}
	s := st.own
	if !strings.Contains(s, ". ") && !strings.Contains(s, ") ") {
		return
	}
	part := 0
	for _, l := range text.Procedures(s) {
		part++
		steps := make([]procStep, 0, len(l.Items))
		for _, it := range l.Items {
			steps = append(steps, readStep(s[it.Body:it.End]))
		}
		if len(steps) > 0 && x.resultHolds(st, steps[0].text) {
			continue // the list a definition or result states
		}
		computes := text.Computes(s, l)
		if computedOnly && (!computes || x.inAlgorithm(0, st.body+l.Start)) {
			continue
		}
		lead := leadIn(s, l.Start)
		c := cand{
			typ:    core.Technique,
			offset: st.body + l.Start,
			end:    st.body + l.End,
			conf:   procedureConf,
		}
		if computes || algorithmLead.MatchString(paragraphBefore(s[:l.Start])) || runSteps.MatchString(lead) {
			// "**Algorithm (Dijkstra).** Given a graph …:" says what
			// its steps are; "1. Let _O_ be the this value." computes
			c.typ = core.Algorithm
		}
		c.statement = procedureStatement(lead, steps)
		c.form = procedureForm(steps)
		c.name = x.procedureName(st, lead, steps, part)
		if m := headingCall.FindStringSubmatch(st.title); m != nil && computes && part == 1 {
			// "Uint8Array.prototype.toBase64 ( [ _options_ ] )": the
			// operation the section's steps compute
			c.name = m[1]
		}
		x.add(st, c)
		x.genre.procedures++
		x.genre.covered = append(x.genre.covered, [2]int{c.offset, c.end})
	}
}

// resultHolds reports whether a definition or result the section's
// labels gave already states t (a list's first item): "Definition. The
// following are called elementary row operations:" over its list.
func (x *extractor) resultHolds(st *secState, t string) bool {
	t = strings.Join(strings.Fields(stripEmph(t)), " ")
	if len(t) < 8 {
		return false
	}
	for i := len(x.cands) - 1; i >= 0 && x.cands[i].sec == st; i-- {
		c := &x.cands[i]
		if (c.typ == core.Definition || c.typ == core.Theorem) && strings.Contains(c.statement, t) {
			return true
		}
	}
	return false
}

// genreState is what the procedure and Markdown strategies remember
// across sections of one extraction.
type genreState struct {
	// procNames are the procedure names given so far.
	procNames map[string]bool
	// procedures counts the procedures found by numbered lists and
	// "Step N" headings.
	procedures int
	// covered are the spans of the document those procedures read
	// (absolute offsets, end exclusive).
	covered [][2]int
	// parents maps each section to its parent, built on first use.
	parents map[*core.Section]*core.Section
}

// procStep is one step as read from its list item.
type procStep struct {
	text string // the item's first paragraph, as plain text
	code string // its first code block, summarized ("" when none)
	// blocks are its code blocks whole, for the form: the commands to
	// run and the files to write, as the source gives them.
	blocks []codeBlock
	// after are the paragraphs the item gives after its last code block
	// (a note on what the commands did, a warning), for the form.
	after []string
	// points are the bulleted items under the step, each a line as plain
	// text indented two spaces a level: how to do it ("Execute ECDH …",
	// "Use HKDF-extract with sha256"), for the form.
	points []string
}

// maxPoints bounds the bulleted points a step's form keeps.
const maxPoints = 16

// readStep reads a list item: its first paragraph, the bulleted points
// under it (notes left out) and a summary of its code blocks.
func readStep(item string) procStep {
	var st procStep
	var para []string
	var between []string // a paragraph since the first, before a block
	inPara := true
	fence := ""
	var blocks []codeBlock
	fenceAt := 0 // the fence's column: the block's lines are indented from it
	least := -1  // the first point's column: deeper points nest under it
	for _, ln := range strings.Split(item, "\n") {
		t := strings.TrimSpace(ln)
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
				continue
			}
			b := &blocks[len(blocks)-1]
			b.lines = append(b.lines, t)
			b.raw = append(b.raw, outdent(ln, fenceAt))
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			n := 0
			for n < len(t) && t[n] == t[0] {
				n++
			}
			fence = t[:n]
			fenceAt = len(ln) - len(strings.TrimLeft(ln, " \t"))
			// what the item says right before the block: "Create hello.go
			// in the hello directory with the following contents:", "On
			// Windows:" — which file it is, or when it applies
			blocks = append(blocks, codeBlock{lang: codeLang(t[n:]), file: fenceTitle(t[n:]), lead: cutWords(plainMarkdown(strings.Join(between, " ")), maxStepText)})
			between = nil
			inPara = false
			continue
		}
		if t == "" {
			inPara = false
			if len(between) > 0 {
				between = append(between, "")
			}
			continue
		}
		mark := 0 // the bullet's or the sub-step's number's width
		if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
			mark = 2
		} else if m := subStepMark.FindString(t); m != "" && ln != t {
			mark = len(m) // "    1. Let m be …": a sub-step, kept as a point in order
		}
		bullet := mark > 0
		if bullet && len(para) > 0 && len(st.points) < maxPoints {
			if least < 0 {
				least = len(ln) - len(strings.TrimLeft(ln, " \t"))
			}
			depth := max(0, (len(ln)-len(strings.TrimLeft(ln, " \t"))-least)/2)
			st.points = append(st.points, strings.Repeat("  ", depth)+"- "+cutWords(plainMarkdown(t[mark:]), maxStepText))
		} else if !bullet && !inPara && len(st.points) > 0 && !strings.HasPrefix(t, ">") {
			// a point's text wrapped onto the next line
			last := &st.points[len(st.points)-1]
			*last = cutWords(*last+" "+plainMarkdown(t), maxStepText)
		}
		if inPara {
			if len(para) > 0 && (bullet || strings.HasPrefix(t, "> ")) {
				inPara = false
				continue
			}
			para = append(para, t)
		} else if q := quoteText(t); !bullet && len(st.points) == 0 && !strings.HasPrefix(q, "```") && !strings.HasPrefix(q, "~~~") {
			// (a fence quoted in a note: its lines are the note's words)
			between = append(between, q)
		}
	}
	// the paragraphs after the last block, one a line
	for _, p := range strings.Split(strings.Join(between, "\n"), "\n\n") {
		if p = cutWords(plainMarkdown(strings.ReplaceAll(strings.TrimSpace(p), "\n", " ")), maxStepText); p != "" && len(blocks) > 0 {
			st.after = append(st.after, p)
		}
	}
	st.text = plainMarkdown(strings.Join(para, " "))
	st.code = summarizeCode(blocks, maxCommands)
	st.blocks = blocks
	return st
}

// quoteText is a line of a block quote as its words: "> [!WARNING]" (a
// GitHub alert) is "Warning:", "> text" is the text.
func quoteText(t string) string {
	for strings.HasPrefix(t, ">") {
		t = strings.TrimSpace(t[1:])
	}
	if m := alertMark.FindStringSubmatch(t); m != nil {
		t = strings.ToUpper(m[1][:1]) + strings.ToLower(m[1][1:]) + ":" + t[len(m[0]):]
	}
	return t
}

// alertMark opens a GitHub alert: "[!NOTE]", "[!WARNING]".
var alertMark = lazyre.New(`^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]`)

// subStepMark is a numbered sub-step's number, on a line indented under
// its step.
var subStepMark = lazyre.New(`^[0-9]{1,3}[.)][ \t]+`)

// codeBlock is one fenced code block of a step.
type codeBlock struct {
	lang  string
	file  string   // the file the block is, as its fence names it ("title=compose.yaml"), "" when unnamed
	lead  string   // what the step says right before it, "" when nothing
	lines []string // trimmed, for reading commands
	raw   []string // as written, indented from the fence (YAML needs it)
}

// block is b as the text package reads code.
func (b codeBlock) block() text.CodeBlock { return text.CodeBlock{Lang: b.lang, Lines: b.lines} }

// codeLang is a fence's language: the first word of its info string,
// lower case ("```yaml title=compose.yaml" is yaml; "```{bash}" bash).
func codeLang(info string) string {
	f := strings.Fields(strings.Trim(strings.TrimSpace(info), "{}"))
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(strings.Trim(f[0], "{},"))
}

// fenceTitle is the file a fence's info string names with a title
// attribute, as documentation sites write it ("```yaml
// title="compose.yaml""), "" when none.
func fenceTitle(info string) string {
	if m := fenceTitleAttr.FindStringSubmatch(info); m != nil {
		return strings.Trim(m[1], `"'`)
	}
	return ""
}

var fenceTitleAttr = lazyre.New(`\btitle=("[^"]+"|'[^']+'|\S+)`)

// outdent drops up to n columns of leading blanks from a code line and
// its trailing blanks: the line as written under its fence.
func outdent(ln string, n int) string {
	i := 0
	for i < n && i < len(ln) && (ln[i] == ' ' || ln[i] == '\t') {
		i++
	}
	return strings.TrimRight(ln[i:], " \t\r")
}

// maxCommands bounds the commands a step's form quotes.
const maxCommands = 8

// plainMarkdown renders inline Markdown as reading text: links keep their
// text, images and HTML comments go, emphasis marks go, inline code keeps
// its backticks (a command is clearer quoted).
func plainMarkdown(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '!' && i+1 < len(s) && s[i+1] == '[':
			if e := strings.Index(s[i:], "]("); e > 0 {
				if p := strings.IndexByte(s[i+e:], ')'); p > 0 {
					i += e + p
					continue
				}
			}
			b.WriteByte(c)
		case c == '[':
			if e := strings.IndexByte(s[i:], ']'); e > 0 && i+e+1 < len(s) && s[i+e+1] == '(' {
				if p := strings.IndexByte(s[i+e:], ')'); p > 0 {
					b.WriteString(s[i+1 : i+e])
					i += e + p
					continue
				}
			}
			b.WriteByte(c)
		case c == '{' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '%'):
			// A Hugo or Liquid shortcode: its text attribute, if any.
			closer := "}}"
			if s[i+1] == '%' {
				closer = "%}"
			}
			if e := strings.Index(s[i:], closer); e > 0 {
				if t := shortcodeText(s[i : i+e]); t != "" {
					b.WriteString(t)
				}
				i += e + 1
				continue
			}
			b.WriteByte(c)
		case c == '<' && htmlScript.MatchString(s[i:]):
			// x<sup>2</sup>, K<sub>par</sub>: raised or lowered, not run
			// into the word before ("2<sup>31</sup>" is 2³¹, not 231)
			m := htmlScript.FindStringSubmatch(s[i:])
			b.WriteString(text.Script(plainMarkdown(m[2]), strings.EqualFold(m[1], "sup")))
			i += len(m[0]) - 1
		case c == '<' && htmlTag.MatchString(s[i:]):
			// <details>, <summary>, <kbd>: the words between them stay
			i += len(htmlTag.FindString(s[i:])) - 1
		case c == '<' && strings.HasPrefix(s[i:], "<!--"):
			if e := strings.Index(s[i:], "-->"); e > 0 {
				i += e + 2
				continue
			}
			b.WriteByte(c)
		case c == '`':
			// a code span is what it says, its * and _ included:
			// `ceiling(B*8/log_2(A))` is no emphasis
			n := 1
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			if e := strings.Index(s[i+n:], s[i:i+n]); e >= 0 {
				b.WriteString(s[i : i+n+e+n])
				i += n + e + n - 1
				continue
			}
			b.WriteString(s[i : i+n])
			i += n - 1
		default:
			b.WriteByte(c)
		}
	}
	// Emphasis marks go where they pair as Markdown pairs them; a lone
	// star or underscore ("ELECTION/guid-n_", "char *initbuf") is text.
	return text.CollapseSpace(text.StripEmphasis(b.String()))
}

// htmlScript is an HTML superscript or subscript at the start of a
// string, with what it raises or lowers (no tag inside).
var htmlScript = lazyre.New(`^<(?i:(sup|sub))>([^<>]{1,40})</(?i:sup|sub)>`)

// htmlScripts writes the HTML superscripts and subscripts of s as
// text.Script does.
func htmlScripts(s string) string {
	if !strings.Contains(s, "<su") && !strings.Contains(s, "<SU") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '<' {
			if m := htmlScript.FindStringSubmatch(s[i:]); m != nil {
				b.WriteString(text.Script(m[2], strings.EqualFold(m[1], "sup")))
				i += len(m[0]) - 1
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// htmlTag is an HTML tag of text markup at the start of a string; a
// placeholder such as <your-key> or an address in angle brackets is no tag.
var htmlTag = lazyre.New(`^</?(?i:details|summary|kbd|br|b|i|em|strong|code|span|div|p|sup|sub|a|small|u|mark|var|samp)(?:\s[^<>]*)?/?>`)

// summarizeCode keeps a step's commands ("`wslc image list`"): those of
// its first block and of later command blocks (a later block without a
// shell language is the output the step shows, not something to type),
// without prompts, comments and printed output. A block of another kind
// (a Dockerfile, a YAML file) or too many commands are described by the
// first line and size of the first block.
func summarizeCode(blocks []codeBlock, maxCmds int) string {
	if len(blocks) == 0 {
		return ""
	}
	var cmds []string
	for i, b := range blocks {
		if i > 0 && !text.ShellLangs[b.lang] {
			continue
		}
		cmds = append(cmds, b.block().Commands()...)
	}
	short := len(cmds) > 0 && len(cmds) <= maxCmds && (text.ShellLangs[blocks[0].lang] || len(blocks[0].block().Commands()) <= 2)
	for _, c := range cmds {
		if len(c) > maxCodeLine || strings.Contains(c, "`") {
			short = false
		}
	}
	if short {
		return "`" + strings.Join(cmds, "`; `") + "`"
	}
	first := blocks[0].block().Commands()
	if len(first) == 0 {
		return ""
	}
	what := strconv.Itoa(len(first)) + " lines"
	if len(first) == 1 {
		what = "1 line"
	}
	if l := blocks[0].lang; l != "" && len(l) < 20 && !strings.ContainsAny(l, " =") {
		what += " of " + l
	}
	if len(first[0]) > maxCodeLine || strings.Contains(first[0], "`") {
		return "(" + what + ")"
	}
	return "`" + first[0] + "` … (" + what + ")"
}

// leadIn is the paragraph right before the list at p in s when it
// introduces it (ends with a colon, or is one short sentence), as plain
// text; "" otherwise.
func leadIn(s string, p int) string {
	before := strings.TrimRight(s[:p], " \t\r\n")
	if before == "" {
		return ""
	}
	i := strings.LastIndex(before, "\n\n")
	para := strings.TrimSpace(before[i+1:])
	if para == "" || opensBlock(para) || strings.HasPrefix(para, "```") || strings.HasPrefix(para, ">") ||
		strings.HasPrefix(para, "-") || strings.HasPrefix(para, "|") || strings.HasPrefix(para, "!") {
		return ""
	}
	t := plainMarkdown(para)
	if strings.HasSuffix(t, ":") || len(t) <= 200 {
		return t
	}
	return ""
}

// procedureStatement is the lead-in and the steps' first sentences, as
// many whole ones as fit; the steps left out are counted, never cut.
func procedureStatement(lead string, steps []procStep) string {
	var b strings.Builder
	if lead != "" && len(lead) < maxStatement/2 {
		b.WriteString(lead)
	}
	for i, s := range steps {
		sent := firstSentenceWhole(s.text, maxStepSentence)
		switch {
		case sent == "":
			sent = s.code
		case strings.HasSuffix(sent, ":") && s.code != "" && len(sent) == len(s.text):
			// "… by entering:" reads on into its command.
			if strings.HasPrefix(s.code, "`") && !strings.Contains(s.code, "…") && len(s.code) <= maxCodeLine {
				sent += " " + s.code + "."
			} else {
				sent = strings.TrimSuffix(sent, ":") + "."
			}
		}
		item := strconv.Itoa(i+1) + ". " + sent
		rest := len(steps) - i
		more := " (" + strconv.Itoa(rest) + " more steps)"
		if b.Len()+1+len(item)+len(more) > maxStatement && i > 0 {
			b.WriteString(more)
			return b.String()
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(item)
	}
	return b.String()
}

// firstSentenceWhole returns the first sentence of s, with its closing
// punctuation, when it fits in max bytes; a longer one is cut at a word
// boundary and marked with "…".
func firstSentenceWhole(s string, max int) string {
	return cutWords(s[:sentenceEnd(s)], max)
}

// sentenceEnd returns where the first sentence of s ends: after a '.', '!'
// or '?' followed by white space and a capital, a digit or a mark, never
// after an abbreviation ("ie.", "e.g.", "etc.") or inside parentheses.
func sentenceEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case '.', '!', '?':
			if depth > 0 || i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\n' {
				continue
			}
			if c == '.' && stepAbbrev(s[:i]) {
				continue
			}
			if i+2 < len(s) && s[i+2] >= 'a' && s[i+2] <= 'z' {
				continue
			}
			return i + 1
		}
	}
	return len(s)
}

// stepAbbrev reports whether the text before a period ends with an
// abbreviation.
func stepAbbrev(s string) bool {
	j := len(s)
	for j > 0 && s[j-1] != ' ' && s[j-1] != '(' {
		j--
	}
	switch strings.ToLower(strings.ReplaceAll(s[j:], ".", "")) {
	case "eg", "ie", "etc", "cf", "vs", "approx", "incl", "resp", "fig", "no", "ex":
		return true
	}
	return false
}

// sentencesWithin splits s after its last sentence that ends within max
// bytes, past the middle: the sentences and the rest, or s and "" when no
// sentence ends there.
func sentencesWithin(s string, max int) (string, string) {
	if len(s) <= max {
		return s, ""
	}
	cut := s[:max]
	for _, end := range []string{". ", "! ", "? "} {
		if i := strings.LastIndex(cut, end); i > max/2 {
			return s[:i+1], strings.TrimSpace(s[i+1:])
		}
	}
	return s, ""
}

// cutWords cuts s to at most max bytes at a sentence end when there is one
// past the middle, else at a word boundary, marking the cut with "…".
func cutWords(s string, max int) string {
	if len(s) <= max {
		return s
	}
	if head, rest := sentencesWithin(s, max); rest != "" {
		return head + " …"
	}
	cut := s[:max]
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, ",;:") + " …"
}

// procedureForm writes the steps one per line: "3. Open the project … —
// `code .`".
func procedureForm(steps []procStep) string {
	var b strings.Builder
	written, code := 0, 0 // bytes of step lines and of code written
	for i, s := range steps {
		size := codeSize(s.blocks)
		whole := len(s.blocks) > 0 && code+size <= maxFormCode
		line := strconv.Itoa(i+1) + ". " + cutWords(s.text, maxStepText)
		var rest string // a long step's text past its first sentences, a note under it
		if whole && len(s.text) > maxStepText {
			if head, r := sentencesWithin(s.text, maxStepText); r != "" {
				line, rest = strconv.Itoa(i+1)+". "+head, r
			}
		}
		switch {
		case s.code == "":
		case s.text == "":
			line = strconv.Itoa(i+1) + ". " + s.code
		case whole:
			// the blocks follow whole: the line is the step's text
		case strings.HasSuffix(line, ":"):
			line += " " + s.code
		default:
			line += " — " + s.code
		}
		if written+len(line) > maxForm && i > 0 {
			b.WriteString("… (" + strconv.Itoa(len(steps)-i) + " more steps)")
			break
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(line)
		written += len(line) + 1
		for _, p := range s.points {
			b.WriteString("\n   " + p)
			written += len(p) + 4
		}
		if whole {
			if rest != "" {
				text.WriteFormNote(&b, rest)
			}
			writeBlocks(&b, s.blocks)
			for _, a := range s.after {
				text.WriteFormNote(&b, a)
			}
			code += size
		}
	}
	return b.String()
}

// writeBlocks writes a step's code blocks, whole, under its line of a
// form (text.WriteFormBlock).
func writeBlocks(b *strings.Builder, blocks []codeBlock) {
	for _, cb := range blocks {
		if cb.lead != "" {
			text.WriteFormNote(b, cb.lead)
		}
		if cb.file != "" && !strings.Contains(cb.lead, cb.file) {
			text.WriteFormNote(b, "File `"+cb.file+"`:")
		}
		text.WriteFormBlock(b, text.CodeBlock{Lang: cb.lang, Lines: cb.raw})
	}
}

// codeSize is the bytes of a step's code blocks.
func codeSize(blocks []codeBlock) int {
	n := 0
	for _, b := range blocks {
		for _, l := range b.raw {
			n += len(l) + 1
		}
	}
	return n
}

// procedureName is the heading the procedure stands under; a generic one
// ("Steps") gives way to its parent's. A second procedure under the same
// heading is told apart by its number; a heading that an earlier
// procedure already named takes its parent's title in parentheses.
func (x *extractor) procedureName(st *secState, lead string, steps []procStep, part int) string {
	title := strings.TrimRight(strings.ReplaceAll(st.title, "`", ""), ":. ")
	sec := st.s
	generic := procedureGenericTitles[strings.ToLower(title)] || title == "" || title == "Document"
	if p := purpose(lead); generic && p != "" {
		// "Procedures" says nothing of this one; "To check that a graph
		// is a tree:" does.
		title = p
	} else if generic {
		if p := x.parentOf(sec); p != nil {
			title = strings.TrimRight(strings.ReplaceAll(x.plainTitle(p.Title), "`", ""), ":. ")
			sec = p
		}
	}
	if title == "" || title == "Document" {
		// No heading: the lead-in or the first step says what it does.
		src := lead
		if src == "" && len(steps) > 0 {
			src = steps[0].text
		}
		title = titleCase(leadPhrase(plainMarkdown(src), 6))
		if title == "" {
			title = "Procedure"
		}
	}
	name := tidyName(title)
	if part > 1 {
		// A later procedure under the same heading says what it is for in
		// its lead-in ("To run the security script:"); else it is numbered.
		if p := purpose(lead); p != "" {
			name = p
		} else {
			name = tidyName(title) + " (part " + strconv.Itoa(part) + ")"
		}
	}
	if x.genre.procNames == nil {
		x.genre.procNames = map[string]bool{}
	}
	if x.genre.procNames[name] {
		if p := x.parentOf(sec); p != nil && p.Title != "" {
			name = name + " (" + tidyName(strings.TrimRight(x.plainTitle(p.Title), ":. ")) + ")"
		}
		for n := 2; x.genre.procNames[name]; n++ {
			name = tidyName(title) + " " + strconv.Itoa(n)
		}
	}
	x.genre.procNames[name] = true
	return name
}

// parentOf returns the section whose child s is, or nil at the top.
func (x *extractor) parentOf(s *core.Section) *core.Section {
	if x.genre.parents == nil {
		x.genre.parents = map[*core.Section]*core.Section{}
		seen := map[*core.Section]bool{}
		var rec func(p *core.Section)
		rec = func(p *core.Section) {
			if p == nil || seen[p] {
				return
			}
			seen[p] = true
			for _, c := range p.Children {
				if c != nil {
					if _, ok := x.genre.parents[c]; !ok {
						x.genre.parents[c] = p
					}
					rec(c)
				}
			}
		}
		for _, r := range x.a.Sections {
			rec(r)
		}
	}
	return x.genre.parents[s]
}

// purpose reads a lead-in of the form "To run the security script:" as
// the name "Run the security script"; "" when the lead-in is not one or
// is too long to be a name.
func purpose(lead string) string {
	if !strings.HasSuffix(lead, ":") {
		return ""
	}
	t := strings.TrimSuffix(lead, ":")
	if i := strings.LastIndex(t, ". "); i >= 0 {
		t = t[i+2:]
	}
	if !strings.HasPrefix(t, "To ") {
		return ""
	}
	t = strings.TrimSpace(t[3:])
	if n := len(strings.Fields(t)); n < 2 || n > 9 || strings.Contains(t, ",") {
		return ""
	}
	return tidyName(upperFirst(t))
}

// shortcodeText returns the text="…" attribute of a shortcode.
func shortcodeText(sc string) string {
	i := strings.Index(sc, `text="`)
	if i < 0 {
		return ""
	}
	v := sc[i+6:]
	if e := strings.IndexByte(v, '"'); e >= 0 {
		return v[:e]
	}
	return ""
}
