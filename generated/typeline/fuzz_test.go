package typeline_test

import (
	"testing"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/typeline"
)

func FuzzTypeLine(f *testing.F) {
	for _, s := range []string{
		"Legendary Creature — Time Lord Doctor", "Land Creature — Forest Dryad", "Creature — Forest",
		"Creature — Human Rogue // Creature — Phyrexian Rogue", "Plane — Bolas’s Meditation Realm",
		"criatura legendaria — humano guerrero", "Encantamiento — Saga", " — ", " // ", "Creature —", "—",
		"Criatura - Hechicero pueblo lunar", "Criatura — Bestia felina", "Tierra — de-Urza", "Creature—Elf",
		"Criatura — Señor trasgo", "Criatura — Dragón legendario", "Tierra basica — Bosque", "Land — Urza’s Power-Plant // Creature - Elf",
		// Real-world text: decomposed, Unicode spaces, invisible characters.
		"Criatura — Dri\u0301ada", "Creature —\u00a0Elf", "Creature\u2009— Elf // Instant", "Criatura — Sen\u0303or del\u200b Tiempo",
	} {
		f.Add(s, false, false)
		f.Add(s, true, true)
	}
	f.Fuzz(func(t *testing.T, s string, spanish, printed bool) {
		lang := typeline.English
		if spanish {
			lang = typeline.Spanish
		}
		o := typeline.Options{Lang: lang, Printed: printed}
		verr := o.Validate(s)
		tl, perr := o.Parse(s)
		if (verr == nil) != (perr == nil) || o.Valid(s) != (verr == nil) {
			t.Fatalf("%q: Validate %v, Parse %v, Valid %v", s, verr, perr, o.Valid(s))
		}
		if perr != nil {
			if perr.Error() == "" {
				t.Errorf("%q: empty error", s)
			}
			return
		}
		for _, face := range tl.Faces {
			if len(face.CardTypes) == 0 {
				t.Errorf("%q: accepted a face without card types", s)
			}
		}
		// Validate checks the encoding only of lines it rejects: every
		// line it accepts must be UTF-8 by construction.
		if !utf8.ValidString(s) {
			t.Errorf("%q: accepted bytes that are not UTF-8", s)
		}
		if !printed {
			// Printed mode accepts whatever the rules accept, alike.
			p, err := typeline.Options{Lang: lang, Printed: true}.Parse(s)
			if err != nil || len(p.Notes) > 0 || p.String() != tl.String() {
				t.Errorf("%q: the rules accept it as %v; printed mode says %v, %v, notes %v", s, tl, p, err, p.Notes)
			}
			return
		}
		for _, n := range tl.Notes {
			if n.Offset < 0 || n.Offset+len(n.Printed) > len(s) || s[n.Offset:n.Offset+len(n.Printed)] != n.Printed {
				t.Errorf("%q: note %+v does not point at its printed form", s, n)
			}
		}
		// The current form is a line of the rules, reading the same; a
		// Spanish line's only once the Spanish page pairs its every name
		// (the rules' form of a name it lags on is the English one).
		if lang == typeline.Spanish && !allSpanish(tl) {
			return
		}
		cur, err := o.Current(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		back, err := typeline.Parse(cur, lang)
		if err != nil || back.String() != tl.String() {
			t.Errorf("%q: current form %q reads %v, %v; want %v", s, cur, back, err, tl)
		}
	})
}

// allSpanish reports whether every name of tl has a Spanish name.
func allSpanish(tl typeline.TypeLine) bool {
	for _, f := range tl.Faces {
		for _, x := range f.Supertypes {
			if x.Spanish() == "" {
				return false
			}
		}
		for _, x := range f.CardTypes {
			if x.Spanish() == "" {
				return false
			}
		}
		for _, x := range f.Subtypes {
			if x.Spanish() == "" {
				return false
			}
		}
	}
	return true
}
