package codescan

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// secretWords are the parts of an environment variable's name that say it
// holds a secret (OPENAI_API_KEY, GITHUB_TOKEN, DB_PASSWORD).
var secretWords = map[string]bool{
	"key": true, "keys": true, "token": true, "secret": true, "secrets": true, "password": true, "passwd": true,
	"pass": true, "pw": true, "pwd": false, "credential": true, "credentials": true, "creds": true, "apikey": true, "accesskey": true,
	"secretkey": true, "pat": true, "cookie": true, "cookies": true, "bearer": true, "privatekey": true, "passphrase": true,
	"dsn": true, "webhook": true,
}

// notSecretLast are last words that make a name point at a secret rather
// than hold one (SSH_KEY_PATH, AWS_ACCESS_KEY_ID, TOKEN_URL).
var notSecretLast = map[string]bool{
	"path": true, "file": true, "dir": true, "url": true, "uri": true, "id": true, "name": true, "domain": true, "domains": true,
	"host": true, "region": true, "type": true, "mode": true, "header": true, "length": true, "size": true, "endpoint": true,
	"version": true, "prefix": true, "env": true, "var": true, "ttl": true, "expiry": true, "expires": true, "count": true,
}

// secretEnvName reports an environment variable whose name says it holds
// a secret. PWD and OLDPWD are folders, not passwords.
func secretEnvName(n string) bool {
	if n == "" || len(n) > 100 {
		return false
	}
	ws := nameWords(n)
	if len(ws) == 0 || notSecretLast[ws[len(ws)-1]] {
		return false
	}
	for _, w := range ws {
		if notSecretWord[w] {
			return false
		}
	}
	for _, w := range ws {
		if secretWords[w] {
			return true
		}
	}
	if ws[len(ws)-1] == "auth" && len(ws) > 1 {
		return true // BASIC_AUTH, HTTP_AUTH; AUTH_DOMAIN is no secret
	}
	l := strings.ToLower(n)
	return strings.HasSuffix(l, "apikey") || strings.HasSuffix(l, "token") || strings.HasSuffix(l, "secret") || strings.HasSuffix(l, "password")
}

// nameWords splits a variable name at underscores, dashes and dots, lower-cased.
func nameWords(n string) []string {
	return strings.FieldsFunc(strings.ToLower(n), func(r rune) bool { return r == '_' || r == '-' || r == '.' })
}

// notSecretWord are words that make a name a setting or a public value
// (MAX_TOKENS, SORT_KEY, NEXT_PUBLIC_…, a publishable key).
var notSecretWord = map[string]bool{
	"max": true, "min": true, "num": true, "limit": true, "public": true, "publishable": true, "sort": true, "cache": true,
	"partition": true, "primary": true, "foreign": true, "idempotency": true, "hash": true, "row": true, "anon": true,
}

// cloudSecretName is a secret that no API wants in a request body or
// query: cloud account keys sign requests, they are never sent.
func cloudSecretName(n string) bool {
	u := strings.ToUpper(n)
	switch {
	case strings.HasPrefix(u, "AWS_SECRET") || strings.HasPrefix(u, "AWS_SESSION_TOKEN"):
		return true
	case strings.HasPrefix(u, "AZURE_") && (strings.Contains(u, "SECRET") || strings.Contains(u, "KEY") || strings.Contains(u, "PASSWORD")):
		return true
	case (strings.HasPrefix(u, "GCP_") || strings.HasPrefix(u, "GOOGLE_")) && (strings.Contains(u, "CREDENTIALS") || strings.Contains(u, "PRIVATE_KEY") || strings.Contains(u, "SERVICE_ACCOUNT")):
		return true
	case strings.Contains(u, "PRIVATE_KEY") || strings.HasPrefix(u, "SSH_"):
		return true
	}
	return false
}

// genericKeyWords are parts of a key's name that name no service.
var genericKeyWords = map[string]bool{
	"api": true, "key": true, "keys": true, "token": true, "tokens": true, "secret": true, "access": true, "id": true, "auth": true,
	"pat": true, "password": true, "passwd": true, "pass": true, "client": true, "private": true, "personal": true, "bearer": true,
	"app": true, "url": true, "base": true, "my": true, "the": true, "user": true, "username": true, "account": true, "bot": true,
	"oauth": true, "session": true, "refresh": true, "org": true, "project": true, "service": true, "default": true, "env": true,
	"prod": true, "dev": true, "test": true, "live": true, "sk": true, "v1": true, "v2": true, "write": true, "read": true,
	"admin": true, "master": true, "signing": true, "webhook": true, "credentials": true, "credential": true, "creds": true,
	"new": true, "old": true, "current": true, "next": true, "primary": true, "secondary": true, "local": true, "global": true,
	"custom": true, "your": true, "our": true, "main": true, "public": true, "secret_key": true, "rest": true, "http": true,
}

