// Package typeline validates Magic: The Gathering type lines against the
// Comprehensive Rules: supertypes (205.4a), card types (205.2a), a long
// dash, and subtypes (205.3), each of which must belong to one of the
// line's card types (205.3d). Faces of multi-faced cards are joined by
// " // ".
//
// Validate and Parse read a line by the rules in English, Spanish or
// Either (the language it is in); Options{Printed: true} reads it as cards
// print it. A TypeLine's Format writes it in either language, and
// Options.Translate turns a line of one language into the other, each in
// the order its cards print today. In a struct decoded by encoding/json,
// a TypeLine field reads a line by the rules in either language, a
// Printed field as cards print it.
//
// # Case, order and language
//
// Lines are read in any case, in both languages ("creature — elf" is
// Creature — Elf); results carry the names as the rules print them. An
// English line puts its supertypes before its card types; a Spanish line
// prints them in any order ("Criatura legendaria"). Each line is read in
// one language: a Spanish word in an English line (or the reverse) is an
// error that names the word and its language, unless both languages spell
// the name alike (Planeswalker, Elf is Elfo); Either reads a line in the
// language it is in, and a line neither reads gets the error of the
// language most likely its own. A Spanish name is resolved within the
// categories of the line's card types: "Saga" is the enchantment type
// Saga on an enchantment and the creature type Hag on a creature. The
// rules give subtypes no order, but cards do: Spanish cards print creature
// types in the reverse of the English order ("Guerrero humano" for Human
// Warrior). A Face holds its names in English order whatever the line's
// language, and Format writes each language's (see Options.Translate).
//
// # The rules' mode and printed mode
//
// Validate and Parse judge a line by the rules: every name spelled as
// rule 205 (or, in Spanish, the rules page) spells it. Cards print some
// names otherwise: " - " for the long dash in card databases, older
// Spanish translations (Pícaro where the rules page says Bribón),
// feminine agreement (Bestia felina), accents and hyphens the rules page
// does not use (Cálix, pueblo lunar). Options{Printed: true} accepts
// those, lists each in TypeLine.Notes with the rules' spelling, and
// Options.Current rewrites the line as the rules spell it. The curated
// variants come from sources/curated/printed.json, each with where it
// was seen. Names the rules dropped stay errors in both modes: Legend,
// Lord and "Enchant Creature" (dropped before the history begins, as
// printed.json records), Tribal and Hound (the history says when).
//
// Printed mode also reads what card databases print around the names: a
// tab or another space between words, and the word "Token" before a
// token card's types ("Token Artifact — Treasure": Face.Token). A rule not
// about names holds in both modes: a kindred card has another card type
// (308.1; CauseKindred).
//
// # Saved data and past releases
//
// Options.AsOf reads a line by the rules in force on a date, YYYY-MM-DD
// (package rules): their names, their categories and the card types each
// went with ("Tribal Instant — Goblin" as of 2024-04-12). A line the
// packages encoded under one release decodes under every later one: a
// TypeLine or Printed field holding a name the rules have dropped since
// ("Creature — Cephalid Wizard") reads as what it said, and Check says
// what today's rules make of it. Encoding refuses what no release accepts
// (a number that is no value, "Land — Goblin"), which would not read
// back. A line of any length reads: a face holds as many names as it
// lists. A TypeLine stores in a database as its text (Value, Scan).
//
// # Errors
//
// Every error is an *Error citing the rule broken and its Cause: a name
// the rules dropped says when (Tribal, renamed Kindred in 2024-07-30), a
// hyphen points at the long dash, a form only cards print says so and
// that printed mode accepts it, bytes that are not UTF-8 are named as
// such. Messages quote at most 60 bytes of an offending word.
//
// # How this package is made
//
// This package is ordinary hand-written Go: it reads the tables cmd/gen
// writes to generated/internal/data from the snapshots, so a rules update
// changes what it accepts without changing its code.
package typeline

