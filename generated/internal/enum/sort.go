package enum

import (
	"slices"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Named is a value with a name in each language of the rules.
type Named interface {
	String() string  // English
	Spanish() string // "" while no Spanish source names it
}

// Sorted returns values in a new slice, ordered as a reader of lang orders
// their names (golang.org/x/text/collate: accents and case weigh after
// the letters, so "Ácaro" comes after "Abanderado", not after "Zombie"): the
// Spanish names when lang is Spanish, a name with no Spanish yet by its
// English; the English names otherwise. Names that collate alike keep
// their order in values.
func Sorted[T Named](values []T, lang language.Tag) []T {
	spanish := IsSpanish(lang)
	keys := make([]string, len(values))
	for i, v := range values {
		keys[i] = v.String()
		if es := v.Spanish(); spanish && es != "" {
			keys[i] = es
		}
	}
	order := make([]int, len(values))
	for i := range order {
		order[i] = i
	}
	c := collate.New(lang)
	slices.SortStableFunc(order, func(a, b int) int { return c.CompareString(keys[a], keys[b]) })
	out := make([]T, len(values))
	for i, j := range order {
		out[i] = values[j]
	}
	return out
}

// IsSpanish reports whether lang is Spanish, of any region.
func IsSpanish(lang language.Tag) bool {
	b, _ := lang.Base()
	es, _ := language.Spanish.Base()
	return b == es
}
