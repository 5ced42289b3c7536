package keyword

import (
	"golang.org/x/text/language"

	"github.com/mtgrules/crgen/generated/internal/enum"
)

// Sorted returns values (ActionValues(), AbilityValues(),
// AbilityWordValues()) in a new slice, ordered as a reader of lang orders
// their names, for a list shown to people: golang.org/x/text/collate's
// order for lang, in which case and accents weigh after the letters. No
// Spanish source names the keywords yet, so every language sorts the
// English names; a Spanish source added later sorts Spanish by its names,
// as the other packages do. The Values functions give rule order.
func Sorted[T interface {
	String() string
	Spanish() string
}](values []T, lang language.Tag) []T {
	return enum.Sorted(values, lang)
}
