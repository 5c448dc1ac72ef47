package analyze

import "testing"

// A heading's attribute list (pandoc, kramdown, mmark) and its backslash
// escapes print nothing: the title is what a reader sees.
func TestHeadingAttributesAreNotTitle(t *testing.T) {
	for in, want := range map[string]string{
		"## Elligator 2 method {#elligator2}":                   "Elligator 2 method",
		"### Simplified SWU for AB == 0 {#simple-swu-AB0}":      "Simplified SWU for AB == 0",
		"## Notes {.unnumbered}":                                "Notes",
		"## Usage {: #usage}":                                   "Usage",
		`## hash\_to\_field implementation {#hashtofield-impl}`: "hash_to_field implementation",
		"## Sets {A, B}":                                        "Sets {A, B}",
		`## The map \(x \mapsto x^2\)`:                          `The map \(x \mapsto x^2\)`,
	} {
		hs := markdownHeadings(in + "\n\nText.\n")
		if len(hs) != 1 || hs[0].title != want {
			t.Errorf("%q: headings %+v, want title %q", in, hs, want)
		}
	}
}
