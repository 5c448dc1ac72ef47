package redact

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// A secret is a value written out in a text: the characters of a key, a
// token or a password. Code and configuration very often name a secret
// without holding it — `api_key = os.getenv("API_KEY")`, `token:
// ${{ secrets.TOKEN }}`, `OPENAI_API_KEY=sk-your-key-here` — and what they
// say is where the secret comes from, which a reader (and a reviewer of a
// finding) needs to see as written. The checks below decide, for the part
// of a match a rule would replace, whether it is such a value or a
// reference to one: an expression that reads it (a call, an index, a
// member, a variable), a template placeholder or a filler.

// placeholder reports whether v, the part of a text a credential rule
// matched, stands for a secret instead of being one: a variable
// ($VAR, ${VAR}, $(cmd), $env:VAR, %VAR%), a template ({{ KEY }},
// <your-key>, [KEY]), a filler (xxxx…, ****) or words telling the reader
// to put their own value there (your-key-here, REPLACE_ME).
func placeholder(v string) bool {
	if v == "" {
		return true
	}
	switch v[0] {
	case '<', '{', '[', '(':
		return true
	case '$':
		// A shell, PowerShell or Make variable, a command substitution.
		return len(v) > 1 && (identStart(v[1]) || v[1] == '{' || v[1] == '(')
	case '/', '.', '~':
		// A file the secret is read from (--from-file=token=/dev/stdin,
		// password_file=./secret.txt): where it comes from, not the value.
		return filePath.MatchString(v)
	case '%':
		// A Windows variable, %NAME%; a percent-encoded byte (%21) is
		// part of a written password.
		e := identEnd(v, 1)
		return e > 1 && e < len(v) && v[e] == '%'
	}
	if fillerRun(v) || namedValue[strings.ToLower(v)] {
		return true
	}
	for _, w := range words(v) {
		if placeholderWords[strings.ToLower(w)] {
			return true
		}
	}
	return false
}

// placeholderWords are the words documentation puts where the reader's
// own secret goes.
var placeholderWords = map[string]bool{
	"your": true, "yours": true, "here": true, "placeholder": true, "changeme": true,
	"replace": true, "redacted": true, "insert": true,
}

// namedValue are values that name what goes in their place: the
// "password" of postgres://user:password@localhost, a tutorial's "secret".
// Only the whole value: a password that holds such a word is a password.
var namedValue = map[string]bool{
	"password": true, "passwd": true, "pass": true, "pwd": true, "secret": true,
	"yourpassword": true, "token": true, "apikey": true, "api_key": true,
}

// fillerRun reports whether v holds four or more of the same filler
// character in a row (xxxx, XXXX, ****, ••••): the way documentation
// writes "a key goes here". A random key of base62 holds such a run by
// chance about once in ten million positions.
func fillerRun(v string) bool {
	run, last := 0, byte(0)
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c != 'x' && c != 'X' && c != '*' {
			run = 0
			continue
		}
		if c == last {
			run++
		} else {
			run = 1
		}
		last = c
		if run >= 4 {
			return true
		}
	}
	return strings.Contains(v, "••••") || strings.Contains(v, "…") || strings.Contains(v, "...")
}

// words splits v at its separators (- _ . /) and where a lower-case letter
// is followed by an upper-case one, so that "sk-your-key-here",
// "YOUR_API_KEY" and "yourKeyHere" give their words; a random key is cut
// into fragments no placeholder word equals.
func words(v string) []string {
	var out []string
	a := 0
	for i := 0; i <= len(v); i++ {
		switch {
		case i == len(v) || strings.IndexByte("-_./", v[i]) >= 0:
			if i > a {
				out = append(out, v[a:i])
			}
			a = i + 1
		case i > a && isUpper(v[i]) && isLower(v[i-1]):
			out = append(out, v[a:i])
			a = i
		}
	}
	return out
}

// readsValue reports whether the bare (unquoted) value starting at a in s
// is an expression that reads a secret rather than the secret itself: a
// call or an index (os.getenv(…), os.environ[…], config["…"],
// keyring.get_password(…), getpass()), a member
// (process.env.API_KEY, settings.SECRET_KEY, self.token), a variable
// named in camelCase (apiKey) or a PowerShell command (Read-Host,
// Get-Secret). A name in capitals or in snake_case is no secret either,
// but the rules' opaque check already leaves it.
func readsValue(s string, a int) bool {
	if a+1 < len(s) && strings.IndexByte("-!~(", s[a]) >= 0 && identStart(s[a+1]) {
		a++ // an expression's operator: "token: -log(freq / total)" is code
	}
	i, segs := a, 0
	firstDigits := false
	last := ""
	for {
		j := identEnd(s, i)
		if j == i {
			break
		}
		if segs == 0 {
			firstDigits = strings.ContainsAny(s[i:j], "0123456789")
		}
		segs++
		last = s[i:j]
		i = j
		if i+1 < len(s) && s[i] == '.' && identStart(s[i+1]) {
			i++
			continue
		}
		break
	}
	if segs == 0 {
		return false
	}
	if i < len(s) && (s[i] == '(' || s[i] == '[') {
		// A call or an index, unless what stands for the function's
		// name has a digit inside a word (Secr3t(x) is a password with
		// a bracket; get_token2() and s3.get(…) are calls).
		return !digitInside(last)
	}
	if !ends(s, i) {
		return cmdlet(s[a:min(len(s), a+64)])
	}
	// A path whose first name holds a digit (ya29.a0AfH6…) is an OAuth
	// token written out, not a member of a variable.
	if segs >= 2 {
		return !firstDigits
	}
	return camelName(s[a:i])
}

