package typeline_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

// Either reads a line in the language it is in, and a line neither reads
// gets the error of the language it is most likely in: a Spanish line
// with an unknown subtype reports that subtype, not that its card type is
// Spanish. TypeLine decodes with Either.
func TestEither(t *testing.T) {
	criatura := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain, named in Spanish otherwise than in English", func(s subtype.Subtype) bool {
		return picks.PlainES(s) && s.Spanish() != s.String()
	})
	if criatura.Spanish() == criatura.String() {
		t.Skip("the creature card type is spelled alike in both languages")
	}
	either := typeline.Options{Lang: typeline.Either}
	english := criatura.String() + " — " + elf.String()
	spanish := criatura.Spanish() + " — " + elf.Spanish()
	unknown := absent("Zomb")
	for line, want := range map[string]typeline.Lang{
		english:                              typeline.English,
		spanish:                              typeline.Spanish,
		criatura.Spanish() + " — " + unknown: typeline.Spanish,
		criatura.String() + " — " + unknown:  typeline.English,
		criatura.Spanish() + " — " + elf.String():  typeline.Spanish, // the first word decides a tie
		criatura.String() + " - " + elf.String():   typeline.English,
		criatura.Spanish() + " - " + elf.Spanish(): typeline.Spanish,
	} {
		if got := either.LangOf(line); got != want {
			t.Errorf("LangOf(%q) = %s, want %s", line, got, want)
		}
		wantErr := (typeline.Options{Lang: want}).Validate(line)
		gotErr := either.Validate(line)
		if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("Either on %q: %v, want the %s verdict %v", line, gotErr, want, wantErr)
		}
		var tl typeline.TypeLine
		decodeErr := json.Unmarshal([]byte(`"`+line+`"`), &tl)
		if (decodeErr == nil) != (wantErr == nil) || decodeErr != nil && decodeErr.Error() != wantErr.Error() {
			t.Errorf("decoding %q: %v, want the %s verdict %v", line, decodeErr, want, wantErr)
		}
		if either.Valid(line) != (wantErr == nil) {
			t.Errorf("Valid(%q) = %v", line, either.Valid(line))
		}
	}
	// The Spanish error names the subtype, not the language.
	var te *typeline.Error
	if err := either.Validate(criatura.Spanish() + " — " + unknown); !errors.As(err, &te) || te.Cause != typeline.CauseUnknown || te.Word != unknown {
		t.Errorf("a Spanish line with an unknown subtype: %v", err)
	}
	tl, err := either.Parse(spanish)
	if err != nil || tl.String() != english {
		t.Errorf("Parse(%q) = %v, %v", spanish, tl, err)
	}
	if n := testing.AllocsPerRun(50, func() { _ = either.LangOf(spanish) }); n != 0 {
		t.Errorf("LangOf allocates %v times on a valid line", n)
	}
	for _, code := range []string{"either", "EITHER"} {
		if l, err := typeline.ParseLang(code); err != nil || l != typeline.Either {
			t.Errorf("ParseLang(%q) = %v, %v", code, l, err)
		}
	}
	if b, err := typeline.Either.MarshalText(); err != nil || string(b) != "either" {
		t.Errorf("Either encodes as %s, %v", b, err)
	}
	if f := tl.Faces[0]; f.Format(typeline.Either) != f.Format(typeline.English) {
		t.Errorf("Format(Either) = %q, want English", f.Format(typeline.Either))
	}
}

// A Printed field reads what cards print in either language, with its
// notes, where a TypeLine field refuses it; both encode the line as the
// rules spell it in English, which each reads back.
func TestPrintedDecodes(t *testing.T) {
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	legendary := picks.Supertype(t, false)
	for _, line := range []string{
		creature.String() + " - " + elf.String(),
		creature.Spanish() + " - " + elf.Spanish(),
		legendary.String() + " " + creature.String() + " -- " + elf.String(),
	} {
		var card struct {
			Printed typeline.Printed
			Rules   typeline.TypeLine
		}
		b, _ := json.Marshal(map[string]string{"Printed": line})
		if err := json.Unmarshal(b, &card); err != nil || len(card.Printed.Faces) != 1 || len(card.Printed.Notes) != 1 || card.Printed.Faces[0].Subtypes[0] != elf {
			t.Errorf("Printed %q: %+v, %v", line, card.Printed, err)
			continue
		}
		var te *typeline.Error
		b, _ = json.Marshal(map[string]string{"Rules": line})
		if err := json.Unmarshal(b, &card); !errors.As(err, &te) || te.Cause != typeline.CauseDash {
			t.Errorf("TypeLine %q: %v, want the dash refused", line, err)
		}
		out, err := json.Marshal(card.Printed)
		var back typeline.TypeLine
		if err != nil || json.Unmarshal(out, &back) != nil || back.String() != card.Printed.String() || string(out) != `"`+card.Printed.String()+`"` {
			t.Errorf("Printed %q encodes as %s, %v, and reads back as %v", line, out, err, back)
		}
	}
	var p typeline.Printed
	if err := json.Unmarshal([]byte(`""`), &p); err != nil || len(p.Faces) != 0 {
		t.Errorf(`"": %+v, %v`, p, err)
	}
	if err := json.Unmarshal([]byte(`"`+cardtype.CardType(0).Rule()+`"`), &p); err == nil {
		t.Errorf("a rule number decodes as %v", p)
	}
}
