package api_test

import (
	"bytes"
	"testing"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// A document read as Windows-1252 was read: on every transport, a team
// server's included, the learn's report says so in its notes, not its
// errors.
func TestLearnReportCarriesNotesApartFromErrors(t *testing.T) {
	doc := []byte("# Groups\n\nDefinition: A \x93group\x94 is a set with an associative operation, an identity and inverses.\n")
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, "default")
		ctx, svc := e.As("cora")
		up, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: "groups.md"}, bytes.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: up.GetUploadId(), Approve: true})
		if err != nil {
			t.Fatal(err)
		}
		var rep *lorev1.LearnReport
		for _, ev := range events {
			if r := ev.GetReport(); r != nil {
				rep = r
			}
		}
		want := "groups.md: read as Windows-1252: it is not valid UTF-8 (invalid byte 0x93 at offset 24, line 3) and declares no encoding"
		if rep == nil || len(rep.GetNotes()) != 1 || rep.GetNotes()[0] != want || len(rep.GetErrors()) != 0 || !rep.GetSuccess() {
			t.Errorf("report %v\nwant success with the note %q and no error", rep, want)
		}
	})
}
