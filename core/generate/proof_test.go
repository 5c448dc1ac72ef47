package generate

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A skill's reference files give a result's proof and sketch under its
// entry, math read as the statement's is, and say where a proof was cut;
// an entry without a proof has no proof field.
func TestReferencesGiveTheProof(t *testing.T) {
	prims := makePrims(12)
	prims[3].Type = core.Theorem
	prims[3].Proof = core.Proof{Text: "By induction on $n$, with $x^2 \\geq 0$.", Sketch: "Induct.", Cut: 12345}
	refs := file(t, Skill(testDomain, prims, cfg()).Artifact, "references/primitives.md")
	_, entry, _ := strings.Cut(refs, "## 4. "+prims[3].Name+"\n")
	entry, _, _ = strings.Cut(entry, "\n## ")
	for _, want := range []string{"- Proof sketch: Induct.\n",
		"- Proof: By induction on n, with x² ≥ 0. (the proof is cut here: it runs to 12345 bytes in its source)\n"} {
		if !strings.Contains(entry, want) {
			t.Errorf("the entry of %s lacks %q:\n%s", prims[3].Name, want, entry)
		}
	}
	if n := strings.Count(refs, "- Proof"); n != 2 {
		t.Errorf("%d proof fields in the references, want the one result's two:\n%s", n, refs)
	}
}

// A skill gives what the source goes on to say of a primitive as the
// source says it: in its reference entry, line by line, a "$" of a
// message format left as it is; under a key primitive whole when it is
// short, else where it is.
func TestSkillsGiveThePassage(t *testing.T) {
	prims := makePrims(12)
	prims[9].Passage = "RESP encodes bulk strings in the following way:\n\n    $<length>\\r\\n<data>\\r\\n\n\nA client should return nil for `$-1\\r\\n`."
	prims[1].Passage = strings.TrimSpace(strings.Repeat("A line the source goes on with, about the case it covers.\n", 40))
	art := Skill(testDomain, prims, cfg()).Artifact
	refs := file(t, art, "references/primitives.md")
	if want := "- The source goes on:\n\n  RESP encodes bulk strings in the following way:\n\n      $<length>\\r\\n<data>\\r\\n\n\n  A client should return nil for `$-1\\r\\n`.\n"; !strings.Contains(refs, want) {
		t.Errorf("the references lack the passage %q:\n%s", want, refs)
	}
	md := file(t, art, "SKILL.md")
	if !strings.Contains(md, "  The source goes on:\n\n  RESP encodes bulk strings") {
		t.Errorf("SKILL.md does not give the short passage:\n%s", md)
	}
	if !strings.Contains(md, "The source goes on for 40 lines") || strings.Count(md, "about the case it covers") > 0 {
		t.Errorf("SKILL.md does not point at the long passage:\n%s", md)
	}
}

// A step's code block is given as written: a "$" in it is no mathematics.
func TestStepCodeKeepsDollars(t *testing.T) {
	p := core.Primitive{Type: core.Technique, ComputationalForm: "1. Write tests/data.sql:\n   ```sql\n   INSERT INTO user VALUES ('test', 'pbkdf2:sha256:50000$TCI4GzcX$0de171a4');\n   ```\n2. Run the tests with $n$ workers."}
	got := strings.Join(stepLines(&p), "\n")
	if !strings.Contains(got, "'pbkdf2:sha256:50000$TCI4GzcX$0de171a4'") || !strings.Contains(got, "with n workers") {
		t.Errorf("steps:\n%s", got)
	}
}

// A heading the source's passage reads on through is set in bold: under a
// list item it would end the list and open a section of the skill. A
// comment in its code is left as written.
func TestPassageHeadingsInBold(t *testing.T) {
	got := passageLines("Then:\n\n## Client handshake\n\n```sh\n# connect\nredis-cli\n```", 1000)
	want := []string{"Then:", "", "**Client handshake**", "", "```sh", "# connect", "redis-cli", "```"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("passageLines = %q, want %q", got, want)
	}
}

