// Package typeline validates Magic: The Gathering type lines against the
// Comprehensive Rules: supertypes (205.4a), card types (205.2a), a long
// dash, and subtypes (205.3), each of which must belong to one of the
// line's card types (205.3d). Faces of multi-faced cards are joined by
// " // ".
//
// # Case, order and language
//
// Lines are read in any case, in both languages ("creature — elf" is
// Creature — Elf); results carry the names as the rules print them. An
// English line puts its supertypes before its card types; a Spanish line
// prints them in any order ("Criatura legendaria"). Each line is read in
// one language: a Spanish word in an English line (or the reverse) is an
// error that names the word and its language, unless both languages spell
// the name alike (Planeswalker, Elf is Elfo). A Spanish name is resolved
// within the categories of the line's card types: "Saga" is the
// enchantment type Saga on an enchantment and the creature type Hag on a
// creature.
//
// # Errors
//
// Every error is an *Error citing the rule broken and its Cause: a name
// the rules dropped says when (Tribal, renamed Kindred in 2024-07-30), a
// hyphen points at the long dash, bytes that are not UTF-8 are named as
// such.
//
// # How this package is made
//
// This package is ordinary hand-written Go: it reads the tables cmd/gen
// writes to generated/internal/data from the snapshots, so a rules update
// changes what it accepts without changing its code.
package typeline

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
)

// Lang is the language of a type line. Its zero value is English.
type Lang uint8

// The languages of the rules.
const (
	English Lang = iota
	Spanish
)

// String returns the language's code: "en" or "es".
func (l Lang) String() string {
	switch l {
	case English:
		return "en"
	case Spanish:
		return "es"
	}
	return "Lang(" + strconv.Itoa(int(l)) + ")"
}

// MarshalText returns the language's code.
func (l Lang) MarshalText() ([]byte, error) {
	if l > Spanish {
		return nil, &Error{Rule: "", Cause: CauseLanguage, Reason: l.String() + " is not a language of the rules"}
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads "en" or "es" (any case); "" is English, the zero value.
func (l *Lang) UnmarshalText(b []byte) error {
	x, err := ParseLang(string(b))
	if err == nil {
		*l = x
	}
	return err
}

// ParseLang reads a language code: "en" or "es", any case; "" is English.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(s) {
	case "", "en":
		return English, nil
	case "es":
		return Spanish, nil
	}
	return 0, &Error{Line: s, Cause: CauseLanguage, Reason: strconv.Quote(s) + " is not a language of the rules: want en or es"}
}

// Face is one face of a type line.
type Face struct {
	Supertypes []cardtype.Supertype
	CardTypes  []cardtype.CardType
	Subtypes   []subtype.Subtype
}

// TypeLine is a parsed type line. Its zero value has no faces and encodes
// as "".
type TypeLine struct {
	Faces []Face
}

// Cause classifies what is wrong with a line.
type Cause uint8

// The causes of an Error.
const (
	CauseUnknown   Cause = iota + 1 // a word that names nothing in the rules
	CauseRemoved                    // a name the rules dropped
	CauseCategory                   // a subtype of a category the card types cannot have (205.3d)
	CauseStructure                  // empty line, no card type, nothing after the dash, a repeated name, order
	CauseDash                       // a hyphen, or a dash without spaces, where the long dash belongs
	CauseEncoding                   // bytes that are not UTF-8
	CauseLanguage                   // a word of the other language
)

var causeNames = [...]string{"", "unknown", "removed", "category", "structure", "dash", "encoding", "language"}

// String returns the cause's name ("removed").
func (c Cause) String() string {
	if int(c) < len(causeNames) && c > 0 {
		return causeNames[c]
	}
	return "Cause(" + strconv.Itoa(int(c)) + ")"
}

