package tree

import (
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/export"
	"github.com/mtgrules/crgen/internal/schematest"
	"github.com/mtgrules/crgen/schemas"
)

// The working tree's snapshots, and what the release workflow exports of
// it (every release as of itself, History.json), match the schemas
// docs/formats.md publishes: a release that brought a new shape of fact
// fails here before it reaches a user's program.
func TestTreeMatchesTheSchemas(t *testing.T) {
	sch := schematest.Compile(t)
	files, err := export.All(store(t))
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if name == crgen.NoticeFile {
			continue // text, not JSON: the repository's NOTICE
		}
		n, ok := schemas.ForExport[path.Base(name)]
		if !ok {
			t.Errorf("%s: no schema (schemas.ForExport)", name)
			continue
		}
		schematest.Check(t, sch[n], name, b)
	}
	paths, err := filepath.Glob(filepath.Join(store(t).Dir, "*", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no snapshot in %s: %v", store(t).Dir, err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Check(t, sch["snapshot.schema.json"], p, b)
	}
	books, err := filepath.Glob(filepath.Join(store(t).Dir, "rules", "*", "*.json"))
	if err != nil || len(books) == 0 {
		t.Fatalf("no rule book in %s: %v", store(t).Dir, err)
	}
	for _, p := range books {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Check(t, sch["rulebook.schema.json"], p, b)
	}
}
