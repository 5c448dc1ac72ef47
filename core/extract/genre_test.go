package extract

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/pdf"
	"github.com/lore-kb/lore/core/analyze"
)

// analyzed runs the analyzer on a fixture (sections from its headings) and
// pins the content type when ct is set.
func analyzed(txt string, f core.Format, ct core.ContentType) *core.Analysis {
	a := analyze.Analyze(&core.Document{Path: "fixture", Format: f, Text: txt}, nil)
	if ct != "" {
		a.ContentType = ct
	}
	return a
}

func names(ps []core.Primitive) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func byName(ps []core.Primitive) map[string]core.Primitive {
	m := map[string]core.Primitive{}
	for _, p := range ps {
		m[p.Name] = p
	}
	return m
}

// stepLines counts the numbered lines of a procedure's form.
func stepLines(form string) int {
	n := 0
	for _, l := range strings.Split(form, "\n") {
		if i := strings.Index(l, ". "); i > 0 && strings.Trim(l[:i], "0123456789") == "" {
			n++
		}
	}
	return n
}

const procedureTutorial = `---
title: Deploy a web app
---

# Deploy a web app

This guide shows how to ship the app.

## Prepare the server

You need a Linux host. To get it ready:

1. [Install Docker](https://docs.docker.com/install) on the host, then log in again.
2. From your terminal, create a directory for the app:

    ` + "```bash\n    mkdir -p /srv/app\n    ```" + `

    > [!NOTE]
    > Any directory works.

3. Copy the compose file to the server:

    ` + "```yaml\n    # compose.yaml\n    services:\n      web:\n        image: nginx\n        ports:\n          - \"80:80\"\n    ```" + `

    ![The file in place](media/compose.png)

## Release

### Steps

1. Tag the image with the release number.
2. Push the image.
   - to the staging registry
   - to the production registry
3. When the push is done, restart the service.

Then check the logs:

1. Open the dashboard.
2. Select the **web** service.

## Features

1. Fast startup.
2. Small images.
3. Rolling updates.
`

func TestProceduresUnderHeadingsAreTechniques(t *testing.T) {
	a := analyzed(procedureTutorial, core.FormatMarkdown, "")
	if a.ContentType != core.Tutorial {
		t.Fatalf("content type %s, want tutorial (%v)", a.ContentType, a.ContentTypeScores)
	}
	ps := Extract(a, Options{})
	for _, p := range ps {
		checkName(t, p)
		t.Logf("%s | %s\n%s", p.Name, p.FormalStatement, p.ComputationalForm)
	}
	tech := find(ps, core.Technique)
	want := map[string]int{"Prepare the server": 3, "Release": 3, "Release (part 2)": 2}
	if len(tech) != len(want) || len(ps) != len(want) {
		t.Fatalf("got %v, want the procedures %v only (not the feature list)", names(ps), want)
	}
	got := byName(tech)
	for name, steps := range want {
		p, ok := got[name]
		if !ok {
			t.Errorf("no procedure named %q in %v", name, names(tech))
			continue
		}
		if n := stepLines(p.ComputationalForm); n != steps {
			t.Errorf("%s: %d steps in its form, want %d:\n%s", name, n, steps, p.ComputationalForm)
		}
		if !strings.HasPrefix(a.Document.Text[p.Provenance.Offset:], "1. ") {
			t.Errorf("%s: offset does not point at the list", name)
		}
	}
	prep := got["Prepare the server"]
	// the step's code comes whole under it, the file it writes indented
	// as written: never "`services:` … (5 lines of yaml)"
	for _, w := range []string{"1. Install Docker on the host, then log in again.", "\n   ```bash\n   mkdir -p /srv/app\n   ```",
		"3. Copy the compose file to the server:\n   ```yaml\n   # compose.yaml\n   services:\n     web:\n       image: nginx\n       ports:\n         - \"80:80\"\n   ```"} {
		if !strings.Contains(prep.ComputationalForm, w) {
			t.Errorf("form lacks %q:\n%s", w, prep.ComputationalForm)
		}
	}
	// a note stays with its step, read as words
	if !strings.Contains(prep.ComputationalForm, "\n   > Note: Any directory works.") {
		t.Errorf("form drops the step's note:\n%s", prep.ComputationalForm)
	}
	for _, w := range []string{"https://", "[!NOTE]", "media/compose.png"} {
		if strings.Contains(prep.ComputationalForm, w) {
			t.Errorf("form keeps %q:\n%s", w, prep.ComputationalForm)
		}
	}
	if prep.FormalStatement != "You need a Linux host. To get it ready: 1. Install Docker on the host, then log in again. "+
		"2. From your terminal, create a directory for the app: `mkdir -p /srv/app`. 3. Copy the compose file to the server." {
		t.Errorf("statement: %q", prep.FormalStatement)
	}
	// Nested items belong to their step, under it, not in its text: the
	// form keeps them as the step's points, indented (they say how to do
	// it, "to the staging registry"), and the step's line stays its own.
	if rel := got["Release"]; !strings.Contains(rel.ComputationalForm, "2. Push the image.\n   - to the staging registry\n   - to the production registry\n3.") ||
		strings.Contains(rel.FormalStatement, "staging") {
		t.Errorf("nested items belong to their step, under it: form %q, statement %q", rel.ComputationalForm, rel.FormalStatement)
	}
}