// digitInside reports whether v has a digit followed by a letter, as
// random values do and names of functions rarely do.
func digitInside(v string) bool {
	for i := 0; i+1 < len(v); i++ {
		if v[i] >= '0' && v[i] <= '9' && (isLower(v[i+1]) || isUpper(v[i+1])) {
			return true
		}
	}
	return false
}

// ends reports whether the value that reached i ends there: at the end
// of the text, a space, or a character that closes an expression or a
// list in code and configuration.
func ends(s string, i int) bool {
	return i >= len(s) || strings.IndexByte(" \t\r\n,;)]}!?|&\"'`", s[i]) >= 0
}

// camelName reports whether v is a variable named in camelCase: a lower
// case word followed by capitalised ones, letters only. Written secrets
// hold digits or symbols (the rules' opaque check asks for them); a name
// of words does not.
func camelName(v string) bool {
	if v == "" || !isLower(v[0]) {
		return false
	}
	humps := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case isUpper(c):
			if isUpper(v[i-1]) {
				return false // two capitals in a row: not a word's start
			}
			humps++
		case !isLower(c):
			return false
		}
	}
	return humps > 0
}

// cmdlet reports whether v starts with a PowerShell command's name
// (Verb-Noun, each capitalised) followed by the end of the value.
func cmdlet(v string) bool {
	verb := 0
	for verb < len(v) && (verb == 0 && isUpper(v[0]) || verb > 0 && isLower(v[verb])) {
		verb++
	}
	if verb < 2 || verb >= len(v) || v[verb] != '-' {
		return false
	}
	n := verb + 1
	if n >= len(v) || !isUpper(v[n]) {
		return false
	}
	for n < len(v) && (isUpper(v[n]) || isLower(v[n])) {
		n++
	}
	return ends(v, n)
}

func identStart(c byte) bool { return c == '_' || isLower(c) || isUpper(c) }

// identEnd returns where the identifier starting at i in s ends (i if
// none starts there).
func identEnd(s string, i int) int {
	if i >= len(s) || !identStart(s[i]) {
		return i
	}
	j := i + 1
	for j < len(s) && (identStart(s[j]) || s[j] >= '0' && s[j] <= '9') {
		j++
	}
	return j
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// quoted reports whether the value starting at a in s opens a string
// literal.
func quoted(s string, a int) bool {
	return a > 0 && (s[a-1] == '"' || s[a-1] == '\'')
}

// demoKey reports whether a key in a provider's shape is one that
// documentation shows rather than one that works: a placeholder, the
// provider's own documented example (AKIAIOSFODNN7EXAMPLE), a regular
// expression for such keys, a cut-off key (sk-ant-oat01-...), or a body
// of counting runs and words (sk-1234567890abcdef, sk-or-v1-project1-key).
// It is still redacted; it is only not reported as usable.
func demoKey(v string) bool {
	if placeholder(v) || strings.ContainsAny(v, `[]{}\^$*+?|()`) {
		return true
	}
	l := strings.ToLower(v)
	for _, m := range []string{"example", "sample", "dummy", "fake", "123456", "abcdef", "a1b2c3", "abc123", "xyz789"} {
		if strings.Contains(l, m) {
			return true
		}
	}
	for _, w := range words(v) {
		switch strings.ToLower(w) {
		case "key", "keys", "demo", "token", "secret", "project1", "foo", "bar", "test1":
			return true
		}
	}
	return false
}

// cutOff reports whether a key ending at e goes on with an ellipsis: a
// key shown only by its start ("sk-ant-oat01-...").
func cutOff(s string, e int) bool {
	return strings.HasPrefix(s[e:], "...") || strings.HasPrefix(s[e:], "…")
}

// filePath is an absolute, relative or home path of plain segments.
var filePath = lazyre.New(`^(?:\.{1,2}|~)?(?:/[A-Za-z0-9._-]+)+/?$`)
