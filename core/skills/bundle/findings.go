package bundle

import (
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/internal/lazyre"
)

// An imported skill carries one set of findings (skills.Skill.Findings),
// the set the approval gate shows (library.ReviewReport), the Skills
// screen's reviewer and lore skills show/review list: what the scanner
// found, each span of secrets or personal data, and what the skill check
// says about the SKILL.md. Each quotes its place in the skill's files as
// the scanner's findings do (file:line:col, an excerpt with its context),
// so that wherever the skill is shown a person reads the same evidence.

// CheckCategory is the category of the findings that say what the skill
// check found (a frontmatter the strict profile refuses, a field read
// another way than written, a skipped skill): not hostile content, but
// what a person approving should read.
const CheckCategory core.Category = "skill-check"

// Recommendations of the span findings.
const (
	keptRec     = "Kept as written; lore skills import --redact replaces it by a marker."
	redactedRec = "Replaced by a marker in the imported file."
)

// spanFindings are the findings for the spans of secrets or personal
// data found in text, the file file of a skill, as it was scanned:
// offsets and places in text, the excerpt quoting the span unless it is a
// credential (Excerpt) or the person asked for redaction (then the
// excerpt is of the redacted text). A span the scanner already reported
// as a secret (in scanned) is not reported twice.
func spanFindings(file, text string, spans []redact.Span, redacted bool, scanned []core.Finding) []core.Finding {
	if len(spans) == 0 {
		return nil
	}
	var out []core.Finding
	applied := ""
	if redacted {
		applied = redact.Apply(text, spans)
	}
	shift := 0 // how far the redacted text has moved at the current span
	// Lines are counted once over the text, spans being in order: a
	// file of thousands of addresses is not read again for each.
	line, col, at := 1, 1, 0
	for _, sp := range spans {
		seg := text[at:sp.Offset]
		if nl := strings.Count(seg, "\n"); nl > 0 {
			line += nl
			col, seg = 1, seg[strings.LastIndexByte(seg, '\n')+1:]
		}
		col += utf8.RuneCountInString(seg)
		at = sp.Offset
		end := sp.Offset + sp.Length
		newOff := sp.Offset + shift
		shift += len(redact.Marker(sp.Kind)) - sp.Length
		if reported(scanned, file, sp.Offset, end) {
			continue
		}
		if len(out) == sanitize.MaxFindings {
			// As the scanner caps a document's findings: one more says
			// how many are not listed, Plan.Sensitive still has each.
			out = append(out, core.Finding{File: file, Category: core.Secret, Severity: core.Info,
				Description: "finding limit reached: more spans of secrets or personal data not listed (lore skills import lists each)",
				Location:    file, Offset: -1, Evidence: "in " + file})
		}
		if len(out) > sanitize.MaxFindings {
			continue
		}
		sev, desc, rec := core.Info, sp.What+", kept as written", keptRec
		if sp.Kind == redact.Key || sp.Kind == redact.Token {
			sev = core.Warning
		}
		ev := ""
		if redacted {
			desc, rec = sp.What+", redacted", redactedRec
			ev = sanitize.Excerpt(applied, newOff, newOff+len(redact.Marker(sp.Kind)))
		} else {
			ev = sanitize.Excerpt(text, sp.Offset, end)
		}
		out = append(out, core.Finding{File: file, Category: core.Secret, Severity: sev, Description: desc,
			Location: file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col), Offset: sp.Offset, Length: sp.Length, Evidence: ev, Recommendation: rec})
	}
	return out
}

// reported reports whether the scanner's findings hold a secret finding
// in file over the bytes [a, b).
func reported(scanned []core.Finding, file string, a, b int) bool {
	for _, f := range scanned {
		if f.File == file && f.Category == core.Secret && f.Offset >= 0 && f.Offset < b && a < f.Offset+max(f.Length, 1) {
			return true
		}
	}
	return false
}

