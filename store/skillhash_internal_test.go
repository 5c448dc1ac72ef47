package store

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core/skills"
)

// A store written before the source-hash index existed has skills and no
// index: the first lookup builds it, and a read-only store says it has
// none rather than answering wrong.
func TestSkillHashIndexIsBuiltForAnOlderStore(t *testing.T) {
	dir := t.TempDir()
	st, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := skills.New("public.x", skills.Content{Name: "x", Description: "Use for x.", Instructions: "Steps."}, skills.Learned, skills.Draft, skills.Provenance{}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	s.Lineage.SourceHashes = append(s.Lineage.SourceHashes, "feed")
	if err := st.PutSkills([]*skills.Skill{s}); err != nil {
		t.Fatal(err)
	}
	// As an older lore left it: no index, no mark.
	if err := st.db.DropPrefix(prefixSkillHash); err != nil {
		t.Fatal(err)
	}
	if err := st.db.Update(func(txn *badger.Txn) error { return txn.Delete(keySkillHashIndex) }); err != nil {
		t.Fatal(err)
	}
	st.Close()

	ro, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.SkillsWithSourceHash("feed"); !errors.Is(err, ErrNoHashIndex) {
		t.Errorf("read-only store without the index: %v, want ErrNoHashIndex", err)
	}
	ro.Close()

	st, err = Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, err := st.SkillsWithSourceHash("feed")
	if err != nil || !slices.Equal(got, []string{"public.x"}) {
		t.Fatalf("after building the index: %v, %v", got, err)
	}
}
