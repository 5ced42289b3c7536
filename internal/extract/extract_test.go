package extract

import (
	"errors"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/textenc"
)

func release(t testing.TB, yyyymmdd string) []crtext.Rule {
	t.Helper()
	text, _, err := textenc.Decode(corpus.Read(t, yyyymmdd))
	if err != nil {
		t.Fatal(err)
	}
	d, err := crtext.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return d.Rules
}

// whole is the date of the release most tests read whole (20260227), as
// Extract takes it.
const whole = "2026-02-27"

func extractRelease(t testing.TB, yyyymmdd string) *Facts {
	t.Helper()
	f, err := Extract(English, release(t, yyyymmdd), yyyymmdd[:4]+"-"+yyyymmdd[4:6]+"-"+yyyymmdd[6:])
	if err != nil {
		t.Fatalf("%s: %v", yyyymmdd, err)
	}
	return f
}

// countedCategories are the categories of the rules as of 2026, whose
// counts the past pins.
var countedCategories = []string{"artifact", "enchantment", "land", "planeswalker", "spell", "creature", "planar", "dungeon", "battle"}

// counts are per category in countedCategories order, then card types,
// supertypes, basic land types, mana symbols.
func counts(f *Facts) []int {
	var c []int
	for _, cat := range countedCategories {
		c = append(c, len(f.Subtypes[cat]))
	}
	return append(c, len(f.List(snapshot.FactCardTypes)), len(f.List(snapshot.FactSupertypes)), len(f.List(snapshot.FactBasicLands)), len(f.ManaSymbols))
}

func TestCorpusCounts(t *testing.T) {
	// art enc land pw spell cre planar dungeon battle | card super basic mana
	want := map[string][]int{
		"20160116": {3, 3, 13, 31, 2, 230, 43, 0, 0, 13, 5, 0, 33},
		"20191004": {7, 5, 13, 53, 3, 247, 43, 0, 0, 13, 5, 0, 33},
		"20210723": {8, 8, 13, 68, 4, 261, 43, 0, 0, 14, 5, 0, 33},
		"20220218": {9, 8, 13, 69, 4, 261, 43, 0, 0, 14, 5, 0, 43},
		"20220610": {9, 9, 13, 72, 4, 264, 43, 1, 0, 14, 5, 0, 43},
		"20220908": {10, 9, 13, 73, 4, 264, 43, 1, 0, 14, 5, 5, 43},
		"20230414": {12, 9, 14, 76, 4, 281, 62, 1, 1, 15, 5, 5, 43},
		"20240412": {15, 11, 15, 78, 4, 299, 82, 1, 1, 15, 5, 5, 43},
		"20240730": {15, 11, 15, 78, 4, 298, 82, 1, 1, 15, 5, 5, 43},
		"20241108": {15, 12, 15, 78, 4, 300, 82, 1, 1, 15, 5, 5, 48},
		"20260227": {20, 12, 17, 79, 5, 316, 82, 1, 1, 15, 5, 5, 48},
	}
	for date, w := range want {
		if got := counts(extractRelease(t, date)); !slices.Equal(got, w) {
			t.Errorf("%s: counts %v, want %v", date, got, w)
		}
	}
}

// Every release extracts; lists only grow except for the removals pinned
// here, and names keep their printed form.
func TestCorpusEveryRelease(t *testing.T) {
	var prev *Facts
	prevDate := ""
	for _, r := range corpus.Releases(t) {
		f := extractRelease(t, strings.ReplaceAll(r.Date, "-", ""))
		for cat, names := range f.Subtypes {
			for _, n := range names {
				if strings.ContainsAny(n, "'(),.;:") || strings.HasPrefix(n, "and ") {
					t.Errorf("%s: %s type %q is not a clean name", r.Date, cat, n)
				}
			}
		}
		if !slices.Contains(f.Subtypes["land"], "Urza’s") || !slices.Contains(f.Subtypes["creature"], "Assembly-Worker") {
			t.Errorf("%s: Urza’s or Assembly-Worker missing", r.Date)
		}
		// The planar types begin with Planechase (2009-09-04).
		if _, ok := f.Subtypes["planar"]; (ok || r.Date >= "2009-09-04") && !slices.Contains(f.Subtypes["planar"], "Bolas’s Meditation Realm") {
			t.Errorf("%s: planar type Bolas’s Meditation Realm missing", r.Date)
		}
		if prev != nil {
			for cat, names := range prev.Subtypes {
				for _, n := range names {
					if !slices.Contains(f.Subtypes[cat], n) {
						t.Logf("%s: %s type %s removed (last in %s)", r.Date, cat, n, prevDate)
						if !removalExpected[r.Date+" "+n] {
							t.Errorf("%s: unexpected removal of %s type %s", r.Date, cat, n)
						}
					}
				}
			}
		}
		prev, prevDate = f, r.Date
	}
}

