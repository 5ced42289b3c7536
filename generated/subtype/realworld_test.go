package subtype_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/picks"
)

// accented returns a current creature type whose Spanish name has a
// letter that decomposes (ñ, í), with that name; the test skips when the
// Spanish page names none yet.
func accented(t *testing.T) (subtype.Creature, string) {
	t.Helper()
	for _, c := range subtype.CreatureValues() {
		if es := c.Spanish(); norm.NFD.String(es) != es {
			return c, es
		}
	}
	t.Skip("no current creature type has a Spanish name with an accented letter")
	return 0, ""
}

// Names as real-world text brings them: decomposed (a ñ typed on macOS
// is n + U+0303), or with what cannot be seen, which messages show.
func TestRealWorldNames(t *testing.T) {
	t.Run("decomposed", func(t *testing.T) {
		want, es := accented(t)
		nfd := norm.NFD.String(es)
		if got, err := subtype.ParseCreature(nfd); err != nil || got != want {
			t.Errorf("ParseCreature(%+q) = %v, %v; want %v", nfd, got, err, want)
		}
		if got, ok := subtype.FindCreature(nfd); !ok || got != want {
			t.Errorf("FindCreature(%+q) = %v, %v", nfd, got, ok)
		}
		if got, ok := subtype.Find(subtype.CategoryCreature, nfd); !ok || got != want.Subtype() {
			t.Errorf("Find(creature, %+q) = %v, %v", nfd, got, ok)
		}
		var c subtype.Creature
		if err := c.UnmarshalText([]byte(nfd)); err != nil || c != want {
			t.Errorf("UnmarshalText(%+q) = %v, %v", nfd, c, err)
		}
	})
	t.Run("decomposed card type", func(t *testing.T) {
		for _, ct := range cardtype.CardTypeValues() {
			es := ct.Spanish()
			if nfd := norm.NFD.String(es); nfd != es {
				if got, err := cardtype.ParseCardType(nfd); err != nil || got != ct {
					t.Errorf("ParseCardType(%+q) = %v, %v; want %v", nfd, got, err, ct)
				}
				return
			}
		}
		t.Skip("no current card type has a Spanish name with an accented letter")
	})
	// What cannot be seen is shown in the message, wherever it stands:
	// in a name (any name: the input is refused either way), or in a
	// word no list has, decomposed, its mark shown.
	t.Run("shown", func(t *testing.T) {
		name := subtype.CreatureValues()[0].String()
		for _, c := range subtype.CreatureValues() {
			if strings.Contains(c.String(), " ") {
				name = c.String()
			}
		}
		_, size := utf8.DecodeRuneInString(name)
		spaced := strings.Replace(name, " ", "\u00a0", 1)
		if spaced == name {
			spaced = name[:size] + "\u00a0" + name[size:]
		}
		unknown := picks.Absent("Sen\u0303orx")
		for in, shown := range map[string]string{
			name[:size] + "\u200b" + name[size:]: `"` + name[:size] + `\u200b` + name[size:] + `"`,
			spaced:                               `"` + strings.ReplaceAll(spaced, "\u00a0", `\u00a0`) + `"`,
			unknown:                              `"` + picks.EscapeMarks(unknown) + `"`,
		} {
			_, err := subtype.ParseCreature(in)
			if err == nil || !strings.Contains(err.Error(), shown) {
				t.Errorf("ParseCreature(%+q): %v, want the input shown as %s", in, err, shown)
			}
		}
	})
}

// A name already in NFC costs nothing more: hits and misses, ASCII or
// not, allocate nothing.
func TestNFCFastPathAllocatesNothing(t *testing.T) {
	inputs := []string{picks.Absent("Nope"), picks.Absent("Señorx"), picks.Absent("Dríadax")}
	for _, c := range subtype.CreatureValues() {
		if len(inputs) > 12 {
			break
		}
		inputs = append(inputs, c.String(), strings.ToLower(c.String()))
		if es := c.Spanish(); es != "" && norm.NFD.String(es) != es {
			inputs = append(inputs, es)
		}
	}
	for _, s := range inputs {
		if n := testing.AllocsPerRun(100, func() { subtype.FindCreature(s) }); n != 0 {
			t.Errorf("FindCreature(%q): %v allocations", s, n)
		}
	}
}
