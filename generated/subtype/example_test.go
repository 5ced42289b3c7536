package subtype_test

import (
	"encoding/json"
	"fmt"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

func ExampleParseCreature() {
	for _, name := range []string{"Time Lord", "time lord", "Señor del Tiempo", "C'tan", "Saga", "Cephalid", "Donkey"} {
		c, err := subtype.ParseCreature(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s → %s (%s)\n", name, c, c.Spanish())
	}
	// Output:
	// Time Lord → Time Lord (Señor del Tiempo)
	// time lord → Time Lord (Señor del Tiempo)
	// Señor del Tiempo → Time Lord (Señor del Tiempo)
	// C'tan → C’tan (C’tan)
	// Saga → Hag (Saga)
	// subtype: "Cephalid" is no longer a creature type: Cephalid was removed from rule 205.3m in the release of 2024-07-30
	// subtype: "Donkey" is not a creature type (rule 205.3m)
}

func ExampleCreature_Removed() {
	for _, c := range []subtype.Creature{subtype.CreatureTimeLord, subtype.CreatureCephalid} {
		release, removed := c.Removed()
		since, _ := c.Since()
		fmt.Println(c, c.IsValid(), since, release, removed)
	}
	// Output:
	// Time Lord true 2023-10-13  false
	// Cephalid false 2009-07-11 2024-07-30 true
}

func ExampleCategory_CardTypes() {
	fmt.Printf("%v %v\n", subtype.CategoryCreature.CardTypes(), subtype.CategorySpell.CardTypes())
	fmt.Printf("%v %s\n", subtype.For(cardtype.Plane), subtype.CategoryLand.Rule())
	// Output:
	// [Creature Kindred] [Instant Sorcery]
	// [planar] 205.3i
}

func ExampleFind() {
	st, ok := subtype.Find(subtype.CategoryLand, "de urza")
	fmt.Println(st, ok, st.Category())
	_, ok = subtype.Find(subtype.CategoryCreature, "Forest")
	fmt.Println(ok)
	// Output:
	// Urza’s true land
	// false
}

// A Subtype can be of any category, so its JSON names the category too.
func ExampleSubtype_MarshalJSON() {
	b, _ := json.Marshal([]subtype.Subtype{subtype.LandUrzas.Subtype(), {}})
	fmt.Println(string(b))
	var st subtype.Subtype
	_ = json.Unmarshal([]byte(`{"category": "artifact", "name": "astronave"}`), &st)
	fmt.Println(st, st.Category())
	// Output:
	// [{"category":"land","name":"Urza’s"},null]
	// Spacecraft artifact
}

func ExampleAs() {
	st, _ := subtype.Find(subtype.CategoryCreature, "Elf")
	c, ok := subtype.As[subtype.Creature](st)
	fmt.Println(c == subtype.CreatureElf, ok)
	_, ok = subtype.As[subtype.Land](st)
	fmt.Println(ok)
	// Output:
	// true true
	// false
}

func ExampleLand_MarshalText() {
	b, _ := json.Marshal(map[string]subtype.Land{"land": subtype.LandUrzas})
	fmt.Println(string(b))
	var l subtype.Land
	_ = json.Unmarshal([]byte(`"de Urza"`), &l)
	fmt.Println(l == subtype.LandUrzas, l.Rule())
	// Output:
	// {"land":"Urza’s"}
	// true 205.3i
}

func ExampleChoose() {
	for _, choice := range []string{"Merfolk", "tritón", "Merfolk Wizard", "Swamp", "Cephalid", "truck"} {
		st, err := subtype.Choose(subtype.CategoryCreature, choice)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(choice, "→", st)
	}
	// Output:
	// Merfolk → Merfolk
	// tritón → Merfolk
	// subtype: choosing a creature type: rule 205.3e: "Merfolk Wizard" is 2 creature types (Merfolk, Wizard); choose one
	// subtype: choosing a creature type: rule 205.3e: "Swamp" is a land type (Swamp), not a creature type
	// subtype: choosing a creature type: rule 205.3e: "Cephalid" is no longer a creature type: the rules dropped it in 2024-07-30
	// subtype: choosing a creature type: rule 205.3e: "truck" is not a creature type
}
