package tree

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/gen"
)

var generated struct {
	once  sync.Once
	files map[string][]byte
	err   error
}

// generatedFiles are the files gen writes from the tree's snapshots, by
// path, computed once for the package's tests.
func generatedFiles(t *testing.T) map[string][]byte {
	t.Helper()
	root := corpus.Root(t)
	generated.once.Do(func() {
		generated.files, generated.err = gen.Files(filepath.Join(root, "snapshots"), filepath.Join(root, "generated"))
	})
	if generated.err != nil {
		t.Fatal(generated.err)
	}
	return generated.files
}

// Every file gen writes is marked generated (linguist-generated, in
// .gitattributes), so that a pull request's review shows the change of
// the rules once, in snapshots/, with generated/'s tables folded; no
// file written by hand under generated/ is, so that a change of code is
// read.
func TestGeneratedFilesAreMarkedGenerated(t *testing.T) {
	root := corpus.Root(t)
	ls := exec.Command("git", "ls-files", "-z", "generated")
	ls.Dir = root
	tracked, err := ls.Output()
	if err != nil {
		t.Skipf("git ls-files in %s: %v: the attributes are git's, and this tree is no git checkout", root, err)
	}
	written := map[string]bool{}
	for p := range generatedFiles(t) {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		written[filepath.ToSlash(rel)] = true
	}
	paths := strings.Split(strings.TrimRight(string(tracked), "\x00"), "\x00")
	for p := range written {
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	check := exec.Command("git", "check-attr", "-z", "--stdin", "linguist-generated")
	check.Dir = root
	check.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
	out, err := check.Output()
	if err != nil {
		t.Fatalf("git check-attr: %v", err)
	}
	// path NUL attribute NUL value NUL, for each path.
	fields := bytes.Split(bytes.TrimRight(out, "\x00"), []byte{0})
	if len(fields) != 3*len(paths) {
		t.Fatalf("git check-attr gave %d fields for %d paths", len(fields), len(paths))
	}
	var unmarked, marked []string
	for i := 0; i < len(fields); i += 3 {
		p, v := string(fields[i]), string(fields[i+2])
		isMarked := v == "true" || v == "set"
		switch {
		case written[p] && !isMarked:
			unmarked = append(unmarked, p)
		case !written[p] && isMarked:
			marked = append(marked, p)
		}
	}
	if len(unmarked) > 0 {
		t.Errorf("gen writes these files, which .gitattributes does not mark linguist-generated (a pull request shows them unfolded):\n  %s", strings.Join(unmarked, "\n  "))
	}
	if len(marked) > 0 {
		t.Errorf(".gitattributes marks these files linguist-generated, which gen does not write (a pull request folds code written by hand):\n  %s", strings.Join(marked, "\n  "))
	}
}
