package future

import "syscall"

// freeBytes is the room left on the file system of path for an
// unprivileged user, or 0 where it cannot be known.
func freeBytes(path string) uint64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0
	}
	return st.Bavail * uint64(st.Bsize)
}
