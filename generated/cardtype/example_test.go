package cardtype_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"github.com/mtgrules/crgen/generated/cardtype"
)

// The examples whose result depends on which names the rules list today
// show it in a comment, as the rules of 2026-09-25 gave it: a rules
// update may drop, list again or retranslate any name. cardtype_test.go
// checks the same behaviour on names it picks from the data.

// ParseCardType reads a card type in English or Spanish, in any case.
func ExampleParseCardType() {
	for _, name := range []string{"Creature", "criatura", "TIERRA", "Summon"} {
		t, err := cardtype.ParseCardType(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s / %s (rule %s)\n", name, t, t.Spanish(), t.Rule())
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Creature: Creature / Criatura (rule 205.2a)
	//	criatura: Creature / Criatura (rule 205.2a)
	//	TIERRA: Land / Tierra (rule 205.2a)
	//	cardtype: "Summon" is not a card type (rule 205.2a)
}

// A name the rules dropped keeps its constant and its value; parsing it
// says when it left and what replaced it.
func ExampleCardType_Removed() {
	release, removed := cardtype.Tribal.Removed()
	next, _ := cardtype.Tribal.ReplacedBy()
	fmt.Println(cardtype.Tribal, cardtype.Tribal.IsValid(), release, removed, next)
	_, err := cardtype.ParseCardType("tribal")
	var ne *cardtype.NameError
	if errors.As(err, &ne) {
		fmt.Println(ne.Removed, ne.ReplacedBy)
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Tribal false 2024-07-30 true Kindred
	//	2024-07-30 Kindred
}

// Since is the first release that listed a name. For a name as old as the
// history, it is the oldest release the history knows (2009-07-11 today,
// earlier if older releases are imported), and only a bound.
func ExampleCardType_Since() {
	// Battle is first recorded in 2023-04-14; the release before it
	// recorded is 2022-10-07, and 2022-11-18, between them, is known and
	// not recorded (rules.Unrecorded): not exact.
	release, exact := cardtype.Battle.Since()
	fmt.Println(release, exact)
	_, exact = cardtype.Creature.Since() // the oldest release known
	fmt.Println(exact)
	// Output:
	// 2023-04-14 false
	// false
}

// Values are fixed when a name first appears and never change, so they can
// be stored; the text form is the English name, read back in any case.
func ExampleCardType_MarshalText() {
	b, _ := json.Marshal(map[string]cardtype.CardType{"type": cardtype.Land, "none": 0})
	fmt.Println(string(b), int(cardtype.Artifact))
	var t cardtype.CardType
	_ = json.Unmarshal([]byte(`"ENCHANTMENT"`), &t)
	fmt.Println(t)
	// Output:
	// {"none":"","type":"Land"} 1
	// Enchantment
}

// Text reads back from the Spanish name too.
func ExampleCardType_UnmarshalText() {
	var t cardtype.CardType
	err := json.Unmarshal([]byte(`"encantamiento"`), &t)
	fmt.Println(t, err)
	// With the rules of 2026-09-25, this prints:
	//
	//	Enchantment <nil>
}

// Spanish supertypes read in either gender: the rules page lists
// "legendario", cards print "Criatura legendaria".
func ExampleParseSupertype() {
	for _, name := range []string{"Legendary", "legendaria", "básica", "nevado"} {
		s, _ := cardtype.ParseSupertype(name)
		fmt.Println(name, "→", s, s.Spanish())
	}
	// With the rules of 2026-09-25, this prints:
	//
	//	Legendary → Legendary Legendario
	//	legendaria → Legendary Legendario
	//	básica → Basic Básico
	//	nevado → Snow Nevado
}

// Sorted orders names alphabetically in a language, for a list shown to
// people (the Values functions give rule order): in Spanish by their
// Spanish names, as a Spanish reader orders them.
func ExampleSorted() {
	var names []string
	for _, t := range cardtype.Sorted(cardtype.CardTypeValues(), language.Spanish) {
		names = append(names, t.Spanish())
	}
	fmt.Println(strings.Join(names, ", "))
	// With the rules of 2026-09-25, this prints:
	//
	//	Afín, Artefacto, Batalla, Conjuro, Conspiración, Criatura, Encantamiento, Fenómeno, Instantáneo, Mazmorra, Plan, Planeswalker, Plano, Tierra, Vanguardia
}

// A value stores in a database as its name (database/sql's driver.Valuer)
// and reads back from its name or its number (sql.Scanner); JSON reads a
// number too. The number never changes: store int64(v) to keep it.
func Example_storage() {
	v, _ := cardtype.Artifact.Value()
	fmt.Printf("%q %d\n", v, int64(cardtype.Artifact))
	var fromName, fromNumber, fromJSON cardtype.CardType
	_ = fromName.Scan([]byte("artefacto"))
	_ = fromNumber.Scan(int64(cardtype.Artifact))
	_ = json.Unmarshal([]byte(strconv.Itoa(int(cardtype.Artifact))), &fromJSON)
	fmt.Println(fromName, fromNumber, fromJSON)
	// Output:
	// "Artifact" 1
	// Artifact Artifact Artifact
}
