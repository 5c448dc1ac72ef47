package generate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/core/text"
)

// tutorial is a container tutorial as extraction gives it: two techniques
// whose computational forms hold every step, commands in inline code.
func tutorial(title, doc string) []core.Primitive {
	prov := func(off int) core.Provenance {
		return core.Provenance{Source: doc, Document: doc, Title: title, Offset: off}
	}
	return []core.Primitive{
		{
			ID: "build", Name: "Build and run your own container image", Type: core.Technique, Domain: "software-engineering",
			Chapter: 2, Section: "2.2", Plane: core.PlanePosition{Real: 0.2, Imaginary: -0.85},
			FormalStatement: "Let's build an image. 1. Change to the project folder: `cd hello`. 2. Build the image: `wslc build -t hello .` (2 more steps)",
			ComputationalForm: "1. Change to the project folder: `cd hello`\n2. Build the image: `wslc build -t hello .`\n" +
				"3. Run it: `wslc run -d --name hello hello`\n4. Confirm that the container is running: `wslc container list`",
			Keywords: []string{"container", "image", "wslc"}, Confidence: 0.85, Provenance: prov(400),
		},
		{
			ID: "install", Name: "Install and verify wslc", Type: core.Technique, Domain: "software-engineering",
			Chapter: 2, Section: "2.1", Plane: core.PlanePosition{Real: 0.2, Imaginary: -0.85},
			FormalStatement:   "It requires WSL version 2.9.3 or higher. To make sure you have it: 1. Update WSL: `wsl --update`. 2. Check its version: `wslc version`.",
			ComputationalForm: "1. Update WSL: `wsl --update`\n2. Check its version: `wslc version`",
			Keywords:          []string{"wsl", "wslc", "version"}, Confidence: 0.85, Provenance: prov(100),
		},
	}
}

func TestTutorialGivesAHowToSkill(t *testing.T) {
	o := Skill(DomainInfo{ID: "software-engineering", Name: "Software Engineering"},
		tutorial("Get started with containers on WSL", "/corpus/tutorial-numbered_wsl_wsl-containers.md"), cfg())
	if !o.Generated {
		t.Fatalf("no skill: %s", o.Reason)
	}
	a := o.Artifact
	checkArtifact(t, a)
	// SKILL.md and its two eval files: the steps' code is short, inline
	if a.Name != "learn-get-started-with-containers-on-wsl" || len(a.Files) != 3 {
		t.Fatalf("artifact %s with %d files", a.Name, len(a.Files))
	}
	s := file(t, a, "SKILL.md")
	var res []skillspec.Resource
	for _, f := range a.Files[1:] {
		res = append(res, skillspec.Resource{Path: strings.TrimPrefix(f.Path, a.Name+"/"), Content: []byte(f.Content)})
	}
	if p := skillspec.CheckResources([]byte(s), res); len(p) != 0 {
		t.Errorf("resource warnings %+v", p)
	}
	desc, meta := frontMeta(t, s)
	want := "Installs and verifies wslc, then builds and runs your own container image, step by step"
	if !strings.HasPrefix(desc, want) || !strings.Contains(desc, "Use when asked to get started with containers on WSL") {
		t.Errorf("description %q", desc)
	}
	for _, bad := range []string{"tutorial-numbered", ".md", "2 primitives", "techniques"} {
		if strings.Contains(desc, bad) {
			t.Errorf("description has %q: %q", bad, desc)
		}
	}
	if meta["type"] != "how-to" || meta["plane-center"] != "(0.20, -0.85)" || meta["subject"] != "Get started with containers on WSL" {
		t.Errorf("metadata %v", meta)
	}
	body := s[strings.Index(s[4:], "\n---\n")+9:]
	if strings.Contains(body, "(0.20, -0.85)") || strings.Contains(body, "Plane") {
		t.Errorf("the plane is in the body:\n%s", body)
	}
	// Prerequisites, then the procedures in document order with their
	// steps and commands, then the checks.
	order := []string{
		"## Prerequisites", "- It requires WSL version 2.9.3 or higher", "The commands run `wsl` and `wslc`:",
		"## Steps", "### 1. Install and verify wslc", "1. Update WSL: `wsl --update`", "   ```sh\n   wsl --update\n   ```",
		"### 2. Build and run your own container image", "2. Build the image: `wslc build -t hello .`",
		"   ```sh\n   wslc build -t hello .\n   ```", "4. Confirm that the container is running",
		"## Check the result", "- Step 2 of Install and verify wslc: Check its version",
		"- Step 4 of Build and run your own container image: Confirm",
	}
	at := 0
	for _, w := range order {
		i := strings.Index(body[at:], w)
		if i < 0 {
			t.Fatalf("missing or out of order: %q\n%s", w, body)
		}
		at += i + len(w)
	}
	// cd is the shell's own: nothing to install.
	if strings.Contains(body, "To make sure you have it:") || strings.Contains(body, "more steps") || strings.Contains(body, "`cd`:") || strings.Contains(body, "and `cd`") {
		t.Errorf("a lead-in or a step count is in the body:\n%s", body)
	}
}