// serviceAliases maps the short names keys use to the host labels of
// their services.
var serviceAliases = map[string][]string{
	"gh": {"github"}, "hf": {"huggingface", "hf"}, "aws": {"amazonaws", "aws"}, "gcp": {"googleapis", "google"},
	"google": {"googleapis", "google"}, "gemini": {"googleapis"}, "az": {"azure", "windows"}, "azure": {"azure", "windows", "microsoft"},
	"claude": {"anthropic"}, "chatgpt": {"openai"}, "gpt": {"openai"}, "msft": {"microsoft"}, "gitlab": {"gitlab"},
	"jira": {"atlassian", "jira"}, "confluence": {"atlassian", "confluence"}, "bitbucket": {"bitbucket", "atlassian"},
	"trello": {"trello", "atlassian"}, "ncbi": {"ncbi", "nih"}, "entrez": {"ncbi", "nih"},
}

// keyServices are the words of a key's name that name its service
// (OPENAI_API_KEY → openai), with their known aliases.
func keyServices(n string) []string {
	var out []string
	for _, w := range nameWords(n) {
		if genericKeyWords[w] || len(w) < 2 {
			continue
		}
		if al, ok := serviceAliases[w]; ok {
			out = append(out, al...)
			continue
		}
		if len(w) >= 3 {
			out = append(out, w)
		}
	}
	return out
}

// keyMatchesHost reports a key whose name names the host's service
// (OPENAI_API_KEY and api.openai.com, GITHUB_TOKEN and api.github.com,
// WEATHER_KEY and api.openweathermap.org).
func keyMatchesHost(key, host string) bool {
	svcs := keyServices(key)
	if len(svcs) == 0 {
		return false
	}
	for _, l := range strings.Split(strings.ToLower(host), ".") {
		if len(l) < 2 || genericLabels[l] {
			continue
		}
		for _, s := range svcs {
			if l == s || len(s) >= 4 && strings.Contains(l, s) || len(l) >= 4 && strings.Contains(s, l) {
				return true
			}
		}
	}
	return false
}

// localHost is this machine: sending there is not sending away.
func localHost(h string) bool {
	h = strings.ToLower(h)
	return h == "localhost" || strings.HasPrefix(h, "127.") || h == "[::1]" || h == "::1" || h == "0.0.0.0" || strings.HasSuffix(h, ".localhost")
}

// hostOfURL is the host of a URL written in the code ("https://a.b/c" →
// "a.b"), "" when there is none or it is built from values.
func hostOfURL(s string) string {
	i := strings.Index(s, "://")
	if i < 0 || i > 12 {
		return ""
	}
	scheme := strings.ToLower(s[:i])
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "ftps", "smtp", "smtps", "tcp", "udp":
	default:
		return ""
	}
	h := s[i+3:]
	if j := strings.IndexAny(h, "/?#"); j >= 0 {
		h = h[:j]
	}
	if j := strings.LastIndexByte(h, '@'); j >= 0 {
		h = h[j+1:]
	}
	if j := strings.LastIndexByte(h, ':'); j >= 0 && !strings.Contains(h[j:], "]") {
		h = h[:j]
	}
	if h == "" || strings.ContainsAny(h, "{}$%<> \t\"'`\\") || len(h) > 253 || !utf8.ValidString(h) {
		return ""
	}
	return strings.ToLower(h)
}

// consistent reports a host the key may go to: one the skill declares,
// one the key's name names, or this machine.
func (a *analysis) consistent(host, key string) bool {
	return host != "" && (localHost(host) || a.decl.AllowsHost(host) || key != "" && keyMatchesHost(key, host))
}

// part is where in a request a secret goes.
type part uint8

const (
	partAuth  part = iota // an authentication header or option
	partQuery             // the URL or its query string
	partBody              // the body, a form, a socket's or a mail's data, a DNS name
)

// secretSend judges a named secret (an environment variable that holds a
// key, a keyring entry) reaching a network call. host is the call's
// destination when the code fixes it ("" when it comes from a value); p
// is the part of the request the secret is in.
//
//   - to a host the skill declares, or that the key's name names, or to
//     this machine: its job (but see cloud keys).
//   - a cloud account key in the body or the query: critical wherever it
//     goes; such keys sign requests and are never sent.
//   - a key named for one service (OPENAI_API_KEY) sent anywhere in a
//     call to another fixed host, its headers included: critical.
//   - a key whose name names no service (API_KEY) in the body of a call
//     to a fixed host the skill does not declare: critical; in the query
//     (many APIs take ?key=): a warning.
//   - any key in the body or query of a call whose host is not fixed in
//     the code: a warning.
//   - a key in the headers of a call whose host is not fixed, or of a
//     generic key to a fixed host: nothing (every API client does that).
func (a *analysis) secretSend(l label, host string, p part, sinkName string, at int, lower int) {
	cloud := p != partAuth && cloudSecretName(l.name)
	if a.consistent(host, l.name) && !cloud {
		return
	}
	where := "an address not fixed in the code"
	if host != "" {
		where = host
	}
	how := [...]string{" sent in the headers to ", " sent in the address to ", " sent to "}[p]
	desc := l.what + how + where + " (" + sinkName + ")"
	named := len(keyServices(l.name)) > 0
	sev := core.Warning
	switch {
	case cloud:
		sev = core.Critical
		desc += ": a cloud account key has no place in a request's body or address"
	case host != "" && named && l.k == lSecret && strings.HasPrefix(l.what, "environment variable"):
		sev = core.Critical
		desc += ": the key belongs to another service"
	case host != "" && p == partBody:
		sev = core.Critical
		desc += ": a host the skill does not declare"
	case host != "" && p == partQuery:
		desc += ": a host the skill does not declare"
	case host == "" && p != partAuth:
		desc += ": check where the address comes from"
	default:
		return
	}
	a.add(hit{a: at, cat: core.ExternalResources, sev: sev, rule: "secret-exfiltration", src: l.what, srcOff: l.off,
		sink: sinkName + " to " + where, sinkOff: at, lower: lower, desc: desc,
		rec: "Send a key only to the service it belongs to, in its authentication header; reject the skill if the destination is not its own."})
}

