package gen

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// model is the frozen tree's model: the working tree's snapshots change
// with every rules release, the frozen tree's never.
func model(t testing.TB) *Model {
	t.Helper()
	m, err := Load(filepath.Join(corpus.Frozen(t), "snapshots"), record(t))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// record is the frozen tree's values record, read afresh (generation
// extends it).
func record(t testing.TB) *Record {
	t.Helper()
	r, err := LoadRecord(filepath.Join(corpus.Frozen(t), "generated", RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestDeterministicAndHeaders(t *testing.T) {
	m := model(t)
	a, err := Generate(m, "generated")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(model(t), "generated")
	if err != nil {
		t.Fatal(err)
	}
	header := regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)
	for p, data := range a {
		if !bytes.Equal(data, b[p]) {
			t.Errorf("%s differs between two runs", p)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		if !header.MatchString(first) {
			t.Errorf("%s: first line %q is not a standard generated-code header", p, first)
		}
		if !strings.Contains(string(data), "snapshots/current/en.json (effective "+m.EN.Effective+", sha256 "+m.ENSum+")") {
			t.Errorf("%s: header lacks the provenance of snapshots/current/en.json", p)
		}
		// Reviewers read these files in pull requests: no line is longer
		// than a screen, whatever the lists hold.
		for i, l := range strings.Split(string(data), "\n") {
			if len(l) > 200 && !strings.HasPrefix(l, "//") {
				t.Errorf("%s:%d: %d characters", p, i+1, len(l))
			}
		}
	}
	if d := a["generated/internal/data/data.go"]; !strings.Contains(string(d), "rule-205.3-es: captured:rule-205.3-es.txt") {
		t.Error("data.go does not list the sources behind the snapshots")
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

func find(t *testing.T, l List, name string) (int, Value) {
	t.Helper()
	for i, v := range l.Values {
		if strings.EqualFold(v.EN, name) {
			return i + 1, v
		}
	}
	t.Fatalf("%s %q missing", l.Noun, name)
	return 0, Value{}
}

func category(t *testing.T, m *Model, name string) List {
	t.Helper()
	for _, c := range m.Categories {
		if c.Name == name {
			return c.List
		}
	}
	t.Fatalf("no category %s", name)
	return List{}
}

// Past facts, pinned on purpose: when a name first appeared and when the
// rules dropped it do not change. The history begins with the first
// release of the rewritten rules, 2009-07-11: what it lists is only
// known to be at least that old.
func TestSinceAndRemoved(t *testing.T) {
	m := model(t)
	if _, v := find(t, category(t, m, "creature"), "Time Lord"); v.Since != "2023-10-13" || !v.Exact {
		t.Errorf("Time Lord %+v", v)
	}
	if _, v := find(t, category(t, m, "creature"), "Goblin"); v.Since != "2009-07-11" || v.Exact {
		t.Errorf("Goblin %+v: the oldest release is only a bound", v)
	}
	if _, v := find(t, m.CardTypes, "Tribal"); v.Removed != "2024-07-30" || v.ReplacedBy != "Kindred" {
		t.Errorf("Tribal %+v", v)
	}
	if _, v := find(t, m.CardTypes, "Scheme"); v.Since != "2010-07-16" || !v.Exact {
		t.Errorf("Scheme %+v: first listed in the release of Archenemy", v)
	}
	if _, v := find(t, category(t, m, "creature"), "Anteater"); v.Removed != "2015-01-23" || v.Rule != "205.3m" {
		t.Errorf("Anteater %+v: gone by 2015-01-23", v)
	}
	if _, v := find(t, category(t, m, "creature"), "Egg"); v.Removed != "" || v.Since != "2009-07-11" {
		t.Errorf("Egg %+v: dropped in 2010-07-16, listed again since 2018-07-13", v)
	}
}

// Every name the history shows leaving the rules keeps its constant,
// marked deprecated with the release that dropped it (seven since 2009).
func TestDeprecatedForEveryRemoval(t *testing.T) {
	m := model(t)
	files, err := Generate(m, "generated")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ file, doc, constant string }{
		{"cardtype/tables.go", "Deprecated: Tribal was removed from rule 205.2a in the release of 2024-07-30, renamed Kindred", "Tribal CardType = 12"},
		{"subtype/tables.go", "Deprecated: Anteater was removed from rule 205.3m in the release of 2015-01-23", "CreatureAnteater Creature ="},
		{"subtype/tables.go", "Deprecated: Hound was removed from rule 205.3m in the release of 2020-07-03", "CreatureHound Creature ="},
		{"subtype/tables.go", "Deprecated: Cephalid was removed from rule 205.3m in the release of 2024-07-30", "CreatureCephalid Creature ="},
		{"subtype/tables.go", "Deprecated: Naga was removed from rule 205.3m in the release of 2024-07-30", "CreatureNaga Creature ="},
		{"subtype/tables.go", "Deprecated: Viashino was removed from rule 205.3m in the release of 2024-07-30", "CreatureViashino Creature ="},
		{"subtype/tables.go", "Deprecated: Kaladesh was removed from rule 205.3n in the release of 2025-02-07", "PlanarKaladesh Planar ="},
	} {
		src := string(files["generated/"+tt.file])
		i := strings.Index(src, "\t"+tt.constant)
		if i < 0 {
			t.Errorf("%s: no constant %q", tt.file, tt.constant)
			continue
		}
		docStart := strings.LastIndex(src[:i], "\n\t// ") // the doc comment is right above
		block := src[strings.LastIndex(src[:docStart], "\n\t")+1 : i]
		if !strings.Contains(block, tt.doc) {
			t.Errorf("%s: %s is documented\n%s\nwant %q", tt.file, tt.constant, block, tt.doc)
		}
	}
	removed := 0
	for _, l := range append([]List{m.CardTypes, m.Supertypes}, listsOf(m.Categories)...) {
		for _, v := range l.Values {
			if v.Removed != "" {
				removed++
			}
		}
	}
	if removed < 6 {
		t.Errorf("%d removed names, want at least the six of 2016 to 2025", removed)
	}
}

func listsOf(cs []Category) []List {
	var out []List
	for _, c := range cs {
		out = append(out, c.List)
	}
	return out
}

// copySnapshots copies the frozen tree's snapshots/ into a temporary
// directory, for a test to change.
func copySnapshots(t *testing.T) string {
	t.Helper()
	_, snapDir := corpus.CopyProject(t)
	return snapDir
}

// A rules update that adds names at the front and the end of a list and
// drops one renumbers nothing: every value the model had before means the
// same name after, the dropped name keeps its value, new names come last.
func TestValuesStableAcrossUpdate(t *testing.T) {
	before := model(t)
	dir := copySnapshots(t)
	store := snapshot.Store{Dir: dir}
	cur, err := store.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	next := cur
	h, err := store.History("en")
	if err != nil {
		t.Fatal(err)
	}
	next.Effective = dayAfter(t, h[len(h)-1].Effective)
	dropped := next.Subtypes["creature"][len(next.Subtypes["creature"])/2] // any current name
	creatures := slices.DeleteFunc(slices.Clone(next.Subtypes["creature"]), func(s string) bool { return s == dropped })
	first, last := absent(t, next.Subtypes["creature"], "Aalii"), absent(t, next.Subtypes["creature"], "Zzyzx")
	next.Subtypes["creature"] = append(append([]string{first}, creatures...), last)
	gizmo := absent(t, next.CardTypes, "gizmo")
	next.CardTypes = append(slices.Clone(next.CardTypes), gizmo)
	next.Covers, next.Partial = nil, false
	b, err := snapshot.Marshal(next)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{store.HistoryPath("en", next.Effective), store.CurrentPath("en")} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	after, err := Load(dir, record(t))
	if err != nil {
		t.Fatal(err)
	}
	pairs := [][2]List{{before.CardTypes, after.CardTypes}, {before.Supertypes, after.Supertypes}}
	for i := range before.Categories {
		pairs = append(pairs, [2]List{before.Categories[i].List, after.Categories[i].List})
	}
	for _, p := range pairs {
		for i, v := range p[0].Values {
			if i >= len(p[1].Values) || p[1].Values[i].EN != v.EN || p[1].Values[i].Ident != v.Ident {
				t.Errorf("%s %d was %s; after the update it is %+v", p[0].Noun, i+1, v.EN, p[1].Values[i])
			}
		}
	}
	cl := category(t, after, "creature")
	n := len(category(t, before, "creature").Values)
	if got := cl.Values[n:]; len(got) != 2 || got[0].EN != first || got[1].EN != last || got[0].Since != next.Effective {
		t.Errorf("new creature types %+v", got)
	}
	if _, v := find(t, cl, dropped); v.Removed != next.Effective {
		t.Errorf("%s %+v", dropped, v)
	}
	if cl.Values[cl.Order[0]-1].EN != first {
		t.Errorf("rule order starts with %s", cl.Values[cl.Order[0]-1].EN)
	}
	if _, v := find(t, after.CardTypes, title(gizmo)); v.ES != "" {
		t.Errorf("a name no Spanish source translates has Spanish %q", v.ES)
	}
}

// absent returns name, made longer until no list entry has it: the test's
// new names must be new whatever the rules list by then.
func absent(t *testing.T, list []string, name string) string {
	t.Helper()
	for slices.Contains(list, name) {
		name += "a"
	}
	return name
}

// The generator reads what a symbol is from the snapshots and guesses
// nothing: a release that records a symbol without its meaning stops it.
func TestManaMeaningRequired(t *testing.T) {
	dir := copySnapshots(t)
	store := snapshot.Store{Dir: dir}
	h, err := store.History("en")
	if err != nil {
		t.Fatal(err)
	}
	newest := h[len(h)-1]
	for i := len(h) - 1; !newest.Has(snapshot.FactMana); i-- {
		newest = h[i-1]
	}
	for i, m := range newest.ManaSymbols {
		if m.Symbol == "{W/P}" {
			newest.ManaSymbols[i].Meaning = nil
		}
	}
	b, _ := snapshot.Marshal(newest)
	if err := os.WriteFile(store.HistoryPath("en", newest.Effective), b, 0o644); err != nil {
		t.Fatal(err)
	}
	want := "en@" + newest.Effective + ": mana symbol {W/P} has no meaning recorded"
	if _, err := Load(dir, record(t)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
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

// Two names of a list that read alike (in any case) would make lookups
// ambiguous: generation stops instead. Two Spanish names alike are two
// names alike; a Spanish name spelled like another's English one is not
// (the English name keeps the spelling: names.DatedIndex).
func TestAmbiguousSpellingRefused(t *testing.T) {
	for _, c := range []struct {
		as   func(es *snapshot.Snapshot) string // the spelling Spanish Elf takes
		want string
	}{
		{func(es *snapshot.Snapshot) string { return "goblin" }, ""}, // English Goblin's
		{func(es *snapshot.Snapshot) string { // Spanish Goblin's
			for _, p := range es.PairingEN["creature"] {
				if p.EN == "Goblin" {
					return strings.ToLower(p.ES)
				}
			}
			t.Fatal("no Spanish Goblin")
			return ""
		}, "both read as"},
	} {
		dir := copySnapshots(t)
		store := snapshot.Store{Dir: dir}
		es, err := store.Current("es")
		if err != nil {
			t.Fatal(err)
		}
		as := c.as(es)
		for i, p := range es.PairingEN["creature"] {
			if p.EN == "Elf" {
				es.PairingEN["creature"][i].ES = as
			}
		}
		b, _ := snapshot.Marshal(es)
		if err := os.WriteFile(store.CurrentPath("es"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = Load(dir, record(t))
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Spanish Elf spelled %q: %v, want %q", as, err, c.want)
		}
	}
}

func TestMissingSnapshot(t *testing.T) {
	_, err := Load(t.TempDir(), NewRecord())
	if err == nil || !strings.Contains(err.Error(), "run make regen") {
		t.Errorf("got %v", err)
	}
	var se *StaleError
	if errors.As(err, &se) {
		t.Error("wrong error type")
	}
}

// dayAfter is the day after date (YYYY-MM-DD): a release newer than any
// the snapshots hold, whatever they hold.
func dayAfter(t *testing.T, date string) string {
	t.Helper()
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		t.Fatal(err)
	}
	return d.AddDate(0, 0, 1).Format(time.DateOnly)
}
