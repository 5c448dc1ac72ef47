package extract

import (
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Procedures written as sections. Runbooks, labs and sample READMEs often
// give their steps as a heading or a sentence over a block of commands
// ("### Start the etcd Server" then ```bash systemctl start etcd```), with
// neither a numbered list nor "Step N" headings. A Markdown tutorial or
// reference in which the other procedure strategies found nothing is read
// as one procedure: each block of commands (a shell block, or a block of
// prompted lines) with the sentence leading into it is a step, in document
// order, a step under a new heading says so, and the procedure is named
// after the document's first heading. A file's text (YAML, a program)
// goes with the next step of commands in its section, or is a step of its
// own; printed output is no step.
const sectionStepsConf = 0.75

// maxSectionStepCommands bounds the commands one section step quotes: a
// lab's block of five commands is its step.
const maxSectionStepCommands = 8

// sectionSteps reads the document's command blocks that no other
// procedure holds as one procedure: all of them when no other procedure
// was found, else those the numbered lists and step headings left out (a
// guide's quick start before its steps, its troubleshooting after), so
// that no command the source gives is lost to the agent.
func (x *extractor) sectionSteps(roots []*core.Section) {
	if x.format != core.FormatMarkdown || len(roots) == 0 || roots[0] == nil {
		return
	}
	inProcedure := func(at int) bool {
		for _, c := range x.genre.covered {
			if at >= c[0] && at < c[1] {
				return true
			}
		}
		return false
	}
	switch x.ctype {
	case core.Tutorial, core.Reference, core.Unknown:
	default:
		return
	}
	doc := x.doc
	programs := shellPrograms(doc)
	var (
		steps        []procStep
		stepAt       []int // where each step is
		first, last  int
		heading      string // the heading the next step stands under
		headingTaken bool
		para         []string // the lines of the paragraph being read
		lastPara     string   // the paragraph read last, "" after a block or heading
		fence        string
		fenceAt      int // the open fence's column
		block        codeBlock
		files        []codeBlock // blocks of files, for the next step of commands
		filesLead    string      // the paragraph leading into the first of them
		filesAt      int
		commands     int // steps with commands
		blockAt      int
		lead         string   // the paragraph leading into the open block
		stepOpen     bool     // the last step is of commands and in this section, with no file after it
		noteFor      = -1     // the step of this section the paragraphs after it note on, -1 when none
		filesNotes   []string // the paragraphs after the files not yet a step
		intro        []string // the paragraphs of a section before its first step
		// runs are where the guide's numbered step headings start again
		// at 1 ("## Linux" "### 1. …" then "## macOS" "### 1. …"): the
		// steps from each is a procedure of its own, whose "steps 1, 2 as
		// above" are its own
		runs           []int
		numbered, anew bool // a numbered step heading was read; one numbered 1 again waits for its step
		listed         bool // lastPara holds the items of the list it leads into
	)
	// addStep adds a step led into by lead, found at offset at; the first
	// step under a heading says the heading.
	addStep := func(st procStep, lead string, at int) {
		if !headingTaken && len(intro) > 0 {
			// what the section says before its first step (the cause
			// of the problem the step fixes) leads into it
			lead = strings.TrimSpace(strings.Join(intro, " ") + " " + lead)
		}
		intro = nil
		st.text = lead
		if !headingTaken && heading != "" {
			st.text = strings.TrimRight(heading, ".:") + ": " + lead
			if lead == "" {
				st.text = heading
			}
			headingTaken = true
		}
		if len(steps) == 0 {
			first = at
		}
		if anew && len(steps) > 0 {
			runs = append(runs, len(steps))
		}
		anew = false
		steps = append(steps, st)
		stepAt = append(stepAt, at)
		noteFor = len(steps) - 1
	}
	// note keeps a paragraph that leads into no block, after a step of
	// its section, with that step: what the commands made ("two files
	// … 000001_create_users_table.up.sql"), what an option means, a
	// warning.
	note := func(para string) {
		if para != "" && len(files) > 0 && len(filesNotes) < maxStepNotes {
			filesNotes = append(filesNotes, plainMarkdown(para))
			return
		}
		if para != "" && noteFor < 0 && !headingTaken && len(intro) < maxStepNotes {
			intro = append(intro, plainMarkdown(para))
			return
		}
		if para == "" || noteFor < 0 || len(steps[noteFor].after) >= maxStepNotes {
			return
		}
		steps[noteFor].after = append(steps[noteFor].after, plainMarkdown(para))
	}
	// A guide often says how to take everything down in a sentence
	// ("simply run `docker compose down`"): under a heading that says so,
	// the commands a paragraph quotes that run the guide's programs are a
	// step, as the blocks of the other sections are.
	teardownTaken := false // the section's teardown step is read
	teardown := func(para string, at int) {
		if heading == "" || teardownTaken || !teardownHeading.MatchString(heading) || inProcedure(at-1) {
			return
		}
		var cmds []string
		for _, c := range inlineCode.FindAllStringSubmatch(para, -1) {
			if f := strings.Fields(c[1]); len(f) > 1 && programs[f[0]] {
				cmds = append(cmds, c[1])
			}
		}
		if len(cmds) > 0 {
			addStep(procStep{code: strings.Join(cmds, "; "), blocks: []codeBlock{{lang: "sh", lines: cmds, raw: cmds}}}, plainMarkdown(para), at)
			last = at
			commands++
			teardownTaken = true
		}
	}
	// A file the section has the reader write with no command after it
	// in the section (a manifest the next section applies) is a step of
	// its own: the agent writes it as the source gives it.
	flushFiles := func() {
		if len(files) > 0 {
			addStep(procStep{blocks: files, after: filesNotes}, filesLead, filesAt)
			files, filesNotes = nil, nil
		}
	}
	// endBlock decides what the block just closed is: a step of commands,
	// what the step before it prints, a file for the next step, or
	// nothing (printed output no step shows); next is where reading goes on.
	endBlock := func(next int) {
		cb := block.block()
		cmds := cb.Commands()
		switch {
		case inProcedure(blockAt):
			files, filesNotes = nil, nil
		case len(cmds) > 0 && (text.ShellLangs[block.lang] || cb.Prompted() || block.lang == "" && runsOnly(cmds, programs)):
			if len(files) > 0 && filesLead != "" {
				if lead == "" {
					lead = filesLead // "Save this as app.yaml:" over the file and its command
				} else {
					// "create a file called main.go …" is a step of
					// its own: the file's name is in its sentence
					flushFiles()
				}
			}
			addStep(procStep{code: summarizeCode([]codeBlock{block}, maxSectionStepCommands), blocks: append(files, block)}, lead, blockAt)
			if len(filesNotes) > 0 {
				// what was said between the files and the command
				// that uses them stays with the step, before its own
				steps[len(steps)-1].after = filesNotes
			}
			files, filesNotes = nil, nil
			last = next
			commands++
			stepOpen = true
		case plainLang(block.lang) && stepOpen && len(files) == 0:
			// an unlabelled block right after a step of commands in
			// its section (what it prints, the lines it goes on
			// with) stays with that step, as the source shows it,
			// with what leads into it ("Let's check … by running
			// `psql example -c "\d users"`. The output …:")
			st := &steps[len(steps)-1]
			block.lead = lead
			if len(st.after) > 0 {
				// what was said between the step's blocks stays
				// between them ("Then you would see your web type
				// in the list" after the first), not after the last
				block.lead = strings.TrimSpace(strings.Join(st.after, " ") + " " + lead)
				st.after = nil
			}
			st.blocks = append(st.blocks, block)
			last = next
		case fileLang(block.lang) || plainLang(block.lang) && !outputLead.MatchString(lead):
			// a file the section has the reader write ("The
			// configuration file:" over a YAML block) goes with
			// the step of commands that follows it; a second
			// file with a sentence of its own ("Create another
			// file called rolldice.go") is a step of its own
			if len(files) > 0 && lead != "" {
				flushFiles()
			}
			if len(files) == 0 {
				filesLead, filesAt = lead, blockAt
			}
			files = append(files, block)
			last = next
		}
		lead = ""
		if len(files) > 0 {
			stepOpen = false
		}
	}
	for p := 0; p < len(doc); {
		end, next := text.Line(doc, p)
		t := strings.TrimSpace(doc[p:end])
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
				endBlock(next)
			} else {
				block.lines = append(block.lines, t)
				block.raw = append(block.raw, outdent(doc[p:end], fenceAt))
			}
		case isFence(t) || isFence(itemText(t)):
			// a list's item may open with its block ("- ```")
			col := len(doc[p:end]) - len(strings.TrimLeft(doc[p:end], " \t"))
			if it := itemText(t); it != t && isFence(it) {
				col += len(t) - len(it)
				t = it
			}
			n := runOf(t, t[0])
			fence = t[:n]
			fenceAt = col
			block = codeBlock{lang: codeLang(t[n:]), file: fenceTitle(t[n:])}
			blockAt = p
			if len(para) > 0 {
				note(lastPara)
				lastPara = strings.Join(para, " ")
			}
			lead = plainMarkdown(lastPara)
			para, lastPara = para[:0], ""
		case strings.HasPrefix(t, "#") || len(para) > 0 && setextUnderline(t):
			title := strings.TrimLeft(t, "# ")
			if !strings.HasPrefix(t, "#") {
				// "Ripgrep integration" over a line of "-": the
				// paragraph's last line is the heading
				title, para = para[len(para)-1], para[:len(para)-1]
			}
			note(lastPara)
			if len(para) > 0 {
				note(strings.Join(para, " "))
			}
			flushFiles()
			noteFor, intro = -1, nil
			stepOpen = false
			title = text.HeadingAttrsOut(title)
			heading = stepNumberless(plainMarkdown(title))
			if n := plainMarkdown(title); heading != strings.TrimSpace(n) {
				anew = anew || numbered && strings.HasPrefix(strings.TrimSpace(n), "1")
				numbered = true
			}
			headingTaken, teardownTaken = false, false
			para, lastPara = para[:0], ""
		case strings.HasPrefix(t, "<!--") && strings.HasSuffix(t, "-->"):
			// a comment between a sentence and its block (an excerpt
			// tool's marker) leaves the sentence leading into it
		case refDefinition.MatchString(t):
			// a link's definition ("[kubectl]: https://…") says
			// nothing a step needs
		case t == "":
			if len(para) > 0 {
				cur := strings.Join(para, " ")
				if it := itemText(cur); it != cur && lastPara != "" && (listed || strings.HasSuffix(lastPara, ":")) {
					// the items of a list finish the sentence leading
					// into them ("occurs if either:"): one thought,
					// never a note cut from its conditions
					lastPara = joinItem(lastPara, it)
					listed = true
				} else {
					note(lastPara)
					lastPara, listed = cur, false
					teardown(lastPara, p)
				}
				para = para[:0]
			}
		default:
			para = append(para, t)
		}
		p = next
	}
	note(lastPara)
	if len(para) > 0 {
		note(strings.Join(para, " "))
		teardown(strings.Join(para, " "), len(doc))
	}
	flushFiles()
	// Files alone are examples, not a procedure: a guide has commands.
	if commands == 0 || len(steps) == 1 && x.genre.procedures == 0 {
		return
	}
	// The procedure is named after the document's heading, not the text
	// before it (a level-0 root: front matter, a preamble). A page with no
	// title heading ("## Prerequisites", "## Example application", "## Add
	// OpenTelemetry Instrumentation") is named after the top section that
	// holds most of its steps, the first of those on a tie.
	root := roots[0]
	most := -1
	top, tops := 0, 0 // the level of the document's title headings, how many
	for _, r := range roots {
		switch {
		case r == nil || r.Level == 0:
		case top == 0 || r.Level < top:
			top, tops = r.Level, 1
		case r.Level == top:
			tops++
		}
	}
	for _, r := range roots {
		if r == nil || r.Level == 0 || tops == 1 && r.Level != top {
			continue
		}
		n := 0
		for _, at := range stepAt {
			if at >= r.Offset && at < r.End {
				n++
			}
		}
		if n > most {
			root, most = r, n
		}
	}
	if x.genre.procedures == 0 && len(runs) > 0 {
		// one procedure for each run of numbered steps, named after the
		// section its numbering belongs to ("Linux", "macOS")
		// A part with no numbering of its own after the last ("## Full
		// mode on Linux" after "## Windows") is a run of its own too.
		part := func(at int) *core.Section {
			s := sectionAt(roots, at)
			for s != nil {
				p := x.parentOf(s)
				if p == nil || p.Level <= 1 {
					return s
				}
				s = p
			}
			return nil
		}
		cuts := []int{0}
		for i := 1; i < len(steps); i++ {
			if slices.Contains(runs, i) || part(stepAt[i]) != part(stepAt[i-1]) {
				cuts = append(cuts, i)
			}
		}
		runs = append(cuts, len(steps))
		for i := 0; i+1 < len(runs); i++ {
			x.addRun(roots, root, steps, stepAt, runs[i], runs[i+1], last, true)
		}
		return
	}
	if x.genre.procedures == 0 {
		st := x.headState(root)
		if strings.TrimSpace(st.own) == "" && len(root.Children) > 0 && root.Children[0] != nil {
			// A heading straight over another ("## Compose sample application"
			// then "### NGINX proxy with Go backend"): the second says which.
			st = x.headState(root.Children[0])
		}
		x.addSectionProcedure(st, steps, stepAt, first, last)
		return
	}
	// Beside the guide's own procedures these are the commands of the
	// sections they leave out, one procedure for each run of them between
	// the guide's, so that they stand in the guide's order, each named
	// after its first section, not after the guide.
	from := 0
	for i := 1; i <= len(steps); i++ {
		if i < len(steps) && !x.coveredBetween(stepAt[i-1], stepAt[i]) {
			continue
		}
		x.addRun(roots, root, steps, stepAt, from, i, last, false)
		from = i
	}
}

