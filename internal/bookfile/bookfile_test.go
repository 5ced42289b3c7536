package bookfile

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// sample is a book of three releases: two read whole, the third from a
// rule page of 205.3; 205.3a moved to 205.3b in the second, whose new
// 205.3a is another rule; 702.19c was split off 702.19b in the second.
func sample() *Book {
	p := func(since int, paras ...string) Printed { return Printed{Since: since, Paras: paras} }
	gone := func(since int) Printed { return Printed{Since: since, Gone: true} }
	return &Book{
		Lang: "en",
		Releases: []ReleaseInfo{
			{Date: "2020-01-10", Source: "txt", Rules: 6, Examples: 1, Glossary: 3},
			{Date: "2020-06-05", Source: "txt", Rules: 8, Examples: 1, Glossary: 3, Quirks: []string{"line 9: rule 100.1 printed \"100.1\": read as 100.1"}},
			{Date: "2020-09-25", Source: "pages", Holds: []string{"205.3"}, Rules: 3},
		},
		Rules: []History{
			{Key: "100.1", Versions: []Printed{p(0, "These Magic rules apply to any Magic game.", "Example: Two players.")}},
			{Key: "205.3", Versions: []Printed{p(0, "Subtypes are printed after a long dash."), p(2, "Subtypes are printed after a long dash (—).")}},
			{Key: "205.3a", Versions: []Printed{p(0, "A creature’s subtypes are creature types."), p(1, "Artifacts have artifact types.")}},
			{Key: "205.3b", Versions: []Printed{p(1, "A creature’s subtypes are creature types."), {Since: 2, Paras: []string{"A creature's subtypes are creature types."}, Lead: "205.3b."}}},
			{Key: "702.19", Versions: []Printed{p(0, "Trample")}},
			{Key: "702.19a", Versions: []Printed{p(0, "Trample is a static ability that modifies combat damage rules.")}},
			{Key: "702.19b", Versions: []Printed{p(0, "The controller assigns lethal damage to blockers. Then the rest to the player."), p(1, "The controller assigns lethal damage to blockers.")}},
			{Key: "702.19c", Versions: []Printed{p(1, "Then the rest of the damage to the player; nonlethal damage too.")}},
			{Key: "702.190", Versions: []Printed{p(0, "Not a subrule of 702.19."), gone(1)}},
		},
		Contents: []History{
			{Key: "1", Versions: []Printed{p(0, "Game Concepts")}},
			{Key: "100", Versions: []Printed{p(0, "General")}},
			{Key: "2", Versions: []Printed{p(0, "Parts of a Card")}},
			{Key: "205", Versions: []Printed{p(0, "Type Line")}},
			{Key: "7", Versions: []Printed{p(0, "Additional Rules")}},
			{Key: "702", Versions: []Printed{p(0, "Keyword Abilities")}},
		},
		Glossary: []History{
			{Key: "Double-Faced Card", Versions: []Printed{p(0, "A card with two faces. See rule 712.")}},
			{Key: "Lethal Damage", Versions: []Printed{p(0, "Damage enough to destroy a creature. See rule 120.6.")}},
			{Key: "Trample", Versions: []Printed{p(0, "A keyword ability. See rule 702.19.")}},
			{Key: "Urza’s", Versions: []Printed{p(1, "A land type.")}},
		},
		Pairings: [][]Pair{nil, {
			{Kind: PairMove, Of: Rules, From: 2, To: 3},   // 205.3a → 205.3b
			{Kind: PairReused, Of: Rules, From: 2, To: 2}, // the new 205.3a is another rule
			{Kind: PairSplit, Of: Rules, From: 6, To: 7},  // 702.19c split off 702.19b
		}, nil},
	}
}

