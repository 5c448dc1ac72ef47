package rst

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	src := `.. contents::

=========
The Title
=========

Intro with ` + "``code``" + `, *emph*, **strong**, :term:` + "`shown<Target>`" + `,
` + "`a link <https://example.org>`_" + ` and a note [#]_.

.. |W| replace:: widget

Part one
========

A |W| is drawn as follows::

  +-+-+-+-+
  |a  |b  |
  +-+-+-+-+

Sub part
--------

#. First step.
#. Second step, with

   * a nested bullet

(a) lettered

.. code-block:: go

   x := 1

.. note:: Mind the gap.

.. include:: other.rst

.. a comment
   that runs on

.. table:: Things

  ====  =====
  Name  Value
  ====  =====
  a     1
  b     2
  ====  =====

+------+-------+
| Col1 | Col2  |
+======+=======+
| x    | y     |
+------+-------+

**term**
  Its definition.

.. [#] The footnote's text.
`
	got, title, notes := Markdown(src)
	for _, want := range []string{
		"# The Title\n",
		"Intro with `code`, *emph*, **strong**, *shown*,\na link and a note.",
		"## Part one\n",
		"A widget is drawn as follows:\n\n```\n+-+-+-+-+\n|a  |b  |\n+-+-+-+-+\n```",
		"### Sub part\n",
		"1. First step.\n2. Second step, with\n\n   - a nested bullet\n",
		"1. lettered",
		"```go\nx := 1\n```",
		"Note: Mind the gap.",
		"Table: Things\n\n| Name | Value |\n| --- | --- |\n| a | 1 |\n| b | 2 |",
		"| Col1 | Col2 |\n| --- | --- |\n| x | y |",
		"**term**: Its definition.",
		"The footnote's text.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, gone := range []string{"contents", "a comment", "that runs on", "[#]", ".. ", "|W|"} {
		if strings.Contains(got, gone) {
			t.Errorf("%q kept in\n%s", gone, got)
		}
	}
	if title != "The Title" {
		t.Errorf("title = %q", title)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "other.rst") {
		t.Errorf("notes = %q", notes)
	}
}

// TestHeadingLevels: a level is the order in which its adornment first
// appears, an overlined style apart from the same underline alone.
func TestHeadingLevels(t *testing.T) {
	got, _, _ := Markdown("A\n~~~\n\nB\n***\n\nC\n~~~\n\n***\nD\n***\n")
	want := "# A\n\n## B\n\n# C\n\n### D\n\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
