package sanitize

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize/codescan"
)

// secrets reports the credentials written in the text: a key in a
// provider's own shape (a Stripe live key, an AWS key, a private key block)
// as a warning, a value the text labels as a password or token as a note.
// Never critical: a leaked secret harms its owner, not the reader, so it
// does not hold the gate; learning redacts it before extraction.
func (sc *scanner) secrets() {
	if sc.depth > 0 {
		return // decoded base64 is scanned for attacks, not for its bytes' shapes
	}
	for _, sp := range redact.FindSecrets(sc.s) {
		sev, rec := core.Info, "Learning replaces it with a marker; remove it from the source if it is real."
		if sp.Live {
			sev, rec = core.Warning, "It looks usable as it stands: revoke it if it is real. Learning replaces it with a marker."
		}
		if !sc.room(core.Secret, sev) {
			continue
		}
		sc.add(sp.Offset, sp.Offset+sp.Length, core.Secret, sev, sp.What+" in the text", rec, false)
	}
}

// secretWindow is how far around a finding its evidence is searched for
// secrets: well past the evidence's own context, so that a secret the
// context cuts in half is still recognised whole and replaced.
const secretWindow = 512

// redactedEvidence is a finding's evidence with the secrets around it
// replaced, so that a report or the scan's output never repeats a
// credential, not even the part of one that fits in the context.
func redactedEvidence(s string, a, b int) string {
	lo, hi := max(0, a-secretWindow), min(len(s), b+secretWindow)
	for lo > 0 && !utf8.RuneStart(s[lo]) {
		lo--
	}
	for hi < len(s) && !utf8.RuneStart(s[hi]) {
		hi++
	}
	w := s[lo:hi]
	spans := redact.FindSecrets(w)
	if len(spans) == 0 {
		return evidence(s, a, b)
	}
	// Rebuild the window with markers, carrying the match's bounds over:
	// a bound inside a secret moves to that secret's marker.
	ra, rb := a-lo, b-lo
	na, nb := -1, -1
	var sb strings.Builder
	last := 0
	for _, sp := range spans {
		if na < 0 && ra <= sp.Offset {
			na = sb.Len() + ra - last
		}
		if nb < 0 && rb <= sp.Offset {
			nb = sb.Len() + rb - last
		}
		sb.WriteString(w[last:sp.Offset])
		start := sb.Len()
		sb.WriteString(redact.Marker(sp.Kind))
		end := sp.Offset + sp.Length
		if na < 0 && ra < end {
			na = start
		}
		if nb < 0 && rb <= end {
			nb = sb.Len()
		}
		last = end
	}
	if na < 0 {
		na = sb.Len() + ra - last
	}
	if nb < 0 {
		nb = sb.Len() + rb - last
	}
	sb.WriteString(w[last:])
	ev := evidence(sb.String(), na, max(na, nb))
	if lo > 0 && !strings.HasPrefix(ev, "…") {
		ev = "…" + ev
	}
	if hi < len(s) && !strings.HasSuffix(ev, "…") {
		ev += "…"
	}
	return ev
}

// analyzeCode is the code analyser's findings on txt with the secrets of
// txt taken out of what they quote (evidence, description, flow), as the
// sanitizer's own evidence is: the analyser reads the text as written —
// it must, to see what the code does — and quotes its lines as they are.
func analyzeCode(d *codescan.Declared, file, txt string) []core.Finding {
	return redactQuoted(txt, codescan.AnalyzeIn(d, file, txt))
}

// codeFindings are the code analyser's findings for the scanned document,
// quoting no secret. In a reference document about security or prompts
// (its front matter, its skill's, or a heading says so) a code block shown
// to the reader is an example of an attack, as its sentences are: one step
// lower, as the plain-words rules lower theirs. A SKILL.md's blocks are
// its steps, never lowered so.
func (sc *scanner) codeFindings(d *codescan.Declared, file, txt string) []core.Finding {
	fs := analyzeCode(d, file, txt)
	if len(fs) == 0 || isSkillMD(file) {
		return fs // a skill's own steps are not examples, whatever the skill is about
	}
	fm := parseFrontMatter(txt)
	if fm == nil && d != nil {
		fm = &frontMatter{name: d.Name, description: d.Description}
	}
	if !sc.securityDoc(fm) {
		return fs
	}
	for i := range fs {
		if strings.HasPrefix(fs[i].Description, codescan.ShownPrefix) && fs[i].Severity != core.Info {
			fs[i].Severity = lowerSev(fs[i].Severity)
			fs[i].Description += " (in a document about security or prompts)"
		}
	}
	return fs
}

// minQuoted is the shortest piece of a secret looked for in a quote: a
// line of a private key block, the start of a key a quote cuts short.
const minQuoted = 8

// redactQuoted replaces, in what each finding quotes of txt, the secrets
// txt holds: whole, line by line (a private key's body quoted one line at
// a time) and cut short by a quote's closing "…"; then whatever the quote
// holds on its own (redact.Secrets).
func redactQuoted(txt string, fs []core.Finding) []core.Finding {
	if len(fs) == 0 {
		return fs
	}
	type secret struct {
		text   string
		marker string
	}
	var secrets []secret
	for _, sp := range redact.FindSecrets(txt) {
		m := redact.Marker(sp.Kind)
		for _, l := range strings.Split(txt[sp.Offset:sp.Offset+sp.Length], "\n") {
			if l = strings.TrimSpace(l); len(l) >= minQuoted {
				secrets = append(secrets, secret{l, m})
			}
		}
	}
	// Longest first, so that a line of a key is not cut inside a longer
	// secret holding it.
	slices.SortFunc(secrets, func(a, b secret) int { return len(b.text) - len(a.text) })
	fn := func(q string) string {
		if q == "" {
			return q
		}
		for _, s := range secrets {
			q = strings.ReplaceAll(q, s.text, s.marker)
			if body, ok := strings.CutSuffix(q, "…"); ok {
				for k := len(s.text) - 1; k >= minQuoted; k-- {
					if strings.HasSuffix(body, s.text[:k]) {
						q = body[:len(body)-k] + s.marker + "…"
						break
					}
				}
			}
		}
		q, _ = redact.Secrets(q)
		return q
	}
	for i := range fs {
		fs[i] = fs[i].Quoting(fn)
	}
	return fs
}

// Excerpt is the evidence a finding gives for the bytes [a, b) of s: the
// match with about 40 characters of context on each side, on one line,
// hidden characters spelled out, and the credentials in and around it
// replaced by their markers, as the scanner's own findings quote a
// document. Callers that report something the scanner does not look for
// (a span of personal data, a check's complaint about a line) quote it
// with this, so that every finding reads alike and none repeats a secret.
func Excerpt(s string, a, b int) string {
	a, b = max(0, min(a, len(s))), max(0, min(b, len(s)))
	b = max(a, b)
	return redactedEvidence(s, a, b)
}
