package scope

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// CatchAll is the consumer name whose rule applies to every consumer. It
// may only deny (kdcube: "a catch-all can never widen visibility"), so one
// entry can withdraw a skill everywhere without anyone being able to grant
// one everywhere by accident.
const CatchAll = "*"

// Rule is one consumer's visibility configuration (kdcube's
// enabled/disabled lists, seed 002's skillAllowlist).
//
// Allow distinguishes nil from empty, as seed 002 does for
// skillAllowlist: nil (undefined) means no allow-list, all skills; an
// empty, non-nil list means none; ["*"] means all, explicitly; anything
// else means the matching skills only. JSON and YAML decoders keep the
// difference (a missing key or null gives nil, "[]" gives an empty slice),
// so a configuration that says "[]" is honoured rather than read as "no
// restriction", which is kdcube's defect.
//
// Deny removes matching skills and always wins over Allow: a skill both
// allowed and denied is hidden, because narrowing is the safe direction
// and kdcube applies disabled after enabled.
//
// Patterns in both lists:
//   - "*" matches every skill;
//   - a pattern with a glob metacharacter (* ? [ ] \) is matched against the
//     whole key "ns.id" with path.Match, so "public.*" is a namespace and
//     "public.*-press" a family; "*" does not stop at the dot, so
//     "*.pdf-*" spans namespaces;
//   - a glob without a dot is qualified like a bare reference ("pdf-*" is
//     "public.pdf-*"), so a pattern and an exact id written the same way
//     select from the same namespace; kdcube matches it against "ns.id" as
//     is, where it can never match anything;
//   - anything else is a reference, normalized with Parse.
type Rule struct {
	Allow []string
	Deny  []string
}

// Policy is a compiled set of rules, safe for concurrent use.
type Policy struct {
	rules    map[string]compiled
	catchAll matcher
}

type compiled struct {
	allow    matcher
	hasAllow bool
	deny     matcher
}

// matcher is a list of compiled patterns; a glob stays a string because
// path.Match needs no compilation once the pattern is known to be valid.
type matcher struct {
	all   bool
	exact map[string]bool
	globs []string
}

func (m matcher) match(key string) bool {
	if m.all || m.exact[key] {
		return true
	}
	for _, g := range m.globs {
		if ok, _ := path.Match(g, key); ok {
			return true
		}
	}
	return false
}

// NewPolicy compiles rules keyed by consumer id. Every malformed pattern,
// short id or allow list on CatchAll is reported, together, as an error:
// a policy that cannot mean what it says is refused whole rather than
// applied with a pattern that silently matches nothing.
func NewPolicy(rules map[string]Rule) (*Policy, error) {
	p := &Policy{rules: make(map[string]compiled, len(rules))}
	var errs []error
	for consumer, r := range rules {
		allow, err := compile(r.Allow)
		if err != nil {
			errs = append(errs, fmt.Errorf("consumer %q allow: %w", consumer, err))
		}
		deny, err := compile(r.Deny)
		if err != nil {
			errs = append(errs, fmt.Errorf("consumer %q deny: %w", consumer, err))
		}
		if consumer == CatchAll {
			if len(r.Allow) > 0 {
				errs = append(errs, fmt.Errorf("consumer %q is deny-only: its allow list would widen every consumer", CatchAll))
			}
			p.catchAll = deny
			continue
		}
		p.rules[consumer] = compiled{allow: allow, hasAllow: r.Allow != nil, deny: deny}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return p, nil
}

func compile(patterns []string) (matcher, error) {
	m := matcher{exact: make(map[string]bool)}
	var errs []error
	for _, raw := range patterns {
		pat := strings.TrimSpace(raw)
		switch {
		case pat == "*":
			m.all = true
		case strings.ContainsAny(pat, `*?[]\`):
			pat = strings.TrimPrefix(pat, refPrefix)
			if !strings.Contains(pat, ".") {
				pat = DefaultNamespace + "." + pat
			}
			if _, err := path.Match(pat, ""); err != nil {
				errs = append(errs, fmt.Errorf("pattern %q: %w", raw, err))
				continue
			}
			m.globs = append(m.globs, pat)
		default:
			key, err := Parse(pat)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			m.exact[key] = true
		}
	}
	return m, errors.Join(errs...)
}

// Visible reports whether consumer may see the skill with the fully
// qualified key (see Parse). A consumer with
// no rule sees everything the catch-all does not deny (kdcube: a consumer
// not in agents_config is not filtered); the catch-all applies to every
// consumer, configured or not, since that is what makes it a catch-all.
// A nil Policy hides nothing.
func (p *Policy) Visible(consumer, key string) bool {
	if p == nil {
		return true
	}
	if p.catchAll.match(key) {
		return false
	}
	r, ok := p.rules[consumer]
	if !ok {
		return true
	}
	if r.hasAllow && !r.allow.match(key) {
		return false
	}
	return !r.deny.match(key)
}

// Filter returns the keys consumer may see, in their given order. The
// result is never nil, so a view that shows nothing encodes as [] (seed
// 002's "none"), not null.
func (p *Policy) Filter(consumer string, keys []string) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if p.Visible(consumer, k) {
			out = append(out, k)
		}
	}
	return out
}
