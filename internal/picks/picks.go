// Package picks gives tests names from the generated packages by what the
// test needs (a current subtype alone in its category, a card type with a
// Spanish name, a removed creature type, a word no list holds) instead of
// naming any, because the packages change with every rules release: names
// come and go, and the Spanish page lags the English rules (a new name has
// no Spanish yet). A helper that finds no name of the kind asked for skips
// the test, saying which kind.
package picks

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

// Every returns every value of category c the package knows, current and
// removed, in value order.
func Every(c subtype.Category) []subtype.Subtype {
	var out []subtype.Subtype
	for v := 1; ; v++ {
		s := subtype.Of(c, v)
		if s == (subtype.Subtype{}) {
			return out
		}
		out = append(out, s)
	}
}

// Current returns the subtypes of c the rules list today, in value order.
func Current(c subtype.Category) []subtype.Subtype {
	var out []subtype.Subtype
	for _, s := range Every(c) {
		if s.IsValid() {
			out = append(out, s)
		}
	}
	return out
}

// Subtype returns the first current subtype of c for which ok holds,
// other than those given; the test skips when there is none, saying that
// no current type of c is what.
func Subtype(t testing.TB, c subtype.Category, what string, ok func(subtype.Subtype) bool, not ...subtype.Subtype) subtype.Subtype {
	t.Helper()
	for _, s := range Current(c) {
		if ok(s) && !slices.Contains(not, s) {
			return s
		}
	}
	t.Skipf("no current %s type is %s", c, what)
	return subtype.Subtype{}
}

// Only reports whether s is a name of its category alone, in English and,
// when it has one, in Spanish: a line reads it as s whatever its card
// types.
func Only(s subtype.Subtype) bool {
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

// Plain reports whether s is a name of its category alone, of one word
// in either language: the simplest name a line can hold.
func Plain(s subtype.Subtype) bool {
	return Only(s) && !strings.Contains(s.String(), " ") && !strings.Contains(s.Spanish(), " ")
}

// PlainES reports whether s is a plain name the Spanish page names.
func PlainES(s subtype.Subtype) bool { return Plain(s) && s.Spanish() != "" }

// CardTypeFor returns a current card type whose subtypes only category c
// lists, with a Spanish name when spanish; the test skips when there is
// none.
func CardTypeFor(t testing.TB, c subtype.Category, spanish bool) cardtype.CardType {
	t.Helper()
	for _, ct := range c.CardTypes() {
		if ct.IsValid() && slices.Equal(subtype.For(ct), []subtype.Category{c}) && (!spanish || ct.Spanish() != "") {
			return ct
		}
	}
	t.Skipf("no current card type has only %s types%s", c, withSpanish(spanish))
	return 0
}

// Supertype returns a current supertype, with a Spanish name when
// spanish, other than those given; the test skips when there is none.
func Supertype(t testing.TB, spanish bool, not ...cardtype.Supertype) cardtype.Supertype {
	t.Helper()
	for _, s := range cardtype.SupertypeValues() {
		if (!spanish || s.Spanish() != "") && !slices.Contains(not, s) {
			return s
		}
	}
	t.Skipf("not enough current supertypes%s", withSpanish(spanish))
	return 0
}

func withSpanish(spanish bool) string {
	if spanish {
		return " with a Spanish name"
	}
	return ""
}

// Listed reports whether a list of the rules holds name today (a card
// type, a supertype or a subtype of any category), in either language.
func Listed(name string) bool {
	if _, ok := cardtype.FindCardType(name); ok {
		return true
	}
	if _, ok := cardtype.FindSupertype(name); ok {
		return true
	}
	for _, c := range subtype.Categories() {
		if _, ok := subtype.Find(c, name); ok {
			return true
		}
	}
	return false
}

// Shadowed reports whether es, a Spanish spelling of s, is the English
// name of another current subtype of s's category: a lookup in either
// language finds that one (an English name added that Spanish already
// spelled; names.DatedIndex), a Spanish type line s.
func Shadowed(s subtype.Subtype, es string) bool {
	key := func(n string) string { return strings.ToLower(strings.ReplaceAll(n, "'", "’")) }
	for _, o := range Current(s.Category()) {
		if o != s && key(o.String()) == key(es) {
			return true
		}
	}
	return false
}

// Unknown reports whether err, from a Parse function, says the name was
// never in its list (neither current nor removed).
func Unknown(err error) bool {
	var ne *subtype.NameError
	return errors.As(err, &ne) && ne.Removed == ""
}

// Absent returns base, extended until no list of the rules has it, in
// either language, current or removed: a word the data does not hold,
// whatever the rules list.
func Absent(base string) string {
	for w := base; ; w += "x" {
		_, errT := cardtype.ParseCardType(w)
		_, errS := cardtype.ParseSupertype(w)
		known := !Unknown(errT) || !Unknown(errS)
		for _, c := range subtype.Categories() {
			_, err := subtype.Parse(c, w)
			known = known || !Unknown(err)
		}
		if !known {
			return w
		}
	}
}

// RemovedCreature returns a creature type the rules dropped (Cephalid, in
// 2024-07-30, unless the rules list it again) whose name no list holds
// today, and the release that dropped it; the test skips when there is
// none.
func RemovedCreature(t testing.TB) (subtype.Creature, string) {
	t.Helper()
	for _, s := range Every(subtype.CategoryCreature) {
		if release, removed := s.Removed(); removed && !Listed(s.String()) {
			c, _ := subtype.As[subtype.Creature](s)
			return c, release
		}
	}
	t.Skip("no creature type the rules dropped that no list spells today")
	return 0, ""
}

// EscapeMarks writes the combining marks of s as \uXXXX, as the packages'
// messages show a name they do not know.
func EscapeMarks(s string) string {
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
