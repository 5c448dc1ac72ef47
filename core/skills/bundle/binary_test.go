package bundle

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/skills"
)

// binaryAssets are files of the kinds a skill folder ships, each with the
// severity its import must report (""
// for none), built with their formats' real headers.
func binaryAssets(t *testing.T) map[string]struct {
	body []byte
	sev  core.Severity
} {
	t.Helper()
	// A real PNG, from the encoder.
	var pngBuf bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA{R: 200, A: 255})
	if err := png.Encode(&pngBuf, img); err != nil {
		t.Fatal(err)
	}
	// A real program: the head of the running test binary (ELF here,
	// Mach-O or PE elsewhere), named as an image.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	prog := make([]byte, 4096)
	n, _ := f.Read(prog)
	f.Close()
	prog = prog[:n]
	// Random bytes: binary data of no kind.
	r := rand.New(rand.NewPCG(1, 2))
	blob := make([]byte, 2048)
	for i := range blob {
		blob[i] = byte(r.UintN(256))
	}
	blob[0], blob[1], blob[2], blob[3] = 0x13, 0x00, 0x07, 0x91 // no format's signature
	// A TrueType font's offset table and one table record (sfnt 1.0,
	// one table, searchRange 16, entrySelector 0, rangeShift 0).
	var ttf bytes.Buffer
	ttf.Write([]byte{0x00, 0x01, 0x00, 0x00})
	_ = binary.Write(&ttf, binary.BigEndian, []uint16{1, 16, 0, 0})
	ttf.WriteString("head")
	_ = binary.Write(&ttf, binary.BigEndian, []uint32{0x12345678, 28, 54})
	ttf.Write(make([]byte, 54))
	// A WOFF2 header: signature, flavor (TrueType), length, tables.
	var woff2 bytes.Buffer
	woff2.WriteString("wOF2")
	_ = binary.Write(&woff2, binary.BigEndian, []uint32{0x00010000, 48})
	_ = binary.Write(&woff2, binary.BigEndian, []uint16{1, 0})
	woff2.Write(make([]byte, 36))
	// A PDF as writers make them: the binary comment line after the
	// header marks the file binary.
	pdf := []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
	// Compiled Python 3.12: magic, flags, mtime, size, then marshalled code.
	pyc := append([]byte{0xcb, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 0x10, 0x20, 0x30, 0x40, 0x55, 0, 0, 0, 0xe3}, make([]byte, 40)...)
	// A shared library is a program too: an ELF header of type ET_DYN.
	so := append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 56)...)
	so[16] = 3 // ET_DYN
	// Latin-1 text: readable, but not the UTF-8 lore scans.
	latin1 := []byte("Caf\xe9 cr\xe8me: \xe9tape une, \xe9tape deux.\n")

	return map[string]struct {
		body []byte
		sev  core.Severity
	}{
		"assets/logo.png":         {pngBuf.Bytes(), ""},
		"assets/icon.png":         {prog, core.Critical},
		"assets/data.bin":         {blob, core.Warning},
		"assets/fonts/Inter.ttf":  {ttf.Bytes(), ""},
		"assets/fonts/Inter.woff": {woff2.Bytes(), ""}, // named WOFF, is WOFF2: a font either way
		"assets/guide.pdf":        {pdf, ""},
		"scripts/helper.pyc":      {pyc, core.Critical},
		"lib/libhelper.so":        {so, core.Critical},
		"notes-latin1.txt":        {latin1, core.Warning},
	}
}

