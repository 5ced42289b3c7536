package future_test

import (
	"os"
	"testing"

	"github.com/mtgrules/crgen/internal/future"
)

func TestMain(m *testing.M) {
	undo := future.UseMemoryTemp()
	code := m.Run()
	undo()
	os.Exit(code)
}

// A TMPDIR the user chose is kept; where none is, the one in memory is a
// directory of its own, removed by undo.
func TestUseMemoryTemp(t *testing.T) {
	chosen := t.TempDir()
	t.Setenv("TMPDIR", chosen)
	undo := future.UseMemoryTemp()
	if got := os.Getenv("TMPDIR"); got != chosen {
		t.Errorf("TMPDIR %q, the user's %q", got, chosen)
	}
	undo()
	if got := os.Getenv("TMPDIR"); got != chosen {
		t.Errorf("after undo, TMPDIR %q, the user's %q", got, chosen)
	}
	t.Setenv("TMPDIR", "") // restored after the test
	if err := os.Unsetenv("TMPDIR"); err != nil {
		t.Fatal(err)
	}
	undo = future.UseMemoryTemp()
	dir := os.Getenv("TMPDIR")
	if dir == "" {
		undo()
		t.Skip("no file system in memory with room on this machine: the temporary directory is the system's")
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Errorf("TMPDIR %q: %v", dir, err)
	}
	undo()
	if _, err := os.Stat(dir); !os.IsNotExist(err) || os.Getenv("TMPDIR") != "" {
		t.Errorf("after undo: %q still there (%v), TMPDIR %q", dir, err, os.Getenv("TMPDIR"))
	}
}