// addRun adds steps [a, b) as one procedure, ending where step b starts
// (last after the last step), named after the section of its first step,
// or, with part, after the section over it that holds them all ("###
// 1. Enable IP forwarding." under "## Linux").
func (x *extractor) addRun(roots []*core.Section, root *core.Section, steps []procStep, stepAt []int, a, b, last int, part bool) {
	end := last
	if b < len(steps) {
		end = stepAt[b]
	}
	at := root
	if s := sectionAt(roots, stepAt[a]); s != nil && s.Level > 0 {
		at = s
		if p := x.parentOf(s); part && p != nil && p.Level > 0 && stepAt[b-1] >= s.End {
			at = p
		}
	}
	x.addSectionProcedure(x.headState(at), steps[a:b], stepAt[a:b], stepAt[a], end)
}

// maxStepNotes bounds the paragraphs kept after a step of a section.
const maxStepNotes = 6

// addSectionProcedure adds the procedure of section steps found in
// [first, end), named as st's section.
func (x *extractor) addSectionProcedure(st *secState, steps []procStep, at []int, first, end int) {
	c := cand{typ: core.Technique, offset: first, end: end, conf: sectionStepsConf, parts: at}
	c.statement = procedureStatement("", steps)
	c.form = procedureForm(steps)
	c.name = x.procedureName(st, "", steps, 1)
	x.add(st, c)
}

