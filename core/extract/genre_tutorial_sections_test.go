package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// mdDoc analyzes a Markdown fixture with a section per heading, as the
// analyzer would, for the strategies that read the section tree.
func mdDoc(txt string, ct core.ContentType) *core.Analysis {
	a := oneSection(txt, core.FormatMarkdown, ct)
	var roots []*core.Section
	lines := strings.SplitAfter(txt, "\n")
	off := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "#") {
			level := len(l) - len(strings.TrimLeft(l, "#"))
			s := &core.Section{Title: strings.TrimSpace(strings.TrimLeft(l, "# ")), Level: level, Offset: off, BodyOffset: off + len(l), End: len(txt)}
			if len(roots) > 0 {
				roots[len(roots)-1].End = off
			}
			roots = append(roots, s)
		}
		off += len(l)
	}
	if len(roots) > 0 {
		a.Sections = roots
	}
	return a
}

// A lab whose steps are headings or sentences over blocks of commands,
// with neither a numbered list nor "Step N" headings, is one procedure
// named after its first heading: each command block with the sentence
// leading into it is a step, its block whole, and a block of
// configuration with a sentence of its own is a step of its own (the
// sentence says where it goes).
func TestSectionStepsProcedure(t *testing.T) {
	doc := "# Bootstrapping the Store\n\nIn this lab you bootstrap a store.\n\n" +
		"## Install the Binaries\n\nCopy the binaries to the server:\n\n```bash\nscp \\\n  bin/store \\\n  root@server:~/\n```\n\n" +
		"## Configure the Server\n\nThe configuration file:\n\n```yaml\nport: 7000\n```\n\n" +
		"Create the data folder and start the server:\n\n```bash\n{\n  mkdir -p /var/lib/store\n  systemctl start store\n}\n```\n\n" +
		"## Verification\n\n```console\n$ store status\nrunning\n```\n"
	ps := Extract(mdDoc(doc, core.Reference), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	p := ps[0]
	if p.Type != core.Technique || p.Name != "Bootstrapping the Store" {
		t.Errorf("got %s %q", p.Type, p.Name)
	}
	// each step's block whole, as the source writes it
	want := "1. Install the Binaries: Copy the binaries to the server:\n   ```bash\n   scp \\\n     bin/store \\\n     root@server:~/\n   ```\n" +
		"2. Configure the Server: The configuration file:\n   ```yaml\n   port: 7000\n   ```\n" +
		"3. Create the data folder and start the server:\n   ```bash\n   {\n     mkdir -p /var/lib/store\n     systemctl start store\n   }\n   ```\n" +
		"4. Verification\n   ```console\n   $ store status\n   running\n   ```"
	if p.ComputationalForm != want {
		t.Errorf("form\n%s\nwant\n%s", p.ComputationalForm, want)
	}
}

// A plain-text block the reader writes (chezmoi's ignore file) is a step
// with the file its fence names, not printed output to drop.
func TestSectionStepsKeepPlainTextFiles(t *testing.T) {
	doc := "# Machines\n\n## Install\n\n```sh\nchezmoi init\n```\n\n" +
		"## Ignore files\n\nAn example ignore file might look like:\n\n```text title=\"~/.local/share/chezmoi/.chezmoiignore\"\nREADME.md\n```\n\n" +
		"Patterns can be excluded with a `!`:\n\n```text\n!dir/foo\n```\n\nSee what is ignored with\n\n```sh\nchezmoi ignored\n```\n"
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	for _, want := range []string{"File `~/.local/share/chezmoi/.chezmoiignore`:", "README.md", "!dir/foo", "excluded with", "chezmoi ignored"} {
		if !strings.Contains(ps[0].ComputationalForm, want) {
			t.Errorf("form lacks %q:\n%s", want, ps[0].ComputationalForm)
		}
	}
}

// Beside a numbered list, the strategy reads only the command blocks the
// list leaves out, and a document with a single block of commands is no
// procedure.
func TestSectionStepsBesideOtherProcedures(t *testing.T) {
	listed := "# Setup\n\n## Install\n\n```bash\nmake install\n```\n\n## Run\n\nTo run it:\n\n1. Open a terminal.\n2. Start the server with `store serve`.\n\n   ```bash\n   store serve\n   ```\n\n3. Open the page it prints.\n"
	var rest []core.Primitive
	for _, p := range Extract(mdDoc(listed, core.Tutorial), Options{}) {
		if p.Confidence == sectionStepsConf {
			rest = append(rest, p)
		}
	}
	if len(rest) != 1 || !strings.Contains(rest[0].ComputationalForm, "make install") || strings.Contains(rest[0].ComputationalForm, "store serve") {
		t.Errorf("the blocks the list leaves out: %+v", rest)
	}
	single := "# Usage\n\nInstall it:\n\n```bash\ngo get example.com/store\n```\n\nThen import it.\n"
	if ps := Extract(mdDoc(single, core.Reference), Options{}); len(ps) != 0 {
		t.Errorf("one command block gave %v", nameList(ps))
	}
}

// A block of one command too long to quote whole is "(1 line of …)".
func TestSummarizedCommandCountsOneLine(t *testing.T) {
	long := "oc rsh -n openshift-etcd -c etcdctl " + strings.Repeat("etcd-pod-name-", 8)
	got := summarizeCode([]codeBlock{{lang: "console", lines: []string{"$ " + long}}}, maxCommands)
	if got != "(1 line of console)" {
		t.Errorf("got %q", got)
	}
}

// A manifest a section gives with no command after it in the section (the
// next section applies it) is a step of its own, whole.
func TestSectionStepsKeepFilesWithoutCommands(t *testing.T) {
	doc := "# Deploy the App\n\n## The Manifest\n\nSave this as app.yaml:\n\n```yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  name: app\n```\n\n" +
		"## Apply It\n\n```bash\nkubectl apply -f app.yaml\n```\n\n## Check\n\n```bash\nkubectl get pods\n```\n"
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	f := ps[0].ComputationalForm
	if !strings.Contains(f, "1. The Manifest: Save this as app.yaml:\n   ```yaml\n   apiVersion: v1\n   kind: Pod\n   metadata:\n     name: app\n   ```") ||
		!strings.Contains(f, "kubectl apply -f app.yaml") {
		t.Errorf("form:\n%s", f)
	}
	// files alone are examples, not a procedure
	if ps := Extract(mdDoc("# Formats\n\n## One\n\n```yaml\na: 1\n```\n\n## Two\n\n```json\n{}\n```\n", core.Reference), Options{}); len(ps) != 0 {
		t.Errorf("examples gave %v", nameList(ps))
	}
}

// An unlabelled block whose lines run the programs the guide's prose
// quotes with their arguments is commands; one of printed output is not.
func TestSectionStepsUnlabelledCommands(t *testing.T) {
	doc := "# Backups\n\n## Install\n\n```bash\nbrew install velero\n```\n\nThen run `velero describe` commands.\n\n## Restore\n\nDescribe the restore:\n\n```\nvelero restore describe NAME\n```\n\n" +
		"## Status\n\nIt prints:\n\n```\nNAME   STATUS\nb1     Completed\n```\n"
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	if f := ps[0].ComputationalForm; !strings.Contains(f, "velero restore describe NAME") || strings.Contains(f, "b1     Completed") {
		t.Errorf("form:\n%s", f)
	}
}

// A teardown a guide says in a sentence ("simply run `docker compose
// down`") is its last step; the same command in another section's prose is
// not a step.
func TestSectionStepsTeardownInProse(t *testing.T) {
	doc := "# Compose\n\n## Start\n\nRun `docker compose ps` to see nothing.\n\n```bash\ndocker compose up -d\n```\n\n## Logs\n\n```bash\ndocker compose logs -f\n```\n\n" +
		"## Tearing it All Down\n\nWhen you're ready, simply run `docker compose down` or use the dashboard.\n"
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	f := ps[0].ComputationalForm
	if !strings.Contains(f, "3. Tearing it All Down: When you're ready, simply run `docker compose down` or use the dashboard.") ||
		!strings.Contains(f, "   docker compose down\n") || strings.Contains(f, "   docker compose ps\n") {
		t.Errorf("form:\n%s", f)
	}
}

// Unlabelled blocks are kept as the source shows them: one right after a
// step of commands (what it prints, in the same block or the next) stays
// with that step, one of commands with a line elided is commands, and one
// a section gives on its own is a step of its own.
func TestSectionStepsKeepUnlabelledBlocks(t *testing.T) {
	doc := "# Clusters\n\n## Create\n\n```bash\nkind create cluster\n```\n\n" +
		"For example, two clusters:\n\n```\nkind create cluster # the default\n...\nkind create cluster --name two\n```\n\n" +
		"## Logs\n\nExport the logs:\n\n```\nkind export logs\nExported logs to: /tmp/1\n```\n\nThe folder holds:\n\n```\n.\n└── kind-control-plane/\n```\n"
	formHolds(t, doc, "   kind create cluster # the default\n   ...\n   kind create cluster --name two\n", "   kind export logs\n   Exported logs to: /tmp/1\n", "   .\n   └── kind-control-plane/\n")
}

// formHolds checks that doc, a tutorial, is one procedure whose form holds
// each of wants.
func formHolds(t *testing.T, doc string, wants ...string) {
	t.Helper()
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	f := ps[0].ComputationalForm
	for _, want := range wants {
		if !strings.Contains(f, want) {
			t.Errorf("form lacks %q:\n%s", want, f)
		}
	}
}

// A page with no title heading is named after the top section holding
// most of its steps, not after its first ("Prerequisites").
func TestSectionStepsNamedAfterTheirMainSection(t *testing.T) {
	doc := "## Prerequisites\n\n```sh\ngo version\n```\n\n## Add Tracing\n\nSet up the module:\n\n```sh\ngo mod init dice\n```\n\nRun it:\n\n```sh\ngo run .\n```\n"
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 || ps[0].Name != "Add Tracing" {
		t.Errorf("got %v", nameList(ps))
	}
}

// Each file a section has the reader write keeps the sentence that names
// it, through an excerpt tool's comment between them; the words of HTML
// markup in a step's sentence stay, its tags do not.
func TestSectionStepsFilesKeepTheirSentences(t *testing.T) {
	doc := "# Dice\n\n## Create the server\n\nCreate a file called `main.go`:\n\n```go\npackage main\n```\n\n" +
		"Create another file called `rolldice.go`:\n\n<!-- code-excerpt \"rolldice.go\" -->\n```go\npackage main // dice\n```\n\n" +
		"Run it:\n\n```sh\ngo run .\n```\n\n## Stop\n\nPress <kbd>Control-C</kbd>, then:\n\n```sh\ngo clean\n```\n"
	formHolds(t, doc, "Create a file called `main.go`:\n   ```go\n   package main\n", "2. Create another file called `rolldice.go`:\n   ```go\n   package main // dice\n",
		"3. Run it:", "Press Control-C, then:")
}

// What a section says around its steps stays with them: the paragraphs
// after a step's block (what it made, what an option means) as its
// notes, what leads into a block shown as output, and what the section
// says before its first step (the cause of what the step fixes) in that
// step's text. A program run only in unlabelled blocks, twice or more,
// is a command, not a file.
func TestSectionStepsKeepWhatTheSectionSays(t *testing.T) {
	doc := "# Migrations\n\n## Create migrations\n\nLet's create a table:\n\n```\nmigrate create -ext sql -seq create_users\n```\n\n" +
		"If there were no errors, we should have two files:\n- 000001_create_users.down.sql\n- 000001_create_users.up.sql\n\n" +
		"Note the `sql` extension that we provided.\n\n## Run migrations\n\n```\nmigrate -path db/migrations up\n```\n\n" +
		"Let's check it by running `psql example -c \"\\d users\"`. The output you are supposed to see:\n\n```\n Table \"public.users\"\n```\n\n" +
		"## Fix migrations that run twice\n\nThis is caused by the default `search_path`, which puts the user's schema first.\n\n" +
		"To force the public schema you can use:\n\n```sh\nexport URL='postgres://localhost/example?search_path=public'\n```\n"
	formHolds(t, doc, "   ```\n   migrate create -ext sql -seq create_users\n   ```\n   > If there were no errors, we should have two files: - 000001_create_users.down.sql",
		"> Note the `sql` extension", "> Let's check it by running `psql example -c \"\\d users\"`. The output you are supposed to see:\n   ```\n    Table",
		"Fix migrations that run twice: This is caused by the default `search_path`, which puts the user's schema first. To force the public schema you can use:")
}

// A guide whose numbered step headings start again at 1 under each part
// ("## Linux" "### 1. …", "## macOS" "### 1. …") gives one procedure per
// part, so that a step's "follow steps 1, 2 as above" is its own part's.
func TestSectionStepsRestartingNumbersArePartsOfTheirOwn(t *testing.T) {
	doc := "# Proxying\n\nThe proxy intercepts a device's traffic.\n\n## Linux\n\n### 1. Enable forwarding.\n\n```sh\nsysctl -w a=1\n```\n\n### 2. Start it.\n\nYou probably want:\n\n```sh\nproxy --mode t\n```\n\n" +
		"## macOS\n\n### 1. Enable forwarding.\n\n```sh\nsysctl -w b=1\n```\n\n### 2. Start it.\n\nFollow step 1 as above, then:\n\n```sh\nproxy --mode m\n```\n\n" +
		"## Full mode on Linux\n\nThis mode needs root. Route the replies back:\n\n```sh\nip rule add fwmark 1 lookup 100\n```\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Tutorial), Options{})
	names := strings.Join(nameList(ps), "|")
	if len(ps) != 3 || !strings.Contains(names, "Linux|") || !strings.Contains(names, "macOS") || !strings.Contains(names, "Full mode on Linux") {
		t.Fatalf("want the Linux, macOS and full mode procedures, got %v", names)
	}
}

// Setext headings ("Ripgrep integration" over "---") part a guide's
// sections as "#" headings do, and a list's item that opens with its
// block ("- ```") holds that block, so the prose after it is no code.
func TestSectionStepsSetextHeadingsAndItemBlocks(t *testing.T) {
	doc := "Guide\n=====\n\nIntro text.\n\nSearch\n------\n\nRun the search:\n\n```sh\nrg foo\n```\n\n" +
		"- It prints lines like\n  ```\n  a.go:1:foo\n  ```\n  The first token is the path.\n\nPreview\n-------\n\nOpen the preview:\n\n```sh\nfzf --preview cat\n```\n"
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	form := ps[0].ComputationalForm
	for _, want := range []string{"Search: Run the search:", "Preview: Open the preview:"} {
		if !strings.Contains(form, want) {
			t.Errorf("form lacks %q:\n%s", want, form)
		}
	}
	if strings.Contains(form, "Search ------") || strings.Contains(form, "```\n   The first token") {
		t.Errorf("a setext underline or prose read as text of a block:\n%s", form)
	}
}

// A name keeps the quotes around a word of it and loses those around it
// whole or left over at its edge.
func TestTidyNameKeepsQuotedWords(t *testing.T) {
	for in, want := range map[string]string{
		`"Full" transparent mode on Linux`: `"Full" transparent mode on Linux`,
		`"Transparent mode"`:               "Transparent mode",
		`Transparent mode"`:                "Transparent mode",
	} {
		if got := tidyName(in); got != want {
			t.Errorf("tidyName(%q) = %q, want %q", in, got, want)
		}
	}
}

// What a guide says between two blocks of one step stays between them,
// not after the last: "Then you would see…" follows the command it is
// about.
func TestSectionStepsNoteBetweenBlocksKeepsItsPlace(t *testing.T) {
	doc := "# Types\n\n## Add a type\n\nDefine a type and list it:\n\n```sh\nrg --type-add 'web:*.html' --type-list\n```\n\n" +
		"Then you would see your web type in the list.\n\nThe flag applies to one command. To keep it, create an alias:\n\n```\nalias rg=\"rg --type-add 'web:*.html'\"\n```\n\n" +
		"or add it to your configuration file.\n\n## Search\n\nSearch with it:\n\n```sh\nrg -tweb title\n```\n"
	ps := Extract(mdDoc(doc, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("want one procedure, got %v", nameList(ps))
	}
	form := ps[0].ComputationalForm
	see, alias := strings.Index(form, "Then you would see"), strings.Index(form, "alias rg=")
	if see < 0 || alias < 0 || see > alias {
		t.Errorf("the note between the blocks moved:\n%s", form)
	}
}