import (
	"slices"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

// Face is one face of a type line, its names in the order an English
// line prints them, whatever the language it was read in: Parse of
// "Criatura artefacto — Guerrero humano" gives the card types Artifact,
// Creature and the subtypes Human, Warrior, and Format writes each
// language's order back.
type Face struct {
	Supertypes []cardtype.Supertype
	CardTypes  []cardtype.CardType
	Subtypes   []subtype.Subtype
	// Token is set when the line printed "Token" before the types, as
	// token cards and card databases print them ("Token Artifact —
	// Treasure"), which printed mode reads. It is no type: the rules'
	// mode refuses the word, but Format writes it before an English
	// face's types, as the card prints it, and the text the package
	// writes (MarshalText) reads back with it.
	Token bool
}

// TypeLine is a parsed type line. Its zero value has no faces and encodes
// as "".
type TypeLine struct {
	Faces []Face
	// Notes are the forms a line read in printed mode prints that the
	// rules spell differently, in line order; Options.Current gives the
	// whole line as the rules spell it. Always empty in the rules' mode.
	Notes []Note
}

// Note is one form a printed line spells differently from the rules.
type Note struct {
	Face    int    `json:"face,omitempty"` // 1-based; 0 for a single-faced line
	Offset  int    `json:"offset"`         // byte offset of Printed in the line
	Printed string `json:"printed"`        // as the line prints it: "felina", "-"
	Current string `json:"current"`        // as the rules spell it: "Felino", "—"
	Why     string `json:"why"`
}

// Options say how to read a type line. The zero value reads English, by
// the rules.
type Options struct {
	Lang Lang
	// Printed judges the line as printed on a card: it also accepts the
	// forms cards print that the rules spell differently (a hyphen for the
	// long dash, older translations, feminine agreement in Spanish,
	// accents and hyphens the rules page does not use) and names each in
	// TypeLine.Notes. Names the rules dropped stay errors.
	Printed bool
	// AsOf judges the line by the rules in force on a date, YYYY-MM-DD
	// (rules.InForce): the names, categories and card types of that
	// release, so that "Tribal Instant — Goblin" reads as of 2024-04-12.
	// "" is today's rules. A date the history cannot answer is a
	// *rules.DateError.
	AsOf string
}

// face is a parsed face in fixed arrays, so Validate allocates nothing.
// The arrays are no limit: past them (a line no card prints, every
// creature type, say, as a changeling's line may be saved) the names go
// on in the more slices, which then hold them all.
type face struct {
	super     [maxType]cardtype.Supertype
	nSuper    int
	types     [maxType]cardtype.CardType
	nTypes    int
	subs      [maxSub]subtype.Subtype
	nSubs     int
	moreSuper []cardtype.Supertype
	moreTypes []cardtype.CardType
	moreSubs  []subtype.Subtype
	hasPlane  bool
	token     bool // "Token" printed before the types
	// allowed has bit c set when a card type of the face has subtypes of
	// category c (205.3d), kept as the card types are read.
	allowed uint32
}

// supertypes, cardTypes and subtypes are the names the face holds so far.
func (f *face) supertypes() []cardtype.Supertype {
	if f.moreSuper != nil {
		return f.moreSuper
	}
	return f.super[:f.nSuper]
}

func (f *face) cardTypes() []cardtype.CardType {
	if f.moreTypes != nil {
		return f.moreTypes
	}
	return f.types[:f.nTypes]
}

func (f *face) subtypes() []subtype.Subtype {
	if f.moreSubs != nil {
		return f.moreSubs
	}
	return f.subs[:f.nSubs]
}

// add appends x to the face's array arr (holding *n) or, past it, to
// *more, which then holds them all.
func add[T any](arr []T, n *int, more *[]T, x T) {
	if *more == nil && *n < len(arr) {
		arr[*n] = x
		*n++
		return
	}
	if *more == nil {
		*more = append(make([]T, 0, 2*len(arr)), arr[:*n]...)
	}
	*more = append(*more, x)
	*n++
}

func (f *face) addSupertype(x cardtype.Supertype) { add(f.super[:], &f.nSuper, &f.moreSuper, x) }
func (f *face) addCardType(x cardtype.CardType)   { add(f.types[:], &f.nTypes, &f.moreTypes, x) }
func (f *face) addSubtype(x subtype.Subtype)      { add(f.subs[:], &f.nSubs, &f.moreSubs, x) }

// Validate checks a type line by the rules. It allocates nothing for a
// valid line.
func Validate(line string, lang Lang) error { return Options{Lang: lang}.Validate(line) }

// Parse reads a type line by the rules into its faces.
func Parse(line string, lang Lang) (TypeLine, error) { return Options{Lang: lang}.Parse(line) }

// Validate checks a type line. It allocates nothing for a valid line, in
// either mode.
func (o Options) Validate(line string) error {
	if err := o.checkDate(); err != nil {
		return err
	}
	o = o.resolved(line)
	v := fastUnsure
	if o.AsOf == "" {
		v = fastRead(line, o.Lang)
	}
	if v == fastValid {
		return nil
	}
	p := parser{Options: o, nfcFirst: v == fastDecomposed}
	return p.read(line, nil, nil)
}

// Valid reports whether a line is valid, without saying why: Validate's
// verdict, for callers that count or filter. It allocates nothing,
// whatever the line.
func (o Options) Valid(line string) bool {
	if o.Lang == Either {
		return (Options{Lang: English, Printed: o.Printed, AsOf: o.AsOf}).Valid(line) || (Options{Lang: Spanish, Printed: o.Printed, AsOf: o.AsOf}).Valid(line)
	}
	if o.checkDate() != nil {
		return false
	}
	v := fastUnsure
	if o.AsOf == "" {
		v = fastRead(line, o.Lang)
	}
	if v == fastValid {
		return true
	}
	p := parser{Options: o, quiet: true, nfcFirst: v == fastDecomposed}
	return p.read(line, nil, nil) == nil
}

// Parse reads a type line into its faces and, in printed mode, the notes
// on the forms it prints that the rules spell differently.
func (o Options) Parse(line string) (TypeLine, error) {
	tl, _, err := o.parse(line, false)
	return tl, err
}

// parse is Parse, with the parser that read the line (its notes and the
// places of its names); saved reads text the package wrote.
func (o Options) parse(line string, saved bool) (TypeLine, *parser, error) {
	if err := o.checkDate(); err != nil {
		return TypeLine{}, nil, err
	}
	o = o.resolved(line)
	var tl TypeLine
	p := &parser{Options: o, collect: true, saved: saved}
	emit := func(f face) {
		subs := append([]subtype.Subtype(nil), f.subtypes()...)
		if o.Lang == Spanish {
			englishOrder(subs)
		}
		tl.Faces = append(tl.Faces, Face{
			Supertypes: append([]cardtype.Supertype(nil), f.supertypes()...),
			CardTypes:  append([]cardtype.CardType(nil), f.cardTypes()...),
			Subtypes:   subs,
			Token:      f.token,
		})
	}
	// A face read before a failure is read again.
	if err := p.read(line, emit, func() { tl.Faces, p.notes, p.named = nil, nil, nil }); err != nil {
		return TypeLine{}, nil, err
	}
	for _, n := range p.notes {
		if len(tl.Faces) == 1 {
			n.face = 0
		}
		tl.Notes = append(tl.Notes, n.public(o.Lang))
	}
	// The dash is noted before the words left of it: line order.
	slices.SortStableFunc(tl.Notes, func(a, b Note) int { return a.Offset - b.Offset })
	return tl, p, nil
}
