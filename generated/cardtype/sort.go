package cardtype

import (
	"golang.org/x/text/language"

	"github.com/mtgrules/crgen/generated/internal/enum"
)

// Sorted returns values (CardTypeValues(), SupertypeValues()) in a new
// slice, ordered as a reader of lang orders their names, for a list shown
// to people: by their Spanish names for Spanish (language.Spanish, or any
// Spanish of a region), a name with no Spanish yet by its English; by
// their English names otherwise. The collation is
// golang.org/x/text/collate's for lang, which sorts accented letters with
// their base letter and ñ after n. The Values functions give rule order.
func Sorted[T interface {
	String() string
	Spanish() string
}](values []T, lang language.Tag) []T {
	return enum.Sorted(values, lang)
}
