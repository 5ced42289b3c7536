package typeline

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/subtype"
)

// The order of subtypes in each language. The rules give subtypes no
// order; cards do. An English line puts a name that qualifies another
// before it (Human Warrior, Urza’s Power-Plant); a Spanish line puts it
// after, as Spanish puts an adjective after its noun ("Guerrero humano",
// "Central de energía de Urza"). Spanish cards today print:
//
//   - creature types, and any line holding one (a kindred line's
//     "Aura eldrazi" for Eldrazi Aura), in the reverse of the English
//     order: "Criatura — Soldado ave" for Bird Soldier;
//   - other subtypes in the English order ("Tierra — Bosque llanura" for
//     Forest Plains, "Encantamiento — Aura maldición" for Aura Curse),
//     except that a name Spanish writes as a complement ("de Urza" for
//     Urza’s) follows the name it qualifies.
//
// A Face holds the English order; Format writes each language's. Spanish
// cards print the second and later subtypes in lower case ("Clérigo
// humano"), but not the names of planeswalkers and planes, which are
// proper names.

// englishOrder reorders subtypes read from a Spanish line, in place, into
// the English order.
func englishOrder(subs []subtype.Subtype) {
	if hasCreature(subs) {
		slices.Reverse(subs)
		return
	}
	for i := 0; i+1 < len(subs); i++ {
		if complement(subs[i+1]) {
			subs[i], subs[i+1] = subs[i+1], subs[i]
			i++
		}
	}
}

// spanishOrder returns subtypes held in the English order in the order a
// Spanish line prints them, in a new slice.
func spanishOrder(subs []subtype.Subtype) []subtype.Subtype {
	out := slices.Clone(subs)
	if hasCreature(out) {
		slices.Reverse(out)
		return out
	}
	for i := 0; i+1 < len(out); i++ {
		if complement(out[i]) {
			out[i], out[i+1] = out[i+1], out[i]
			i++
		}
	}
	return out
}

func hasCreature(subs []subtype.Subtype) bool {
	for _, s := range subs {
		if s.Category() == subtype.CategoryCreature {
			return true
		}
	}
	return false
}

// complement reports whether Spanish writes s as a complement of the name
// it qualifies ("de Urza").
func complement(s subtype.Subtype) bool { return strings.HasPrefix(s.Spanish(), "de ") }

// spanishInLine is a subtype's name as a Spanish line prints it after the
// first: in lower case, unless it is a proper name.
func spanishInLine(s subtype.Subtype, name string) string {
	if c := s.Category(); c == subtype.CategoryPlaneswalker || c == subtype.CategoryPlanar {
		return name
	}
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToLower(r)) + name[size:]
}

// Translate reads line with o and writes it as a line of lang prints it
// today: each name as the rules list it in lang, and the card types,
// supertypes and subtypes in lang's order ("Criatura — Guerrero humano" is
// "Creature — Human Warrior", and back). With o.Lang Either it translates
// from the language the line is in; into the line's own language it gives
// the line as the rules spell it. It is Parse, then Format.
func (o Options) Translate(line string, lang Lang) (string, error) {
	tl, err := o.Parse(line)
	if err != nil {
		return "", err
	}
	return tl.Format(lang), nil
}
