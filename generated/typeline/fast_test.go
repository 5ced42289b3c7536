package typeline

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/internal/data"
)

// fullValid is the verdict of the full reading alone, without the fast
// path in front of it; fullError its error.
func fullValid(o Options, line string) bool {
	p := parser{Options: o, quiet: true}
	return p.run(line, nil) == nil || p.reread(line, nil, errQuiet) == nil
}

func fullError(o Options, line string) error {
	p := parser{Options: o}
	if err := p.run(line, nil); err != nil {
		return p.reread(line, nil, err)
	}
	return nil
}

// vocabularyLines are English lines built from the tables: every current
// card type alone and after every supertype; every current subtype after
// each card type whose subtypes its category lists, alone, twice, beside
// another, in lower case and with the straight apostrophe; and the
// removed names in the same places.
func vocabularyLines() []string {
	var lines []string
	var cardTypes []string
	for _, e := range data.CardTypes.List {
		if e.Removed == "" {
			cardTypes = append(cardTypes, e.EN)
		}
		lines = append(lines, e.EN, "Legendary "+e.EN, e.EN+" Legendary", e.EN+" "+e.EN, e.EN+" — ", e.EN+" —", strings.ToLower(e.EN))
		for _, st := range data.Supertypes.List {
			lines = append(lines, st.EN+" "+e.EN, st.EN+" "+st.EN+" "+e.EN)
		}
	}
	for ci, c := range data.Categories {
		var on []string
		for _, v := range c.CardTypes {
			on = append(on, data.CardTypes.List[v-1].EN)
		}
		other := data.Categories[(ci+1)%len(data.Categories)].Table.List[0].EN
		for j, e := range c.Table.List {
			next := c.Table.List[(j+1)%len(c.Table.List)].EN
			for _, t := range on {
				lines = append(lines,
					t+" — "+e.EN, t+" — "+e.EN+" "+e.EN, t+" — "+e.EN+" "+next, t+" — "+e.EN+" "+other,
					strings.ToLower(t+" — "+e.EN), strings.ReplaceAll(t+" — "+e.EN, "’", "'"),
					t+"  —  "+e.EN+"  ", "Legendary "+t+" — "+e.EN+" // "+t+" — "+next,
					t+" - "+e.EN, t+"—"+e.EN, t+" — "+e.ES)
			}
			lines = append(lines, cardTypes[j%len(cardTypes)]+" — "+e.EN)
		}
	}
	return lines
}

// The fast path decides only what the full reading would: every line it
// accepts, the full reading accepts, in both modes; and it accepts the
// common lines, or it would be no fast path.
func TestFastPathAgrees(t *testing.T) {
	lines := append(vocabularyLines(),
		"Legendary Creature — Human Wizard", "Creature — Time Lord Doctor", "Plane — Ravnica", "Artifact Creature — Assembly-Worker",
		"Creature — Elf Elf", "Creature Legendary — Elf", "Kindred Instant — Elf", "Tribal Instant — Elf", "Creature — Forest",
		"Criatura — Elfo", "Snow Land — Forest Forest", "Basic Land — Forest // Basic Land — Island", "Creature — Elf //",
		"Enchantment — Aura Curse", "Instant — Arcane Adventure", "Land — Urza’s Power-Plant", "Land — Urza's Tower")
	accepted := 0
	for _, l := range lines {
		fast := fastValid(l)
		for _, o := range []Options{{Lang: English}, {Lang: English, Printed: true}} {
			if fast && !fullValid(o, l) {
				t.Errorf("the fast path accepts %q, which the full reading (printed %v) rejects: %v", l, o.Printed, fullError(o, l))
			}
		}
		if fast {
			accepted++
		}
	}
	for _, l := range []string{"Legendary Creature — Human Wizard", "Basic Snow Land — Forest", "Instant", "Artifact Creature — Assembly-Worker",
		"Land — Urza’s Power-Plant", "land — urza's tower", "Enchantment — Aura Curse", "Basic Land — Forest // Basic Land — Island"} {
		if !fastValid(l) {
			t.Errorf("the fast path leaves %q, a line spelled as the rules spell it, to the full reading", l)
		}
	}
	for _, l := range []string{"Creature — Time Lord", "Plane — Ravnica", "Criatura — Elfo", "Creature — Elf Elf", "Creature Legendary — Elf", "Tribal Instant — Elf"} {
		if fastValid(l) {
			t.Errorf("the fast path decides %q, which it must leave to the full reading", l)
		}
	}
	t.Logf("the fast path accepts %d of %d lines built from the tables", accepted, len(lines))
}

// The fast path allocates nothing.
func TestFastPathAllocations(t *testing.T) {
	if n := testing.AllocsPerRun(20, func() { fastValid("Legendary Artifact Creature — Human Wizard") }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func FuzzFastPath(f *testing.F) {
	for _, l := range vocabularyLines()[:200] {
		f.Add(l)
	}
	f.Add("Creature — Elf // Creature — Elf")
	f.Add("Legendary  Creature —  Elf ")
	f.Fuzz(func(t *testing.T, line string) {
		if !fastValid(line) {
			return
		}
		for _, o := range []Options{{Lang: English}, {Lang: English, Printed: true}} {
			if !fullValid(o, line) {
				t.Errorf("the fast path accepts %q, which the full reading (printed %v) rejects: %v", line, o.Printed, fullError(o, line))
			}
		}
	})
}
