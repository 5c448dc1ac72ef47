package store

import (
	"os"
	"strconv"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

func init() { expHackFn = func(o badger.Options) badger.Options {
	switch os.Getenv("LORE_EXP_COMP") {
	case "none":
		o = o.WithCompression(options.None)
	case "snappy":
		o = o.WithCompression(options.Snappy)
	}
	if v := os.Getenv("LORE_EXP_MT"); v != "" {
		n, _ := strconv.Atoi(v)
		o = o.WithMemTableSize(int64(n) << 20)
	}
	if v := os.Getenv("LORE_EXP_STALL"); v != "" {
		n, _ := strconv.Atoi(v)
		o = o.WithNumLevelZeroTablesStall(n).WithNumLevelZeroTables(n/2)
	}
	if os.Getenv("LORE_EXP_SYNC") == "1" {
		o = o.WithDetectConflicts(true)
	}
	return o
}}
