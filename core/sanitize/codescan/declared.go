package codescan

import (
	"slices"
	"strings"
)

// Declared is what a skill says of itself in its SKILL.md front matter:
// its name and description. What a file of the skill does is judged
// against it — sending a key to the service the skill is about is its
// job; sending it anywhere else is exfiltration.
type Declared struct {
	Name        string
	Description string
}

// genericLabels are host labels that name no service of their own.
var genericLabels = map[string]bool{
	"www": true, "api": true, "apis": true, "app": true, "apps": true, "cdn": true, "static": true,
	"com": true, "org": true, "net": true, "io": true, "dev": true, "co": true, "ai": true,
	"gov": true, "edu": true, "uk": true, "de": true, "v1": true, "v2": true, "us": true, "eu": true,
}

// AllowsHost reports whether host is one the skill declares: a label of
// it that names a service (not "api", "www" or a top-level domain) is a
// word of the skill's name or description ("api.notion.com" for a skill
// described as working with Notion), or the description names a product
// of the host's service ("Claude" for api.anthropic.com, "Gemini" for
// generativelanguage.googleapis.com, "Jira" for *.atlassian.net). The
// host's own domain written in the description allows it and its
// subdomains. A nil Declared allows nothing.
func (d *Declared) AllowsHost(host string) bool {
	if d == nil || host == "" {
		return false
	}
	words := strings.ToLower(d.Name + " " + d.Description)
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if strings.Contains(words, host) {
		return true
	}
	labels := strings.Split(host, ".")
	if n := len(labels); n >= 2 && len(labels[n-2]) >= 3 && strings.Contains(words, labels[n-2]+"."+labels[n-1]) {
		return true
	}
	for _, l := range labels {
		if len(l) < 3 || genericLabels[l] {
			continue
		}
		if hasWord(words, l) {
			return true
		}
		for product, services := range serviceAliases {
			if len(product) >= 3 && hasWord(words, product) && slices.Contains(services, l) {
				return true
			}
		}
	}
	return false
}

// hasWord reports whether w occurs in s between non-letters.
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(w)
		if (a == 0 || !isLetter(s[a-1])) && (b == len(s) || !isLetter(s[b])) {
			return true
		}
		i = a + 1
	}
}

func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
