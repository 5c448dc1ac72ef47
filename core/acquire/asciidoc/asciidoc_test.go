package asciidoc

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	src := `= The Book
:proto: Widget Protocol
// a comment

[[c_one]]
== Chapter One

The ((("index", "term")))((term)) is +mono+, *strong*, _emph_, F~_sig_~ and
{proto}, see <<c_two,the second chapter>>, <<c_one>> and
link:https://example.org[the site], [.keep-together]#kept#.

NOTE: A short note.

[WARNING]
====
Mind the gap.
====

.Steps of the {proto}
. First step,
  which runs on.
. Second step:
.. a sub-step

A paragraph ends the list.

* a bullet
** a nested bullet

[source,python]
----
print("hi")  # <1>
----

....
+--+--+
|a |b |
+--+--+
....

Term one:: Its text.

[latexmath]
++++
x^2
++++

[cols="1,1",options="header"]
|===
| Name | Value
| a | 1
|===

include::chapter2.adoc[]

////
a comment block
////
`
	got, title, notes := Markdown(src)
	for _, want := range []string{
		"# The Book\n",
		"## Chapter One\n",
		"The term is `mono`, **strong**, *emph*, F<sub>*sig*</sub> and\nWidget Protocol, see the second chapter, c one and\nthe site, kept.",
		"Note: A short note.",
		"Warning: Mind the gap.",
		"**Steps of the Widget Protocol**",
		"1. First step,\n   which runs on.\n2. Second step:\n   1. a sub-step\n",
		"- a bullet\n  - a nested bullet\n",
		"```python\nprint(\"hi\")\n```",
		"```\n+--+--+\n|a |b |\n+--+--+\n```",
		"**Term one**: Its text.",
		"$$\nx^2\n$$",
		"| Name | Value |\n| --- | --- |\n| a | 1 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, gone := range []string{"comment", "index", ":proto:", "[[", "<<", "////"} {
		if strings.Contains(got, gone) {
			t.Errorf("%q kept in\n%s", gone, got)
		}
	}
	if title != "The Book" {
		t.Errorf("title = %q", title)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "chapter2.adoc") {
		t.Errorf("notes = %q", notes)
	}
}
