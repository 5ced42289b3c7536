package rules_test

import (
	"errors"
	"fmt"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

// The rules in force on a day are the newest release effective by then.
func ExampleInForce() {
	r, ok := rules.InForce("2024-05-01")
	fmt.Println(r, ok)
	_, ok = rules.InForce("2009-01-01") // before the oldest release known
	fmt.Println(ok)
	// Output:
	// 2024-04-12 true
	// false
}

// A name's lives: Egg left the creature types in 2010-07-16 and came back
// in 2018-07-13.
func ExampleLife() {
	egg, _ := subtype.ParseCreatureAsOf("Egg", "2019-01-01") // as of a past release: a later one may move it
	first := egg.Lives()[0]
	fmt.Println(first, first.Includes("2010-01-01"), first.Includes("2012-01-01"))
	fmt.Println(egg.ListedIn("2012-01-01"), egg.ListedIn("2019-01-01"))
	// Output:
	// at least 2009-07-11 until 2010-07-16 true false
	// false true
}

// The lists and the validators as of a release.
func Example_asOf() {
	cts, _ := cardtype.CardTypeValuesAsOf("2024-04-12")
	fmt.Println(len(cts), cts[len(cts)-2], cts[len(cts)-1])
	fmt.Println(typeline.Options{AsOf: "2024-04-12"}.Validate("Tribal Instant — Goblin"))
	// Output:
	// 15 Tribal Vanguard
	// <nil>
}

// The error of a name the rules did not list then says when they did.
func ExampleNameError() {
	_, err := subtype.ParseCreatureAsOf("Time Lord", "2020-01-01")
	var ne *rules.NameError
	if errors.As(err, &ne) {
		fmt.Println(ne.Name, "|", ne.Since, "|", ne.Why())
	}
	// Output:
	// Time Lord | 2023-10-13 | was not yet a creature type in the rules of 2020-01-01: rule 205.3m lists Time Lord since 2023-10-13
}
