package diff

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/worddiff"
)

func TestKindredReplacedTribal(t *testing.T) {
	r := Compare(corpus.Snapshot(t, "en", "2024-04-12"), corpus.Snapshot(t, "en", "2024-07-30"))
	if got := r.Renamed["card_types"]; len(got) != 1 || got[0].From != "tribal" || got[0].To != "kindred" || !strings.Contains(got[0].Evidence, "205.3m") {
		t.Errorf("renamed %v", got)
	}
	if len(r.Added["card_types"])+len(r.Removed["card_types"]) != 0 {
		t.Errorf("tribal/kindred also reported as added %v / removed %v", r.Added["card_types"], r.Removed["card_types"])
	}
	if !slices.Equal(r.Removed["creature"], []string{"Cephalid", "Naga", "Viashino"}) || !slices.Equal(r.Added["creature"], []string{"Skunk", "Weasel"}) {
		t.Errorf("creature: +%v -%v", r.Added["creature"], r.Removed["creature"])
	}
}

// A keyword action whose rule comes to define it through another is a
// change of its meaning: investigate created its Clue from 2016-09-30
// (701.34a then), and a card that investigates also creates.
func TestKeywordActionThrough(t *testing.T) {
	r := Compare(corpus.Snapshot(t, "en", "2016-07-22"), corpus.Snapshot(t, "en", "2016-09-30"))
	var got []Meaning
	for _, m := range r.Meanings {
		if m.What == MeaningKeywordThrough {
			got = append(got, m)
		}
	}
	if want := []Meaning{{Of: "Investigate", What: MeaningKeywordThrough, From: "none", To: "Create"}}; !slices.Equal(got, want) {
		t.Errorf("meanings %v, want %v", got, want)
	}
	// Renumbered (701.34a -> 701.36a) and joined by manifest dread, the
	// action's own definition is the same: no change of its meaning.
	for _, m := range Compare(corpus.Snapshot(t, "en", "2024-07-30"), corpus.Snapshot(t, "en", "2024-11-08")).Meanings {
		if m.What == MeaningKeywordThrough {
			t.Errorf("2024-07-30 -> 2024-11-08: %v", m)
		}
	}
}

func TestRenumberedRule(t *testing.T) {
	r := Compare(corpus.Snapshot(t, "en", "2022-02-18"), corpus.Snapshot(t, "en", "2022-06-10"))
	var got []string
	for _, rc := range r.Rules {
		if rc.Status != RuleChanged {
			got = append(got, rc.Number+":"+rc.Status+":"+rc.OldNumber)
		}
	}
	// The dungeon types' subrule came in and the rule after it moved down
	// a letter; the same release added a keyword action and two keyword
	// abilities, each with the subrule that writes its form, and the
	// variant "Equip planeswalker [cost]" (702.6e), and the partner
	// abilities "Friends forever" and "Choose a Background" (702.124g, h).
	if want := []string{"205.3p:added:", "205.3q:renumbered:205.3p", "701.47:added:", "702.6e:added:", "702.124g:added:", "702.124h:added:", "702.152:added:", "702.152a:added:", "702.153:added:", "702.153a:added:"}; !slices.Equal(got, want) {
		t.Errorf("rules %v, want %v", got, want)
	}
}

func TestStraightApostrophesAreTypography(t *testing.T) {
	cur := corpus.Snapshot(t, "en", "2026-02-27")
	r := Compare(cur, corpus.Straighten(cur))
	if len(r.Added) != 0 || len(r.Removed) != 0 {
		t.Errorf("typography reported as +%v -%v", r.Added, r.Removed)
	}
	if ty := r.Typography["land"]; len(ty) != 1 || ty[0].From != "Urza’s" || ty[0].To != "Urza's" {
		t.Errorf("land typography %v", ty)
	}
	for _, rc := range r.Rules {
		if rc.Status != RuleTypography {
			t.Errorf("rule %s: %s, want typography", rc.Number, rc.Status)
		}
	}
}

func TestSpanishTranslation(t *testing.T) {
	es := corpus.Snapshot(t, "es", "2026-09-25")
	r := Compare(es, corpus.Retranslate(es))
	if got := r.Translations["artifact"]; len(got) != 1 || got[0] != (Translate{EN: "Stone", From: "Gema", To: "Piedra"}) {
		t.Errorf("translations %v", got)
	}
	if len(r.Added) != 0 || len(r.Removed) != 0 || len(r.Renamed) != 0 {
		t.Errorf("translation also reported as +%v -%v renamed %v", r.Added, r.Removed, r.Renamed)
	}
}

