package scrape

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// snapshots/renames.json is what the history's release steps show: gen
// reads it instead of comparing rule text, so it must never fall behind.
func TestRenamesFileUpToDate(t *testing.T) {
	store := snapshot.Store{Dir: filepath.Join(corpus.Root(t), "snapshots")}
	h, err := store.History("en")
	if err != nil {
		t.Fatal(err)
	}
	want, err := snapshot.MarshalRenames(diff.Renames(h))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(store.RenamesPath())
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is stale: run make regen\n--- have ---\n%s\n--- want ---\n%s", store.RenamesPath(), got, want)
	}
	rns, err := store.Renames()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(rns, func(r snapshot.Rename) bool {
		return r.From == "tribal" && r.To == "kindred" && r.Release == "2024-07-30"
	}) {
		t.Errorf("tribal → kindred (2024-07-30) missing from %v", rns)
	}
}
