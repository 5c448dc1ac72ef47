package skillspec

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/internal/lazyre"
)

// Profile selects the rules Validate applies.
type Profile int

const (
	// Strict applies the reference validator's (skills-ref's) rules: any
	// problem it reports makes the skill invalid.
	Strict Profile = iota
	// Lenient applies the client guide's loading rules: a skill is invalid
	// only when it has no usable frontmatter, unreadable YAML or no
	// description; everything else is a warning.
	Lenient
)

func (p Profile) String() string {
	if p == Lenient {
		return "lenient"
	}
	return "strict"
}

// Category groups problems the way the ecosystem survey counted real-world
// failures, so tests and callers can match a problem without its wording.
type Category string

// The categories of Problem.
const (
	CatFrontmatter   Category = "frontmatter"   // no "---" block, not closed, byte order mark
	CatYAML          Category = "yaml"          // unparseable, flow style, duplicate keys, not a mapping
	CatFields        Category = "fields"        // top-level keys the specification does not define
	CatName          Category = "name"          // missing, empty, too long, case, hyphens, characters
	CatDirectory     Category = "directory"     // name differs from the directory after NFKC
	CatDescription   Category = "description"   // missing, empty, too long
	CatCompatibility Category = "compatibility" // not a string, too long
	CatMetadata      Category = "metadata"      // not a mapping of strings to strings
	CatPortability   Category = "portability"   // accepted here, rejected by some clients
	CatFile          Category = "file"          // unreadable or oversized SKILL.md
)

// Problem is one finding about a skill; Warning findings do not make it
// invalid.
type Problem struct {
	Category Category
	Message  string
	Warning  bool
}

// Frontmatter holds the parsed fields of a SKILL.md, every value a string
// as strictyaml reads it. Name is trimmed and NFKC-normalized.
type Frontmatter struct {
	Name          string
	Description   string
	License       string
	Compatibility string
	AllowedTools  string
	// Metadata keeps the scalar entries of the metadata mapping.
	Metadata map[string]string
	// Extra keeps the top-level keys the specification does not define
	// (argument-hint, disable-model-invocation, ...), scalars as their text
	// and collections as YAML, because clients act on some of them.
	Extra map[string]string
}

// Result is the outcome of checking one skill. Errors and Warnings are
// never nil, so they encode as JSON arrays.
type Result struct {
	// Path is the SKILL.md file checked ("" for content without a file).
	Path string
	// Name is the skill's name as normalized, or, in Lenient when the file
	// has none, its directory's name.
	Name     string
	Valid    bool
	Errors   []string
	Warnings []string
	// Problems holds Errors and Warnings in order with their categories.
	Problems    []Problem
	Frontmatter Frontmatter
	// Body is the Markdown after the frontmatter, with LF line endings.
	Body string
}

// MaxFileSize bounds the SKILL.md files ValidateFile reads; the largest in
// anthropics/skills is 74 KB, so anything near this is not a skill.
const MaxFileSize = 4 << 20

