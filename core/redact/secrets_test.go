package redact

import (
	"fmt"
	"strings"
	"testing"
)

// secretTwins are, per pattern family the seed's redaction missed or
// handled, a text holding a secret (with the secret itself) and a
// look-alike that holds none.
var secretTwins = []struct {
	family       string
	secret, leak string // leak: the part that must not survive
	live         bool
	twin         string // a similar-looking non-secret
}{
	{"stripe-live", "STRIPE_KEY=sk_live_51HqLyjWDarjtT1zdp7dcXYZ0 in the env", "51HqLyjWDarjtT1zdp7dc", true,
		"Stripe keys start with sk_live (production) and must never be committed."},
	{"stripe-restricted", `stripe.api_key = "rk_live_4eC39HqLyjWDarjtT1zdp7dc"`, "4eC39HqLyjWDarjtT1zdp7dc", true,
		"Use a restricted key (rk_live) with the narrowest scope."},
	{"stripe-test", "curl https://api.stripe.com/v1/charges -H 'Authorization: x' # sk_test_4eC39HqLyjWDarjtT1zdp7dc", "4eC39HqLyjWDarjtT1zdp7dc", false,
		"The publishable key pk_test_TYooMQauvdEDq54NiTphI7jx is safe in a page."},
	{"aws-secret", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8vLk2Tq3\n", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8vLk2Tq3", true,
		"commit 9fceb02d0ae598e95dc970b74767f19372d61af8 fixed aws_secret_access_key handling"},
	{"aws-secret-yaml", "AWS_SECRET_ACCESS_KEY: \"je7MtGbClwBF/2Zp9Utk/h3yCo8nvbRw5Jx2Pm7N\"", "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbRw5Jx2Pm7N", true,
		"Set AWS_SECRET_ACCESS_KEY: from the vault, never inline."},
	{"aws-key-id", "aws AKIAIOSFODNN7QJ4ZRTW key", "AKIAIOSFODNN7QJ4ZRTW", true,
		"AKIA prefixes mark long-term access key ids."},
	{"curl-user", "curl -u alice:s3cretPass https://api.example.com/", "s3cretPass", false,
		"curl -u \"$USER:$PASS\" https://api.example.com/ && ps -u root:wheel"},
	{"curl-long", "curl --user deploy:Tr0ub4dor -X POST https://ci.example/hook", "Tr0ub4dor", false,
		"curl --user deploy: prompts for the password"},
	{"url-ip", "mongodb://admin:hunter2pass@10.0.0.5:27017/db", "hunter2pass", false,
		"http://10.0.0.5:8080/admin@dashboard and http://example.com:8080/path"},
	{"url-name", "clone https://bob:gh0stpass@git.internal/repo.git", "gh0stpass", false,
		"ssh git@github.com:org/repo.git"},
	{"url-long-userinfo", "git remote add origin https://oauth2-deploy-bot-for-the-platform-team:glp4ssw0rdV3ryLongValueXYZ@gitlab.internal/a.git",
		"glp4ssw0rdV3ryLongValueXYZ", false, "see https://gitlab.internal/a.git?ref=main or mail admin@gitlab.internal"},
	{"bearer", "Authorization: Bearer abcdef1234567890", "abcdef1234567890", false,
		"## Token Efficiency\nBasic operations first"},
	{"labelled", `password: hunter22!`, "hunter22!", false,
		"the password: field is required"},
	{"labelled-grammar", `api_key = "Zq9fK2mLx8"`, "Zq9fK2mLx8", false,
		"extension-token = registered-token\ntoken = <token, see [RFC7230], Section 3.2.6>\npassword: ${DB_PASSWORD}"},
	{"github", "export GITHUB_TOKEN=ghp_Xq7fM2pLz9RtB4wK8nY3cV6hJ1sD0a", "ghp_Xq7fM2pLz9RtB4wK8nY3cV6hJ1sD0a", true,
		"GitHub tokens start with ghp_ followed by 36 characters."},
	{"private-key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----", "MIIEow", true,
		"-----BEGIN PUBLIC KEY-----\nMIIBIj\n-----END PUBLIC KEY-----"},
}

