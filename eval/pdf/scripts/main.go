// Command scripts measures how lore's PDF reader reads sub- and
// superscripts: it builds a LaTeX work with pdflatex in a temporary copy,
// reads the PDF with lore's reader (pdf.Text) and compares the scripts its
// text writes ("e⁻¹", "n₁", "x^{∗}", "∑_{i=1}") with the `^` and `_` of the
// work's math, as multisets of (raised or lowered, content).
//
//	go run ./eval/pdf/scripts -dir WORK -main main.tex [-json] [-keep]
//
// Only scripts whose content is plain in the source count: letters, digits,
// + − = and a few Greek letters, at most 8 characters ("^{-1}", "_1",
// "^{n+1}", "_\alpha"); a script holding a macro or a nested script is left
// out of both sides' comparison as a figure of its own (complex). The
// source files are those pdflatex reports reading (-recorder) inside the
// work's folder. Needs pdflatex on PATH. Exit status 1 when the build or
// the reading fails, 2 on bad flags.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/core/acquire/pdf"
)

type result struct {
	Work      string   `json:"work"`
	Source    int      `json:"sourceScripts"`  // plain scripts in the source's math
	Complex   int      `json:"complexScripts"` // scripts left out: macros, nesting
	Read      int      `json:"readScripts"`    // scripts lore's text writes
	Matched   int      `json:"matched"`        // multiset intersection
	Recall    float64  `json:"recall"`         // matched / source
	Precision float64  `json:"precision"`      // matched / read
	Missed    []string `json:"missedSample,omitempty"`
}

func main() {
	dir := flag.String("dir", "", "the work's folder")
	mainTex := flag.String("main", "", "its main .tex file, relative to -dir")
	asJSON := flag.Bool("json", false, "print JSON")
	keep := flag.Bool("keep", false, "keep the build folder and print its path")
	flag.Parse()
	if *dir == "" || *mainTex == "" {
		fmt.Fprintln(os.Stderr, "usage: scripts -dir WORK -main main.tex")
		os.Exit(2)
	}
	r, err := run(*dir, *mainTex, *keep)
	if err != nil {
		fmt.Fprintln(os.Stderr, "scripts:", err)
		os.Exit(1)
	}
	if *asJSON {
		if err := json.NewEncoder(os.Stdout).Encode(r); err != nil {
			fmt.Fprintln(os.Stderr, "scripts:", err)
			os.Exit(1)
		}
		return
	}
	fmt.Printf("%s: %d plain scripts in the source (%d complex left out); lore's text writes %d; matched %d: recall %.3f, precision %.3f\n",
		r.Work, r.Source, r.Complex, r.Read, r.Matched, r.Recall, r.Precision)
	if len(r.Missed) > 0 {
		fmt.Printf("  missed (sample): %s\n", strings.Join(r.Missed, "  "))
	}
}

