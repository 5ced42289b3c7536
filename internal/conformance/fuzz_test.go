package conformance

import (
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/typeline"
)

func FuzzManaCost(f *testing.F) {
	for _, s := range []string{"{2}{W/U}{G/P}", "2WW", "{HW}", "{1000000}", "{u/w}", "x1{2/w}", "{W/U/P}{S}{C/G}", "", "{", "}{", "{0}", "{01}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, err := mana.ParseCost(s); err == nil {
			back, err := mana.ParseCost(c.String())
			if err != nil || back != c || c.String() != s {
				t.Errorf("strict %q: canonical %q does not round-trip (%v)", s, c.String(), err)
			}
			if c.ManaValue() < 0 {
				t.Errorf("%q: negative mana value", s)
			}
		}
		if c, err := mana.ParseCostLenient(s); err == nil {
			back, err := mana.ParseCost(c.String())
			if err != nil || back != c {
				t.Errorf("lenient %q: canonical %q is not strict CR notation (%v)", s, c.String(), err)
			}
			again, err := mana.ParseCostLenient(c.String())
			if err != nil || again != c {
				t.Errorf("lenient %q: canonical form is not a fixed point", s)
			}
		}
	})
}

func FuzzTypeLine(f *testing.F) {
	for _, s := range []string{
		"Legendary Creature — Time Lord Doctor", "Land Creature — Forest Dryad", "Creature — Forest",
		"Creature — Human Rogue // Creature — Phyrexian Rogue", "Plane — Bolas’s Meditation Realm",
		"criatura legendaria — humano guerrero", "Encantamiento — Saga", " — ", " // ", "Creature —", "—",
	} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, spanish bool) {
		lang := typeline.English
		if spanish {
			lang = typeline.Spanish
		}
		verr := typeline.Validate(s, lang)
		tl, perr := typeline.Parse(s, lang)
		if (verr == nil) != (perr == nil) {
			t.Fatalf("%q: Validate %v, Parse %v", s, verr, perr)
		}
		if perr == nil {
			for _, face := range tl.Faces {
				if len(face.CardTypes) == 0 {
					t.Errorf("%q: accepted a face without card types", s)
				}
			}
		} else if perr.Error() == "" {
			t.Errorf("%q: empty error", s)
		}
	})
}
