// Package color lists the colours of the Magic: The Gathering
// Comprehensive Rules (rule 105.1: white, blue, black, red, green), read
// from every release since 2009, each tied to the letter of its mana
// symbol as rule 107.4a gives it ("{W} is white"): Letter, and Mana for
// the colour as package mana's set of colours.
//
// ParseColor reads a name in any case, FindColor looks one up without an
// error, ColorValues lists today's colours in rule order. As every
// generated package: a constant's number never changes, values encode as
// their English name and decode from a name or a JSON number, store in a
// database as their name (Value) and read back from a name or number
// (Scan), and Lives, ListedIn, ColorValuesAsOf and ParseColorAsOf say
// what any release since 2009 listed. No Spanish source names the
// colours yet: Spanish returns "" until one does.
//
// cmd/gen writes tables.go from the snapshots; this file is hand-written.
package color

import (
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
)

// Effective returns the newest release the package's lists were read
// from (each list says its own: ColorList); not a newer release that did not
// read them.
func Effective() string {
	en, _ := rules.NewestOf(ColorList())
	return en
}

// NameError is the error of the Parse functions (rules.NameError).
type NameError = rules.NameError

// Mana returns the colour as a set of colours of package mana (White:
// mana.White); colorless (0) for no colour.
func (v Color) Mana() mana.Colors { return mana.ColorOfLetter(v.Letter()) }

// OfMana returns the colours of a set, in rule order; none for colorless.
func OfMana(c mana.Colors) []Color {
	var out []Color
	for _, v := range colorOrder {
		if m := v.Mana(); m != 0 && c&m != 0 {
			out = append(out, v)
		}
	}
	return out
}
