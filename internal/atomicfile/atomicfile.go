// Package atomicfile writes files so that a crash never leaves a
// half-written snapshot or generated file: the data goes to a temporary file
// in the same directory, is synced, and is renamed over the target.
package atomicfile

import (
	"bytes"
	"os"
	"path/filepath"
)

// Write replaces path with data atomically. It reports whether the file
// changed; an identical file is left untouched (no new mtime).
func Write(path string, data []byte) (changed bool, err error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return false, err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = os.Remove(tmp) // the write already failed; this only tidies up
		}
	}()
	if _, err = f.Write(data); err != nil {
		_ = f.Close()
		return false, err
	}
	if err = f.Sync(); err != nil {
		_ = f.Close()
		return false, err
	}
	if err = f.Close(); err != nil {
		return false, err
	}
	if err = os.Chmod(tmp, 0o644); err != nil {
		return false, err
	}
	if err = os.Rename(tmp, path); err != nil {
		return false, err
	}
	return true, nil
}
