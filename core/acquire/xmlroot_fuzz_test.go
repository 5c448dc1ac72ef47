package acquire

import (
	"testing"
)

// FuzzReadAs: sniffing an .xml file's root element never panics, and what
// it accepts is one of the readers lore has.
func FuzzReadAs(f *testing.F) {
	for _, s := range []string{
		"\ufeff<?xml version=\"1.0\"?><!-- c --><pretext><book/></pretext>",
		`<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "docbookx.dtd"><book/>`,
		`<book xmlns="http://docbook.org/ns/docbook"/>`,
		`<?xml version="1.0" encoding="UTF-16"?><pretext/>`,
		`<?xml version="1.0" encoding="ISO-8859-1"?><mathbook/>`,
		`<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>`,
		"text first <pretext/>", "", "<", "<!--",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		as, err := readAs(".xml", raw)
		if err == nil && as != ".ptx" && as != ".html" {
			t.Fatalf("readAs accepted %q as %q", raw, as)
		}
	})
}