// A binary file in a skill is judged by its first bytes: a program (a
// test binary named icon.png, a shared library) and compiled bytecode are
// critical, random data and text lore cannot read warnings, a real image,
// font or PDF nothing — and a critical one keeps the skill out of an
// unattended import.
func TestImportJudgesBinariesByContent(t *testing.T) {
	root := t.TempDir()
	assets := binaryAssets(t)
	write(t, root, map[string]string{"s/SKILL.md": "---\nname: s\ndescription: Make a report with the brand's assets.\n---\nUse the logo and fonts in assets/.\n"})
	for p, a := range assets {
		full := filepath.Join(root, "s", filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, a.body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plan, err := Import(root, ImportOptions{Now: now, Gated: true})
	if err != nil || len(plan.Skills) != 1 {
		t.Fatalf("%v %+v", err, plan)
	}
	got := map[string]core.Finding{}
	for _, f := range plan.Findings {
		rel, _ := filepath.Rel(filepath.Join(root, "s"), f.File)
		got[filepath.ToSlash(rel)] = f
	}
	for p, a := range assets {
		f, found := got[p]
		switch {
		case a.sev == "" && found:
			t.Errorf("%s: an expected asset reported: %s %s %q", p, f.Severity, f.Category, f.Description)
		case a.sev != "" && !found:
			t.Errorf("%s: no finding, want %s", p, a.sev)
		case a.sev != "" && f.Severity != a.sev:
			t.Errorf("%s: %s %q, want %s", p, f.Severity, f.Description, a.sev)
		}
	}
	if f := got["assets/icon.png"]; !strings.Contains(f.Description, "named as a .png file") || f.Category != core.EmbeddedCode {
		t.Errorf("the program named as an image: %s %q", f.Category, f.Description)
	}
	// The files are kept byte for byte, for a person to judge.
	s := plan.Skills[0]
	if len(s.Files) != len(assets) || s.Status != skills.Draft {
		t.Errorf("%d files kept, status %s", len(s.Files), s.Status)
	}
	// Unattended, the critical findings keep the skill out.
	if plan, err := Import(root, ImportOptions{Now: now}); err != nil || len(plan.Skills) != 0 || len(plan.Skipped) != 1 {
		t.Errorf("unattended import of a skill holding a program: %v, %d imported, skipped %v", err, len(plan.Skills), plan.Skipped)
	}
}

// lore learn and lore scan judge a skill folder's binaries as import does:
// the acquirer reports programs and bytecode as critical and binary data
// as a warning inside a folder holding a SKILL.md, and passes binary data
// over elsewhere.
func TestAcquireJudgesSkillBinariesAsImportDoes(t *testing.T) {
	root := t.TempDir()
	assets := binaryAssets(t)
	write(t, root, map[string]string{
		"skill/SKILL.md": "---\nname: skill\ndescription: Make a report.\n---\nUse assets/.\n",
		"docs/guide.md":  "# Guide\n\nA guide.\n",
	})
	for p, a := range assets {
		for _, dir := range []string{"skill", "docs"} {
			full := filepath.Join(root, dir, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, a.body, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	res, err := acquire.Source(context.Background(), root, acquire.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]core.Severity{}
	for _, f := range res.Findings {
		rel, _ := filepath.Rel(root, f.File)
		got[filepath.ToSlash(rel)] = f.Severity
	}
	for p, a := range assets {
		if p == "notes-latin1.txt" {
			continue // not text, not binary: a problem of the acquisition, reported in Errors
		}
		if got["skill/"+p] != a.sev {
			t.Errorf("skill/%s: %q, want %q (as import judges it)", p, got["skill/"+p], a.sev)
		}
	}
	// Outside a skill, binary data is passed over and bytecode a warning.
	if sev, ok := got["docs/assets/data.bin"]; ok {
		t.Errorf("docs/assets/data.bin: %s, want none outside a skill", sev)
	}
	if got["docs/scripts/helper.pyc"] != core.Warning {
		t.Errorf("docs/scripts/helper.pyc: %q, want a warning outside a skill", got["docs/scripts/helper.pyc"])
	}
	if got["docs/assets/icon.png"] != core.Critical {
		t.Errorf("docs/assets/icon.png: %q, want critical anywhere", got["docs/assets/icon.png"])
	}
}
