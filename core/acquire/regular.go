package acquire

import (
	"errors"
	"io/fs"
	"os"
)

// notRegular says what a file that is not a regular file is, in a phrase
// that follows its name, or "" for a regular file or a folder. lore reads
// only regular files: opening a named pipe blocks until something writes
// to it (forever, and Ctrl-C cannot interrupt the open), and a device or
// /dev/zero never ends.
func notRegular(info fs.FileInfo) string {
	m := info.Mode()
	switch {
	case m.IsRegular() || m.IsDir():
		return ""
	case m&fs.ModeNamedPipe != 0:
		return "not a regular file (a named pipe)"
	case m&fs.ModeSocket != 0:
		return "not a regular file (a socket)"
	case m&fs.ModeCharDevice != 0:
		return "not a regular file (a character device)"
	case m&fs.ModeDevice != 0:
		return "not a regular file (a device)"
	case m&fs.ModeSymlink != 0:
		return "not a regular file (a symbolic link)"
	}
	return "not a regular file"
}

// openRegular opens path for reading and makes sure, on the open file, that
// it is a regular file: the file checked before may have been replaced
// since by a pipe or a device. The open itself never blocks (see
// openNonBlocking).
func openRegular(path string) (*os.File, error) {
	fh, err := openNonBlocking(path)
	if err != nil {
		return nil, errors.New(describeOpenError(err))
	}
	info, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, errors.New(describeOpenError(err))
	}
	if what := notRegular(info); what != "" || info.IsDir() {
		fh.Close()
		if what == "" {
			what = "is a folder"
		}
		return nil, errors.New(what)
	}
	return fh, nil
}
