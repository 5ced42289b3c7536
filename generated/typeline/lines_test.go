package typeline_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

// English lines, built from names the rules list today.
func TestSpecificTypeLines(t *testing.T) {
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	land := picks.CardTypeFor(t, subtype.CategoryLand, false)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain", picks.Plain)
	rogue := picks.Subtype(t, subtype.CategoryCreature, "plain", picks.Plain, elf)
	forest := picks.Subtype(t, subtype.CategoryLand, "plain", picks.Plain)
	legendary := picks.Supertype(t, false)
	snow := picks.Supertype(t, false, legendary)
	ct, c, r := creature.String(), elf.String(), rogue.String()
	for _, tt := range []struct {
		line string
		want string // "" for valid, else a substring of the error
	}{
		{land.String() + " " + ct + " — " + forest.String() + " " + c, ""},
		{legendary.String() + " " + land.String() + " " + ct + " — " + c, ""},
		{legendary.String() + " " + snow.String() + " " + land.String() + " — " + forest.String(), ""},
		{ct + " — " + forest.String(), `rule 205.3d: "` + forest.String() + `" is a land type`},
		{ct + " — " + c + " " + r, ""},
		{strings.ToLower(ct + " — " + c + " " + r), ""},
		{strings.ToUpper(ct + " — " + c), ""},
		{ct + " — " + c + " " + c, "appears twice"},
		{ct + " " + legendary.String() + " — " + c, "English type lines print supertypes before card types"},
		{ct + " - " + c, `"-" stands where the long dash "—" belongs`},
		{ct + "\x97" + c, "byte 0x97 at offset " + strconv.Itoa(len(ct)) + " is the long dash of Windows-1252"},
		{ct + " — " + c + "\xff", "byte 0xff at offset " + strconv.Itoa(len(ct+" — "+c)) + " is not UTF-8"},
		// Faces are read apart: the second may repeat a subtype of the first.
		{ct + " — " + c + " " + r + " // " + ct + " — " + r, ""},
		{legendary.String() + " — " + c, "no card type"},
		{ct + " —", "nothing after the dash"},
		{ct + "—" + c, "long dash must have a space"},
		{ct + " — " + absent("Donkey"), `"` + absent("Donkey") + `" is not a creature type, nor a subtype of any category`},
	} {
		check(t, tt.line, typeline.English, tt.want)
	}
	// A name the rules dropped says when, and what replaced it; the names
	// are the data's, which a later release may list again.
	t.Run("removed card type", func(t *testing.T) {
		gone := removedCardType(t)
		release, _ := gone.Removed()
		want := `"` + gone.String() + `" is no longer a card type: ` + gone.String() + ` was removed from rule ` + cardtype.CardType(0).Rule() + ` in the release of ` + release
		if next, ok := gone.ReplacedBy(); ok {
			want += ", renamed " + next.String()
		}
		checkRemoved(t, gone.String()+" "+ct+" — "+c, gone.String(), want)
	})
	t.Run("removed creature type", func(t *testing.T) {
		gone := removedCreature(t)
		release, _ := gone.Removed()
		want := `"` + gone.String() + `" is no longer ` + enum.Article(subtype.CategoryCreature.String()+" type") + `: ` + gone.String() + ` was removed from rule ` + subtype.CategoryCreature.Rule() + ` in the release of ` + release
		if next, ok := gone.ReplacedBy(); ok {
			want += ", renamed " + next.String()
		}
		checkRemoved(t, ct+" — "+c+" "+gone.String(), gone.String(), want)
	})
	t.Run("several faces", func(t *testing.T) {
		spell := picks.Subtype(t, subtype.CategorySpell, "plain", picks.Plain)
		sorcery := picks.CardTypeFor(t, subtype.CategorySpell, false)
		check(t, ct+" — "+c+" // "+sorcery.String()+" — "+spell.String(), typeline.English, "")
		check(t, ct+" — "+c+" // "+sorcery.String()+" — "+c, typeline.English, "face 2: rule 205.3d")
	})
	t.Run("several words", func(t *testing.T) {
		timeLord := picks.Subtype(t, subtype.CategoryCreature, "of several words", func(s subtype.Subtype) bool {
			return picks.Only(s) && strings.Contains(s.String(), " ")
		})
		check(t, ct+" — "+timeLord.String()+" "+c, typeline.English, "")
		check(t, strings.ToUpper(ct+" — "+timeLord.String()), typeline.English, "")
	})
	t.Run("Spanish words", func(t *testing.T) {
		es := picks.CardTypeFor(t, subtype.CategoryCreature, true)
		if spelledIn(es.Spanish(), false) {
			t.Skipf("the Spanish %s is spelled as an English name", es.Spanish())
		}
		check(t, es.Spanish()+" — "+c, typeline.English, `"`+es.Spanish()+`" is Spanish (the card type `+es.String()+`), but the line is read as English`)
		lord := picks.Subtype(t, subtype.CategoryCreature, "named in Spanish otherwise than in English", func(s subtype.Subtype) bool {
			return s.Spanish() != "" && !spelledIn(s.Spanish(), false)
		})
		check(t, ct+" — "+lord.Spanish(), typeline.English, `"`+lord.Spanish()+`" is Spanish (the creature type `+lord.String()+`)`)
	})
	// A card type of 205.3r, whose cards have no subtypes: whichever the
	// rules list today.
	t.Run("no subtypes", func(t *testing.T) {
		for _, nt := range cardtype.CardTypeValues() {
			if len(subtype.For(nt)) == 0 {
				check(t, nt.String(), typeline.English, "")
				check(t, nt.String()+" — "+c, typeline.English, "has no subtypes")
				return
			}
		}
		t.Skip("every card type the rules list today has subtypes")
	})
}

