package cardtype_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mtgrules/crgen/generated/cardtype"
)

func ExampleParseCardType() {
	for _, name := range []string{"Creature", "criatura", "TIERRA", "Summon"} {
		t, err := cardtype.ParseCardType(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s / %s (rule %s)\n", name, t, t.Spanish(), t.Rule())
	}
	// Output:
	// Creature: Creature / Criatura (rule 205.2a)
	// criatura: Creature / Criatura (rule 205.2a)
	// TIERRA: Land / Tierra (rule 205.2a)
	// cardtype: "Summon" is not a card type (rule 205.2a)
}

// A name the rules dropped keeps its constant and its value; parsing it
// says when it left and what replaced it.
func ExampleCardType_Removed() {
	release, removed := cardtype.Tribal.Removed()
	next, _ := cardtype.Tribal.ReplacedBy()
	fmt.Println(cardtype.Tribal, cardtype.Tribal.IsValid(), release, removed, next)
	_, err := cardtype.ParseCardType("tribal")
	var ne *cardtype.NameError
	fmt.Println(errors.As(err, &ne), ne.Removed)
	// Output:
	// Tribal false 2024-07-30 true Kindred
	// true 2024-07-30
}

func ExampleCardType_Since() {
	release, exact := cardtype.Battle.Since()
	fmt.Println(release, exact)
	release, exact = cardtype.Creature.Since()
	fmt.Println(release, exact) // the oldest release known: only a bound
	// Output:
	// 2023-04-14 true
	// 2009-07-11 false
}

// Values are fixed when a name first appears and never change, so they can
// be stored; the text form is the English name.
func ExampleCardType_MarshalText() {
	b, _ := json.Marshal(map[string]cardtype.CardType{"type": cardtype.Land, "none": 0})
	fmt.Println(string(b), int(cardtype.Artifact))
	var t cardtype.CardType
	_ = json.Unmarshal([]byte(`"encantamiento"`), &t)
	fmt.Println(t)
	// Output:
	// {"none":"","type":"Land"} 1
	// Enchantment
}

func ExampleParseSupertype() {
	for _, name := range []string{"Legendary", "legendaria", "básica", "nevado"} {
		s, _ := cardtype.ParseSupertype(name)
		fmt.Println(name, "→", s, s.Spanish())
	}
	// Output:
	// Legendary → Legendary Legendario
	// legendaria → Legendary Legendario
	// básica → Basic Básico
	// nevado → Snow Nevado
}
