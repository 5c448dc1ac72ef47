package sanitize

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
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
