package e2e_test

import (
	"errors"
	"testing"

	"github.com/lore-kb/lore/core/engine"
	skilllib "github.com/lore-kb/lore/core/skills/library"
)

// The trigger evals every learned skill carries run against the library:
// each how-to skill's own requests rank it first and the requests of no
// subject keep every skill out of the top three; an unknown skill is an
// error.
func TestSkillsTriggerEvals(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, t.TempDir())
	defer s.Close()
	one := func(o *engine.LearnOptions) { o.Domain = "software-engineering" }
	for name, doc := range map[string]string{
		"deploy.md": tutorial("Deploy the service", "docker", "Build the image.", "Push the image to the registry.", "Start the service on the host."),
		"backup.md": tutorial("Back up the database", "pg_dump", "Stop the writers.", "Dump the database to a file.", "Copy the dump to storage."),
		"certs.md":  tutorial("Rotate the TLS certificates", "certbot", "Request new certificates.", "Install the certificates on the proxy.", "Reload the proxy."),
	} {
		learn(t, s, write(t, dir, name, doc), one)
	}
	lib := skilllib.New(s, skilllib.Options{})
	rep, err := lib.TriggerEvals(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Skills) != 3 || rep.Pool != 3 {
		t.Fatalf("%d skills evaluated among %d: %+v", len(rep.Skills), rep.Pool, rep)
	}
	for _, se := range rep.Skills {
		if se.Should == 0 || se.ShouldNot == 0 {
			t.Errorf("%s: %d should, %d should not", se.Key, se.Should, se.ShouldNot)
		}
		for _, q := range se.Queries {
			if q.ShouldTrigger && q.Query[:8] == "How do I" && !q.Pass {
				t.Errorf("%s: its own task %q ranked %d (first %s)", se.Key, q.Query, q.Rank, q.First)
			}
		}
	}
	if rep.Hits*100 < rep.Should*85 {
		t.Errorf("%d of %d should-load requests rank their skill first", rep.Hits, rep.Should)
	}
	if _, err := lib.TriggerEvals([]string{"no-such-skill"}); !errors.Is(err, skilllib.ErrUnknown) {
		t.Errorf("an unknown skill: %v", err)
	}
}
