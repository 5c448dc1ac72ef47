package mathml

import "testing"

// Office Math reads as its linear form: fractions, scripts, delimiters
// with their characters, n-ary operators with their limits (a
// zero-width space standing for an empty one), radicals, function names
// apart from their arguments, and matrices row by row.
func TestOfficeMath(t *testing.T) {
	const m = `xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"`
	r := func(s string) string { return `<m:r><m:t>` + s + `</m:t></m:r>` }
	for in, want := range map[string]string{
		r("x") + r("log") + `<m:f><m:num>` + r("1") + `</m:num><m:den>` + r("x") + `</m:den></m:f>`:                                                                                                                                   "x log (1)/(x)",
		`<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>` + r("s") + r("∈") + r("S") + `</m:sub><m:sup>` + r("\u200b") + `</m:sup><m:e><m:sSub><m:e>` + r("a") + `</m:e><m:sub>` + r("s") + `</m:sub></m:sSub></m:e></m:nary>`: "∑_{s ∈ S} a_s",
		`<m:nary><m:sub>` + r("0") + `</m:sub><m:sup>` + r("1") + `</m:sup><m:e>` + r("f") + `</m:e></m:nary>`:                                                                                                                        "∫_0^1 f",
		`<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val=")"/><m:sepChr m:val=""/></m:dPr><m:e>` + r("0") + r(",") + r("∞") + `</m:e></m:d>`:                                                                                         "[0, ∞)",
		`<m:d><m:e>` + r("a") + `</m:e><m:e>` + r("b") + `</m:e></m:d>`:                                                                                                                                                               "(a| b)",
		`<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>` + r("2") + `</m:e></m:rad>`:                                                                                                                                   "sqrt(2)",
		`<m:sSubSup><m:e>` + r("b") + `</m:e><m:sub>` + r("ij") + `</m:sub><m:sup>` + r("(s)") + `</m:sup></m:sSubSup>`:                                                                                                               "b_{ij}^{(s)}",
		`<m:m><m:mr><m:e>` + r("1") + `</m:e><m:e>` + r("0") + `</m:e></m:mr><m:mr><m:e>` + r("0") + `</m:e><m:e>` + r("1") + `</m:e></m:mr></m:m>`:                                                                                   "[1, 0; 0, 1]",
		`<m:func><m:fName>` + r("sin") + `</m:fName><m:e>` + r("x") + `</m:e></m:func>`:                                                                                                                                               "sin x",
	} {
		if got := build(t, `<m:oMath `+m+`>`+in+`</m:oMath>`).RenderOMML(); got != want {
			t.Errorf("%s\n  = %q, want %q", in, got, want)
		}
	}
}
