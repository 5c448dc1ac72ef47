package acquire

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestMacroDefsFindWhatThePatternFinds checks macroDefs, which tries
// texMacroDef only at a backslash opening a definition, against the
// pattern run over the whole text: on definitions of every form, near
// misses, and (with LORE_BENCH_BOOK naming a LaTeX book folder) a real
// book's sources.
func TestMacroDefsFindWhatThePatternFinds(t *testing.T) {
	texts := []string{
		`\newcommand{\inc}[1]{\input{#1}}\renewcommand*\x{y}\providecommand {\ z }{w}`,
		`\def\chap#1#2{\include{#1/#2}}\gdef\a{b}\edef\c{d}\xdef\e{f}\long\def\g#1{h}`,
		`\newcommandx\no{}\newenvironment{e}{}{}\definition{A}{B}{C}\default \deff\q{}`,
		`\\newcommand{\a}{b} \\\def\x{y} \newcommand\b[2][x]{#1#2} \def \sp {}`,
		`% \newcommand{\commented}{x}` + "\n" + `\newcommand{\kept}{\input{k}}\newcommand`,
		`\long\long\def\x{}\lo\longdef \renew\newcommand\y{}`,
		"", `\`, `\\`, `\new`, `\def`,
	}
	if dir := os.Getenv("LORE_BENCH_BOOK"); dir != "" {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".tex") || strings.HasSuffix(p, ".sty") || strings.HasSuffix(p, ".cls")) {
				if b, err := os.ReadFile(p); err == nil {
					texts = append(texts, string(b))
				}
			}
			return nil
		})
	}
	for _, s := range texts {
		want := texMacroDef.FindAllStringSubmatchIndex(s, -1)
		if got := macroDefs(s); !reflect.DeepEqual(got, want) {
			t.Errorf("macroDefs(%.80q) = %v, the pattern finds %v", s, got, want)
		}
	}
}
