package typeline_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
)

// The tests of this package run on whatever names it was generated from:
// a rules update adds, drops and retranslates names, and the Spanish page
// lags the English rules (a new name has no Spanish yet). So they build
// their lines from names they pick through the API, and build the words
// they need absent, instead of naming any. A test that needs a kind of
// name the data does not have today skips, saying which.

// current returns the subtypes of c the rules list today.
func current(c subtype.Category) []subtype.Subtype {
	var out []subtype.Subtype
	for v := 1; ; v++ {
		s := subtype.Of(c, v)
		if s == (subtype.Subtype{}) {
			return out
		}
		if s.IsValid() {
			out = append(out, s)
		}
	}
}

// pick returns the first current subtype of c for which ok holds, other
// than those given; the test skips when there is none.
func pick(t *testing.T, c subtype.Category, what string, ok func(subtype.Subtype) bool, not ...subtype.Subtype) subtype.Subtype {
	t.Helper()
	for _, s := range current(c) {
		if ok(s) && !slices.Contains(not, s) {
			return s
		}
	}
	t.Skipf("no current %s type is %s", c, what)
	return subtype.Subtype{}
}

// only reports whether s is a name of its category alone, in English
// and, when it has one, in Spanish: a line reads it as s whatever its
// card types.
func only(s subtype.Subtype) bool {
	for _, o := range subtype.Categories() {
		if o == s.Category() {
			continue
		}
		if _, ok := subtype.Find(o, s.String()); ok {
			return false
		}
		if _, ok := subtype.Find(o, s.Spanish()); ok && s.Spanish() != "" {
			return false
		}
	}
	return true
}

// plain is a name of its category alone, of one word, not spelled alike
// in the other language by another name: the simplest name a line can
// hold.
func plain(s subtype.Subtype) bool {
	return only(s) && !strings.Contains(s.String(), " ") && !strings.Contains(s.Spanish(), " ")
}

// plainES is a plain name with a Spanish name.
func plainES(s subtype.Subtype) bool { return plain(s) && s.Spanish() != "" }

// cardTypeFor returns a current card type whose subtypes only category c
// lists, with a Spanish name when es; the test skips when there is none.
func cardTypeFor(t *testing.T, c subtype.Category, es bool) cardtype.CardType {
	t.Helper()
	for _, ct := range c.CardTypes() {
		if ct.IsValid() && slices.Equal(subtype.For(ct), []subtype.Category{c}) && (!es || ct.Spanish() != "") {
			return ct
		}
	}
	t.Skipf("no current card type has only %s types%s", c, map[bool]string{true: " and a Spanish name"}[es])
	return 0
}

// supertype returns a current supertype (with a Spanish name when es),
// other than those given.
func supertype(t *testing.T, es bool, not ...cardtype.Supertype) cardtype.Supertype {
	t.Helper()
	for _, s := range cardtype.SupertypeValues() {
		if (!es || s.Spanish() != "") && !slices.Contains(not, s) {
			return s
		}
	}
	t.Skip("not enough current supertypes with the names this test needs")
	return 0
}

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
	for v := 1; subtype.Of(subtype.CategoryCreature, v) != (subtype.Subtype{}); v++ {
		s := subtype.Of(subtype.CategoryCreature, v)
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

// escapeMarks writes the combining marks of s as \uXXXX, as messages
// show them.
func escapeMarks(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