// MarshalText returns the cause's name.
func (c Cause) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Error says what is wrong with a type line and which rule it breaks.
type Error struct {
	Line   string
	Face   int // 1-based; 0 for a single-faced line
	Rule   string
	Cause  Cause
	Word   string // the offending word or phrase, if one
	Reason string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("type line ")
	b.WriteString(strconv.Quote(e.Line))
	if e.Face > 0 {
		b.WriteString(", face ")
		b.WriteString(strconv.Itoa(e.Face))
	}
	if e.Rule != "" {
		b.WriteString(": rule ")
		b.WriteString(e.Rule)
	}
	b.WriteString(": ")
	b.WriteString(e.Reason)
	return b.String()
}

const (
	faceSep = " // "
	dash    = " — "
	maxSub  = 16
	maxType = 8
)

// face is a parsed face in fixed arrays, so Validate allocates nothing.
type face struct {
	super    [maxType]cardtype.Supertype
	nSuper   int
	types    [maxType]cardtype.CardType
	nTypes   int
	subs     [maxSub]subtype.Subtype
	nSubs    int
	hasPlane bool
}

// Validate checks a type line. It allocates nothing for a valid line.
func Validate(line string, lang Lang) error {
	return each(line, lang, nil)
}

// Parse reads a type line into its faces.
func Parse(line string, lang Lang) (TypeLine, error) {
	var tl TypeLine
	err := each(line, lang, func(f face) {
		tl.Faces = append(tl.Faces, Face{
			Supertypes: append([]cardtype.Supertype(nil), f.super[:f.nSuper]...),
			CardTypes:  append([]cardtype.CardType(nil), f.types[:f.nTypes]...),
			Subtypes:   append([]subtype.Subtype(nil), f.subs[:f.nSubs]...),
		})
	})
	if err != nil {
		return TypeLine{}, err
	}
	return tl, nil
}

// each parses every face of line, handing each to emit (by value, so the
// face stays on the stack when emit is nil: Validate allocates nothing).
func each(line string, lang Lang, emit func(face)) error {
	if err := checkEncoding(line); err != nil {
		err.Line = line
		return err
	}
	rest := line
	for n := 1; ; n++ {
		part, tail, more := strings.Cut(rest, faceSep)
		var f face
		if err := parseFace(part, lang, &f); err != nil {
			err.Line = line
			if n > 1 || more {
				err.Face = n
			}
			return err
		}
		if emit != nil {
			emit(f)
		}
		if !more {
			return nil
		}
		rest = tail
	}
}

func fail(rule string, cause Cause, word, reason string) *Error {
	return &Error{Rule: rule, Cause: cause, Word: word, Reason: reason}
}

// checkEncoding names bytes that are not UTF-8, and the two ways a long
// dash arrives garbled: the Windows-1252 byte 0x97, and UTF-8 read as
// Windows-1252 ("â€”").
func checkEncoding(line string) *Error {
	if utf8.ValidString(line) {
		if strings.Contains(line, "â€”") {
			return fail("", CauseEncoding, "â€”", `"â€”" is a long dash garbled by an encoding mix-up (UTF-8 read as Windows-1252): decode the input as UTF-8`)
		}
		return nil
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size == 1 {
			if line[i] == 0x97 {
				return fail("", CauseEncoding, "\x97", "byte 0x97 at offset "+strconv.Itoa(i)+" is the long dash of Windows-1252: convert the input to UTF-8")
			}
			return fail("", CauseEncoding, line[i:i+1], "byte 0x"+strconv.FormatUint(uint64(line[i]), 16)+" at offset "+strconv.Itoa(i)+" is not UTF-8: convert the input to UTF-8")
		}
		i += size
	}
	return nil
}

