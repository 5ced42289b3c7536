package mana_test

import (
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
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
