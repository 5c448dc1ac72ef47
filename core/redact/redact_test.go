package redact

import (
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	for _, c := range []struct {
		in, want string
		kinds    map[Kind]int
	}{
		// The reference's ordering defect: the phone pattern ran first and
		// left most of a bearer token in clear text.
		{"Authorization: Bearer abcdef1234567890", "Authorization: Bearer [REDACTED_TOKEN]", map[Kind]int{Token: 1}},
		// A bare ten-digit number is a timestamp, not a phone.
		{"timestamp 1700000000 and id 5551234567", "timestamp 1700000000 and id 5551234567", nil},
		{"call +1 555 123 4567 or (555) 123-4567", "call [REDACTED_PHONE] or [REDACTED_PHONE]", map[Kind]int{Phone: 2}},
		{"key sk-proj-abcdefghijkl here", "key [REDACTED_TOKEN] here", map[Kind]int{Token: 1}},
		{"https://x.com/cb?user=42&token=abc#frag", "https://x.com/cb#frag", map[Kind]int{Query: 1}},
		{"mail jane.doe+lore@example.co.uk now", "mail [REDACTED_EMAIL] now", map[Kind]int{Email: 1}},
		{`api_key = "9f8e7d6c5b4a"`, `api_key = "[REDACTED_TOKEN]"`, map[Kind]int{Token: 1}},
		{"password: hunter22!", "password: [REDACTED_TOKEN]", map[Kind]int{Token: 1}},
		{"export GITHUB_TOKEN=ghp_Xq7fM2pLz9RtB4wK8nY3cV6hJ1sD0a", "export GITHUB_TOKEN=[REDACTED_TOKEN]", map[Kind]int{Token: 1}},
		{"aws AKIAIOSFODNN7QJ4ZRTW key", "aws [REDACTED_TOKEN] key", map[Kind]int{Token: 1}},
		{"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV", "jwt [REDACTED_TOKEN]", map[Kind]int{Token: 1}},
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----\nrest", "[REDACTED_KEY]\nrest", map[Kind]int{Key: 1}},
		// Procedural text survives untouched.
		{"Run `make test` in 3 steps: 1. build 2. test", "Run `make test` in 3 steps: 1. build 2. test", nil},
		{"version 1.2.3 released 2024-01-15", "version 1.2.3 released 2024-01-15", nil},
		// A scheme word followed by prose is not a credential (the corpus
		// email-api skill's "## Token Efficiency" heading).
		{"## Token Efficiency\nBasic operations first; bearer responsibility", "## Token Efficiency\nBasic operations first; bearer responsibility", nil},
		{"Authorization: Basic dXNlcjpwYXNzd29yZA==", "Authorization: Basic [REDACTED_TOKEN]", map[Kind]int{Token: 1}},
		// A grammar's rule defines a token; it holds none (RFC 3875, RFC 7230).
		{"token = 1*<any CHAR except CTLs or separators>", "token = 1*<any CHAR except CTLs or separators>", nil},
		{"token = 1*tchar\nsecret = 2*4DIGIT", "token = 1*tchar\nsecret = 2*4DIGIT", nil},
		{"token = a1*b2c3d4", "token = [REDACTED_TOKEN]", map[Kind]int{Token: 1}},
		// Code passing a variable names no secret; the brace closes the
		// code around it (Flask's tutorial). A secret with brackets of
		// its own is still one.
		{"data={'username': username, 'password': password}", "data={'username': username, 'password': password}", nil},
		{"password: s3cr3tpw}", "password: [REDACTED_TOKEN]", map[Kind]int{Token: 1}},
		// An IP address is no phone number (NATS's connect_urls); a
		// number written with dots still is.
		{`"connect_urls":["192.168.129.1:4333","192.168.192.1:4333"]`, `"connect_urls":["192.168.129.1:4333","192.168.192.1:4333"]`, nil},
		{"call 555.123.4567.", "call [REDACTED_PHONE].", map[Kind]int{Phone: 1}},
	} {
		got := Text(c.in)
		if got.Text != c.want {
			t.Errorf("Text(%q)\n got %q\nwant %q", c.in, got.Text, c.want)
		}
		for k, n := range c.kinds {
			if got.Counts[k] != n {
				t.Errorf("Text(%q): %d %s, want %d (counts %v)", c.in, got.Counts[k], k, n, got.Counts)
			}
		}
		if len(c.kinds) == 0 && got.Total() != 0 {
			t.Errorf("Text(%q) redacted %v", c.in, got.Counts)
		}
	}
}

func TestRedactIsIdempotent(t *testing.T) {
	in := "Bearer abcdef1234567890, mail a@b.io, +44 20 7946 0958, https://h.io/p?q=1"
	once := Text(in).Text
	if twice := Text(once); twice.Text != once || twice.Total() != 0 {
		t.Errorf("second pass changed %q to %q (%v)", once, twice.Text, twice.Counts)
	}
	if strings.Contains(once, "abcdef") || strings.Contains(once, "7946") || strings.Contains(once, "q=1") {
		t.Errorf("left in clear: %q", once)
	}
}

func FuzzText(f *testing.F) {
	f.Add("Authorization: Bearer abcdef1234567890 +1 555 123 4567 a@b.co https://x.io/?a=1")
	f.Fuzz(func(t *testing.T, s string) {
		r := Text(s)
		if Text(r.Text).Total() != 0 {
			t.Errorf("not idempotent on %q: %q", s, r.Text)
		}
	})
}

// Documentation addresses stand for no one: reserved example domains,
// the reader's own domain and a placeholder's name are kept; a real
// address is still redacted.
func TestDocumentationAddressesAreKept(t *testing.T) {
	for _, addr := range []string{"user@example.com", "ops@mail.example.org", "a@x.example", "b@host.test", "c@h.invalid",
		"d@localhost.localhost", "boss@company.com", "sender@acme-mail.net", "John.Doe@fernhill.io", "me@home.org"} {
		if r := Text("mail " + addr + " now"); r.Counts[Email] != 0 {
			t.Errorf("%s redacted: %q", addr, r.Text)
		}
	}
	for _, addr := range []string{"ana@corp-mail.net", "marcus.chen@techcorp.io", "ops@example-corp.com", "x@example.com.evil.net"} {
		if r := Text("mail " + addr + " now"); r.Counts[Email] != 1 {
			t.Errorf("%s kept: %q", addr, r.Text)
		}
	}
}
