package gen

import (
	"bytes"
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

func model(t testing.TB) *Model {
	t.Helper()
	m, err := Load(filepath.Join(corpus.Root(t), "snapshots"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// generated/ must be exactly what the snapshots produce.
func TestGeneratedUpToDate(t *testing.T) {
	root := corpus.Root(t)
	out := filepath.Join(root, "generated")
	files, err := Files(filepath.Join(root, "snapshots"), out)
	if err != nil {
		t.Fatal(err)
	}
	stale, err := Stale(files, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Fatal((&StaleError{Paths: stale}).Error())
	}
}

func TestDeterministicAndHeaders(t *testing.T) {
	a, err := Generate(model(t), "generated")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(model(t), "generated")
	if err != nil {
		t.Fatal(err)
	}
	header := regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)
	documented := map[string]bool{}
	for p, data := range a {
		pkg := filepath.Base(filepath.Dir(p))
		if strings.Contains(string(data), "\n// Package "+pkg+" ") {
			documented[pkg] = true
		}
		if !bytes.Equal(data, b[p]) {
			t.Errorf("%s differs between two runs", p)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		if !header.MatchString(first) {
			t.Errorf("%s: first line %q is not a standard generated-code header", p, first)
		}
		if !strings.Contains(string(data), "sha256 ") || !strings.Contains(string(data), "effective 2026-09-25") {
			t.Errorf("%s: header lacks provenance", p)
		}
	}
	for _, pkg := range []string{"cardtype", "subtype", "mana", "typeline"} {
		if !documented[pkg] {
			t.Errorf("package %s has no package documentation", pkg)
		}
	}
}

func TestIdent(t *testing.T) {
	for _, tt := range [][3]string{
		{"Creature", "Time Lord", "CreatureTimeLord"},
		{"Creature", "Assembly-Worker", "CreatureAssemblyWorker"},
		{"Creature", "C’tan", "CreatureCtan"},
		{"Land", "Urza’s", "LandUrzas"},
		{"Planar", "Bolas’s Meditation Realm", "PlanarBolassMeditationRealm"},
		{"", "Artifact", "Artifact"},
	} {
		if got, err := Ident(tt[0], tt[1]); err != nil || got != tt[2] {
			t.Errorf("Ident(%q, %q) = %q, %v; want %q", tt[0], tt[1], got, err, tt[2])
		}
	}
	for _, bad := range [][2]string{{"Creature", "Señor"}, {"", "’"}, {"", "2nd"}, {"Land", "a.b"}} {
		if got, err := Ident(bad[0], bad[1]); err == nil {
			t.Errorf("Ident(%q, %q) = %q, want an error", bad[0], bad[1], got)
		}
	}
	ids := identSet{}
	if _, err := ids.add("Creature", "Time-Lord", "creature type"); err != nil {
		t.Fatal(err)
	}
	if _, err := ids.add("Creature", "Time Lord", "creature type"); err == nil || !strings.Contains(err.Error(), "both give the identifier CreatureTimeLord") {
		t.Errorf("collision: %v", err)
	}
}

func TestCategoryCardTypes(t *testing.T) {
	m := model(t)
	got := map[string]string{}
	for _, c := range m.Categories {
		got[c.Name] = strings.Join(c.CardTypes, ",")
	}
	want := map[string]string{
		"artifact": "artifact", "enchantment": "enchantment", "land": "land", "planeswalker": "planeswalker",
		"spell": "instant,sorcery", "creature": "creature,kindred", "planar": "plane", "dungeon": "dungeon", "battle": "battle",
	}
	for c, w := range want {
		if got[c] != w {
			t.Errorf("%s types go with %q, want %q", c, got[c], w)
		}
	}
}

func TestSince(t *testing.T) {
	m := model(t)
	find := func(cat, name string) Entry {
		for _, c := range m.Categories {
			if c.Name == cat {
				for _, v := range c.Values {
					if v.EN == name {
						return v
					}
				}
			}
		}
		t.Fatalf("%s %s missing", cat, name)
		return Entry{}
	}
	if e := find("creature", "Time Lord"); e.Since != "2023-10-13" || !e.SinceOK {
		t.Errorf("Time Lord since %s %v", e.Since, e.SinceOK)
	}
	if e := find("creature", "Goblin"); e.Since != "2016-01-16" || e.SinceOK {
		t.Errorf("Goblin since %s %v: the oldest release is only a bound", e.Since, e.SinceOK)
	}
	if e := find("artifact", "Vibranium"); e.Since != "2026-09-25" {
		t.Errorf("Vibranium since %s", e.Since)
	}
}

// mutate returns a copy of the current English snapshot changed by f.
func mutate(t *testing.T, f func(s *snapshot.Snapshot)) (*snapshot.Snapshot, *snapshot.Snapshot) {
	m := model(t)
	b, _ := snapshot.Marshal(m.EN)
	en, _ := snapshot.Unmarshal(b)
	f(en)
	return en, m.ES
}

func TestManaSemanticsRefusesToGuess(t *testing.T) {
	tests := map[string]struct {
		change func(s *snapshot.Snapshot)
		want   string
	}{
		"new group": {func(s *snapshot.Snapshot) {
			s.ManaSymbols = append(s.ManaSymbols, snapshot.ManaSymbol{Symbol: "{Q}", Group: "glitter"})
		}, "does not understand"},
		"life no longer stated": {func(s *snapshot.Snapshot) {
			s.Rules["107.4f"] = strings.ReplaceAll(s.Rules["107.4f"], "by paying 2 life", "by other means")
		}, "107.4f no longer says how much life"},
		"colours no longer stated": {func(s *snapshot.Snapshot) {
			s.Rules["107.4a"] = "There are five primary colored mana symbols."
		}, "107.4a no longer says"},
	}
	for name, tt := range tests {
		en, es := mutate(t, tt.change)
		if tt.change != nil && name == "new group" {
			es = en // the Spanish list must match; use the same to reach the group check
			es.Lang = "es"
		}
		_, err := manaSemantics(en, es, map[string]string{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", name, err, tt.want)
		}
	}
}

// The examples of 107.4e and 107.4f are read from the rules text itself.
func TestCRPaymentExamplesAreInTheSnapshot(t *testing.T) {
	m := model(t)
	for _, r := range []string{"107.4e", "107.4f"} {
		if !strings.Contains(m.EN.Rules[r], "Example:") {
			t.Errorf("rule %s has no example to test against", r)
		}
	}
	var groups []string
	for _, s := range m.Mana {
		groups = append(groups, s.Group)
	}
	for _, g := range []string{"basic", "variable", "hybrid", "monocolored_hybrid", "phyrexian", "hybrid_phyrexian", "snow"} {
		if !slices.Contains(groups, g) {
			t.Errorf("no %s symbols", g)
		}
	}
}

func TestLookupKeysRefuseAmbiguity(t *testing.T) {
	spec := enumSpec{Noun: "creature type", Values: []Entry{{EN: "Hag", ES: "Saga"}, {EN: "Saga", ES: "Leyenda"}}}
	_, _, err := lookupKeys(spec, false)
	if err == nil || !strings.Contains(err.Error(), `both read as "saga"`) {
		t.Errorf("got %v", err)
	}
}

func TestMissingSnapshot(t *testing.T) {
	_, err := Load(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "run make regen") {
		t.Errorf("got %v", err)
	}
	var se *StaleError
	if errors.As(err, &se) {
		t.Error("wrong error type")
	}
}

// A name English lists but no Spanish source translates yet gets an empty
// Spanish name; generation does not stop.
func TestEnglishAheadOfSpanish(t *testing.T) {
	m := model(t)
	b, _ := snapshot.Marshal(m.ES)
	es, _ := snapshot.Unmarshal(b)
	es.PairingEN["creature"] = es.PairingEN["creature"][1:] // drop Time Lord ↔ Señor del Tiempo
	history := []*snapshot.Snapshot{m.EN}
	since := sinceIndex(history)
	got, err := entries(identSet{}, "Creature", m.EN.Subtypes["creature"], es.PairingEN["creature"], nil, since["creature"], "creature type")
	if err != nil {
		t.Fatal(err)
	}
	if got[0].EN != "Time Lord" || got[0].ES != "" || got[1].ES != "Consejero" {
		t.Errorf("%+v %+v", got[0], got[1])
	}
	if _, _, err := lookupKeys(enumSpec{Noun: "creature type", Values: got}, false); err != nil {
		t.Errorf("lookup keys: %v", err)
	}
}
