package skills

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/internal/lazyre"
)

// SkillFile is the name Render gives a skill's instructions file.
const SkillFile = "SKILL.md"

// The metadata keys under which Render keeps lore's own fields. The
// standard has no place for them, and metadata is the one mapping it lets
// a skill extend without failing skills-ref, so every value is a string.
// The prefix keeps them apart from a skill's own metadata; Parse lifts the
// keys it knows and leaves any other lore- key (one a newer lore wrote) in
// Metadata, so it survives a round trip through an older lore.
const (
	MetaNamespace      = "lore-namespace"
	MetaTaskType       = "lore-task-type"
	MetaNegative       = "lore-negative"
	MetaExtends        = "lore-extends"
	MetaImports        = "lore-imports"
	MetaExampleQueries = "lore-example-queries"
	MetaSuggestedTools = "lore-suggested-tools"
)

// Render returns the Agent Skills folder of s: SKILL.md first, then the
// resources sorted by path. The frontmatter has a fixed order (name,
// description, license, compatibility, allowed-tools, metadata) and the
// metadata keys are sorted, so the same record always renders to the same
// bytes.
//
// lore's fields go under metadata as strings:
//
//   - lore-namespace, when the namespace is not "public";
//   - lore-task-type, when the task type is a known one other than unknown;
//   - lore-negative: "true" for a negative skill;
//   - lore-extends, the parent's key;
//   - lore-imports, the imported keys joined by commas (keys cannot
//     contain blanks, so "a, b" written by hand reads the same); when a
//     key contains a comma, or starts with "[", the list is written as
//     lore-example-queries is;
//   - lore-example-queries and lore-suggested-tools as the text of a JSON
//     array of strings, because a query can contain any character, commas
//     and newlines included, and JSON is the one list form every reader
//     has and that quotes it exactly.
//
// The result passes skillspec's Strict profile (ValidateStrict, with the
// folder named s.ID()) whenever s is a valid record: Check accepts its key
// and content, and its compatibility, which Check does not bound, has at
// most 500 characters. Render then round-trips: Parse of its output returns
// s.Content exactly when the content is also in canonical form (see
// Parse).
//
// An imported skill (Original set) renders as it was imported: its SKILL.md
// byte for byte, with its mode, and its resources with theirs. Nothing of
// lore's is added to it, so its namespace (unless the file itself names
// one under lore-namespace) does not travel; import it again with
// --namespace.
func Render(s *Skill) []File {
	if s == nil {
		return nil
	}
	if o := s.Original; o != nil {
		files := make([]File, 0, 1+len(s.Files))
		files = append(files, File{Path: SkillFile, Content: o.SkillMD, Mode: o.Mode})
		res := slices.Clone(s.Files)
		slices.SortStableFunc(res, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
		return append(files, res...)
	}
	meta := make(map[string]string, len(s.Metadata)+7)
	maps.Copy(meta, s.Metadata)
	if ns := s.Namespace(); ns != scope.DefaultNamespace {
		meta[MetaNamespace] = ns
	}
	if tt := s.TaskType.Normalize(); tt != search.Unknown {
		meta[MetaTaskType] = string(tt)
	}
	if s.Negative {
		meta[MetaNegative] = "true"
	}
	if s.Extends != "" {
		meta[MetaExtends] = s.Extends
	}
	if len(s.Imports) > 0 {
		meta[MetaImports] = joinKeys(s.Imports)
	}
	if len(s.ExampleQueries) > 0 {
		meta[MetaExampleQueries] = jsonList(s.ExampleQueries)
	}
	if len(s.SuggestedTools) > 0 {
		meta[MetaSuggestedTools] = jsonList(s.SuggestedTools)
	}

	var b strings.Builder
	b.WriteString("---\n")
	b.WriteString("name: " + yamlName(s.ID()) + "\n")
	b.WriteString("description: " + yamlQuote(s.Description) + "\n")
	for _, f := range []struct{ key, val string }{
		{"license", s.License}, {"compatibility", s.Compatibility}, {"allowed-tools", s.AllowedTools},
	} {
		if f.val != "" {
			b.WriteString(f.key + ": " + yamlQuote(f.val) + "\n")
		}
	}
	if len(meta) > 0 {
		b.WriteString("metadata:\n")
		for _, k := range slices.Sorted(maps.Keys(meta)) {
			b.WriteString("  " + yamlKey(k) + ": " + yamlQuote(meta[k]) + "\n")
		}
	}
	b.WriteString("---\n")
	// One blank line sets the body off the frontmatter; Parse drops exactly
	// that line again, so a body that itself starts blank keeps its lines.
	if body := strings.TrimRight(s.Instructions, "\n"); body != "" {
		b.WriteString("\n" + body + "\n")
	}

	files := make([]File, 0, 1+len(s.Files))
	files = append(files, File{Path: SkillFile, Content: []byte(b.String())})
	res := slices.Clone(s.Files)
	slices.SortStableFunc(res, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return append(files, res...)
}

// Parse reads a skill folder back into Content: skillMD is its SKILL.md,
// resources its other files (paths relative to the folder), dirName the
// folder's name. The frontmatter is read by skillspec.Validate under p, so
// the YAML rules of the validator apply, and res is its verdict plus
// Parse's own warnings; Content is filled as far as the file allows even
// when res is not valid. namespace is the folder's lore-namespace, or
// "public" when it has none or an unusable one.
//
// Parse inverts Render: the lore- metadata keys become Content fields again
// and leave Metadata; a lore- key whose value cannot be read stays in
// Metadata as it was, with a warning, so nothing is lost. The body loses
// the blank line Render puts after the frontmatter and its trailing
// newlines.
//
// Frontmatter keys the standard does not define (argument-hint, version,
// disable-model-invocation, ...) are kept under Metadata with their own
// key, as strings (a list or mapping as its YAML text), with a warning:
// lore's export must pass the strict validator, which refuses them at the
// top level, but dropping them would lose what their author wrote. Where
// metadata already has the key, the metadata entry wins and the warning
// says the top-level one was dropped. A client that acts on such a key
// (disable-model-invocation) no longer sees it after export, which the
// warning says too.
//
// Canonical content, for which Parse(Render(s)) returns s.Content
// exactly: Name is s.ID(); TaskType is normalized (one of the search task
// types); Instructions has no trailing newline and no CRLF; Metadata has
// none of the lore- keys above, is nil when empty, and its keys fit YAML's
// 1024-character bound on a key as Render quotes them (any key of at most
// 170 characters does; past the bound the file does not parse, and Export
// refuses it); lists and Files are nil when empty and Files is sorted by
// path; every text is valid UTF-8. Content that Parse returned renders
// and parses back to itself, so export, import, export is byte-identical.
func Parse(dirName string, skillMD []byte, resources []File, p skillspec.Profile) (c Content, namespace string, res skillspec.Result) {
	res = skillspec.Validate(skillMD, dirName, p)
	fm := res.Frontmatter
	c = Content{
		Name:          res.Name,
		Description:   fm.Description,
		License:       fm.License,
		Compatibility: fm.Compatibility,
		AllowedTools:  fm.AllowedTools,
		TaskType:      search.Unknown,
	}
	body := strings.TrimPrefix(res.Body, "\n")
	c.Instructions = strings.TrimRight(body, "\n")

	meta := make(map[string]string, len(fm.Metadata)+len(fm.Extra))
	maps.Copy(meta, fm.Metadata)
	if len(fm.Extra) > 0 {
		var moved, dropped []string
		for _, k := range slices.Sorted(maps.Keys(fm.Extra)) {
			if _, ok := meta[k]; ok {
				dropped = append(dropped, k)
				continue
			}
			meta[k] = fm.Extra[k]
			moved = append(moved, k)
		}
		if len(moved) > 0 {
			warn(&res, skillspec.CatFields, fmt.Sprintf("frontmatter keys the standard does not define (%s) are kept under metadata as strings; a client that acts on them will not see them there", strings.Join(moved, ", ")))
		}
		if len(dropped) > 0 {
			warn(&res, skillspec.CatFields, fmt.Sprintf("frontmatter keys %s dropped: metadata already has entries of the same name", strings.Join(dropped, ", ")))
		}
	}

	namespace = scope.DefaultNamespace
	lift := func(key string, read func(v string) error) {
		v, ok := meta[key]
		if !ok {
			return
		}
		if err := read(v); err != nil {
			warn(&res, skillspec.CatMetadata, fmt.Sprintf("metadata %s: %v; kept as metadata", key, err))
			return
		}
		delete(meta, key)
	}
	lift(MetaNamespace, func(v string) error {
		if _, _, ok := scope.Split(scope.Key(v, "x")); !ok || v == "" {
			return fmt.Errorf("%q is not a namespace (a-z, 0-9, '-' and '_')", v)
		}
		namespace = v
		return nil
	})
	lift(MetaTaskType, func(v string) error {
		tt := search.TaskType(v)
		if tt.Normalize() != tt {
			return fmt.Errorf("%q is not a task type (browser, api, code, domain, unknown)", v)
		}
		c.TaskType = tt
		return nil
	})
	lift(MetaNegative, func(v string) error {
		switch v {
		case "true":
			c.Negative = true
		case "false":
		default:
			return fmt.Errorf("%q is not true or false", v)
		}
		return nil
	})
	lift(MetaExtends, func(v string) error {
		if _, err := scope.Parse(v); err != nil {
			return err
		}
		c.Extends = v
		return nil
	})
	lift(MetaImports, func(v string) error {
		keys, err := splitKeys(v)
		if err != nil {
			return err
		}
		for _, k := range keys {
			if _, err := scope.Parse(k); err != nil {
				return fmt.Errorf("%q: %w", k, err)
			}
		}
		c.Imports = keys
		return nil
	})
	lift(MetaExampleQueries, func(v string) (err error) {
		c.ExampleQueries, err = parseList(v)
		return err
	})
	lift(MetaSuggestedTools, func(v string) (err error) {
		c.SuggestedTools, err = parseList(v)
		return err
	})
	if len(meta) > 0 {
		c.Metadata = meta
	}
	if len(resources) > 0 {
		c.Files = slices.Clone(resources)
		slices.SortStableFunc(c.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	}
	return c, namespace, res
}

// warn adds a warning to a finished Result, keeping Warnings and Problems
// in step as Validate leaves them.
func warn(r *skillspec.Result, c skillspec.Category, msg string) {
	r.Problems = append(r.Problems, skillspec.Problem{Category: c, Message: msg, Warning: true})
	r.Warnings = append(r.Warnings, msg)
}

// joinKeys writes import keys comma-separated, the readable form, unless a
// key would make that ambiguous.
func joinKeys(keys []string) string {
	for i, k := range keys {
		if k == "" || strings.Contains(k, ",") || strings.TrimSpace(k) != k || (i == 0 && strings.HasPrefix(k, "[")) {
			return jsonList(keys)
		}
	}
	return strings.Join(keys, ",")
}

// splitKeys reads what joinKeys wrote, and a hand-written "a, b".
func splitKeys(v string) ([]string, error) {
	if strings.HasPrefix(v, "[") {
		return parseList(v)
	}
	parts := strings.Split(v, ",")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
		if parts[i] == "" {
			return nil, fmt.Errorf("%q has an empty key", v)
		}
	}
	return parts, nil
}

func jsonList(xs []string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(xs); err != nil { // cannot happen for strings
		return "[]"
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func parseList(v string) ([]string, error) {
	var xs []string
	if err := json.Unmarshal([]byte(v), &xs); err != nil {
		return nil, fmt.Errorf("not a JSON array of strings: %w", err)
	}
	if len(xs) == 0 {
		return nil, nil
	}
	return xs, nil
}

// plainName is a name YAML reads back as the same string without quotes:
// letters and digits of any script and inner hyphens, the names the
// standard allows.
var plainName = lazyre.New(`^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$`)

// yamlName writes a valid name plain, as lore's generator and every
// published skill do, and anything else quoted so the YAML stays readable.
func yamlName(s string) string {
	if plainName.MatchString(s) && !yamlWord(s) {
		return s
	}
	return yamlQuote(s)
}

var plainKey = lazyre.New(`^[A-Za-z][A-Za-z0-9_-]*$`)

// yamlKey quotes a metadata key unless it is a plain word YAML cannot read
// as anything but a string; skills-ref's rule is that keys are strings.
func yamlKey(s string) string {
	if plainKey.MatchString(s) && !yamlWord(s) {
		return s
	}
	return yamlQuote(s)
}

// yamlWord reports the plain words a YAML 1.1 reader takes for booleans or
// null.
func yamlWord(s string) bool {
	switch strings.ToLower(s) {
	case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
		return true
	}
	return false
}

// yamlQuote writes s as a YAML double-quoted scalar on one line. It escapes
// what JSON escapes and, beyond JSON, every character YAML does not allow
// unescaped (DEL, C1 controls, the byte order mark, U+FFFE/U+FFFF) and the
// characters YAML 1.1 reads as line breaks (NEL, U+2028, U+2029), so any
// valid UTF-8 string reads back exactly.
func yamlQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			switch {
			case yamlPrintable(r):
				b.WriteRune(r)
			case r <= 0xFFFF:
				fmt.Fprintf(&b, `\u%04X`, r)
			default:
				fmt.Fprintf(&b, `\U%08X`, r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

func yamlPrintable(r rune) bool {
	switch {
	case r == utf8.RuneError:
		return true // only reached for a real U+FFFD: invalid UTF-8 is outside canonical content
	case r >= 0x20 && r <= 0x7E:
		return true
	case r >= 0xA0 && r <= 0xD7FF:
		return r != 0x2028 && r != 0x2029
	case r >= 0xE000 && r <= 0xFFFD:
		return r != 0xFEFF
	case r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// CheckFilePath reports why p cannot be the path of a resource in a skill
// folder: it must be relative, slash-separated and clean (no "..", "." or
// empty elements), without backslashes, control characters or a drive
// letter, and not the skill file itself in any case. Export refuses such
// paths, so that no record can make it write outside its folder, and
// Import does not take them in.
func CheckFilePath(p string) error {
	switch {
	case p == "":
		return fmt.Errorf("empty file path")
	case !utf8.ValidString(p):
		return fmt.Errorf("file path %q is not valid UTF-8", p)
	case strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return fmt.Errorf("file path %q has a control character", p)
	case strings.Contains(p, `\`):
		return fmt.Errorf("file path %q has a backslash", p)
	case strings.HasPrefix(p, "/"):
		return fmt.Errorf("file path %q is absolute", p)
	case len(p) >= 2 && p[1] == ':':
		return fmt.Errorf("file path %q starts with a drive letter", p)
	case strings.EqualFold(p, SkillFile):
		return fmt.Errorf("file path %q is the skill file", p)
	}
	for _, el := range strings.Split(p, "/") {
		switch el {
		case "", ".", "..":
			return fmt.Errorf("file path %q has a %q element", p, el)
		}
	}
	return nil
}
