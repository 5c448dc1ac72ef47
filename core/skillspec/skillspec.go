// Package skillspec checks SKILL.md files against the Agent Skills
// specification (agentskills.io) the way its reference validator,
// skills-ref, does.
//
// lore both generates skills and, later, imports them; a skill it writes
// must load in every client, so the generator's tests run each SKILL.md it
// produces through ValidateStrict. The strict profile follows skills-ref's
// checks, messages and length rules (code points, name counted after trim
// and NFKC, description measured raw), with four deliberate differences,
// each one a bug or gap of skills-ref that would otherwise let a broken
// skill through or reject a good one for a reason nobody can see:
//
//   - The frontmatter ends at the first line that is exactly "---"
//     (trailing blanks and a CR allowed). skills-ref splits on the first
//     "---" anywhere, so "description: a---b" silently becomes "a".
//   - CRLF line endings are accepted as LF.
//   - A UTF-8 byte order mark is reported with its own message (skills-ref
//     rejects it as "must start with YAML frontmatter", which is baffling
//     to a person looking at a file that visibly does), and validation
//     continues after it so every other problem is reported too.
//   - metadata must be a mapping of string keys to string values, as the
//     specification says; skills-ref does not check it at all, and other
//     loaders (Go's yaml.v3 among them) then read numbers and booleans as
//     non-strings.
//
// Like strictyaml, which skills-ref parses with, the profile rejects flow
// style ({...} and [...]), duplicate keys, anchors, aliases and explicit
// tags, and treats every other scalar as a string ("name: 123" is the
// string "123").
//
// Unicode names: the specification's text says a-z and 0-9, skills-ref
// accepts any Unicode letter or digit (issue agentskills#560 is open).
// ValidateStrict follows skills-ref, so an imported "навык" skill is
// accepted; IsPortableName is the narrower ASCII rule lore uses for the
// names it generates, which every known validator accepts.
package skillspec

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/unicode/norm"
)

// Limits of the specification, in Unicode code points.
const (
	MaxNameLength          = 64
	MaxDescriptionLength   = 1024
	MaxCompatibilityLength = 500
	// MaxBodyLines is the specification's recommended bound on the lines of
	// a SKILL.md body ("Keep your main SKILL.md under 500 lines").
	MaxBodyLines = 500
)

// AllowedFields are the only top-level frontmatter keys the specification
// defines; skills-ref rejects any other.
var AllowedFields = []string{"allowed-tools", "compatibility", "description", "license", "metadata", "name"}

var portableName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// IsPortableName reports whether name is accepted by every validator the
// ecosystem survey found: ASCII lower-case letters and digits in
// hyphen-separated runs, at most 64 bytes, and without the words Claude's
// upload check reserves ("anthropic", "claude").
func IsPortableName(name string) bool {
	return len(name) <= MaxNameLength && portableName.MatchString(name) &&
		!strings.Contains(name, "anthropic") && !strings.Contains(name, "claude")
}

const bom = "\uFEFF"

// SplitFrontmatter separates content into its YAML frontmatter and body.
// Line endings are normalized to LF and a leading byte order mark is
// dropped (hadBOM reports it). The frontmatter starts on the first line,
// which must be "---", and ends at the next line that is exactly "---"
// (trailing blanks allowed); a "---" inside a value, or indented inside a
// block scalar, does not end it. err is the skills-ref message when there
// is no frontmatter or it is not closed.
func SplitFrontmatter(content []byte) (front, body string, hadBOM bool, err error) {
	s := string(content)
	if strings.HasPrefix(s, bom) {
		s = s[len(bom):]
		hadBOM = true
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	first, rest, found := strings.Cut(s, "\n")
	if strings.TrimRight(first, " \t\r") != "---" {
		return "", s, hadBOM, fmt.Errorf("SKILL.md must start with YAML frontmatter (---)")
	}
	if !found {
		return "", "", hadBOM, fmt.Errorf("SKILL.md frontmatter not properly closed with ---")
	}
	off := 0
	for off <= len(rest) {
		line, _, more := strings.Cut(rest[off:], "\n")
		if strings.TrimRight(line, " \t\r") == "---" {
			front = rest[:off]
			end := off + len(line)
			if more {
				end++
			}
			return front, rest[end:], hadBOM, nil
		}
		if !more {
			break
		}
		off += len(line) + 1
	}
	return "", "", hadBOM, fmt.Errorf("SKILL.md frontmatter not properly closed with ---")
}

// BodyLines counts the lines of the Markdown body after the frontmatter
// (the whole file when there is none), the measure the specification's
// 500-line recommendation applies to. A final newline does not start a
// new line.
func BodyLines(content []byte) int {
	_, body, _, _ := SplitFrontmatter(content)
	if body == "" {
		return 0
	}
	n := strings.Count(body, "\n")
	if !strings.HasSuffix(body, "\n") {
		n++
	}
	return n
}

// ValidateStrict checks the SKILL.md content of a skill whose directory is
// named dirName (pass "" to skip the directory check, for content that has
// no directory yet). It returns the name as normalized (trimmed, NFKC) and
// every problem found, each a skills-ref message where skills-ref has one;
// no errors means valid. It never panics.
func ValidateStrict(dirName string, content []byte) (name string, errs []string) {
	front, _, hadBOM, err := SplitFrontmatter(content)
	if hadBOM {
		errs = append(errs, "SKILL.md starts with a UTF-8 byte order mark; remove it (skills-ref rejects such files as not starting with ---)")
	}
	if err != nil {
		return "", append(errs, err.Error())
	}
	if !utf8.ValidString(front) {
		return "", append(errs, "Invalid YAML in frontmatter: not valid UTF-8")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(front), &doc); err != nil {
		return "", append(errs, "Invalid YAML in frontmatter: "+err.Error())
	}
	if doc.Kind == 0 { // empty frontmatter
		return "", append(errs, "SKILL.md frontmatter must be a YAML mapping")
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if msg := strictYAML(root); msg != "" {
		return "", append(errs, "Invalid YAML in frontmatter: "+msg)
	}
	if root.Kind != yaml.MappingNode {
		return "", append(errs, "SKILL.md frontmatter must be a YAML mapping")
	}
	fields := make(map[string]*yaml.Node, len(root.Content)/2)
	var extra []string
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i].Value
		fields[k] = root.Content[i+1]
		if !allowed(k) {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		quoted := make([]string, len(AllowedFields))
		for i, f := range AllowedFields {
			quoted[i] = "'" + f + "'"
		}
		errs = append(errs, fmt.Sprintf("Unexpected fields in frontmatter: %s. Only [%s] are allowed.",
			strings.Join(extra, ", "), strings.Join(quoted, ", ")))
	}

	name, nameErrs := checkName(fields["name"], dirName)
	errs = append(errs, nameErrs...)
	errs = append(errs, checkDescription(fields["description"])...)
	if c, ok := fields["compatibility"]; ok {
		if v, isStr := str(c); !isStr {
			errs = append(errs, "Field 'compatibility' must be a string")
		} else if n := utf8.RuneCountInString(v); n > MaxCompatibilityLength {
			errs = append(errs, fmt.Sprintf("Compatibility exceeds %d character limit (%d chars)", MaxCompatibilityLength, n))
		}
	}
	if m, ok := fields["metadata"]; ok {
		errs = append(errs, checkMetadata(m)...)
	}
	return name, errs
}

func allowed(k string) bool {
	for _, f := range AllowedFields {
		if f == k {
			return true
		}
	}
	return false
}

// str returns a node's value as strictyaml would: every scalar is a string
// (an empty or null scalar is ""); mappings and sequences are not.
func str(n *yaml.Node) (string, bool) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return "", false
	}
	return n.Value, true
}

