package typeline_test

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

// Each language prints subtypes in its own order: Spanish creature types
// in the reverse of the English order, the later ones in lower case; other
// subtypes in the English order, but for a name Spanish writes as a
// complement ("de Urza"), which follows the one it qualifies. A Face holds
// the English order whatever the line's language; Format and Translate
// write each language's.
func TestSubtypeOrder(t *testing.T) {
	es := typeline.Options{Lang: typeline.Spanish}
	t.Run("creature types reverse", func(t *testing.T) {
		criatura := picks.CardTypeFor(t, subtype.CategoryCreature, true)
		human := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
		warrior := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES, human)
		english := criatura.String() + " — " + human.String() + " " + warrior.String()
		spanish := criatura.Spanish() + " — " + warrior.Spanish() + " " + lowerFirst(human.Spanish())
		checkTranslation(t, english, spanish)
		// Read from a Spanish line, the face holds the English order.
		tl, err := es.Parse(strings.ToUpper(spanish))
		if err != nil || tl.Faces[0].Subtypes[0] != human || tl.Faces[0].Subtypes[1] != warrior {
			t.Errorf("%q holds %v, %v", strings.ToUpper(spanish), tl, err)
		}
	})
	t.Run("other subtypes keep the order", func(t *testing.T) {
		tierra := picks.CardTypeFor(t, subtype.CategoryLand, true)
		basic := subtype.BasicLandValues()
		if len(basic) < 2 || basic[0].Spanish() == "" || basic[1].Spanish() == "" {
			t.Skip("fewer than two basic land types named in Spanish")
		}
		english := tierra.String() + " — " + basic[0].String() + " " + basic[1].String()
		spanish := tierra.Spanish() + " — " + basic[0].Spanish() + " " + lowerFirst(basic[1].Spanish())
		checkTranslation(t, english, spanish)
	})
	t.Run("a complement follows its noun", func(t *testing.T) {
		tierra := picks.CardTypeFor(t, subtype.CategoryLand, true)
		owner := picks.Subtype(t, subtype.CategoryLand, "written in Spanish as a complement (de …)", func(s subtype.Subtype) bool {
			return strings.HasPrefix(s.Spanish(), "de ")
		})
		place := picks.Subtype(t, subtype.CategoryLand, "named in Spanish", func(s subtype.Subtype) bool {
			return s.Spanish() != "" && !strings.HasPrefix(s.Spanish(), "de ")
		}, owner)
		english := tierra.String() + " — " + owner.String() + " " + place.String()
		spanish := tierra.Spanish() + " — " + place.Spanish() + " " + owner.Spanish()
		checkTranslation(t, english, spanish)
	})
	t.Run("proper names keep their capitals", func(t *testing.T) {
		walkers := picks.Current(subtype.CategoryPlaneswalker)
		var named []subtype.Subtype
		for _, w := range walkers {
			if w.Spanish() != "" {
				named = append(named, w)
			}
		}
		if len(named) < 2 {
			t.Skip("fewer than two planeswalker types named in Spanish")
		}
		f := typeline.Face{CardTypes: []cardtype.CardType{picks.CardTypeFor(t, subtype.CategoryPlaneswalker, false)}, Subtypes: named[:2]}
		if got := f.Format(typeline.Spanish); !strings.HasSuffix(got, " "+named[0].Spanish()+" "+named[1].Spanish()) {
			t.Errorf("%v in Spanish is %q", f, got)
		}
	})
}

// checkTranslation checks that english and spanish translate into each
// other, each from either case and through Either, and that each reads
// back as the same face.
func checkTranslation(t *testing.T, english, spanish string) {
	t.Helper()
	for _, tt := range []struct {
		o        typeline.Options
		line     string
		to       typeline.Lang
		want     string
		sameLang string
	}{
		{typeline.Options{}, english, typeline.Spanish, spanish, english},
		{typeline.Options{Lang: typeline.Spanish}, spanish, typeline.English, english, spanish},
		{typeline.Options{Lang: typeline.Either}, strings.ToLower(spanish), typeline.English, english, spanish},
		{typeline.Options{Lang: typeline.Either, Printed: true}, strings.ToLower(strings.Replace(english, " — ", " - ", 1)), typeline.Spanish, spanish, english},
	} {
		got, err := tt.o.Translate(tt.line, tt.to)
		if err != nil || got != tt.want {
			t.Errorf("Translate(%q, %s) = %q, %v; want %q", tt.line, tt.to, got, err, tt.want)
		}
		if same, err := tt.o.Translate(tt.line, tt.o.LangOf(tt.line)); err != nil || same != tt.sameLang {
			t.Errorf("Translate(%q) into its own language = %q, %v; want %q", tt.line, same, err, tt.sameLang)
		}
	}
	en, errEN := typeline.Parse(english, typeline.English)
	es, errES := typeline.Parse(spanish, typeline.Spanish)
	if errEN != nil || errES != nil || en.String() != es.String() || en.Format(typeline.Spanish) != spanish || es.String() != english {
		t.Errorf("%q and %q read as %v (%v) and %v (%v)", english, spanish, en, errEN, es, errES)
	}
}
