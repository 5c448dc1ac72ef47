// Package evallearn learns an evaluation set's pinned documents into
// throwaway stores, as the eval scorers measure them.
package evallearn

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
)

// Check reads path and checks its sha256 against the manifest's sha; fetch
// names the script that brings the set's files, for the error when the file
// is missing.
func Check(path, sha, fetch string) error {
	data, err := os.ReadFile(path) //nolint:gosec // a file of the evaluation cache
	if err != nil {
		return fmt.Errorf("%w (run %s first)", err, fetch)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != sha {
		return fmt.Errorf("%s: sha256 differs from the manifest", path)
	}
	return nil
}

// Learn learns path, with the domains ds, into a store in a temporary
// folder (its skills written beside it) and hands use the store and the
// learn's result before the folder goes. The documents are known ones,
// pinned by sha256: the gate lets them through. A learn that fails having
// learned nothing is an error; one that learned something stands.
func Learn(path string, ds []core.Domain, use func(*store.Store, *engine.LearnResult) error) error {
	tmp, err := os.MkdirTemp("", "lore-eval-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	st, err := store.Open(filepath.Join(tmp, "store"), store.Options{})
	if err != nil {
		return fmt.Errorf("open store: %w", err)
	}
	defer func() { _ = st.Close() }()
	opts := engine.LearnOptions{Domains: ds, OutputDir: filepath.Join(tmp, "skills")}
	opts.Policy.Approve, opts.Policy.ForceCritical = true, true
	res, err := engine.Learn(context.Background(), st, path, opts)
	if err != nil && (res == nil || len(res.Primitives) == 0) {
		return fmt.Errorf("learn: %w", err)
	}
	return use(st, res)
}

// Primitives learns path, with the domains ds, in a dry run (as `lore
// learn --dry-run` does: nothing stored, no skills written) and returns
// what it would add. A learn that fails having learned nothing is an
// error.
func Primitives(path string, ds []core.Domain) ([]core.Primitive, error) {
	tmp, err := os.MkdirTemp("", "lore-eval-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	st, err := store.Open(tmp, store.Options{})
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	defer func() { _ = st.Close() }()
	opts := engine.LearnOptions{Domains: ds, DryRun: true}
	opts.Policy.Approve, opts.Policy.ForceCritical = true, true
	res, err := engine.Learn(context.Background(), st, path, opts)
	if err != nil && (res == nil || len(res.Primitives) == 0) {
		return nil, fmt.Errorf("learn %s: %w", path, err)
	}
	return res.Primitives, nil
}
