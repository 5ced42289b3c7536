package tree

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The generated mana symbols are those of the current rules, and the
// symbols cards print outside them those of snapshots/printed.json.

func TestManaSymbolsAreTheRules(t *testing.T) {
	s, err := store(t).Current("en")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range s.ManaSymbols {
		if m.Group != "numeric" {
			listed = append(listed, m.Symbol)
		}
	}
	var got []string
	for _, sym := range mana.Symbols() {
		got = append(got, sym.String())
	}
	if strings.Join(got, " ") != strings.Join(listed, " ") {
		t.Errorf("Symbols() = %v, rule 107.4 lists %v", got, listed)
	}
	if r, exact := mana.SymbolWUP.Since(); r != "2022-02-18" || !exact {
		t.Errorf("{W/U/P} since %s %v", r, exact)
	}
	if mana.SymbolCW.Group() != "monocolored_hybrid" || mana.SymbolCW.String() != "{C/W}" {
		t.Errorf("{C/W}: %s %s", mana.SymbolCW, mana.SymbolCW.Group())
	}
}

// Each symbol cards print outside rule 107.4 means what its reminder text
// in printed.json says: paid by each way listed there, with the mana
// value and colours that follow. The rules' mode refuses it, saying that
// printed mode accepts it.
func TestPrintedSymbols(t *testing.T) {
	byText := map[string]snapshot.PrintedSymbol{}
	printed, err := store(t).Printed()
	if err != nil || printed == nil {
		t.Fatalf("snapshots/printed.json: %v", err)
	}
	for _, s := range printed.Symbols {
		byText[s.Symbol] = s
	}
	outside := mana.PrintedSymbols()
	if len(outside) == 0 {
		t.Skip("rule 107.4 lists every symbol cards print")
	}
	for _, sym := range outside {
		curated, ok := byText[sym.String()]
		if !ok {
			t.Errorf("%s: not in printed.json", sym)
			continue
		}
		if sym.IsValid() || !sym.Printed() || sym.Reminder() != curated.Reminder {
			t.Errorf("%s: valid %v, printed %v, reminder %q", sym, sym.IsValid(), sym.Printed(), sym.Reminder())
		}
		text := "{1}" + sym.String()
		if _, err := mana.ParseCost(text); err == nil || !strings.Contains(err.Error(), "ParseCostPrinted") {
			t.Errorf("%s: the rules' mode says %v", text, err)
		}
		c, err := mana.ParseCostPrinted(text)
		if err != nil || !c.Printed() || c.String() != text {
			t.Fatalf("%s: printed mode reads %v, %v", text, c, err)
		}
		opts, err := c.PaymentOptions()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range opts {
			got = append(got, p.String())
		}
		var want []string
		colors := mana.Colors(0)
		for _, way := range curated.Pay {
			switch way {
			case "life":
				want = append(want, "{1} and 2 life")
			case "generic":
				want = append(want, "{2}")
			default:
				want = append(want, "{1}{"+way+"}")
				var col mana.Colors
				if way != "C" && way != "snow" && col.UnmarshalText([]byte(way)) == nil {
					colors |= col
				}
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: paid by %v, printed.json says %v", text, got, want)
		}
		if c.ManaValue() != 2 || c.Colors() != colors {
			t.Errorf("%s: mana value %d, colours %v; want 2, %v", text, c.ManaValue(), c.Colors(), colors)
		}
	}
}