// strictYAML rejects what strictyaml rejects and yaml.v3 accepts: flow
// collections, anchors, aliases, explicit tags and duplicate keys. It
// returns "" when n is acceptable.
func strictYAML(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	switch {
	case n.Kind == yaml.AliasNode || n.Anchor != "":
		return fmt.Sprintf("line %d: anchors and aliases are not allowed", n.Line)
	case n.Style&yaml.TaggedStyle != 0:
		return fmt.Sprintf("line %d: explicit tags are not allowed", n.Line)
	case (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle != 0:
		return fmt.Sprintf("line %d: flow style ({...} or [...]) is not allowed", n.Line)
	}
	if n.Kind == yaml.MappingNode {
		seen := make(map[string]bool, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return fmt.Sprintf("line %d: mapping keys must be scalars", k.Line)
			}
			if seen[k.Value] {
				return fmt.Sprintf("line %d: duplicate key %q", k.Line, k.Value)
			}
			seen[k.Value] = true
		}
	}
	for _, c := range n.Content {
		if msg := strictYAML(c); msg != "" {
			return msg
		}
	}
	return ""
}

func checkName(n *yaml.Node, dirName string) (string, []string) {
	if n == nil {
		return "", []string{"Missing required field in frontmatter: name"}
	}
	raw, ok := str(n)
	if !ok || strings.TrimSpace(raw) == "" {
		return "", []string{"Field 'name' must be a non-empty string"}
	}
	name := norm.NFKC.String(strings.TrimSpace(raw))
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
	for _, r := range name {
		// Python's str.isalnum: letters and numbers of any script.
		if r != '-' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			errs = append(errs, fmt.Sprintf("Skill name '%s' contains invalid characters. Only letters, digits, and hyphens are allowed.", name))
			break
		}
	}
	if dirName != "" {
		if d := norm.NFKC.String(dirName); d != name {
			errs = append(errs, fmt.Sprintf("Directory name '%s' must match skill name '%s'", d, name))
		}
	}
	return name, errs
}

func checkDescription(n *yaml.Node) []string {
	if n == nil {
		return []string{"Missing required field in frontmatter: description"}
	}
	v, ok := str(n)
	if !ok || strings.TrimSpace(v) == "" {
		return []string{"Field 'description' must be a non-empty string"}
	}
	if l := utf8.RuneCountInString(v); l > MaxDescriptionLength {
		return []string{fmt.Sprintf("Description exceeds %d character limit (%d chars)", MaxDescriptionLength, l)}
	}
	return nil
}

func checkMetadata(n *yaml.Node) []string {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" {
		return nil // "metadata:" with nothing under it: an empty map
	}
	if n.Kind != yaml.MappingNode {
		return []string{"Field 'metadata' must be a mapping of string keys to string values"}
	}
	var errs []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Tag != "!!str" {
			errs = append(errs, fmt.Sprintf("Metadata key '%s' must be a string (quote it)", k.Value))
		}
		if v.Kind != yaml.ScalarNode {
			errs = append(errs, fmt.Sprintf("Metadata value of '%s' must be a string, not a nested mapping or list", k.Value))
		} else if v.Tag != "!!str" {
			errs = append(errs, fmt.Sprintf("Metadata value of '%s' must be a string (quote %q)", k.Value, v.Value))
		}
	}
	return errs
}