// Every current name, after each card type whose subtypes its category
// lists, in both languages; names of several words and with apostrophes
// and hyphens as the rules print them and with the straight apostrophe.
func TestEveryCategoryLine(t *testing.T) {
	for _, c := range subtype.Categories() {
		names := picks.Current(c)
		for _, ct := range c.CardTypes() {
			if !ct.IsValid() {
				continue
			}
			types := withAnother(t, ct)
			en, es := typeline.Face{CardTypes: types}.Format(typeline.English), typeline.Face{CardTypes: types}.Format(typeline.Spanish)
			for i, s := range names {
				// Every name with a mark of its own; the first few others.
				if i >= 3 && !strings.ContainsAny(s.String(), " ’-") && !strings.ContainsAny(s.Spanish(), " ’-") {
					continue
				}
				check(t, en+" — "+s.String(), typeline.English, "")
				check(t, en+" — "+strings.ReplaceAll(s.String(), "’", "'"), typeline.English, "")
				if spanishNames(types) && s.Spanish() != "" {
					check(t, es+" — "+s.Spanish(), typeline.Spanish, "")
				}
			}
		}
	}
}

// spanishNames reports whether Spanish names every card type of types: a
// card type new to the rules has no Spanish name until its Spanish page
// comes, and a Spanish line cannot be built with it.
func spanishNames(types []cardtype.CardType) bool {
	for _, ct := range types {
		if ct.Spanish() == "" {
			return false
		}
	}
	return true
}

// withAnother is ct, and, when a face of ct alone breaks a rule of its
// own (a kindred card has another card type, 308.1), another current card
// type that can stand alone before it.
func withAnother(t *testing.T, ct cardtype.CardType) []cardtype.CardType {
	t.Helper()
	var e *typeline.Error
	if err := typeline.Validate(ct.String(), typeline.English); !errors.As(err, &e) || e.Cause != typeline.CauseKindred {
		return []cardtype.CardType{ct}
	}
	for _, o := range cardtype.CardTypeValues() {
		if o != ct && typeline.Validate(o.String(), typeline.English) == nil && typeline.Validate(o.String()+" "+ct.String(), typeline.English) == nil {
			return []cardtype.CardType{o, ct}
		}
	}
	t.Fatalf("no card type can stand beside %s", ct)
	return nil
}

// Spanish lines, built from names the Spanish page pairs today.
func TestSpecificSpanishTypeLines(t *testing.T) {
	criatura := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	tierra := picks.CardTypeFor(t, subtype.CategoryLand, true)
	humano := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	guerrero := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES, humano)
	bosque := picks.Subtype(t, subtype.CategoryLand, "plain and named in Spanish", picks.PlainES)
	legendaria := picks.Supertype(t, true)
	nevada := picks.Supertype(t, true, legendaria)
	cr, h, g := criatura.Spanish(), humano.Spanish(), guerrero.Spanish()
	for _, tt := range []struct {
		line string
		want string
	}{
		{cr + " — " + h + " " + strings.ToLower(g), ""},
		{strings.ToLower(cr + " " + feminine(legendaria) + " — " + h + " " + g), ""},
		{feminine(legendaria) + " " + strings.ToLower(cr) + " — " + h, ""},
		{tierra.Spanish() + " " + strings.ToLower(legendaria.Spanish()) + " " + strings.ToLower(nevada.Spanish()) + " — " + bosque.Spanish(), ""},
		{cr + " — " + bosque.Spanish(), `"` + bosque.Spanish() + `" is a land type`},
	} {
		check(t, tt.line, typeline.Spanish, tt.want)
	}
	t.Run("several words", func(t *testing.T) {
		lord := picks.Subtype(t, subtype.CategoryCreature, "named in Spanish with several words", func(s subtype.Subtype) bool {
			return picks.Only(s) && strings.Contains(s.Spanish(), " ")
		})
		check(t, cr+" — "+lord.Spanish()+" "+h, typeline.Spanish, "")
	})
	t.Run("English words", func(t *testing.T) {
		en := criatura
		if spelledIn(en.String(), true) {
			t.Skipf("the English %s is spelled as a Spanish name", en)
		}
		check(t, en.String()+" — "+humano.String(), typeline.Spanish, `"`+en.String()+`" is English (the card type `+en.String()+`), but the line is read as Spanish`)
	})
}

