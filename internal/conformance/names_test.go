package conformance

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

// The generated packages change with every rules update: names come and
// go, and the Spanish page lags the English rules (a new name has no
// Spanish yet). The tests here that need particular names pick them from
// the packages' API, and build the words they need absent; a test that
// needs a kind of name the data does not have today skips, saying which.

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
func pick(t testing.TB, c subtype.Category, what string, ok func(subtype.Subtype) bool, not ...subtype.Subtype) subtype.Subtype {
	t.Helper()
	for _, s := range current(c) {
		if ok(s) && !slices.Contains(not, s) {
			return s
		}
	}
	t.Skipf("no current %s type is %s", c, what)
	return subtype.Subtype{}
}

// only reports whether s is a name of its category alone, in English and
// in Spanish: a line reads it as s whatever its card types.
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

// plainES is a name of its category alone, of one word in either
// language, that the Spanish page names.
func plainES(s subtype.Subtype) bool {
	return only(s) && s.Spanish() != "" && !strings.Contains(s.String()+s.Spanish(), " ")
}

// cardTypeFor returns a current card type with a Spanish name whose
// subtypes only category c lists; the test skips when there is none.
func cardTypeFor(t testing.TB, c subtype.Category) cardtype.CardType {
	t.Helper()
	for _, ct := range c.CardTypes() {
		if ct.IsValid() && ct.Spanish() != "" && slices.Equal(subtype.For(ct), []subtype.Category{c}) {
			return ct
		}
	}
	t.Skipf("no current card type with a Spanish name has only %s types", c)
	return 0
}

// supertype returns a current supertype with a Spanish name, other than
// those given; the test skips when there is none.
func supertype(t testing.TB, not ...cardtype.Supertype) cardtype.Supertype {
	t.Helper()
	for _, s := range cardtype.SupertypeValues() {
		if s.Spanish() != "" && !slices.Contains(not, s) {
			return s
		}
	}
	t.Skip("not enough current supertypes with a Spanish name")
	return 0
}

// absent returns base, extended until no list has it, current or
// removed.
func absent(base string) string {
	for w := base; ; w += "x" {
		known := false
		for _, c := range subtype.Categories() {
			_, err := subtype.Parse(c, w)
			known = known || !unknownName(err)
		}
		_, errT := cardtype.ParseCardType(w)
		_, errS := cardtype.ParseSupertype(w)
		if !known && unknownName(errT) && unknownName(errS) {
			return w
		}
	}
}

// unknownName reports whether err says a name was never in its list.
func unknownName(err error) bool {
	var ne *subtype.NameError
	return errors.As(err, &ne) && ne.Removed == ""
}
