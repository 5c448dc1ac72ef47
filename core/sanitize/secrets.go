package sanitize

import (
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

// redactedEvidence is a finding's evidence with the secrets in it replaced,
// so that a report or the scan's output never repeats a credential.
func redactedEvidence(s string, a, b int) string {
	ev, _ := redact.Secrets(evidence(s, a, b))
	return ev
}

// OnlySecrets reports whether every finding (none at all included) is a
// secret: a HOME source with nothing else is still approved on its own.
func OnlySecrets(fs []core.Finding) bool {
	for _, f := range fs {
		if f.Category != core.Secret {
			return false
		}
	}
	return true
}
