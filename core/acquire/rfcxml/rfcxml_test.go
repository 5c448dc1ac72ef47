package rfcxml

import (
	"strings"
	"testing"
)

// A prepped version 3 document: its boilerplate, table of contents,
// authors and references are no text of the document's; its sections are
// numbered as printed, its definition lists written as a draft's Markdown
// writes them, its figure fenced with its caption, its ordered list
// numbered, a reference printed as xml2rfc derives it.
func TestVersion3Document(t *testing.T) {
	doc := `<?xml version='1.0' encoding='utf-8'?>
<rfc xmlns:xi="http://www.w3.org/2001/XInclude" version="3" docName="draft-ietf-ipsecme-codes-06" ipr="trust200902" number="8983">
  <front>
    <title abbrev="Codes">IKEv2 Notification Status Types</title>
    <author fullname="Mohamed Boucadair"><organization>Orange</organization></author>
    <date month="02" year="2021"/>
    <abstract pn="section-abstract"><t>This document specifies new notification status types.</t></abstract>
    <boilerplate><section numbered="false"><name>Status of This Memo</name><t>This is an Internet Standards Track document.</t></section></boilerplate>
    <toc><section numbered="false"><name>Table of Contents</name><ul><li><t>1. Introduction</t></li></ul></section></toc>
  </front>
  <middle>
    <section><name>Introduction</name>
      <t>As described in <xref target="RFC7849" derivedContent="RFC7849"/>, the following cause codes can be returned:</t>
      <dl newline="false">
        <dt>cause #50:</dt><dd>Only PDP type IPv4 is allowed.</dd>
        <dt>cause #51:</dt><dd>Only PDP type IPv6 is allowed.</dd>
      </dl>
    </section>
    <section><name>Processing</name>
      <t>The responder performs the following steps:</t>
      <ol><li><t>Check the <tt>Version</tt> field.</t></li><li>Discard an unknown version.</li></ol>
      <section><name>Format</name>
        <figure><name>Notify Payload</name><artwork type="ascii-art"><![CDATA[
+-+-+-+-+-+-+-+-+
|  Protocol ID  |
+-+-+-+-+-+-+-+-+
]]></artwork></figure>
      </section>
    </section>
  </middle>
  <back>
    <references><name>References</name><reference anchor="RFC7849"><front><title>An IPv6 Profile</title></front></reference></references>
    <section numbered="false"><name>Acknowledgements</name><t>Thanks.</t></section>
  </back>
</rfc>`
	md, err := Markdown(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"---\ntitle: IKEv2 Notification Status Types\ndocname: draft-ietf-ipsecme-codes-06\nnumber: 8983\nipr: trust200902\n---\n",
		"## Abstract\n\nThis document specifies new notification status types.\n",
		"## 1. Introduction\n\nAs described in RFC7849, the following cause codes can be returned:\n\ncause #50:\n: Only PDP type IPv4 is allowed.\n\ncause #51:\n: Only PDP type IPv6 is allowed.\n",
		"## 2. Processing\n\nThe responder performs the following steps:\n\n1. Check the `Version` field.\n2. Discard an unknown version.\n",
		"### 2.1. Format\n\n~~~ascii-art\n+-+-+-+-+-+-+-+-+\n|  Protocol ID  |\n+-+-+-+-+-+-+-+-+\n~~~\n\nFigure 1: Notify Payload\n",
		"## Acknowledgements\n\nThanks.\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
	for _, not := range []string{"Status of This Memo", "Table of Contents", "Orange", "An IPv6 Profile"} {
		if strings.Contains(md, not) {
			t.Errorf("%q is no text of the document's:\n%s", not, md)
		}
	}
}

// Version 2 gives a section's title as an attribute and a list's items as
// its <t>s; appendices are lettered.
func TestVersion2Document(t *testing.T) {
	doc := `<?xml version="1.0"?>
<!DOCTYPE rfc SYSTEM "rfc2629.dtd">
<rfc docName="draft-example-02" ipr="trust200902">
  <front><title>Example</title></front>
  <middle>
    <section title="Procedure">
      <t>The receiver proceeds as follows:
        <list style="numbers"><t>Read the header.</t><t>Check the length.</t></list>
      </t>
    </section>
  </middle>
  <back><section title="Test Vectors"><t>None yet.</t></section></back>
</rfc>`
	md, err := Markdown(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## 1. Procedure\n\nThe receiver proceeds as follows:\n\n1. Read the header.\n2. Check the length.\n", "## Appendix A. Test Vectors\n\nNone yet.\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
}

// Elements nested past the bound are refused, not read at great cost.
func TestDeepNestingRefused(t *testing.T) {
	doc := "<rfc><middle>" + strings.Repeat("<section>", maxDepth+5) + "</middle></rfc>"
	if _, err := Markdown(strings.NewReader(doc)); err == nil || !strings.Contains(err.Error(), "nested") {
		t.Errorf("err = %v, want a nesting error", err)
	}
}

// A table is a Markdown table under its caption ("Table 1: …"), its cells'
// paragraphs their text; a drawing in SVG gives way to its ascii-art
// sibling; a block of code loses the blank lines around it.
func TestTablesAndArtSets(t *testing.T) {
	doc := `<rfc version="3"><front><title>T</title></front><middle><section><name>Codes</name>
<table><name>Error Codes</name><thead><tr><th>Value</th><th>Meaning</th></tr></thead>
<tbody><tr><td><t>0</t></td><td><t>Not defined | see message</t></td></tr></tbody></table>
<figure><name>Diagram</name><artset><artwork type="svg"><svg xmlns="http://www.w3.org/2000/svg"><text>x</text></svg></artwork>
<artwork type="ascii-art">

  +---+
  | a |
  +---+

</artwork></artset></figure></section></middle></rfc>`
	md, err := Markdown(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := "## 1. Codes\n\n| Value | Meaning |\n|---|---|\n| 0 | Not defined \\| see message |\n\nTable 1: Error Codes\n\n~~~ascii-art\n  +---+\n  | a |\n  +---+\n~~~\n\nFigure 1: Diagram\n"
	if !strings.Contains(md, want) {
		t.Errorf("got\n%s\nwant\n%s", md, want)
	}
}
