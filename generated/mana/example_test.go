package mana_test

import (
	"encoding/json"
	"fmt"

	"github.com/mtgrules/crgen/generated/mana"
)

func ExampleParseCost() {
	c, err := mana.ParseCost("{2}{W/U}{G/P}")
	if err != nil {
		panic(err)
	}
	fmt.Println(c, c.ManaValue(), c.Colors(), c.Pips())
	for _, bad := range []string{"{2}{HW}", "{U/W}", "{99999999999999999999}"} {
		_, err = mana.ParseCost(bad)
		fmt.Println(err)
	}
	// Output:
	// {2}{W/U}{G/P} 4 WUG [{2} {W/U} {G/P}]
	// mana cost "{2}{HW}": position 4: {HW} is not a mana symbol defined by rule 107.4
	// mana cost "{U/W}": position 1: {U/W} is not a mana symbol defined by rule 107.4 (it writes {W/U})
	// mana cost "{99999999999999999999}": position 1: {99999999999999999999} is too large a number for an int
}

// Rule 107.4 lists numbers "and so on": a cost can hold any number an int
// holds.
func ExampleCost_ManaValue() {
	c, _ := mana.ParseCost("{1000000}")
	fmt.Println(c.ManaValue())
	// Output:
	// 1000000
}

func ExampleParseCostLenient() {
	for _, s := range []string{"2WW", "x1{u/w}1", "{2/w}{2/w}"} {
		c, err := mana.ParseCostLenient(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(s, "→", c, c.ManaValue())
	}
	// Output:
	// 2WW → {2}{W}{W} 4
	// x1{u/w}1 → {X}{2}{W/U} 3
	// {2/w}{2/w} → {2/W}{2/W} 4
}

func ExampleCost_PaymentOptions() {
	for _, s := range []string{"{G/W}{G/W}", "{W/P}{W/P}", "{2/B}"} {
		c, _ := mana.ParseCost(s)
		opts, _ := c.PaymentOptions()
		fmt.Println(s, opts)
	}
	// Output:
	// {G/W}{G/W} [{G}{G} {W}{G} {W}{W}]
	// {W/P}{W/P} [{W}{W} {W} and 2 life 4 life]
	// {2/B} [{B} {2}]
}

func ExampleSymbol_Since() {
	release, exact := mana.SymbolWUP.Since()
	fmt.Println(mana.SymbolWUP, mana.SymbolWUP.Group(), mana.SymbolWUP.Colors(), release, exact)
	// Output:
	// {W/U/P} hybrid_phyrexian WU 2022-02-18 true
}

func ExampleCost_MarshalText() {
	c, _ := mana.ParseCost("{X}{R}")
	opts, _ := c.PaymentOptions()
	b, _ := json.Marshal(struct {
		Cost    mana.Cost
		Colors  mana.Colors
		Pay     mana.Payment
		Nothing mana.Cost
	}{c, c.Colors(), opts[0], mana.Cost{}})
	fmt.Println(string(b))
	// Output:
	// {"Cost":"{X}{R}","Colors":["R"],"Pay":"{X}{R}","Nothing":""}
}

func ExampleParseSymbol() {
	s, err := mana.ParseSymbol("{C/W}")
	fmt.Println(s, s.Group(), s.ManaValue(), err)
	// Output:
	// {C/W} monocolored_hybrid 1 <nil>
}

// A split card's cost keeps its faces (709.4); its mana value and colours
// are those of the faces combined (709.4b). A double-faced card has its
// front face's in a deck (712.8a): Faces()[0].
func ExampleCost_Faces() {
	c, _ := mana.ParseCost("{2}{W} // {2}{B}")
	fmt.Println(c.ManaValue(), c.Colors(), c.Len())
	for _, f := range c.Faces() {
		fmt.Println(f, f.ManaValue(), f.Colors())
	}
	// Output:
	// 6 WB 4
	// {2}{W} 3 W
	// {2}{B} 3 B
}

// A LenientCost field decodes costs as people type them, where a Cost
// field wants the rules' notation and says when lenient mode reads the
// input; both encode in the rules' notation.
func ExampleLenientCost() {
	var card struct {
		Cost mana.LenientCost `json:"mana_cost"`
	}
	err := json.Unmarshal([]byte(`{"mana_cost": "1B // 2r"}`), &card)
	fmt.Println(card.Cost, card.Cost.ManaValue(), err)
	var strict struct {
		Cost mana.Cost `json:"mana_cost"`
	}
	fmt.Println(json.Unmarshal([]byte(`{"mana_cost": "1B"}`), &strict))
	// Output:
	// {1}{B} // {2}{R} 5 <nil>
	// mana cost "1B": position 1: expected '{' (strict notation writes every symbol in braces); ParseCostLenient (validate -lenient) reads it as {1}{B}
}

// Colours decode from an array of letters, as card databases write them,
// or from the letters as one string, and encode in JSON as an array.
func ExampleColors_UnmarshalJSON() {
	var card struct{ Colors mana.Colors }
	_ = json.Unmarshal([]byte(`{"Colors": ["U", "W"]}`), &card)
	b, _ := json.Marshal(card)
	fmt.Println(card.Colors.Letters(), string(b))
	// Output:
	// [W U] {"Colors":["W","U"]}
}

// " // " does not say a card's layout: card databases write an
// adventurer card's cost as a split card's. Blessed Hippogriff // Tyr's
// Blessing, an adventurer card, has mana value 4 (715.4: its normal
// characteristics); Start // Finish, a split card, 6 (709.4b: the halves
// combined), and is cast for either half.
func ExampleCost_As() {
	hippogriff, _ := mana.ParseCost("{3}{W} // {W}")
	fmt.Println(hippogriff.ManaValue(), hippogriff.As(mana.Adventurer).ManaValue(), hippogriff.CastAs(mana.Adventurer, false))
	start, _ := mana.ParseCost("{2}{W} // {2}{B}")
	fmt.Println(start.As(mana.Split).ManaValue(), start.As(mana.Split).Colors(), start.CastAs(mana.Split, false))
	// Output:
	// 5 4 [{3}{W} {W}]
	// 6 WB [{2}{W} {2}{B}]
}

// A cost as of a release: before 2016-01-16, rule 107.4 had no {C}.
func ExampleParseCostAsOf() {
	_, err := mana.ParseCostAsOf("{C}", "2015-11-13")
	fmt.Println(err)
	c, err := mana.ParseCostAsOf("{C}", "2016-01-16")
	fmt.Println(c, err)
	// Output:
	// mana cost "{C}": position 1: {C} was not yet defined by rule 107.4 in the rules of 2015-11-13: it lists {C} since 2016-01-16
	// {C} <nil>
}
