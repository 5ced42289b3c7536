package color

import (
	"slices"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
)

// Each colour the rules list today has its own letter, which is one of
// package mana's colours, and OfMana reads them back in rule order.
func TestColorsAndTheirLetters(t *testing.T) {
	var all mana.Colors
	for _, c := range ColorValues() {
		m := c.Mana()
		if m == 0 || all&m != 0 || m.String() != c.Letter() {
			t.Errorf("%v: letter %q, mana %v (so far %v)", c, c.Letter(), m, all)
		}
		all |= m
		if got := OfMana(m); !slices.Equal(got, []Color{c}) {
			t.Errorf("OfMana(%v) = %v", m, got)
		}
	}
	if got := OfMana(all); !slices.Equal(got, ColorValues()) {
		t.Errorf("OfMana(%v) = %v, want %v", all, got, ColorValues())
	}
	if OfMana(0) != nil || Color(0).Mana() != 0 || Color(0).Letter() != "" {
		t.Error("colorless")
	}
}

// The colours of 2009-07-11, as the rules printed them (history does not
// change).
func TestColorsOfThePast(t *testing.T) {
	cs, err := ColorValuesAsOf("2009-07-11")
	if err != nil || !slices.Equal(cs, []Color{White, Blue, Black, Red, Green}) {
		t.Fatalf("%v, %v", cs, err)
	}
	var letters string
	for _, c := range cs {
		letters += c.Letter()
	}
	if letters != "WUBRG" {
		t.Errorf("letters %q", letters)
	}
	if c, err := ParseColor("BLUE"); err != nil || c != Blue || c.Mana() != mana.Blue {
		t.Errorf("ParseColor: %v, %v", c, err)
	}
}
