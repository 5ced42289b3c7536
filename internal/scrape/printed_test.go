package scrape

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// checkPrinted keeps what still makes sense and says why it drops the
// rest.
func TestCheckPrinted(t *testing.T) {
	old := &snapshot.Snapshot{Lang: "en", Effective: "2020-01-01", Subtypes: snapshot.Subtypes{"creature": {"Cephalid", "Elf", "Rogue"}}}
	en := &snapshot.Snapshot{Lang: "en", Effective: "2021-01-01", Subtypes: snapshot.Subtypes{"creature": {"Elf", "Rogue"}},
		ManaSymbols: []snapshot.ManaSymbol{{Symbol: "{C/P}"}}}
	es := &snapshot.Snapshot{Lang: "es", Effective: "2021-01-01", Subtypes: snapshot.Subtypes{"creature": {"Elfo", "Bribón", "Pícaro"}}}
	p := &snapshot.Printed{
		Source: snapshot.Source{ID: "curated-printed"},
		Variants: []snapshot.PrintedVariant{
			{Lang: "es", List: "creature", Printed: "Cefálido", Current: "Cephalid"}, // removed: kept
			{Lang: "es", List: "creature", Printed: "Pícaro", Current: "Rogue"},      // the rules spell it now
			{Lang: "es", List: "creature", Printed: "Duende", Current: "Goblin"},     // never listed
		},
		Dropped: []snapshot.DroppedName{{Lang: "es", List: "creature", Printed: "Elfo"}, {Lang: "en", List: "creature", Printed: "Lord"},
			{Lang: "en", List: "creature", Printed: "Cephalid"}}, // dropped after the history begins
		Symbols: []snapshot.PrintedSymbol{{Symbol: "{C/P}"}},
	}
	warnings := strings.Join(checkPrinted(p, []*snapshot.Snapshot{old, en}, en, es), "\n")
	if len(p.Variants) != 1 || p.Variants[0].Printed != "Cefálido" {
		t.Errorf("variants kept: %v", p.Variants)
	}
	if len(p.Dropped) != 1 || p.Dropped[0].Printed != "Lord" {
		t.Errorf("dropped names kept: %v", p.Dropped)
	}
	if len(p.Symbols) != 1 {
		t.Errorf("a symbol 107.4 now lists must stay (its value must not move): %v", p.Symbols)
	}
	for _, want := range []string{
		`the rules now spell "Pícaro" themselves`,
		`"Duende" spells "Goblin", which no English release's creature list has`,
		`"Elfo" is listed by the rules again`,
		`rule 107.4 now lists {C/P}`,
		`"Cephalid" is listed by the release of 2020-01-01: it was not dropped before the history begins`,
	} {
		if !strings.Contains(warnings, want) {
			t.Errorf("warnings lack %q:\n%s", want, warnings)
		}
	}
}
