package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/tui/markdown"
	"github.com/lore-kb/lore/tui/styles"
)

// styles picks the output styles from the theme setting. Human output goes
// through colorprofile, which downgrades or strips them to what the output
// can show (plain text when piped).
// The result is kept: asking the terminal for its background more than once
// is slow and, where nothing answers, leaves the queries on the screen.
func (a *app) styles() styles.Styles {
	if a.st == nil {
		st := styles.New(true)
		switch strings.ToLower(a.cfg.v.GetString(keyTheme)) {
		case "light":
			st = styles.New(false)
		case "dark":
		default:
			if a.interactive() {
				in, out := a.stdin.(term.File), a.stdout.(term.File)
				st = styles.New(lipgloss.HasDarkBackground(in, out))
			}
		}
		a.st = &st
	}
	return *a.st
}

func sampleDocument() (*core.Document, error) {
	text, err := acquire.Normalize(assets.Sample())
	if err != nil {
		return nil, fmt.Errorf("embedded sample: %w", err)
	}
	return &core.Document{
		Name: assets.SampleName, Path: "sample/" + assets.SampleName, MediaType: "text/markdown",
		Format: core.FormatMarkdown, Text: text, Bytes: int64(len(assets.Sample())), Familiarity: core.Home,
	}, nil
}

func styledWriter(w io.Writer) io.Writer {
	return colorprofile.NewWriter(w, os.Environ())
}

// writeStyled prints text on stdout through its colour profile, so styles
// are downgraded to what the output shows (none when piped).
func (a *app) writeStyled(text string) error {
	_, err := io.WriteString(styledWriter(a.stdout), text)
	return err
}

// output prints a command's result: v as one JSON document when asJSON is
// set, else the text that text builds, styled (see writeStyled). text is
// called only for text output, so a JSON run never asks the terminal for
// its colours.
func (a *app) output(asJSON bool, v any, text func(b *strings.Builder)) error {
	if asJSON {
		return writeJSON(a.stdout, v)
	}
	var b strings.Builder
	text(&b)
	return a.writeStyled(b.String())
}

// reply is output for a result whose text is one plain line, printed as
// format and args make it.
func (a *app) reply(asJSON bool, v any, format string, args ...any) error {
	if asJSON {
		return writeJSON(a.stdout, v)
	}
	_, err := fmt.Fprintf(a.stdout, format, args...)
	return err
}

func renderAnalysis(out io.Writer, st styles.Styles, res *engine.AnalyzeResult, hygiene *core.HygieneReport) error {
	w := styledWriter(out)
	var b strings.Builder
	var bytes int64
	for _, an := range res.Analyses {
		bytes += an.Document.Bytes
	}
	fmt.Fprintf(&b, "%s %s  %s\n", st.Label.Render("source "), res.Source,
		st.Faint.Render(fmt.Sprintf("(%d document%s, %s)", len(res.Analyses), plural(len(res.Analyses)), acquire.HumanBytes(bytes))))
	if hygiene != nil {
		h := fmt.Sprintf("%s · %s tier", sanitize.Summary(*hygiene), hygiene.Tier)
		if hygiene.Passed {
			h = st.Good.Render(h)
		} else {
			h = st.Bad.Render(h) + st.Faint.Render(" (analyze never blocks; lore scan shows the findings)")
		}
		fmt.Fprintf(&b, "%s %s\n", st.Label.Render("hygiene"), h)
	}
	fmt.Fprintf(&b, "%s %s  %s\n", st.Label.Render("type   "), st.Heading.Render(string(res.ContentType)), st.Faint.Render(scoreLine(res.ContentType, res.Scores)))
	if res.Domain != "" {
		fmt.Fprintf(&b, "%s %s  plane %s  confidence %.2f", st.Label.Render("domain "), st.Heading.Render(res.Domain), res.Plane, res.Confidence)
		if len(res.Domains) > 0 && res.Domains[0].Domain == res.Domain {
			// The runners-up are listed by score; the chosen one's score
			// is what they are compared with (confidence is another
			// measure: how far it leads).
			fmt.Fprintf(&b, "  score %.2f", res.Domains[0].Score)
		}
		if len(res.Domains) > 1 {
			var others []string
			for _, d := range res.Domains[1:min(4, len(res.Domains))] {
				others = append(others, fmt.Sprintf("%s %.2f", d.Domain, d.Score))
			}
			fmt.Fprintf(&b, "  %s", st.Faint.Render("also "+strings.Join(others, " · ")))
		}
		b.WriteString("\n")
	} else {
		fmt.Fprintf(&b, "%s none detected  plane %s\n", st.Label.Render("domain "), res.Plane)
	}

	b.WriteString("\n" + st.Heading.Render("Sections") + "\n")
	for _, an := range res.Analyses {
		indent := "  "
		if len(res.Analyses) > 1 {
			fmt.Fprintf(&b, "  %s\n", st.Heading.Render(an.Document.Name))
			indent = "    "
		}
		for _, s := range an.Sections {
			writeSection(&b, st, s, indent)
		}
	}

	counts := map[core.PrimitiveType]int{}
	for _, p := range res.Primitives {
		counts[p.Type]++
	}
	var parts []string
	for _, t := range core.PrimitiveTypes {
		if counts[t] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, counts[t]))
		}
	}
	fmt.Fprintf(&b, "\n%s %s\n", st.Heading.Render(fmt.Sprintf("Primitives (%d)", len(res.Primitives))), st.Faint.Render(strings.Join(parts, " · ")))
	names := make(map[string]string, len(res.Primitives))
	for _, p := range res.Primitives {
		names[p.ID] = p.Name
	}
	for _, p := range res.Primitives {
		loc := p.Provenance.Section
		if p.Section != "" {
			loc = p.Section + " · " + loc
		}
		fmt.Fprintf(&b, "  %s %s  %.2f  %s\n", st.Kind.Render(fmt.Sprintf("%-10s", p.Type)), st.Heading.Render(p.Name), p.Confidence, st.Faint.Render(loc+" · "+p.ID))
		for _, e := range p.Dependencies {
			fmt.Fprintf(&b, "      → %-11s %s %s\n", e.Type, names[e.Target], st.Faint.Render(fmt.Sprintf("%.1f", e.Strength)))
		}
	}
	// The total is the edges by type: those the wiring inferred and those
	// the source's own references gave, as listed above.
	edgeCounts := res.Wiring.EdgesByType
	var eparts []string
	total := 0
	for _, t := range core.EdgeTypes {
		if edgeCounts[t] > 0 {
			eparts = append(eparts, fmt.Sprintf("%s %d", t, edgeCounts[t]))
			total += edgeCounts[t]
		}
	}
	fmt.Fprintf(&b, "\n%s %s\n", st.Heading.Render(fmt.Sprintf("Edges (%d)", total)), st.Faint.Render(strings.Join(eparts, " · ")))
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSection(b *strings.Builder, st styles.Styles, s *core.Section, indent string) {
	title := s.Title
	if s.Number != "" && !strings.HasPrefix(title, s.Number) {
		title = s.Number + " " + title
	}
	fmt.Fprintf(b, "%s%s %s\n", indent, title, st.Faint.Render(fmt.Sprintf("@%d", s.Offset)))
	for _, c := range s.Children {
		writeSection(b, st, c, indent+"  ")
	}
}

