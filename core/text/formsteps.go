package text

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// A procedure's computational form is its steps in order, one numbered
// line each ("3. Build the image:"), and under a step the code blocks the
// source gives with it, verbatim: a fence indented by FormIndent, its
// lines, the closing fence. The extractor writes it and the how-to skill
// reads it with the functions here, so that a Compose file or a
// Dockerfile a step writes reaches the skill whole, never "(7 lines of
// dockerfile)".

// FormIndent indents a step's code blocks under its numbered line.
const FormIndent = "   "

// What the source says between a step's blocks stays with them: a line
// under a step that opens with FormNote is a note, before a block what it
// says of that block (the file it goes in, the system it is for), after
// the last one what the step adds (a warning, what the commands did).

// FormNote opens a note's line under a step, after FormIndent.
const FormNote = "> "

// CodeBlock is one fenced code block of a step: its info string's first
// word (the language, "" when none), its lines, indentation kept, and the
// note the step gives right before it ("" when none).
type CodeBlock struct {
	Lang  string
	Lines []string
	Lead  string
}

// FormStep is one step of a form: the text of its numbered line (without
// the number), its code blocks, and the notes after its last block.
type FormStep struct {
	Text   string
	Blocks []CodeBlock
	Notes  []string
}

// WriteFormNote writes a note under a step of a form, on one line.
func WriteFormNote(b *strings.Builder, note string) {
	b.WriteString("\n" + FormIndent + FormNote + strings.Join(strings.Fields(note), " "))
}

// WriteFormBlock writes block under a step of a form: fenced with more
// backticks than any run in its lines, so that no line closes it.
func WriteFormBlock(b *strings.Builder, block CodeBlock) {
	fence := Fence(block.Lines)
	b.WriteString("\n" + FormIndent + fence + block.Lang)
	for _, l := range block.Lines {
		b.WriteString("\n")
		if l != "" {
			b.WriteString(FormIndent + l)
		}
	}
	b.WriteString("\n" + FormIndent + fence)
}

// FormSteps reads a form's steps: each numbered line at the left margin
// opens one, and the fenced blocks under it are its code. Lines of a
// form that are neither (a note of steps left out, a form with no
// numbered line) are returned as steps of their own when they come
// before any numbered line, and otherwise go with the step they follow.
func FormSteps(form string) []FormStep {
	var out []FormStep
	var pending []string // notes not yet followed by a block
	flush := func() {
		if len(pending) > 0 && len(out) > 0 {
			out[len(out)-1].Notes = append(out[len(out)-1].Notes, pending...)
		}
		pending = nil
	}
	lines := strings.Split(form, "\n")
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		if _, ok := numberedFormLine(ln); ok {
			flush()
		}
		if fence, lang, ok := formFence(ln); ok {
			block := CodeBlock{Lang: lang}
			for i++; i < len(lines); i++ {
				l := strings.TrimPrefix(lines[i], FormIndent)
				if strings.TrimSpace(l) == fence {
					break
				}
				block.Lines = append(block.Lines, l)
			}
			if len(out) == 0 {
				out = append(out, FormStep{})
			}
			block.Lead = strings.Join(pending, " ")
			pending = nil
			out[len(out)-1].Blocks = append(out[len(out)-1].Blocks, block)
			continue
		}
		if t, ok := numberedFormLine(ln); ok {
			out = append(out, FormStep{Text: t})
			continue
		}
		if note, ok := strings.CutPrefix(ln, FormIndent+FormNote); ok && len(out) > 0 {
			pending = append(pending, strings.TrimSpace(note))
			continue
		}
		switch t := strings.TrimSpace(ln); {
		case t == "":
		case len(out) == 0:
			out = append(out, FormStep{Text: t})
		default:
			out[len(out)-1].Text += " " + t
		}
	}
	flush()
	return out
}

