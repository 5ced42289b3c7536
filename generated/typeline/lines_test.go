package typeline_test

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/corpus"
)

// need skips the test unless the rules still list names in c.
func need(t *testing.T, c subtype.Category, names ...string) {
	t.Helper()
	corpus.Need(t, c.String()+" type", func(n string) bool { _, ok := subtype.Find(c, n); return ok }, names...)
}

func TestSpecificTypeLines(t *testing.T) {
	need(t, subtype.CategoryCreature, "Dryad", "God", "Goblin", "Time Lord", "Doctor", "Elf", "Human", "Rogue", "Phyrexian", "Faerie", "Warrior", "Nightstalker")
	need(t, subtype.CategoryEnchantment, "Saga")
	need(t, subtype.CategoryPlanar, "Bolas’s Meditation Realm", "Serra’s Realm")
	need(t, subtype.CategorySpell, "Adventure")
	for _, tt := range []struct {
		line string
		lang typeline.Lang
		want string // "" for valid, else a substring of the error
	}{
		{"Land Creature — Forest Dryad", typeline.English, ""},
		{"Creature — Forest", typeline.English, `rule 205.3d: "Forest" is a land type`},
		{"Legendary Enchantment Creature — God", typeline.English, ""},
		{"Basic Snow Land — Forest", typeline.English, ""},
		{"Enchantment Land — Urza's Saga", typeline.English, ""},
		{"Land — Urza’s Power-Plant", typeline.English, ""},
		{"Kindred Instant — Goblin", typeline.English, ""},
		{"Tribal Instant — Goblin", typeline.English, `"Tribal" is no longer a card type: the rules dropped Tribal from rule 205.2a in the release of 2024-07-30 and renamed it Kindred`},
		{"Creature — Time Lord Doctor", typeline.English, ""},
		{"Creature — Donkey", typeline.English, `"Donkey" is not a creature type, nor a subtype of any category`},
		{"Plane — Bolas’s Meditation Realm", typeline.English, ""},
		{"Plane — Serra's Realm", typeline.English, ""},
		{"Plane — Bolas’s Realm", typeline.English, "is not a planar type"},
		{"Dungeon — Undercity", typeline.English, ""},
		{"Battle — Siege", typeline.English, ""},
		{"Creature — Goblin Goblin", typeline.English, "appears twice"},
		{"Creature Legendary — Elf", typeline.English, "English type lines print supertypes before card types"},
		{"creature — elf", typeline.English, ""},
		{"CREATURE — TIME LORD", typeline.English, ""},
		{"Creature - Elf", typeline.English, `"-" stands where the long dash "—" belongs`},
		{"Creature\x97Elf", typeline.English, "byte 0x97 at offset 8 is the long dash of Windows-1252"},
		{"Creature — Elf\xff", typeline.English, "byte 0xff at offset 16 is not UTF-8"},
		{"Creature — Human Rogue // Creature — Phyrexian Rogue", typeline.English, ""},
		{"Creature — Faerie // Sorcery — Adventure", typeline.English, ""},
		{"Creature — Faerie // Sorcery — Goblin", typeline.English, "face 2: rule 205.3d"},
		{"Legendary — Elf", typeline.English, "no card type"},
		{"Creature —", typeline.English, "nothing after the dash"},
		{"Creature—Elf", typeline.English, "long dash must have a space"},
		{"Creature — Cephalid", typeline.English, `"Cephalid" is no longer a creature type: the rules dropped Cephalid from rule 205.3m in the release of 2024-07-30`},
		{"Criatura — Elfo", typeline.English, `"Criatura" is Spanish (the card type Creature), but the line is read as English`},
		{"Creature — Señor del Tiempo", typeline.English, `"Señor del Tiempo" is Spanish (the creature type Time Lord)`},
		{"Criatura — Humano guerrero", typeline.Spanish, ""},
		{"criatura legendaria — humano guerrero", typeline.Spanish, ""},
		{"Legendaria criatura — Señor del Tiempo Doctor", typeline.Spanish, ""},
		{"Tierra básica nevada — Bosque", typeline.Spanish, ""},
		{"Encantamiento Tierra — de Urza Saga", typeline.Spanish, ""},
		{"Criatura — Bosque", typeline.Spanish, `"Bosque" is a land type`},
		{"Artefacto — Piedra de poder", typeline.Spanish, ""},
		{"Criatura — Acechador nocturno", typeline.Spanish, ""},
		{"Batalla — Asedio", typeline.Spanish, ""},
		{"Creature — Elf", typeline.Spanish, `"Creature" is English (the card type Creature), but the line is read as Spanish`},
		{"Planeswalker legendario — Jace", typeline.Spanish, ""},
	} {
		check(t, tt.line, tt.lang, tt.want)
	}
	// A card type of 205.3r, whose cards have no subtypes: whichever the
	// rules list today (a rules update may rename one).
	for _, ct := range []string{"Phenomenon", "Scheme", "Vanguard", "Conspiracy"} {
		if _, ok := cardtype.FindCardType(ct); ok {
			check(t, ct, typeline.English, "")
			check(t, ct+" — Chaos", typeline.English, "has no subtypes")
			return
		}
	}
	t.Error("the rules list none of the card types without subtypes this test knows: teach it the new one")
}

// check validates line: want is "" for a valid line, else a part of the
// error.
func check(t *testing.T, line string, lang typeline.Lang, want string) {
	t.Helper()
	err := typeline.Validate(line, lang)
	switch {
	case want == "" && err != nil:
		t.Errorf("%q: %v", line, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("%q: error %v, want %q", line, err, want)
	}
}

// The same Spanish word is a creature type on a creature and an
// enchantment type on an enchantment.
func TestSagaDependsOnCardType(t *testing.T) {
	need(t, subtype.CategoryCreature, "Hag")
	need(t, subtype.CategoryEnchantment, "Saga", "Class")
	for line, want := range map[string]string{"Criatura — Saga": "Hag", "Encantamiento — Saga": "Saga", "Encantamiento — Saga Clase": "Saga Class"} {
		tl, err := typeline.Parse(line, typeline.Spanish)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range tl.Faces[0].Subtypes {
			got = append(got, s.String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s → %v, want %s", line, got, want)
		}
	}
}

// A parsed line prints back as the rules spell it, in either language,
// and that reads back as the same line.
func TestFormatRoundTrip(t *testing.T) {
	need(t, subtype.CategoryCreature, "Human", "Warrior")
	for _, tt := range []struct {
		in, en, es string
		lang       typeline.Lang
	}{
		{"criatura legendaria — humano guerrero", "Legendary Creature — Human Warrior", "Criatura legendaria — Humano Guerrero", typeline.Spanish},
		{"basic snow land — forest", "Basic Snow Land — Forest", "Tierra básica nevada — Bosque", typeline.English},
		{"Artifact Creature — Human Warrior // Instant", "Artifact Creature — Human Warrior // Instant", "Criatura artefacto — Humano Guerrero // Instantáneo", typeline.English},
	} {
		tl, err := typeline.Parse(tt.in, tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		if tl.String() != tt.en || tl.Format(typeline.Spanish) != tt.es {
			t.Errorf("%q → %q / %q, want %q / %q", tt.in, tl.String(), tl.Format(typeline.Spanish), tt.en, tt.es)
		}
		for lang, s := range map[typeline.Lang]string{typeline.English: tl.String(), typeline.Spanish: tl.Format(typeline.Spanish)} {
			back, err := typeline.Parse(s, lang)
			if err != nil || back.String() != tl.String() {
				t.Errorf("%q (%s) reads back as %v, %v", s, lang, back, err)
			}
		}
	}
}
