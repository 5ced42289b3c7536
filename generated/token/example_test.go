package token_test

import (
	"fmt"

	"github.com/mtgrules/crgen/generated/color"
	"github.com/mtgrules/crgen/generated/token"
)

// What an effect that creates a Treasure creates, as the rules define it
// (colorless: no colours).
func ExampleToken_Faces() {
	tk, err := token.ParseToken("treasure")
	if err != nil {
		panic(err)
	}
	f := tk.Faces()[0]
	fmt.Printf("%v %v %v\n", f.CardTypes, f.Subtypes, f.Colors == 0)
	fmt.Println(f.Abilities[0])
	// With the rules of 2026-09-25, this prints:
	//
	//	[Artifact] [Treasure] true
	//	{T}, Sacrifice this token: Add one mana of any color.
}

// The Walker of rule 111.10d: a 2/2 black Zombie creature token named
// Walker, its colours named by package color.
func ExampleFace() {
	w := token.Walker.Faces()[0]
	fmt.Printf("%s %s/%s %v %v %v\n", w.Name, w.Power, w.Toughness, color.OfMana(w.Colors), w.CardTypes, w.Subtypes)
	// With the rules of 2026-09-25, this prints:
	//
	//	Walker 2/2 [Black] [Creature] [Zombie]
}
