package store

import (
	"context"
	"errors"
	"io"
	"testing"
)

// A snapshot taken mid-commit would need recovery to make sense, so Backup
// refuses rather than wait or capture it.
func TestBackupRefusesDuringCommit(t *testing.T) {
	s, err := OpenInMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.commitMu.Lock()
	_, err = s.Backup(context.Background(), io.Discard)
	s.commitMu.Unlock()
	if !errors.Is(err, ErrCommitInFlight) {
		t.Fatalf("backup during commit: %v", err)
	}
	if _, err := s.Backup(context.Background(), io.Discard); err != nil {
		t.Fatal(err)
	}
}
