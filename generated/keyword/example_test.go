package keyword_test

import (
	"encoding/json"
	"fmt"

	"github.com/mtgrules/crgen/generated/keyword"
)

// The examples whose result depends on what the rules list today show it
// in a comment, as the rules of 2026-09-25 gave it (a rules update may
// renumber, rename or drop a keyword); keyword_test.go checks the same on
// every keyword the package has. Those with an Output print history,
// which does not change.

// A program checking the keywords on a card: any case, and the spellings
// a keyword has without its punctuation or gloss.
func ExampleParseAbility() {
	for _, name := range []string{"flying", "DEATHTOUCH", "for mirrodin", "∞", "Totem Armor", "Flying Strike"} {
		a, err := keyword.ParseAbility(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s → %s (rule %s)\n", name, a, a.Rule())
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	flying → Flying (rule 702.9)
	//	DEATHTOUCH → Deathtouch (rule 702.2)
	//	for mirrodin → For Mirrodin! (rule 702.163)
	//	∞ → ∞ (Infinity) (rule 702.186)
	//	keyword: "Totem Armor" is no longer a keyword ability: Totem Armor was removed from rule 702.89 in the release of 2024-07-30, renamed Umbra Armor
	//	keyword: "Flying Strike" is not a keyword ability (rule 702)
}

// A keyword the rules renamed keeps its value, so data written before the
// rename still reads, and says what replaced it and when.
func ExampleAbility_ReplacedBy() {
	var a keyword.Ability
	if err := json.Unmarshal([]byte(`"Totem Armor"`), &a); err != nil {
		fmt.Println(err)
		return
	}
	removed, _ := a.Removed()
	by, _ := a.ReplacedBy()
	since, _ := by.Since()
	fmt.Printf("%s: valid %v, removed in %s, replaced by %s (listed since %s)\n", a, a.IsValid(), removed, by, since)
	// Output:
	// Totem Armor: valid false, removed in 2024-07-30, replaced by Umbra Armor (listed since 2024-07-30)
}

// A title naming two keywords gives both; each has the title's rule.
func ExampleAction_Rule() {
	fmt.Println(keyword.ActionTap, keyword.ActionUntap, keyword.ActionTap.Rule() == keyword.ActionUntap.Rule())
	// Output:
	// Tap Untap true
}

// Since says which release first listed a keyword; exact is false for
// the keywords of the oldest release known (2009), which may be older,
// and where a release known and not recorded lies between it and the
// release before it: For Mirrodin!, first recorded in 2023-04-14, may be
// of 2022-11-18 (rules.UnrecordedBetween).
func ExampleAbility_Since() {
	for _, a := range []keyword.Ability{keyword.AbilityDeathtouch, keyword.AbilityForMirrodin} {
		since, exact := a.Since()
		fmt.Println(a, since, exact)
	}
	// Output:
	// Deathtouch 2009-07-11 false
	// For Mirrodin! 2023-04-14 false
}

// The keywords the rules list today, in rule order, as JSON.
func ExampleAbilityWordValues() {
	words := keyword.AbilityWordValues()
	b, _ := json.Marshal(words[:3])
	fmt.Println(len(words) > 0, string(b))
	// With the rules of 2026-09-25, this prints:
	//
	//	true ["Adamant","Addendum","Alliance"]
}

// A card's text read by the rules of a past release (what a release
// listed then does not change): each keyword with the variant it prints
// and its parameters, typed.
func ExampleReader_Append() {
	r, err := keyword.NewReader("2022-04-25") // the day checked once, here
	if err != nil {
		fmt.Println(err)
		return
	}
	text := "Flying, protection from black and from red\nSuspend 4—{1}{U} (Rather than cast this card from your hand, you may pay {1}{U} and exile it with four time counters on it.)\nLandfall — Whenever a land enters the battlefield under your control, scry 1."
	var found []keyword.Found // reused card to card, reading allocates nothing
	found = r.Append(found[:0], text)
	for _, k := range found {
		fmt.Printf("%s %s, printed %q", k.Kind, k.Name(), k.Printed) // k.Rule(): its rule today
		for i := range k.NumParams() {
			p := k.Param(i)
			fmt.Printf(", %s %s", p.Kind, p.Text)
			if p.Kind == keyword.ParamCost {
				fmt.Printf(" (mana value %d)", p.Cost.ManaValue())
			}
		}
		if k.Reminder {
			fmt.Print(", in reminder text")
		}
		fmt.Println()
	}
	// Output:
	// ability Flying, printed "Flying"
	// ability Protection, printed "protection from", quality black
	// ability Protection, printed "protection from", quality red
	// ability Suspend, printed "Suspend", number 4, cost {1}{U} (mana value 2)
	// action Cast, printed "cast", in reminder text
	// action Exile, printed "exile", in reminder text
	// ability word Landfall, printed "Landfall"
	// action Scry, printed "scry", number 1
}

// A number is typed: a number's value, a variable and what the card
// says it is, or the keyword ability printed in its place.
func ExampleNumber() {
	r, _ := keyword.NewReader("2022-04-25")
	for _, k := range r.Append(nil, "Devour X, where X is the number of creatures devoured this way\nModular—Sunburst\nBushido 2") {
		if k.NumParams() == 0 {
			fmt.Printf("%s\n", k.Name())
			continue
		}
		switch n := k.Param(0).Number; {
		case n.Variable != "":
			fmt.Printf("%s %s, where %s is %s\n", k.Name(), n.Variable, n.Variable, k.Param(0).Where)
		case n.Ability != 0:
			fmt.Printf("%s, the number %s sets\n", k.Name(), n.Ability)
		default:
			fmt.Printf("%s %d\n", k.Name(), n.Value)
		}
	}
	// Output:
	// Devour X, where X is the number of creatures devoured this way
	// Modular, the number Sunburst sets
	// Sunburst
	// Bushido 2
}

// The names card databases file a keyword under, each by the rule that
// names it so.
func ExampleFound_DatabaseNames() {
	for _, k := range keyword.Append(nil, "Swampcycling {2}\nWhen this creature dies, manifest dread.") {
		for _, n := range k.DatabaseNames(nil) {
			fmt.Printf("%s (%s) ", n.Name, n.Rule)
		}
		fmt.Println()
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Cycling (702.29) Swampcycling (702.29e) Typecycling (702.29e) Landcycling (702.29e)
	//	Manifest dread (701.62) Manifest (701.62a)
}