func parseFace(s string, lang Lang, f *face) *Error {
	if blank(s) {
		return fail(data.RuleCardTypes, CauseStructure, "", "empty type line: a card has at least one card type")
	}
	if strings.HasSuffix(s, " —") {
		return fail(data.RuleSubtypes, CauseStructure, "", "nothing after the dash")
	}
	left, right, hasDash := strings.Cut(s, dash)
	if !hasDash {
		if strings.Contains(s, "—") {
			return fail(data.RuleSubtypes, CauseDash, "—", "the long dash must have a space on each side")
		}
		for _, d := range []string{" - ", " – ", " -- "} {
			if l, r, ok := strings.Cut(s, d); ok && !blank(l) && !blank(r) {
				return fail(data.RuleSubtypes, CauseDash, strings.TrimSpace(d), strconv.Quote(strings.TrimSpace(d))+" stands where the long dash \"—\" belongs: subtypes follow \" — \"")
			}
		}
	}
	if blank(left) {
		return fail(data.RuleCardTypes, CauseStructure, "", "no card type before the dash")
	}
	if err := parseTypes(left, lang, f); err != nil {
		return err
	}
	if !hasDash {
		return nil
	}
	if blank(right) {
		return fail(data.RuleSubtypes, CauseStructure, "", "nothing after the dash")
	}
	if !f.anyCategory() {
		return fail(data.RuleSubtypes+"d", CauseCategory, strings.TrimSpace(right), typeNames(f)+" has no subtypes, but the line lists "+strconv.Quote(strings.TrimSpace(right)))
	}
	if f.hasPlane {
		return parsePlane(strings.TrimSpace(right), lang, f)
	}
	return parseSubtypes(right, lang, f)
}

// parseTypes reads the words before the dash: supertypes and card types.
func parseTypes(left string, lang Lang, f *face) *Error {
	seenType := false
	for i := 0; i < len(left); {
		for i < len(left) && left[i] == ' ' {
			i++
		}
		j := i
		for j < len(left) && left[j] != ' ' {
			j++
		}
		if j == i {
			break
		}
		w := left[i:j]
		i = j
		wd := vocab.lookup(w)
		if s := pick(wd, kindCardType, 0, lang); s != nil {
			ct := cardtype.CardType(s.v)
			if err := usable(w, s, lang); err != nil {
				return err
			}
			seenType = true
			for _, x := range f.types[:f.nTypes] {
				if x == ct {
					return fail(data.RuleCardTypes, CauseStructure, w, strconv.Quote(w)+" appears twice")
				}
			}
			if f.nTypes == maxType {
				return fail(data.RuleCardTypes, CauseStructure, w, "too many card types")
			}
			f.types[f.nTypes] = ct
			f.nTypes++
			if ct == cardtype.Plane {
				f.hasPlane = true
			}
			continue
		}
		if s := pick(wd, kindSupertype, 0, lang); s != nil {
			st := cardtype.Supertype(s.v)
			if err := usable(w, s, lang); err != nil {
				return err
			}
			if lang == English && seenType {
				return fail(data.RuleSupertypes, CauseStructure, w, strconv.Quote(w)+" is a supertype: English type lines print supertypes before card types")
			}
			for _, x := range f.super[:f.nSuper] {
				if x == st {
					return fail(data.RuleSupertypes, CauseStructure, w, strconv.Quote(w)+" appears twice")
				}
			}
			if f.nSuper == maxType {
				return fail(data.RuleSupertypes, CauseStructure, w, "too many supertypes")
			}
			f.super[f.nSuper] = st
			f.nSuper++
			continue
		}
		return unknownType(w, wd, lang)
	}
	if f.nTypes == 0 {
		return fail(data.RuleCardTypes, CauseStructure, "", "no card type (only supertypes)")
	}
	if lang == Spanish {
		// Spanish prints the noun first ("Criatura artefacto"); a Face
		// keeps the English order (Artifact Creature).
		for i, j := 0, f.nTypes-1; i < j; i, j = i+1, j-1 {
			f.types[i], f.types[j] = f.types[j], f.types[i]
		}
	}
	return nil
}

// pick returns the sense of w of the given kind (and category, for
// subtypes) in the line's language, else in the other language, else nil.
func pick(w *word, k kind, cat subtype.Category, lang Lang) *sense {
	if w == nil {
		return nil
	}
	var other *sense
	for i := range w.senses {
		s := &w.senses[i]
		if s.kind != k || (k == kindSubtype && s.cat != cat) {
			continue
		}
		if s.langs&lang.bit() != 0 {
			return s
		}
		other = s
	}
	return other
}

