package subtype_test

import (
	"encoding/json"
	"fmt"

	"golang.org/x/text/language"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

// The examples whose result depends on which names the rules list today
// show it in a comment, as the rules of 2026-09-25 gave it: a rules
// update may drop, list again or retranslate any name. current_test.go
// checks the same behaviour on names it picks from the data.

// ParseCreature reads a name in English or Spanish, in any case and with
// either apostrophe. A name the rules dropped says when; a Spanish name is
// read within its category (Saga is the Spanish of the creature type Hag,
// and an enchantment type of its own).
func ExampleParseCreature() {
	for _, name := range []string{"Time Lord", "time lord", "Señor del Tiempo", "C'tan", "Saga", "Cephalid", "Donkey"} {
		c, err := subtype.ParseCreature(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s → %s (%s)\n", name, c, c.Spanish())
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Time Lord → Time Lord (Señor del Tiempo)
	//	time lord → Time Lord (Señor del Tiempo)
	//	Señor del Tiempo → Time Lord (Señor del Tiempo)
	//	C'tan → C’tan (C’tan)
	//	Saga → Hag (Saga)
	//	subtype: "Cephalid" is no longer a creature type: Cephalid was removed from rule 205.3m in the release of 2024-07-30
	//	subtype: "Donkey" is not a creature type (rule 205.3m)
}

// A name the rules dropped keeps its constant; Removed says when it went.
// A current name reports "", false.
func ExampleCreature_Removed() {
	release, removed := subtype.CreatureCephalid.Removed()
	fmt.Println(subtype.CreatureCephalid, subtype.CreatureCephalid.IsValid(), release, removed)
	// With the rules of 2026-09-25, this prints:
	//
	//	Cephalid false 2024-07-30 true
}

func ExampleCategory_CardTypes() {
	fmt.Printf("%v %v\n", subtype.CategoryCreature.CardTypes(), subtype.CategorySpell.CardTypes())
	fmt.Printf("%v %s\n", subtype.For(cardtype.Plane), subtype.CategoryLand.Rule())
	// With the rules of 2026-09-25, this prints:
	//
	//	[Creature Kindred] [Instant Sorcery]
	//	[planar] 205.3i
}

// Find looks a name up in one category, among the names the rules list
// today.
func ExampleFind() {
	st, ok := subtype.Find(subtype.CategoryLand, "de urza")
	fmt.Println(st, ok, st.Category())
	_, ok = subtype.Find(subtype.CategoryCreature, "Forest")
	fmt.Println(ok)
	// With the rules of 2026-09-25, this prints:
	//
	//	Urza’s true land
	//	false
}

// A Subtype can be of any category, so its JSON names the category too.
// The name reads back in English or Spanish, in any case.
func ExampleSubtype_MarshalJSON() {
	b, _ := json.Marshal([]subtype.Subtype{subtype.LandUrzas.Subtype(), {}})
	fmt.Println(string(b))
	var st subtype.Subtype
	_ = json.Unmarshal([]byte(`{"category": "artifact", "name": "SPACECRAFT"}`), &st)
	fmt.Println(st, st.Category())
	// Output:
	// [{"category":"land","name":"Urza’s"},null]
	// Spacecraft artifact
}

func ExampleAs() {
	st := subtype.CreatureElf.Subtype()
	c, ok := subtype.As[subtype.Creature](st)
	fmt.Println(c == subtype.CreatureElf, ok)
	_, ok = subtype.As[subtype.Land](st)
	fmt.Println(ok)
	// Output:
	// true true
	// false
}

// A value encodes as its English name and reads back from either
// apostrophe, in any case, or from its Spanish name ("de Urza").
func ExampleLand_MarshalText() {
	b, _ := json.Marshal(map[string]subtype.Land{"land": subtype.LandUrzas})
	fmt.Println(string(b))
	var l subtype.Land
	_ = json.Unmarshal([]byte(`"urza's"`), &l)
	fmt.Println(l == subtype.LandUrzas)
	// Output:
	// {"land":"Urza’s"}
	// true
}

// Choose checks a player's choice (rule 205.3e): one, and only one,
// existing subtype of the category.
func ExampleChoose() {
	for _, choice := range []string{"Merfolk", "tritón", "Merfolk Wizard", "Swamp", "Cephalid", "truck"} {
		st, err := subtype.Choose(subtype.CategoryCreature, choice)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(choice, "→", st)
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Merfolk → Merfolk
	//	tritón → Merfolk
	//	subtype: choosing a creature type: rule 205.3e: "Merfolk Wizard" is 2 creature types (Merfolk, Wizard); choose one
	//	subtype: choosing a creature type: rule 205.3e: "Swamp" is a land type (Swamp), not a creature type
	//	subtype: choosing a creature type: rule 205.3e: "Cephalid" is no longer a creature type: Cephalid was removed from rule 205.3m in the release of 2024-07-30
	//	subtype: choosing a creature type: rule 205.3e: "truck" is not a creature type
}

// Rule 205.3i names the basic land types; the rules first did in the
// release of 2022-09-08, and no earlier release says which are basic.
func ExampleBasicLandValues() {
	for _, l := range subtype.BasicLandValues() {
		since, _ := l.BasicSince()
		fmt.Println(l, l.Spanish(), since)
	}
	fmt.Println(subtype.LandUrzas.IsBasic())
	// With the rules of 2026-09-25, this prints:
	//
	//	Forest Bosque 2022-09-08
	//	Island Isla 2022-09-08
	//	Mountain Montaña 2022-09-08
	//	Plains Llanura 2022-09-08
	//	Swamp Pantano 2022-09-08
	//	false
}

// BasicSince is when rule 205.3i first named a land type basic, a fact of
// history: Forest was basic long before (cards printed Basic Land —
// Forest from the start), but no release before 2022-09-08 says so.
// IsBasic answers by today's rules, for data of any age.
func ExampleLand_BasicSince() {
	since, named := subtype.LandForest.BasicSince()
	fmt.Println(since, named)
	// Output:
	// 2022-09-08 true
}

// Sorted orders names alphabetically for a list shown to people: in
// Spanish by their Spanish names, an accented letter with its letter.
func ExampleSorted() {
	es := subtype.Sorted(subtype.CreatureValues(), language.Spanish)
	for _, c := range es[:4] {
		fmt.Println(c.Spanish(), "—", c)
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Abanderado — Flagbearer
	//	Ácaro — Mite
	//	Acechador nocturno — Nightstalker
	//	Acorazado — Dreadnought
}

// A Subtype's number is its category constant's, which never changes; a
// renamed one says what replaced it. A category's card types change with
// the rules: creature types went with tribal until 2024-07-30.
func ExampleSubtype_Number() {
	s := subtype.CreatureElf.Subtype()
	fmt.Println(s.Number() == int(subtype.CreatureElf), subtype.Of(s.Category(), s.Number()) == s)
	cts := subtype.CategoryCreature.CardTypesAsOf("2024-04-12")
	fmt.Println(len(cts), cts[0], cts[1])
	// Output:
	// true true
	// 2 Creature Tribal
}
