package gen

import (
	"fmt"
	"strings"
)

// checkSpellings refuses a list in which two names read alike (in any
// case, with either apostrophe): a lookup must never be ambiguous. Two
// cases are not ambiguous. A name the rules dropped whose Spanish, or
// whose English when the rules renamed it, is now a spelling of the name
// that replaced it or of another current name (English renamed Plains
// while Spanish kept Llanura): the lookup finds the current name
// (names.DatedIndex gives a spelling to the current value), and data
// written with the old English name still reads back, to the name that
// replaced it. And an English name of the rules that is the Spanish of
// another name (a supertype "legendaria" beside Legendary's Spanish
// Legendaria): a lookup in either language finds the English name, a
// Spanish type line the Spanish one (names.DatedIndex, the senses of
// names.BuildVocabulary).
func (l List) checkSpellings() error {
	type claim struct {
		v       int
		spanish bool
	}
	claims := map[string][]claim{}
	for i, v := range l.Values {
		for j, sp := range append([]string{v.EN, v.ES}, v.Forms...) {
			if sp != "" {
				k := strings.ToLower(strings.ReplaceAll(sp, "'", "’"))
				claims[k] = append(claims[k], claim{i, j > 0})
			}
		}
	}
	for k, cs := range claims {
		for _, a := range cs {
			for _, b := range cs {
				if a.v >= b.v {
					continue
				}
				va, vb := l.Values[a.v], l.Values[b.v]
				if passes(va, vb, a.spanish) || passes(vb, va, b.spanish) || englishOverTranslation(va, a.spanish, vb, b.spanish) {
					continue
				}
				return fmt.Errorf("%s list: %q and %q both read as %q: a lookup would be ambiguous", l.Noun, va.EN, vb.EN, k)
			}
		}
	}
	return nil
}

// passes reports whether a spelling of gone may read as the current name
// cur: gone was dropped, and the spelling is its Spanish, or its English
// and cur replaced it.
func passes(gone, cur Value, spanish bool) bool {
	return gone.Removed != "" && cur.Removed == "" && (spanish || strings.EqualFold(gone.ReplacedBy, cur.EN))
}

// englishOverTranslation reports whether one of two spellings is the
// English name of a current value and the other a translation: the
// English name keeps the spelling.
func englishOverTranslation(va Value, aSpanish bool, vb Value, bSpanish bool) bool {
	return !aSpanish && bSpanish && va.Removed == "" || !bSpanish && aSpanish && vb.Removed == ""
}
