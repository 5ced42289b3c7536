package history

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

func snap(date string, partial bool, creatures ...string) *snapshot.Snapshot {
	s := &snapshot.Snapshot{Lang: "en", Effective: date, Subtypes: snapshot.Subtypes{"creature": creatures}, CardTypes: []string{"creature"}}
	if partial {
		s.Subtypes = nil // a rule page of another rule: says nothing about 205.3
	}
	return s
}

func TestFind(t *testing.T) {
	h := []*snapshot.Snapshot{
		snap("2024-01-01", false, "Goblin", "Hound"),
		snap("2020-01-01", false, "Goblin", "Hound"), // out of order on purpose
		snap("2024-06-01", true),
		snap("2025-01-01", false, "Goblin"),
		snap("2026-01-01", false, "Goblin", "Hound"),
	}
	got := Find(h, "hound")
	if len(got) != 2 {
		t.Fatalf("%d periods: %v", len(got), got)
	}
	if got[0].First != "2020-01-01" || got[0].Last != "2024-01-01" || got[0].RemovedIn != "2025-01-01" || !got[0].Oldest {
		t.Errorf("first period %+v", got[0])
	}
	if got[1].First != "2026-01-01" || !got[1].Newest || got[1].RemovedIn != "" {
		t.Errorf("second period %+v", got[1])
	}
	// The release before a return is the last that carried the list
	// without the name: the rule page of 2024-06-01 does not count.
	if got[1].Before != "2025-01-01" || got[0].Before != "" || !strings.Contains(got[1].String(), "since 2026-01-01 (not in 2025-01-01, the release before it here)") {
		t.Errorf("before: %+v, %s", got, got[1])
	}
	if s := got[0].String(); !strings.Contains(s, "since at least 2020-01-01") || !strings.Contains(s, "gone in 2025-01-01") {
		t.Errorf("%s", s)
	}
	if got := Find(h, "Donkey"); len(got) != 0 {
		t.Errorf("Donkey: %v", got)
	}
	if got := Find(h, "creature"); len(got) != 1 || got[0].List != snapshot.FactCardTypes {
		t.Errorf("card type: %v", got)
	}
}

func TestLivesKeepOrderOfFirstListing(t *testing.T) {
	h := []*snapshot.Snapshot{
		snap("2024-01-01", false, "Goblin", "Hound"),
		snap("2020-01-01", false, "Hound", "Elf"),
		snap("2024-06-01", true),
		snap("2025-01-01", false, "Aardwolf", "Goblin"),
	}
	got := Lives(h, "creature", []snapshot.Rename{{Release: "2025-01-01", List: "creature", From: "Hound", To: "Aardwolf", Evidence: "rule 205.3m"}})
	var names []string
	for _, l := range got {
		names = append(names, l.Name)
	}
	if want := []string{"Hound", "Elf", "Goblin", "Aardwolf"}; !slices.Equal(names, want) {
		t.Fatalf("order %v, want %v", names, want)
	}
	if got[0].Removed != "2025-01-01" || got[0].Last != "2024-01-01" || !got[0].Oldest || got[0].ReplacedBy != "Aardwolf" {
		t.Errorf("Hound %+v", got[0])
	}
	if got[1].Removed != "2024-01-01" || got[1].ReplacedBy != "" {
		t.Errorf("Elf %+v", got[1])
	}
	if got[3].First != "2025-01-01" || got[3].Oldest || got[3].Removed != "" {
		t.Errorf("Aardwolf %+v", got[3])
	}
}

func TestLivesHaveGaps(t *testing.T) {
	h := []*snapshot.Snapshot{
		snap("2020-01-01", false, "Egg", "Elf"),
		snap("2021-01-01", false, "Elf"),
		snap("2021-06-01", true), // says nothing of 205.3
		snap("2022-01-01", false, "Egg", "Elf"),
		snap("2023-01-01", false, "Elf"),
		snap("2024-01-01", false, "Egg", "Elf"),
	}
	egg := Lives(h, "creature", nil)[0]
	want := []Gap{{Removed: "2021-01-01", Back: "2022-01-01"}, {Removed: "2023-01-01", Back: "2024-01-01"}}
	if egg.Name != "Egg" || egg.First != "2020-01-01" || egg.Removed != "" || !slices.Equal(egg.Gaps, want) {
		t.Fatalf("Egg %+v, want gaps %v", egg, want)
	}
	for r, listed := range map[string]bool{"2019-01-01": false, "2020-01-01": true, "2020-06-01": true, "2021-01-01": false,
		"2021-06-01": false, "2022-01-01": true, "2023-01-01": false, "2024-01-01": true, "2030-01-01": true} {
		if egg.Listed(r) != listed {
			t.Errorf("Egg listed in %s: %v, want %v", r, egg.Listed(r), listed)
		}
	}
	if elf := Lives(h, "creature", nil)[1]; len(elf.Gaps) != 0 {
		t.Errorf("Elf has gaps: %+v", elf)
	}
}

func TestOrdersSplitAtReorderings(t *testing.T) {
	h := []*snapshot.Snapshot{
		snap("2020-01-01", false, "Bat", "Dog"),
		snap("2021-01-01", false, "Ape", "Bat", "Cat", "Dog"), // new names anywhere: one order
		snap("2021-06-01", true),
		snap("2022-01-01", false, "Ape", "Cat", "Dog", "Eel"), // Bat dropped: still one order
		snap("2023-01-01", false, "Dog", "Ape", "Cat"),        // Dog first: a new order
	}
	got := Orders(h, "creature")
	want := []Epoch{{From: "2020-01-01", Names: []string{"Ape", "Bat", "Cat", "Dog", "Eel"}}, {From: "2023-01-01", Names: []string{"Dog", "Ape", "Cat"}}}
	if len(got) != len(want) {
		t.Fatalf("epochs %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].From != want[i].From || !slices.Equal(got[i].Names, want[i].Names) {
			t.Errorf("epoch %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// The recorded history, past facts: Egg left the creature types in
// 2010-07-16 and came back in 2018-07-13; the rules reordered a list four
// times ({X} moved among the mana symbols, the keyword actions renumbered
// twice, Time Lord's sentence put before the others).
func TestRecordedLivesAndOrders(t *testing.T) {
	h, err := corpus.FrozenStore(t).History("en")
	if err != nil {
		t.Fatal(err)
	}
	var egg *Life
	for _, l := range Lives(h, "creature", nil) {
		if l.Name == "Egg" {
			egg = &l
		}
	}
	if egg == nil || egg.First != "2009-07-11" || !slices.Equal(egg.Gaps, []Gap{{Removed: "2010-07-16", Back: "2018-07-13"}}) {
		t.Errorf("Egg: %+v", egg)
	}
	var reorders []string
	for _, list := range snapshot.ListsOf(h...) {
		orders := Orders(h, list)
		for _, e := range orders[min(1, len(orders)):] {
			reorders = append(reorders, e.From+" "+list)
		}
	}
	slices.Sort(reorders)
	if want := []string{"2016-01-16 mana_symbols", "2016-09-30 keyword_actions", "2024-07-30 creature", "2025-06-06 keyword_actions"}; !slices.Equal(reorders, want) {
		t.Errorf("reorderings %v, want %v", reorders, want)
	}
}