// usable checks that a sense found for w is in the rules today and in the
// line's language.
func usable(w string, s *sense, lang Lang) *Error {
	if !s.current() {
		return removed(w, s)
	}
	if s.langs&lang.bit() == 0 {
		other := Spanish
		if lang == Spanish {
			other = English
		}
		return fail(ruleOf(s), CauseLanguage, w, strconv.Quote(w)+" is "+langName(other)+" (the "+nounOf(s)+" "+nameOf(s)+"), but the line is read as "+langName(lang))
	}
	return nil
}

func langName(l Lang) string {
	if l == Spanish {
		return "Spanish"
	}
	return "English"
}

func removed(w string, s *sense) *Error {
	var t *enum.Table
	switch s.kind {
	case kindCardType:
		t = data.CardTypes
	case kindSupertype:
		t = data.Supertypes
	default:
		t = data.Categories[s.cat-1].Table
	}
	e := t.Entry(int(s.v))
	reason := strconv.Quote(w) + " is no longer " + enum.Article(t.Noun) + ": the rules dropped " + e.EN + " from rule " + t.Rule + " in the release of " + e.Removed
	if e.ReplacedBy != "" {
		reason += " and renamed it " + e.ReplacedBy
	}
	return fail(t.Rule, CauseRemoved, w, reason)
}

func ruleOf(s *sense) string {
	switch s.kind {
	case kindCardType:
		return data.RuleCardTypes
	case kindSupertype:
		return data.RuleSupertypes
	}
	return s.cat.Rule()
}

func nounOf(s *sense) string {
	switch s.kind {
	case kindCardType:
		return "card type"
	case kindSupertype:
		return "supertype"
	}
	return s.cat.String() + " type"
}

func nameOf(s *sense) string {
	switch s.kind {
	case kindCardType:
		return cardtype.CardType(s.v).String()
	case kindSupertype:
		return cardtype.Supertype(s.v).String()
	}
	return s.st.String()
}

func unknownType(w string, wd *word, lang Lang) *Error {
	if wd != nil {
		for i := range wd.senses {
			if s := &wd.senses[i]; s.kind == kindSubtype {
				return fail(data.RuleCardTypes, CauseStructure, w, strconv.Quote(w)+" is "+enum.Article(nounOf(s))+", not a card type or supertype: subtypes follow the dash")
			}
		}
	}
	return fail(data.RuleCardTypes, CauseUnknown, w, strconv.Quote(w)+" is neither a card type (rule "+data.RuleCardTypes+") nor a supertype (rule "+data.RuleSupertypes+")")
}

// anyCategory reports whether the face's card types have subtypes at all.
func (f *face) anyCategory() bool {
	for _, t := range f.types[:f.nTypes] {
		for i := range data.Categories {
			if subtype.Category(i + 1).Has(t) {
				return true
			}
		}
	}
	return false
}

// allows reports whether one of the face's card types can have subtypes
// of category c (205.3d).
func (f *face) allows(c subtype.Category) bool {
	for _, t := range f.types[:f.nTypes] {
		if c.Has(t) {
			return true
		}
	}
	return false
}

// parsePlane reads the words after a plane's dash: all of them are one
// planar type (205.3n: "Bolas’s Meditation Realm").
func parsePlane(right string, lang Lang, f *face) *Error {
	wd := vocab.lookup(right)
	s := pick(wd, kindSubtype, subtype.CategoryPlanar, lang)
	if s == nil {
		return fail(subtype.CategoryPlanar.Rule(), CauseUnknown, right, strconv.Quote(right)+" is not a planar type")
	}
	if err := usable(right, s, lang); err != nil {
		return err
	}
	f.subs[0] = s.st
	f.nSubs = 1
	return nil
}

type span struct{ start, end int }