func TestMovedBetweenCategories(t *testing.T) {
	old := corpus.Snapshot(t, "en", "2026-02-27")
	b, _ := snapshot.Marshal(old)
	cur, _ := snapshot.Unmarshal(b)
	cur.Subtypes["creature"] = slices.DeleteFunc(slices.Clone(cur.Subtypes["creature"]), func(s string) bool { return s == "Wall" })
	cur.Subtypes["artifact"] = append(slices.Clone(cur.Subtypes["artifact"]), "Wall")
	r := Compare(old, cur)
	if len(r.Moved) != 1 || r.Moved[0] != (Move{Name: "Wall", From: "creature", To: "artifact"}) || len(r.Added)+len(r.Removed) != 0 {
		t.Errorf("moved %v added %v removed %v", r.Moved, r.Added, r.Removed)
	}
}

func TestPartialSnapshotsRemoveNothing(t *testing.T) {
	// The 2026-09-25 English snapshot is a rule page of 205.3 only.
	r := Compare(corpus.Snapshot(t, "en", "2026-02-27"), corpus.Snapshot(t, "en", "2026-09-25"))
	if len(r.Removed["card_types"]) != 0 || len(r.Removed["mana_symbols"]) != 0 {
		t.Errorf("partial snapshot removed %v", r.Removed)
	}
	for _, rc := range r.Rules {
		if rc.Status == RuleRemoved {
			t.Errorf("rule %s removed", rc.Number)
		}
	}
	if !slices.Contains(r.Added["artifact"], "Vibranium") {
		t.Errorf("added %v", r.Added)
	}
}

func TestWordDiffRoundTrip(t *testing.T) {
	a := "Creatures and tribals share their lists of subtypes."
	b := "Creatures and kindreds share  their lists of subtypes!"
	var ra, rb strings.Builder
	for _, s := range WordDiff(a, b) {
		if s.Op != Insert {
			ra.WriteString(s.Text)
		}
		if s.Op != Delete {
			rb.WriteString(s.Text)
		}
	}
	if ra.String() != a || rb.String() != b {
		t.Errorf("round trip: %q / %q", ra.String(), rb.String())
	}
}

// history loads every English release of the frozen tree from first to
// last, inclusive.
func history(t testing.TB, first, last string) []*snapshot.Snapshot {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpus.Frozen(t), "snapshots", "en", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	var out []*snapshot.Snapshot
	for _, f := range files {
		d := strings.TrimSuffix(filepath.Base(f), ".json")
		if d >= first && d <= last {
			out = append(out, corpus.Snapshot(t, "en", d))
		}
	}
	return out
}

// Over seventeen years only tribal → kindred is a rename of a type, and
// Totem Armor → Umbra Armor (702.89, 2024-07-30) of a keyword, found where
// both ends hold its title under one number. Cephalid and Child were
// listed side by side from 2022-10-07 to 2024-04-12; Viashino left in
// 2024-07-30, before Villain came: removals and additions, not renames.
func TestRenamesNeedEvidenceInOneStep(t *testing.T) {
	for _, span := range [][2]string{{"2009-07-11", "2026-02-27"}, {"2016-01-16", "2026-02-27"}, {"2024-04-12", "2025-09-19"}} {
		releases := history(t, span[0], span[1])
		for name, r := range map[string]*Report{
			"ends only": Compare(releases[0], releases[len(releases)-1]),
			"span":      CompareSpan(releases),
		} {
			var renames []string
			for k, rns := range r.Renamed {
				for _, rn := range rns {
					renames = append(renames, k+":"+rn.From+"→"+rn.To)
				}
			}
			slices.Sort(renames)
			want := []string{"card_types:tribal→kindred"}
			if span[0] == "2024-04-12" {
				want = append(want, "keyword_abilities:Totem Armor→Umbra Armor")
			}
			if !slices.Equal(renames, want) {
				t.Errorf("%s %v: renames %v, want %v", name, span, renames, want)
			}
			for _, n := range []string{"Cephalid", "Viashino"} {
				if !slices.Contains(r.Removed["creature"], n) {
					t.Errorf("%s %v: %s not removed", name, span, n)
				}
			}
			if !slices.Contains(r.Added["creature"], "Villain") {
				t.Errorf("%s %v: Villain not added", name, span)
			}
		}
	}
}

