package export

import (
	"archive/zip"
	"bytes"
	"io"
	"maps"
	"path"
	"slices"
	"testing"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// All builds the files of every recorded release of the frozen tree,
// each as of itself, deterministically: a second build and its archive
// are the same bytes. A release of rule pages (2026-09-25) exports its own
// subtypes and the other lists of the release before, and says so.
func TestAllReleases(t *testing.T) {
	t.Parallel()
	store := corpus.FrozenStore(t)
	files, err := All(store)
	if err != nil {
		t.Fatal(err)
	}
	again, err := All(store)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(files, again, bytes.Equal) {
		t.Error("two builds differ")
	}
	a, err := Archive(files)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Archive(again)
	if !bytes.Equal(a, b) {
		t.Error("two archives differ")
	}
	z, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	if err != nil {
		t.Fatal(err)
	}
	if len(z.File) != len(files) {
		t.Errorf("the archive holds %d files, All %d", len(z.File), len(files))
	}
	if _, ok := files[crgen.NoticeFile]; !ok {
		t.Error("the files of every release, and so the archive, carry no NOTICE")
	}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		if b, err := io.ReadAll(r); err != nil || !bytes.Equal(b, files[f.Name]) {
			t.Errorf("the archive's %s is not All's (%v)", f.Name, err)
		}
	}
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range h {
			for _, name := range []string{KeywordsFile, CardTypesFile, ListsFile, SymbolsFile, SnapshotFile} {
				if _, ok := files[path.Join(lang, s.Effective, name)]; !ok {
					t.Errorf("%s@%s lacks %s", lang, s.Effective, name)
				}
			}
			if _, ok := files[path.Join(lang, s.Effective, PairsFile)]; ok != (lang == "es") {
				t.Errorf("%s@%s: Pairs.json %v", lang, s.Effective, ok)
			}
		}
	}
	// The release of rule pages: its subtypes are its own, its keyword
	// lists those of 2026-02-27, and Snapshot.json says so.
	partial, err := snapshot.Unmarshal(files[path.Join("en", corpus.FrozenRelease, SnapshotFile)])
	if err != nil {
		t.Fatal(err)
	}
	if p := partial.Provenance[snapshot.FactSubtypes]; p.Effective != corpus.FrozenRelease {
		t.Errorf("subtypes as of %s, want %s", p.Effective, corpus.FrozenRelease)
	}
	if p := partial.Provenance[snapshot.FactKeywordAbilities]; p.Effective != "2026-02-27" || !partial.Has(snapshot.FactKeywordAbilities) {
		t.Errorf("keyword abilities as of %s", p.Effective)
	}
	lists, err := ReadLists(files[path.Join("en", corpus.FrozenRelease, ListsFile)])
	if err != nil || lists.AsOf[snapshot.FactZones] != "2026-02-27" || lists.Meta.Date != corpus.FrozenRelease {
		t.Errorf("Lists.json of %s: %+v, %v", corpus.FrozenRelease, lists, err)
	}
	// History.json: every list of both languages, Time Lord since 2023-10-13.
	var hist History
	if err := strict(files[HistoryFile], &hist); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(hist.Lists["en"]["creature"], func(l Life) bool { return l.Name == "Time Lord" })
	if i < 0 || hist.Lists["en"]["creature"][i].First != "2023-10-13" {
		t.Errorf("Time Lord: %v", i)
	}
	if len(hist.Lists["es"]["creature"]) == 0 || len(hist.Meta.Releases["en"]) == 0 {
		t.Error("History.json lacks the Spanish creature types or the releases")
	}
}