// removalExpected lists every subtype the corpus shows leaving the rules.
var removalExpected = map[string]bool{
	"2010-07-16 Egg":      true,
	"2015-01-23 Anteater": true, // gone by then; the 2014 releases between are not in the corpus
	"2020-07-03 Hound":    true, // folded into Dog
	"2025-02-07 Kaladesh": true, // dropped from the planar types
	"2024-07-30 Cephalid": true,
	"2024-07-30 Naga":     true,
	"2024-07-30 Viashino": true,
}

func firstRelease(t *testing.T, pred func(*Facts) bool) string {
	t.Helper()
	for _, r := range corpus.Releases(t) {
		if pred(extractRelease(t, strings.ReplaceAll(r.Date, "-", ""))) {
			return r.Date
		}
	}
	return ""
}

func listsSymbol(f *Facts, sym, group string) bool {
	return slices.ContainsFunc(f.ManaSymbols, func(m snapshot.ManaSymbol) bool { return m.Symbol == sym && m.Group == group })
}

func TestCorpusFirstReleases(t *testing.T) {
	tests := []struct {
		what string
		want string
		pred func(*Facts) bool
	}{
		{"Time Lord", "2023-10-13", func(f *Facts) bool { return slices.Contains(f.Subtypes["creature"], "Time Lord") }},
		{"dungeon type Undercity", "2022-06-10", func(f *Facts) bool { return slices.Equal(f.Subtypes["dungeon"], []string{"Undercity"}) }},
		{"battle type Siege", "2023-04-14", func(f *Facts) bool { return slices.Equal(f.Subtypes["battle"], []string{"Siege"}) }},
		{"card type kindred", "2024-07-30", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactCardTypes), "kindred") }},
		{"card type battle", "2023-04-14", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactCardTypes), "battle") }},
		{"basic land types named in 205.3i", "2022-09-08", func(f *Facts) bool { return len(f.List(snapshot.FactBasicLands)) == 5 }},
		{"hybrid Phyrexian {W/U/P}", "2022-02-18", func(f *Facts) bool {
			return listsSymbol(f, "{W/U/P}", "hybrid_phyrexian")
		}},
		{"colorless hybrid {C/W}", "2024-11-08", func(f *Facts) bool {
			return listsSymbol(f, "{C/W}", "monocolored_hybrid")
		}},
		{"C’tan", "2022-10-07", func(f *Facts) bool { return slices.Contains(f.Subtypes["creature"], "C’tan") }},
		// The releases of 2009–2015 (the corpus lacks some of them: "first"
		// is the first release here).
		{"planar types (Planechase)", "2009-09-04", func(f *Facts) bool { return slices.Contains(f.Subtypes["planar"], "Bolas’s Meditation Realm") }},
		{"card type plane", "2009-09-04", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactCardTypes), "plane") }},
		{"card type vanguard", "2009-10-01", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactCardTypes), "vanguard") }},
		{"spell type Trap", "2009-10-01", func(f *Facts) bool { return slices.Equal(f.Subtypes["spell"], []string{"Arcane", "Trap"}) }},
		{"card type scheme", "2010-07-16", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactCardTypes), "scheme") }},
		{"supertype ongoing", "2010-07-16", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactSupertypes), "ongoing") }},
		{"Phyrexian {W/P} in 107.4", "2011-05-01", func(f *Facts) bool {
			return listsSymbol(f, "{W/P}", "phyrexian")
		}},
		{"enchantment type Curse", "2011-09-30", func(f *Facts) bool { return slices.Contains(f.Subtypes["enchantment"], "Curse") }},
		{"card type phenomenon", "2012-10-01", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactCardTypes), "phenomenon") }},
		{"card type conspiracy", "2015-01-23", func(f *Facts) bool { return slices.Contains(f.List(snapshot.FactCardTypes), "conspiracy") }},
		{"{C}", "2016-01-16", func(f *Facts) bool {
			return listsSymbol(f, "{C}", "basic")
		}},
	}
	for _, tt := range tests {
		if got := firstRelease(t, tt.pred); got != tt.want {
			t.Errorf("%s first appears in %q, want %s", tt.what, got, tt.want)
		}
	}
	if got := firstRelease(t, func(f *Facts) bool { return !slices.Contains(f.List(snapshot.FactCardTypes), "tribal") }); got != "2024-07-30" {
		t.Errorf("tribal last listed before %q, want 2024-07-30", got)
	}
}