// coveredBetween reports whether one of the guide's own procedures starts
// in [from, to).
func (x *extractor) coveredBetween(from, to int) bool {
	for _, c := range x.genre.covered {
		if c[0] >= from && c[0] < to {
			return true
		}
	}
	return false
}

// fileLang reports whether a block of this language is a file's text (a
// configuration, a program) rather than commands or printed output.
func fileLang(lang string) bool {
	switch lang {
	case "", "text", "txt", "output", "plaintext", "log", "console", "terminal":
		return false
	}
	return !text.ShellLangs[lang]
}

// itemText is a line without the list item's marker that opens it.
func itemText(t string) string {
	if loc := bulletLine.FindStringIndex(t); loc != nil && loc[0] == 0 {
		return t[loc[1]:]
	}
	return t
}

// joinItem adds a list item to the paragraph it finishes: after a
// sentence's end as a sentence, else after "; ".
func joinItem(para, item string) string {
	if strings.HasSuffix(para, ":") || strings.HasSuffix(para, ".") {
		return para + " " + item
	}
	return para + "; " + item
}

// setextUnderline is the line of "=" or "-" that makes the line above it
// a heading.
func setextUnderline(t string) bool {
	return len(t) >= 2 && (strings.Trim(t, "=") == "" || strings.Trim(t, "-") == "")
}

