// Package redact removes secrets and personal data from text before lore
// stores it in a skill: credentials first, then e-mail addresses, the
// query part of URLs, and phone numbers.
//
// The order matters. A phone pattern applied before the token patterns
// eats the digits inside a token and leaves the rest of it in clear text
// ("Bearer abcdef[REDACTED_PHONE]"), so every credential pattern runs
// first and a later pattern never sees what an earlier one replaced.
// Redaction is conservative: the words around a secret ("Authorization:
// Bearer", "api_key =") stay, so the procedure a skill describes still
// reads.
package redact

import (
	"regexp"
	"strings"
)

// Kind is what was redacted.
type Kind string

// The kinds of redaction, each with the marker that replaces the text.
const (
	Key   Kind = "key"
	Token Kind = "token"
	Email Kind = "email"
	Query Kind = "url-query"
	Phone Kind = "phone"
)

// Marker is the text that replaces a redacted span of kind k ("" for a
// URL query, which is dropped).
func Marker(k Kind) string {
	switch k {
	case Key:
		return "[REDACTED_KEY]"
	case Token:
		return "[REDACTED_TOKEN]"
	case Email:
		return "[REDACTED_EMAIL]"
	case Phone:
		return "[REDACTED_PHONE]"
	}
	return ""
}

// Result is redacted text and what was taken out of it.
type Result struct {
	Text string
	// Counts says how many spans of each kind were redacted.
	Counts map[Kind]int
}

// Total is the number of redactions.
func (r Result) Total() int {
	n := 0
	for _, c := range r.Counts {
		n += c
	}
	return n
}

// rule replaces the secret part of each match: group 1, when the pattern
// has one, is kept in front (the name of the credential), and the rest of
// the match is replaced by the kind's marker.
type rule struct {
	kind Kind
	re   *regexp.Regexp
	// keepPrefix keeps submatch 1 and redacts the rest.
	keepPrefix bool
	// alone requires the match not to be part of a longer word or number
	// (RE2 has no lookbehind).
	alone bool
	// digit requires the redacted part to hold a digit: after a scheme
	// word, prose ("Token Efficiency", "basic operations") is far more
	// common than a credential made of letters only.
	digit bool
}

var rules = []rule{
	// Private keys, whole blocks.
	{kind: Key, re: regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----`)},
	// Credentials in well-known shapes.
	{kind: Token, re: regexp.MustCompile(`\b(?:sk|rk|pk)-[A-Za-z0-9_-]{8,}`)},
	{kind: Token, re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})`)},
	{kind: Token, re: regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{kind: Token, re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`)},
	{kind: Token, re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}`)},
	{kind: Token, re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`)},
	// A bearer or basic credential after its scheme word.
	{kind: Token, re: regexp.MustCompile(`(?i)(\b(?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{8,}`), keepPrefix: true, digit: true},
	// name = value, name: value, name "value".
	{kind: Token, re: regexp.MustCompile(`(?i)(\b(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|secret[_-]?key|secret|password|passwd|pwd|token)["']?\s*[:=]\s*["']?)[^\s"',;&#]{6,}`), keepPrefix: true},
	{kind: Email, re: regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)},
	// The query of a URL is dropped (its marker is empty), the fragment
	// kept. After the credentials, so a token in a query counts as a token;
	// before phone numbers, so digits in a query are not phones.
	{kind: Query, re: regexp.MustCompile(`(https?://[^\s?#"'<>]+)\?[^\s#"'<>]*`), keepPrefix: true},
	// Phone numbers need their separators: a bare run of ten digits is a
	// timestamp or an id far more often than a phone number.
	{kind: Phone, re: regexp.MustCompile(`(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?|\d{2,4}[ .-])\d{3,4}[ .-]\d{3,4}`), alone: true},
	{kind: Phone, re: regexp.MustCompile(`\+\d{7,14}`), alone: true},
}

// Text redacts s.
func Text(s string) Result {
	res := Result{Text: s, Counts: map[Kind]int{}}
	for _, r := range rules {
		res.Text = r.apply(res.Text, res.Counts)
	}
	return res
}

func (r rule) apply(s string, counts map[Kind]int) string {
	idx := r.re.FindAllStringSubmatchIndex(s, -1)
	if len(idx) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		a, e := m[0], m[1]
		if r.alone && !standsAlone(s, a, e) {
			continue
		}
		if strings.Contains(s[a:e], "[REDACTED_") {
			continue
		}
		if r.digit && !strings.ContainsAny(s[max(a, m[len(m)-1]):e], "0123456789") {
			continue
		}
		b.WriteString(s[last:a])
		if r.keepPrefix && m[2] >= 0 {
			b.WriteString(s[m[2]:m[3]])
		}
		b.WriteString(Marker(r.kind))
		last = e
		counts[r.kind]++
	}
	b.WriteString(s[last:])
	return b.String()
}

// standsAlone reports whether s[a:e] is not part of a longer word or
// number.
func standsAlone(s string, a, e int) bool {
	word := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
	}
	return (a == 0 || !word(s[a-1])) && (e == len(s) || !word(s[e]))
}
