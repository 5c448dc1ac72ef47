package cmdutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/lore-kb/lore/tui/markdown"
)

// WriteJSON prints v as one indented JSON document, HTML left unescaped.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// StyledWriter writes to w through its colour profile.
func StyledWriter(w io.Writer) io.Writer {
	return colorprofile.NewWriter(w, os.Environ())
}

// WriteStyled prints text on stdout through its colour profile, so styles
// are downgraded to what the output shows (none when piped).
func (f *Factory) WriteStyled(text string) error {
	_, err := io.WriteString(StyledWriter(f.Stdout), text)
	return err
}

// Output prints a command's result: v as one JSON document when asJSON is
// set, else the text that text builds, styled (see WriteStyled). text is
// called only for text output, so a JSON run never asks the terminal for
// its colours.
func (f *Factory) Output(asJSON bool, v any, text func(b *strings.Builder)) error {
	if asJSON {
		return WriteJSON(f.Stdout, v)
	}
	var b strings.Builder
	text(&b)
	return f.WriteStyled(b.String())
}

// Reply is Output for a result whose text is one plain line, printed as
// format and args make it.
func (f *Factory) Reply(asJSON bool, v any, format string, args ...any) error {
	if asJSON {
		return WriteJSON(f.Stdout, v)
	}
	_, err := fmt.Fprintf(f.Stdout, format, args...)
	return err
}

// WriteMessage prints an API message as JSON, indented as every other
// command's JSON is (protojson's own spacing varies on purpose, from one
// build to the next; scripts comparing output need it stable).
func (f *Factory) WriteMessage(m proto.Message) error {
	b, err := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(m)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = f.Stdout.Write(out.Bytes())
	return err
}

// PrintAnswer prints the API's answer m as JSON, or as the text text
// writes: the same on every backend and transport.
func (f *Factory) PrintAnswer(asJSON bool, m proto.Message, text func(b *strings.Builder)) error {
	if asJSON {
		return f.WriteMessage(m)
	}
	var b strings.Builder
	text(&b)
	return f.WriteStyled(b.String())
}

// markdownWidth bounds the width a Markdown document is rendered at on a
// wide terminal: lines longer than this are hard to read.
const markdownWidth = 120

// WriteMarkdown prints a Markdown document (a session's report): on a
// terminal rendered as the terminal application shows it (glamour, the
// theme's colours), and paged when it is taller than the screen; piped, or
// for --json, the Markdown as it is, for files and other tools.
func (f *Factory) WriteMarkdown(md string) error {
	width, height, ok := f.terminalSize()
	if !ok {
		_, err := io.WriteString(f.Stdout, md)
		return err
	}
	lines := markdown.New().Render(md, min(width, markdownWidth), f.Styles().IsDark)
	var b strings.Builder
	for _, l := range lines {
		// Render pads every line to the width; trailing blanks would
		// only make a narrower terminal wrap.
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
	text := b.String()
	if height > 0 && len(lines) > height-1 {
		if paged, err := f.page(text); paged {
			return err
		}
	}
	return f.WriteStyled(text)
}

// terminalSize is the width and height of the terminal stdout is, and
// whether it is one.
func (f *Factory) terminalSize() (width, height int, ok bool) {
	out, isFile := f.Stdout.(term.File)
	if !isFile || !term.IsTerminal(out.Fd()) {
		return 0, 0, false
	}
	w, h, err := term.GetSize(out.Fd())
	if err != nil || w <= 0 {
		return 80, 0, true
	}
	return w, h, true
}

// pagerCommand is the pager to run: $PAGER through the shell, as git runs
// it (it may hold arguments), else less -R (-R passes the colours on). nil
// means none: PAGER set empty or to cat, or no less installed.
func pagerCommand() *exec.Cmd {
	if p, set := os.LookupEnv("PAGER"); set {
		p = strings.TrimSpace(p)
		if p == "" || p == "cat" {
			return nil
		}
		if sh, err := exec.LookPath("sh"); err == nil {
			return exec.Command(sh, "-c", p)
		}
		fields := strings.Fields(p)
		return exec.Command(fields[0], fields[1:]...)
	}
	if less, err := exec.LookPath("less"); err == nil {
		return exec.Command(less, "-R")
	}
	return nil
}

// page shows text through the pager on stdout's terminal. paged is false
// when no pager ran (none configured or installed, or it could not be
// started or found: the shell's 126 and 127), and the caller prints the
// text itself; a pager the person quits early is no error.
func (f *Factory) page(text string) (paged bool, err error) {
	cmd := pagerCommand()
	if cmd == nil {
		return false, nil
	}
	out, ok := f.Stdout.(*os.File)
	if !ok {
		return false, nil
	}
	cmd.Stdout, cmd.Stderr = out, f.Stderr
	cmd.Env = os.Environ()
	if _, set := os.LookupEnv("LESS"); !set {
		// As git does: quit at once if it fits (F), colours (R), and
		// leave the text on the screen (X).
		cmd.Env = append(cmd.Env, "LESS=FRX")
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		fmt.Fprintf(f.Stderr, "lore: pager %s has no input (%v); printing instead\n", cmd.Path, err)
		return false, nil
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(f.Stderr, "lore: pager %s did not start (%v); printing instead\n", cmd.Path, err)
		return false, nil
	}
	// The colours are those of the terminal the pager shows them on.
	w := &colorprofile.Writer{Forward: in, Profile: colorprofile.Detect(out, os.Environ())}
	_, werr := io.WriteString(w, text)
	in.Close()
	err = cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) && (ee.ExitCode() == 126 || ee.ExitCode() == 127) {
		fmt.Fprintf(f.Stderr, "lore: pager %q could not be run; printing instead\n", os.Getenv("PAGER"))
		return false, nil
	}
	if err != nil && werr == nil {
		return true, fmt.Errorf("pager: %w", err)
	}
	// A write error is the pager gone before the end: quit early.
	return true, nil
}
