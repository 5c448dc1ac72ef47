package skills

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills/search"
)

const loginBody = "Open the login page, fill the user name and password fields, submit the form and wait for the dashboard."

func TestSimilarity(t *testing.T) {
	a := content("site-login", "Log in to the admin website", loginBody)
	b := content("admin-login", "Log in to the admin website", loginBody+" Then check the session cookie.")
	c := content("pdf-tables", "Extract tables from PDF files", "Run the extractor over each page and join the rows.")
	if s := Similarity(&a, &b); s < DefaultMergeThreshold {
		t.Errorf("near-duplicates: %.3f < %.2f", s, DefaultMergeThreshold)
	}
	if s := Similarity(&a, &c); s > 0.2 {
		t.Errorf("unrelated: %.3f", s)
	}
	if s := Similarity(&a, &a); s < 0.999 {
		t.Errorf("self: %.3f", s)
	}
	neg := b
	neg.Negative = true
	if s := Similarity(&a, &neg); s != 0 {
		t.Errorf("warning vs procedure: %.3f", s)
	}
	br := b
	br.TaskType = search.Browser
	if s := Similarity(&a, &br); s != 0 {
		t.Errorf("different task types: %.3f", s)
	}
}

func TestNearDuplicatesAndMerge(t *testing.T) {
	old := mustNew(t, "public.site-login", content("site-login", "Log in to the admin website", loginBody), Learned, Active, t0)
	old.Uses, old.Helpful, old.ExampleQueries = 3, 1, []string{"log me in"}
	newer := mustNew(t, "public.admin-login", content("admin-login", "Log in to the admin website", loginBody+" Then check the session cookie."), Learned, Draft, t0.Add(24*time.Hour))
	newer.Uses, newer.Harmful, newer.ExampleQueries = 2, 1, []string{"sign in to admin", "log me in"}
	pack := mustNew(t, "vendor.login", content("login", "Log in to the admin website", loginBody), Imported, Active, t0.Add(-time.Hour))
	archived := mustNew(t, "public.old-login", content("old-login", "Log in to the admin website", loginBody), Learned, Archived, t0)
	other := mustNew(t, "public.pdf-tables", content("pdf-tables", "Extract tables from PDF files", "Run the extractor."), Learned, Active, t0)

	pairs := NearDuplicates([]*Skill{newer, pack, other, archived, old}, 0)
	if len(pairs) != 1 || pairs[0].Into != old.Key || pairs[0].From != newer.Key {
		t.Fatalf("pairs %+v, want admin-login into site-login only (packs and archived skills left alone)", pairs)
	}
	if err := Merge(pack, newer, t0); !errors.Is(err, ErrPack) {
		t.Fatalf("merge into a pack skill: %v", err)
	}
	at := t0.Add(48 * time.Hour)
	if err := Merge(old, newer, at); err != nil {
		t.Fatal(err)
	}
	if old.Name != "site-login" || !strings.Contains(old.Instructions, "session cookie") {
		t.Errorf("merged content: name %q body %q (want the newer body under the old name)", old.Name, old.Instructions)
	}
	if old.Uses != 5 || old.Helpful != 1 || old.Harmful != 1 || strings.Join(old.ExampleQueries, "|") != "log me in|sign in to admin" {
		t.Errorf("merged counters/queries: %+v %v", old, old.ExampleQueries)
	}
	if len(old.Lineage.MergedFrom) != 1 || old.Lineage.MergedFrom[0] != newer.Key || len(old.Lineage.SourceHashes) != 3 {
		t.Errorf("lineage %+v", old.Lineage)
	}
	if newer.Status != Archived || newer.Note != "merged into public.site-login" {
		t.Errorf("absorbed skill: %s %q", newer.Status, newer.Note)
	}
	if old.Version != 2 || old.History[0].Reason != "merged public.admin-login" {
		t.Errorf("merge not versioned: %d %+v", old.Version, old.History)
	}
}

func TestSignature(t *testing.T) {
	a := Signature("Timeout after 30s calling  https://api.example.com/v1/users?token=abc (request 9f8e7d6c5b4a)")
	b := Signature("timeout after 45s calling https://api.example.com/v1/users?token=xyz (request 0a1b2c3d4e5f)")
	if a != b {
		t.Fatalf("same failure, different signatures:\n%s\n%s", a, b)
	}
	if strings.Contains(a, "token=") {
		t.Fatalf("signature keeps the URL query: %s", a)
	}
}

