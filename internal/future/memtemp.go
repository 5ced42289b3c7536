package future

import (
	"os"
	"path/filepath"
)

// memoryTempRoot is where a machine keeps a file system in memory (a
// tmpfs, on Linux and on GitHub's runners).
const memoryTempRoot = "/dev/shm"

// memoryTempNeeds is the room a run of the rehearsals and the futures
// takes at its peak (1.3 GB measured, both packages side by side), with a
// margin: less, and the disk it is.
const memoryTempNeeds = 4 << 30

// UseMemoryTemp points TMPDIR, for this process and every command it
// runs, at a directory of its own in memory when the machine has one with
// room and the user chose no TMPDIR: the rehearsals and the futures write
// copies of the project (tens of megabytes each, synced to disk file by
// file as the commands write them), which on a disk cost more time than
// the work itself (the rehearsals ran 68 s on ext4, 48 s in memory). It
// returns what undoes it, to call when the tests are done.
func UseMemoryTemp() (undo func()) {
	if os.Getenv("TMPDIR") != "" || freeBytes(memoryTempRoot) < memoryTempNeeds {
		return func() {}
	}
	dir, err := os.MkdirTemp(memoryTempRoot, "crgen-")
	if err != nil {
		return func() {}
	}
	if err := os.Setenv("TMPDIR", dir); err != nil {
		_ = os.Remove(dir)
		return func() {}
	}
	return func() {
		// What is left of a run in memory goes with it; a failure to
		// remove it costs memory, not a result.
		_ = os.Unsetenv("TMPDIR")
		_ = os.RemoveAll(filepath.Clean(dir))
	}
}
