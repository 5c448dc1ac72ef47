package text

import (
	"reflect"
	"strings"
	"testing"
)

// A form's steps come back with their code blocks whole: indentation,
// blank lines and lines that look like steps or fences inside the code.
func TestFormStepsRoundTrip(t *testing.T) {
	yaml := CodeBlock{Lang: "yaml", Lines: []string{"services:", "  web:", "", "    image: nginx", "1. not a step"}}
	md := CodeBlock{Lang: "markdown", Lines: []string{"```go", "x := 1", "```"}}
	var b strings.Builder
	b.WriteString("1. Write the file:")
	WriteFormBlock(&b, yaml)
	b.WriteString("\n2. Write the readme:")
	WriteFormBlock(&b, md)
	b.WriteString("\n3. Start it. … (2 more steps)")
	got := FormSteps(b.String())
	want := []FormStep{
		{Text: "Write the file:", Blocks: []CodeBlock{yaml}},
		{Text: "Write the readme:", Blocks: []CodeBlock{md}},
		{Text: "Start it. … (2 more steps)"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FormSteps:\n%#v\nwant\n%#v\nform:\n%s", got, want, b.String())
	}
	if got := FormSteps("Apply: Create a network"); len(got) != 1 || got[0].Text != "Apply: Create a network" {
		t.Errorf("a form of one line: %#v", got)
	}
}

// A block's commands: a console session's prompted lines without their
// prompt (its printed output left out), a continued line joined, comments
// and a shell's grouping braces dropped.
func TestCodeBlockCommands(t *testing.T) {
	console := CodeBlock{Lang: "console", Lines: []string{"$ docker run -d \\", "    --name web \\", "    nginx", "a1b2c3", "# a note", "$ docker ps"}}
	if got := console.Commands(); !reflect.DeepEqual(got, []string{"docker run -d --name web nginx", "docker ps"}) || !console.Prompted() {
		t.Errorf("console commands %q", got)
	}
	bash := CodeBlock{Lang: "bash", Lines: []string{"{", "  mkdir -p /srv/app", "  systemctl start app", "}"}}
	if got := bash.Commands(); !reflect.DeepEqual(got, []string{"mkdir -p /srv/app", "systemctl start app"}) || bash.Prompted() {
		t.Errorf("bash commands %q", got)
	}
	// a prompt that names the shell, the user or the folder is a prompt:
	// what the commands print is no command
	named := CodeBlock{Lang: "console", Lines: []string{"sh-5.0$ id", "uid=1000(build) gid=1000(build)", "sh-5.0$ capsh --print",
		"Bounding set =cap_chown", "[root@host ~]# dnf install -y buildah", "alice@box:~/src$ make", "PS C:\\Users\\bob> Get-Item x"}}
	if got := named.Commands(); !reflect.DeepEqual(got, []string{"id", "capsh --print", "dnf install -y buildah", "make", "Get-Item x"}) {
		t.Errorf("named-prompt commands %q", got)
	}
	// "> " goes on a command, but in printed output it is the output's
	pytest := CodeBlock{Lang: "pytest", Lines: []string{"$ pytest -q", "    def test_num(i):", ">       pytest.fail(\"bad luck\")", "E       Failed", "$ echo 'a", "> b'"}}
	if got := pytest.Commands(); !reflect.DeepEqual(got, []string{"pytest -q", "echo 'a", "b'"}) {
		t.Errorf("pytest session commands %q", got)
	}
	if f := Fence([]string{"```go", "x := 1", "````"}); f != "`````" {
		t.Errorf("fence %q", f)
	}
}

// A document's opening header of "Key: value" lines titles it; a lone
// labelled line or a header without a title does not.
func TestHeaderTitle(t *testing.T) {
	for in, want := range map[string]string{
		"PEP: 3333\nTitle: Python Web Server Gateway Interface v1.0.1\nAuthor: P. J. Eby\n\nPreface":      "Python Web Server Gateway Interface v1.0.1",
		"title: A Flow Shop Scheduler\nauthor: Dr. Christian Muise\n<markdown>\n## A Flow Shop Scheduler": "A Flow Shop Scheduler",
		"Title: Alone\n\nText":                    "",
		"Note: the title is not here\nIt goes on": "",
		"PEP: 1\nAuthor: A\n\nTitle: later":       "",
		"# Heading\nTitle: x\nAuthor: y":          "",
	} {
		if got := HeaderTitle(in); got != want {
			t.Errorf("HeaderTitle(%q) = %q, want %q", in, got, want)
		}
	}
}
