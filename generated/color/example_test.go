package color_test

import (
	"fmt"

	"github.com/mtgrules/crgen/generated/color"
	"github.com/mtgrules/crgen/generated/mana"
)

// The colours of a mana cost, by name: package mana says which, package
// color names them.
func ExampleOfMana() {
	cost, err := mana.ParseCost("{2}{W}{U/P}")
	if err != nil {
		panic(err)
	}
	for _, c := range color.OfMana(cost.Colors()) {
		fmt.Println(c, c.Letter())
	}
	// Output:
	// White W
	// Blue U
}