// ValidateFile reads the SKILL.md at path and checks it under p, matching
// the name against the directory that holds the file. Unreadable and
// oversized files come back as invalid results naming the file, not as
// errors, so one bad file does not hide the others of a library.
func ValidateFile(path string, p Profile) Result {
	dir := filepath.Dir(path)
	if abs, err := filepath.Abs(path); err == nil {
		dir = filepath.Dir(abs)
	}
	fail := func(msg string) Result {
		r := Result{Path: path}
		r.add(CatFile, msg, false)
		r.finish()
		return r
	}
	f, err := os.Open(path)
	if err != nil {
		return fail(fmt.Sprintf("cannot read %s: %v", path, err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return fail(fmt.Sprintf("cannot read %s: %v", path, err))
	}
	if len(data) > MaxFileSize {
		return fail(fmt.Sprintf("%s is larger than %d bytes; not read", path, MaxFileSize))
	}
	r := Validate(data, filepath.Base(dir), p)
	r.Path = path
	return r
}

// ValidateStrict checks the SKILL.md content of a skill whose directory is
// named dirName (pass "" to skip the directory check, for content that has
// no directory yet). It returns the name as normalized (trimmed, NFKC) and
// every problem found; no errors means valid. It is the Strict profile
// plus the specification's metadata rule as an error, the bar lore's own
// generated skills must clear. It never panics.
func ValidateStrict(dirName string, content []byte) (name string, errs []string) {
	r := Validate(content, dirName, Strict)
	for _, p := range r.Problems {
		if !p.Warning || p.Category == CatMetadata {
			errs = append(errs, p.Message)
		}
	}
	return r.Frontmatter.Name, errs
}

// Validate parses content, a SKILL.md, and checks it under profile p.
// dirName is the name of the skill's directory ("" skips the directory
// check). It never panics.
func Validate(content []byte, dirName string, p Profile) Result {
	r := Result{}
	lenient := p == Lenient
	front, body, hadBOM, err := SplitFrontmatter(content)
	r.Body = body
	if hadBOM {
		r.add(CatFrontmatter, "SKILL.md starts with a UTF-8 byte order mark; remove it (skills-ref rejects such files as not starting with ---)", lenient)
	}
	if err != nil {
		r.add(CatFrontmatter, err.Error(), false)
		return r.finish()
	}
	if !utf8.ValidString(front) {
		r.add(CatYAML, "Invalid YAML in frontmatter: not valid UTF-8", false)
		return r.finish()
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(front), &doc); err != nil {
		fixed, keys := quoteColonValues(front)
		var retry yaml.Node
		if len(keys) == 0 || yaml.Unmarshal([]byte(fixed), &retry) != nil {
			r.add(CatYAML, "Invalid YAML in frontmatter: "+err.Error(), false)
			return r.finish()
		}
		if !lenient {
			// skills-ref's verdict stands; the hint says what would fix it.
			r.add(CatYAML, "Invalid YAML in frontmatter: "+err.Error(), false)
			for _, k := range keys {
				r.add(CatYAML, fmt.Sprintf("Value of '%s' has an unquoted ': '; quoting it would fix the YAML", k), true)
			}
			return r.finish()
		}
		for _, k := range keys {
			r.add(CatYAML, fmt.Sprintf("Value of '%s' has an unquoted ': ' (invalid YAML); read as a quoted string, quote it", k), true)
		}
		doc = retry
	}
	if doc.Kind == 0 { // empty frontmatter
		r.add(CatYAML, "SKILL.md frontmatter must be a YAML mapping", false)
		return r.finish()
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		r.add(CatYAML, "SKILL.md frontmatter must be a YAML mapping", false)
		return r.finish()
	}
	if msg := strictYAML(root); msg != "" {
		// skills-ref stops at a parse error; a client loads the document
		// yaml.v3 read (the last of duplicate keys wins).
		r.add(CatYAML, "Invalid YAML in frontmatter: "+msg, lenient)
		if !lenient {
			return r.finish()
		}
	}

	fields := make(map[string]*yaml.Node, len(root.Content)/2)
	var extra []string
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i].Value
		if _, dup := fields[k]; !dup && !allowed(k) {
			extra = append(extra, k)
		}
		fields[k] = deref(root.Content[i+1])
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		quoted := make([]string, len(AllowedFields))
		for i, f := range AllowedFields {
			quoted[i] = "'" + f + "'"
		}
		r.add(CatFields, fmt.Sprintf("Unexpected fields in frontmatter: %s. Only [%s] are allowed.",
			strings.Join(extra, ", "), strings.Join(quoted, ", ")), lenient)
		r.Frontmatter.Extra = make(map[string]string, len(extra))
		for _, k := range extra {
			r.Frontmatter.Extra[k] = text(fields[k])
		}
	}

	r.checkName(fields["name"], dirName, lenient)
	r.checkDescription(fields["description"], lenient)
	if c, ok := fields["compatibility"]; ok {
		if v, isStr := str(c); !isStr {
			r.add(CatCompatibility, "Field 'compatibility' must be a string", lenient)
		} else {
			r.Frontmatter.Compatibility = v
			if n := utf8.RuneCountInString(v); n > MaxCompatibilityLength {
				r.add(CatCompatibility, fmt.Sprintf("Compatibility exceeds %d character limit (%d chars)", MaxCompatibilityLength, n), lenient)
			}
		}
	}
	// skills-ref checks neither; a client needs strings to use them.
	for _, f := range []struct {
		key string
		dst *string
	}{{"license", &r.Frontmatter.License}, {"allowed-tools", &r.Frontmatter.AllowedTools}} {
		if n, ok := fields[f.key]; ok {
			if v, isStr := str(n); isStr {
				*f.dst = v
			} else if v, ok := scalarList(n); ok && f.key == "allowed-tools" {
				// The common mistake "allowed-tools: [Bash, Read]": the
				// specification's form is the same names space-separated.
				*f.dst = v
				r.add(CatFields, fmt.Sprintf("Field 'allowed-tools' should be a space-separated string; read the list as %q", v), true)
			} else {
				r.add(CatFields, fmt.Sprintf("Field '%s' should be a string; ignored", f.key), true)
			}
		}
	}
	if m, ok := fields["metadata"]; ok {
		r.checkMetadata(m)
	}
	return r.finish()
}