// checkRemoved validates line, which holds the removed name word: the
// error must blame word as removed and say want.
func checkRemoved(t *testing.T, line, word, want string) {
	t.Helper()
	check(t, line, typeline.English, want)
	var te *typeline.Error
	if err := typeline.Validate(line, typeline.English); !errors.As(err, &te) || te.Cause != typeline.CauseRemoved || te.Word != word {
		t.Errorf("%q: %#v, want the cause %v for %q", line, err, typeline.CauseRemoved, word)
	}
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

// The same Spanish word may be a name of two categories (Saga is the
// creature type Hag and the enchantment type Saga): a line reads it in
// the category of its card types.
func TestSpanishNameDependsOnCardType(t *testing.T) {
	for _, c := range subtype.Categories() {
		for _, s := range picks.Current(c) {
			es := s.Spanish()
			if es == "" {
				continue
			}
			for _, o := range subtype.Categories() {
				other, ok := subtype.Find(o, es)
				if o == c || !ok || !strings.EqualFold(other.Spanish(), es) {
					continue
				}
				ct, ot := spanishCardType(c, o), spanishCardType(o, c)
				if ct == 0 || ot == 0 {
					continue
				}
				for line, want := range map[string]subtype.Subtype{ct.Spanish() + " — " + es: s, ot.Spanish() + " — " + es: other} {
					tl, err := typeline.Parse(line, typeline.Spanish)
					if err != nil || len(tl.Faces[0].Subtypes) != 1 || tl.Faces[0].Subtypes[0] != want {
						t.Errorf("%s → %+v, %v; want %v", line, tl, err, want)
					}
				}
				return
			}
		}
	}
	t.Skip("no Spanish name of the current rules names subtypes of two categories")
}

// spanishCardType is a current card type with a Spanish name whose
// subtypes c lists and o does not.
func spanishCardType(c, o subtype.Category) cardtype.CardType {
	for _, ct := range c.CardTypes() {
		if ct.IsValid() && ct.Spanish() != "" && !o.Has(ct) {
			return ct
		}
	}
	return 0
}

// A parsed line prints back as the rules spell it, in either language,
// and that reads back as the same line.
func TestFormatRoundTrip(t *testing.T) {
	criatura := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	artefacto := picks.CardTypeFor(t, subtype.CategoryArtifact, true)
	tierra := picks.CardTypeFor(t, subtype.CategoryLand, true)
	humano := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	guerrero := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES, humano)
	bosque := picks.Subtype(t, subtype.CategoryLand, "plain and named in Spanish", picks.PlainES)
	legendaria := picks.Supertype(t, true)
	nevada := picks.Supertype(t, true, legendaria)
	instant := cardtype.CardTypeValues()[0]
	for _, ct := range cardtype.CardTypeValues() {
		if len(subtype.For(ct)) > 0 && ct.Spanish() != "" && ct != criatura && ct != artefacto {
			instant = ct
		}
	}
	subs := humano.String() + " " + guerrero.String()
	// Spanish prints creature types in the reverse order, the later ones
	// in lower case.
	subsES := guerrero.Spanish() + " " + lowerFirst(humano.Spanish())
	for _, tt := range []struct {
		in     string
		lang   typeline.Lang
		en     string
		es     string // "" where only the round trip is checked: Spanish supertypes agree with the noun
		prefix string // how the Spanish form starts
	}{
		{
			in:   strings.ToLower(criatura.Spanish() + " " + feminine(legendaria) + " — " + subsES),
			lang: typeline.Spanish, en: legendaria.String() + " " + criatura.String() + " — " + subs,
			prefix: criatura.Spanish() + " ",
		},
		{
			in:   strings.ToLower(legendaria.String() + " " + nevada.String() + " " + tierra.String() + " — " + bosque.String()),
			lang: typeline.English, en: legendaria.String() + " " + nevada.String() + " " + tierra.String() + " — " + bosque.String(),
			prefix: tierra.Spanish() + " ",
		},
		{
			in:   artefacto.String() + " " + criatura.String() + " — " + subs + " // " + instant.String(),
			lang: typeline.English, en: artefacto.String() + " " + criatura.String() + " — " + subs + " // " + instant.String(),
			// The noun first in Spanish: "Artifact Creature" is "Criatura artefacto".
			es: criatura.Spanish() + " " + strings.ToLower(artefacto.Spanish()) + " — " + subsES + " // " + instant.Spanish(),
		},
	} {
		tl, err := typeline.Parse(tt.in, tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		es := tl.Format(typeline.Spanish)
		if tl.String() != tt.en || tt.es != "" && es != tt.es || !strings.HasPrefix(es, tt.prefix) {
			t.Errorf("%q → %q / %q, want %q / %q", tt.in, tl.String(), es, tt.en, tt.es)
		}
		for lang, s := range map[typeline.Lang]string{typeline.English: tl.String(), typeline.Spanish: es} {
			back, err := typeline.Parse(s, lang)
			if err != nil || back.String() != tl.String() {
				t.Errorf("%q (%s) reads back as %v, %v", s, lang, back, err)
			}
		}
	}
}

// lowerFirst puts the first letter of s in lower case.
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[size:]
}
