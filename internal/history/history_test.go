package history

import (
	"slices"
	"strings"
	"testing"

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
