package token

import (
	"slices"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/color"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

// Every predefined token ever recorded has faces that are characteristics
// of this module: card types, each subtype of a category its face's card
// types have, valid colours; a creature face has a power and toughness.
func TestEveryTokenIsTyped(t *testing.T) {
	for _, tk := range EveryToken() {
		faces := tk.Faces()
		if len(faces) == 0 || len(faces) > 2 || tk.IsDoubleFaced() != (len(faces) == 2) {
			t.Errorf("%v: %d faces", tk, len(faces))
		}
		for _, f := range faces {
			if len(f.CardTypes) == 0 {
				t.Errorf("%v: a face without card types", tk)
			}
			for _, s := range f.Subtypes {
				if !slices.ContainsFunc(f.CardTypes, s.Category().Has) {
					t.Errorf("%v: subtype %v of %v, for card types %v", tk, s, s.Category(), f.CardTypes)
				}
			}
			if len(color.OfMana(f.Colors)) != len(f.Colors.Letters()) {
				t.Errorf("%v: colours %v, named %v", tk, f.Colors, color.OfMana(f.Colors))
			}
			if creature := slices.Contains(f.CardTypes, cardtype.Creature); creature != (f.Power != "" && f.Toughness != "") {
				t.Errorf("%v: creature %v, power/toughness %q/%q", tk, creature, f.Power, f.Toughness)
			}
		}
	}
	if Token(0).Faces() != nil || Token(60000).IsDoubleFaced() {
		t.Error("no token has faces")
	}
}

// The tokens as the rules defined them (history does not change): the
// Treasure first, in 2019-07-12; the Walker a 2/2 black creature of one type (Zombie, unless renamed); the
// Incubator's back face an artifact creature named after its one
// creature type (Phyrexian in 2023, but a release may rename it: the
// faces are today's).
func TestTokensOfThePast(t *testing.T) {
	first, err := TokenValuesAsOf("2019-07-12")
	if err != nil || !slices.Equal(first, []Token{Treasure}) {
		t.Fatalf("2019-07-12: %v, %v", first, err)
	}
	if _, err := TokenValuesAsOf("2019-06-14"); err != nil {
		t.Errorf("before the first token: %v", err)
	}
	w := Walker.Faces()[0]
	if w.Power != "2" || w.Colors != color.Black.Mana() || len(w.Subtypes) != 1 || w.Subtypes[0].Category() != subtype.CategoryCreature {
		t.Errorf("Walker: %+v", w)
	}
	back := Incubator.Faces()[1]
	if len(back.Subtypes) != 1 || back.Subtypes[0].Category() != subtype.CategoryCreature || back.Name != back.Subtypes[0].String()+" Token" ||
		!slices.Equal(back.CardTypes, []cardtype.CardType{cardtype.Artifact, cardtype.Creature}) {
		t.Errorf("Incubator's back: %+v", back)
	}
	// Faces are copies: changing one leaves the tables as they are.
	f := Treasure.Faces()
	f[0].CardTypes[0] = cardtype.Land
	if Treasure.Faces()[0].CardTypes[0] != cardtype.Artifact {
		t.Error("Faces shares the tables")
	}
}

// Each face's type line prints as a token card prints it ("Token
// Artifact — Treasure") and reads back to the same types, in typeline's
// printed mode, and by the rules without "Token" ("Artifact — Treasure"):
// the faces are what the project's own type-line reader reads. While the
// rules list a name Token, a line holding it reads by them, and only the
// rules' line is checked.
func TestFacesReadAsTypeLines(t *testing.T) {
	prefix := !picks.Listed("Token")
	for _, tk := range TokenValues() {
		for _, f := range tk.Faces() {
			face := f.TypeLine()
			rules := typeline.Face{Supertypes: face.Supertypes, CardTypes: face.CardTypes, Subtypes: face.Subtypes}.String()
			printed := typeline.TypeLine{Faces: []typeline.Face{face}}.String()
			if !face.Token || prefix && printed != "Token "+rules {
				t.Errorf("%v: its face's type line is %q (Token %v), want %q", tk, printed, face.Token, "Token "+rules)
			}
			lines := map[string]typeline.Options{rules: {}}
			if prefix {
				lines[printed] = typeline.Options{Printed: true}
			}
			for line, opt := range lines {
				got, err := opt.Parse(line)
				if err != nil || len(got.Faces) != 1 || !slices.Equal(got.Faces[0].CardTypes, f.CardTypes) ||
					!slices.Equal(got.Faces[0].Subtypes, f.Subtypes) || !slices.Equal(got.Faces[0].Supertypes, f.Supertypes) || got.Faces[0].Token != opt.Printed {
					t.Errorf("%v: %q reads %+v, %v", tk, line, got, err)
				}
			}
		}
	}
}
