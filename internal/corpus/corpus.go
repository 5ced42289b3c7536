// Package corpus locates the shared real-world corpus for tests. The corpus
// is never committed; tests read it in place, and where it is absent they
// skip saying so, except under CI=true, where a missing corpus fails: a
// check that silently did not run is not a check.
package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// EnvDir names the environment variable that points at the corpus folder
// when it is not ../shared/corpus beside the project (a temporary clone in
// the rehearsal, a download folder in CI).
const EnvDir = "CRGEN_CORPUS"

// EnvAbsent names the environment variable with which a CI that cannot
// provide a part of the corpus says so: "part: reason; part: reason". Its
// tests then skip with that reason instead of failing.
const EnvAbsent = "CRGEN_CORPUS_ABSENT"

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

// Path returns where the corpus folder sub is expected, present or not.
func Path(t testing.TB, sub string) string {
	t.Helper()
	if d := os.Getenv(EnvDir); d != "" {
		return filepath.Join(d, sub)
	}
	return filepath.Join(Root(t), "..", "shared", "corpus", sub)
}

// Dir returns the corpus folder sub. Where it is absent the test skips (a
// user's fresh clone has no corpus), or fails when CI=true.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	d := Path(t, sub)
	if _, err := os.Stat(d); err != nil {
		if reason, ok := declaredAbsent(sub); ok {
			t.Skipf("corpus %s not provided here: %s", sub, reason)
		}
		if os.Getenv("CI") == "true" {
			t.Fatalf("corpus not found at %s, and CI=true: CI must provide the corpus (see .github/workflows/ci.yml, or set %s)", d, EnvDir)
		}
		t.Skipf("corpus not found at %s: tests on real releases need ../shared/corpus (or %s)", d, EnvDir)
	}
	return d
}

// declaredAbsent reports whether EnvAbsent names the top folder of sub.
func declaredAbsent(sub string) (string, bool) {
	top, _, _ := strings.Cut(filepath.ToSlash(sub), "/")
	for _, part := range strings.Split(os.Getenv(EnvAbsent), ";") {
		name, reason, _ := strings.Cut(part, ":")
		if strings.TrimSpace(name) == top {
			return strings.TrimSpace(reason), true
		}
	}
	return "", false
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

// FrozenRelease is the newest release of the frozen tree.
const FrozenRelease = "2026-09-25"

// Frozen returns the frozen tree (testdata/tree: sources/, snapshots/
// and generated/values.json as they stood when the newest release was
// FrozenRelease), the state that tests work on. The working tree's own
// sources/ and snapshots/ change with every rules update; only the tests
// whose job is the working tree read them (internal/tree, the
// rehearsal).
func Frozen(t testing.TB) string {
	t.Helper()
	return filepath.Join(Root(t), "internal", "corpus", "testdata", "tree")
}

// FrozenCopy copies the frozen tree into a temporary directory and
// returns it: a project to run scrape and gen on.
func FrozenCopy(t testing.TB) string {
	t.Helper()
	tmp := t.TempDir()
	copyTree(t, Frozen(t), tmp)
	return tmp
}

// CopyProject copies the frozen tree's sources/ and snapshots/ into a
// temporary directory and returns the two copies.
func CopyProject(t testing.TB) (srcDir, snapDir string) {
	t.Helper()
	tmp := FrozenCopy(t)
	return filepath.Join(tmp, "sources"), filepath.Join(tmp, "snapshots")
}

// CopyCode copies the named top-level directories of the project's code
// (generated, internal) into a temporary directory and returns it: the
// module's packages, for tests that build them elsewhere.
func CopyCode(t testing.TB, dirs ...string) string {
	t.Helper()
	root := Root(t)
	tmp := t.TempDir()
	for _, d := range dirs {
		copyTree(t, filepath.Join(root, d), filepath.Join(tmp, d))
	}
	return tmp
}

func copyTree(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if e.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Digest is the sha256 of every file under dir, by path relative to it:
// two digests are equal when the trees are byte-identical.
func Digest(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sum := sha256.Sum256(b)
		out[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