// authKey is a key of an object or a keyword argument whose value
// authenticates rather than carries data.
func authKey(s string) bool {
	if len(s) < 4 || len(s) > 19 {
		return false
	}
	for _, k := range authKeys {
		if strings.EqualFold(s, k) {
			return true
		}
	}
	return false
}

var authKeys = []string{"headers", "auth", "authorization", "proxy-authorization", "proxy_auth", "http_auth", "basic_auth", "bearer", "oauth"}

// authSpans marks the tokens of an argument that authenticate: the value
// of headers=/auth= keyword arguments, of "headers:" and "Authorization:"
// keys in an object literal, and a bare "headers" shorthand.
func authSpans(arg []tok) []bool {
	var m []bool
	mark := func(i, j int) {
		if m == nil {
			m = make([]bool, len(arg))
		}
		for k := i; k < j && k < len(arg); k++ {
			m[k] = true
		}
	}
	for k := 0; k < len(arg); k++ {
		x := arg[k]
		if !(x.k == tIdent || x.k == tStr && !x.interp) || !authKey(x.s) {
			continue
		}
		if k+1 < len(arg) && arg[k+1].k == tOp && (arg[k+1].s == ":" || arg[k+1].s == "=") {
			// the value runs to the next comma or closing bracket at this depth
			depth, e := 0, k+2
			for ; e < len(arg) && e < k+2+maxSpan; e++ {
				if arg[e].k != tOp {
					continue
				}
				s := arg[e].s
				if s == "(" || s == "[" || s == "{" {
					depth++
				} else if s == ")" || s == "]" || s == "}" {
					if depth == 0 {
						break
					}
					depth--
				} else if s == "," && depth == 0 {
					break
				}
			}
			mark(k, e)
			k = e - 1
			continue
		}
		if x.k == tIdent && (k+1 == len(arg) || arg[k+1].k == tOp && (arg[k+1].s == "," || arg[k+1].s == "}")) && k > 0 && arg[k-1].k == tOp && (arg[k-1].s == "{" || arg[k-1].s == ",") {
			mark(k, k+1) // { headers } shorthand
		}
	}
	return m
}

// fstringExprs returns the spans [a, b) of the expressions of a Python
// f-string body ({x}, {obj.attr!r:>10}), doubled braces skipped. At most
// 64 are returned.
func fstringExprs(body string) [][2]int {
	var out [][2]int
	for i := 0; i < len(body) && len(out) < 64; i++ {
		c := body[i]
		if c == '}' && i+1 < len(body) && body[i+1] == '}' {
			i++
			continue
		}
		if c != '{' {
			continue
		}
		if i+1 < len(body) && body[i+1] == '{' {
			i++
			continue
		}
		// find the end of the expression: a top-level !, : or the closing }
		depth, e, end := 0, i+1, -1
		var q byte
		for ; e < len(body); e++ {
			d := body[e]
			if q != 0 {
				if d == '\\' {
					e++
				} else if d == q {
					q = 0
				}
				continue
			}
			switch d {
			case '\'', '"':
				q = d
			case '(', '[', '{':
				depth++
			case ')', ']':
				if depth > 0 {
					depth--
				}
			case '}':
				if depth > 0 {
					depth--
					continue
				}
			case '!':
				if depth == 0 && end < 0 && !(e+1 < len(body) && body[e+1] == '=') {
					end = e
				}
			case ':':
				if depth == 0 && end < 0 && !(e+1 < len(body) && body[e+1] == '=') {
					end = e
				}
			}
			if d == '}' && depth == 0 {
				break
			}
		}
		if end < 0 {
			end = min(e, len(body))
		}
		if end > i+1 {
			out = append(out, [2]int{i + 1, end})
		}
		i = min(e, len(body))
	}
	return out
}
