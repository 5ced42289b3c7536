package typeline

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
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
// source translates yet is written in English. Either is English. An
// English token's face begins with "Token", as token cards print it
// ("Token Artifact — Treasure"; Face.Token).
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
		if f.Token {
			word(tokenWord)
		}
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

// MarshalText returns the line in English ("" for no faces). A line no
// release of the rules accepts (a number that is no value, "Land —
// Goblin") is an error, not text that would not read back: whatever it
// writes, UnmarshalText reads, under this release of the packages and
// every later one.
func (t TypeLine) MarshalText() ([]byte, error) {
	if len(t.Faces) == 0 {
		return []byte{}, nil
	}
	s := t.String()
	if _, err := readLine(s, false); err != nil {
		return nil, fmt.Errorf("typeline: cannot marshal %s: %w", names.Quote(s), err)
	}
	return []byte(s), nil
}

// UnmarshalText reads a line by the rules in English or in Spanish
// (Either); "" is the zero value. A line neither language reads gets the
// error of the language it is most likely in. Printed reads lines as
// cards print them.
//
// A line today's rules refuse but an earlier release accepted (a name
// they dropped, "Creature — Cephalid Wizard"; a card type they renamed,
// "Tribal Instant — Goblin") reads as what it said: data saved before a
// rules update reads back. Check says what today's rules make of it.
func (t *TypeLine) UnmarshalText(b []byte) error {
	return t.unmarshal(b, false)
}

func (t *TypeLine) unmarshal(b []byte, printed bool) error {
	if len(b) == 0 {
		*t = TypeLine{}
		return nil
	}
	x, err := readLine(string(b), printed)
	if err == nil {
		*t = x
	}
	return err
}

// readLine reads a line in either language by today's rules or, when
// those refuse a name (or the card types a name goes with), by the newest
// release that accepts it; the error is today's.
func readLine(line string, printed bool) (TypeLine, error) {
	x, _, err := Options{Lang: Either, Printed: printed}.parse(line, true)
	var e *Error
	if err == nil || !errors.As(err, &e) || e.Cause != CauseRemoved && e.Cause != CauseCategory {
		return x, err
	}
	rs := rules.Releases("en")
	for i := len(rs) - 1; i >= 0; i-- {
		if x, _, asOf := (Options{Lang: Either, Printed: printed, AsOf: rs[i]}).parse(line, true); asOf == nil {
			return x, nil
		}
	}
	return TypeLine{}, err
}

// Check reports what today's rules make of the line: nil when they accept
// it, else Validate's error, which says why (a name the rules dropped says
// when, and what replaced it). A line read from data saved before a rules
// update holds what it said; Check tells whether it still holds. The zero
// TypeLine says nothing: nil.
func (t TypeLine) Check() error {
	if len(t.Faces) == 0 {
		return nil
	}
	// A token's "Token" is no type: the rules judge its types.
	types := TypeLine{Faces: slices.Clone(t.Faces)}
	for i := range types.Faces {
		types.Faces[i].Token = false
	}
	return Options{Lang: English}.Validate(types.String())
}

// Value stores the line in a database as its text (driver.Valuer), as
// MarshalText writes it; NULL for the zero value.
func (t TypeLine) Value() (driver.Value, error) {
	if len(t.Faces) == 0 {
		return nil, nil
	}
	b, err := t.MarshalText()
	return string(b), err
}

// Scan reads a line from a database (sql.Scanner) as UnmarshalText does;
// NULL is the zero value.
func (t *TypeLine) Scan(src any) error {
	return enum.ScanText(src, "typeline", "a type line", t.UnmarshalText)
}

// Printed is a TypeLine read as cards print it (Options.Printed), in
// English or in Spanish (Either): a field of card data decoded by
// encoding/json, where "Creature - Zombie" (a hyphen for the long dash)
// or "Criatura — Bestia felina" fails a TypeLine field and reads here,
// with the Notes saying what the rules spell differently. It encodes as
// TypeLine does, the line in English as the rules spell it (a token's
// face with "Token" before its types, as Format writes it), which both
// read back.
type Printed struct{ TypeLine }

// UnmarshalText reads a line as printed, in either language; "" is the
// zero value. Like TypeLine's, it reads what an earlier release accepted.
func (p *Printed) UnmarshalText(b []byte) error { return p.unmarshal(b, true) }

// Scan reads a line from a database (sql.Scanner) as printed; NULL is the
// zero value.
func (p *Printed) Scan(src any) error {
	return enum.ScanText(src, "typeline", "a type line", p.UnmarshalText)
}

// MarshalText returns the face in English ("" for an empty face); like
// TypeLine's, a face no release accepts is an error.
func (f Face) MarshalText() ([]byte, error) {
	if len(f.Supertypes)+len(f.CardTypes)+len(f.Subtypes) == 0 {
		return []byte{}, nil
	}
	return TypeLine{Faces: []Face{f}}.MarshalText()
}

// Value stores the face in a database as its text, as MarshalText writes
// it; NULL for an empty face.
func (f Face) Value() (driver.Value, error) {
	if len(f.Supertypes)+len(f.CardTypes)+len(f.Subtypes) == 0 {
		return nil, nil
	}
	b, err := f.MarshalText()
	return string(b), err
}

// Scan reads a face from a database as UnmarshalText does; NULL is an
// empty face.
func (f *Face) Scan(src any) error {
	return enum.ScanText(src, "typeline", "a type line's face", f.UnmarshalText)
}

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