// A subject named only by its file ("dock-compose.md", no title) is
// named after its task, not the file.
func TestHowToIsNamedAfterItsTaskNotItsFile(t *testing.T) {
	prims := tutorial("", "/home/u/DOCK-compose.md")[:1]
	o := Skill(testDomain, prims, cfg())
	if !o.Generated {
		t.Fatalf("one procedure, below the minimum: no skill (%s)", o.Reason)
	}
	if o.Artifact.Name != "learn-build-and-run-your-own-container-image" {
		t.Errorf("name %s", o.Artifact.Name)
	}
	desc, meta := frontMeta(t, file(t, o.Artifact, "SKILL.md"))
	if strings.Contains(strings.ToLower(desc), "dock") || meta["subject"] != "Build and run your own container image" {
		t.Errorf("description %q subject %q", desc, meta["subject"])
	}
}

// "Step N: …" headings of one chapter are the steps of one procedure, named
// by what the last achieves; a new chapter starts another.
func TestStepHeadingsMakeOneProcedure(t *testing.T) {
	var prims []core.Primitive
	add := func(ch, n int, title, stmt string) {
		prims = append(prims, core.Primitive{
			ID: fmt.Sprintf("p%d-%d", ch, n), Name: fmt.Sprintf("Step %d: %s", n, title), Type: core.Technique,
			Chapter: ch, FormalStatement: stmt, Provenance: core.Provenance{Document: "r.md", Title: "Redis Sentinel", Offset: ch*1000 + n},
		})
	}
	add(7, 1, "Create a Network", "Create a Network: $ docker network create app-tier --driver bridge")
	add(7, 2, "Launch the Instance", "Use the --network app-tier argument to attach the container.")
	add(10, 1, "Get the Updated Image", "Get the Updated Image: $ docker pull redis:latest or if you use Compose, edit the file.")
	add(10, 2, "Run the New Image", "Re-create your container from the new image.")
	procs := procedures(prims)
	if len(procs) != 2 || procs[0].title != "Launch the Instance" || procs[1].title != "Run the New Image" || len(procs[0].steps) != 2 {
		t.Fatalf("procedures %+v", procs)
	}
	if got := stepCommands(procs[0].steps[0]); len(got) != 1 || got[0] != "docker network create app-tier --driver bridge" {
		t.Errorf("commands %q of %q", got, procs[0].steps[0])
	}
	if got := stepCommands(procs[1].steps[0]); len(got) != 1 || got[0] != "docker pull redis:latest" {
		t.Errorf("commands %q of %q", got, procs[1].steps[0])
	}
	o := Skill(testDomain, prims, cfg())
	desc, _ := frontMeta(t, file(t, o.Artifact, "SKILL.md"))
	if !strings.HasPrefix(desc, "Launches the instance, then runs the new image, step by step") {
		t.Errorf("description %q", desc)
	}
}

func TestThirdPerson(t *testing.T) {
	for in, want := range map[string]string{
		"Build and run your own container image": "builds and runs your own container image",
		"Install and verify wslc":                "installs and verifies wslc",
		"Push images":                            "pushes images",
		"Deploy":                                 "deploys",
		"Apply and check the manifest":           "applies and checks the manifest",
		"Binding the ServiceAccount":             "binds the ServiceAccount",
		"Running the job":                        "runs the job",
		"Creating a cluster":                     "creates a cluster",
	} {
		if got, ok := thirdPerson(in); !ok || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"Diagnosis", "Configuration file", ""} {
		if got, ok := thirdPerson(in); ok {
			t.Errorf("%q is not a verb phrase, got %q", in, got)
		}
	}
}

// A source of knowledge, not procedures, keeps its knowledge skill and the
// minimum: a few techniques among many definitions are not a how-to.
func TestKnowledgeSubjectKeepsTheMinimum(t *testing.T) {
	prims := makePrims(9)
	prims[0].Type = core.Technique
	if o := Skill(testDomain, prims, cfg()); o.Generated {
		t.Errorf("9 definitions and a technique made a skill")
	}
}

