package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// secretGuide is a runbook that, like many real ones, pastes live
// credentials into its procedure.
const secretGuide = `# Deploying the billing service

In this tutorial you will deploy the billing service step by step.

## Step 1: Configure the credentials

1. Export the Stripe key: ` + "`export STRIPE_KEY=sk_live_51HqLyjWDarjtT1zdp7dcXYZ0`" + ` before you start the service.
2. Set the AWS secret in the profile: aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8vLk2Tq3 and keep the file private.
3. Always verify the database answers: connect to mongodb://admin:Sup3rPassw0rd@10.0.0.5:27017/billing before migrating.

## Step 2: Deploy the release

1. Run the smoke test with curl -u deploy:Tr0ub4dorPass https://ci.example.com/hook before every deploy.
2. Never deploy on Fridays; the billing service must stay stable over the weekend.
3. Always tag the release before you deploy it, so a rollback can name it.
4. The billing service is a stateless HTTP service that charges customers through Stripe.
5. A rollback redeploys the previous tag and must complete within five minutes.
`

// Credentials in the source URL and in the text never reach the session,
// the provenance, the report, the store or a generated skill; the text's
// secrets are reported as redactions.
func TestLearnStoresNoSecrets(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "alice" || p != "hunter2pass" || r.URL.Query().Get("api_key") != "ZXCV1234urlsecret" {
			http.Error(w, "credentials required", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "text/markdown")
		fmt.Fprint(w, secretGuide)
	}))
	defer srv.Close()
	source := strings.Replace(srv.URL, "http://", "http://alice:hunter2pass@", 1) + "/billing-runbook.md?api_key=ZXCV1234urlsecret&lang=en"
	secrets := []string{"hunter2pass", "ZXCV1234urlsecret", "51HqLyjWDarjtT1zdp7dcXYZ0", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8vLk2Tq3", "Sup3rPassw0rd", "Tr0ub4dorPass"}

	ds := storetest.Domains(t)
	dir := t.TempDir()
	st, err := store.Open(filepath.Join(dir, "store"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	out := filepath.Join(dir, "out")
	opts := engine.LearnOptions{Domains: ds, Domain: "devops", OutputDir: out, Generate: generate.Config{SkillMinPrimitives: 1}}
	opts.Policy.Trust = true
	res, err := engine.Learn(context.Background(), st, source, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Primitives) == 0 || len(res.Artifacts) == 0 {
		t.Fatalf("learned %d primitives and %d artifacts; the test needs both (%v)", len(res.Primitives), len(res.Artifacts), res.Errors)
	}

	var seen strings.Builder
	add := func(what string, v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&seen, "\n== %s\n%s", what, b)
	}
	add("result session", res.Session)
	add("result primitives", res.Primitives)
	add("result provenance", res.Provenance)
	add("result report", res.Report)
	add("result artifacts", res.Artifacts)
	sess, _, err := st.Session(res.Session.ID)
	if err != nil {
		t.Fatal(err)
	}
	add("stored session", sess)
	changes, err := st.Changes(res.Session.ID)
	if err != nil {
		t.Fatal(err)
	}
	add("stored changes", changes)
	rep, _, err := st.Report(res.Session.ID)
	if err != nil {
		t.Fatal(err)
	}
	seen.Write(rep)
	prims, err := st.ByDomain("devops")
	if err != nil {
		t.Fatal(err)
	}
	add("stored primitives", prims)
	arts, err := st.Artifacts()
	if err != nil {
		t.Fatal(err)
	}
	add("stored artifacts", arts)
	files := 0
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		files++
		fmt.Fprintf(&seen, "\n== %s\n%s", p, b)
		return err
	})
	if err != nil || files == 0 {
		t.Fatalf("generated files: %d, %v", files, err)
	}
	all := seen.String()
	for _, s := range secrets {
		if i := strings.Index(all, s); i >= 0 {
			t.Errorf("%q is stored or shown: …%s…", s, all[max(0, i-200):min(len(all), i+80)])
		}
	}
	if !strings.Contains(res.Session.Source, "/billing-runbook.md?api_key=REDACTED&lang=en") {
		t.Errorf("session source %q does not name the page", res.Session.Source)
	}
	// The marker's bracket may be read as Markdown; its name survives.
	if !strings.Contains(all, "REDACTED_TOKEN") {
		t.Errorf("no redaction marker in what was learned: the secrets' lines were not learned at all")
	}
	kinds := map[string]bool{}
	for _, r := range res.Redactions {
		if r.Document != "billing-runbook.md" || r.Length == 0 {
			t.Errorf("redaction %+v", r)
		}
		kinds[r.What] = true
	}
	for _, k := range []string{"Stripe live secret key", "AWS secret access key", "password in a URL", "password given to curl"} {
		if !kinds[k] {
			t.Errorf("no %q redaction reported (got %v)", k, res.Redactions)
		}
	}
}
