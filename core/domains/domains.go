// Package domains reads domain definitions — lore's built-in ones and the
// user's — from YAML, validates them strictly, and merges a user's file over
// the built-in set.
//
// The schema is a top-level "domains" list:
//
//	domains:
//	  - id: computer-science            # slug: [a-z0-9-]+, unique
//	    name: Computer Science
//	    description: Algorithms and data structures.
//	    region:
//	      center: {real: -0.8, imaginary: -0.3}   # each in [-1, 1]
//	      radius: 0.3                              # in (0, 2]
//	    activationPatterns: [algorithm, data structure, sorting]
//	    compatibleWith: [foundations]
//	    primaryTypes: [algorithm, definition]      # core.PrimitiveType values
//
// Unknown keys are errors, not silently ignored: a misspelled
// "activationPattern" would otherwise give a domain that never activates.
package domains

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// file is the document's top level.
type file struct {
	Domains []core.Domain `yaml:"domains"`
}

// Parse reads and validates the domains YAML in data; source names the file
// in errors and is recorded as each domain's Source. Every problem found is
// reported, in one *core.InputError naming the file and the domain.
func Parse(data []byte, source string) ([]core.Domain, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f file
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &core.InputError{Input: source, Msg: "no domains defined (expected a top-level \"domains\" list)", Usage: true}
		}
		if msg := unknownKey(data); msg != "" {
			return nil, &core.InputError{Input: source, Msg: msg, Usage: true}
		}
		return nil, &core.InputError{Input: source, Msg: cleanYAMLError(err), Usage: true}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, &core.InputError{Input: source, Msg: "more than one YAML document; put all domains in one \"domains\" list", Usage: true}
	}
	if len(f.Domains) == 0 {
		return nil, &core.InputError{Input: source, Msg: "no domains defined (expected a top-level \"domains\" list)", Usage: true}
	}
	var problems []string
	seen := make(map[string]int, len(f.Domains))
	for i := range f.Domains {
		d := &f.Domains[i]
		d.Source = source
		label := fmt.Sprintf("domain #%d", i+1)
		if d.ID != "" {
			label = fmt.Sprintf("domain %q", d.ID)
		}
		bad := func(format string, args ...any) {
			problems = append(problems, label+": "+fmt.Sprintf(format, args...))
		}
		switch {
		case d.ID == "":
			bad("id is missing")
		case !isSlug(d.ID):
			bad("id %q is not a slug (lower-case letters, digits and '-')", d.ID)
		default:
			if j, dup := seen[d.ID]; dup {
				bad("id is already used by domain #%d", j+1)
			} else {
				seen[d.ID] = i
			}
		}
		if strings.TrimSpace(d.Name) == "" {
			bad("name is missing")
		}
		c := d.Region.Center
		if !inRange(c.Real, -1, 1) || !inRange(c.Imaginary, -1, 1) {
			bad("region center (%g, %g) is outside [-1, 1] × [-1, 1]", c.Real, c.Imaginary)
		}
		if !(d.Region.Radius > 0 && d.Region.Radius <= 2) {
			bad("region radius %g is not in (0, 2]", d.Region.Radius)
		}
		if len(d.Patterns) == 0 {
			bad("activationPatterns is empty (a domain needs at least one pattern)")
		}
		patterns := make(map[string]bool, len(d.Patterns))
		for _, p := range d.Patterns {
			key := strings.Join(text.Words(p), " ")
			switch {
			case key == "":
				bad("activation pattern %q has no word to match", p)
			case patterns[key]:
				bad("activation pattern %q is listed twice", p)
			}
			patterns[key] = true
		}
		for _, t := range d.Primary {
			if !t.Valid() {
				bad("primary type %q is not one of %s", t, typeList())
			}
		}
		for _, id := range d.Compatible {
			if !isSlug(id) {
				bad("compatibleWith entry %q is not a domain id", id)
			}
		}
	}
	if len(problems) > 0 {
		return nil, &core.InputError{Input: source, Msg: strings.Join(problems, "; "), Usage: true}
	}
	return f.Domains, nil
}

// Merge returns builtin with user's domains laid over it: a user domain
// with the id of a built-in one replaces it in place, others are appended
// in the user's order. Neither input is modified.
func Merge(builtin, user []core.Domain) []core.Domain {
	out := make([]core.Domain, 0, len(builtin)+len(user))
	index := make(map[string]int, len(builtin)+len(user))
	for _, d := range builtin {
		if i, ok := index[d.ID]; ok {
			out[i] = d
			continue
		}
		index[d.ID] = len(out)
		out = append(out, d)
	}
	for _, d := range user {
		if i, ok := index[d.ID]; ok {
			out[i] = d
			continue
		}
		index[d.ID] = len(out)
		out = append(out, d)
	}
	return out
}

func isSlug(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func inRange(v, lo, hi float64) bool { return !math.IsNaN(v) && v >= lo && v <= hi }

func typeList() string {
	names := make([]string, len(core.PrimitiveTypes))
	for i, t := range core.PrimitiveTypes {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// cleanYAMLError turns yaml.v3's messages into lore's: no "yaml:" prefix,
// no Go type names, several problems on one line.
func cleanYAMLError(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	msg = strings.TrimPrefix(msg, "unmarshal errors:\n")
	msg = strings.ReplaceAll(msg, "core.", "")
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.Join(lines, "; ")
}

// Allowed keys per level of the schema, for naming the domain an unknown key
// belongs to.
var (
	topKeys    = map[string]bool{"domains": true}
	domainKeys = map[string]bool{
		"id": true, "name": true, "description": true, "region": true,
		"activationPatterns": true, "compatibleWith": true, "primaryTypes": true,
	}
	regionKeys = map[string]bool{"center": true, "radius": true}
	centerKeys = map[string]bool{"real": true, "imaginary": true}
)

// unknownKey walks the document and describes the first unknown key with
// its line and the domain it is in; "" when it finds none (the decode error
// was of another kind).
func unknownKey(data []byte) string {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return ""
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if !topKeys[k.Value] {
			return fmt.Sprintf("line %d: unknown key %q (the file holds a top-level \"domains\" list)", k.Line, k.Value)
		}
		if v.Kind != yaml.SequenceNode {
			continue
		}
		for n, item := range v.Content {
			if item.Kind != yaml.MappingNode {
				continue
			}
			label := fmt.Sprintf("domain #%d", n+1)
			for j := 0; j+1 < len(item.Content); j += 2 {
				if item.Content[j].Value == "id" && item.Content[j+1].Value != "" {
					label = fmt.Sprintf("domain %q", item.Content[j+1].Value)
				}
			}
			if msg := checkKeys(item, domainKeys, label, ""); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// checkKeys reports the first key of mapping m not in allowed, descending
// into region and center.
func checkKeys(m *yaml.Node, allowed map[string]bool, label, path string) string {
	for j := 0; j+1 < len(m.Content); j += 2 {
		k, v := m.Content[j], m.Content[j+1]
		if !allowed[k.Value] {
			return fmt.Sprintf("%s: line %d: unknown key %q", label, k.Line, path+k.Value)
		}
		if v.Kind != yaml.MappingNode {
			continue
		}
		var sub map[string]bool
		switch k.Value {
		case "region":
			sub = regionKeys
		case "center":
			sub = centerKeys
		default:
			continue
		}
		if msg := checkKeys(v, sub, label, path+k.Value+"."); msg != "" {
			return msg
		}
	}
	return ""
}