func TestCommands(t *testing.T) {
	for step, want := range map[string]string{
		"Build it: `wslc build -t hello .`":                                  "wslc build -t hello .",
		"Clone: `git clone https://github.com/u/r.git`, then `cd r`":         "git clone https://github.com/u/r.git|cd r",
		"Create a Network: $ docker network create app-tier --driver bridge": "docker network create app-tier --driver bridge",
		"Pull: $ docker pull redis:latest or edit the file.":                 "docker pull redis:latest",
		"Add a `Containerfile`: `FROM python:3` … (7 lines of dockerfile)":   "",
		"After the `docker compose` command completes, run `ls -l`":          "ls -l",
		"Open `http://localhost:8000/` in a browser":                         "",
		"Run $ echo ``` done": "",
	} {
		if got := strings.Join(commands(step), "|"); got != want {
			t.Errorf("%q: %q, want %q", step, got, want)
		}
	}
}

// A runbook collection of many procedures keeps SKILL.md under the
// specification's 500 lines: the procedures that do not fit go to
// reference files SKILL.md links, every one of them present once.
func TestLargeHowToSpillsToReferenceFiles(t *testing.T) {
	var prims []core.Primitive
	long := make([]string, 50) // a script too long to show inline
	for k := range long {
		long[k] = fmt.Sprintf("echo line %d", k)
	}
	for i := 0; i < 120; i++ {
		form := fmt.Sprintf("1. Stop it: `systemctl stop svc%d`\n2. Start it: `systemctl start svc%d`\n3. Check that it runs: `systemctl status svc%d`", i, i, i)
		if i%10 == 9 {
			// its file is linked from wherever the procedure is written
			var b strings.Builder
			b.WriteString(form + "\n4. Run the script:")
			text.WriteFormBlock(&b, text.CodeBlock{Lang: "sh", Lines: long})
			form = b.String()
		}
		prims = append(prims, core.Primitive{
			ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Restart service %d", i), Type: core.Technique,
			ComputationalForm: form,
			FormalStatement:   "Restart a service.",
			Provenance:        core.Provenance{Document: "ops.md", Title: "Service operations", Offset: i},
		})
	}
	prims = append(prims, core.Primitive{ID: "empty", Name: "Empty", Type: core.Technique,
		Provenance: core.Provenance{Document: "ops.md", Title: "Service operations", Offset: 999}})
	o := Skill(testDomain, prims, cfg())
	if !o.Generated {
		t.Fatalf("no skill: %s", o.Reason)
	}
	checkArtifact(t, o.Artifact)
	md := file(t, o.Artifact, "SKILL.md")
	var res []skillspec.Resource
	all := md
	for _, f := range o.Artifact.Files[1:] {
		rel := strings.TrimPrefix(f.Path, o.Artifact.Name+"/")
		res = append(res, skillspec.Resource{Path: rel, Content: []byte(f.Content)})
		all += f.Content
	}
	if len(res) == 0 {
		t.Fatal("120 procedures in SKILL.md alone")
	}
	if p := skillspec.CheckResources([]byte(md), res); len(p) != 0 {
		t.Errorf("resource warnings %+v", p)
	}
	for i := 0; i < 120; i++ {
		if n := strings.Count(all, fmt.Sprintf(". Restart service %d\n", i)); n != 1 {
			t.Errorf("procedure %d written %d times", i, n)
		}
	}
}

// A technique with no statement at all is no procedure; a subject of only
// such gives no skill rather than an empty one.
func TestHowToWithoutStepsGivesNoSkill(t *testing.T) {
	prims := []core.Primitive{{ID: "e", Name: "Empty", Type: core.Technique, Provenance: core.Provenance{Title: "Ops"}}}
	if o := Skill(testDomain, prims, cfg()); o.Generated {
		t.Errorf("%+v", o)
	}
}

