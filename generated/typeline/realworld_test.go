package typeline_test

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

// Lines as real-world text brings them: decomposed (NFD), with Unicode
// spaces, with invisible characters.
func TestRealWorldText(t *testing.T) {
	if _, ok := subtype.FindCreature("Dríada"); !ok {
		t.Skip("the rules no longer list the creature type Dríada (Dryad) this test reads")
	}
	nfd := "Criatura — Dri\u0301ada"
	if err := typeline.Validate(nfd, typeline.Spanish); err != nil {
		t.Errorf("decomposed í: %v", err)
	}
	if !(typeline.Options{Lang: typeline.Spanish}).Valid(nfd) {
		t.Error("Valid refuses a decomposed line")
	}
	tl, err := typeline.Parse(nfd, typeline.Spanish)
	if err != nil || len(tl.Faces) != 1 || tl.Faces[0].Subtypes[0].String() != "Dryad" || len(tl.Notes) != 0 {
		t.Errorf("Parse of a decomposed line: %+v, %v", tl, err)
	}

	// A no-break space: printed mode reads it, with a note at its place;
	// the rules' mode names it.
	nbsp := "Creature —\u00a0Dryad"
	printed := typeline.Options{Printed: true}
	tl, err = printed.Parse(nbsp)
	if err != nil || len(tl.Notes) != 1 || tl.Notes[0].Offset != len("Creature —") || tl.Notes[0].Printed != "\u00a0" || tl.Notes[0].Current != " " ||
		!strings.Contains(tl.Notes[0].Why, "U+00A0 no-break space where the rules print a space") {
		t.Errorf("printed mode on a no-break space: %+v, %v", tl, err)
	}
	// Notes after a character of several bytes name their own place: a
	// bare long dash, then a no-break space (the fuzzer once saw the
	// dash's note quote "— E").
	tl, err = printed.Parse("Creature—\u00a0Elf")
	if err != nil || len(tl.Notes) != 2 || tl.Notes[0].Printed != "—" || tl.Notes[0].Offset != 8 || tl.Notes[1].Printed != "\u00a0" || tl.Notes[1].Offset != 11 {
		t.Errorf("printed mode on a bare dash and a no-break space: %+v, %v", tl.Notes, err)
	}
	err = typeline.Validate(nbsp, typeline.English)
	if err == nil || !strings.Contains(err.Error(), `"Creature —\u00a0Dryad"`) || !strings.Contains(err.Error(), "U+00A0 no-break space where the rules print a space at offset 12: printed mode reads it") {
		t.Errorf("strict mode on a no-break space: %v", err)
	}
	var e *typeline.Error
	if err != nil && (!asError(err, &e) || e.Cause != typeline.CausePrinted) {
		t.Errorf("cause %v", e)
	}

	// An invisible character inside a name, with a line that is also
	// decomposed elsewhere.
	zw := "Criatura — Dri\u0301ada Hu\u200bmano"
	if _, ok := subtype.FindCreature("Humano"); ok {
		tl, err = typeline.Options{Lang: typeline.Spanish, Printed: true}.Parse(zw)
		if err != nil || len(tl.Notes) != 1 || tl.Notes[0].Printed != "\u200b" || tl.Notes[0].Current != "" || zw[tl.Notes[0].Offset:tl.Notes[0].Offset+3] != "\u200b" {
			t.Errorf("printed mode on a zero width space: %+v, %v", tl, err)
		}
		if err := typeline.Validate(zw, typeline.Spanish); err == nil || !strings.Contains(err.Error(), `Hu\u200bmano`) || !strings.Contains(err.Error(), "invisible U+200B zero width space") {
			t.Errorf("strict mode on a zero width space: %v", err)
		}
	}

	// An error quoting a decomposed word shows the combining mark.
	if err := typeline.Validate("Criatura — Dri\u0301adax", typeline.Spanish); err == nil || !strings.Contains(err.Error(), `Dri\u0301adax`) {
		t.Errorf("a decomposed unknown word is quoted as valid input would be: %v", err)
	}
}

func asError(err error, target **typeline.Error) bool {
	e, ok := err.(*typeline.Error)
	*target = e
	return ok
}
