package acquire

import (
	"context"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	gen "github.com/lore-kb/lore/internal/hostile"
)

// TestSniffKinds: every format is told by its first bytes, and text that
// happens to start like a printable signature stays text.
func TestSniffKinds(t *testing.T) {
	cases := []struct {
		name  string
		head  []byte
		kind  string
		class binClass
	}{
		{"elf", gen.ELF(), "ELF executable", executableClass},
		{"pe", gen.PE(), "Windows executable (PE)", executableClass},
		{"mz", []byte("MZ\x90\x00\x03\x00\x00\x00"), "DOS/Windows executable (MZ)", executableClass},
		{"macho", gen.MachO(), "Mach-O executable", executableClass},
		{"fat", gen.FatMachO(), "Mach-O universal binary", executableClass},
		{"class", gen.JavaClass(), "Java class file", executableClass},
		{"wasm", gen.Wasm(), "WebAssembly module", executableClass},
		{"pyc", gen.Pyc(), "compiled Python bytecode", bytecodeClass},
		{"gzip", gen.Gzip(), "gzip stream", archiveClass},
		{"tar", gen.Tar(), "tar archive", archiveClass},
		{"zip", gen.Archives()["inner.zip"], "zip archive", archiveClass},
		{"7z", gen.Archives()["data.7z"], "7z archive", archiveClass},
		{"rar", gen.Archives()["data.rar"], "RAR archive", archiveClass},
		{"xz", gen.Archives()["data.xz"], "xz stream", archiveClass},
		{"bzip2", gen.Archives()["data.bz2"], "bzip2 stream", archiveClass},
		{"zstd", gen.Archives()["data.zst"], "zstd stream", archiveClass},
		{"png", gen.Media()["logo.png"], "PNG image", mediaClass},
		{"jpeg", gen.Media()["photo.jpg"], "JPEG image", mediaClass},
		{"gif", gen.Media()["anim.gif"], "GIF image", mediaClass},
		{"webp", gen.Media()["pic.webp"], "WebP image", mediaClass},
		{"ttf", gen.Media()["font.ttf"], "TrueType font", mediaClass},
		{"otf", gen.Media()["font.otf"], "OpenType font", mediaClass},
		{"woff2", gen.Media()["font.woff2"], "WOFF2 font", mediaClass},
		{"pdf", gen.Media()["sample.pdf"], "PDF document", mediaClass},
		// Text that starts like a printable signature.
		{"MZ prose", []byte("MZ is the monogram of Mark Zbikowski, who designed the format.\n"), "", notBinary},
		{"OTTO prose", []byte("OTTO the bear went to town.\n"), "", notBinary},
		{"PDF prose", []byte("%PDF-1.7 is the version this guide describes.\n"), "", notBinary},
		{"GIF prose", []byte("GIF89a added animation.\n"), "", notBinary},
		{"BZh prose", []byte("BZh9 is the header of a bzip2 stream.\n"), "", notBinary},
		{"ustar prose", []byte(strings.Repeat("x", 257) + "ustar is the tar magic\n"), "", notBinary},
		{"ID3 prose", []byte("ID3 tags name the song.\n"), "", notBinary},
		{"utf8", []byte("héllo wörld\n"), "", notBinary},
	}
	for _, c := range cases {
		k := sniff(c.head)
		if k.name != c.kind || k.class != c.class {
			t.Errorf("%s: sniffed %q (class %d), want %q (class %d)", c.name, k.name, k.class, c.kind, c.class)
		}
	}
}

func TestEICARPlacement(t *testing.T) {
	e := gen.EICAR()
	if !eicarFile(e) || !eicarFile(append(append([]byte{}, e...), "\r\n"...)) {
		t.Error("the standard test file is not recognized")
	}
	if eicarFile(append([]byte("# x\n"), e...)) || eicarFile(append(append([]byte{}, e...), "\nmore text"...)) {
		t.Error("a quotation counts as the test file")
	}
	if eicarAt(append([]byte("echo '"), e...)) != 6 {
		t.Error("the quoted signature is not found")
	}
}

type judgedFile struct {
	findings map[string]string // location suffix → "category/severity"
	docs     map[string]bool   // name → ScanOnly
	ignored  []string
}

func judge(t *testing.T, res *Result) judgedFile {
	t.Helper()
	j := judgedFile{findings: map[string]string{}, docs: map[string]bool{}, ignored: res.Ignored}
	for _, f := range res.Findings {
		loc := f.Location
		if i := strings.LastIndexAny(loc, "/!"); i >= 0 {
			loc = loc[i+1:]
		}
		j.findings[loc] = string(f.Category) + "/" + string(f.Severity)
	}
	for _, d := range res.Documents {
		j.docs[d.Name] = d.ScanOnly
	}
	sort.Strings(j.ignored)
	return j
}