// A paper's numbered sections are read as the techniques they describe
// ("Proof-of-Work", "Incentive"): they have no steps, so the paper is
// knowledge, not a procedure — a knowledge skill once it holds enough, never
// a how-to skill walking through its sections.
func TestPaperSectionsAreNoProcedure(t *testing.T) {
	var prims []core.Primitive
	for i, name := range []string{"Timestamp Server", "Proof-of-Work", "Network", "Incentive", "Reclaiming Disk Space",
		"Simplified Payment Verification", "Combining and Splitting Value", "Privacy", "Calculations", "Transactions"} {
		prims = append(prims, core.Primitive{ID: fmt.Sprintf("t%d", i), Name: name, Type: core.Technique,
			FormalStatement: "The " + strings.ToLower(name) + " works as the section describes, with no steps to follow.",
			Provenance:      core.Provenance{Title: "Bitcoin: A Peer-to-Peer Electronic Cash System", Offset: i}})
	}
	o := Skill(testDomain, prims[:9], cfg())
	if o.Generated {
		t.Errorf("9 sections of a paper gave a skill under the knowledge minimum: %+v", o)
	}
	o = Skill(testDomain, prims, cfg())
	if !o.Generated {
		t.Fatalf("10 sections: no knowledge skill (%s)", o.Reason)
	}
	if md := file(t, o.Artifact, "SKILL.md"); strings.Contains(md, `type: "how-to"`) || strings.Contains(md, "step by step") {
		t.Errorf("a paper's sections became a how-to skill:\n%s", md)
	}
}

// A step's code reaches the skill whole: a short block inline under the
// step, indentation kept; a long one in a reference file named after the
// file the step writes; the commands its shell blocks run are the
// prerequisites and its check's commands are shown with the check.
func TestHowToKeepsCodeWhole(t *testing.T) {
	var compose []string
	compose = append(compose, "services:")
	for i := range 45 {
		compose = append(compose, fmt.Sprintf("  svc%d:", i), fmt.Sprintf("    image: app:%d", i))
	}
	var form strings.Builder
	form.WriteString("1. Write the `compose.yaml` file:")
	text.WriteFormBlock(&form, text.CodeBlock{Lang: "yaml", Lines: compose})
	form.WriteString("\n2. Add a `Containerfile` to the project:")
	text.WriteFormBlock(&form, text.CodeBlock{Lang: "dockerfile", Lines: []string{"FROM python:3", "WORKDIR /app", "CMD [\"python\", \"app.py\"]"}})
	form.WriteString("\n3. Start the stack:")
	text.WriteFormBlock(&form, text.CodeBlock{Lang: "console", Lines: []string{"$ docker compose up -d \\", "    --wait", "Container app  Started"}})
	form.WriteString("\n4. Check that the app is running:")
	text.WriteFormBlock(&form, text.CodeBlock{Lang: "bash", Lines: []string{"curl -fsS http://localhost:8000/"}})
	form.WriteString("\n5. When you are done, stop the stack:")
	text.WriteFormBlock(&form, text.CodeBlock{Lang: "bash", Lines: []string{"docker compose down"}})
	prims := []core.Primitive{{
		ID: "t1", Name: "Run the app with Compose", Type: core.Technique, Chapter: 1,
		FormalStatement:   "1. Write the compose.yaml file. 2. Add a Containerfile. 3. Start the stack. 4. Check that the app is running. 5. Stop the stack.",
		ComputationalForm: form.String(),
		Provenance:        core.Provenance{Document: "compose.md", Title: "Run the app with Compose", Offset: 10},
	}}
	o := Skill(testDomain, prims, cfg())
	if !o.Generated {
		t.Fatalf("no skill: %s", o.Reason)
	}
	skill := file(t, o.Artifact, "SKILL.md")
	for _, w := range []string{
		"   ```dockerfile\n   FROM python:3\n   WORKDIR /app\n   CMD [\"python\", \"app.py\"]\n   ```",
		"   ```console\n   $ docker compose up -d \\\n       --wait\n   Container app  Started\n   ```",
		"[references/compose.yaml](references/compose.yaml)",
		"5. When you are done, stop the stack:\n\n   ```bash\n   docker compose down\n   ```",
		"The commands run `docker` and `curl`",
		"`curl -fsS http://localhost:8000/`",
	} {
		if !strings.Contains(skill, w) {
			t.Errorf("SKILL.md lacks %q:\n%s", w, skill)
		}
	}
	if strings.Contains(skill, "svc44") || strings.Contains(skill, "lines of") && !strings.Contains(skill, "Its full text (91 lines of yaml)") {
		t.Errorf("the long file is inline or summarized:\n%s", skill)
	}
	if got := file(t, o.Artifact, "references/compose.yaml"); got != strings.Join(compose, "\n")+"\n" {
		t.Errorf("references/compose.yaml is not the step's file:\n%s", got)
	}
}

