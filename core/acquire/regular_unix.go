//go:build unix

package acquire

import (
	"os"
	"syscall"
)

// openNonBlocking opens path with O_NONBLOCK, so that opening a named pipe
// without a writer returns at once instead of waiting for one; on a regular
// file the flag changes nothing.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
