package sanitize

import (
	"path"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/sanitize/codescan"
)

// Skill folders hold more than instructions: scripts/ runs, assets/ and
// templates/ hold HTML and JavaScript the skill copies into what it
// builds, references/ and examples/ show code. Active content there is
// what the folder is for, so a <script> tag or a remote script source is
// not critical by itself; what the code does is judged by the code
// analyser. Injection phrasing keeps its severity everywhere: an agent
// reads these files too.

// resourceDirs are the folder names of a skill's bundled resources.
var resourceDirs = set("scripts", "assets", "templates", "template", "references", "reference", "examples", "example")

// ScanSkillFile checks one file of a skill folder other than its SKILL.md,
// as ScanText does, but as a resource wherever it sits in the folder (an
// eval-viewer/ page is as much the skill's own HTML as assets/ is): a
// script tag is a note and other critical embedded code or remote
// resources are warnings. Prompt injection keeps its severity.
func ScanSkillFile(file, txt string, f core.Format, tier core.Familiarity) []core.Finding {
	return ScanSkillFileIn(nil, file, txt, f, tier)
}

// ScanSkillFileIn is ScanSkillFile for a file of the skill d declares
// (DeclaredBy its SKILL.md), whose code is judged against what the skill
// says it is for.
func ScanSkillFileIn(d *codescan.Declared, file, txt string, f core.Format, tier core.Familiarity) []core.Finding {
	sc := newScanner(file, txt, f, tier != core.Home, 0)
	sc.decl = d
	if sc.resource == "" && !strings.EqualFold(path.Base(strings.ReplaceAll(file, `\`, "/")), "SKILL.md") {
		sc.resource = "resource"
	}
	if sc.resource != "" {
		sc.declareByName()
	}
	sc.run()
	fs := append(sc.findings(), sc.codeFindings(d, file, txt)...)
	SortFindings(fs)
	return fs
}

// DeclaredBy reads what a SKILL.md says of its skill (name and
// description from its front matter); nil when it has no front matter.
func DeclaredBy(skillMD string) *codescan.Declared {
	return declaredOf(parseFrontMatter(skillMD))
}

// declaredOf is what parsed front matter declares; nil for none.
func declaredOf(fm *frontMatter) *codescan.Declared {
	if fm == nil {
		return nil
	}
	return &codescan.Declared{Name: fm.name, Description: strings.TrimSpace(fm.description + " " + fm.compatibility)}
}

// isSkillMD reports whether a document's name is a SKILL.md.
func isSkillMD(name string) bool {
	return strings.EqualFold(path.Base(strings.ReplaceAll(name, `\`, "/")), "SKILL.md")
}

// skillRoots returns the folders of a source that hold a SKILL.md (by the
// documents' names, "/"-separated), so that a scan of a tree of skills
// judges their other files as resources, as import does.
func skillRoots(docs []core.Document) []string {
	var roots []string
	for i := range docs {
		name := docs[i].Name
		if name == "" {
			name = docs[i].Path
		}
		name = strings.ReplaceAll(name, `\`, "/")
		if j := strings.LastIndexByte(name, '/'); strings.EqualFold(name[j+1:], "SKILL.md") {
			roots = append(roots, name[:j+1])
		}
	}
	return roots
}

// inSkill reports whether a document other than a SKILL.md lies under one
// of the skill folders.
func inSkill(name string, roots []string) bool {
	_, ok := rootOf(name, roots)
	return ok && !isSkillMD(name)
}

// rootOf returns the deepest skill folder holding the document name ("" is
// the source's top), and whether any does.
func rootOf(name string, roots []string) (string, bool) {
	name = strings.ReplaceAll(name, `\`, "/")
	best, ok := "", false
	for _, r := range roots {
		if strings.HasPrefix(name, r) && (!ok || len(r) > len(best)) {
			best, ok = r, true
		}
	}
	return best, ok
}

// declaredRoots reads what each skill folder's SKILL.md declares, by root.
func declaredRoots(docs []core.Document, roots []string) map[string]*codescan.Declared {
	if len(roots) == 0 {
		return nil
	}
	out := make(map[string]*codescan.Declared, len(roots))
	for i := range docs {
		if name, txt := ScannedText(docs[i]); isSkillMD(name) {
			r, _ := rootOf(name, roots)
			out[r] = DeclaredBy(txt)
		}
	}
	return out
}

// skillResource returns the resource folder name ("assets") when a
// document's name (as scanned: a path relative to its source, or the
// path import reads) has one among its folders, else "". A SKILL.md is
// never a resource: it is the skill's instructions wherever it sits.
func skillResource(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	i := strings.LastIndexByte(name, '/')
	if i < 0 || strings.EqualFold(name[i+1:], "SKILL.md") {
		return ""
	}
	dir := name[:i]
	for dir != "" {
		j := strings.LastIndexByte(dir, '/')
		el := dir[j+1:]
		if resourceDirs[strings.ToLower(el)] {
			return strings.ToLower(el)
		}
		if j < 0 {
			break
		}
		dir = dir[:j]
	}
	return ""
}

// resourceSeverity lowers active content in a skill resource: script
// tags and inline event handlers become notes (templates have them), other
// critical embedded code and remote resources warnings (a remote script
// can still change after review), and remote stylesheets, fonts and images
// notes. Other categories keep their severity.
func (sc *scanner) resourceSeverity(cat core.Category, sev core.Severity, desc string) (core.Severity, string) {
	if sev == core.Info || (cat != core.EmbeddedCode && cat != core.ExternalResources) {
		return sev, desc
	}
	where := " (in the skill's " + sc.resource + "/ folder, where templates and scripts are expected)"
	if sc.resource == "resource" {
		where = " (in a skill's resource file, where templates and scripts are expected)"
	}
	switch {
	case cat == core.EmbeddedCode && (strings.HasPrefix(desc, "script tag ") || strings.HasPrefix(desc, "inline event handler")):
		return core.Info, desc + where
	case sev == core.Critical:
		return core.Warning, desc + where
	case cat == core.ExternalResources:
		return core.Info, desc + where
	}
	return sev, desc
}

// declareByName sets what a resource's file name says it is: code (a
// shebang is then no disguise) or markup (its own HTML or XML is no
// disguise either), for the content-type check.
func (sc *scanner) declareByName() {
	if proseFile(sc.file) {
		return
	}
	switch strings.ToLower(path.Ext(strings.ReplaceAll(sc.file, `\`, "/"))) {
	case ".html", ".htm", ".xhtml", ".xml", ".xsd", ".xsl", ".svg":
		sc.markup = true
	default:
		sc.script = true
	}
}

// sourceExts are the extensions of program source files: languages lore
// does not learn from, whose strings and comments may quote anything.
var sourceExts = set(".go", ".rs", ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".java", ".kt", ".kts", ".scala",
	".swift", ".m", ".mm", ".rb", ".php", ".cs", ".fs", ".vb", ".py", ".pyw", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts",
	".cts", ".tsx", ".sh", ".bash", ".zsh", ".ps1", ".psm1", ".pl", ".pm", ".lua", ".r", ".jl", ".s", ".asm", ".sol",
	".zig", ".hs", ".ml", ".ex", ".exs", ".erl", ".clj", ".dart", ".groovy", ".sql", ".nim", ".v", ".d")

// sourceCode reports a file of program source code by its extension.
func sourceCode(name string) bool {
	return sourceExts[strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))]
}

// impliedDecl is what a SKILL.md without front matter says it is: its
// first heading and the paragraph after it, as a reader takes them. Such
// a skill declares nothing else, so its orders are judged against these
// words, not let through as if anything were declared; nil when it has
// neither.
func impliedDecl(doc string) *codescan.Declared {
	var title string
	var para []string
	fence := false
lines:
	for _, l := range strings.Split(doc, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = !fence
		case fence:
		case strings.HasPrefix(t, "#") || t == "":
			if para != nil {
				break lines // the paragraph has ended
			}
			if title == "" && t != "" {
				title = strings.TrimSpace(strings.TrimLeft(t, "#"))
			}
		default:
			para = append(para, t)
		}
	}
	if title == "" && para == nil {
		return nil
	}
	desc := strings.Join(para, " ")
	if len(desc) > 600 {
		desc = desc[:600]
	}
	return &codescan.Declared{Name: title, Description: desc}
}