// TestEveryTextFileIsScannedAndBinariesReportedByKind: in a folder and
// inside an archive, text files of any name are read (ScanOnly when lore
// has no reader for them), programs and the EICAR file are critical,
// nested archives and bytecode warnings, a binary under a text name a
// mismatch, and images and fonts pass without a finding.
func TestEveryTextFileIsScannedAndBinariesReportedByKind(t *testing.T) {
	files := map[string][]byte{
		"SKILL.md":       []byte("# Skill\n\nUse the tool.\n"),
		"main.go":        []byte("package main\n\nfunc main() {}\n"),
		"lib.rs":         []byte("fn main() {}\n"),
		"run":            []byte("#!/bin/sh\necho hi\n"),
		"schema.xsd":     []byte("<?xml version=\"1.0\"?>\n<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"/>\n"),
		"utf16.cfg":      append([]byte("\xff\xfe"), []byte("k\x00=\x00v\x00\n\x00")...),
		"tool":           gen.ELF(),
		"setup.exe":      gen.PE(),
		"notes.md":       gen.ELF(),
		"macho":          gen.MachO(),
		"fat":            gen.FatMachO(),
		"Main.class":     gen.JavaClass(),
		"mod.wasm":       gen.Wasm(),
		"mod.pyc":        gen.Pyc(),
		"eicar.com":      gen.EICAR(),
		"av.md":          append([]byte("# Anti-virus tests\n\nThe test string is `"), append(gen.EICAR(), "`.\n"...)...),
		"image.md":       gen.Media()["logo.png"],
		"data.gz":        gen.Gzip(),
		"lib.jar":        gen.Archives()["lib.jar"],
		"data.7z":        gen.Archives()["data.7z"],
		"blob.bin":       append([]byte{1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0}, make([]byte, 100)...),
		"latin1.txt.bak": []byte("The caf\xe9 serves cr\xe8me br\xfbl\xe9e; a na\xefve r\xe9sum\xe9 of the plan, written in Latin-1 by an old editor.\n"),
	}
	for name, b := range gen.Media() {
		if name != "sample.pdf" { // a .pdf is its reader's to judge
			files[name] = b
		}
	}
	want := judgedFile{
		findings: map[string]string{
			"tool": "embedded-code/critical", "setup.exe": "embedded-code/critical", "notes.md": "embedded-code/critical",
			"macho": "embedded-code/critical", "fat": "embedded-code/critical", "Main.class": "embedded-code/critical",
			"mod.wasm": "embedded-code/critical", "eicar.com": "embedded-code/critical",
			"mod.pyc": "embedded-code/warning", "data.gz": "embedded-code/warning", "lib.jar": "embedded-code/warning",
			"data.7z": "embedded-code/warning", "av.md:3:21": "embedded-code/warning",
			"image.md": "content-type-mismatch/warning",
		},
		docs: map[string]bool{"SKILL.md": false, "av.md": false, "main.go": true, "lib.rs": true, "run": true,
			"schema.xsd": true, "utf16.cfg": true},
		ignored: []string{"blob.bin"},
	}
	for _, n := range gen.Names(gen.Media()) {
		if n != "sample.pdf" {
			want.ignored = append(want.ignored, n)
		}
	}
	sort.Strings(want.ignored)

	check := func(t *testing.T, got judgedFile, res *Result, prefix string) {
		t.Helper()
		for loc, w := range want.findings {
			if got.findings[loc] != w {
				t.Errorf("%s: finding %q, want %q", loc, got.findings[loc], w)
			}
		}
		for loc, g := range got.findings {
			if _, ok := want.findings[loc]; !ok {
				t.Errorf("unexpected finding %s: %s", loc, g)
			}
		}
		for name, scanOnly := range want.docs {
			if so, ok := got.docs[prefix+name]; !ok || so != scanOnly {
				t.Errorf("document %s: read %v, scanOnly %v; want scanOnly %v", name, ok, so, scanOnly)
			}
		}
		if len(got.docs) != len(want.docs) {
			t.Errorf("documents %v, want %v", got.docs, want.docs)
		}
		var ign []string
		for _, n := range got.ignored {
			ign = append(ign, strings.TrimPrefix(n, prefix))
		}
		if strings.Join(ign, ",") != strings.Join(want.ignored, ",") {
			t.Errorf("ignored %v, want %v", ign, want.ignored)
		}
		// Latin-1 text is neither scanned nor silent.
		found := false
		for _, e := range res.Errors {
			if strings.HasSuffix(e.File, "latin1.txt.bak") && strings.Contains(e.Reason, "neither UTF-8 nor UTF-16 text") {
				found = true
			}
		}
		if !found {
			t.Errorf("latin1.txt.bak not reported: %+v", res.Errors)
		}
		for _, d := range res.Documents {
			if d.Name == prefix+"utf16.cfg" && d.Text != "k=v\n" {
				t.Errorf("UTF-16 text read as %q", d.Text)
			}
		}
	}

	t.Run("folder", func(t *testing.T) {
		dir := t.TempDir()
		for name, b := range files {
			write(t, dir, name, b)
		}
		res, err := Local(context.Background(), dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, judge(t, res), res, "")
	})
	t.Run("zip", func(t *testing.T) {
		dir := t.TempDir()
		p := write(t, dir, "skill.zip", gen.Zip(files))
		res, err := Local(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, judge(t, res), res, "")
		for _, f := range res.Findings {
			if f.File != p {
				t.Errorf("finding about an entry names %q, want the archive %q", f.File, p)
			}
		}
	})
}

// TestNestedArchivesAreFindings: an archive inside an archive is reported
// by its kind and never opened.
func TestNestedArchivesAreFindings(t *testing.T) {
	dir := t.TempDir()
	inner := gen.Archives()
	inner["ok.md"] = []byte("# OK\n")
	p := write(t, dir, "outer.zip", gen.Zip(inner))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := judge(t, res)
	for name := range gen.Archives() {
		if got.findings[name] != "embedded-code/warning" {
			t.Errorf("%s: finding %q, want a nested-archive warning", name, got.findings[name])
		}
	}
	if len(res.Documents) != 1 || res.Documents[0].Name != "ok.md" {
		t.Errorf("documents %+v", res.Documents)
	}
}

// TestSingleFilesOfAnyTypeAreScanned: a file lore has no reader for is
// read when it is text, and learning it says why nothing is learned.
func TestSingleFilesOfAnyTypeAreScanned(t *testing.T) {
	dir := t.TempDir()
	for name, src := range gen.TrojanSource() {
		p := write(t, dir, name, src)
		res, err := Local(context.Background(), p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(res.Documents) != 1 {
			t.Fatalf("%s: %d documents", name, len(res.Documents))
		}
		wantScanOnly := FormatOf(name) == core.FormatText && !strings.HasSuffix(name, ".js") && !strings.HasSuffix(name, ".py")
		if res.Documents[0].ScanOnly != wantScanOnly {
			t.Errorf("%s: ScanOnly %v", name, res.Documents[0].ScanOnly)
		}
	}
	cases := []struct{ name, want string }{
		{"slides.pptx", "unsupported file type .pptx (an office document, which lore does not read; this file holds text, which lore scanned, but it learns nothing from it)"},
		{"README", "file has no extension (lore scans it as text"},
	}
	for _, c := range cases {
		p := write(t, dir, c.name, []byte("x"))
		res, err := Local(context.Background(), p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = NothingToLearn(p, res)
		var ie *core.InputError
		if !errors.As(err, &ie) || !ie.Usage || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: NothingToLearn = %v, want a usage error with %q", c.name, err, c.want)
		}
	}
	// A program alone is a finding, not an error; learning it fails.
	p := write(t, dir, "tool", gen.ELF())
	res, err := Local(context.Background(), p, Options{})
	if err != nil || len(res.Findings) != 1 || res.Findings[0].Severity != core.Critical {
		t.Fatalf("ELF: %v %+v", err, res)
	}
	if err := NothingToLearn(p, res); err == nil || !strings.Contains(err.Error(), "ELF executable") {
		t.Errorf("ELF: NothingToLearn = %v", err)
	}
	// Text with NUL bytes under a text name is a mismatch, not read.
	p = write(t, dir, "bin.txt", []byte("text\x00\x00\x00binary"))
	res, err = Local(context.Background(), p, Options{})
	if err != nil || len(res.Findings) != 1 || res.Findings[0].Category != core.ContentTypeMismatch ||
		res.Findings[0].Description != "binary content in a .txt file (NUL byte at offset 4)" {
		t.Fatalf("binary .txt: %v %+v", err, res)
	}
	if err := NothingToLearn(p, res); err == nil || !strings.Contains(err.Error(), "binary content in a .txt file") {
		t.Errorf("binary .txt: NothingToLearn = %v", err)
	}
	// An image alone is nothing lore reads.
	p = write(t, dir, "logo.png", gen.Media()["logo.png"])
	if _, err := Local(context.Background(), p, Options{}); err == nil || !strings.Contains(err.Error(), "PNG image, not a text document") {
		t.Errorf("PNG: %v", err)
	}
}
