package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/lore-kb/lore/store"
)

// Off a terminal the store's maintenance is two plain lines per task: one
// as it starts, one with its time as it ends; counts in between are left
// out.
func TestStoreProgressLines(t *testing.T) {
	var b bytes.Buffer
	p := storeProgress(&b)
	p(store.Progress{Task: store.TaskReindex, Reason: "its indexes were built by other rules", Total: 2000})
	p(store.Progress{Task: store.TaskReindex, Done: 1000, Total: 2000})
	p(store.Progress{Task: store.TaskReindex, Done: 2000, Total: 2000, Finished: true, Elapsed: 1500 * time.Millisecond})
	// A small tree's merge is over before anyone could wait for it.
	p(store.Progress{Task: store.TaskFlatten, Reason: "this run wrote a large part of it", Bytes: 1 << 20})
	p(store.Progress{Task: store.TaskFlatten, Finished: true, Elapsed: 20 * time.Millisecond, Bytes: 1 << 20})
	p(store.Progress{Task: store.TaskFlatten, Reason: "this run wrote a large part of it", Bytes: 400 << 20})
	p(store.Progress{Task: store.TaskFlatten, Finished: true, Elapsed: 2100 * time.Millisecond, Bytes: 400 << 20})
	want := "lore: rebuilding the store's indexes of 2000 primitives (its indexes were built by other rules)…\n" +
		"lore: rebuilding the store's indexes of 2000 primitives (its indexes were built by other rules)… done in 1.5s\n" +
		"lore: flattening the store (this run wrote a large part of it)…\n" +
		"lore: flattening the store (this run wrote a large part of it)… done in 2.1s\n"
	if b.String() != want {
		t.Fatalf("progress lines:\n%s\nwant:\n%s", b.String(), want)
	}
}
