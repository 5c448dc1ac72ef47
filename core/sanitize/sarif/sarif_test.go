package sarif

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/lore-kb/lore/core"
)

func sample(root string) core.HygieneReport {
	return core.HygieneReport{Source: root, Tier: core.Stranger, Findings: []core.Finding{
		{File: filepath.Join(root, "SKILL.md"), Category: core.PromptInjection, Severity: core.Critical,
			Description: `exfiltration instruction: sends "the task prompt" to https://x.example.net (line 8)`,
			Location:    filepath.Join(root, "SKILL.md") + ":8:28", Evidence: "…upload the task prompt…",
			Flow: &core.Flow{Source: "the task prompt", Sink: "upload to https://x.example.net"}},
		{File: filepath.Join(root, "scripts", "run.sh"), Category: core.EmbeddedCode, Severity: core.Warning,
			Description: "downloads code and runs it", Location: filepath.Join(root, "scripts", "run.sh") + ":3:1"},
		{File: filepath.Join(root, "README.md"), Category: core.Secret, Severity: core.Info,
			Description: "e-mail address", Location: filepath.Join(root, "README.md") + ":2:5"},
		{File: "bundle.zip!docs/a.md", Category: core.PathTraversal, Severity: core.Critical,
			Description: "entry climbs out of the archive", Location: "bundle.zip!docs/a.md"},
	}}
}

func encode(t *testing.T, l *Log) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(l); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The log lore writes is valid SARIF 2.1.0: checked against the OASIS
// schema, with and without a baseline's suppressions.
func TestLogIsValidSARIF(t *testing.T) {
	c := jsonschema.NewCompiler()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	r := sample(root)
	for _, base := range []map[string]string{nil, {Fingerprints(r.Findings, root)[1]: "reviewed"}} {
		out := encode(t, New(r, root, "test", base))
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("not valid SARIF: %v\n%s", err, out)
		}
	}
	empty := encode(t, New(core.HygieneReport{Source: root}, root, "test", nil))
	v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(empty))
	if err := sch.Validate(v); err != nil {
		t.Errorf("an empty report is not valid SARIF: %v", err)
	}
}

// A baseline suppresses exactly the findings it lists: a log written
// with two of four findings, read back, takes out those two and no other,
// though the others moved down a line and a new one came first.
func TestBaselineSuppressesExactlyItsFindings(t *testing.T) {
	root := t.TempDir()
	r := sample(root)
	old := r
	old.Findings = []core.Finding{r.Findings[0], r.Findings[2]}
	base, err := Baseline(encode(t, New(old, root, "test", nil)))
	if err != nil || len(base) != 2 {
		t.Fatalf("baseline %v, %v", base, err)
	}
	later := sample(root)
	later.Findings[0].Location = filepath.Join(root, "SKILL.md") + ":9:28"
	later.Findings[0].Description = `exfiltration instruction: sends "the task prompt" to https://x.example.net (line 9)`
	later.Findings = append([]core.Finding{{File: filepath.Join(root, "SKILL.md"), Category: core.HiddenCharacters,
		Severity: core.Critical, Description: "1 hidden character", Location: filepath.Join(root, "SKILL.md") + ":2:1"}}, later.Findings...)

	l := New(later, root, "test", base)
	var suppressed []string
	for _, res := range l.Runs[0].Results {
		if len(res.Suppressions) > 0 {
			suppressed = append(suppressed, res.RuleID)
		}
	}
	if len(suppressed) != 2 || suppressed[0] != string(core.PromptInjection) || suppressed[1] != string(core.Secret) {
		t.Errorf("suppressed %v, want the prompt injection and the secret", suppressed)
	}
	if n, bare := Suppress(&later, root, base); n != 2 || bare != 2 || len(later.Findings) != 3 {
		t.Errorf("Suppress took out %d (%d without a reason), left %d", n, bare, len(later.Findings))
	}
	for _, f := range later.Findings {
		if f.Category == core.PromptInjection || f.Category == core.Secret {
			t.Errorf("%s kept", f.Category)
		}
	}
	// A second identical finding is a second entry, not suppressed by the
	// first's.
	twice := core.HygieneReport{Findings: []core.Finding{r.Findings[1], r.Findings[1]}}
	b1, _ := Baseline(encode(t, New(core.HygieneReport{Findings: []core.Finding{r.Findings[1]}}, root, "test", nil)))
	if n, _ := Suppress(&twice, root, b1); n != 1 {
		t.Errorf("one listed finding suppressed %d of two identical ones", n)
	}
	// The reason a person wrote into the baseline travels with the
	// finding it accepts.
	accepted := New(old, root, "test", nil)
	accepted.Runs[0].Results[0].Suppressions = []Suppression{{Kind: "external", Justification: "our own installer, reviewed"}}
	withWhy, err := Baseline(encode(t, accepted))
	if err != nil {
		t.Fatal(err)
	}
	again := New(sample(root), root, "test", withWhy)
	var whys []string
	for _, res := range again.Runs[0].Results {
		for _, s := range res.Suppressions {
			whys = append(whys, s.Justification)
		}
	}
	if len(whys) != 2 || whys[0] != "our own installer, reviewed" || whys[1] != "in the baseline" {
		t.Errorf("justifications %q, want the reason given and the default", whys)
	}
	if _, bare := Suppress(new(sample(root)), root, withWhy); bare != 1 {
		t.Errorf("%d accepted findings without a reason, want 1", bare)
	}
	for _, bad := range []string{`{}`, `not json`, `{"version":"2.1.0","runs":[{"results":[{"ruleId":"x"}]}]}`} {
		if _, err := Baseline([]byte(bad)); err == nil {
			t.Errorf("Baseline(%q) accepted", bad)
		}
	}
}
