package typeline

import (
	"strings"

	"github.com/mtgrules/crgen/generated/cardtype"
)

// String returns the face as an English type line prints it:
// "Legendary Creature — Time Lord Doctor".
func (f Face) String() string { return f.Format(English) }

// Format returns the face as a type line prints it in lang today, with
// the names as the rules list them. A Spanish line puts the card types in
// the reverse order, the noun first ("Artifact Creature" is "Criatura
// artefacto"), then the supertypes, agreeing with that noun ("Criatura
// legendaria"), and its subtypes in the order Spanish cards print them
// ("Guerrero humano" for Human Warrior; see Options.Translate); a name no Spanish
// source translates yet is written in English. Either is English.
func (f Face) Format(lang Lang) string {
	lang = lang.written()
	var b strings.Builder
	word := func(s string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	if lang == Spanish {
		// The noun comes first in Spanish: "Artifact Creature" is
		// "Criatura artefacto".
		for i := range f.CardTypes {
			t := f.CardTypes[len(f.CardTypes)-1-i]
			n := spanishOr(t.Spanish(), t.String())
			if i > 0 {
				n = strings.ToLower(n)
			}
			word(n)
		}
		fem := len(f.CardTypes) > 0 && feminine(f.CardTypes[len(f.CardTypes)-1].Spanish())
		for _, s := range f.Supertypes {
			word(strings.ToLower(supertypeForm(s, fem)))
		}
	} else {
		for _, s := range f.Supertypes {
			word(s.String())
		}
		for _, t := range f.CardTypes {
			word(t.String())
		}
	}
	if len(f.Subtypes) > 0 {
		b.WriteString(" —")
		subs := f.Subtypes
		if lang == Spanish {
			subs = spanishOrder(subs)
		}
		for i, s := range subs {
			b.WriteByte(' ')
			switch {
			case lang != Spanish:
				b.WriteString(s.String())
			case i == 0:
				b.WriteString(spanishOr(s.Spanish(), s.String()))
			default:
				b.WriteString(spanishInLine(s, spanishOr(s.Spanish(), s.String())))
			}
		}
	}
	return b.String()
}

func spanishOr(es, en string) string {
	if es != "" {
		return es
	}
	return en
}

// feminine tells the grammatical gender of a Spanish card type by its
// ending, which holds for every card type the rules have had (criatura,
// tierra, batalla, conspiración are feminine; artefacto, conjuro, plan are
// not). Only the supertype's agreement in Format depends on it.
func feminine(es string) bool {
	return strings.HasSuffix(es, "a") || strings.HasSuffix(es, "ción")
}

// supertypeForm is the supertype's Spanish name agreeing in gender: the
// feminine printed form (legendaria) after a feminine card type.
func supertypeForm(s cardtype.Supertype, fem bool) string {
	es := spanishOr(s.Spanish(), s.String())
	if fem {
		for _, sn := range supertypeForms(s) {
			return sn
		}
	}
	return es
}

// String returns the line as an English type line prints it, faces
// joined by " // ".
func (t TypeLine) String() string { return t.Format(English) }

// Format returns the line as it prints in lang today (Face.Format): the
// line of another language translated, each language in its own order.
func (t TypeLine) Format(lang Lang) string {
	parts := make([]string, len(t.Faces))
	for i, f := range t.Faces {
		parts[i] = f.Format(lang)
	}
	return strings.Join(parts, faceSep)
}

// MarshalText returns the line in English ("" for no faces).
func (t TypeLine) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a line by the rules in English or in Spanish
// (Either); "" is the zero value. A line neither language reads gets the
// error of the language it is most likely in. Printed reads lines as
// cards print them.
func (t *TypeLine) UnmarshalText(b []byte) error {
	return t.unmarshal(b, false)
}

func (t *TypeLine) unmarshal(b []byte, printed bool) error {
	if len(b) == 0 {
		*t = TypeLine{}
		return nil
	}
	x, err := Options{Lang: Either, Printed: printed}.Parse(string(b))
	if err == nil {
		*t = x
	}
	return err
}

// Printed is a TypeLine read as cards print it (Options.Printed), in
// English or in Spanish (Either): a field of card data decoded by
// encoding/json, where "Creature - Zombie" (a hyphen for the long dash)
// or "Criatura — Bestia felina" fails a TypeLine field and reads here,
// with the Notes saying what the rules spell differently. It encodes as
// TypeLine does, the line in English as the rules spell it, which both
// read back.
type Printed struct{ TypeLine }

// UnmarshalText reads a line as printed, in either language; "" is the
// zero value.
func (p *Printed) UnmarshalText(b []byte) error { return p.unmarshal(b, true) }

// MarshalText returns the face in English ("" for an empty face).
func (f Face) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads one face as TypeLine.UnmarshalText reads a line.
func (f *Face) UnmarshalText(b []byte) error {
	var t TypeLine
	if err := t.UnmarshalText(b); err != nil {
		return err
	}
	switch len(t.Faces) {
	case 0:
		*f = Face{}
	case 1:
		*f = t.Faces[0]
	default:
		return &Error{Line: string(b), Cause: CauseStructure, Reason: "a face has no \" // \": this is a line of several faces"}
	}
	return nil
}