func TestProgramOf(t *testing.T) {
	for c, want := range map[string]string{
		"sudo systemctl start etcd":                        "systemctl",
		`MINIO_POD=$(kubectl get pods -n velero -o name)`:  "kubectl",
		"KUBECONFIG=~/.kube/config helm install x ./chart": "helm",
		"export GOBIN=$(go env GOPATH)/bin":                "export",
		"FOO=bar":                                          "",
		"./bin/store serve":                                "./bin/store",
		"$GOBIN/telemetrygen traces --traces 3":            "telemetrygen",
		"{":                                                "",
	} {
		if got := programOf(c); got != want {
			t.Errorf("programOf(%q) = %q, want %q", c, got, want)
		}
	}
}

// A guide whose page is titled "Quick start" is named after the program
// its commands are about, not after its first procedure.
func TestGenericGuideNamedByItsProgram(t *testing.T) {
	procs := []procedure{{title: "Prerequisites", steps: []step{
		{text: "Install it.", code: []text.CodeBlock{{Lang: "bash", Lines: []string{"brew install kind"}}}},
		{text: "Create a cluster.", code: []text.CodeBlock{{Lang: "bash", Lines: []string{"kind create cluster", "kubectl get nodes"}}}},
		{text: "Delete it.", code: []text.CodeBlock{{Lang: "bash", Lines: []string{"kind delete cluster"}}}},
	}}}
	sub := Subject{Title: "kind quick start", Prims: []core.Primitive{{Provenance: core.Provenance{Source: "kind-quick-start.md", Title: "Quick Start"}}}}
	if got := taskTitle(&sub, procs); got != "Quick Start with kind" {
		t.Errorf("task %q", got)
	}
}