// A long procedure's statement keeps whole steps and says how many it
// leaves out; it is never cut in the middle of a word.
func TestProcedureStatementNeverCutsASentence(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Guide\n\n## Configure the cluster\n\n")
	for i := 1; i <= 12; i++ {
		b.WriteString(strings.Repeat("x", 0))
		b.WriteString(itoa(i) + ". Run the configuration tool with the option number " + itoa(i) + " and wait until it reports that every node accepted the change.\n")
	}
	ps := Extract(analyzed(b.String(), core.FormatMarkdown, core.Tutorial), Options{})
	if len(ps) != 1 {
		t.Fatalf("got %v", names(ps))
	}
	st := ps[0].FormalStatement
	if len(st) > maxStatement || !strings.HasSuffix(st, "more steps)") || !strings.Contains(st, "accepted the change. ") {
		t.Errorf("statement (%d bytes): %q", len(st), st)
	}
	if n := stepLines(ps[0].ComputationalForm); n != 12 {
		t.Errorf("form has %d steps, want 12", n)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// A paper's PDF text: numbered results up to their proofs, named by their
// titles (citations dropped) or their numbers; table-of-contents lines,
// "Proof of Lemma N" headings and mentions are not results.
const paperPDFText = `## Fast Sampling

Abstract
We describe samplers [Mir12].

## Contents

1 Introduction 2
4.2 Proof of Lemma 4 . . . . . . . . . . . . . . . . . . . 9

## 1 Introduction

Results on sampling [DMNS06, DKM+ 06] typically assume exact arithmetic.

Proposition 1. The mechanism M is ε-private.
Proof. The output is a multiple of r.

Note that Proposition 1 is loose; see the proof of Theorem 1 in the paper.

Lemma 2 (Distance between Binomial and Gaussian; [CGS10]). For any positive
integer n, the distance between X and Y is at most 5.2/√n.

Asymptotic versions of the
Lemma 2 are well-known in the literature.
` + "\f" + `Lemma 3. If i is sampled with probability proportional to exp(−c|i|), then
2 1
E|i| = ≤ . (14)
c

Lemma
4 (Density
Approximation). Assume that n is even. For all

i ∈ {−n, . . . , n} the probability that X equals i is given by:

p(i) = e^(−2i²/n) (1 + ζ),
n

where |ζ| ≤ 2^−40 .

We now use Lemma 4 to build the sampler.

Lemma 5 ([Rob55]). For every positive integer n, Stirling's bound holds.

Remark 6. Rounding adds error.

## 4.2 Proof of Lemma 4

Proof of Lemma 4. Denote t := n ln n.

## References

[Mir12] I. Mironov. On significance of the least significant bits.
`

func TestPaperResultsInPDFText(t *testing.T) {
	a := analyzed(paperPDFText, core.FormatMarkdown, "")
	if a.ContentType != core.Paper {
		t.Fatalf("content type %s, want paper (%v)", a.ContentType, a.ContentTypeScores)
	}
	ps := Extract(a, Options{})
	logPrimitives(t, ps)
	want := []string{"Proposition 1", "Distance between Binomial and Gaussian", "Lemma 3", "Density Approximation", "Lemma 5"}
	if got := names(ps); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
	for _, p := range ps {
		if p.Type != core.Theorem {
			t.Errorf("%s: type %s", p.Name, p.Type)
		}
		if strings.Contains(p.FormalStatement, "Proof") || strings.Contains(p.FormalStatement, "We now use") {
			t.Errorf("%s: statement runs past its end: %q", p.Name, p.FormalStatement)
		}
	}
	dens := byName(ps)["Density Approximation"]
	if !strings.HasSuffix(dens.FormalStatement, "where |ζ| ≤ 2^−40 .") {
		t.Errorf("a statement broken by a display formula is read to its end: %q", dens.FormalStatement)
	}
}

// EPUB and PDF textbooks set "Definition 2.1" in bold with no punctuation
// after it: the number and a capitalized statement are enough, at the
// start of a paragraph. Mentions and table-of-contents lines are not.
const bareMarkersBook = `# Groups

## List of results

Theorem 2.3 Lagrange's theorem . . . . . . . . . . . 41

## 2.1 Groups

Definition 2.1 A group is a set G with an associative operation, an identity and inverses.

Theorem 2.2
Every subgroup of a cyclic group is cyclic.

As we saw in
Theorem 2.2 the subgroups are cyclic.

Lemma 2.4 are listed below, and Theorem 3 in Chapter 3 generalizes them.

Corollary 2.5 (Order of an element) The order of an element divides the order of the group.
`

func TestBareNumberedResultsInRunningText(t *testing.T) {
	ps := Extract(analyzed(bareMarkersBook, core.FormatMarkdown, core.Textbook), Options{})
	logPrimitives(t, ps)
	if len(ps) != 3 {
		t.Fatalf("got %d primitives %q, want Definition 2.1, Theorem 2.2 and Corollary 2.5", len(ps), names(ps))
	}
	if ps[0].Type != core.Definition || ps[0].Name != "Group" {
		t.Errorf("definition: %s %q", ps[0].Type, ps[0].Name)
	}
	if ps[1].FormalStatement != "Every subgroup of a cyclic group is cyclic." {
		t.Errorf("theorem with its statement on the next line: %q", ps[1].FormalStatement)
	}
	if ps[2].Name != "Order of an element" {
		t.Errorf("corollary name %q", ps[2].Name)
	}
	// An untitled numbered result that says what it claims in words is
	// named by that claim.
	if ps[1].Name != "Every subgroup of a cyclic group is cyclic" {
		t.Errorf("theorem name %q", ps[1].Name)
	}
}

// Markdown that carries theorem environments: raw LaTeX (pandoc), MyST
// directives, pandoc/bookdown/Quarto fenced divs and knitr chunks are read
// like LaTeX environments; code that shows such markup is not.
const markdownEnvsDoc = "# Number theory\n\n" +
	"\\begin{theorem}[Fermat's little theorem]\nIf $p$ is prime, $a^p \\equiv a \\pmod p$.\n\\end{theorem}\n\n" +
	"To write a theorem in LaTeX:\n\n```latex\n\\begin{theorem}\nNot a theorem.\n\\end{theorem}\n```\n\n" +
	"Inline `\\begin{lemma}x\\end{lemma}` is code too.\n\n" +
	"```{prf:definition}\n:label: def-prime\n\nA natural number $p > 1$ is **prime** if its only divisors are $1$ and $p$.\n```\n\n" +
	":::{prf:theorem} Euclid's theorem\n:label: thm-euclid\n\nThere are infinitely many primes.\n:::\n\n" +
	"::: {.lemma name=\"Bézout's identity\"}\nFor integers $a, b$ there are $x, y$ with $ax + by = \\gcd(a,b)$.\n\n" +
	"::: {.proof}\nBy the division algorithm.\n:::\n:::\n\n" +
	"::: {.example}\n$7$ is prime.\n:::\n\n" +
	"::: {#thm-crt}\n\n## Chinese remainder theorem\n\nIf $m, n$ are coprime, the system has a unique solution mod $mn$.\n\n:::\n\n" +
	"```{corollary, name=\"Wilson\"}\n$(p-1)! \\equiv -1 \\pmod p$ for every prime $p$.\n```\n\n" +
	"```python\nprint(\"::: {.theorem}\")\n```\n\n" +
	":::{.definition}\n**(Coprime)**. Two integers are *coprime* when their greatest common divisor is $1$.\n:::\n\n" +
	"```{prf:property} Unique factorization\nEvery integer $n > 1$ is a product of primes in exactly one way.\n```\n"

func TestMarkdownTheoremEnvironments(t *testing.T) {
	a := analyzed(markdownEnvsDoc, core.FormatMarkdown, core.Textbook)
	ps := Extract(a, Options{})
	logPrimitives(t, ps)
	if len(ps) != 8 {
		t.Errorf("got %d primitives %q, want 8", len(ps), names(ps))
	}
	// Titled blocks are named by their titles; the untitled definition is
	// named by the shared naming rules (the term it defines).
	titled := map[string]core.PrimitiveType{
		"Fermat's little theorem":   core.Theorem,
		"Euclid's theorem":          core.Theorem,
		"Bézout's identity":         core.Theorem,
		"Chinese remainder theorem": core.Theorem,
		"Wilson":                    core.Theorem,
		"Coprime":                   core.Definition,
		"Unique factorization":      core.Theorem,
	}
	got := byName(ps)
	for n, typ := range titled {
		p, ok := got[n]
		if !ok {
			t.Errorf("missing %q in %q", n, names(ps))
			continue
		}
		if p.Type != typ {
			t.Errorf("%s: %s", n, p.Type)
		}
	}
	prime := false
	for _, p := range ps {
		if p.Confidence < 0.9 {
			t.Errorf("%s: confidence %.2f", p.Name, p.Confidence)
		}
		if strings.Contains(p.FormalStatement, ":label:") || strings.Contains(p.FormalStatement, "**") ||
			strings.Contains(p.FormalStatement, ":::") || strings.Contains(p.FormalStatement, "division algorithm") ||
			strings.Contains(p.FormalStatement, "Not a theorem") {
			t.Errorf("%s: statement keeps markup, its proof or code: %q", p.Name, p.FormalStatement)
		}
		if p.Type == core.Definition && strings.HasPrefix(p.FormalStatement, "A natural number") {
			prime = strings.Contains(p.Name, "Prime")
		}
	}
	if !prime {
		t.Errorf("no definition of prime named after it in %q", names(ps))
	}
	if p := got["Euclid's theorem"]; p.FormalStatement != "There are infinitely many primes." {
		t.Errorf("MyST statement %q", p.FormalStatement)
	}
}

func TestCorpusNumberedTutorial(t *testing.T) {
	doc, a := loadCorpus(t, "tutorial-numbered_wsl_wsl-containers.md", "")
	if a.ContentType != core.Tutorial {
		t.Errorf("content type %s, want tutorial", a.ContentType)
	}
	ps := Extract(a, Options{})
	checkCommon(t, doc, ps)
	for _, p := range ps {
		t.Logf("%s | %s\n%s", p.Name, p.FormalStatement, p.ComputationalForm)
	}
	want := map[string]int{"Install and verify wslc": 3, "Build and run your own container image": 10}
	got := byName(find(ps, core.Technique))
	steps := 0
	for name, n := range want {
		p, ok := got[name]
		if !ok {
			t.Errorf("no procedure %q in %q", name, names(ps))
			continue
		}
		k := stepLines(p.ComputationalForm)
		steps += k
		if k != n {
			t.Errorf("%s: %d steps, want %d", name, k, n)
		}
	}
	if steps != 13 {
		t.Errorf("%d of the 13 numbered steps captured", steps)
	}
	p := got["Build and run your own container image"]
	for _, w := range []string{"10. When you're finished, stop the container:\n   ```powershell\n   wslc container stop django\n   ```",
		// step 4's Containerfile whole, not "(7 lines of dockerfile)"
		"   ```dockerfile\n   FROM python:3\n   WORKDIR /app\n   COPY requirements.txt .\n   RUN pip install --no-cache-dir -r requirements.txt\n   COPY . .\n   EXPOSE 8000\n   CMD [\"python\", \"manage.py\", \"runserver\", \"0.0.0.0:8000\"]\n   ```"} {
		if !strings.Contains(p.ComputationalForm, w) {
			t.Errorf("form lacks %q:\n%s", w, p.ComputationalForm)
		}
	}
}

func TestCorpusPaperPDFResults(t *testing.T) {
	path := filepath.Join(corpusDir(t), "paper_secure-noise-generation.pdf")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus document absent: %v", err)
	}
	txt, err := pdf.Text(context.Background(), bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	a := analyzed(txt, core.FormatMarkdown, "")
	if a.ContentType != core.Paper {
		t.Errorf("content type %s, want paper", a.ContentType)
	}
	ps := Extract(a, Options{})
	checkCommon(t, a.Document, ps)
	logPrimitives(t, ps)
	// Ten numbered paragraphs: Propositions 1–2, Lemmas 3–7, Remark 8
	// (a remark is not a primitive, as in LaTeX), Lemmas 9–10; and
	// Algorithm 1, its caption and its numbered rows.
	want := []string{"Proposition 1", "Proposition 2", "Lemma 3", "Distance between Binomial and Discretized Gaussian",
		"Binomial Density Approximation", "Rejection Binomial Sampling", "Lemma 7", "Efficient Binomial Sampling", "Lemma 9", "Hoeffding’s inequality"}
	if got := names(ps); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q,\nwant %q", got, want)
	}
	for _, p := range ps {
		at := a.Document.Text[p.Provenance.Offset:]
		if !strings.HasPrefix(at, "Lemma") && !strings.HasPrefix(at, "Proposition") && !strings.HasPrefix(at, "**Algorithm 1**") {
			t.Errorf("%s: offset at %.30q", p.Name, at)
		}
	}
}

// HTML and EPUB books set numbered results as headings, the statement as
// the section's first paragraph; the words after the number name it.
func TestResultHeadingsInEPUBText(t *testing.T) {
	doc := "# Chapter 4 Graph Theory\n\n## Section 4.1 Definitions\n\nSome prose about graphs.\n\n" +
		"###### Lemma 4.1.5. Handshake Lemma.\n\nIn any graph, the sum of the degrees of vertices is twice the number of edges.\n\n" +
		"The handshake lemma is sometimes called the degree sum formula.\n\n" +
		"###### Proof.\n\nEach edge contributes two to the sum.\n\n" +
		"###### Proposition 4.1.8.\n\nIn any graph, the number of vertices with odd degree must be even.\n\n" +
		"###### Example 4.1.9.\n\nThe cube has eight vertices.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	logPrimitives(t, ps)
	if got := names(ps); strings.Join(got, "|") != "Handshake Lemma|Proposition 4.1.8" {
		t.Fatalf("got %q", got)
	}
	if ps[0].FormalStatement != "In any graph, the sum of the degrees of vertices is twice the number of edges." {
		t.Errorf("statement %q", ps[0].FormalStatement)
	}
	if !strings.HasPrefix(doc[ps[1].Provenance.Offset:], "Proposition 4.1.8") {
		t.Errorf("offset at %.20q", doc[ps[1].Provenance.Offset:])
	}
}

// Books that put the number first ("2.7 Definition · Substitution", "2.8
// Lemma") state their results on the lines that follow; the numbered line
// is not a section heading, and the next numbered block ends a statement.
func TestSwappedNumbers(t *testing.T) {
	doc := "## 2. Syntax of formulas\n\nThe complexity of a formula is defined by recursion.\n\n" +
		"2.7 Definition · Substitution\nLet F be a pre-formula and t a term. I write F[t/a] for the result.\n⌟\n" +
		"2.8 Lemma\nIf F is a formula and t a term, F[t/a] is a formula.\n" +
		"2.9 Convention · Meta-variables\nHenceforth, lower case letters denote variables.\n\n" +
		"2.10 Lemma\n\n𝜀0 is the least fixed point of the function.\n\n" +
		"2.11 Theorem\nis stated below, where Lemma 2.8 is used.\n\n" +
		"2.12 Definition of trees\n\nA tree is a partial order.\n"
	a := analyzed(doc, core.FormatMarkdown, core.Textbook)
	ps := Extract(a, Options{})
	logPrimitives(t, ps)
	got := map[string]string{}
	for _, p := range ps {
		got[p.Section] = p.FormalStatement
	}
	want := map[string]string{
		"2.7":  "Let F be a pre-formula and t a term. I write F[t/a] for the result. ⌟",
		"2.8":  "If F is a formula and t a term, F[t/a] is a formula.",
		"2.10": "𝜀0 is the least fixed point of the function.",
	}
	if len(ps) != len(want) {
		t.Errorf("got %d primitives %q, want %d (2.11 is prose, 2.12 a section)", len(ps), names(ps), len(want))
	}
	for n, st := range want {
		if got[n] != st {
			t.Errorf("%s: statement %q, want %q", n, got[n], st)
		}
	}
	if p := byName(ps)["Lemma 2.8 — Syntax of formulas"]; p.Section != "2.8" {
		t.Errorf("2.8 is named by kind, number and section: %q", names(ps))
	}
	if p := byName(ps)["Substitution"]; p.Type != core.Definition {
		t.Errorf("2.7 is the definition named Substitution: %q", names(ps))
	}
	var titles []string
	a.Walk(func(s *core.Section) { titles = append(titles, s.Title) })
	if strings.Join(titles, "|") != "Syntax of formulas|Definition of trees" {
		t.Errorf("sections %q: a numbered result is not a heading", titles)
	}
}

// Numbered claims, observations and facts are results; a title that only
// says where a result comes from is no name; "Result:" in pseudo-code is
// no finding; "We say that … is X if" defines X.
func TestPaperResultVariants(t *testing.T) {
	doc := "Abstract\nWe study consensus [ABC19].\n\n## 1 Model\n\n" +
		"Observation 1 ([SMM19, KJH20]). Every honest node eventually sees every message.\n\n" +
		"Definition 2 (Definition 7 in [ZDW22]). A dominating distribution bounds every other one.\n\n" +
		"Definition 3. We say that there is a supermajority link from A to B if two thirds attest it.\n\n" +
		"Claim 4. The link is unique.\n\n" +
		"Algorithm 1 Fork choice\nData: A set of blocks, M\nResult: The block at the head of the chain\n\n" +
		"## References\n\n[SMM19] S. M. M.\n"
	a := analyzed(doc, core.FormatMarkdown, "")
	if a.ContentType != core.Paper {
		t.Fatalf("type %s", a.ContentType)
	}
	ps := Extract(a, Options{})
	logPrimitives(t, ps)
	want := "Every honest node eventually sees every message|Dominating Distribution|Supermajority Link|Claim 4"
	if got := strings.Join(names(ps), "|"); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzGenres runs the procedure, paper and Markdown-block readers on
// arbitrary Markdown as a tutorial and as a paper: offsets stay in the
// text, statements are bounded and never empty, and no input is slow.
func FuzzGenres(f *testing.F) {
	for _, s := range []string{
		procedureTutorial, paperPDFText, bareMarkersBook, markdownEnvsDoc,
		"2.7 Definition · T\nx\n2.8 Lemma\n\n𝜀",
		"```{prf:theorem} T\n:label: x\n````\n:::{.lemma name=\"a\n:::",
		"Lemma\n5 (A\nB). For all\n\n√\n\nx",
		"###### Theorem 1.2.3. Name.\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, ct := range []core.ContentType{core.Tutorial, core.Paper} {
			a := analyzed(s, core.FormatMarkdown, ct)
			start := time.Now()
			ps := Extract(a, Options{})
			if d := time.Since(start); d > slowInput {
				t.Fatalf("%d bytes took %v", len(s), d)
			}
			for _, p := range ps {
				if p.Provenance.Offset < 0 || p.Provenance.Offset >= len(s) {
					t.Fatalf("offset %d outside [0,%d)", p.Provenance.Offset, len(s))
				}
				if p.FormalStatement == "" || len(p.FormalStatement) > maxBlockStatement || p.Name == "" {
					t.Fatalf("primitive %q: statement of %d bytes", p.Name, len(p.FormalStatement))
				}
			}
		}
	})
}

