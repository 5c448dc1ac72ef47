// Package skillspec parses and checks SKILL.md files against the Agent
// Skills specification (agentskills.io) under two profiles.
//
// Strict follows the reference validator, skills-ref: its checks, messages,
// order and length rules (code points, name counted after trim and NFKC,
// description measured raw), so a skill Strict accepts is one skills-ref
// accepts and the other way round. lore writes skills that must load in
// every client, so the generator's tests run each SKILL.md it produces
// through ValidateStrict. Lenient follows the specification's client guide
// (adding-skills-support.mdx): load what a client would load, warn about the
// rest, and give up only when the description is missing or the YAML
// cannot be read even after quoting values with an unquoted ": ".
//
// Where skills-ref is wrong in a way that would let a broken skill through
// or reject one for a reason nobody can see, both profiles differ from it:
//
//   - The frontmatter ends at the first line that is exactly "---"
//     (trailing blanks and a CR allowed). skills-ref splits on the first
//     "---" anywhere, so "description: a---b" silently becomes "a" and
//     every key after it is ignored.
//   - A UTF-8 byte order mark is reported with its own message (skills-ref
//     rejects it as "must start with YAML frontmatter", which is baffling
//     to a person looking at a file that visibly does). Strict still
//     rejects the file, as skills-ref does, but goes on checking so every
//     other problem is reported too; Lenient warns and loads it.
//   - CRLF line endings are read as LF (skills-ref reads in text mode, which
//     does the same).
//   - metadata that is not a mapping of strings to strings is reported as
//     a warning: the specification forbids it, skills-ref does not check
//     it, and other loaders (Go's yaml.v3 among them) then read numbers and
//     booleans as non-strings. ValidateStrict, the generator's check,
//     counts it as an error.
//
// Like strictyaml, which skills-ref parses with, Strict rejects flow style
// ({...} and [...]), duplicate keys, anchors, aliases and explicit tags,
// and both profiles treat every other scalar as a string ("name: 123" is
// the string "123").
//
// Unicode names: the specification's text says a-z and 0-9, skills-ref
// accepts any Unicode letter or digit, and the question is open
// (agentskills#560, PR #345). lore decides: Lenient accepts such names
// silently (a client should load "навык"); Strict accepts them too, as
// skills-ref does, so its verdict stays exactly skills-ref's, but reports
// them as a portability warning, because ASCII-only validators
// (skill-creator's quick_validate.py and others) reject them. IsPortableName
// is the narrower ASCII rule lore uses for the names it generates.
package skillspec

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/lore-kb/lore/internal/lazyre"
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

var portableName = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)

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
