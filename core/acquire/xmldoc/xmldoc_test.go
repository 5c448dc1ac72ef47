package xmldoc

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/acquire/htmltext"
)

const docbook = `<?xml version="1.0"?>
<article xmlns="http://docbook.org/ns/docbook"><info><title>Sorting</title><author>A. Writer</author></info>
<section><title>Insertion sort</title>
<para>Insertion sort builds the sorted list one item at a time, as a card player does.</para>
<para>To sort an array <varname>A</varname>, run these steps:</para>
<orderedlist><listitem><para>Let i be 1.</para></listitem><listitem><para>While i is less than the length, insert A[i] among the sorted items before it.</para></listitem></orderedlist>
<para>A <glossterm>stable sort</glossterm> keeps equal items in their order.</para>
<programlisting>for i in range(1, n):
    insert(A, i)</programlisting>
</section></article>`

const xep = `<?xml version='1.0' encoding='UTF-8'?>
<!DOCTYPE xep SYSTEM 'xep.dtd' [ <!ENTITY % ents SYSTEM 'xep.ent'> %ents; ]>
<xep><header><title>Entity Capabilities</title><abstract>This document defines how entities advertise what they support.</abstract><number>0115</number><status>Final</status></header>
<section1 topic='Introduction' anchor='intro'><p>Entities often need to know what others support, and asking each of them costs traffic.</p>
<section2 topic='Generation Method' anchor='ver'><p>The ver attribute is generated as follows, in order:</p>
<ol><li>Initialize an empty string S.</li><li>Sort the identities and append each to S.</li></ol></section2></section1></xep>`

// A document of a vocabulary lore has no reader of its own for reads as
// the page its elements mean: titled divisions as headings, paragraphs,
// numbered lists, code, terms; metadata (an author, a XEP's number and
// status) is no text.
func TestDocBookAndXEPReadAsPages(t *testing.T) {
	for name, c := range map[string]struct {
		src  string
		want []string
		not  []string
	}{
		"docbook": {docbook, []string{"# Sorting", "## Insertion sort", "1. Let i be 1.", "2. While i is less", "**stable sort**", "```\nfor i in range(1, n):"}, []string{"A. Writer"}},
		"xep":     {xep, []string{"# Entity Capabilities", "This document defines", "## Introduction", "### Generation Method", "1. Initialize an empty string S.", "2. Sort the identities"}, []string{"0115", "Final"}},
	} {
		page, err := HTML(strings.NewReader(c.src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, _, _ := htmltext.Read(page)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: text lacks %q:\n%s", name, w, got)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: text holds metadata %q:\n%s", name, w, got)
			}
		}
	}
}

// A build file, a drawing or a data export has no paragraphs of prose:
// it is no document.
func TestIsDocument(t *testing.T) {
	for src, want := range map[string]bool{
		docbook: true,
		xep:     false, // two paragraphs of prose, the abstract aside: too little to read
		`<project><modelVersion>4.0.0</modelVersion><dependencies><dependency><artifactId>x</artifactId></dependency></dependencies></project>`: false,
		`<svg xmlns="http://www.w3.org/2000/svg"><text>A label</text></svg>`:                                                                    false,
	} {
		if got := IsDocument([]byte(src)); got != want {
			t.Errorf("IsDocument(%.40q) = %v, want %v", src, got, want)
		}
	}
}