// A rename whose two names some release in between lists side by side is
// two changes, even with evidence between the ends.
func TestSpanDemotesRenameListedSideBySide(t *testing.T) {
	before, after := corpus.Snapshot(t, "en", "2024-04-12"), corpus.Snapshot(t, "en", "2024-07-30")
	middle := clone(before)
	middle.Effective = "2024-06-01"
	middle.CardTypes = append(slices.Clone(before.CardTypes), "kindred")
	r := CompareSpan([]*snapshot.Snapshot{before, middle, after})
	if len(r.Renamed["card_types"]) != 0 || !slices.Contains(r.Removed["card_types"], "tribal") || !slices.Contains(r.Added["card_types"], "kindred") {
		t.Errorf("renamed %v removed %v added %v", r.Renamed, r.Removed, r.Added)
	}
	if r := CompareSpan([]*snapshot.Snapshot{before, after}); len(r.Renamed["card_types"]) != 1 {
		t.Errorf("one step: %v", r.Renamed)
	}
}

func clone(s *snapshot.Snapshot) *snapshot.Snapshot {
	b, _ := snapshot.Marshal(s)
	c, err := snapshot.Unmarshal(b)
	if err != nil {
		panic(err)
	}
	return c
}

// scaled returns s with every list k times as long: each name followed by
// k-1 made-up names ("Goblin", "Goblin Two", ...), in its list and in the
// rule text that lists it, as a rules update of that size would look.
func scaled(s *snapshot.Snapshot, k int) *snapshot.Snapshot {
	c := clone(s)
	more := func(n string) []string {
		out := []string{n}
		for i := 2; i <= k; i++ {
			out = append(out, fmt.Sprintf("%s%d", n, i))
		}
		return out
	}
	grow := func(list []string) []string {
		var out []string
		for _, n := range list {
			out = append(out, more(n)...)
		}
		return out
	}
	c.CardTypes, c.Supertypes = grow(c.CardTypes), grow(c.Supertypes)
	for cat, names := range c.Subtypes {
		c.Subtypes[cat] = grow(names)
		if rule := c.SubtypeRules[cat]; rule != "" {
			text := c.Rules[rule]
			for _, n := range names {
				text = strings.Replace(text, n+",", strings.Join(more(n), ", ")+",", 1)
			}
			c.Rules[rule] = text
		}
	}
	return c
}

func TestScaledSnapshots(t *testing.T) {
	s := corpus.Snapshot(t, "en", "2026-02-27")
	c := scaled(s, 10)
	if len(c.Subtypes["creature"]) != 10*len(s.Subtypes["creature"]) || len(c.Rules["205.3m"]) < 5*len(s.Rules["205.3m"]) {
		t.Errorf("scaled: %d creature types, rule of %d bytes", len(c.Subtypes["creature"]), len(c.Rules["205.3m"]))
	}
}

// baselineCompare is the comparison a good engineer would write with the
// same libraries: set differences of every list through maps, and a word
// diff of every changed rule with go-diff (words as runes, Myers' diff,
// semantic cleanup). It finds less (no renames, moves, typography or
// translations), so it is the cheaper side of the comparison.
func baselineCompare(old, cur *snapshot.Snapshot) (added, removed int, diffs [][]diffmatchpatch.Diff) {
	for _, k := range snapshot.ListsOf(old, cur) {
		in := map[string]bool{}
		for _, n := range old.List(k) {
			in[n] = true
		}
		for _, n := range cur.List(k) {
			if !in[n] {
				added++
			}
			delete(in, n)
		}
		removed += len(in)
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	for _, num := range slices.Sorted(maps.Keys(cur.Rules)) {
		a, b := old.Rules[num], cur.Rules[num]
		if a == b {
			continue
		}
		index := map[string]rune{}
		enc := func(s string) []rune {
			var rs []rune
			for _, w := range strings.SplitAfter(s, " ") {
				r, ok := index[w]
				if !ok {
					r = rune(0xF0000 + len(index))
					index[w] = r
				}
				rs = append(rs, r)
			}
			return rs
		}
		diffs = append(diffs, dmp.DiffCleanupSemantic(dmp.DiffMainRunes(enc(a), enc(b), false)))
	}
	return added, removed, diffs
}

// BenchmarkCompareScaled compares two releases ten years apart with their
// lists 1, 10 and 100 times as long, beside the baseline: time must grow
// about linearly.
func BenchmarkCompareScaled(b *testing.B) {
	old, cur := corpus.Snapshot(b, "en", "2016-01-16"), corpus.Snapshot(b, "en", "2026-02-27")
	for _, k := range []int{1, 10, 100} {
		o, c := scaled(old, k), scaled(cur, k)
		b.Run(fmt.Sprintf("names=%dx/impl=project", k), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Compare(o, c)
			}
		})
		b.Run(fmt.Sprintf("names=%dx/impl=baseline=maps+go-diff", k), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				baselineCompare(o, c)
			}
		})
	}
}

