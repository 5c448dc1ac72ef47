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
// reads. And only a secret's value is redacted, never the code or the
// placeholder that stands for it (`api_key = os.getenv("API_KEY")`,
// `token: ${{ secrets.TOKEN }}`, `sk-your-key-here`; see literal.go):
// where a secret comes from is what a reader, and a reviewer of a
// finding, must see as written.
package redact

import (
	"slices"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
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
	re   *lazyre.Regexp
	// keepPrefix keeps submatch 1 and redacts the rest.
	keepPrefix bool
	// keepAt keeps the match's last byte (the @ closing a URL's user
	// info), so the host still reads as one.
	keepAt bool
	// alone requires the match not to be part of a longer word or number
	// (RE2 has no lookbehind).
	alone bool
	// digit requires the redacted part to hold a digit: after a scheme
	// word, prose ("Token Efficiency", "basic operations") is far more
	// common than a credential made of letters only.
	digit bool
	// opaque requires the redacted part to look like a credential rather
	// than a word or a placeholder: grammars and prose write "token =
	// registered-token" and "token = <token, see …>", credentials hold a
	// digit, mixed case or a symbol and do not start with a bracket or $.
	opaque bool
	// written requires the redacted part to be a value written out, not
	// a placeholder standing for one ($VAR, %VAR%, {{ KEY }}, <your-key>,
	// xxxx…, your-key-here): documentation and configuration templates
	// show where a secret goes in the shape of one.
	written bool
	// literal requires an unquoted redacted part not to be an
	// expression that reads the secret (os.getenv(…), process.env.KEY,
	// config["key"], apiKey): a labelled value is redacted only when the
	// secret itself is written after its label. A quoted value is a
	// literal whatever it holds (placeholders aside).
	literal bool
	// notAfter, when set, is what must not come just before a match:
	// "$" before an address's local part makes it a variable
	// (https://oauth2:$TOKEN@host), not a person's address, and "${"
	// before a label makes it a shell expansion (${API_KEY:-…}), whose
	// default the rule for defaults judges.
	notAfter []string
	// lits are lower-case strings one of which every match holds: a text
	// without any of them is not searched by the pattern at all, which
	// keeps a scan of ordinary prose far from the cost of a dozen regular
	// expressions. nil searches always.
	lits []string
	// whole searches the whole text rather than windows around the
	// literals: a match that spans many lines (a private key block).
	whole bool
	// follow, when set, is the bytes one of which must come soon after a
	// literal for the pattern to be tried there: the ":" or "=" of a
	// labelled value, without which "key" and "token" in prose would send
	// every such line through the pattern.
	follow string
	// before, when set with follow, is the bytes that end the search for
	// the follow byte instead of a fixed distance: the "@" of a password
	// in a URL comes before the URL's path or the next space, however
	// long the user info, and a "://" without it is no such password.
	before string
	// skip, when set, leaves out a match that stands for no one: an
	// e-mail address at a documentation domain or with a placeholder's
	// name.
	skip func(match string) bool
	// minDigits, for a rule without literals, is how many digits a line
	// needs for the pattern to be tried on it (a phone number has at
	// least seven).
	minDigits int
	// name says what the secret is, for a report ("Stripe live secret
	// key"); only the credential rules have one.
	name string
	// live marks a credential in a provider's own shape (a Stripe live
	// key, an AWS key, a private key block): it works as it stands, unlike
	// a value a document merely labels as a password.
	live bool
}