// plainLang reports whether a block's language says nothing of what it
// is: no language, or plain text (chezmoi's "```text
// title=~/.chezmoiignore" is a file the reader writes; after a command,
// the same block is what the command printed).
func plainLang(lang string) bool {
	switch lang {
	case "", "text", "txt", "plaintext", "plain":
		return true
	}
	return false
}

// headState is a section's state for naming what it holds.
func (x *extractor) headState(s *core.Section) *secState {
	st := &secState{s: s, title: x.plainTitle(s.Title), chapter: 1, body: clamp(s.BodyOffset, 0, len(x.doc))}
	st.own = x.doc[st.body:clamp(s.OwnEnd(), st.body, len(x.doc))]
	return st
}

// stepNumberless is a heading without the number a step heading opens
// with ("1. Read the documentation", "2) Start"): the procedure numbers
// its steps itself.
func stepNumberless(h string) string {
	h = strings.TrimSpace(h)
	i := 0
	for i < len(h) && h[i] >= '0' && h[i] <= '9' {
		i++
	}
	if i > 0 && i < len(h)-1 && (h[i] == '.' || h[i] == ')') && h[i+1] == ' ' {
		return strings.TrimSpace(h[i+2:])
	}
	return h
}

// shellPrograms are the programs the document's shell blocks run (the
// first word of each command) and those its prose quotes with their
// arguments ("run `velero describe` commands"): an unlabelled block of
// lines that run them ("velero backup get NAME") is commands too.
func shellPrograms(doc string) map[string]bool {
	out := map[string]bool{}
	var fence string
	var block codeBlock
	// the first words of the unlabelled blocks that read as commands
	// only: one run in two blocks or more is a program ("migrate
	// create …", then "migrate -database … up")
	bare := map[string]int{}
	for p := 0; p < len(doc); {
		end, next := text.Line(doc, p)
		t := strings.TrimSpace(doc[p:end])
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
				if b := block.block(); text.ShellLangs[block.lang] || b.Prompted() {
					for _, c := range b.Commands() {
						if f := strings.Fields(c); len(f) > 0 && f[0] != "sudo" {
							out[f[0]] = true
						}
					}
				} else if w := commandsOnly(block); block.lang == "" && w != "" {
					bare[w]++
				}
			} else {
				block.lines = append(block.lines, t)
			}
		case isFence(t):
			n := runOf(t, t[0])
			fence = t[:n]
			block = codeBlock{lang: codeLang(t[n:]), file: fenceTitle(t[n:])}
		default:
			for _, c := range inlineCode.FindAllStringSubmatch(t, -1) {
				if f := strings.Fields(c[1]); len(f) > 1 && quotedProgram.MatchString(f[0]) && !text.IsStopword(f[0]) {
					out[f[0]] = true
				}
			}
		}
		p = next
	}
	for w, n := range bare {
		if n >= 2 && !text.IsStopword(w) {
			out[w] = true
		}
	}
	return out
}