// The first release of the rewritten rules, and the renumbering of the
// Type Line rule from 204 to 205 (2011-09-30): the facts are the same
// facts under other numbers, and the old wordings read.
func TestCorpusOldestReleases(t *testing.T) {
	f := extractRelease(t, "20090711")
	if !slices.Equal(f.List(snapshot.FactCardTypes), []string{"artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery", "tribal"}) ||
		!slices.Equal(f.List(snapshot.FactSupertypes), []string{"basic", "legendary", "snow", "world"}) {
		t.Errorf("2009-07-11: card types %v, supertypes %v", f.List(snapshot.FactCardTypes), f.List(snapshot.FactSupertypes))
	}
	if !slices.Equal(f.Subtypes["spell"], []string{"Arcane"}) || !slices.Equal(f.Subtypes["enchantment"], []string{"Aura", "Shrine"}) {
		t.Errorf("\"The only spell type at this time is Arcane\", \"Aura (see rule 303.4), and Shrine\": %v, %v", f.Subtypes["spell"], f.Subtypes["enchantment"])
	}
	if _, ok := f.Subtypes["planar"]; ok {
		t.Error("2009-07-11 lists planar types, two months before Planechase")
	}
	groups := map[string][]string{}
	for _, m := range f.ManaSymbols {
		groups[m.Group] = append(groups[m.Group], m.Symbol)
	}
	if !slices.Equal(groups["basic"], []string{"{W}", "{U}", "{B}", "{R}", "{G}"}) || !slices.Equal(groups["variable"], []string{"{X}"}) || len(groups["phyrexian"]) != 0 {
		t.Errorf("2009-07-11 mana groups %v: {X} is listed with the colours and 107.4b calls it a variable symbol", groups)
	}
	for date, want := range map[string][4]string{
		"20110715": {"204.2a", "204.3", "204.4a", "204.3k"},
		"20110930": {"205.2a", "205.3", "205.4a", "205.3m"},
	} {
		f := extractRelease(t, date)
		got := [4]string{f.FactRule[snapshot.FactCardTypes], f.FactRule[snapshot.FactSubtypes], f.FactRule[snapshot.FactSupertypes], f.SubtypeRule["creature"]}
		if got != want || f.FactRule[snapshot.FactMana] != "107.4" {
			t.Errorf("%s: rules %v, want %v", date, got, want)
		}
	}
}

// Each list has as many names as its sentence in the text, counted by a
// reader as plain as can be (the line, its commas and its "and"), in
// every release: the expectations come from the documents themselves.
func TestCorpusListsMatchTheirSentences(t *testing.T) {
	aside := regexp.MustCompile(`\s*\(see rules? [^)]*\)`)
	// sentence is the rest of the line after intro, without its "(see
	// rule ...)" asides, up to its period.
	sentence := func(text string, i int) string {
		line, _, _ := strings.Cut(text[i:], "\n")
		s, _, _ := strings.Cut(aside.ReplaceAllString(line, ""), ".")
		return s
	}
	count := func(list string) int {
		list = strings.ReplaceAll(strings.ReplaceAll(list, ", and ", ", "), " and ", ", ")
		return strings.Count(list, ", ") + 1
	}
	for _, r := range corpus.Releases(t) {
		text, _, err := textenc.Decode(corpus.Read(t, strings.ReplaceAll(r.Date, "-", "")))
		if err != nil {
			t.Fatal(err)
		}
		f := extractRelease(t, strings.ReplaceAll(r.Date, "-", ""))
		for _, l := range []struct {
			intro string
			names []string
		}{
			{"The card types are ", f.List(snapshot.FactCardTypes)},
			{"The supertypes are ", f.List(snapshot.FactSupertypes)},
			{"The artifact types are ", f.Subtypes["artifact"]},
			{"The planeswalker types are ", f.Subtypes["planeswalker"]},
			{"The land types are ", f.Subtypes["land"]},
		} {
			i := strings.Index(text, l.intro)
			if i < 0 {
				t.Errorf("%s: no sentence %q", r.Date, l.intro)
				continue
			}
			if n := count(sentence(text, i+len(l.intro))); n != len(l.names) {
				t.Errorf("%s: %q lists %d names, extracted %d", r.Date, l.intro, n, len(l.names))
			}
		}
		creatures := 0
		if i := strings.Index(text, "All other creature types are one word long: "); i >= 0 {
			creatures = count(sentence(text, i+len("All other creature types are one word long: "))) + 1 // and Time Lord
		} else if i := strings.Index(text, "The creature types are "); i >= 0 {
			creatures = count(sentence(text, i+len("The creature types are ")))
		}
		if creatures != len(f.Subtypes["creature"]) {
			t.Errorf("%s: the creature sentence lists %d names, extracted %d", r.Date, creatures, len(f.Subtypes["creature"]))
		}
	}
}

