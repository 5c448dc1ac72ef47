package redact

import (
	"net/url"
	"strings"
)

// Span is one secret Secrets took out of a text.
type Span struct {
	// Offset and Length locate the secret in the text given to Secrets
	// (bytes).
	Offset int  `json:"offset"`
	Length int  `json:"length"`
	Kind   Kind `json:"kind"`
	// What names the secret: "Stripe live secret key", "password in a URL".
	What string `json:"what"`
	// Live is true for a credential in a provider's own shape, usable as it
	// stands; false for a value a text merely labels as secret.
	Live bool `json:"live"`
}

// Secrets replaces the credentials in s (keys, tokens, passwords; not
// e-mail addresses, phone numbers or URL queries, which learned material
// legitimately holds) by their markers, and says where each one was in s.
// The words around a secret stay, so a procedure still reads.
func Secrets(s string) (string, []Span) {
	spans := FindSecrets(s)
	if len(spans) == 0 {
		return s, nil
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp.Offset])
		b.WriteString(Marker(sp.Kind))
		last = sp.Offset + sp.Length
	}
	b.WriteString(s[last:])
	return b.String(), spans
}

// FindSecrets locates the credentials Secrets would replace, in order and
// without overlaps: where two rules match the same bytes, the earlier rule
// (the more specific shape) wins.
func FindSecrets(s string) []Span {
	return find(s, func(r rule) bool { return r.name != "" })
}

// secretParams are query parameter names whose value is a credential,
// lower case. Names ending in one of secretSuffixes count too.
var secretParams = map[string]bool{
	"key": true, "apikey": true, "api_key": true, "api-key": true, "token": true, "access_token": true,
	"refresh_token": true, "id_token": true, "auth": true, "auth_token": true, "authorization": true,
	"secret": true, "client_secret": true, "password": true, "passwd": true, "pwd": true, "pass": true,
	"sig": true, "signature": true, "x-amz-signature": true, "x-amz-credential": true,
	"x-amz-security-token": true, "x-goog-signature": true, "x-goog-credential": true,
	"session": true, "sessionid": true, "session_id": true, "sid": true, "jwt": true, "private_token": true,
}

var secretSuffixes = []string{"_token", "-token", "_secret", "-secret", "_key", "-key", "apikey", "password", "signature"}

// SecretParam reports whether a URL query parameter named name carries a
// credential (case-insensitive).
func SecretParam(name string) bool {
	n := strings.ToLower(name)
	if secretParams[n] {
		return true
	}
	for _, suf := range secretSuffixes {
		if strings.HasSuffix(n, suf) {
			return true
		}
	}
	return false
}

// URL returns raw with its credentials taken out, for storing or showing:
// the user info ("alice:hunter2@") is dropped and the value of every
// secret-looking query parameter becomes REDACTED, the other parameters
// kept in their order. Anything that is not an absolute URL is returned as
// it is (a file path has no credentials of this kind).
func URL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Opaque != "" {
		if strings.Contains(raw, "://") {
			out, _ := Secrets(raw)
			return out
		}
		return raw
	}
	changed := false
	if u.User != nil {
		u.User = nil
		changed = true
	}
	if u.RawQuery != "" {
		parts := strings.Split(u.RawQuery, "&")
		for i, p := range parts {
			k, _, _ := strings.Cut(p, "=")
			name := k
			if un, err := url.QueryUnescape(k); err == nil {
				name = un
			}
			if SecretParam(name) {
				parts[i] = k + "=REDACTED"
				changed = true
			}
		}
		u.RawQuery = strings.Join(parts, "&")
	}
	if !changed {
		return raw
	}
	return u.String()
}
