package export

import (
	"slices"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Lists.json of recorded releases: every list of the snapshot in its
// order, each step with its phase and each colour with its letter, each
// token with its faces; it reads back strictly to what was built. A
// release before a list's first has [] for it (2009: no keyword counters,
// no tokens); Spanish has every list empty.
func TestListsOfRecordedReleases(t *testing.T) {
	store := corpus.FrozenStore(t)
	for _, name := range []string{"en@2009-07-11", "en@2026-02-27", "es@2026-09-25"} {
		s, err := store.Resolve(name)
		if err != nil {
			t.Fatal(err)
		}
		var english *snapshot.Snapshot
		if s.Lang != "en" {
			if english, err = EnglishOf(store, s); err != nil {
				t.Fatal(err)
			}
		}
		m, err := Build(s, english)
		if err != nil {
			t.Fatal(err)
		}
		files, err := m.Files()
		lb := fileData(files, ListsFile)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadLists(lb)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d := back.Data
		for key, got := range map[string][]string{
			snapshot.FactZones: d.Zones, snapshot.FactPhases: d.Phases, snapshot.FactPermanentTypes: d.PermanentTypes, snapshot.FactKeywordCounters: d.KeywordCounters,
		} {
			if want := s.List(key); !slices.Equal(got, want) && (len(got) != 0 || len(want) != 0) {
				t.Errorf("%s %s: %q, the snapshot %q", name, key, got, want)
			}
		}
		if len(d.Steps) != len(s.List(snapshot.FactSteps)) || len(d.Colors) != len(s.List(snapshot.FactColors)) || len(d.PredefinedTokens) != len(s.Tokens) {
			t.Errorf("%s: %d steps, %d colours, %d tokens", name, len(d.Steps), len(d.Colors), len(d.PredefinedTokens))
		}
		for _, st := range d.Steps {
			if !slices.Contains(d.Phases, st.Phase) {
				t.Errorf("%s: step %q of phase %q, which is no phase", name, st.Name, st.Phase)
			}
		}
		for _, c := range d.Colors {
			if len(c.Letter) != 1 {
				t.Errorf("%s: colour %q has letter %q", name, c.Name, c.Letter)
			}
		}
		for _, tk := range d.PredefinedTokens {
			if len(tk.Faces) == 0 || len(tk.Faces[0].CardTypes) == 0 || tk.Rule == "" {
				t.Errorf("%s: token %+v", name, tk)
			}
		}
		switch name {
		case "en@2009-07-11":
			if len(d.KeywordCounters) != 0 || len(d.PredefinedTokens) != 0 || len(d.Zones) != 7 {
				t.Errorf("2009: %d counters, %d tokens, %d zones", len(d.KeywordCounters), len(d.PredefinedTokens), len(d.Zones))
			}
		case "es@2026-09-25":
			if len(d.Zones)+len(d.Steps)+len(d.PredefinedTokens) != 0 {
				t.Errorf("Spanish lists: %+v", d)
			}
		default:
			if len(d.PredefinedTokens) != 20 || len(d.Steps) != 10 {
				t.Errorf("2026-02-27: %d tokens, %d steps", len(d.PredefinedTokens), len(d.Steps))
			}
			// A database lists manifest beside manifest dread: the rules
			// define the one through the other (701.62a).
			if got := d.ActionThrough["Manifest Dread"]; len(got) != 1 || got[0].Form != "Manifest" || got[0].Rule != "701.62a" || got[0].Parameters == nil || len(got[0].Parameters) != 0 {
				t.Errorf("2026-02-27: manifest dread is defined through %+v, want Manifest (701.62a)", got)
			}
		}
		if name == "en@2009-07-11" && len(d.ActionThrough) != 0 {
			t.Errorf("2009: keyword actions defined through others: %+v", d.ActionThrough)
		}
	}
}

// fileData is the bytes of the file named name among files, nil if none.
func fileData(files []File, name string) []byte {
	for _, f := range files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}