func run(dir, mainTex string, keep bool) (*result, error) {
	tmp, err := os.MkdirTemp("", "lore-scripts-")
	if err != nil {
		return nil, err
	}
	if keep {
		fmt.Fprintln(os.Stderr, "build folder:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	if out, err := exec.Command("cp", "-r", filepath.Clean(dir)+"/.", tmp).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("copy: %w: %s", err, out)
	}
	work := filepath.Join(tmp, filepath.Dir(mainTex))
	base := filepath.Base(mainTex)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pdflatex", "-interaction=nonstopmode", "-recorder", base)
	cmd.Dir = work
	_ = cmd.Run() // a work with warnings or missing references still gives its PDF
	stem := strings.TrimSuffix(base, ".tex")
	raw, err := os.ReadFile(filepath.Join(work, stem+".pdf"))
	if err != nil {
		return nil, fmt.Errorf("pdflatex gave no PDF: %w", err)
	}
	text, err := pdf.Text(ctx, bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, fmt.Errorf("reading the PDF: %w", err)
	}
	src, err := sources(filepath.Join(work, stem+".fls"), tmp)
	if err != nil {
		return nil, err
	}
	want, complexN := map[string]int{}, 0
	for _, s := range src {
		plain, cx := sourceScripts(s)
		complexN += cx
		for _, k := range plain {
			want[k]++
		}
	}
	got := textScripts(text)
	r := &result{Work: filepath.Join(filepath.Base(filepath.Clean(dir)), mainTex), Complex: complexN}
	for k, n := range want {
		r.Source += n
		m := min(n, got[k])
		r.Matched += m
		if m < n {
			r.Missed = append(r.Missed, fmt.Sprintf("%s×%d", k, n-m))
		}
	}
	for _, n := range got {
		r.Read += n
	}
	sort.Slice(r.Missed, func(a, b int) bool { return r.Missed[a] < r.Missed[b] })
	if len(r.Missed) > 12 {
		r.Missed = r.Missed[:12]
	}
	if r.Source > 0 {
		r.Recall = float64(r.Matched) / float64(r.Source)
	}
	if r.Read > 0 {
		r.Precision = float64(r.Matched) / float64(r.Read)
	}
	return r, nil
}

// sources are the .tex files pdflatex read inside root, by its recorder
// file.
func sources(fls, root string) ([]string, error) {
	f, err := os.Open(fls)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	seen := map[string]bool{}
	var out []string
	dir := filepath.Dir(fls)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p, ok := strings.CutPrefix(sc.Text(), "INPUT ")
		if !ok || !strings.HasSuffix(p, ".tex") {
			continue
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		if !strings.HasPrefix(p, root) || seen[p] {
			continue
		}
		seen[p] = true
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, string(b))
	}
	return out, sc.Err()
}

// greek are the macros of the Greek letters a plain script may hold.
var greek = map[string]string{
	`\alpha`: "α", `\beta`: "β", `\gamma`: "γ", `\delta`: "δ", `\epsilon`: "ϵ", `\varepsilon`: "ε",
	`\theta`: "θ", `\lambda`: "λ", `\mu`: "μ", `\nu`: "ν", `\pi`: "π", `\rho`: "ρ", `\sigma`: "σ",
	`\tau`: "τ", `\phi`: "ϕ", `\varphi`: "φ", `\chi`: "χ", `\psi`: "ψ", `\omega`: "ω", `\ell`: "ℓ",
	`\infty`: "∞",
}

// sourceScripts returns the plain scripts of the math in TeX source s, as
// "^content" or "_content", and how many scripts were not plain.
func sourceScripts(s string) (plain []string, complexN int) {
	for _, m := range mathRegions(stripComments(s)) {
		for i := 0; i < len(m); i++ {
			c := m[i]
			if c != '^' && c != '_' || i > 0 && m[i-1] == '\\' {
				continue
			}
			arg, n := texArg(m[i+1:])
			i += n
			content, ok := plainScript(arg)
			if !ok {
				complexN++
				continue
			}
			plain = append(plain, string(c)+foldVariants(content))
		}
	}
	return plain, complexN
}

// texArg is the argument at the start of s (spaces skipped): a braced
// group's inside, a control word, or one character; and the bytes it
// takes.
func texArg(s string) (string, int) {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) {
		return "", i
	}
	switch {
	case s[i] == '{':
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					return s[i+1 : j], j + 1
				}
			}
		}
		return "", len(s)
	case s[i] == '\\':
		j := i + 1
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			j++
		}
		if j == i+1 && j < len(s) {
			j++
		}
		return s[i:j], j
	default:
		_, w := firstRune(s[i:])
		return s[i : i+w], i + w
	}
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// plainScript is a script's content as the reader should give it, when it
// is plain: letters, digits, + − =, Greek macros; spaces dropped.
func plainScript(arg string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(arg); {
		c := arg[i]
		switch {
		case c == ' ':
			i++
		case c == '-':
			b.WriteString("−")
			i++
		case c == '+' || c == '=' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			b.WriteByte(c)
			i++
		case c == '\\':
			j := i + 1
			for j < len(arg) && (arg[j] >= 'a' && arg[j] <= 'z' || arg[j] >= 'A' && arg[j] <= 'Z') {
				j++
			}
			g, ok := greek[arg[i:j]]
			if !ok {
				return "", false
			}
			b.WriteString(g)
			i = j
		default:
			return "", false
		}
	}
	out := b.String()
	if out == "" || len([]rune(out)) > 8 {
		return "", false
	}
	return out, true
}

