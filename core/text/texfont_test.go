package text

import "testing"

func TestTeXSeries(t *testing.T) {
	for font, want := range map[string]string{
		"cmbx12": "bx", "CMBX12": "bx", "cmssbx10": "bx", "sfbx1200": "bx", "ecbx1095": "bx", "cmbxti10": "bxti",
		"cmti12": "ti", "cmmi10": "mi", "cmr10": "r", "cmss10": "", "bxslider": "", "Times-Bold": "",
	} {
		if got := TeXSeries(font); got != want {
			t.Errorf("TeXSeries(%q) = %q, want %q", font, got, want)
		}
	}
}

func TestBerryShape(t *testing.T) {
	for in, want := range map[string]string{
		"ptmb8t": "b", "bchb8t": "b", "pplri8t": "i", "phvbo8t": "bi", "ptmr8t": "", "pzdr": "", "cmbx12": "", "public": "", "bold": "",
	} {
		if got := BerryShape(in); got != want {
			t.Errorf("BerryShape(%q) = %q, want %q", in, got, want)
		}
	}
}
