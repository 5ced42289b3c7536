package cardtype_test

import (
	"slices"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/mtgrules/crgen/generated/cardtype"
)

// Sorted orders the card types and supertypes by their names in the
// language asked for, a name with no Spanish yet by its English, and is a
// permutation of its argument.
func TestSorted(t *testing.T) {
	check := func(lang language.Tag, names []string, sortedNames []string) {
		t.Helper()
		col := collate.New(lang)
		for i := 1; i < len(sortedNames); i++ {
			if col.CompareString(sortedNames[i-1], sortedNames[i]) > 0 {
				t.Errorf("%s: %q before %q", lang, sortedNames[i-1], sortedNames[i])
			}
		}
		a, b := slices.Clone(names), slices.Clone(sortedNames)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Errorf("%s: %v is no permutation of %v", lang, sortedNames, names)
		}
	}
	for _, lang := range []language.Tag{language.English, language.Spanish, language.LatinAmericanSpanish} {
		es, _ := lang.Base()
		spanish := es.String() == "es"
		name := func(en, sp string) string {
			if spanish && sp != "" {
				return sp
			}
			return en
		}
		var types, sortedTypes, supers, sortedSupers []string
		for _, v := range cardtype.CardTypeValues() {
			types = append(types, name(v.String(), v.Spanish()))
		}
		for _, v := range cardtype.Sorted(cardtype.CardTypeValues(), lang) {
			sortedTypes = append(sortedTypes, name(v.String(), v.Spanish()))
		}
		for _, v := range cardtype.SupertypeValues() {
			supers = append(supers, name(v.String(), v.Spanish()))
		}
		for _, v := range cardtype.Sorted(cardtype.SupertypeValues(), lang) {
			sortedSupers = append(sortedSupers, name(v.String(), v.Spanish()))
		}
		check(lang, types, sortedTypes)
		check(lang, supers, sortedSupers)
	}
}
