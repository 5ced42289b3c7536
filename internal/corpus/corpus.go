// Package corpus locates the shared real-world corpus for tests. The corpus
// is never committed; tests read it in place and skip where it is absent.
package corpus

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"
)

// Root returns the project root (the directory holding go.mod).
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// Dir returns ../shared/corpus/<sub> relative to the project root, or skips
// the test when it is absent (as on a user's fresh clone).
func Dir(t testing.TB, sub string) string {
	t.Helper()
	d := filepath.Join(Root(t), "..", "shared", "corpus", sub)
	if _, err := os.Stat(d); err != nil {
		t.Skipf("corpus not found at %s: tests on real releases need ../shared/corpus", d)
	}
	return d
}

var releaseRE = regexp.MustCompile(`^en-(\d{4})(\d{2})(\d{2})\.txt$`)

// Release is one official CR file of the corpus.
type Release struct {
	Path string
	Date string // YYYY-MM-DD, from the file name
}

// Releases lists the official English releases, oldest first.
func Releases(t testing.TB) []Release {
	t.Helper()
	d := Dir(t, "cr-en")
	entries, err := os.ReadDir(d)
	if err != nil {
		t.Fatal(err)
	}
	var out []Release
	for _, e := range entries {
		if m := releaseRE.FindStringSubmatch(e.Name()); m != nil {
			out = append(out, Release{Path: filepath.Join(d, e.Name()), Date: m[1] + "-" + m[2] + "-" + m[3]})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Date < out[j].Date })
	if len(out) == 0 {
		t.Fatalf("no en-YYYYMMDD.txt files in %s", d)
	}
	return out
}

// Read returns the bytes of a corpus release by date (YYYYMMDD).
func Read(t testing.TB, yyyymmdd string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(t, "cr-en"), "en-"+yyyymmdd+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
