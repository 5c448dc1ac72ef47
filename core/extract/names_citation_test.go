package extract

import "testing"

// A caption's numbered citation is no part of the name it gives; a
// bracket that names something stays.
func TestNameDropsCitation(t *testing.T) {
	for in, want := range map[string]string{
		"Subset-Rank Query using SWT [2]":  "Subset-Rank Query using SWT",
		"Wavelet tree construction [3, 7]": "Wavelet tree construction",
		"Access on the array A[i]":         "Access on the array A[i]",
		"Merge sort [12–14]":               "Merge sort",
		"Rank on bitmaps [Jacobson 1989]":  "Rank on bitmaps",
		"[Bold] lemma":                     "[Bold] lemma",
		"Select on bitmaps]":               "Select on bitmaps",
	} {
		if got := givenName(in); got != want {
			t.Errorf("givenName(%q) = %q, want %q", in, got, want)
		}
	}
}