// The Type Line rule was renumbered from 204 to 205 on 2011-09-30 (and a
// subrule, 205.3d, inserted; the Text Box became 207): the facts keep
// their identity, and the diff says only what the rules changed (Curse,
// Werewolf, the new subrule, the keyword actions Fight and Transform, the
// ability word morbid). Every other rule is a minor change: a new number,
// typography, or a cross-reference to the renumbered rule (107.4h: 204.4f
// → 205.4f; 702.48a, a form's subrule, likewise; the keyword actions'
// form subrules moved down by Fight, 701.17a "scry N" → 701.18a, word for
// word: renumbered, not one rule changed into the next).
func TestRenumberingShowsNoSpuriousChange(t *testing.T) {
	r := Compare(corpus.Snapshot(t, "en", "2011-07-15"), corpus.Snapshot(t, "en", "2011-09-30"))
	want := map[string][]string{"enchantment": {"Curse"}, "creature": {"Werewolf"}, "keyword_actions": {"Fight", "Transform"}, "ability_words": {"morbid"}}
	if !maps.EqualFunc(r.Added, want, slices.Equal) || len(r.Removed) != 0 || len(r.Renamed) != 0 || len(r.Moved) != 0 || len(r.Typography) != 0 {
		t.Errorf("added %v removed %v renamed %v moved %v typography %v", r.Added, r.Removed, r.Renamed, r.Moved, r.Typography)
	}
	var major []string
	minor := 0
	for _, rc := range r.Rules {
		if rc.Minor() {
			minor++
			continue
		}
		major = append(major, rc.Number+" "+rc.Status)
	}
	if !slices.Equal(major, []string{"205.3d added", "205.3h renumbered", "205.3m renumbered", "207.2c renumbered", "701.10 added", "701.25 added"}) || minor != 34 {
		t.Errorf("major rule changes %v, %d minor", major, minor)
	}
	for _, rc := range r.Rules {
		if rc.Number == "107.4h" && rc.Status != RuleReference {
			t.Errorf("107.4h: %s, want a cross-reference change", rc.Status)
		}
		if rc.Number == "205.3m" && rc.OldNumber != "204.3k" {
			t.Errorf("the creature types' rule: %s was %s", rc.Number, rc.OldNumber)
		}
	}
}

// A change of a cited rule number alone (107.4d, 2019-06-14 →
// 2019-07-12: "See rule 117.5." → "118.5.") is its own class, folded.
// The same step is the first release of the predefined tokens: its
// Treasure and its rules are added, not left out as a list the release
// before did not carry.
func TestCrossReferenceChange(t *testing.T) {
	r := Compare(corpus.Snapshot(t, "en", "2019-06-14"), corpus.Snapshot(t, "en", "2019-07-12"))
	var got []string
	for _, rc := range r.Rules {
		got = append(got, rc.Number+" "+rc.Status)
		if rc.Number == "107.4d" && !rc.Minor() {
			t.Errorf("107.4d is not minor: %+v", rc)
		}
	}
	if want := []string{"107.4d reference", "111.10 added", "111.10a added"}; !slices.Equal(got, want) {
		t.Fatalf("rules %q, want %q", got, want)
	}
	if !slices.Equal(r.Added[snapshot.FactTokens], []string{"Treasure"}) {
		t.Errorf("tokens added %q, want the first, Treasure", r.Added[snapshot.FactTokens])
	}
	// A real change in the same words is not a cross-reference change.
	if got := worddiff.Classify("See rule 117.5.", "See rule 117.6 and 118."); got != worddiff.Reworded {
		t.Errorf("class %q", got)
	}
}

func TestRenamesOfTheHistory(t *testing.T) {
	var h []*snapshot.Snapshot
	for _, d := range []string{"2024-02-02", "2024-04-12", "2024-07-30", "2024-11-08"} {
		h = append(h, corpus.Snapshot(t, "en", d))
	}
	got := Renames(h)
	if !slices.Equal(got, []snapshot.Rename{
		{Release: "2024-07-30", List: "card_types", From: "tribal", To: "kindred", Evidence: `rule 205.3m: "tribals" → "kindreds"`},
		{Release: "2024-07-30", List: "keyword_abilities", From: "Totem Armor", To: "Umbra Armor", Evidence: `rule 702.89: "Totem Armor" → "Umbra Armor"`},
	}) {
		t.Errorf("renames %+v", got)
	}
}
