package scrape

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// manifest is the frozen tree's sources: the working tree's are replaced
// by every rules update.
func manifest(t testing.TB) *sources.Manifest {
	t.Helper()
	return manifestIn(t, filepath.Join(corpus.Frozen(t), "sources"))
}

func manifestIn(t testing.TB, srcDir string) *sources.Manifest {
	t.Helper()
	m, err := sources.Load(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func readSeed(t testing.TB, m *sources.Manifest, id string) *snapshot.Snapshot {
	t.Helper()
	for _, src := range m.Sources {
		if src.ID == id {
			data, err := m.ReadCaptured(&src, 0)
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := Read(Document{Source: src, URL: "captured:" + id, Data: data})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	}
	t.Fatalf("no source %s", id)
	return nil
}

// seeds reads the frozen tree's seed pages: Spanish (205.3 and 107.4
// merged) and English.
func seeds(t testing.TB) (es, en *snapshot.Snapshot) {
	t.Helper()
	return seedsOf(t, manifest(t))
}

func seedsOf(t testing.TB, m *sources.Manifest) (es, en *snapshot.Snapshot) {
	t.Helper()
	es, err := MergeRelease([]*snapshot.Snapshot{readSeed(t, m, "rule-205.3-es"), readSeed(t, m, "rule-107.4-es")})
	if err != nil {
		t.Fatal(err)
	}
	return es, readSeed(t, m, "rule-205.3-en")
}

func TestSeedsExtract(t *testing.T) {
	es, en := seeds(t)
	if !en.Partial || !slices.Equal(en.Covers, []string{"205.3"}) {
		t.Errorf("English seed: partial %v covers %v", en.Partial, en.Covers)
	}
	if !slices.Equal(es.Covers, []string{"107.4", "205.3"}) {
		t.Errorf("Spanish seeds cover %v", es.Covers)
	}
	for _, tt := range []struct {
		s        *snapshot.Snapshot
		cat, has string
	}{
		{en, "creature", "Time Lord"}, {en, "artifact", "Spacecraft"}, {en, "planar", "Spacecraft"},
		{en, "land", "Urza’s"}, {en, "planar", "Bolas’s Meditation Realm"}, {en, "spell", "Omen"},
		{es, "creature", "Señor del Tiempo"}, {es, "artifact", "Piedra de poder"}, {es, "land", "Central de energía"},
		{es, "land", "de Urza"}, {es, "creature", "Acechador nocturno"}, {es, "enchantment", "Saga"},
		{es, "creature", "Saga"}, {es, "battle", "Asedio"}, {es, "dungeon", "Undercity"},
	} {
		if !slices.Contains(tt.s.Subtypes[tt.cat], tt.has) {
			t.Errorf("%s %s types lack %q", tt.s.Lang, tt.cat, tt.has)
		}
	}
	if len(es.ManaSymbols) != 48 {
		t.Errorf("Spanish 107.4: %d symbols, want 48", len(es.ManaSymbols))
	}
	if !slices.Equal(es.BasicLandTypes, []string{"Bosque", "Isla", "Montaña", "Llanura", "Pantano"}) {
		t.Errorf("Spanish basic land types %v", es.BasicLandTypes)
	}
}

func TestPairSeeds(t *testing.T) {
	es, en := seeds(t)
	if err := Pair(es, en, nil); err != nil {
		t.Fatal(err)
	}
	total := 0
	find := func(cat, esName string) string {
		for _, p := range es.PairingEN[cat] {
			if p.ES == esName {
				return p.EN
			}
		}
		return ""
	}
	for _, c := range en.Categories() {
		total += len(es.PairingEN[c])
		if len(es.PairingEN[c]) != len(en.Subtypes[c]) {
			t.Errorf("%s: %d pairs for %d English names", c, len(es.PairingEN[c]), len(en.Subtypes[c]))
		}
	}
	if total != 546 {
		t.Errorf("%d pairs, want 546", total)
	}
	for _, tt := range [][3]string{
		{"creature", "Saga", "Hag"}, {"enchantment", "Saga", "Saga"}, {"creature", "Señor del Tiempo", "Time Lord"},
		{"land", "de Urza", "Urza’s"}, {"land", "Central de energía", "Power-Plant"}, {"artifact", "Piedra de poder", "Powerstone"},
		{"creature", "Acechador nocturno", "Nightstalker"}, {"planar", "Spacecraft", "Spacecraft"}, {"battle", "Asedio", "Siege"},
		{"artifact", "Gema", "Stone"}, {"creature", "Polilla-titilante", "Blinkmoth"},
	} {
		if got := find(tt[0], tt[1]); got != tt[2] {
			t.Errorf("%s %q pairs with %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}

func TestPairFailures(t *testing.T) {
	t.Run("missing name", func(t *testing.T) {
		es, en := seeds(t)
		es.Subtypes["artifact"] = slices.DeleteFunc(slices.Clone(es.Subtypes["artifact"]), func(s string) bool { return s == "Oro" })
		prev, err := corpus.FrozenStore(t).Current("es")
		if err != nil {
			t.Fatal(err)
		}
		err = Pair(es, en, prev)
		var pe *PairingError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), `artifact types: 22 Spanish, 23 English; the Spanish page no longer lists "Oro" (English "Gold")`) {
			t.Errorf("got %v", err)
		}
		if es.PairingEN != nil {
			t.Error("pairing stored despite the error")
		}
		// Without an earlier pairing only the surplus by position can be named.
		if err := Pair(es, en, nil); err == nil || !strings.Contains(err.Error(), `no earlier pairing to compare with; by position the English surplus is "Vibranium"`) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("identical names misaligned", func(t *testing.T) {
		es, en := seeds(t)
		p := slices.Clone(es.Subtypes["planar"])
		p[0], p[1] = p[1], p[0] // The Abyss <-> Alara
		es.Subtypes["planar"] = p
		err := Pair(es, en, nil)
		if err == nil || !strings.Contains(err.Error(), `Spanish "Alara" (position 1) is printed like English "Alara" (position 2)`) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("letters disagree", func(t *testing.T) {
		es, en := seeds(t)
		es.SubtypeRules["battle"] = "205.3r"
		err := Pair(es, en, nil)
		if err == nil || !strings.Contains(err.Error(), `battle types: Spanish rule "205.3r", English rule "205.3q"`) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("different releases", func(t *testing.T) {
		es, en := seeds(t)
		p := en.Provenance[snapshot.FactSubtypes]
		p.Effective = "2026-02-27"
		en.Provenance[snapshot.FactSubtypes] = p
		if err := Pair(es, en, nil); err == nil || !strings.Contains(err.Error(), "same release") {
			t.Errorf("got %v", err)
		}
	})
}

func TestGuard(t *testing.T) {
	_, en := seeds(t)
	shrunk := *en
	shrunk.Subtypes = snapshot.Subtypes{}
	for c, n := range en.Subtypes {
		shrunk.Subtypes[c] = n
	}
	shrunk.Subtypes["creature"] = en.Subtypes["creature"][:250]
	delete(shrunk.Subtypes, "battle")
	err := Guard(en, &shrunk, DefaultShrink)
	var ge *GuardError
	if !errors.As(err, &ge) || len(ge.Findings) != 2 {
		t.Fatalf("got %v", err)
	}
	for _, want := range []string{
		"creature types (205.3): shrinks from 324 to 250",
		`battle types (205.3), listed in rule 205.3q before: no subrule lists them now, or its list sentence was not read (expected a sentence like "The battle types are ..."): 1 entries before, none now`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("findings lack %q: %v", want, err)
		}
	}
	// The largest real removal (3 of 299) passes.
	small := shrunk
	small.Subtypes = snapshot.Subtypes{}
	for c, n := range en.Subtypes {
		small.Subtypes[c] = n
	}
	small.Subtypes["creature"] = en.Subtypes["creature"][3:]
	if err := Guard(en, &small, DefaultShrink); err != nil {
		t.Errorf("a 1%% removal was refused: %v", err)
	}
	if err := Guard(nil, &shrunk, DefaultShrink); err != nil {
		t.Errorf("no old snapshot: %v", err)
	}
}

func build(t *testing.T, opt Options) ([]string, error) {
	t.Helper()
	plan, err := Build(context.Background(), opt, nil)
	if err != nil {
		return nil, err
	}
	return plan.Apply()
}

func TestOfflineRunFromEmptySnapshots(t *testing.T) {
	srcDir, snapDir := corpus.CopyProject(t)
	if err := os.RemoveAll(snapDir); err != nil {
		t.Fatal(err)
	}
	changed, err := build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir})
	if err != nil {
		t.Fatal(err)
	}
	var wrote []string
	for _, f := range changed {
		rel, _ := filepath.Rel(snapDir, f)
		wrote = append(wrote, filepath.ToSlash(rel))
	}
	sort.Strings(wrote)
	// The seeds' release in both languages, both current files, the
	// printed forms, the (empty) renames of the history, and the rule
	// book of each language: the rules of the pages, with the release.
	m, err := sources.Load(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	seeds := m.Sources[slices.IndexFunc(m.Sources, func(s sources.Source) bool { return s.Format == sources.FormatPlain })].Effective
	want := []string{"current/en.json", "current/es.json", "en/" + seeds + ".json", "es/" + seeds + ".json", "printed.json", "renames.json"}
	for _, s := range m.Sources {
		if s.Format == sources.FormatPlain {
			want = append(want, "rules/"+s.Lang+"/"+rulebook.SectionOf(s.Rule)+".json", "rules/"+s.Lang+"/releases.json")
		}
	}
	slices.Sort(want)
	want = slices.Compact(want)
	if !slices.Equal(wrote, want) {
		t.Errorf("wrote %v, want %v", wrote, want)
	}
	again, err := build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir})
	if err != nil || len(again) != 0 {
		t.Errorf("second run: %v, %v", again, err)
	}
	cur, err := snapshot.Store{Dir: snapDir}.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	if !cur.Partial || cur.Has(snapshot.FactCardTypes) {
		t.Errorf("without the history, English current should hold only 205.3: %v", cur.Covers)
	}
}

func snapshotFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	if err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			b, _ := os.ReadFile(p)
			out[p] = string(b)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestFailedRunWritesNothing(t *testing.T) {
	cases := map[string]func(t *testing.T, srcDir string){
		"captured copy altered": func(t *testing.T, srcDir string) {
			if err := os.WriteFile(filepath.Join(srcDir, "captured", "rule-107.4-es.txt"), []byte("tampered"), 0o644); err != nil {
				t.Fatal(err)
			}
		},
		"Spanish name dropped": func(t *testing.T, srcDir string) {
			p := filepath.Join(srcDir, "captured", "rule-205.3-es.txt")
			b, _ := os.ReadFile(p)
			b = []byte(strings.Replace(string(b), "Oro, ", "", 1))
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			rewriteSHA(t, srcDir, "rule-205.3-es", b)
		},
		"creature list reworded": func(t *testing.T, srcDir string) {
			p := filepath.Join(srcDir, "captured", "rule-205.3-en.txt")
			b, _ := os.ReadFile(p)
			b = []byte(strings.Replace(string(b), "All other creature types are one word long:", "The rest are:", 1))
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			rewriteSHA(t, srcDir, "rule-205.3-en", b)
		},
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			srcDir, snapDir := corpus.CopyProject(t)
			before := snapshotFiles(t, snapDir)
			mutate(t, srcDir)
			_, err := build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir})
			if err == nil {
				t.Fatal("run succeeded")
			}
			t.Logf("error: %v", err)
			after := snapshotFiles(t, snapDir)
			if len(after) != len(before) {
				t.Fatalf("files changed: %d before, %d after", len(before), len(after))
			}
			for p, b := range before {
				if after[p] != b {
					t.Errorf("%s was rewritten", p)
				}
			}
		})
	}
}

func rewriteSHA(t *testing.T, srcDir, id string, data []byte) {
	t.Helper()
	m, err := sources.Load(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Sources {
		if m.Sources[i].ID == id {
			m.Sources[i].Captured.SHA256 = snapshot.SHA256(data)
		}
	}
	b, _ := m.Marshal()
	if err := os.WriteFile(filepath.Join(srcDir, "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// redate declares source id to be of the release of date, as scrape
// accept -effective does.
func redate(t *testing.T, srcDir, id, date string) {
	t.Helper()
	m, err := sources.Load(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Sources {
		if m.Sources[i].ID == id {
			m.Sources[i].Effective = date
		}
	}
	b, _ := m.Marshal()
	if err := os.WriteFile(filepath.Join(srcDir, "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// nextRelease is a date after every release the snapshots hold: a test
// of "the next release" stays one after any update.
func nextRelease(t *testing.T, snapDir string) string {
	t.Helper()
	newest := ""
	for _, lang := range snapshot.Languages {
		h, err := snapshot.Store{Dir: snapDir}.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(h) > 0 && h[len(h)-1].Effective > newest {
			newest = h[len(h)-1].Effective
		}
	}
	d, err := time.Parse(time.DateOnly, newest)
	if err != nil {
		t.Fatal(err)
	}
	return d.AddDate(0, 0, 14).Format(time.DateOnly)
}

// A new release that drops half a list is refused against the release
// before it, unless -allow-shrink.
func TestShrinkRefusedUnlessAllowed(t *testing.T) {
	srcDir, snapDir := corpus.CopyProject(t)
	old, err := snapshot.Store{Dir: snapDir}.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	next := nextRelease(t, snapDir)
	// Drop the second half of the planeswalker list, in English and Spanish,
	// as the project's own pages print it.
	es, en := seedsOf(t, manifestIn(t, srcDir))
	keep := len(en.Subtypes["planeswalker"]) / 2
	for _, id := range []string{"rule-205.3-en", "rule-205.3-es"} {
		p := filepath.Join(srcDir, "captured", id+".txt")
		b, _ := os.ReadFile(p)
		text := string(b)
		names := en.Subtypes["planeswalker"]
		if id == "rule-205.3-es" {
			names = es.Subtypes["planeswalker"]
		}
		and := map[string]string{"rule-205.3-en": ", and ", "rule-205.3-es": " y "}[id]
		list := strings.Join(names[:len(names)-1], ", ") + and + names[len(names)-1]
		cut := strings.Join(names[:keep-1], ", ") + and + names[keep-1]
		if !strings.Contains(text, list) {
			t.Fatalf("%s: the planeswalker list is not where the test expects it", id)
		}
		text = strings.Replace(text, list, cut, 1)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		rewriteSHA(t, srcDir, id, []byte(text))
		redate(t, srcDir, id, next)
	}
	_, err = build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir})
	var ge *GuardError
	want := fmt.Sprintf("planeswalker types (205.3): shrinks from %d to %d", len(old.Subtypes["planeswalker"]), keep)
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), want) || ge.Release != "en@"+next {
		t.Fatalf("got %v, want %q for en@%s", err, want, next)
	}
	changed, err := build(t, Options{SourcesDir: srcDir, SnapshotsDir: snapDir, AllowShrink: true})
	if err != nil || len(changed) == 0 {
		t.Fatalf("-allow-shrink: %v, %v", changed, err)
	}
}

// A category renamed (its names now in another) loses nothing: the guard
// counts a name as lost only when no list holds it.
func TestGuardCountsMovedNamesAsKept(t *testing.T) {
	_, en := seeds(t)
	renamed := *en
	renamed.Subtypes = snapshot.Subtypes{}
	for c, n := range en.Subtypes {
		renamed.Subtypes[c] = n
	}
	renamed.Subtypes["siegecraft"] = renamed.Subtypes["battle"]
	delete(renamed.Subtypes, "battle")
	if err := Guard(en, &renamed, DefaultShrink); err != nil {
		t.Errorf("a category renamed: %v", err)
	}
}