func TestSecretsTwins(t *testing.T) {
	for _, c := range secretTwins {
		t.Run(c.family, func(t *testing.T) {
			out, spans := Secrets(c.secret)
			if strings.Contains(out, c.leak) {
				t.Errorf("Secrets(%q) kept the secret: %q", c.secret, out)
			}
			if len(spans) == 0 {
				t.Fatalf("Secrets(%q) reported no span", c.secret)
			}
			covered := false
			for _, sp := range spans {
				if got := c.secret[sp.Offset : sp.Offset+sp.Length]; strings.Contains(got, c.leak) {
					covered = true
					if sp.Live != c.live {
						t.Errorf("span %q (%s): live %v, want %v", got, sp.What, sp.Live, c.live)
					}
				}
			}
			if !covered {
				t.Errorf("no span of %v covers %q in %q", spans, c.leak, c.secret)
			}
			if again, more := Secrets(out); again != out || len(more) != 0 {
				t.Errorf("second pass changed %q to %q (%v)", out, again, more)
			}
			if tw, spans := Secrets(c.twin); tw != c.twin || len(spans) != 0 {
				t.Errorf("look-alike %q was redacted: %q %v", c.twin, tw, spans)
			}
			// Text, which skills use, covers the family too.
			if got := Text(c.secret).Text; strings.Contains(got, c.leak) {
				t.Errorf("Text(%q) kept the secret: %q", c.secret, got)
			}
		})
	}
}

func TestSecretsLeavesProseAlone(t *testing.T) {
	// Secrets is for learned material: e-mail addresses, phone numbers and
	// plain URL queries are content, not credentials.
	in := "Write to jane@example.com or call +1 555 123 4567; see https://x.io/s?q=go&page=2."
	if out, spans := Secrets(in); out != in || len(spans) != 0 {
		t.Errorf("Secrets(%q) = %q %v", in, out, spans)
	}
}

func TestURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://alice:hunter2pass@host.example/x?api_key=abc123&page=2", "http://host.example/x?api_key=REDACTED&page=2"},
		{"https://h.example/doc.pdf?X-Amz-Credential=AKIA%2F2024&X-Amz-Signature=deadbeef&v=1", "https://h.example/doc.pdf?X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED&v=1"},
		{"https://h.example/p?Access_Token=t0k&github_token=x&q=go#frag", "https://h.example/p?Access_Token=REDACTED&github_token=REDACTED&q=go#frag"},
		{"http://bob@10.0.0.5:8080/", "http://10.0.0.5:8080/"},
		// Nothing secret: the URL is returned byte for byte.
		{"https://h.example/search?q=token+bucket&page=2", "https://h.example/search?q=token+bucket&page=2"},
		{"https://h.example/a%20b?x=1", "https://h.example/a%20b?x=1"},
		{"docs/guide.md", "docs/guide.md"},
		{"/tmp/with:colon@at.md", "/tmp/with:colon@at.md"},
	} {
		if got := URL(c.in); got != c.want {
			t.Errorf("URL(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func FuzzSecrets(f *testing.F) {
	for _, c := range secretTwins {
		f.Add(c.secret)
		f.Add(c.twin)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, spans := Secrets(s)
		end := 0
		for _, sp := range spans {
			if sp.Offset < end || sp.Length <= 0 || sp.Offset+sp.Length > len(s) {
				t.Fatalf("bad span %+v after %d in %q", sp, end, s)
			}
			end = sp.Offset + sp.Length
		}
		if again, more := Secrets(out); again != out || len(more) != 0 {
			t.Errorf("not idempotent on %q: %q then %q", s, out, again)
		}
		_ = URL(s)
	})
}

// floodUnits are credential shapes and near misses that, repeated, once
// made a pattern scan back over the whole text.
var floodUnits = []string{
	"password: hunter22! ", "password: ", "curl -u a:", "curl ", "http://a:b@", "http://a:", "sk_live_abcdefghijk ",
	"aws_secret_access_key = ", "Bearer 1234567890ab ", "-----BEGIN RSA PRIVATE KEY-----\n", "token=", "@",
}

func flood(unit string, n int) string { return strings.Repeat(unit, n/len(unit)+1)[:n] }

// Floods of each credential shape, and of near misses, are redacted with
// bounded output. How the time grows with the size is measured by
// BenchmarkSecretsFlood (per size, so a quadratic pass shows as a growing
// ns/byte), not asserted here, where a loaded machine would decide.
func TestSecretsFloods(t *testing.T) {
	const size = 1 << 20
	for _, unit := range floodUnits {
		txt := flood(unit, size)
		out, spans := Secrets(txt)
		// A marker is at most 16 bytes longer than what it replaces.
		if len(out) > size+16*len(spans) || len(spans) > size/2 {
			t.Errorf("%q flood: %d bytes out, %d spans", unit, len(out), len(spans))
		}
	}
}

// BenchmarkSecretsFlood redacts floods of each shape at two sizes; linear
// redaction keeps the ns/op ratio of the two sizes near 8.
func BenchmarkSecretsFlood(b *testing.B) {
	for _, unit := range floodUnits {
		for _, n := range []int{128 << 10, 1 << 20} {
			txt := flood(unit, n)
			b.Run(fmt.Sprintf("%s/%dKiB", strings.TrimSpace(unit), n>>10), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					Secrets(txt)
				}
			})
		}
	}
}
