package keyword_test

import (
	"cmp"
	"slices"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/mtgrules/crgen/generated/keyword"
)

// sortedNames checks that sorted is values in lang's collation order of
// their names (English where no Spanish is given), a permutation of them.
func sortedNames[T interface {
	String() string
	Spanish() string
}](t *testing.T, lang language.Tag, values, sorted []T) {
	t.Helper()
	name := func(v T) string {
		if b, _ := lang.Base(); b.String() == "es" && v.Spanish() != "" {
			return v.Spanish()
		}
		return v.String()
	}
	col := collate.New(lang)
	for i := 1; i < len(sorted); i++ {
		if col.CompareString(name(sorted[i-1]), name(sorted[i])) > 0 {
			t.Errorf("%s: %q before %q", lang, name(sorted[i-1]), name(sorted[i]))
		}
	}
	a, b := slices.Clone(values), slices.Clone(sorted)
	slices.SortFunc(a, func(x, y T) int { return cmp.Compare(x.String(), y.String()) })
	slices.SortFunc(b, func(x, y T) int { return cmp.Compare(x.String(), y.String()) })
	if !slices.EqualFunc(a, b, func(x, y T) bool { return x.String() == y.String() }) {
		t.Errorf("%s: Sorted is no permutation of its argument", lang)
	}
}

func TestSorted(t *testing.T) {
	for _, lang := range []language.Tag{language.English, language.Spanish} {
		sortedNames(t, lang, keyword.ActionValues(), keyword.Sorted(keyword.ActionValues(), lang))
		sortedNames(t, lang, keyword.AbilityValues(), keyword.Sorted(keyword.AbilityValues(), lang))
		sortedNames(t, lang, keyword.AbilityWordValues(), keyword.Sorted(keyword.AbilityWordValues(), lang))
	}
}
