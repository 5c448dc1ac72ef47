package wikitext

import (
	"strings"
	"testing"
)

func TestMarkdownBlocks(t *testing.T) {
	src := strings.Join([]string{
		"<pre>",
		"  BIP: 340",
		"  Title: Schnorr Signatures for secp256k1",
		"</pre>",
		"",
		"== Introduction ==",
		"",
		"=== Specification ===",
		"",
		"Input:",
		"* The secret key ''sk'': a 32-byte array",
		"",
		"The algorithm ''Sign(sk, m)'' is defined as:",
		"* Let ''d' = int(sk)''",
		"* Let ''d = d' '' if ''has_even_y(P)''<ref>A note\nover two lines.</ref>.",
		"* For ''i = 1 .. u'':",
		"** Let ''P<sub>i</sub> = lift_x(int(pk<sub>i</sub>))''; fail if ''x &ge; p''.",
		"# first",
		"# second",
		"## second's first",
		"# third",
		"",
		"{| class=\"wikitable\"",
		"! Name !! Value",
		"|-",
		"| ''p'' || style=\"x\" | 2<sup>256</sup>",
		"|}",
		"",
		"See [[bip-0032.mediawiki|BIP32]] and [https://example.org the example].{{Template|x}}",
		"<!-- a comment -->",
		"<references />",
	}, "\n")
	got, title := Markdown(src)
	if title != "Schnorr Signatures for secp256k1" {
		t.Errorf("title = %q", title)
	}
	for _, want := range []string{
		"```\n  BIP: 340\n  Title: Schnorr Signatures for secp256k1\n```\n",
		"## Introduction\n",
		"### Specification\n",
		"Input:\n\n- The secret key *sk*: a 32-byte array\n\n",
		"The algorithm *Sign(sk, m)* is defined as:\n\n- Let *d' = int(sk)*\n",
		"- Let *d = d'* if *has_even_y(P)*[^1].\n",
		"- For *i = 1 .. u*:\n  - Let *P_i = lift_x(int(pk_i))*; fail if *x ≥ p*.\n",
		"1. first\n2. second\n   1. second's first\n3. third\n",
		"| Name | Value |\n| --- | --- |\n| *p* | 2^256 |\n",
		"See BIP32 and [the example](https://example.org).\n",
		"[^1]: A note over two lines.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	for _, gone := range []string{"comment", "Template", "references", "''", "<sub>", "&ge;"} {
		if strings.Contains(got, gone) {
			t.Errorf("%q left in:\n%s", gone, got)
		}
	}
}

func TestEmphasis(t *testing.T) {
	for in, want := range map[string]string{
		"''italic'' and '''bold''' and '''''both'''''": "*italic* and **bold** and ***both***",
		"l''''x''' is a letter":                        "l'**x** is a letter",
		"the author's ''k' '' value":                   "the author's *k'* value",
		"no emphasis here":                             "no emphasis here",
	} {
		if got := emphasis(in); got != want {
			t.Errorf("emphasis(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUnclosedTemplateKept(t *testing.T) {
	if got := dropTemplates("a {{b c"); got != "a {{b c" {
		t.Errorf("dropTemplates = %q", got)
	}
	if got := dropTemplates("a {{b {{c}} d}}e"); got != "a e" {
		t.Errorf("dropTemplates = %q", got)
	}
}