// parseSubtypes reads the words after the dash, longest names first.
func parseSubtypes(right string, lang Lang, f *face) *Error {
	var toks [maxSub + 8]span
	nt := 0
	for i := 0; i < len(right); {
		for i < len(right) && right[i] == ' ' {
			i++
		}
		j := i
		for j < len(right) && right[j] != ' ' {
			j++
		}
		if j > i {
			if nt == len(toks) {
				return fail(data.RuleSubtypes, CauseStructure, "", "too many subtypes")
			}
			toks[nt] = span{i, j}
			nt++
		}
		i = j
	}
	for i := 0; i < nt; {
		first := vocab.lookup(right[toks[i].start:toks[i].end])
		most := 1
		if first != nil {
			most = first.phrase
		}
		most = min(most, nt-i)
		matched := 0
		for n := most; n >= 1 && matched == 0; n-- {
			phrase := right[toks[i].start:toks[i+n-1].end]
			wd := first
			if n > 1 {
				wd = vocab.lookup(phrase)
			}
			s := subtypeSense(wd, lang, f)
			if s == nil {
				continue
			}
			if !s.current() {
				return removed(phrase, s)
			}
			for _, x := range f.subs[:f.nSubs] {
				if x == s.st {
					return fail(data.RuleSubtypes, CauseStructure, phrase, strconv.Quote(phrase)+" appears twice")
				}
			}
			if f.nSubs == maxSub {
				return fail(data.RuleSubtypes, CauseStructure, "", "too many subtypes")
			}
			f.subs[f.nSubs] = s.st
			f.nSubs++
			matched = n
		}
		if matched == 0 {
			return wrongSubtype(right, toks[i:i+most], lang, f)
		}
		i += matched
	}
	return nil
}

// subtypeSense picks the sense of wd that is a subtype, in the line's
// language, of a category the face allows; a current name before a
// removed one.
func subtypeSense(wd *word, lang Lang, f *face) *sense {
	if wd == nil {
		return nil
	}
	var best *sense
	for i := range wd.senses {
		s := &wd.senses[i]
		if s.kind != kindSubtype || s.langs&lang.bit() == 0 || !f.allows(s.cat) {
			continue
		}
		if best == nil || (!best.current() && s.current()) {
			best = s
		}
	}
	return best
}

// wrongSubtype explains why no name starting at toks[0] is a subtype of
// the face, trying the longest phrase first: a subtype of a category the
// card types cannot have (205.3d), a name of the other language, a card
// type or supertype after the dash, or a word the rules do not know.
func wrongSubtype(right string, toks []span, lang Lang, f *face) *Error {
	var wrongLang *Error
	for n := len(toks); n >= 1; n-- {
		phrase := right[toks[0].start:toks[n-1].end]
		wd := vocab.lookup(phrase)
		if wd == nil {
			continue
		}
		for i := range wd.senses {
			s := &wd.senses[i]
			switch {
			case s.kind == kindSubtype && s.langs&lang.bit() != 0 && !f.allows(s.cat):
				return fail(data.RuleSubtypes+"d", CauseCategory, phrase, strconv.Quote(phrase)+" is "+enum.Article(s.cat.String())+" type, but "+typeNames(f)+" cannot have "+s.cat.String()+" types")
			case s.kind == kindSubtype && wrongLang == nil && s.langs&lang.bit() == 0:
				wrongLang = usable(phrase, s, lang)
			case s.kind != kindSubtype && s.langs&lang.bit() != 0:
				return fail(data.RuleSubtypes, CauseStructure, phrase, strconv.Quote(phrase)+" is "+enum.Article(nounOf(s))+": card types and supertypes come before the dash")
			}
		}
	}
	if wrongLang != nil {
		return wrongLang
	}
	w := right[toks[0].start:toks[0].end]
	var b strings.Builder
	n := 0
	for i := range data.Categories {
		c := subtype.Category(i + 1)
		if f.allows(c) {
			if n > 0 {
				b.WriteString(" or ")
			}
			b.WriteString(c.String())
			n++
		}
	}
	return fail(data.RuleSubtypes, CauseUnknown, w, strconv.Quote(w)+" is not "+enum.Article(b.String())+" type, nor a subtype of any category")
}

// blank reports whether s is only spaces.
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' {
			return false
		}
	}
	return true
}

func typeNames(f *face) string {
	var b strings.Builder
	for i, t := range f.types[:f.nTypes] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}