func TestThirdPersonOfTitles(t *testing.T) {
	for title, want := range map[string]string{
		"Installing and running the Node Exporter": "Installs and runs the Node Exporter",
		"Setup application & bundle":               "Sets up application & bundle",
		"Create a cluster and deploy the app":      "Creates a cluster and deploys the app",
	} {
		got, ok := thirdPerson(title)
		if got = strings.ToUpper(got[:1]) + got[1:]; !ok || got != want {
			t.Errorf("thirdPerson(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestChecksAreNotPreconditions(t *testing.T) {
	for text, want := range map[string]bool{
		"Make sure no other copies of the app/db are running first (`docker ps`).":                  false,
		"Before you start, stop the old containers.":                                                false,
		"At this point, you should be able to open your app and see it running.":                    true,
		"Verify that the pods are running: `kubectl get pods`.":                                     true,
		"Let's check if the table was created properly by running `psql example -c \"\\d users\"`.": true,
		"Now we can run our new migration and check the database:":                                  true,
		"Now we can run our new migration:":                                                         false,
	} {
		if got := isCheck(text); got != want {
			t.Errorf("isCheck(%q) = %v", text, got)
		}
	}
}

func TestProgramsOfPipelines(t *testing.T) {
	for c, want := range map[string]string{
		"kubectl get storageclass `kubectl -n ns get pvc p -ojson | jq -r '.spec.storageClassName'`": "kubectl jq",
		"kubectl delete pod $(kubectl get pod -ojson | jq -r '.items[] | select(.a) | .b')":          "kubectl jq",
		"make build && sudo make install; echo done":                                                 "make echo",
		"./run.sh > out.log 2>&1 | tee -a all.log":                                                   "./run.sh tee",
		`grep -c "a|b" file.txt`: "grep",
		"pytest --lf --last-failed-no-failures all    # runs the full suite (default behavior)": "pytest",
		`echo "#1" | sort`: "echo sort",
	} {
		if got := strings.Join(programsOf(c), " "); got != want {
			t.Errorf("programsOf(%q) = %q, want %q", c, got, want)
		}
	}
}

func TestCodeSpanFence(t *testing.T) {
	for c, want := range map[string]string{
		"kubectl get pods":             "`kubectl get pods`",
		"echo `date` now":              "``echo `date` now``",
		"`kubectl get pvc` | jq .spec": "`` `kubectl get pvc` | jq .spec ``",
	} {
		if got := codeSpan(c); got != want {
			t.Errorf("codeSpan(%q) = %q, want %q", c, got, want)
		}
	}
	if !isCheck("You can check this with:") {
		t.Error("\"You can check this with:\" is a check")
	}
}

// A runbook's "Meaning" names no part of the task: the description walks
// through the task, and no trigger eval asks for "Meaning"; "Mitigation" does.
func TestSectionWordsNameNoTask(t *testing.T) {
	procs := []procedure{{title: "Meaning"}, {title: "Mitigation"}}
	if got := howToDescription("Kube Persistent Volume Filling Up", procs, nil); !strings.HasPrefix(got, "Walks through mitigation for Kube Persistent Volume Filling Up,") {
		t.Errorf("description = %q", got)
	}
	_, trig := howToEvals("Kube Persistent Volume Filling Up", procs, nil)
	for _, q := range trig {
		if strings.Contains(strings.ToLower(q.Query), "meaning") {
			t.Errorf("trigger eval %q asks for a section word", q.Query)
		}
	}
}

// A neighbour's "Meaning" or "Purpose / What you'll learn" is no request
// for a near miss either.
func TestSectionWordsAreNoRequests(t *testing.T) {
	prims := []core.Primitive{
		{ID: "a", Name: "Meaning", Type: core.Technique, FormalStatement: "1. Check the alert."},
		{ID: "b", Name: "Purpose / What you'll learn", Type: core.Technique, FormalStatement: "1. Read the guide."},
		{ID: "c", Name: "Quota", Type: core.Definition, FormalStatement: "A quota is the space a backend may use."},
	}
	got := subjectRequests(prims, newShared(prims), 5)
	if len(got) != 1 || !strings.Contains(got[0], "Quota") {
		t.Errorf("requests %q, want the quota's only", got)
	}
}

// Inline code spans pair as CommonMark pairs them: the text between two
// spans is no command.
func TestCommandsPairCodeSpans(t *testing.T) {
	step := "Compute C. C is the smallest integer such that `256^B <= A^C`. (`^` means \"to the power of\" here and below.) " +
		"The most direct way to compute C is `ceiling(B*8/log_2(A))`. Then run `go run .` and ``echo `date` `` to check."
	got := commands(step)
	want := []string{"go run ."} // a command holding a backtick could close its block
	if !slices.Equal(got, want) {
		t.Errorf("commands = %q, want %q", got, want)
	}
}

// A script's shell words and a package's name are no programs to install.
func TestProgramOfShellWordsAndPackages(t *testing.T) {
	for _, c := range []string{"if [ -f .nvmrc ]; then", "return 0", "local x=1", "stevemao/left-pad"} {
		for _, p := range programsOf(c) {
			if !shellBuiltins[p] && p != "[" {
				t.Errorf("programsOf(%q) has %q", c, p)
			}
		}
	}
	if got := programOf("./configure --prefix=/usr"); got != "./configure" {
		t.Errorf("programOf(./configure) = %q", got)
	}
}

// A guide's sections read by their titles (its background, a recipe in
// prose) do not make it a knowledge skill: it stays a how-to, however
// many such sections it has.
func TestReadSectionsKeepAGuideAHowTo(t *testing.T) {
	prims := tutorial("Get started with containers on WSL", "wsl.md")
	if !procedural(prims) {
		t.Fatal("the guide is no how-to")
	}
	for i := range 5 {
		prims = append(prims, core.Primitive{ID: fmt.Sprintf("read-%d", i), Name: fmt.Sprintf("Background %d", i), Type: core.Technique,
			FormalStatement: "The host runs the service under its own account.", Confidence: 0.45, Tags: []string{core.TagReading}})
	}
	if !procedural(prims) {
		t.Error("sections read by their titles made the guide a knowledge skill")
	}
	for i := range prims[2:] {
		prims[2+i].Tags = nil
	}
	if procedural(prims) {
		t.Error("five techniques of their own did not outweigh two procedures")
	}
}

// A list whose lead-in the items finish ("… the attacker cannot" over
// "1. modify the data …") keeps the lead-in over its steps: without it the
// items read as things to do.
func TestUnfinishedLeadInStaysWithItsSteps(t *testing.T) {
	p := procedure{title: "Attack model", intro: "Under these circumstances Borg guarantees that the attacker cannot",
		steps: []step{{text: "modify the data of any archive"}, {text: "recover plain-text data"}}}
	got, _, _ := renderProcedure(0, p, false, map[string]bool{})
	if !strings.HasPrefix(got, "Under these circumstances Borg guarantees that the attacker cannot\n\n1. modify") {
		t.Errorf("lead-in lost:\n%s", got)
	}
	p.intro = "It requires WSL 2.9.3. To make sure you have it:"
	if got, _, _ := renderProcedure(0, p, false, map[string]bool{}); strings.Contains(got, "To make sure") {
		t.Errorf("a finished lead-in is in the steps:\n%s", got)
	}
}