// commandsOnly is the program an unlabelled block runs when each of its
// lines reads as a command of that one program, "" else.
func commandsOnly(b codeBlock) string {
	prog := ""
	for _, l := range b.lines {
		if l == "" {
			continue
		}
		f := strings.Fields(l)
		if !commandLine.MatchString(l) || prog != "" && f[0] != prog {
			return ""
		}
		prog = f[0]
	}
	return prog
}

// quotedProgram is a word prose quotes as a program's name.
var quotedProgram = lazyre.New(`^[a-z][a-z0-9_-]*$`)

// runsOnly reports whether cmds are commands: the first runs one of
// programs, and every other runs one of them too or reads as a command
// line (a program's name in lower case and its arguments: "kubectl apply
// -f app.yaml" after "kind load …"). An elided line ("...") stands for
// commands left out. Printed lines ("kind-2", "Exported logs to: …") are
// not commands.
func runsOnly(cmds []string, programs map[string]bool) bool {
	n := 0
	for _, c := range cmds {
		f := strings.Fields(c)
		switch {
		case len(f) == 0 || c == "..." || c == "…":
			continue
		case programs[f[0]]:
		case n == 0 || !commandLine.MatchString(c):
			return false
		}
		n++
	}
	return n > 0
}

// outputLead is a sentence that says what follows is printed: "It
// prints:", "you should see something like the following:" ("could look
// like:" is as often a file's example).
var outputLead = lazyre.New(`(?i)\b(?:you (?:should|will|'ll|would) see|prints?|outputs?|returns?)\b[^.]*:?\s*$`)

// commandLine is a line typed at a shell: a program's name in lower case,
// then arguments.
var commandLine = lazyre.New(`^[a-z][a-z0-9._-]*\s+[-a-z0-9./$"'{]`)

// teardownHeading is a heading of a guide's last steps: taking down what
// it set up.
var teardownHeading = lazyre.New(`(?i)\b(?:tear(?:ing)?(?: it all)? down|teardown|clean(?:ing)? ?up|uninstall(?:ing)?|remov(?:e|ing) (?:the|everything|it)|delet(?:e|ing) (?:the|everything|it))\b`)

// inlineCode is a Markdown code span.
var inlineCode = lazyre.New("`([^`\n]+)`")

// sectionAt is the deepest section of the tree holding offset at, nil
// when none does.
func sectionAt(secs []*core.Section, at int) *core.Section {
	for _, s := range secs {
		if s != nil && at >= s.Offset && at < s.End {
			if c := sectionAt(s.Children, at); c != nil {
				return c
			}
			return s
		}
	}
	return nil
}