func (r *Result) add(c Category, msg string, warning bool) {
	r.Problems = append(r.Problems, Problem{Category: c, Message: msg, Warning: warning})
}

// finish derives Valid, Errors and Warnings from Problems.
func (r *Result) finish() Result {
	r.Errors, r.Warnings = []string{}, []string{}
	for _, p := range r.Problems {
		if p.Warning {
			r.Warnings = append(r.Warnings, p.Message)
		} else {
			r.Errors = append(r.Errors, p.Message)
		}
	}
	r.Valid = len(r.Errors) == 0
	return *r
}

// deref resolves an alias, which only Lenient lets through.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 8; i++ {
		n = n.Alias
	}
	return n
}

// text renders a value for Frontmatter.Extra.
func text(n *yaml.Node) string {
	if v, ok := str(n); ok {
		return v
	}
	if n == nil {
		return ""
	}
	out, err := yaml.Marshal(n)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func (r *Result) checkName(n *yaml.Node, dirName string, lenient bool) {
	dir := norm.NFKC.String(dirName)
	raw, ok := str(n)
	if n == nil || !ok || strings.TrimSpace(raw) == "" {
		msg := "Field 'name' must be a non-empty string"
		if n == nil {
			msg = "Missing required field in frontmatter: name"
		}
		if lenient && dir != "" && dir != "." && dir != string(filepath.Separator) {
			// A client still has the directory to call the skill by.
			r.add(CatName, msg+"; using the directory name '"+dir+"'", true)
			r.Name = dir
			return
		}
		r.add(CatName, msg, false)
		return
	}
	name := norm.NFKC.String(strings.TrimSpace(raw))
	r.Name, r.Frontmatter.Name = name, name
	errs := NameErrors(name)
	for _, e := range errs {
		r.add(CatName, e, lenient)
	}
	bad := len(errs) > 0
	if !bad && !lenient && !asciiName.MatchString(name) {
		r.add(CatPortability, fmt.Sprintf("Skill name '%s' has non-ASCII letters or digits: skills-ref accepts them, the specification's text (a-z, 0-9) and ASCII-only validators do not (agentskills#560 is open)", name), true)
	}
	if dirName != "" && dir != name {
		r.add(CatDirectory, fmt.Sprintf("Directory name '%s' must match skill name '%s'", dir, name), lenient)
	}
}

// scalarList joins a YAML sequence of plain scalars with spaces; ok is
// false for anything else.
func scalarList(n *yaml.Node) (string, bool) {
	n = deref(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return "", false
	}
	parts := make([]string, 0, len(n.Content))
	for _, c := range n.Content {
		v, ok := str(c)
		if !ok || strings.ContainsAny(v, " \t\n") {
			return "", false
		}
		parts = append(parts, v)
	}
	return strings.Join(parts, " "), true
}

var asciiName = lazyre.New(`^[a-z0-9-]*$`)

// NameErrors returns skills-ref's complaints about a name already trimmed
// and NFKC-normalized, in its order, or none when the name is valid under
// the strict profile (letters and digits of any script, as skills-ref).
func NameErrors(name string) []string {
	var errs []string
	if l := utf8.RuneCountInString(name); l > MaxNameLength {
		errs = append(errs, fmt.Sprintf("Skill name '%s' exceeds %d character limit (%d chars)", name, MaxNameLength, l))
	}
	if name != strings.ToLower(name) {
		errs = append(errs, fmt.Sprintf("Skill name '%s' must be lowercase", name))
	}
	if strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-") {
		errs = append(errs, "Skill name cannot start or end with a hyphen")
	}
	if strings.Contains(name, "--") {
		errs = append(errs, "Skill name cannot contain consecutive hyphens")
	}
	for _, c := range name {
		// Python's str.isalnum: letters and numbers of any script.
		if c != '-' && !unicode.IsLetter(c) && !unicode.IsNumber(c) {
			errs = append(errs, fmt.Sprintf("Skill name '%s' contains invalid characters. Only letters, digits, and hyphens are allowed.", name))
			break
		}
	}
	return errs
}

