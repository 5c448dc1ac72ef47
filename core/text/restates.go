package text

// Restates reports whether candidate says stored again in the same words:
// the two align over most of both (at least half of the longer one's
// words in common order, compared as MeaningChanges compares them) and
// change no number, formula, negation, quantifier, amount, condition or
// quoted literal; or they are one text in canonical math form. Two
// statements that do not align are two statements, whatever
// MeaningChanges (which has nothing to say of them) returns.
func Restates(candidate, stored string) bool {
	if candidate == stored || sameCanonical(candidate, stored) {
		return true
	}
	cand, exist := meaningTokens(candidate), meaningTokens(stored)
	n, m := len(cand), len(exist)
	if n == 0 || m == 0 || n > maxMeaningTokens || m > maxMeaningTokens {
		return false
	}
	if lcs := lcsTable(mtokKeys(cand), mtokKeys(exist)); int(lcs[0][0])*2 < max(n, m) {
		return false
	}
	return len(MeaningChanges(candidate, stored)) == 0
}