func TestCorpusSpecificFacts(t *testing.T) {
	f := extractRelease(t, "20260227")
	if !slices.Equal(f.List(snapshot.FactSupertypes), []string{"basic", "legendary", "ongoing", "snow", "world"}) {
		t.Errorf("supertypes %v", f.List(snapshot.FactSupertypes))
	}
	if !slices.Equal(f.List(snapshot.FactBasicLands), []string{"Forest", "Island", "Mountain", "Plains", "Swamp"}) {
		t.Errorf("basic land types %v", f.List(snapshot.FactBasicLands))
	}
	if f.Subtypes["creature"][0] != "Time Lord" {
		t.Errorf("creature types start with %q; the two-word sentence comes first", f.Subtypes["creature"][0])
	}
	if slices.Contains(f.Subtypes["creature"], "Time") || slices.Contains(f.Subtypes["creature"], "Lord") {
		t.Error("Time Lord split in two")
	}
	if got := f.SubtypeRule; got["creature"] != "205.3m" || got["dungeon"] != "205.3p" || got["battle"] != "205.3q" {
		t.Errorf("subtype rules %v", got)
	}
	groups := map[string]int{}
	for _, m := range f.ManaSymbols {
		groups[m.Group]++
	}
	wantGroups := map[string]int{"basic": 6, "numeric": 5, "variable": 1, "hybrid": 10, "monocolored_hybrid": 10, "phyrexian": 5, "hybrid_phyrexian": 10, "snow": 1}
	for g, n := range wantGroups {
		if groups[g] != n {
			t.Errorf("group %s: %d symbols, want %d", g, groups[g], n)
		}
	}
	for _, n := range []string{"107.4", "107.4a", "107.4h", "205.2a", "205.3", "205.3r", "205.4a"} {
		if f.Rules[n] == "" {
			t.Errorf("rule text %s not kept", n)
		}
	}
	// The example paragraph of 205.3b belongs to it.
	if !strings.Contains(f.Rules["205.3b"], "Example: “Basic Land — Mountain”") {
		t.Errorf("205.3b lacks its example: %q", f.Rules["205.3b"])
	}
	old := extractRelease(t, "20160116")
	if old.SubtypeRule["creature"] != "205.3m" || !slices.Contains(old.List(snapshot.FactCardTypes), "tribal") {
		t.Errorf("2016: %v %v", old.SubtypeRule, old.List(snapshot.FactCardTypes))
	}
}

// A release printed with straight apostrophes gives the same names.
func TestStraightApostrophes(t *testing.T) {
	rules := release(t, "20260227")
	straight := make([]crtext.Rule, len(rules))
	for i, r := range rules {
		r.Text = strings.ReplaceAll(r.Text, "’", "'")
		straight[i] = r
	}
	a, err := Extract(English, rules, whole)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Extract(English, straight, whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Subtypes) != len(b.Subtypes) {
		t.Errorf("%d categories, %d with straight apostrophes", len(a.Subtypes), len(b.Subtypes))
	}
	for c := range a.Subtypes {
		if !slices.Equal(a.Subtypes[c], b.Subtypes[c]) {
			t.Errorf("%s types differ with straight apostrophes", c)
		}
	}
}

func rule(n, text string) crtext.Rule { return crtext.Rule{Number: n, Text: text} }

