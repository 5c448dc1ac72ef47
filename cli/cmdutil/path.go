package cmdutil

import (
	"errors"
	"io/fs"
	"os"

	"github.com/lore-kb/lore/core"
)

// CheckPath refuses a path given on the command line that cannot be
// used, said as lore learn says it ("notes.md: no such file or folder",
// exit 2) rather than as the system's error.
func CheckPath(path string) error {
	if _, err := os.Stat(path); err != nil {
		return PathError(path, err)
	}
	return nil
}

// PathError is CheckPath's error for path, from the error of opening it.
func PathError(path string, err error) error {
	return &core.InputError{Input: path, Msg: describeStatError(err), Usage: true}
}

// describeStatError says why a path cannot be used, in a few words.
func describeStatError(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or folder"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return err.Error()
}