// scoreLine is the content-type vote of the word patterns, highest
// first, and, when the document's structure overruled it (an abstract
// with citations makes a paper, numbered procedures a tutorial), says so.
func scoreLine(chosen core.ContentType, scores map[core.ContentType]float64) string {
	type kv struct {
		t core.ContentType
		v float64
	}
	var kvs []kv
	for _, t := range core.ContentTypes {
		kvs = append(kvs, kv{t, scores[t]})
	}
	sort.SliceStable(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	var parts []string
	for _, e := range kvs {
		parts = append(parts, fmt.Sprintf("%s %g", e.t, e.v))
	}
	line := "words: " + strings.Join(parts, " · ")
	if len(kvs) > 0 && kvs[0].v > 0 && chosen != core.Unknown && scores[chosen] < kvs[0].v {
		line += "; its structure makes it a " + string(chosen)
	}
	return line
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// markdownWidth bounds the width a Markdown document is rendered at on a
// wide terminal: lines longer than this are hard to read.
const markdownWidth = 120

// writeMarkdown prints a Markdown document (a session's report): on a
// terminal rendered as the terminal application shows it (glamour, the
// theme's colours), and paged when it is taller than the screen; piped, or
// for --json, the Markdown as it is, for files and other tools.
func (a *app) writeMarkdown(md string) error {
	width, height, ok := a.terminalSize()
	if !ok {
		_, err := io.WriteString(a.stdout, md)
		return err
	}
	lines := markdown.New().Render(md, min(width, markdownWidth), a.styles().IsDark)
	var b strings.Builder
	for _, l := range lines {
		// Render pads every line to the width; trailing blanks would
		// only make a narrower terminal wrap.
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
	text := b.String()
	if height > 0 && len(lines) > height-1 {
		if paged, err := a.page(text); paged {
			return err
		}
	}
	return a.writeStyled(text)
}

// terminalSize is the width and height of the terminal stdout is, and
// whether it is one.
func (a *app) terminalSize() (width, height int, ok bool) {
	f, isFile := a.stdout.(term.File)
	if !isFile || !term.IsTerminal(f.Fd()) {
		return 0, 0, false
	}
	w, h, err := term.GetSize(f.Fd())
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
		f := strings.Fields(p)
		return exec.Command(f[0], f[1:]...)
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
func (a *app) page(text string) (paged bool, err error) {
	cmd := pagerCommand()
	if cmd == nil {
		return false, nil
	}
	out, ok := a.stdout.(*os.File)
	if !ok {
		return false, nil
	}
	cmd.Stdout, cmd.Stderr = out, a.stderr
	cmd.Env = os.Environ()
	if _, set := os.LookupEnv("LESS"); !set {
		// As git does: quit at once if it fits (F), colours (R), and
		// leave the text on the screen (X).
		cmd.Env = append(cmd.Env, "LESS=FRX")
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		fmt.Fprintf(a.stderr, "lore: pager %s has no input (%v); printing instead\n", cmd.Path, err)
		return false, nil
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(a.stderr, "lore: pager %s did not start (%v); printing instead\n", cmd.Path, err)
		return false, nil
	}
	// The colours are those of the terminal the pager shows them on.
	w := &colorprofile.Writer{Forward: in, Profile: colorprofile.Detect(out, os.Environ())}
	_, werr := io.WriteString(w, text)
	in.Close()
	err = cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) && (ee.ExitCode() == 126 || ee.ExitCode() == 127) {
		fmt.Fprintf(a.stderr, "lore: pager %q could not be run; printing instead\n", os.Getenv("PAGER"))
		return false, nil
	}
	if err != nil && werr == nil {
		return true, fmt.Errorf("pager: %w", err)
	}
	// A write error is the pager gone before the end: quit early.
	return true, nil
}