// stripComments drops TeX comments: from an unescaped % to the line's end.
func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		for i := 0; i < len(line); i++ {
			if line[i] == '%' && (i == 0 || line[i-1] != '\\') {
				line = line[:i]
				break
			}
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// mathEnvs are the display environments whose body is math.
var mathEnvs = []string{"equation", "equation*", "align", "align*", "gather", "gather*", "multline", "multline*",
	"eqnarray", "eqnarray*", "displaymath", "math", "alignat", "alignat*", "flalign", "flalign*"}

// mathRegions are the math of s: $…$, $$…$$, \(…\), \[…\] and the bodies
// of the display environments.
func mathRegions(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '['):
			closer := `\)`
			if s[i+1] == '[' {
				closer = `\]`
			}
			if j := strings.Index(s[i+2:], closer); j >= 0 {
				out = append(out, s[i+2:i+2+j])
				i += 2 + j + 1
			}
		case s[i] == '\\' && strings.HasPrefix(s[i:], `\begin{`):
			for _, e := range mathEnvs {
				open := `\begin{` + e + `}`
				if strings.HasPrefix(s[i:], open) {
					if j := strings.Index(s[i:], `\end{`+e+`}`); j >= 0 {
						out = append(out, s[i+len(open):i+j])
						i += j
					}
					break
				}
			}
		case s[i] == '\\':
			i++ // an escaped character: \$ is no math
		case s[i] == '$':
			delim := "$"
			if i+1 < len(s) && s[i+1] == '$' {
				delim = "$$"
			}
			start := i + len(delim)
			if j := strings.Index(s[start:], delim); j >= 0 {
				out = append(out, s[start:start+j])
				i = start + j + len(delim) - 1
			}
		}
	}
	return out
}

// textScripts are the scripts lore's text writes, as "^content" or
// "_content": runs of Unicode's superscript or subscript characters
// (folded back to their letters), and "^x", "^{…}", "_x", "_{…}".
func textScripts(t string) map[string]int {
	out := map[string]int{}
	rs := []rune(t)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if side := scriptSide(r); side != 0 {
			j := i
			for j < len(rs) && scriptSide(rs[j]) == side {
				j++
			}
			out[string(side)+foldVariants(norm.NFKC.String(string(rs[i:j])))]++
			i = j - 1
			continue
		}
		if (r == '^' || r == '_') && i+1 < len(rs) && !unicode.IsSpace(rs[i+1]) {
			if rs[i+1] == '{' {
				depth, j := 0, i+1
				for ; j < len(rs); j++ {
					if rs[j] == '{' {
						depth++
					} else if rs[j] == '}' {
						if depth--; depth == 0 {
							break
						}
					}
				}
				if j < len(rs) {
					out[string(r)+foldVariants(strings.ReplaceAll(string(rs[i+2:j]), " ", ""))]++
					i = j
				}
				continue
			}
			out[string(r)+foldVariants(string(rs[i+1]))]++
			i++
		}
	}
	return out
}

// scriptSide is '^' for a superscript character, '_' for a subscript
// one, 0 otherwise.
func scriptSide(r rune) rune {
	switch {
	case r == '¹' || r == '²' || r == '³' || r >= 0x2070 && r <= 0x207F || r >= 0x1D2C && r <= 0x1D61 ||
		r >= 0x1D9B && r <= 0x1DBF || r == 'ʰ' || r == 'ʲ' || r == 'ʳ' || r == 'ʷ' || r == 'ʸ' || r == 'ˡ' || r == 'ˢ' ||
		r == 'ˣ' || r == 'ⱽ':
		return '^'
	case r >= 0x2080 && r <= 0x209C || r >= 0x1D62 && r <= 0x1D6A || r == 'ⱼ':
		return '_'
	}
	return 0
}

// foldVariants writes the variant forms of Greek letters one way: TeX's
// \phi and \varphi, \epsilon and \varepsilon are one letter to compare.
var foldVariants = strings.NewReplacer("ϕ", "φ", "ϵ", "ε").Replace
