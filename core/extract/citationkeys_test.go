package extract

import "testing"

// A key of alpha style with a raised "+" ("BKP⁺14", as the PDF reader now
// writes a superscript) is a citation key: the result's title
// "Rejection Binomial Sampling; [BKP⁺ 14]" kept it.
func TestRaisedPlusCitationKey(t *testing.T) {
	for in, want := range map[string]string{
		"Rejection Binomial Sampling; [BKP⁺ 14]": "Rejection Binomial Sampling",
		"Rejection Binomial Sampling; [BKP+ 14]": "Rejection Binomial Sampling",
		"Hoeffding's inequality [Hoe⁺94]":        "Hoeffding's inequality",
		"the set [x⁺ 14]":                        "the set [x⁺ 14]",
	} {
		if got := dropCitationKeys(in); got != want {
			t.Errorf("dropCitationKeys(%q) = %q, want %q", in, got, want)
		}
	}
}