func TestReportFailureCreatesNegativeOnce(t *testing.T) {
	s := mustNew(t, "team.deploy", content("deploy", "Deploy the service", "Run make deploy."), Learned, Active, t0)
	sig := Signature("permission denied writing /etc/app.conf")
	if n, err := s.ReportFailure(sig, 0, t0); n != nil || err != nil {
		t.Fatalf("first report: %v %v", n, err)
	}
	n, err := s.ReportFailure(sig, 0, t0.Add(time.Hour))
	if err != nil || n == nil {
		t.Fatalf("second report: %v %v", n, err)
	}
	if !n.Negative || n.Status != Draft || n.Extends != "team.deploy" || !strings.HasPrefix(n.Key, "team.avoid-deploy-") || n.Lineage.Origin != "team.deploy" {
		t.Fatalf("negative skill %+v", n)
	}
	if Check(n.Key, n.Content) != nil || !strings.Contains(n.Description, "permission denied") {
		t.Fatalf("negative skill invalid or vague: %v %q", Check(n.Key, n.Content), n.Description)
	}
	if again, _ := s.ReportFailure(sig, 0, t0); again != nil {
		t.Fatal("a third report created a second negative skill")
	}
	if s.Failures != 3 || s.FailureSignatures[sig] != 3 {
		t.Fatalf("counts %d %v", s.Failures, s.FailureSignatures)
	}
	long := mustNew(t, "public."+strings.Repeat("a", 64), content(strings.Repeat("a", 64), "d", ""), Learned, Active, t0)
	long.ReportFailure("x", 1, t0) //nolint:errcheck // only the name length matters here
	if n, err := long.ReportFailure("y", 1, t0); err != nil || len(n.Name) > 64 {
		t.Fatalf("negative of a 64-char skill: %v %q", err, n.Name)
	}
}

func TestWarn(t *testing.T) {
	w, err := Warn("public.no-force-push", "Never force-push to main", "Rewriting main loses others' commits.", "public.git-flow", search.Code, "ana", t0)
	if err != nil {
		t.Fatal(err)
	}
	if !w.Negative || w.Status != Active || w.Provenance.By != "ana" || w.TaskType != search.Code || w.Extends != "public.git-flow" {
		t.Fatalf("warning %+v", w)
	}
	if _, err := Warn("public.Bad", "d", "", "", "", "", t0); !errors.Is(err, ErrInvalid) {
		t.Fatalf("bad warning name: %v", err)
	}
}

// TestReportFailureKeepsAtMostMaxSignatures: a full record forgets the
// rarest signature that made no negative skill for a new one; once every
// signature kept has made one, a new failure counts in Failures alone and
// makes no negative skill, nor does any kept signature make a second.
func TestReportFailureKeepsAtMostMaxSignatures(t *testing.T) {
	s := mustNew(t, "team.deploy", content("deploy", "Deploy the service", "Run make deploy."), Learned, Active, t0)
	sig := func(i int) string { return Signature(fmt.Sprintf("step %c%c broke", 'g'+i/20, 'g'+i%20)) }
	negatives := 0
	for i := range MaxFailureSignatures {
		for range 2 {
			if n, err := s.ReportFailure(sig(i), 2, t0); err != nil {
				t.Fatal(err)
			} else if n != nil {
				negatives++
			}
		}
	}
	if n, err := s.ReportFailure(sig(MaxFailureSignatures), 2, t0); n != nil || err != nil {
		t.Fatalf("a new failure on a full record: %v %v", n, err)
	}
	if n, _ := s.ReportFailure(sig(MaxFailureSignatures), 2, t0); n != nil {
		t.Fatal("a failure whose signature was not kept made a negative skill")
	}
	if len(s.FailureSignatures) != MaxFailureSignatures || s.Failures != 2*MaxFailureSignatures+2 || negatives != MaxFailureSignatures {
		t.Fatalf("%d signatures, %d failures, %d negatives; want %d, %d, %d",
			len(s.FailureSignatures), s.Failures, negatives, MaxFailureSignatures, 2*MaxFailureSignatures+2, MaxFailureSignatures)
	}
	// One kept signature reported once: a new one takes its place.
	delete(s.FailureSignatures, sig(0))
	s.FailureSignatures[sig(0)] = 1
	if _, err := s.ReportFailure(sig(MaxFailureSignatures+1), 2, t0); err != nil {
		t.Fatal(err)
	}
	if _, kept := s.FailureSignatures[sig(0)]; kept || s.FailureSignatures[sig(MaxFailureSignatures+1)] != 1 || len(s.FailureSignatures) != MaxFailureSignatures {
		t.Fatalf("the rare signature was not the one forgotten: %v", s.FailureSignatures)
	}
}