var rules = []rule{
	// Private keys, whole blocks.
	{kind: Key, re: lazyre.New(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----`), name: "private key", lits: []string{"private key-----"}, whole: true, live: true},
	// Credentials in well-known shapes. Stripe's secret and restricted
	// keys use underscores (sk_live_…), which the sk- rule below misses;
	// its publishable pk_ keys are meant to be public.
	{kind: Token, re: lazyre.New(`\b(?:sk|rk)_live_[A-Za-z0-9]{10,}`), name: "Stripe live secret key", written: true, lits: []string{"_live_"}, live: true},
	{kind: Token, re: lazyre.New(`\b(?:sk|rk)_test_[A-Za-z0-9]{10,}`), name: "Stripe test secret key", written: true, lits: []string{"_test_"}},
	{kind: Token, re: lazyre.New(`\b(?:sk|rk|pk)-[A-Za-z0-9_-]{8,}`), name: "API secret key", written: true, lits: []string{"sk-", "rk-", "pk-"}, live: true},
	{kind: Token, re: lazyre.New(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})`), name: "GitHub or GitLab token", written: true, lits: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-"}, live: true},
	{kind: Token, re: lazyre.New(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`), name: "AWS access key id", written: true, lits: []string{"akia", "asia"}, live: true},
	// An AWS secret access key is 40 base64 characters after its label;
	// the label alone is no secret, so the value is what goes. Before the
	// generic name = value rule, whose names do not reach inside
	// "aws_secret_access_key".
	{kind: Token, re: lazyre.New(`(?i)(\b(?:aws_?)?secret_?access_?key(?:_?id)?["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}`), keepPrefix: true, name: "AWS secret access key", written: true, lits: []string{"secretaccess", "secret_access"}, follow: ":=", live: true},
	{kind: Token, re: lazyre.New(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), name: "Slack token", written: true, lits: []string{"xox"}, live: true},
	{kind: Token, re: lazyre.New(`\bAIza[0-9A-Za-z_-]{35}`), name: "Google API key", written: true, lits: []string{"aiza"}, live: true},
	{kind: Token, re: lazyre.New(`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`), name: "JSON web token", lits: []string{"eyj"}},
	// The password of a URL's user info, whatever the host: the e-mail
	// rule below only covers a host name with a top-level domain, not an
	// IP address or a single-label host. The user name stays.
	{kind: Token, re: lazyre.New(`(?i)(\b[a-z][a-z0-9+.-]*://[^\s/?#@:"'<>\[\]]+:)[^\s/?#@"'<>\[\]]+@`), keepPrefix: true, keepAt: true, name: "password in a URL", written: true, lits: []string{"://"}, follow: "@", before: " \t\r\n/?#\"'<>[]"},
	// curl -u user:password, curl --user user:password; a shell variable
	// ($PASS) is a placeholder, not a secret.
	{kind: Token, re: lazyre.New(`(\bcurl\b[^\n;|&]*?\s(?:-u\s*|--user[\s=]+)["']?[^\s:"'$]+:)[^\s"'$][^\s"']*`), keepPrefix: true, name: "password given to curl", written: true, lits: []string{"curl"}},
	// A bearer or basic credential after its scheme word.
	{kind: Token, re: lazyre.New(`(?i)(\b(?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{8,}`), keepPrefix: true, digit: true, name: "bearer or basic credential", written: true, lits: []string{"bearer", "basic", "token"}},
	// name = value, name: value, name "value"; the name may end a longer
	// one (DB_PASSWORD, OPENAI_API_KEY, admin_password), as environment
	// variables and settings are named. What follows the label must be
	// the secret written out (literal), not the code that reads it.
	{kind: Token, re: lazyre.New(`(?i)(\b(?:[a-z0-9]+_)*(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|secret[_-]?key|secret|password|passwd|pwd|token)["']?\s*[:=]\s*["']?)[^\s"',;&#]{6,}`), keepPrefix: true, opaque: true, written: true, literal: true, notAfter: []string{"${"}, name: "labelled secret value", lits: []string{"key", "token", "secret", "passw", "pwd"}, follow: ":="},
	// The read of a secret's environment variable is code and stays, but
	// the default it falls back on is a value written out:
	// os.getenv("API_KEY", "…"), process.env.API_KEY || "…",
	// ${API_KEY:-…}. Before the e-mail rule, which a password holding an
	// @ would otherwise feed.
	{kind: Token, re: lazyre.New(`(?i)(\b(?:getenv|environ\.get|env\.get|get_env)\(\s*["'][a-z0-9_]*(?:key|token|secret|passw(?:or)?d|pwd)[a-z0-9_]*["']\s*,\s*["'])[^"'\s]{6,}`),
		keepPrefix: true, opaque: true, written: true, name: "default of a secret's environment variable", lits: []string{"getenv", "environ.get", "env.get", "get_env"}},
	{kind: Token, re: lazyre.New(`(?i)(\bprocess\.env\.[a-z0-9_]*(?:key|token|secret|passw(?:or)?d|pwd)[a-z0-9_]*\s*(?:\|\||\?\?)\s*["'\x60])[^"'\x60\s]{6,}`),
		keepPrefix: true, opaque: true, written: true, name: "default of a secret's environment variable", lits: []string{"process.env."}},
	{kind: Token, re: lazyre.New(`(?i)(\$\{[a-z0-9_]*(?:key|token|secret|passw(?:or)?d|pwd)[a-z0-9_]*:?[-=])[^}\s"']{6,}`),
		keepPrefix: true, opaque: true, written: true, name: "default of a secret's environment variable", lits: []string{"${"}},
	{kind: Email, lits: []string{"@"}, notAfter: []string{"$"}, skip: documentationAddress, re: lazyre.New(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)},
	// The query of a URL is dropped (its marker is empty), the fragment
	// kept. After the credentials, so a token in a query counts as a token;
	// before phone numbers, so digits in a query are not phones. A bare "?"
	// holds nothing to take out, and a placeholder after it ("?<query>",
	// as lore writes a generalised URL) stays.
	{kind: Query, lits: []string{"://"}, re: lazyre.New(`(https?://[^\s?#"'<>]+)\?[^\s#"'<>]+`), keepPrefix: true},
	// Phone numbers need their separators: a bare run of ten digits is a
	// timestamp or an id far more often than a phone number.
	{kind: Phone, re: lazyre.New(`(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?|\d{2,4}[ .-])\d{3,4}[ .-]\d{3,4}`), alone: true, minDigits: 8},
	{kind: Phone, re: lazyre.New(`\+\d{7,14}`), alone: true, minDigits: 7},
}

// Text redacts s.
func Text(s string) Result {
	res := Result{Text: s, Counts: map[Kind]int{}}
	lower := asciiLower(s)
	for _, r := range rules {
		// Rules change the text only into markers, which no later rule
		// matches, so the original text's lower case still answers.
		if !r.mayMatch(lower) {
			continue
		}
		res.Text = r.apply(res.Text, res.Counts)
	}
	return res
}

// mayMatch reports whether the lower-cased text holds one of the rule's
// literals.
func (r rule) mayMatch(lower string) bool {
	if r.lits == nil {
		return true
	}
	for _, l := range r.lits {
		if strings.Contains(lower, l) {
			return true
		}
	}
	return false
}

func (r rule) apply(s string, counts map[Kind]int) string {
	found := r.find(s, asciiLower(s))
	if len(found) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, f := range found {
		b.WriteString(s[last:f.a])
		b.WriteString(Marker(r.kind))
		last = f.e
		counts[r.kind]++
	}
	b.WriteString(s[last:])
	return b.String()
}

// cut is the part [a, e) of a text that one rule would replace.
type cut struct{ a, e int }

// find returns the parts of s the rule replaces, in order; lower is
// asciiLower(s).
func (r rule) find(s, lower string) []cut {
	var hits []int
	for _, l := range r.lits {
		for from := 0; ; {
			i := strings.Index(lower[from:], l)
			if i < 0 {
				break
			}
			hits = append(hits, from+i)
			from += i + len(l)
		}
	}
	slices.Sort(hits)
	return r.findAt(s, hits)
}

// findAt is find given where the rule's literals occur in s, in order
// (nil for a rule without literals, which finds its own lines).
func (r rule) findAt(s string, hits []int) []cut {
	switch {
	case r.lits == nil:
		hits = digitLines(s, r.minDigits)
	case len(hits) == 0:
		return nil
	case r.whole:
		return r.findIn(s, 0, len(s), nil)
	}
	var out []cut
	for _, w := range windows(s, hits) {
		out = r.findIn(s, w.a, w.e, out)
	}
	return out
}

// litGroups holds the rules' literals grouped by their first two bytes,
// and litIndex maps those two bytes, as they stand in the text (every
// mix of case is entered), to their group (+1; 0 is none), so that one
// pass over a text finds every rule's literals (literalHits) with one
// table load per byte and no case folding: a search per literal read the
// text two dozen times, and a table by first byte alone stopped at most
// letters. A one-byte literal ("@") is in litOne.
var litGroups, litIndex, litOne = func() (groups [][]litRef, index *[1 << 16]uint8, one [256][]litRef) {
	index = new([1 << 16]uint8)
	for i, r := range rules {
		for _, l := range r.lits {
			ref := litRef{rule: i, lit: l}
			if len(l) == 1 {
				for _, c := range cases(l[0]) {
					one[c] = append(one[c], ref)
				}
				continue
			}
			k := uint16(l[0])<<8 | uint16(l[1])
			if index[k] == 0 {
				groups = append(groups, nil)
				g := uint8(len(groups))
				for _, c0 := range cases(l[0]) {
					for _, c1 := range cases(l[1]) {
						index[uint16(c0)<<8|uint16(c1)] = g
					}
				}
			}
			groups[index[k]-1] = append(groups[index[k]-1], ref)
		}
	}
	return groups, index, one
}()

// cases returns a literal's lower-case byte in each case it may take in
// a text.
func cases(c byte) []byte {
	if c >= 'a' && c <= 'z' {
		return []byte{c, c - 'a' + 'A'}
	}
	return []byte{c}
}

type litRef struct {
	rule int
	lit  string
}

// literalHits returns, per rule, where its literals start in s, ignoring
// the case of ASCII letters, in order. A rule with follow keeps only the
// hits that one of its bytes follows closely.
func literalHits(s string) [][]int {
	hits := make([][]int, len(rules))
	if len(s) == 0 {
		return hits
	}
	for i := 0; i < len(s)-1; i++ {
		// Most byte pairs start no literal: one table load each.
		g := litIndex[uint16(s[i])<<8|uint16(s[i+1])]
		if g == 0 {
			if litOne[s[i]] != nil {
				hits = oneHits(hits, s[i], i)
			}
			continue
		}
		hits = oneHits(hits, s[i], i)
		for _, ref := range litGroups[g-1] {
			e := i + len(ref.lit)
			if e > len(s) || !asciiEqualFold(s[i:e], ref.lit) {
				continue
			}
			if r := &rules[ref.rule]; r.follow != "" && !r.followed(s, e) {
				continue
			}
			hits[ref.rule] = append(hits[ref.rule], i)
		}
	}
	return oneHits(hits, s[len(s)-1], len(s)-1)
}

// oneHits records the one-byte literals that c at i is.
func oneHits(hits [][]int, c byte, i int) [][]int {
	for _, ref := range litOne[c] {
		hits[ref.rule] = append(hits[ref.rule], i)
	}
	return hits
}

// followWithin is how far after its literal a rule's follow byte must be;
// maxBefore how far a rule with before looks at most, so that a text of
// one endless word stays linear.
const (
	followWithin = 48
	maxBefore    = 512
)

// followed reports whether one of the rule's follow bytes comes soon
// enough after a literal ending at e.
func (r *rule) followed(s string, e int) bool {
	if r.before == "" {
		return strings.ContainsAny(s[e:min(e+followWithin, len(s))], r.follow)
	}
	for k := e; k < len(s) && k-e < maxBefore; k++ {
		switch {
		case strings.IndexByte(r.follow, s[k]) >= 0:
			return true
		case strings.IndexByte(r.before, s[k]) >= 0:
			return false
		}
	}
	return false
}

func fold(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func asciiEqualFold(a, lower string) bool {
	for i := 0; i < len(a); i++ {
		if fold(a[i]) != lower[i] {
			return false
		}
	}
	return true
}

// windowLines is how many lines around a line that may hold a match are
// searched with it: a match that holds a rule's literal stays within its
// line and the next (a value after "password:" on the following line).
const windowLines = 1

// windows returns the parts of s a match can lie in: the lines of the
// hits (where a rule's literals start or, for a rule without literals,
// lines with enough digits), with windowLines around each, merged and in
// order. Running the
// pattern only there keeps the cost of a scan near that of a literal
// search: over prose, where "key", "token" and "@" are common but
// credentials are not, the patterns' automata are what cost the time, and
// they now read a few lines per hit instead of the whole text.
func windows(s string, hits []int) []cut {
	// Each hit's line is found once: a hit on a line already handled is
	// skipped before any search, so a text of one long line full of hits
	// costs one pass, not one per hit.
	var ws []cut
	lineEnd := -1
	for _, h := range hits {
		if h < lineEnd {
			continue
		}
		e := h
		for k := range windowLines + 1 {
			j := strings.IndexByte(s[e:], '\n')
			if j < 0 {
				e = len(s)
				break
			}
			e += j + 1
			if k == 0 {
				lineEnd = e
			}
		}
		if e == len(s) && lineEnd < h {
			lineEnd = len(s)
		}
		if n := len(ws); n > 0 && h < ws[n-1].e {
			ws[n-1].e = max(ws[n-1].e, e)
			continue
		}
		a := strings.LastIndexByte(s[:h], '\n') + 1
		for range windowLines {
			if a == 0 {
				break
			}
			a = strings.LastIndexByte(s[:a-1], '\n') + 1
		}
		if n := len(ws); n > 0 && a <= ws[n-1].e {
			ws[n-1].e = max(ws[n-1].e, e)
			continue
		}
		ws = append(ws, cut{a, e})
	}
	return ws
}

// asciiLower lowers the ASCII letters of s and nothing else, so that
// offsets in the result are offsets in s (strings.ToLower may change a
// text's length). Every rule's literals are lower-case ASCII.
func asciiLower(s string) string {
	i := 0
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if c := b[i]; c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// digitLines returns the start of every line holding at least n ASCII
// digits.
func digitLines(s string, n int) []int {
	var out []int
	for a := 0; a < len(s); {
		e := strings.IndexByte(s[a:], '\n')
		if e < 0 {
			e = len(s)
		} else {
			e += a
		}
		d := 0
		for i := a; i < e && d < n; i++ {
			if s[i] >= '0' && s[i] <= '9' {
				d++
			}
		}
		if d >= n {
			out = append(out, a)
		}
		a = e + 1
	}
	return out
}

// findIn appends to out the rule's cuts within s[a:e], at their offsets
// in s.
func (r rule) findIn(s string, a0, e0 int, out []cut) []cut {
	idx := r.re.FindAllStringSubmatchIndex(s[a0:e0], -1)
	for _, m := range idx {
		for k := range m {
			if m[k] >= 0 {
				m[k] += a0
			}
		}
		a, e := m[0], m[1]
		if r.alone && !standsAlone(s, a, e) {
			continue
		}
		if slices.ContainsFunc(r.notAfter, func(p string) bool { return strings.HasSuffix(s[:a], p) }) {
			continue
		}
		if strings.Contains(s[a:e], "[REDACTED_") {
			continue
		}
		if r.skip != nil && r.skip(s[a:e]) {
			continue
		}
		if r.digit && !strings.ContainsAny(s[max(a, m[len(m)-1]):e], "0123456789") {
			continue
		}
		if r.keepPrefix && m[2] >= 0 {
			a = m[3]
		}
		if r.opaque && !opaque(withoutClosers(s[a:e])) {
			continue
		}
		if r.keepAt {
			e--
		}
		if a >= e {
			continue
		}
		if r.written && placeholder(s[a:e]) {
			continue
		}
		if r.keepAt && m[2] >= 0 && sameAsUser(s[m[2]:m[3]], s[a:e]) {
			continue // postgres://postgres:postgres@localhost: a default, no secret
		}
		if r.literal && !quoted(s, a) && readsValue(s, a) {
			continue
		}
		out = append(out, cut{a, e})
	}
	return out
}

// sameAsUser reports whether the password v of a URL's user info
// (prefix is "scheme://user:") is its user name, as a default account's
// is written in documentation.
func sameAsUser(prefix, v string) bool {
	_, user, ok := strings.Cut(strings.TrimSuffix(prefix, ":"), "://")
	return ok && user != "" && user == v
}

// opaque reports whether v looks like a secret value rather than a word,
// a hyphenated name or a placeholder.
func opaque(v string) bool {
	if v == "" || strings.ContainsRune("<([{$%", rune(v[0])) || abnfRepetition(v) {
		return false
	}
	var digit, upper, lower, symbol bool
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= 'a' && c <= 'z':
			lower = true
		case c == '-' || c == '_' || c == '.':
		default:
			symbol = true
		}
	}
	return digit || symbol || upper && lower
}

// withoutClosers is v without the brackets that end it and open nowhere
// in it: the "}" of data={'password': password} closes the code around
// the value, and a bare name is no secret.
func withoutClosers(v string) string {
	for v != "" {
		c := v[len(v)-1]
		o := strings.IndexByte(")]}", c)
		if o < 0 || strings.Count(v, string("([{"[o])) >= strings.Count(v, string(c)) {
			break
		}
		v = v[:len(v)-1]
	}
	return v
}

// abnfRepetition reports whether v opens with a grammar's repetition
// ("1*<any CHAR except CTLs>", "1*tchar", "2*4DIGIT", "*( "," OWS )"): the
// rule "token = 1*tchar" of an RFC defines a token, it holds none.
func abnfRepetition(v string) bool {
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i == len(v) || v[i] != '*' {
		return false
	}
	i++
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	return i == len(v) || v[i] == '<' || v[i] == '(' || v[i] == '"' || v[i] >= 'A' && v[i] <= 'Z' || v[i] >= 'a' && v[i] <= 'z'
}

// standsAlone reports whether s[a:e] is not part of a longer word or
// number.
func standsAlone(s string, a, e int) bool {
	word := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
	}
	digit := func(i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }
	// nor part of a dotted number: "192.168.129" of the address
	// 192.168.129.1:4333 is no phone
	if e+1 < len(s) && s[e] == '.' && digit(e+1) || a >= 2 && s[a-1] == '.' && digit(a-2) {
		return false
	}
	return (a == 0 || !word(s[a-1])) && (e == len(s) || !word(s[e]))
}

// documentationAddress reports an e-mail address that documentation
// writes for no one: at a domain RFC 2606 and RFC 6761 reserve for
// examples (example.com, .org, .net, anything under .example, .test,
// .invalid or .localhost) or one that stands for the reader's own
// (company.com, yourdomain.com), or whose name is a placeholder's
// (user@company.com, sender@…, you@…, john.doe@…). Redacting them only
// hides what a page shows the reader, and reporting them as personal data
// buries the real addresses.
func documentationAddress(addr string) bool {
	local, domain, ok := strings.Cut(asciiLower(addr), "@")
	if !ok {
		return false
	}
	domain = strings.TrimSuffix(domain, ".")
	for _, d := range []string{"example.com", "example.org", "example.net", "example.edu",
		// Not reserved, but written for "your company's domain" far
		// more often than for anyone's.
		"company.com", "yourcompany.com", "mycompany.com", "domain.com", "yourdomain.com", "your-domain.com"} {
		if domain == d || strings.HasSuffix(domain, "."+d) {
			return true
		}
	}
	for _, tld := range []string{".example", ".test", ".invalid", ".localhost"} {
		if strings.HasSuffix(domain, tld) {
			return true
		}
	}
	return placeholderNames[local]
}

// placeholderNames are the local parts documentation puts in an address
// to show its shape.
var placeholderNames = map[string]bool{
	"user": true, "username": true, "user.name": true, "sender": true, "recipient": true, "someone": true,
	"you": true, "your.name": true, "yourname": true, "your-email": true, "your_email": true, "youremail": true,
	"name": true, "email": true, "first.last": true, "firstname.lastname": true, "john.doe": true,
	"jane.doe": true, "johndoe": true, "janedoe": true, "foo": true,
	// Pronouns and the people of textbook examples: "me@home.org" in a
	// guide's config is the reader's own address, not anyone's.
	"me": true, "myself": true, "somebody": true, "nobody": true, "alice": true, "bob": true,
	"carol": true, "test": true, "demo": true, "example": true,
}
