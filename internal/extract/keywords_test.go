package extract

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/textenc"
)

// Every release since 2009 gives the three keyword lists, read as a
// second, independent reader would read them: the titles of the numbered
// rules of 701 and 702 after the first (206 or 207, the Text Box, for the
// ability words' sentence), taken from the document's lines.
func TestKeywordListsOfEveryRelease(t *testing.T) {
	title := regexp.MustCompile(`(?m)^(70[12])\.(\d+)\. (.+?)\r?$`)
	words := regexp.MustCompile(`(?m)^20[67]\.2c .*The ability words are ([^.]+)\.`)
	for _, r := range corpus.Releases(t) {
		f := extractRelease(t, strings.ReplaceAll(r.Date, "-", ""))
		text, _, err := textenc.Decode(corpus.Read(t, strings.ReplaceAll(r.Date, "-", "")))
		if err != nil {
			t.Fatal(err)
		}
		text = strings.ReplaceAll(text, "\r", "\n")
		want := map[string][]string{}
		for _, m := range title.FindAllStringSubmatch(text, -1) {
			if m[2] == "1" {
				continue
			}
			key := snapshot.FactKeywordActions
			if m[1] == "702" {
				key = snapshot.FactKeywordAbilities
			}
			want[key] = append(want[key], snapshot.TitleNames(strings.TrimSpace(m[3]))...)
		}
		m := words.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("%s: no ability words sentence", r.Date)
		}
		for _, w := range strings.Split(strings.Replace(m[1], ", and ", ", ", 1), ", ") {
			want[snapshot.FactAbilityWords] = append(want[snapshot.FactAbilityWords], strings.TrimSpace(w))
		}
		for key, names := range want {
			if got := f.List(key); !slices.Equal(got, names) {
				t.Errorf("%s %s: %d names, an independent reading %d\n got %q\nwant %q", r.Date, key, len(got), len(names), got, names)
			}
		}
	}
}

// The first and the newest release of the corpus, as the issue counted
// them: keyword actions 17 → 67, keyword abilities 81 → 189, ability
// words 10 → 58 (a title of two names counts once there, twice here).
func TestKeywordCountsOfThePast(t *testing.T) {
	for _, c := range []struct {
		date                   string
		actions, abilities, aw int
	}{{"20090711", 18, 81, 10}, {"20260227", 68, 190, 58}} {
		f := extractRelease(t, c.date)
		if n := len(f.List(snapshot.FactKeywordActions)); n != c.actions {
			t.Errorf("%s keyword actions: %d, want %d", c.date, n, c.actions)
		}
		if n := len(f.List(snapshot.FactKeywordAbilities)); n != c.abilities {
			t.Errorf("%s keyword abilities: %d, want %d", c.date, n, c.abilities)
		}
		if n := len(f.List(snapshot.FactAbilityWords)); n != c.aw {
			t.Errorf("%s ability words: %d, want %d", c.date, n, c.aw)
		}
	}
	f := extractRelease(t, "20260227")
	for _, name := range []string{"Tap", "Untap", "For Mirrodin!", "∞ (Infinity)"} {
		if !slices.Contains(f.List(snapshot.FactKeywordActions), name) && !slices.Contains(f.List(snapshot.FactKeywordAbilities), name) {
			t.Errorf("2026-02-27 lacks the keyword %q", name)
		}
	}
	if !slices.Contains(f.List(snapshot.FactAbilityWords), "descend 4") {
		t.Errorf("2026-02-27 ability words %q lack descend 4", f.List(snapshot.FactAbilityWords))
	}
}

// The partner abilities under names of their own are forms of Partner,
// from the subrules that define them (a variant "is a variant of the
// partner ability", 2022; "means", 2023 on; 702.124a lists them), in
// every release that defines them; "Partner—[text]" (2025-11-14) made
// "Friends forever" one of its texts, and the rules of 2026 define it no
// more on its own.
func TestPartnerVariants(t *testing.T) {
	for _, c := range []struct {
		date string
		want []string
	}{
		{"20220218", []string{"Partner with [name]"}},
		{"20220610", []string{"Partner with [name]", "Friends forever", "Choose a Background"}},
		{"20231013", []string{"Partner", "Partner with [name]", "Friends forever", "Choose a Background", "Doctor’s companion"}},
		{"20251114", []string{"Partner", "Partner—[text]", "Partner with [name]", "Friends forever", "Choose a Background", "Doctor’s companion"}},
		{"20260417", []string{"Partner", "Partner—[text]", "Partner with [name]", "Choose a Background", "Doctor’s companion"}},
	} {
		var got []string
		for _, f := range extractRelease(t, c.date).Forms["Partner"] {
			got = append(got, f.Form)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: Partner's forms %q, want %q", c.date, got, c.want)
		}
	}
}