func TestHostileRules(t *testing.T) {
	base := []crtext.Rule{
		rule("205.3g", "Artifacts have their own unique set of subtypes; these subtypes are called artifact types. The artifact types are Clue and Food."),
	}
	tests := []struct {
		name  string
		rules []crtext.Rule
		want  string
	}{
		{"unnamed category", []crtext.Rule{rule("205.3s", "Widgets have subtypes. The widget types are Sprocket and Cog.")}, `lists widget types, but no sentence of the subrule says its subtypes are called widget types (expected the words "these subtypes are called widget types")`},
		{"not a category", []crtext.Rule{rule("205.3s", "These subtypes are called Widget types. The Widget types are Sprocket and Cog.")}, `"Widget" in "These subtypes are called Widget types`},
		{"duplicate category", append(slices.Clone(base), rule("205.3h", "These subtypes are called artifact types. The artifact types are Gold.")), "lists artifact types again"},
		{"garbage in list", []crtext.Rule{rule("205.3g", "These subtypes are called artifact types. The artifact types are Clue, Food; see 12, and Gold.")}, "contains"},
		{"duplicate name", []crtext.Rule{rule("205.3g", "These subtypes are called artifact types. The artifact types are Clue, Clue, and Gold.")}, `"Clue" is listed twice`},
		{"basic not listed", []crtext.Rule{rule("205.3i", "These subtypes are called land types. The land types are Forest and Island. Of that list, Forest and Swamp are the basic land types.")}, `basic land type "Swamp"`},
		{"unknown mana group", []crtext.Rule{rule("107.4", "The mana symbols are {W}; the numerical symbols {0}; the hybrid symbols {W/U}; the Phyrexian mana symbols {W/P}; and the glitter of {Q}.")}, `unknown group of mana symbols "glitter of"`},
		{"bad mana symbol", []crtext.Rule{rule("107.4", "The mana symbols are {W}, {w}; the numerical symbols {0}; the hybrid symbols {W/U}; the Phyrexian mana symbols {W/P}.")}, `"{w}" is not a mana symbol`},
	}
	for _, tt := range tests {
		_, err := Extract(English, tt.rules, "")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Errorf("%s: error %T does not name its rule", tt.name, err)
		}
	}
	if _, err := Extract(English, base, whole); err == nil || !strings.Contains(err.Error(), `no rule says "The card types are ..."`) {
		t.Errorf("full extraction of a fragment: %v, want the card types missing", err)
	}
	// A page whose rule says nothing a fact is read from gives no fact;
	// its reader, which knows the page's rule, refuses it.
	if f, err := Extract(English, []crtext.Rule{rule("205.2a", "Card types are listed elsewhere.")}, ""); err != nil || len(f.Covers()) != 0 {
		t.Errorf("a 205.2a without its sentence: %v, %v", f, err)
	}
}

// The shrinkage a renamed sentence would cause is caught: if the creature
// sentence changed to a wording nobody taught the tables, extraction fails
// rather than silently dropping the category.
func TestUnknownWordingFailsLoudly(t *testing.T) {
	rules := release(t, "20260227")
	for i, r := range rules {
		if r.Number == "205.3m" {
			rules[i].Text = strings.Replace(r.Text, "All other creature types are one word long:", "Every other creature type has one word:", 1)
		}
	}
	_, err := Extract(English, rules, whole)
	if err == nil || !strings.Contains(err.Error(), "creature") {
		t.Fatalf("got %v, want an error about creature types", err)
	}
}

