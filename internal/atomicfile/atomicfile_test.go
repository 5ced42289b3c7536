package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "a.json")
	changed, err := Write(p, []byte("one\n"))
	if err != nil || !changed {
		t.Fatalf("first write: %v %v", changed, err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	changed, err = Write(p, []byte("one\n"))
	if err != nil || changed {
		t.Fatalf("identical write: %v %v", changed, err)
	}
	if fi, _ := os.Stat(p); !fi.ModTime().Equal(old) {
		t.Error("identical write touched the file")
	}
	if changed, err = Write(p, []byte("two\n")); err != nil || !changed {
		t.Fatalf("second write: %v %v", changed, err)
	}
	b, _ := os.ReadFile(p)
	entries, _ := os.ReadDir(filepath.Dir(p))
	if string(b) != "two\n" || len(entries) != 1 {
		t.Errorf("content %q, %d entries (temporary files left?)", b, len(entries))
	}
}

func TestWriteFailureLeavesOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	if err := os.WriteFile(p, []byte("good\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Error(err)
		}
	})
	if os.Geteuid() == 0 {
		t.Skip("running as root: directory permissions do not stop writes")
	}
	if _, err := Write(p, []byte("new\n")); err == nil {
		t.Fatal("write into a read-only directory succeeded")
	}
	if b, _ := os.ReadFile(p); string(b) != "good\n" {
		t.Errorf("old file damaged: %q", b)
	}
}
