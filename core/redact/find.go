package redact

import "strings"

// Find locates every span Text would redact — credentials, e-mail
// addresses, URL queries and phone numbers — in order and without overlaps
// (where two rules match the same bytes the earlier rule wins, as in
// FindSecrets), so a caller can report what a text holds without changing
// it, or change it with Apply and report exactly what changed. What names
// the credential, or the kind for personal data ("e-mail address").
func Find(s string) []Span {
	return find(s, func(rule) bool { return true })
}

// Apply replaces the spans of s (as Find returns them: in order, not
// overlapping) by their kinds' markers; a URL query is dropped.
func Apply(s string, spans []Span) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp.Offset])
		b.WriteString(Marker(sp.Kind))
		last = sp.Offset + sp.Length
	}
	b.WriteString(s[last:])
	return b.String()
}

// kindName names the spans of a rule that has no name of its own.
func kindName(k Kind) string {
	switch k {
	case Email:
		return "e-mail address"
	case Query:
		return "URL query"
	case Phone:
		return "phone number"
	}
	return string(k)
}

// find is FindSecrets over the rules keep selects.
func find(s string, keep func(rule) bool) []Span {
	var spans []Span
	hits := literalHits(s)
	for i, r := range rules {
		if !keep(r) {
			continue
		}
		cuts := r.findAt(s, hits[i])
		if len(cuts) == 0 {
			continue
		}
		what := r.name
		if what == "" {
			what = kindName(r.kind)
		}
		// Both lists are in offset order: one merging pass keeps the cuts
		// that overlap nothing already taken, linear however many there are.
		merged := make([]Span, 0, len(spans)+len(cuts))
		i := 0
		for _, c := range cuts {
			for i < len(spans) && spans[i].Offset+spans[i].Length <= c.a {
				merged = append(merged, spans[i])
				i++
			}
			if i < len(spans) && spans[i].Offset < c.e {
				continue // overlaps spans[i]
			}
			if n := len(merged); n > 0 && merged[n-1].Offset+merged[n-1].Length > c.a {
				continue
			}
			merged = append(merged, Span{Offset: c.a, Length: c.e - c.a, Kind: r.kind, What: what, Live: r.live && !demoKey(s[c.a:c.e]) && !cutOff(s, c.e)})
		}
		spans = append(merged, spans[i:]...)
	}
	return spans
}
