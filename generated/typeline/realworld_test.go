package typeline_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

// Lines as real-world text brings them: decomposed (NFD), with Unicode
// spaces, with invisible characters.
func TestRealWorldText(t *testing.T) {
	t.Run("decomposed", func(t *testing.T) {
		criatura := picks.CardTypeFor(t, subtype.CategoryCreature, true)
		dryad := picks.Subtype(t, subtype.CategoryCreature, "named in Spanish with an accented letter", func(s subtype.Subtype) bool {
			return picks.PlainES(s) && norm.NFD.String(s.Spanish()) != s.Spanish()
		})
		nfd := criatura.Spanish() + " — " + norm.NFD.String(dryad.Spanish())
		if err := typeline.Validate(nfd, typeline.Spanish); err != nil {
			t.Errorf("decomposed: %v", err)
		}
		if !(typeline.Options{Lang: typeline.Spanish}).Valid(nfd) {
			t.Error("Valid refuses a decomposed line")
		}
		tl, err := typeline.Parse(nfd, typeline.Spanish)
		if err != nil || len(tl.Faces) != 1 || len(tl.Faces[0].Subtypes) != 1 || tl.Faces[0].Subtypes[0] != dryad || len(tl.Notes) != 0 {
			t.Errorf("Parse of a decomposed line: %+v, %v", tl, err)
		}

		// An invisible character inside a name, with a line that is also
		// decomposed elsewhere.
		human := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES, dryad)
		h := human.Spanish()
		_, size := utf8.DecodeRuneInString(h)
		zw := nfd + " " + h[:size] + "\u200b" + h[size:]
		tl, err = typeline.Options{Lang: typeline.Spanish, Printed: true}.Parse(zw)
		if err != nil || len(tl.Notes) != 1 || tl.Notes[0].Printed != "\u200b" || tl.Notes[0].Current != "" || zw[tl.Notes[0].Offset:tl.Notes[0].Offset+3] != "\u200b" {
			t.Errorf("printed mode on a zero width space: %+v, %v", tl, err)
		}
		if err := typeline.Validate(zw, typeline.Spanish); err == nil || !strings.Contains(err.Error(), h[:size]+`\u200b`+h[size:]) || !strings.Contains(err.Error(), "invisible U+200B zero width space") {
			t.Errorf("strict mode on a zero width space: %v", err)
		}

		// An error quoting a decomposed word shows the combining mark.
		unknown := absent(norm.NFD.String(dryad.Spanish()) + "x")
		if err := typeline.Validate(criatura.Spanish()+" — "+unknown, typeline.Spanish); err == nil || !strings.Contains(err.Error(), picks.EscapeMarks(unknown)) {
			t.Errorf("a decomposed unknown word is quoted as valid input would be: %v", err)
		}
	})

	// A no-break space: printed mode reads it, with a note at its place;
	// the rules' mode names it.
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	dryad := picks.Subtype(t, subtype.CategoryCreature, "plain", picks.Plain)
	ct, d := creature.String(), dryad.String()
	nbsp := ct + " —\u00a0" + d
	printed := typeline.Options{Printed: true}
	tl, err := printed.Parse(nbsp)
	if err != nil || len(tl.Notes) != 1 || tl.Notes[0].Offset != len(ct+" —") || tl.Notes[0].Printed != "\u00a0" || tl.Notes[0].Current != " " ||
		!strings.Contains(tl.Notes[0].Why, "U+00A0 no-break space where the rules print a space") {
		t.Errorf("printed mode on a no-break space: %+v, %v", tl, err)
	}
	// Notes after a character of several bytes name their own place: a
	// bare long dash, then a no-break space (the fuzzer once saw the
	// dash's note quote "— E").
	tl, err = printed.Parse(ct + "—\u00a0" + d)
	if err != nil || len(tl.Notes) != 2 || tl.Notes[0].Printed != "—" || tl.Notes[0].Offset != len(ct) || tl.Notes[1].Printed != "\u00a0" || tl.Notes[1].Offset != len(ct+"—") {
		t.Errorf("printed mode on a bare dash and a no-break space: %+v, %v", tl.Notes, err)
	}
	err = typeline.Validate(nbsp, typeline.English)
	if err == nil || !strings.Contains(err.Error(), `"`+ct+` —\u00a0`+d+`"`) ||
		!strings.Contains(err.Error(), "U+00A0 no-break space where the rules print a space at offset "+strconv.Itoa(len(ct+" —"))+": printed mode reads it") {
		t.Errorf("strict mode on a no-break space: %v", err)
	}
	var e *typeline.Error
	if err != nil && (!asError(err, &e) || e.Cause != typeline.CausePrinted) {
		t.Errorf("cause %v", e)
	}
}

func asError(err error, target **typeline.Error) bool {
	e, ok := err.(*typeline.Error)
	*target = e
	return ok
}
