package tree

import (
	"context"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

func store(t *testing.T) snapshot.Store {
	return snapshot.Store{Dir: filepath.Join(corpus.Root(t), "snapshots")}
}

// generated/ must be exactly what the snapshots produce.
func TestGeneratedUpToDate(t *testing.T) {
	out := filepath.Join(corpus.Root(t), "generated")
	files := generatedFiles(t)
	stale, err := gen.Stale(files, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Fatal((&gen.StaleError{Paths: stale}).Error())
	}
}

// The committed snapshots are exactly what an offline run produces: make
// regen on a fresh clone changes nothing.
func TestSnapshotsUpToDate(t *testing.T) {
	root := corpus.Root(t)
	tmp := t.TempDir()
	for _, d := range []string{"sources", "snapshots"} {
		copyDir(t, filepath.Join(root, d), filepath.Join(tmp, d))
	}
	plan, err := scrape.Build(context.Background(), scrape.Options{SourcesDir: filepath.Join(tmp, "sources"), SnapshotsDir: filepath.Join(tmp, "snapshots")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	changed, err := plan.Apply()
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) != 0 {
		t.Errorf("an offline run rewrote %v: run make regen and commit", changed)
	}
}

// snapshots/renames.json is what the history's release steps show: gen
// reads it instead of comparing rule text, so it must never fall behind.
func TestRenamesFileUpToDate(t *testing.T) {
	st := store(t)
	h, err := st.History("en")
	if err != nil {
		t.Fatal(err)
	}
	want, err := snapshot.MarshalRenames(diff.Renames(h))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(st.RenamesPath())
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is stale: run make regen\n--- have ---\n%s\n--- want ---\n%s", st.RenamesPath(), got, want)
	}
}

// Every source with a captured copy reads offline, its digest as
// sources.json records it.
func TestCapturedSourcesRead(t *testing.T) {
	m, err := sources.Load(filepath.Join(corpus.Root(t), "sources"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range m.Sources {
		if m.Sources[i].Captured == nil {
			continue
		}
		n++
		if _, err := m.ReadCaptured(&m.Sources[i], 0); err != nil {
			t.Error(err)
		}
	}
	if n == 0 {
		t.Error("sources.json captures no source: make regen would have nothing to read offline")
	}
}

// Nothing recorded is lost: every release the frozen tree recorded is
// still in the history, and every value it assigned keeps its number
// (a recorded release may be completed or amended on purpose, never
// dropped; a value never changes).
func TestNothingRecordedIsLost(t *testing.T) {
	frozen := corpus.FrozenStore(t)
	for _, lang := range snapshot.Languages {
		was, err := frozen.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		now, err := store(t).History(lang)
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, s := range now {
			have[s.Effective] = true
		}
		for _, s := range was {
			if !have[s.Effective] {
				t.Errorf("%s@%s was recorded and is gone from snapshots/%s", lang, s.Effective, lang)
			}
		}
	}
	old, err := gen.LoadRecord(filepath.Join(corpus.Frozen(t), "generated", gen.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	cur, err := gen.LoadRecord(filepath.Join(corpus.Root(t), "generated", gen.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	if lost := cur.Lost(old); len(lost) > 0 {
		t.Error((&gen.LostError{Base: "the frozen tree's values.json", Entries: lost}).Error())
	}
}

// Every package under generated/ has package documentation, written by
// hand beside what gen writes.
func TestPackagesDocumented(t *testing.T) {
	root := filepath.Join(corpus.Root(t), "generated")
	for _, pkg := range []string{"cardtype", "subtype", "mana", "typeline", "internal/enum", "internal/data"} {
		files, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		documented := false
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments|parser.PackageClauseOnly)
			if err != nil {
				t.Fatal(err)
			}
			if f.Doc != nil && strings.HasPrefix(f.Doc.Text(), "Package ") {
				documented = true
			}
		}
		if !documented {
			t.Errorf("generated/%s has no package documentation", pkg)
		}
	}
}

func copyDir(t *testing.T, from, to string) {
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
