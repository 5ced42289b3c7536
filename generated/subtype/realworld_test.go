package subtype_test

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

// Names as real-world text brings them: decomposed (a ñ typed on macOS
// is n + U+0303), or with what cannot be seen, which messages show.
func TestRealWorldNames(t *testing.T) {
	want, ok := subtype.FindCreature("Señor del Tiempo")
	if !ok {
		t.Skip("the rules no longer list Time Lord (Señor del Tiempo), which this test reads")
	}
	nfd := "Sen\u0303or del Tiempo"
	if got, err := subtype.ParseCreature(nfd); err != nil || got != want {
		t.Errorf("ParseCreature(NFD) = %v, %v", got, err)
	}
	if got, ok := subtype.FindCreature(nfd); !ok || got != want {
		t.Errorf("FindCreature(NFD) = %v, %v", got, ok)
	}
	if got, ok := subtype.Find(subtype.CategoryCreature, nfd); !ok || got != want.Subtype() {
		t.Errorf("Find(creature, NFD) = %v, %v", got, ok)
	}
	var c subtype.Creature
	if err := c.UnmarshalText([]byte(nfd)); err != nil || c != want {
		t.Errorf("UnmarshalText(NFD) = %v, %v", c, err)
	}
	if ct, err := cardtype.ParseCardType("Instanta\u0301neo"); err != nil || ct != cardtype.Instant {
		t.Errorf("ParseCardType(NFD Instantáneo) = %v, %v", ct, err)
	}
	for in, shown := range map[string]string{
		"Señor\u200b del Tiempo": `"Señor\u200b del Tiempo"`,
		"Señor\u00a0del Tiempo":  `"Señor\u00a0del Tiempo"`,
		"Sen\u0303orx":           `"Sen\u0303orx"`,
	} {
		_, err := subtype.ParseCreature(in)
		if err == nil || !strings.Contains(err.Error(), shown) {
			t.Errorf("ParseCreature(%q): %v, want the input shown as %s", in, err, shown)
		}
	}
}

// A name already in NFC costs nothing more: hits and misses, ASCII or
// not, allocate nothing.
func TestNFCFastPathAllocatesNothing(t *testing.T) {
	for _, s := range []string{"Goblin", "goblin", "Señor del Tiempo", "Trasgo", "Nope", "Señorx", "Dríadax"} {
		if n := testing.AllocsPerRun(100, func() { subtype.FindCreature(s) }); n != 0 {
			t.Errorf("FindCreature(%q): %v allocations", s, n)
		}
	}
}
