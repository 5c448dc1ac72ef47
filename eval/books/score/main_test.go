package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestManifest(t *testing.T) {
	ws, err := readManifest(filepath.Join("..", "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) < 5 {
		t.Fatalf("want at least 5 works, got %v", ws)
	}
}

func TestMacros(t *testing.T) {
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "m.sty"), []byte(`\newcommand{\widebar}{x}\DeclareMathOperator{\Res}{Res}\def\mycmd{y}`), 0o600); err != nil {
		t.Fatal(err)
	}
	m := macros(d)
	if !m["widebar"] || !m["mycmd"] || m["Res"] {
		t.Fatalf("macros = %v", m)
	}
	if hasMacroWord("the widebar of U", m) != "widebar" {
		t.Fatal("widebar not found")
	}
	if !numberedRe.MatchString("Proposition 1.1.6") || numberedRe.MatchString("Cauchy formula") {
		t.Fatal("numbered names")
	}
}
