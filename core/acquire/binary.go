package acquire

import (
	"path"
	"strings"

	"github.com/lore-kb/lore/core"
)

// A skill folder's files are what an agent reads and runs: its SKILL.md
// tells the agent to run scripts/x, and nothing stops it from running a
// file of any name. So a file of a skill that is not text a person can
// review is a finding unless it is a resource skills ordinarily carry,
// and the kind is told by the file's first bytes, never by its name (a
// logo.png that is an ELF program is a program):
//
//   - a program (ELF, PE/MZ, Mach-O, WebAssembly, a Java class: shared
//     libraries are the same formats) and compiled bytecode (.pyc, which
//     `python x.pyc` runs as surely as a script) are critical: nobody can
//     review them and an agent may run them;
//   - an archive lore does not open, binary data of no kind lore
//     recognizes and text in an encoding lore does not read are warnings:
//     nothing in them was reviewed;
//   - an image (PNG, JPEG, GIF, WebP, ICO, BMP, TIFF; SVG is text and
//     scanned as such), a font (TrueType, OpenType, WOFF, WOFF2), a PDF,
//     audio or video is no finding, unless its name claims a text format
//     (a content-type mismatch, as anywhere in lore).
//
// The signatures are acquire's own (kind.go), which every source's files
// are judged by: the standard library's http.DetectContentType knows the
// media types but no program format (an ELF is application/octet-stream
// to it), and one table for both keeps import and learning in agreement.

const (
	recSkillBytecode = "Compiled code cannot be reviewed as it was written, and an agent may run it like a script. Ship the source instead, or remove it."
	recSkillBinary   = "A binary file of a kind lore does not recognize travels with this skill; nothing in it was reviewed. Remove it unless you know what it is and why the skill needs it."
	recSkillEncoding = "This text is not UTF-8, so lore did not scan it. Convert it to UTF-8 and import the skill again."
)

// SkillBinary judges a file of a skill folder named name (its path in the
// folder) whose bytes raw are not UTF-8 text without NUL bytes. It returns
// the finding the file is — Category, Severity, Description, Evidence and
// Recommendation set; File and Location are the caller's — and false for a
// resource a skill ordinarily carries, which is no finding.
func SkillBinary(name string, raw []byte) (core.Finding, bool) {
	ext := strings.ToLower(path.Ext(name))
	named := ""
	if _, known := formats[ext]; known && !isBinaryFormat(ext) {
		named = " named as a " + ext + " file"
	}
	k := sniff(raw)
	f := core.Finding{Offset: -1, Evidence: visibleBytes(raw)}
	set := func(cat core.Category, sev core.Severity, desc, rec string) (core.Finding, bool) {
		f.Category, f.Severity, f.Description, f.Recommendation = cat, sev, desc, rec
		return f, true
	}
	switch {
	case eicarFile(raw):
		return set(core.EmbeddedCode, core.Critical, "the EICAR anti-virus test file"+named, recEICAR)
	case k.class == executableClass:
		return set(core.EmbeddedCode, core.Critical, k.name+disguise(ext, named)+": a program, not a document", recExecutable)
	case k.class == bytecodeClass:
		return set(core.EmbeddedCode, core.Critical, k.name+disguise(ext, named)+": code that cannot be read as written, in a skill an agent may run", recSkillBytecode)
	case k.class != notBinary && named != "":
		return set(core.ContentTypeMismatch, core.Warning, k.name+" in a "+ext+" file", recBinary)
	case k.class == archiveClass:
		return set(core.EmbeddedCode, core.Warning, k.name+" that lore does not open: what it holds was not scanned", recNested)
	case k.class == mediaClass:
		return core.Finding{}, false
	case !looksBinary(raw) && !hasNUL(raw[:min(len(raw), sniffHead)]):
		return set(core.ContentTypeMismatch, core.Warning, "text that is not UTF-8"+named+": not scanned", recSkillEncoding)
	}
	return binaryData(named, raw), true
}

// binaryData is the finding for binary data of no kind lore recognizes in
// a skill.
func binaryData(named string, raw []byte) core.Finding {
	return core.Finding{Category: core.EmbeddedCode, Severity: core.Warning, Offset: -1, Evidence: visibleBytes(raw),
		Description: "binary data of no kind lore recognizes" + named + ": nothing in it was reviewed", Recommendation: recSkillBinary}
}

// disguise is what a program's name claims it is, when it claims
// anything: " named as a .md file", " named as a .png file".
func disguise(ext, named string) string {
	if named != "" || ext == "" {
		return named
	}
	switch ext {
	case ".exe", ".dll", ".so", ".dylib", ".bin", ".wasm", ".class", ".pyc", ".pyo", ".jar", ".o", ".a", ".elf", ".out":
		return ""
	}
	return " named as a " + ext + " file"
}

// passedBinary is a file of a source that take passed over as binary data
// or reported as bytecode, kept until the source's skill folders are known
// (see judgeSkillBinaries).
type passedBinary struct {
	display, file, loc string
	// head is the file's first bytes, for the evidence.
	head []byte
	// finding and skipped are the indexes in Result.Findings and
	// Result.Skipped of what take reported of it (bytecode), -1 for
	// binary data it passed over.
	finding, skipped int
}

// keepPassed records a binary take judged outside any knowledge of skill
// folders; of its bytes only those the evidence shows are kept, so that a
// source of many binaries holds no more than a few bytes of each.
func (a *acquirer) keepPassed(it item, reported bool) {
	p := passedBinary{display: it.display, file: it.file, loc: it.loc,
		head: append([]byte(nil), it.raw[:min(len(it.raw), 33)]...), finding: -1, skipped: -1}
	if reported {
		p.finding, p.skipped = len(a.res.Findings)-1, len(a.res.Skipped)-1
	}
	a.res.passed = append(a.res.passed, p)
}

// judgeSkillBinaries judges again, by SkillBinary, the binaries passed over
// in a skill folder of res (a folder holding a SKILL.md, wherever the
// source put it; the source's top when it holds one, as the sanitizer
// finds skill folders): binary data lore passes over in a document source is a
// warning there, and compiled bytecode, a warning elsewhere, is critical,
// as lore skills import judges them.
func judgeSkillBinaries(res *Result) {
	if len(res.passed) == 0 {
		return
	}
	var roots []string
	for _, d := range res.Documents {
		dir, base := path.Split(strings.ReplaceAll(d.Name, `\`, "/"))
		if strings.EqualFold(base, "SKILL.md") {
			roots = append(roots, dir)
		}
	}
	inSkill := func(name string) bool {
		name = strings.ReplaceAll(name, `\`, "/")
		for _, r := range roots {
			if strings.HasPrefix(name, r) {
				return true
			}
		}
		return false
	}
	for _, p := range res.passed {
		if !inSkill(p.display) {
			continue
		}
		if p.finding >= 0 {
			// Reported already as bytecode, a warning: in a skill, which
			// an agent may run, it is critical.
			if f, ok := SkillBinary(p.display, p.head); ok && f.Severity == core.Critical {
				old := &res.Findings[p.finding]
				old.Severity, old.Description, old.Recommendation = f.Severity, f.Description, f.Recommendation
				res.Skipped[p.skipped].Reason = f.Description
			}
			continue
		}
		named := ""
		if ext := strings.ToLower(path.Ext(p.display)); ext != "" {
			if _, known := formats[ext]; known && !isBinaryFormat(ext) {
				named = " named as a " + ext + " file"
			}
		}
		f := binaryData(named, p.head)
		f.File, f.Location = p.file, p.loc
		res.Findings = append(res.Findings, f)
	}
	res.passed = nil
}