// A result in running text whose only name would be its section's title is
// named by kind and number with the title, never "Title Theorem".
func TestSectionTitleIsNotAName(t *testing.T) {
	doc := "# Linear algebra\n\n## Antisymmetric operators\n\nTheorem: Every antisymmetric operator on a real space of odd dimension has a zero determinant.\n\nTheorem: Its square $A^2$ is symmetric.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) == 0 {
		t.Fatal("no primitives")
	}
	for _, p := range ps {
		if p.Type != core.Theorem {
			continue
		}
		if strings.HasSuffix(p.Name, "Theorem") || !strings.Contains(p.Name, " — Antisymmetric operators") {
			t.Errorf("name %q, want Theorem N — Antisymmetric operators", p.Name)
		}
	}
}

// A book that numbers its results first also titles some by what they
// are ("3.8 Deduction theorem"): those lines open results too, named by
// their titles and told apart by their numbers. A book that does not
// number results that way keeps such lines as prose.
func TestTitledSwappedResults(t *testing.T) {
	doc := "## 3. Natural deduction\n\nAs a consequence of the definition, I deduce\n\n" +
		"3.6 Lemma\nIf G proves F and D with F proves H, then G with D proves H.\n\n" +
		"3.7 Lemma\nG proves F implies G with D proves F, for all D.\n\n" +
		"3.8 Deduction theorem\nFor all F and H: G with F proves H iff G proves F implies H.\n\n" +
		"Proof By induction on the derivation.\n\n" +
		"3.9 Reduction theorem\nEvery derivation reduces to a normal one.\n\n" +
		"3.10 Reduction theorem\nEvery normal derivation has the subformula property.\n\n" +
		"3.11 Lemma\nEvery normal derivation is finite.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	logPrimitives(t, ps)
	got := byName(ps)
	if p, ok := got["Deduction theorem"]; !ok || p.FormalStatement != "For all F and H: G with F proves H iff G proves F implies H." || p.Section != "3.8" {
		t.Errorf("3.8 Deduction theorem: %q (%q)", p.FormalStatement, names(ps))
	}
	if _, ok := got["Reduction theorem (Theorem 3.10)"]; !ok {
		t.Errorf("two results titled alike are told apart by number: %q", names(ps))
	}
	if len(ps) != 6 {
		t.Errorf("got %d primitives %q, want 6", len(ps), names(ps))
	}

	prose := "## 3. Natural deduction\n\n3.8 Deduction theorem\nFor all F and H: G with F proves H iff G proves F implies H.\n"
	if ps := Extract(analyzed(prose, core.FormatMarkdown, core.Textbook), Options{}); len(ps) != 0 {
		t.Errorf("without results numbered first, a titled line is prose: %q", names(ps))
	}
}

// A procedure under a heading that only says steps follow ("Procedures")
// is named by the purpose its lead-in states, as a teacher would name it;
// the lead-in also makes a list of one software command a procedure.
func TestProcedureNamedByItsPurpose(t *testing.T) {
	src := `# Graph notes

## Definitions

A **tree** is a connected graph with no cycle.

## Procedures

To check that a graph is a tree:

1. Count the vertices and the edges.
2. Check that the graph is connected with a breadth-first search.
3. Conclude it is a tree when it has one edge fewer than vertices.
`
	ps := Extract(analyzed(src, core.FormatMarkdown, ""), Options{})
	tech := find(ps, core.Technique)
	if len(tech) != 1 || tech[0].Name != "Check that a graph is a tree" {
		t.Fatalf("techniques %v, want one named Check that a graph is a tree", names(tech))
	}
	if n := stepLines(tech[0].ComputationalForm); n != 3 {
		t.Errorf("%d steps in its form, want 3:\n%s", n, tech[0].ComputationalForm)
	}
}