func (r *Result) checkDescription(n *yaml.Node, lenient bool) {
	if n == nil {
		r.add(CatDescription, "Missing required field in frontmatter: description", false)
		return
	}
	v, ok := str(n)
	if !ok || strings.TrimSpace(v) == "" {
		r.add(CatDescription, "Field 'description' must be a non-empty string", false)
		return
	}
	r.Frontmatter.Description = v
	if l := utf8.RuneCountInString(v); l > MaxDescriptionLength {
		r.add(CatDescription, fmt.Sprintf("Description exceeds %d character limit (%d chars)", MaxDescriptionLength, l), lenient)
	}
}

// checkMetadata only warns: skills-ref does not look at metadata, so its
// type cannot change the verdict of either profile.
func (r *Result) checkMetadata(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" {
		return // "metadata:" with nothing under it: an empty map
	}
	if n.Kind != yaml.MappingNode {
		r.add(CatMetadata, "Field 'metadata' must be a mapping of string keys to string values", true)
		return
	}
	r.Frontmatter.Metadata = make(map[string]string, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], deref(n.Content[i+1])
		if k.Tag != "!!str" {
			r.add(CatMetadata, fmt.Sprintf("Metadata key '%s' must be a string (quote it)", k.Value), true)
		}
		if v == nil || v.Kind != yaml.ScalarNode {
			r.add(CatMetadata, fmt.Sprintf("Metadata value of '%s' must be a string, not a nested mapping or list", k.Value), true)
			continue
		}
		if v.Tag != "!!str" {
			r.add(CatMetadata, fmt.Sprintf("Metadata value of '%s' must be a string (quote %q)", k.Value, v.Value), true)
		}
		r.Frontmatter.Metadata[k.Value] = v.Value
	}
}

// plainKV matches "key: value" lines whose value is a plain scalar: not
// quoted, not a block scalar indicator, flow collection, anchor, alias,
// tag or comment.
var plainKV = lazyre.New(`^([ \t]*)([A-Za-z0-9_.-]+):[ \t]+([^"'|>\[{&*!#%@` + "`" + `\s].*)$`)

// quoteColonValues is the client guide's fallback for the most common
// YAML error in the wild (59 of 1,361 SKILL.md versions in the survey):
// a plain value with an unquoted ": ", as in "description: Use when: X".
// It double-quotes such values and returns the keys it changed.
func quoteColonValues(front string) (string, []string) {
	lines := strings.Split(front, "\n")
	var keys []string
	for i, line := range lines {
		m := plainKV.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v := strings.TrimRight(m[3], " \t")
		if !strings.Contains(v, ": ") && !strings.HasSuffix(v, ":") {
			continue
		}
		v = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
		lines[i] = m[1] + m[2] + `: "` + v + `"`
		keys = append(keys, m[2])
	}
	return strings.Join(lines, "\n"), keys
}