func open(t testing.TB, b *Book, compress bool) *File {
	t.Helper()
	data, err := Encode(b, Options{Compress: compress})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Open(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func para(t testing.TB, v Version, k int) string {
	t.Helper()
	p, err := v.Para(k)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReleases(t *testing.T) {
	for _, compress := range []bool{false, true} {
		f := open(t, sample(), compress)
		if f.Lang() != "en" || f.Releases() != 3 || f.Date(2) != "2020-09-25" {
			t.Fatalf("lang %q, %d releases", f.Lang(), f.Releases())
		}
		r := f.Release(2)
		if r.Source != "pages" || !slices.Equal(r.Holds, []string{"205.3"}) || r.Rules != 3 {
			t.Errorf("release 2: %+v", r)
		}
		if q := f.Release(1).Quirks; len(q) != 1 || !strings.Contains(q[0], "100.1") {
			t.Errorf("release 1's quirks %q", q)
		}
		for date, want := range map[string]int{"2020-01-10": 0, "2020-03-01": 0, "2020-06-05": 1, "2020-09-24": 1, "2026-01-01": 2} {
			if i, ok := f.AsOf(date); !ok || i != want {
				t.Errorf("as of %s: %d, %v, want %d", date, i, ok, want)
			}
		}
		if _, ok := f.AsOf("2020-01-09"); ok {
			t.Error("a release in force before the first")
		}
		if i, ok := f.Index("2020-06-05"); !ok || i != 1 {
			t.Errorf("index of 2020-06-05: %d, %v", i, ok)
		}
		if _, ok := f.Index("2020-06-06"); ok {
			t.Error("an index for a day no release came")
		}
	}
}

func TestLookups(t *testing.T) {
	f := open(t, sample(), true)
	v, ok := f.Rule("205.3b", 2)
	if !ok || para(t, v, 0) != "A creature's subtypes are creature types." || v.Lead() != "205.3b." || f.Date(v.Since()) != "2020-09-25" {
		t.Errorf("205.3b of 2020-09-25: %v", ok)
	}
	if v, ok := f.Rule("100.1", 2); !ok || v.Paras() != 2 || para(t, v, 1) != "Example: Two players." {
		t.Errorf("100.1: %v, %d paragraphs", ok, v.Paras())
	}
	if _, ok := f.Rule("702.190", 1); ok {
		t.Error("702.190, gone in 2020-06-05, read")
	}
	if _, ok := f.Rule("702.19c", 0); ok {
		t.Error("702.19c before it was printed")
	}
	if _, ok := f.Rule("999.9", 2); ok {
		t.Error("a number never printed")
	}
	if h, ok := f.Heading("702", 2); !ok || h != "Keyword Abilities" {
		t.Errorf("heading 702: %q, %v", h, ok)
	}
	if got := f.Under("702", 0, false); !slices.Equal(got, []string{"702.19", "702.19a", "702.19b", "702.190"}) {
		t.Errorf("under 702 in 2020-01-10: %q", got)
	}
	if got := f.Under("702", 1, true); !slices.Equal(got, []string{"702.19"}) {
		t.Errorf("directly under 702 in 2020-06-05: %q", got)
	}
	if got := f.Under("702.19", 1, true); !slices.Equal(got, []string{"702.19a", "702.19b", "702.19c"}) {
		t.Errorf("directly under 702.19: %q", got)
	}
	// The page of 205.3 printed 205.3 and its subrules; 100.1 is as the
	// release before printed it.
	for n, want := range map[string]string{"205.3": "2020-09-25", "205.3b": "2020-09-25", "100.1": "2020-06-05", "702.19b": "2020-06-05"} {
		if got := f.Date(f.PrintedBy(n, 2)); got != want {
			t.Errorf("%s as of 2020-09-25 printed by %s, want %s", n, got, want)
		}
	}
	if f.WholeBy(2) != 1 || f.WholeBy(1) != 1 {
		t.Errorf("read whole by 2020-09-25: %d", f.WholeBy(2))
	}
	if got := f.Terms(0); !slices.Equal(got, []string{"Double-Faced Card", "Lethal Damage", "Trample"}) {
		t.Errorf("terms of 2020-01-10: %q", got)
	}
	if i, ok := f.Newest("702.190"); !ok || i != 0 {
		t.Errorf("newest release of 702.190: %d, %v", i, ok)
	}
	if i, ok := f.Newest("205.3a"); !ok || i != 2 {
		t.Errorf("newest release of 205.3a: %d, %v", i, ok)
	}
}

// A term is found whatever its case, punctuation, apostrophe or number;
// a miss suggests the nearest.
func TestTermForgiving(t *testing.T) {
	f := open(t, sample(), true)
	for q, want := range map[string]string{
		"trample": "Trample", "TRAMPLE.": "Trample", "double faced card": "Double-Faced Card",
		"Double-faced cards": "Double-Faced Card", "urzas": "Urza’s", "Urza's": "Urza’s", " lethal   damage ": "Lethal Damage",
	} {
		h, ok := f.Term(q, 1)
		if !ok || f.Key(Glossary, h) != want {
			t.Errorf("term %q: %q, %v, want %q", q, f.Key(Glossary, h), ok, want)
		}
	}
	if _, ok := f.Term("Urza's", 0); ok {
		t.Error("Urza’s before the release that printed it")
	}
	for q, want := range map[string][]string{
		"Trampel":                   {"Trample"},
		"Lethal Damage to a player": {"Lethal Damage"},
		"xyzzy":                     nil,
	} {
		if _, ok := f.Term(q, 1); ok {
			t.Errorf("%q found", q)
		}
		if got := f.Suggest(q, 1, 3); !slices.Equal(got, want) {
			t.Errorf("suggestions for %q: %q, want %q", q, got, want)
		}
	}
}

// Search finds words in a row on word boundaries, whatever their case,
// quotes and spaces, and says where.
func TestSearch(t *testing.T) {
	f := open(t, sample(), true)
	ms, err := f.Search("Lethal  damage", 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Key+":"+m.Text[m.Start:m.End])
	}
	// "nonlethal damage" (702.19c) is no match: not on a word boundary.
	want := []string{"702.19b:lethal damage", "Lethal Damage:Lethal Damage"}
	if !slices.Equal(got, want) {
		t.Errorf("lethal damage: %q, want %q", got, want)
	}
	if ms, _ := f.Search("creature's subtypes", 1, 0); len(ms) != 1 || ms[0].Key != "205.3b" {
		t.Errorf("a straight apostrophe finds the curly one: %+v", ms)
	}
	if ms, _ := f.Search("the", 1, 2); len(ms) != 2 {
		t.Errorf("at most 2: %d", len(ms))
	}
	if ms, _ := f.Search("   ", 1, 0); ms != nil {
		t.Errorf("nothing searched, %d found", len(ms))
	}
}

// The same book is the same bytes; every chunk decompresses to what it
// holds.
func TestEncodeIsDeterministic(t *testing.T) {
	a, err := Encode(sample(), Options{Compress: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Encode(sample(), Options{Compress: true})
	if !bytes.Equal(a, b) {
		t.Error("two encodings of one book differ")
	}
}

// Encode refuses a book a reader would misread.
func TestEncodeRefuses(t *testing.T) {
	for name, change := range map[string]func(*Book){
		"rules out of order":   func(b *Book) { b.Rules[0], b.Rules[1] = b.Rules[1], b.Rules[0] },
		"a rule twice":         func(b *Book) { b.Rules[1] = b.Rules[0] },
		"versions out of time": func(b *Book) { b.Rules[1].Versions[0].Since = 2 },
		"a release twice":      func(b *Book) { b.Releases[1].Date = b.Releases[0].Date },
		"a pair of no rule":    func(b *Book) { b.Pairings[1][0].To = 99 },
		"a split of terms":     func(b *Book) { b.Pairings[1][2].Of = Glossary },
		"an unknown source":    func(b *Book) { b.Releases[0].Source = "pdf" },
	} {
		b := sample()
		change(b)
		if _, err := Encode(b, Options{}); err == nil {
			t.Errorf("%s: encoded", name)
		}
	}
}

// compareFolded compares as Fold does, without folding.
func TestCompareFolded(t *testing.T) {
	keys := []string{"", "a", "double faced card", "urzas", "lethal damage", "trample", "ab c", "ab"}
	for _, s := range []string{"", "A", "Double-Faced Card", "Urza’s", "  lethal   damage ", "Trample.", "AB  C", "ab!", "Ωmega", "x'y"} {
		for _, k := range keys {
			want := strings.Compare(Fold(s), k)
			if got := compareFolded(s, k); got != want {
				t.Errorf("compareFolded(%q, %q) = %d, want %d (Fold %q)", s, k, got, want, Fold(s))
			}
		}
	}
}

// A lookup allocates nothing once the text it reads has been read.
func TestLookupAllocatesNothing(t *testing.T) {
	f := open(t, sample(), true)
	f.Rule("702.19b", 1)
	if n := testing.AllocsPerRun(100, func() {
		v, _ := f.Rule("702.19b", 1)
		_, _ = v.Para(0)
		f.Heading("702", 1)
		f.Term("Trample", 1)
	}); n != 0 {
		t.Errorf("%v allocations a lookup", n)
	}
}

// Open refuses what is not a book, or a book whose records point
// outside it.
func TestOpenRefuses(t *testing.T) {
	data, _ := Encode(sample(), Options{Compress: true})
	for name, bad := range map[string]string{
		"empty":     "",
		"no magic":  "crbook\x00\x02" + string(data[8:]),
		"truncated": string(data[:len(data)/2]),
	} {
		if _, err := Open(bad); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
}

// Whatever the bytes, Open refuses them or every read of the book works
// without panicking: the checks of Open cover every accessor.
func FuzzOpen(f *testing.F) {
	for _, compress := range []bool{false, true} {
		data, _ := Encode(sample(), Options{Compress: compress})
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Open(string(data))
		if err != nil {
			return
		}
		readAll(b)
	})
}

// readAll reads everything a book holds through its accessors.
func readAll(f *File) {
	_ = f.Lang()
	for i := range f.Releases() {
		f.Release(i)
		f.WholeBy(i)
		for _, k := range []Kind{Rules, Contents, Glossary} {
			for h := range f.Len(k) {
				key := f.Key(k, h)
				if v, ok := f.At(k, h, i); ok {
					_, _ = v.FullText()
					_ = v.Lead()
				}
				if k == Rules {
					f.PrintedBy(key, i)
					f.Under(key, i, false)
				}
				if i > 0 {
					f.Next(k, i, h)
					f.Previous(k, i, h)
				}
			}
		}
		_, _ = f.Search("the", i, 3)
		f.Term("trample", i)
	}
}
