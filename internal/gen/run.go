package gen

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/atomicfile"
)

// Files loads the snapshots in snapDir and the values record of outDir
// and returns every generated file, keyed by path under outDir, the
// record among them with the names it gained.
func Files(snapDir, outDir string) (map[string][]byte, error) {
	rec, err := LoadRecord(filepath.Join(outDir, RecordFile))
	if err != nil {
		return nil, err
	}
	return FilesWith(snapDir, outDir, rec)
}

// FilesWith is Files numbering by rec, which it extends.
func FilesWith(snapDir, outDir string, rec *Record) (map[string][]byte, error) {
	m, err := Load(snapDir, rec)
	if err != nil {
		return nil, err
	}
	files, err := Generate(m, outDir)
	if err != nil {
		return nil, err
	}
	text, err := ruleTextFiles(snapDir, outDir)
	if err != nil {
		return nil, err
	}
	maps.Copy(files, text)
	files[filepath.Join(outDir, RecordFile)] = rec.Marshal()
	return files, nil
}

// Stale compares the generated files with what is on disk and returns the
// paths that differ, are missing, or should no longer exist.
func Stale(files map[string][]byte, outDir string) ([]string, error) {
	var stale []string
	for p, want := range files {
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, want) {
			stale = append(stale, p)
		}
	}
	extra, err := extraFiles(files, outDir)
	if err != nil {
		return nil, err
	}
	stale = append(stale, extra...)
	slices.Sort(stale)
	return stale, nil
}

// Write writes the generated files atomically, removes generated files
// that are no longer produced, and returns what changed.
func Write(files map[string][]byte, outDir string) ([]string, error) {
	var changed []string
	for _, p := range slices.Sorted(keys(files)) {
		c, err := atomicfile.Write(p, files[p])
		if err != nil {
			return changed, err
		}
		if c {
			changed = append(changed, p)
		}
	}
	extra, err := extraFiles(files, outDir)
	if err != nil {
		return changed, err
	}
	for _, p := range extra {
		if err := os.Remove(p); err != nil {
			return changed, err
		}
		changed = append(changed, p+" (removed)")
	}
	return changed, nil
}

// extraFiles lists generated Go files under outDir that Generate did not
// produce (a category or package that no longer exists).
func extraFiles(files map[string][]byte, outDir string) ([]string, error) {
	var extra []string
	err := filepath.WalkDir(outDir, func(p string, d os.DirEntry, err error) error {
		if os.IsNotExist(err) {
			return filepath.SkipDir
		}
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		// The rule books are all gen's (and the copies it wrote before
		// them, under ruletext/books/).
		if rel, _ := filepath.Rel(outDir, p); strings.HasPrefix(filepath.ToSlash(rel), "ruletext/books/") || path.Ext(rel) == ".book" && path.Dir(filepath.ToSlash(rel)) == "ruletext" {
			if _, ok := files[p]; !ok {
				extra = append(extra, p)
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		if _, ok := files[p]; !ok {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if isGenerated(b) {
				extra = append(extra, p)
			}
		}
		return nil
	})
	return extra, err
}

func keys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// StaleError is what the up-to-date check reports.
type StaleError struct{ Paths []string }

func (e *StaleError) Error() string {
	return fmt.Sprintf("generated code is stale (run make gen): %s", strings.Join(e.Paths, ", "))
}
