package typeline

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
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

// vocabularyLines are lines of lang built from the tables: every card
// type alone, twice, beside every supertype on either side; every subtype
// after each card type whose subtypes its category lists, alone, twice,
// beside another, in lower case and with the straight apostrophe, with
// each dash, in the other language; removed names in the same places.
func vocabularyLines(lang Lang) []string {
	name := func(e *enum.Entry) string {
		if lang == Spanish {
			return e.ES
		}
		return e.EN
	}
	other := func(e *enum.Entry) string {
		if lang == Spanish {
			return e.EN
		}
		return e.ES
	}
	var lines []string
	var cardTypes []string
	for i := range data.CardTypes.List {
		e := &data.CardTypes.List[i]
		if e.Removed == "" {
			cardTypes = append(cardTypes, name(e))
		}
		t := name(e)
		lines = append(lines, t, t+" "+t, t+" — ", t+" —", strings.ToLower(t))
		for j := range data.Supertypes.List {
			st := name(&data.Supertypes.List[j])
			lines = append(lines, st+" "+t, t+" "+st, st+" "+st+" "+t)
		}
	}
	for ci, c := range data.Categories {
		var on []string
		for _, v := range c.CardTypes {
			on = append(on, name(&data.CardTypes.List[v-1]))
		}
		next := data.Categories[(ci+1)%len(data.Categories)].Table
		for j := range c.Table.List {
			e := &c.Table.List[j]
			st, after, elsewhere := name(e), name(&c.Table.List[(j+1)%len(c.Table.List)]), name(&next.List[0])
			for _, t := range on {
				lines = append(lines,
					t+" — "+st, t+" — "+st+" "+st, t+" — "+st+" "+after, t+" — "+st+" "+elsewhere,
					strings.ToLower(t+" — "+st), strings.ReplaceAll(t+" — "+st, "’", "'"),
					t+"  —  "+st+"  ", t+" — "+st+" // "+t+" — "+after,
					t+" - "+st, t+"—"+st, t+" — "+other(e))
			}
			lines = append(lines, cardTypes[j%len(cardTypes)]+" — "+st)
		}
	}
	return lines
}

// The fast path decides only what the full reading would: every line it
// accepts, the full reading accepts, in both modes; and it accepts the
// common lines, or it would be no fast path.
func TestFastPathAgrees(t *testing.T) {
	extra := map[Lang][]string{
		English: {"Legendary Creature — Human Wizard", "Creature — Time Lord Doctor", "Plane — Ravnica", "Artifact Creature — Assembly-Worker",
			"Creature — Elf Elf", "Creature Legendary — Elf", "Kindred Instant — Elf", "Tribal Instant — Elf", "Creature — Forest",
			"Criatura — Elfo", "Snow Land — Forest Forest", "Basic Land — Forest // Basic Land — Island", "Creature — Elf //",
			"Enchantment — Aura Curse", "Instant — Arcane Adventure", "Land — Urza’s Power-Plant", "Land — Urza's Tower"},
		Spanish: {"Criatura legendaria — Elfo guerrero", "Criatura — Señor del Tiempo", "Criatura — Dríada", "Creature — Elf",
			"Criatura artefacto — Elfo", "Tierra básica — Bosque", "Criatura — Elfo // Conjuro"},
	}
	for _, lang := range []Lang{English, Spanish} {
		lines := append(vocabularyLines(lang), extra[lang]...)
		accepted := 0
		for _, l := range lines {
			fast := fastRead(l, lang) == fastValid
			for _, o := range []Options{{Lang: lang}, {Lang: lang, Printed: true}} {
				if fast && !fullValid(o, l) {
					t.Errorf("the fast path accepts %q, which the full reading (%v, printed %v) rejects: %v", l, lang, o.Printed, fullError(o, l))
				}
			}
			if fast {
				accepted++
			}
		}
		if accepted < len(lines)/4 {
			t.Errorf("the fast path accepts only %d of %d %v lines built from the tables", accepted, len(lines), lang)
		}
		t.Logf("%v: the fast path accepts %d of %d lines built from the tables", lang, accepted, len(lines))
	}
	for _, l := range []string{"Legendary Creature — Human Wizard", "Basic Snow Land — Forest", "Instant", "Artifact Creature — Assembly-Worker",
		"Land — Urza’s Power-Plant", "land — urza's tower", "Enchantment — Aura Curse", "Basic Land — Forest // Basic Land — Island"} {
		if fastRead(l, English) != fastValid {
			t.Errorf("the fast path leaves %q, a line spelled as the rules spell it, to the full reading", l)
		}
	}
	for _, l := range []string{"Creature — Time Lord", "Plane — Ravnica", "Criatura — Elfo", "Creature — Elf Elf", "Creature Legendary — Elf", "Tribal Instant — Elf"} {
		if fastRead(l, English) == fastValid {
			t.Errorf("the fast path decides %q, which it must leave to the full reading", l)
		}
	}
	for _, l := range []string{"Creature — Elf", "Criatura — Señor del Tiempo"} {
		if fastRead(l, Spanish) == fastValid {
			t.Errorf("the fast path decides the Spanish line %q, which it must leave to the full reading", l)
		}
	}
}

// A word the fast path misses for a combining mark sends the line to its
// NFC reading at once; any other miss leaves it to the full reading.
func TestFastPathDecomposed(t *testing.T) {
	for line, want := range map[string]fastVerdict{
		"Criatura — Sen\u0303or del Tiempo": fastDecomposed,
		"Criatura\u0301 — Elfo":             fastDecomposed,
		"Criatura — Elfox":                  fastUnsure,
		"Criatura — Elfo":                   fastValid,
	} {
		if got := fastRead(line, Spanish); got != want {
			t.Errorf("fastRead(%+q) = %d, want %d", line, got, want)
		}
	}
}

// The fast path allocates nothing.
func TestFastPathAllocations(t *testing.T) {
	if n := testing.AllocsPerRun(20, func() { fastRead("Legendary Artifact Creature — Human Wizard", English) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func FuzzFastPath(f *testing.F) {
	for _, lang := range []Lang{English, Spanish} {
		for _, l := range vocabularyLines(lang)[:200] {
			f.Add(l, lang == Spanish)
		}
	}
	f.Add("Creature — Elf // Creature — Elf", false)
	f.Add("Legendary  Creature —  Elf ", false)
	f.Fuzz(func(t *testing.T, line string, spanish bool) {
		lang := English
		if spanish {
			lang = Spanish
		}
		if fastRead(line, lang) != fastValid {
			return
		}
		for _, o := range []Options{{Lang: lang}, {Lang: lang, Printed: true}} {
			if !fullValid(o, line) {
				t.Errorf("the fast path accepts %q, which the full reading (%v, printed %v) rejects: %v", line, lang, o.Printed, fullError(o, line))
			}
		}
	})
}