// place is file:line:col of offset off in text (columns in runes).
func place(file, text string, off int) string {
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	line := strings.Count(text[:ls], "\n") + 1
	col := utf8.RuneCountInString(text[ls:off]) + 1
	return file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

// checkFindings are the findings for what the skill check says about the
// SKILL.md file (md, as read; named name in its folder) of the skill key:
// each message placed on the frontmatter line it is about (a line number,
// a field named), else on the whole frontmatter, quoted as the scanner
// quotes; its recommendation says how to fix the skill key. A
// message about the file's name is about no line: its evidence is the
// name. With located false (the text given is not the one the gate shows)
// the findings carry no offset, only their place and excerpt.
func checkFindings(file, md, name, key string, msgs []string, located bool) []core.Finding {
	rec := "Fix the SKILL.md (e on the Skills screen, or lore skills edit " + key + " --file FILE); lore skills review " + key + " says what the strict profile still refuses."
	var out []core.Finding
	for _, msg := range msgs {
		f := core.Finding{File: file, Category: CheckCategory, Severity: core.Warning, Description: msg,
			Location: file, Offset: -1, Recommendation: rec}
		if strings.HasPrefix(msg, "the skill file is named ") {
			f.Evidence = "file name: " + name
			out = append(out, f)
			continue
		}
		a, b := checkSpan(md, msg)
		f.Location, f.Evidence = place(file, md, a), sanitize.Excerpt(md, a, b)
		if located {
			f.Offset, f.Length = a, b-a
		}
		out = append(out, f)
	}
	return out
}

var (
	// frontmatter line numbers the YAML reader gives ("line 4: …").
	checkLine = lazyre.New(`\bline (\d+):`)
	// field names a message quotes ('allowed-tools'), lists (fields in
	// frontmatter: a, b.) or puts in parentheses ((version) are kept).
	checkField = []*lazyre.Regexp{
		lazyre.New(`[Ff]ield '([A-Za-z0-9_-]+)'`),
		lazyre.New(`fields in frontmatter: ([A-Za-z0-9_-]+)`),
		lazyre.New(`keys the standard does not define \(([A-Za-z0-9_-]+)`),
	}
)

// checkSpan is the bytes of md a check's message is about: the frontmatter
// line it names, else the line of the field it names, else the
// frontmatter (its opening line when it has none).
func checkSpan(md, msg string) (a, b int) {
	fmEnd := frontmatterEnd(md)
	if m := checkLine.FindStringSubmatch(msg); m != nil && fmEnd > 0 {
		if n, err := strconv.Atoi(m[1]); err == nil && n >= 1 {
			// The reader numbers the frontmatter's lines; the file's
			// first line is the opening ---.
			if a, b, ok := lineSpan(md, n+1); ok && b <= fmEnd {
				return a, b
			}
		}
	}
	for _, re := range checkField {
		m := re.FindStringSubmatch(msg)
		if m == nil || fmEnd == 0 {
			continue
		}
		for a := 0; a < fmEnd; {
			b := a + strings.IndexByte(md[a:], '\n')
			if b < a {
				b = len(md)
			}
			if k, _, ok := strings.Cut(md[a:b], ":"); ok && a > 0 && strings.TrimSpace(k) == m[1] {
				return a, b
			}
			a = b + 1
		}
	}
	if fmEnd > 0 {
		return 0, fmEnd
	}
	_, b, _ = lineSpan(md, 1)
	return 0, b
}

// frontmatterEnd is the end of the closing --- line of md's frontmatter
// (its newline excluded), 0 when md has none.
func frontmatterEnd(md string) int {
	first := true
	for a := 0; a < len(md); {
		b := a + strings.IndexByte(md[a:], '\n')
		if b < a {
			b = len(md)
		}
		fence := strings.TrimRight(md[a:b], " \t\r") == "---"
		switch {
		case first && !fence:
			return 0
		case !first && fence:
			return b
		}
		first = false
		a = b + 1
	}
	return 0
}

// lineSpan is the bytes of line n (1-based) of s, its newline excluded.
func lineSpan(s string, n int) (a, b int, ok bool) {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(s[a:], '\n')
		if j < 0 {
			return 0, 0, false
		}
		a += j + 1
	}
	if a > len(s) || (a == len(s) && n > 1) {
		return 0, 0, false
	}
	b = len(s)
	if j := strings.IndexByte(s[a:], '\n'); j >= 0 {
		b = a + j
	}
	return a, b, true
}

// Reread is what an import makes of the stored imported skill s with md
// as its SKILL.md: its files as stored and md read, scanned and checked as
// Import reads a folder (STRANGER, every check on, a critical finding
// kept for a person to acknowledge), in the folder named after the skill,
// where export writes it. It returns the record as such an import would
// plan it (its content, Original the new file, and its one set of
// findings) and the strict profile's errors on it (nil when it would
// pass lore skills validate). The error says why md cannot be
// the skill's: the lenient profile refuses it, or its name would make
// another key (a new name is a new skill).
func Reread(s *skills.Skill, md []byte, now time.Time) (*skills.Skill, []string, error) {
	if s.Original == nil {
		return nil, nil, fmt.Errorf("%s was not imported: lore writes its SKILL.md from its fields", s.Key)
	}
	ns, id, ok := scope.Split(s.Key)
	if !ok {
		return nil, nil, fmt.Errorf("%s: not a library key", s.Key)
	}
	c := candidate{dir: s.Lineage.Origin, dirName: id, folder: id, fileName: skills.SkillFile,
		md: md, mdMode: fs.FileMode(s.Original.Mode), res: slices.Clone(s.Files)}
	if c.mdMode == 0 {
		c.mdMode = skills.DefaultPerm
	}
	c.file = skills.SkillFile
	if c.dir != "" {
		c.file = c.path(skills.SkillFile)
	}
	plan := Plan{Texts: map[string]string{}}
	r, err := importOne(c, ImportOptions{Namespace: ns, Gated: true, Now: now}, &plan)
	if err != nil {
		return nil, nil, err
	}
	if r.Key != s.Key {
		return nil, nil, fmt.Errorf("the name %q would make the skill %s, not %s: a skill keeps its name; for a new name, fix the name in the skill's folder, import it (lore skills import PATH) and archive %s (lore skills review %s archive)",
			r.Name, r.Key, s.Key, s.Key, s.Key)
	}
	return r, plan.Invalid[r.Key], nil
}