// A passage cut inside a code block closes the block before the cut mark:
// left open, it would hold the rest of the skill.
func TestCutPassageClosesItsCode(t *testing.T) {
	got := cutLines([]string{"Create it:", "", "    ```yaml", "    services:", "      db:"}, 4)
	want := []string{"Create it:", "", "    ```yaml", "    services:", "    ```", "…"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("cutLines = %q, want %q", got, want)
	}
	if got := cutLines([]string{"```", "a", "```", "b"}, 3); strings.Join(got, "\n") != "```\na\n```\n…" {
		t.Errorf("a closed block: %q", got)
	}
}

// The code a statement introduces ("Here is a sample C subroutine to
// calculate if a year is a leap year:"), kept in its computational form,
// is in its reference entry.
func TestReferenceEntryGivesTheCodeItsStatementIntroduces(t *testing.T) {
	p := core.Primitive{
		ID: "p-leap-years", Name: "Leap Years", Type: core.Definition,
		FormalStatement: "Here is a sample C subroutine to calculate if a year is a leap year:",
		ComputationalForm: "Defines: Here is a sample C subroutine to calculate if a year is a leap year:\n" +
			"   ```\n   int leap_year(int year)\n   {\n       return (year % 4 == 0);\n   }\n   ```",
	}
	e := refEntry(1, &p, map[string]int{})
	if !strings.Contains(e, "  int leap_year(int year)\n") || !strings.Contains(e, "      return (year % 4 == 0);\n") {
		t.Errorf("entry lacks the code:\n%s", e)
	}
	p.ComputationalForm = "Defines: Here is a sample C subroutine."
	if e := refEntry(1, &p, map[string]int{}); strings.Contains(e, "Given as") {
		t.Errorf("a template form shown as code:\n%s", e)
	}
}

// A reference entry names its section by number and title, and the
// chapter holding it unless that is the whole document: a rule ("Other
// keys MUST NOT be present") applies to what its section is about.
func TestReferenceEntryNamesItsSection(t *testing.T) {
	p := core.Primitive{ID: "p-other-keys", Name: "Other keys", Type: core.Axiom, Section: "2.38",
		FormalStatement: "Other keys MUST NOT be present within the metadata object.",
		Provenance:      core.Provenance{Document: "zarr.rst", Title: "Zarr v2", Section: "Groups", Chapter: "Zarr v2"}}
	if e := refEntry(1, &p, map[string]int{}); !strings.Contains(e, "- Section: Groups\n") {
		t.Errorf("section not named by its title:\n%s", e)
	}
	p.Provenance = core.Provenance{Document: "rfc3339.txt", Title: "Date and Time on the Internet",
		Section: "Internet Date/Time Format", SectionNumber: "5.6", Chapter: "Date and Time format"}
	if e := refEntry(1, &p, map[string]int{}); !strings.Contains(e, "- Section: 5.6 Internet Date/Time Format (in Date and Time format)\n") {
		t.Errorf("section number or chapter missing:\n%s", e)
	}
	p.Provenance = core.Provenance{Document: "notes.md"}
	if e := refEntry(1, &p, map[string]int{}); !strings.Contains(e, "- Section: 2.38\n") {
		t.Errorf("a primitive without a section title keeps its number:\n%s", e)
	}
}

// A statement whose list was cut ("… (4 more)") has the list's entries
// whole in its reference entry, from its computational form.
func TestReferenceEntryGivesACutListWhole(t *testing.T) {
	p := core.Primitive{ID: "p-keys", Name: "Keys", Type: core.Axiom,
		FormalStatement:   "The following keys MUST be present: (1) zarr_format: An integer … (2 more)",
		ComputationalForm: "Assert: The following keys MUST be present: …\n- zarr_format: An integer.\n- shape: A list of integers.\n- order: Either \"C\" or \"F\"."}
	e := refEntry(1, &p, map[string]int{})
	if !strings.Contains(e, "- Entries:\n\n  - zarr_format: An integer.\n  - shape: A list of integers.\n  - order: Either \"C\" or \"F\".\n") {
		t.Errorf("the cut list is not whole:\n%s", e)
	}
	p.FormalStatement = "The following keys MUST be present: (1) zarr_format: An integer (2) shape: A list (3) order: C or F"
	if e := refEntry(1, &p, map[string]int{}); strings.Contains(e, "Entries") {
		t.Errorf("a whole statement's list repeated:\n%s", e)
	}
}
