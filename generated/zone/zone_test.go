package zone

import (
	"slices"
	"testing"
)

// The zones as the rules printed them (history does not change): seven
// until 2010-04-23, the command zone since 2010-07-16, ante the last of
// each (the "older cards" sentence).
func TestZonesOfThePast(t *testing.T) {
	before, err := ZoneValuesAsOf("2010-04-23")
	if err != nil || len(before) != 7 || slices.Contains(before, Command) || before[len(before)-1] != Ante {
		t.Fatalf("2010-04-23: %v, %v", before, err)
	}
	after, err := ZoneValuesAsOf("2010-07-16")
	if err != nil || len(after) != 8 || !slices.Contains(after, Command) {
		t.Fatalf("2010-07-16: %v, %v", after, err)
	}
	if since, exact := Command.Since(); since != "2010-07-16" || !exact {
		t.Errorf("Command since %s (%v)", since, exact)
	}
	if Command.ListedIn("2010-04-23") || !Library.ListedIn("2009-07-11") {
		t.Error("ListedIn")
	}
	if z, err := ParseZone("graveyard"); err != nil || z != Graveyard {
		t.Errorf("ParseZone: %v, %v", z, err)
	}
	if _, err := ParseZone("sideboard"); err == nil {
		t.Error("the sideboard is no zone")
	}
}

// Every zone is public or hidden, as 400.2 says; the library and the
// hand are hidden, the battlefield public (past facts: every release
// since 2009 says so).
func TestPublicAndHiddenZones(t *testing.T) {
	for _, z := range EveryZone() {
		if z.IsPublic() == z.IsHidden() {
			t.Errorf("%v: public %v, hidden %v (%q)", z, z.IsPublic(), z.IsHidden(), z.Visibility())
		}
	}
	if !Library.IsHidden() || !Hand.IsHidden() || !Battlefield.IsPublic() || Zone(0).Visibility() != "" {
		t.Error("400.2: library and hand hidden, the battlefield public")
	}
}
