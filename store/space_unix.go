//go:build !windows

package store

import "golang.org/x/sys/unix"

// freeSpace is the room left for an unprivileged writer in dir's file
// system.
func freeSpace(dir string) (uint64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return st.Bavail * uint64(st.Bsize), nil
}
