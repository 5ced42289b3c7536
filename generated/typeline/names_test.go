package typeline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/picks"
)

// The tests of this package run on whatever names it was generated from:
// a rules update adds, drops and retranslates names, and the Spanish page
// lags the English rules (a new name has no Spanish yet). So they build
// their lines from names internal/picks picks through the API, and build
// the words they need absent, instead of naming any. The helpers here
// read the package's data tables, which picks cannot: the Spanish forms,
// and the forms cards print beside the rules (variants, dropped names),
// which a line may hold too.

// feminine is the feminine Spanish form of a supertype the rules page
// prints (legendaria), or its Spanish name.
func feminine(s cardtype.Supertype) string {
	if e := data.Supertypes.Entry(int(s)); e != nil && len(e.Forms) > 0 {
		return e.Forms[0]
	}
	return s.Spanish()
}

// spelledIn reports whether name is a name of any list, current or
// removed, in English (es false) or Spanish.
func spelledIn(name string, es bool) bool {
	same := func(n string) bool {
		return n != "" && strings.EqualFold(strings.ReplaceAll(n, "’", "'"), strings.ReplaceAll(name, "’", "'"))
	}
	tables := []*enum.Table{data.CardTypes, data.Supertypes}
	for i := range data.Categories {
		tables = append(tables, data.Categories[i].Table)
	}
	for _, tb := range tables {
		for v := 1; v <= tb.Len(); v++ {
			e := tb.Entry(v)
			spellings := []string{e.EN}
			if es {
				spellings = append([]string{e.ES}, e.Forms...)
			}
			if slices.ContainsFunc(spellings, same) {
				return true
			}
		}
	}
	// The forms cards print beside the rules: variants and dropped names.
	for _, v := range data.Variants {
		if (v.Lang == "es") == es && same(v.Printed) {
			return true
		}
	}
	for _, d := range data.Dropped {
		if (d.Lang == "es") == es && same(d.Printed) {
			return true
		}
	}
	return false
}

// senses counts the names of every list, current or removed, and the
// forms cards print (variants and dropped names), that spell name in
// either language.
func senses(name string) int {
	same := func(n string) bool {
		return strings.EqualFold(strings.ReplaceAll(n, "’", "'"), strings.ReplaceAll(name, "’", "'"))
	}
	tables := []*enum.Table{data.CardTypes, data.Supertypes}
	for i := range data.Categories {
		tables = append(tables, data.Categories[i].Table)
	}
	n := 0
	for _, tb := range tables {
		for v := 1; v <= tb.Len(); v++ {
			if e := tb.Entry(v); slices.ContainsFunc(e.Names(), same) {
				n++
			}
		}
	}
	for _, v := range data.Variants {
		if same(v.Printed) {
			n++
		}
	}
	for _, d := range data.Dropped {
		if same(d.Printed) {
			n++
		}
	}
	return n
}

// removedCardType returns a card type the rules dropped (Tribal, renamed
// Kindred in 2024-07-30, unless the rules list it again), of one word
// that spells nothing else; the test skips when there is none.
func removedCardType(t *testing.T) cardtype.CardType {
	t.Helper()
	for v := 1; v <= data.CardTypes.Len(); v++ {
		ct := cardtype.CardType(v)
		if _, removed := ct.Removed(); removed && !strings.Contains(ct.String(), " ") && senses(ct.String()) == 1 {
			return ct
		}
	}
	t.Skip("the rules list every card type they ever had, or its name spells another")
	return 0
}

// removedCreature returns a creature type the rules dropped (Cephalid,
// in 2024-07-30, unless the rules list it again), of one word that
// spells nothing else; the test skips when there is none.
func removedCreature(t *testing.T) subtype.Creature {
	t.Helper()
	for _, s := range picks.Every(subtype.CategoryCreature) {
		if _, removed := s.Removed(); removed && !strings.Contains(s.String(), " ") && senses(s.String()) == 1 {
			c, _ := subtype.As[subtype.Creature](s)
			return c
		}
	}
	t.Skip("the rules list every creature type they ever had, or its name spells another")
	return 0
}

// absent returns base, extended until it is no name of any list, in
// either language, current or removed.
func absent(base string) string {
	for w := base; ; w += "x" {
		if !spelledIn(w, false) && !spelledIn(w, true) {
			return w
		}
	}
}