// formFence reports whether ln opens a step's code block, with its fence
// and language.
func formFence(ln string) (fence, lang string, ok bool) {
	t, found := strings.CutPrefix(ln, FormIndent)
	if !found || !strings.HasPrefix(t, "```") {
		return "", "", false
	}
	n := 0
	for n < len(t) && t[n] == '`' {
		n++
	}
	return t[:n], strings.TrimSpace(t[n:]), true
}

// numberedFormLine reads "12. text" at the left margin.
func numberedFormLine(ln string) (string, bool) {
	dot := strings.IndexAny(ln, ".)")
	if dot < 1 || dot > 3 || dot+1 >= len(ln) || ln[dot+1] != ' ' {
		return "", false
	}
	if _, err := strconv.Atoi(ln[:dot]); err != nil {
		return "", false
	}
	return strings.TrimSpace(ln[dot+2:]), true
}

// ShellLangs are the info strings of code blocks that hold commands to
// type.
var ShellLangs = map[string]bool{
	"console": true, "shell": true, "bash": true, "sh": true, "zsh": true, "powershell": true, "pwsh": true,
	"ps1": true, "cmd": true, "bat": true, "terminal": true, "shell-session": true, "shellsession": true,
}

// Prompted reports whether a block's lines are typed at a prompt ("$
// docker ps", "PS> Get-Item", "> dir" in a cmd block): commands, whatever
// its language says.
func (b CodeBlock) Prompted() bool {
	for _, l := range b.Lines {
		if b.prompt(strings.TrimSpace(l)) > 0 {
			return true
		}
	}
	return false
}

// namedPrompt is a shell's prompt that names the shell, user, host or
// folder before its "$" or "#": "sh-5.0$ ", "alice@box:~/src$ ",
// "[root@host ~]# ", "(venv) bob@pc:~$ ", and PowerShell's "PS C:\> ".
var namedPrompt = lazyre.New(`^(?:(?:\([^()\s]{1,30}\)\s)?(?:\[[^\]\n]{1,60}\]|[\w.@:~/+-]{1,60})[$#]|PS [^>\n]{1,80}>) `)

// prompt is the length of the prompt that opens l, 0 for none.
func (b CodeBlock) prompt(l string) int {
	for _, pr := range []string{"$ ", "PS> "} {
		if strings.HasPrefix(l, pr) {
			return len(pr)
		}
	}
	if strings.HasPrefix(l, "> ") && b.Lang == "cmd" {
		return 2
	}
	if m := namedPrompt.FindStringIndex(l); m != nil {
		return m[1]
	}
	return 0
}

// Commands are the lines of a block worth quoting as commands: no blank
// lines, comments or a shell's grouping braces; in a console session only
// the prompted lines, without their prompt; a line ending in a backslash
// joined with the next.
func (b CodeBlock) Commands() []string {
	isPrompted := b.Prompted()
	var out []string
	cont := false    // the command before ends in a backslash: this line goes on with it
	prevCmd := false // the line before is a command, which a "> " line goes on
	for _, l := range b.Lines {
		l = strings.TrimSpace(l)
		if l == "" || l == "#" || l == "{" || l == "}" || strings.HasPrefix(l, "# ") || strings.HasPrefix(l, "//") {
			continue
		}
		more := strings.HasSuffix(l, "\\")
		l = strings.TrimSpace(strings.TrimSuffix(l, "\\"))
		if cont {
			out[len(out)-1] += " " + l
			cont = more
			continue
		}
		if isPrompted {
			p := b.prompt(l)
			if p == 0 && prevCmd && strings.HasPrefix(l, "> ") {
				// the shell's prompt for a line the command before goes
				// on in; after printed output a "> " is the output's
				// (pytest marks the failing line so)
				p = 2
			}
			if p == 0 {
				prevCmd = false
				continue
			}
			l = strings.TrimSpace(l[p:])
		}
		out = append(out, l)
		cont, prevCmd = more, true
	}
	return out
}

// Fence is the fence of a block of lines: three backticks, or more than
// any run of backticks in them, so that no line closes it.
func Fence(lines []string) string {
	fence := "```"
	for _, l := range lines {
		for strings.Contains(l, fence) {
			fence += "`"
		}
	}
	return fence
}