func TestCanonicalName(t *testing.T) {
	for in, want := range map[string]string{
		" Urza's ":                "Urza’s",
		"Time  Lord":              "Time Lord",
		"Time\u00a0Lord\n":        "Time Lord",
		"Time\tLord":              "Time Lord",
		"Señor del Tiempo":        "Señor del Tiempo",
		"Polilla-titilante":       "Polilla-titilante",
		"Outside Mutter’s Spiral": "Outside Mutter’s Spiral",
	} {
		if got, err := CanonicalName(in); err != nil || got != want {
			t.Errorf("CanonicalName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "-Dash", "A (see rule 1)", "Five words are far too many", "Tab\x00"} {
		if got, err := CanonicalName(bad); err == nil {
			t.Errorf("CanonicalName(%q) = %q, want an error", bad, got)
		}
	}
}

func FuzzExtract(f *testing.F) {
	f.Add("205.3m", "Creatures and kindreds share their lists of subtypes; these subtypes are called creature types. One creature type is two words long: Time Lord. All other creature types are one word long: Advisor, Aetherborn, and Zubera.")
	f.Add("205.3i", "The land types are Forest, Urza's (see rule 301.5), and Swamp. Of that list, Forest and Swamp are the basic land types. See rule 305.6.")
	f.Add("107.4", "The mana symbols are {W}, {U}; the numerical symbols {0}, {1}, and so on; the hybrid symbols {W/U}; the Phyrexian mana symbols {W/P}; and the snow mana symbol {S}.")
	f.Add("205.2a", "The card types are artifact and land. See section 3, “Card Types.”")
	// The wordings of 2009: a list of one, ", and" between two, {X} with the colours.
	f.Add("204.3j", "Instants and sorceries share their lists of subtypes; these subtypes are called spell types. The only spell type at this time is Arcane.")
	f.Add("204.3g", "Enchantments have their own unique set of subtypes; these subtypes are called enchantment types. The enchantment types are Aura (see rule 303.4), and Shrine.")
	f.Add("107.4", "The mana symbols are {W}, {U}, {B}, {R}, {G}, and {X}; the numerals {0}, {1}, {2}, {3}, {4}, and so on; the hybrid symbols {W/U}, {W/B}; the monocolored hybrid symbols {2/W}; and the snow symbol {S}.")
	// The lists an engine keeps (invented names, the rules' sentences).
	f.Add("400.1", "A zone is a place. There are normally three zones: library, hand, and vault. Some older cards also use the ante zone.")
	f.Add("506.1", "The combat phase has two steps, which proceed in order: charge, and melee. The melee step is skipped if no creature charges.")
	f.Add("122.1b", "The keywords that a keyword counter can be are flying, first strike, and gleeful, as well as any variants of those keywords.")
	f.Add("105.1", "There are five colors in the _Magic_ game: white, blue, black, red, and green.")
	f.Fuzz(func(t *testing.T, num, text string) {
		for _, lang := range []Lang{English, Spanish} {
			facts, err := Extract(lang, []crtext.Rule{{Number: num, Text: text}}, "")
			if err != nil {
				continue
			}
			for cat, names := range facts.Subtypes {
				_, unnamed := snapshot.UnnamedWords(cat)
				if !(snapshot.IsCategory(cat) || lang == Spanish && unnamed) || len(names) == 0 {
					t.Errorf("category %q with %d names", cat, len(names))
				}
				for _, n := range names {
					if _, err := CanonicalName(n); err != nil {
						t.Errorf("accepted name %q: %v", n, err)
					}
				}
			}
		}
	})
}

// Which card types a category goes with is read from its subrule's first
// sentence; checked on releases of the past, whose text does not change,
// read again from the rules their snapshots keep.
func TestCategoryCardTypes(t *testing.T) {
	store := corpus.FrozenStore(t)
	for date, want := range map[string]map[string]string{
		"2009-07-11": {"creature": "creature,tribal", "spell": "instant,sorcery", "artifact": "artifact"},
		"2024-04-12": {"creature": "creature,tribal", "spell": "instant,sorcery", "planar": "plane", "dungeon": "dungeon", "battle": "battle"},
		"2024-07-30": {"creature": "creature,kindred", "artifact": "artifact", "enchantment": "enchantment", "land": "land", "planeswalker": "planeswalker"},
	} {
		s, err := store.Resolve("en@" + date)
		if err != nil {
			t.Fatal(err)
		}
		recorded := s.SubtypeCardTypes
		if err := Categories(s); err != nil {
			t.Fatal(err)
		}
		for c, w := range want {
			if got := strings.Join(s.SubtypeCardTypes[c], ","); got != w {
				t.Errorf("%s: %s types go with %s; want %s", date, c, got, w)
			}
		}
		if !reflect.DeepEqual(recorded, s.SubtypeCardTypes) {
			t.Errorf("%s: the record says %v, the rules %v", date, recorded, s.SubtypeCardTypes)
		}
	}
	s, _ := store.Resolve("en@2024-07-30")
	s.Rules[s.SubtypeRules["creature"]] = "Every one of them shares their lists of subtypes."
	if err := Categories(s); err == nil || !strings.Contains(err.Error(), "rule 205.3m: the creature types' subrule names no card type") {
		t.Errorf("a first sentence naming no card type: %v", err)
	}
}
