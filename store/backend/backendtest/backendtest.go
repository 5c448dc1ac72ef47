// Package backendtest is the conformance suite of the store contract
// (package backend): the behaviours every backend must have, run against
// each one (Badger in a temporary folder, PostgreSQL started by
// internal/pgtest) with the same expectations. Its own test runs it
// against both.
//
// Each entity has its file of cases (users.go, sessions.go, primitives.go,
// skills.go, artifacts.go, queue.go with the runs' closing, runs.go; the
// schema's and closing's are here), listed in Cases; an entity added to the
// contract adds its file and its line there, and every backend is then held
// to it.
package backendtest

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store/backend"
)

// Opener returns a new, empty store for one test, and closes it when the
// test ends.
type Opener func(t *testing.T) backend.Store

// Case is one behaviour of the contract.
type Case struct {
	Name string
	Test func(t *testing.T, st backend.Store)
}

// Cases are the contract's behaviours, entity by entity.
func Cases() []Case {
	return slices.Concat(schemaCases, userCases, sessionCases, primitiveCases,
		proofCases, skillCases, artifactCases, queueCases, runCases,
		closeCases, []Case{closedSkillCase, closedArtifactCase, closedQueueCase})
}

// Run runs every case, each on a new store from open, as a subtest named
// entity/behaviour.
func Run(t *testing.T, open Opener) {
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) { c.Test(t, open(t)) })
	}
}

var schemaCases = []Case{
	// A new store is at this build's layout, which is at least the
	// first.
	{"schema/current", func(t *testing.T, st backend.Store) {
		sc, err := st.Schema()
		if err != nil {
			t.Fatal(err)
		}
		if sc.Version != sc.Supported || sc.Supported < 1 {
			t.Errorf("schema %+v: a new store is at the build's version, at least 1", sc)
		}
	}},
}

var closeCases = []Case{
	// A closed store refuses every call with ErrClosed; closing again
	// is harmless.
	{"store/closed", func(t *testing.T, st backend.Store) {
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		if err := st.Close(); err != nil {
			t.Errorf("second close: %v", err)
		}
		if _, err := st.Users(); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("users after close: %v", err)
		}
		if _, _, err := st.User("ada"); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("user after close: %v", err)
		}
		if err := st.PutUser(user("ada", "00ff")); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("put user after close: %v", err)
		}
		if _, _, err := st.GetPrimitive("a"); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("get primitive after close: %v", err)
		}
		if _, err := st.Near(primitive("a"), 1, 1, 0); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("near after close: %v", err)
		}
		if err := st.Primitives(func(core.Primitive) error { return nil }); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("primitives after close: %v", err)
		}
		if _, err := st.Conflicts(); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("conflicts after close: %v", err)
		}
		if err := st.AppendToSession(context.Background(), "s", nil, nil); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("append after close: %v", err)
		}
		if _, err := st.Schema(); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("schema after close: %v", err)
		}
		if err := st.CommitSession(context.Background(), core.Session{ID: "s"}, nil); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("commit after close: %v", err)
		}
		if err := st.RecordRejection(context.Background(), core.Session{ID: "s",
			Decision: &core.Decision{Status: core.Rejected}}, nil); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("record a rejection after close: %v", err)
		}
		if _, _, err := st.Session("s"); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("session after close: %v", err)
		}
		if _, err := st.Sessions(); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("sessions after close: %v", err)
		}
		if _, err := st.Changes("s"); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("changes after close: %v", err)
		}
		if _, _, err := st.Report("s"); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("report after close: %v", err)
		}
		if err := st.SetSessionState("s", core.SessionReverted); !errors.Is(err, backend.ErrClosed) {
			t.Errorf("set a session's state after close: %v", err)
		}
	}},
}

// closeAndCheck closes st and returns a check that a call's error, named
// what, is ErrClosed.
func closeAndCheck(t *testing.T, st backend.Store) func(what string, err error) {
	t.Helper()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return func(what string, err error) {
		t.Helper()
		if !errors.Is(err, backend.ErrClosed) {
			t.Errorf("%s after close: %v, want %v", what, err, backend.ErrClosed)
		}
	}
}
