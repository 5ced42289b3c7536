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
// creature. Subtypes keep the line's order: the rules give them none, and
// Spanish cards usually print them in the reverse of the English order
// ("Guerrero humano" for Human Warrior).
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
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/names"
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
	return 0, &Error{Line: s, Cause: CauseLanguage, Reason: quote(s) + " is not a language of the rules: want en or es"}
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

// Current reads a line and returns it as the rules spell it: each form of
// its notes replaced by the rules' spelling, keeping the line's order and
// the case of each word's first letter ("Criatura - Bestia felina" is
// "Criatura — Bestia felino"). It is what a user stores to normalise
// printed data; a line with no notes comes back as it is.
func (o Options) Current(line string) (string, error) {
	tl, err := o.Parse(line)
	if err != nil {
		return "", err
	}
	return Rewrite(line, tl.Notes), nil
}

// Rewrite replaces the span of each note in line, the line the notes were
// read from (Options.Parse), with the rules' spelling: Current without a
// second parse, for a caller that has the TypeLine already.
func Rewrite(line string, notes []Note) string {
	if len(notes) == 0 {
		return line
	}
	var b strings.Builder
	at := 0
	for _, n := range notes {
		start, end := n.Offset, n.Offset+len(n.Printed)
		repl := n.Current
		if n.Current == "—" {
			// The span of a dash holds its spaces, or lacks them.
			repl = " — "
			for start > at && line[start-1] == ' ' {
				start--
			}
			for end < len(line) && line[end] == ' ' {
				end++
			}
		} else {
			repl = sameInitialCase(repl, n.Printed)
		}
		b.WriteString(line[at:start])
		b.WriteString(repl)
		at = end
	}
	b.WriteString(line[at:])
	return b.String()
}

// sameInitialCase returns name with its first letter in the case of
// printed's: Spanish cards print the second and later subtypes in lower
// case ("Hechicero pueblo lunar").
func sameInitialCase(name, printed string) string {
	p, _ := utf8.DecodeRuneInString(printed)
	r, size := utf8.DecodeRuneInString(name)
	switch {
	case unicode.IsLower(p) && unicode.IsUpper(r):
		return string(unicode.ToLower(r)) + name[size:]
	case unicode.IsUpper(p) && unicode.IsLower(r):
		return string(unicode.ToUpper(r)) + name[size:]
	}
	return name
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
	CausePrinted                    // a form cards print that the rules spell differently (printed mode accepts it)
)

var causeNames = [...]string{"", "unknown", "removed", "category", "structure", "dash", "encoding", "language", "printed"}

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
	b.WriteString(names.Quote(e.Line))
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
	// allowed has bit c set when a card type of the face has subtypes of
	// category c (205.3d), kept as the card types are read.
	allowed uint32
}

// Validate checks a type line by the rules. It allocates nothing for a
// valid line.
func Validate(line string, lang Lang) error { return Options{Lang: lang}.Validate(line) }

// Parse reads a type line by the rules into its faces.
func Parse(line string, lang Lang) (TypeLine, error) { return Options{Lang: lang}.Parse(line) }

// Validate checks a type line. It allocates nothing for a valid line, in
// either mode.
func (o Options) Validate(line string) error {
	v := fastRead(line, o.Lang)
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
	v := fastRead(line, o.Lang)
	if v == fastValid {
		return true
	}
	p := parser{Options: o, quiet: true, nfcFirst: v == fastDecomposed}
	return p.read(line, nil, nil) == nil
}

// Parse reads a type line into its faces and, in printed mode, the notes
// on the forms it prints that the rules spell differently.
func (o Options) Parse(line string) (TypeLine, error) {
	var tl TypeLine
	p := parser{Options: o, collect: true}
	emit := func(f face) {
		tl.Faces = append(tl.Faces, Face{
			Supertypes: append([]cardtype.Supertype(nil), f.super[:f.nSuper]...),
			CardTypes:  append([]cardtype.CardType(nil), f.types[:f.nTypes]...),
			Subtypes:   append([]subtype.Subtype(nil), f.subs[:f.nSubs]...),
		})
	}
	// A face read before a failure is read again.
	if err := p.read(line, emit, func() { tl.Faces, p.notes = nil, nil }); err != nil {
		return TypeLine{}, err
	}
	for _, n := range p.notes {
		if len(tl.Faces) == 1 {
			n.face = 0
		}
		tl.Notes = append(tl.Notes, n.public(o.Lang))
	}
	// The dash is noted before the words left of it: line order.
	slices.SortStableFunc(tl.Notes, func(a, b Note) int { return a.Offset - b.Offset })
	return tl, nil
}

// read reads line as given and, when that fails, again as real-world
// text (reread), calling reset before each reading after the first. The
// first reading builds no error (quiet): a valid line pays for nothing
// else (not even a scan for combining marks: a decomposed line fails at
// its first decomposed word, and is then read in NFC; nfcFirst, when the
// fast path saw that word, skips to the NFC reading), and only a line
// that real-world text does not explain is read a second time, for its
// error.
func (p *parser) read(line string, emit func(face), reset func()) error {
	quiet := p.quiet
	if !p.nfcFirst {
		p.quiet = true
		err := p.run(line, emit)
		p.quiet = quiet
		if err == nil {
			return nil
		}
		if reset != nil {
			reset()
		}
	}
	if err := p.reread(line, emit, errAsGiven); err != errAsGiven {
		return err
	}
	if quiet && !p.nfcFirst {
		return errQuiet // the quiet reading above said so already
	}
	return p.run(line, emit)
}

// errAsGiven is what reread returns for a line it reads no differently:
// read it as given.
var errAsGiven = &Error{Cause: CauseUnknown, Reason: "read as given"}

// parser reads one line. It stays on the stack: Validate allocates
// nothing, and notes are only gathered when Parse asks for them.
type parser struct {
	Options
	quiet bool // Valid: the verdict, no error messages
	// nfcFirst: the line holds a combining mark in a word the fast path
	// missed; read it in NFC before reading it as given.
	nfcFirst bool
	collect  bool
	face     int // the face being read, 1-based
	notes    []note
}

// noteKind says how a printed form differs from the rules.
type noteKind uint8

const (
	noteNone     noteKind = iota
	noteDash              // a hyphen, en dash or spaceless dash for " — "
	noteVariant           // a curated printed variant
	noteSpelling          // other accents, hyphens or spaces
	noteFeminine          // a Spanish feminine form of a masculine name
)

// note is a Note before it is needed: the sense, not yet its names.
type note struct {
	face    int
	at      int // offset of printed in the line
	kind    noteKind
	printed string // a substring of the line
	s       *sense // nil for a dash
}

func (p *parser) note(k noteKind, at int, printed string, s *sense) {
	if p.collect {
		p.notes = append(p.notes, note{face: p.face, at: at, kind: k, printed: printed, s: s})
	}
}

func (n note) why() string {
	switch n.kind {
	case noteDash:
		switch n.printed {
		case "—":
			return "the long dash without a space on each side"
		case "-":
			return "a hyphen where the rules print the long dash"
		case "--":
			return "two hyphens where the rules print the long dash"
		}
		return "an en dash where the rules print the long dash"
	case noteVariant:
		return data.Variants[n.s.Ref].Why
	case noteFeminine:
		return "the feminine form; the rules list the masculine"
	case noteSpecial:
		if sp := names.Specials(n.printed); len(sp) == 1 {
			return specialWhy(sp[0])
		}
	}
	return "spelled with other accents, hyphens or spaces than the rules"
}

func (n note) public(lang Lang) Note {
	cur := "—"
	switch {
	case n.kind == noteSpecial:
		cur = " "
		if sp := names.Specials(n.printed); len(sp) == 1 && sp[0].Invisible() {
			cur = ""
		}
	case n.kind == noteSpelling:
		cur = spellingLike(n.s, lang, n.printed)
	case n.s != nil:
		cur = spelling(n.s, lang)
	}
	return Note{Face: n.face, Offset: n.at, Printed: n.printed, Current: cur, Why: n.why()}
}

// strictError is the rules' verdict on a form printed mode accepts.
func (p *parser) strictError(n note) *Error {
	lang := p.Lang
	if n.kind == noteDash {
		if n.printed == "—" {
			return p.fail(data.RuleSubtypes, CauseDash, "—", func() string { return "the long dash must have a space on each side" })
		}
		return p.fail(data.RuleSubtypes, CauseDash, n.printed, func() string {
			return quote(n.printed) + " stands where the long dash \"—\" belongs: subtypes follow \" — \""
		})
	}
	name := nameOf(n.s)
	if cur := spelling(n.s, lang); cur != name {
		name += ", " + cur
	}
	return p.fail(ruleOf(n.s), CausePrinted, n.printed, func() string {
		return quote(n.printed) + " is not how the rules spell the " + nounOf(n.s) + " " + name + "; cards print it so (" + n.why() + "): printed mode accepts it"
	})
}

// spelling is a sense's name as the rules spell it in lang.
func spelling(s *sense, lang Lang) string {
	e := tableOf(s).Entry(int(s.V))
	if lang == Spanish && e.ES != "" {
		return e.ES
	}
	return e.EN
}

// spellingLike is the rules' spelling in lang of a sense that printed
// matched loosely: the one of its spellings (Básica, not Básico) that
// loosens to the same key.
func spellingLike(s *sense, lang Lang, printed string) string {
	var b1, b2 [maxName]byte
	want := names.LooseKey(b1[:0], printed)
	e := tableOf(s).Entry(int(s.V))
	for _, name := range e.Names() {
		if k := names.LooseKey(b2[:0], name); strings.EqualFold(string(k), string(want)) {
			return name
		}
	}
	return spelling(s, lang)
}

func tableOf(s *sense) *enum.Table {
	switch s.Kind {
	case kindCardType:
		return data.CardTypes
	case kindSupertype:
		return data.Supertypes
	}
	return data.Categories[catOf(s)-1].Table
}

// run parses every face of line, handing each to emit (by value, so the
// face stays on the stack when emit is nil: Validate allocates nothing).
func (p *parser) run(line string, emit func(face)) error {
	rest := line
	for n := 1; ; n++ {
		part, tail, more := cutFace(rest)
		var f face
		p.face = n
		off := len(line) - len(rest)
		if err := p.parseFace(part, off, &f); err != nil {
			if p.quiet {
				return err
			}
			// Bytes that are not UTF-8 are the first thing to say. A line
			// that parses needs no such check: every byte of it belongs to
			// a name of the vocabulary or a separator, all UTF-8.
			if enc := p.checkEncoding(line); enc != nil {
				err = enc
			} else if !p.Printed && err.Cause == CauseDash {
				err = p.explain(part, off, err)
			}
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

// cutFace is strings.Cut(s, faceSep), looking for the separator's slash
// first: nearly every line has none, and finding one byte costs less than
// finding a string.
func cutFace(s string) (face, rest string, more bool) {
	for from := 0; ; {
		i := strings.IndexByte(s[from:], '/')
		if i < 0 {
			return s, "", false
		}
		if i += from; i > 0 && strings.HasPrefix(s[i-1:], faceSep) {
			return s[:i-1], s[i-1+len(faceSep):], true
		}
		from = i + 1
	}
}

// indexDash is strings.Index(s, dash), looking for the long dash's first
// byte first, as cutFace does.
func indexDash(s string) int {
	for from := 0; ; {
		i := strings.IndexByte(s[from:], dash[1])
		if i < 0 {
			return -1
		}
		if i += from; i > 0 && strings.HasPrefix(s[i-1:], dash) {
			return i - 1
		}
		from = i + 1
	}
}

// explain replaces the rules' verdict on a dash with a more useful one
// when printed mode reads further: if printed mode accepts the face, the
// error is the dash; if it stops later, at something no spelling excuses
// (Creature - Elf Lord), that is the error.
func (p *parser) explain(part string, off int, strict *Error) *Error {
	q := parser{Options: Options{Lang: p.Lang, Printed: true}, collect: true, face: p.face}
	var f face
	if err := q.parseFace(part, off, &f); err != nil {
		return err
	}
	if len(q.notes) == 0 {
		return strict
	}
	return p.strictError(q.notes[0])
}

// quote quotes a word of the input for a message, cut at 60 bytes: a
// message names the offending word without repeating a huge input.
func quote(w string) string {
	const keep = 60
	if len(w) <= keep {
		return names.Quote(w)
	}
	cut := keep
	for cut > 0 && !utf8.RuneStart(w[cut]) {
		cut--
	}
	return names.Quote(w[:cut]) + "…"
}

func itoa(n int) string { return strconv.Itoa(n) }

// fail makes the error of a check that failed. The reason is a function
// so that a verdict alone (Valid) builds no message: it is only called
// when the error is wanted.
func (p *parser) fail(rule string, cause Cause, word string, reason func() string) *Error {
	if p.quiet {
		return errQuiet
	}
	return &Error{Rule: rule, Cause: cause, Word: word, Reason: reason()}
}

// errQuiet is the error of every failed check when only the verdict is
// wanted; Valid never lets it out.
var errQuiet = &Error{Cause: CauseUnknown, Reason: "invalid"}

// checkEncoding names bytes that are not UTF-8, and the two ways a long
// dash arrives garbled: the Windows-1252 byte 0x97, and UTF-8 read as
// Windows-1252 ("â€”").
func (p *parser) checkEncoding(line string) *Error {
	if utf8.ValidString(line) {
		if strings.Contains(line, "â€”") {
			return p.fail("", CauseEncoding, "â€”", func() string {
				return `"â€”" is a long dash garbled by an encoding mix-up (UTF-8 read as Windows-1252): decode the input as UTF-8`
			})
		}
		return nil
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size == 1 {
			if line[i] == 0x97 {
				return p.fail("", CauseEncoding, "\x97", func() string {
					return "byte 0x97 at offset " + strconv.Itoa(i) + " is the long dash of Windows-1252: convert the input to UTF-8"
				})
			}
			return p.fail("", CauseEncoding, line[i:i+1], func() string {
				return "byte 0x" + strconv.FormatUint(uint64(line[i]), 16) + " at offset " + strconv.Itoa(i) + " is not UTF-8: convert the input to UTF-8"
			})
		}
		i += size
	}
	return nil
}

// printedDashes are the dashes cards and card databases print for " — ",
// and the bare long dash without its spaces.
var printedDashes = [...]string{" -- ", " - ", " – ", "—"}

// cutDash splits a face at its dash. The rules' mode wants " — " and
// explains any other dash; printed mode accepts the others, noting them.
// The offset returned is where right begins in s.
func (p *parser) cutDash(s string, off int) (left, right string, rightAt int, hasDash bool, err *Error) {
	if i := indexDash(s); i >= 0 {
		return s[:i], s[i+len(dash):], i + len(dash), true, nil
	}
	for _, d := range printedDashes {
		i := strings.Index(s, d)
		if i < 0 || blank(s[:i]) || blank(s[i+len(d):]) {
			continue
		}
		if !p.Printed {
			if d == "—" {
				return "", "", 0, false, p.fail(data.RuleSubtypes, CauseDash, "—", func() string { return "the long dash must have a space on each side" })
			}
			return "", "", 0, false, p.strictError(note{kind: noteDash, printed: strings.TrimSpace(d)})
		}
		lead := len(d) - len(strings.TrimLeft(d, " "))
		p.note(noteDash, off+i+lead, strings.TrimSpace(d), nil)
		return s[:i], s[i+len(d):], i + len(d), true, nil
	}
	if strings.Contains(s, "—") {
		return "", "", 0, false, p.fail(data.RuleSubtypes, CauseDash, "—", func() string { return "the long dash must have a space on each side" })
	}
	return s, "", 0, false, nil
}

// parseFace reads the face s, which starts at offset off of the line.
func (p *parser) parseFace(s string, off int, f *face) *Error {
	if blank(s) {
		return p.fail(data.RuleCardTypes, CauseStructure, "", func() string { return "empty type line: a card has at least one card type" })
	}
	if strings.HasSuffix(strings.TrimRight(s, " "), " —") {
		return p.fail(data.RuleSubtypes, CauseStructure, "", func() string { return "nothing after the dash" })
	}
	left, right, rightAt, hasDash, err := p.cutDash(s, off)
	if err != nil {
		return err
	}
	if blank(left) {
		return p.fail(data.RuleCardTypes, CauseStructure, "", func() string { return "no card type before the dash" })
	}
	if err := p.parseTypes(left, off, f); err != nil {
		return err
	}
	if !hasDash {
		return nil
	}
	if blank(right) {
		return p.fail(data.RuleSubtypes, CauseStructure, "", func() string { return "nothing after the dash" })
	}
	if !f.anyCategory() {
		return p.fail(data.RuleSubtypes+"d", CauseCategory, strings.TrimSpace(right), func() string {
			return typeNames(f) + " has no subtypes, but the line lists " + quote(strings.TrimSpace(right))
		})
	}
	if f.hasPlane {
		lead := len(right) - len(strings.TrimLeft(right, " "))
		return p.parsePlane(strings.TrimSpace(right), off+rightAt+lead, f)
	}
	return p.parseSubtypes(right, off+rightAt, f)
}

// typeSense finds the card type or supertype a word before the dash
// names, and how its spelling differs from the rules'.
func (p *parser) typeSense(w string) (*sense, noteKind) {
	wd := vocab.lookup(w)
	s := p.pick(wd, kindCardType, 0)
	if s == nil {
		s = p.pick(wd, kindSupertype, 0)
	}
	how := noteNone
	if s == nil && p.Printed {
		lw := vocab.lookupLoose(w)
		if s = p.pick(lw, kindCardType, 0); s == nil {
			s = p.pick(lw, kindSupertype, 0)
		}
		how = noteSpelling
	}
	if s != nil && s.Form == formVariant {
		how = noteVariant
	}
	return s, how
}

// parseTypes reads the words before the dash: supertypes and card types.
func (p *parser) parseTypes(left string, off int, f *face) *Error {
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
		s, how := p.typeSense(w)
		if s == nil {
			if q := p.asPrinted(); q != nil {
				if s, how := q.typeSense(w); s != nil {
					return p.printedForm(w, s, how)
				}
			}
			return p.unknownType(w, vocab.lookup(w))
		}
		if err := p.usable(w, s, p.Lang); err != nil {
			return err
		}
		if how != noteNone {
			p.note(how, off+i-len(w), w, s)
		}
		if s.Kind == kindCardType {
			ct := cardtype.CardType(s.V)
			seenType = true
			for _, x := range f.types[:f.nTypes] {
				if x == ct {
					return p.fail(data.RuleCardTypes, CauseStructure, w, func() string { return quote(w) + " appears twice" })
				}
			}
			if f.nTypes == maxType {
				return p.fail(data.RuleCardTypes, CauseStructure, w, func() string { return "too many card types" })
			}
			f.types[f.nTypes] = ct
			f.nTypes++
			if ct == cardtype.Plane {
				f.hasPlane = true
			}
			f.allowed |= data.CategoriesOf[ct]
			continue
		}
		st := cardtype.Supertype(s.V)
		if p.Lang == English && seenType {
			return p.fail(data.RuleSupertypes, CauseStructure, w, func() string {
				return quote(w) + " is a supertype: English type lines print supertypes before card types"
			})
		}
		for _, x := range f.super[:f.nSuper] {
			if x == st {
				return p.fail(data.RuleSupertypes, CauseStructure, w, func() string { return quote(w) + " appears twice" })
			}
		}
		if f.nSuper == maxType {
			return p.fail(data.RuleSupertypes, CauseStructure, w, func() string { return "too many supertypes" })
		}
		f.super[f.nSuper] = st
		f.nSuper++
	}
	if f.nTypes == 0 {
		return p.fail(data.RuleCardTypes, CauseStructure, "", func() string { return "no card type (only supertypes)" })
	}
	if p.Lang == Spanish {
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
// Printed variants count only in printed mode.
func (p *parser) pick(w *word, k kind, cat subtype.Category) *sense {
	if w == nil {
		return nil
	}
	var other *sense
	for i := range w.Senses {
		s := &w.Senses[i]
		if s.Kind != k || (k == kindSubtype && catOf(s) != cat) || (s.Form == formVariant && !p.Printed) {
			continue
		}
		if s.Langs&p.Lang.bit() != 0 {
			return s
		}
		other = s
	}
	return other
}

// usable checks that a sense found for w is in the rules today and in the
// line's language.
func (p *parser) usable(w string, s *sense, lang Lang) *Error {
	if !s.Cur {
		return p.removed(w, s)
	}
	if s.Langs&lang.bit() == 0 {
		other := Spanish
		if lang == Spanish {
			other = English
		}
		return p.fail(ruleOf(s), CauseLanguage, w, func() string {
			return quote(w) + " is " + langName(other) + " (the " + nounOf(s) + " " + nameOf(s) + "), but the line is read as " + langName(lang)
		})
	}
	return nil
}

func langName(l Lang) string {
	if l == Spanish {
		return "Spanish"
	}
	return "English"
}

// removed explains a name the rules no longer list: when they dropped it
// and what replaced it, or, for a name dropped before the history begins,
// what it was.
func (p *parser) removed(w string, s *sense) *Error {
	if s.Form == formDropped {
		d := &data.Dropped[s.Ref]
		return p.fail(d.Table.Rule, CauseRemoved, w, func() string {
			return quote(w) + " is not " + enum.Article(d.Table.Noun) + " of the rules: " + d.What + "; the rules dropped it before " + data.OldestRelease + ", the oldest release the history knows"
		})
	}
	t := tableOf(s)
	return p.fail(t.Rule, CauseRemoved, w, func() string {
		e := t.Entry(int(s.V))
		reason := quote(w) + " is no longer " + enum.Article(t.Noun) + ": the rules dropped " + e.EN + " from rule " + t.Rule + " in the release of " + e.Removed
		if e.ReplacedBy != "" {
			reason += " and renamed it " + e.ReplacedBy
		}
		return reason
	})
}

func ruleOf(s *sense) string {
	switch s.Kind {
	case kindCardType:
		return data.RuleCardTypes
	case kindSupertype:
		return data.RuleSupertypes
	}
	return catOf(s).Rule()
}

func nounOf(s *sense) string {
	switch s.Kind {
	case kindCardType:
		return "card type"
	case kindSupertype:
		return "supertype"
	}
	return catOf(s).String() + " type"
}

func nameOf(s *sense) string {
	if s.Form == formDropped {
		return data.Dropped[s.Ref].Printed
	}
	return tableOf(s).Entry(int(s.V)).EN
}

func (p *parser) unknownType(w string, wd *word) *Error {
	if wd != nil {
		for i := range wd.Senses {
			if s := &wd.Senses[i]; s.Kind == kindSubtype {
				return p.fail(data.RuleCardTypes, CauseStructure, w, func() string {
					return quote(w) + " is " + enum.Article(nounOf(s)) + ", not a card type or supertype: subtypes follow the dash"
				})
			}
		}
	}
	return p.fail(data.RuleCardTypes, CauseUnknown, w, func() string {
		return quote(w) + " is neither a card type (rule " + data.RuleCardTypes + ") nor a supertype (rule " + data.RuleSupertypes + ")"
	})
}

// anyCategory reports whether the face's card types have subtypes at all.
func (f *face) anyCategory() bool { return f.allowed != 0 }

// allows reports whether one of the face's card types can have subtypes
// of category c (205.3d).
func (f *face) allows(c subtype.Category) bool { return f.allowed&(1<<c) != 0 }

// parsePlane reads the words after a plane's dash: all of them are one
// planar type (205.3n: "Bolas’s Meditation Realm").
func (p *parser) parsePlane(right string, off int, f *face) *Error {
	s, how := p.subtypeSense(right, 0, f)
	if s == nil {
		if q := p.asPrinted(); q != nil {
			if s, how := q.subtypeSense(right, 0, f); s != nil {
				return p.printedForm(right, s, how)
			}
		}
		return p.fail(subtype.CategoryPlanar.Rule(), CauseUnknown, right, func() string { return quote(right) + " is not a planar type" })
	}
	if err := p.usable(right, s, p.Lang); err != nil {
		return err
	}
	if how != noteNone {
		p.note(how, off, right, s)
	}
	f.subs[0] = stOf(s)
	f.nSubs = 1
	return nil
}

type span struct{ start, end int }

// maxPhrase bounds the words of one name (Señor del Tiempo is three);
// the vocabulary's Phrase never exceeds it (TestPhraseBound).
const maxPhrase = 8

// wordEnd returns where the word starting at i of s ends.
func wordEnd(s string, i int) int {
	for i < len(s) && s[i] != ' ' {
		i++
	}
	return i
}

// parseSubtypes reads the words after the dash, longest names first. It
// walks the words once, looking each first word up once: the words of a
// longer name are only found when the first word starts one.
func (p *parser) parseSubtypes(right string, off int, f *face) *Error {
	for i := 0; ; {
		for i < len(right) && right[i] == ' ' {
			i++
		}
		if i == len(right) {
			return nil
		}
		var ends [maxPhrase]int
		ends[0] = wordEnd(right, i)
		first := vocab.lookup(right[i:ends[0]])
		most := 1
		if first != nil {
			most = first.Phrase
		}
		if p.Printed {
			if loose := vocab.lookupLoose(right[i:ends[0]]); loose != nil {
				most = max(most, loose.Phrase)
			}
		}
		words := 1
		for ; words < min(most, maxPhrase); words++ {
			next := ends[words-1]
			for next < len(right) && right[next] == ' ' {
				next++
			}
			if next == len(right) {
				break
			}
			ends[words] = wordEnd(right, next)
		}
		matched := 0
		for n := words; n >= 1 && matched == 0; n-- {
			phrase := right[i:ends[n-1]]
			var s *sense
			var how noteKind
			if n == 1 { // the word looked up above: not twice
				s, how = p.subtypeSenseOf(first, phrase, n, f)
			} else {
				s, how = p.subtypeSense(phrase, n, f)
			}
			if s == nil {
				continue
			}
			if !s.Cur {
				return p.removed(phrase, s)
			}
			for _, x := range f.subs[:f.nSubs] {
				if x == stOf(s) {
					return p.fail(data.RuleSubtypes, CauseStructure, phrase, func() string { return quote(phrase) + " appears twice" })
				}
			}
			if f.nSubs == maxSub {
				return p.fail(data.RuleSubtypes, CauseStructure, "", func() string { return "too many subtypes" })
			}
			if how != noteNone {
				p.note(how, off+i, phrase, s)
			}
			f.subs[f.nSubs] = stOf(s)
			f.nSubs++
			matched = n
		}
		if matched == 0 {
			return p.noSubtype(right, i, words, f)
		}
		i = ends[matched-1]
	}
}

// noSubtype is the error of the words from offset i of right, where no
// subtype of the face starts (the first words of them could start one):
// the rules' verdict on a form only printed mode reads, else why not.
func (p *parser) noSubtype(right string, i, words int, f *face) *Error {
	var toks [maxSub + maxPhrase]span
	nt := 0
	for nt < len(toks) && i < len(right) {
		j := wordEnd(right, i)
		toks[nt] = span{i, j}
		nt++
		for i = j; i < len(right) && right[i] == ' '; i++ {
		}
	}
	if q := p.asPrinted(); q != nil {
		if err := q.printedSubtype(right, toks[:nt], f); err != nil {
			return err
		}
	}
	return p.wrongSubtype(right, toks[:words], p.Lang, f)
}

// asPrinted returns the parser in printed mode, for the rules' mode to
// tell a form only cards print from an unknown word; nil in printed mode.
func (p *parser) asPrinted() *parser {
	if p.Printed || p.quiet {
		return nil
	}
	q := *p
	q.Printed, q.collect, q.notes = true, false, nil
	return &q
}

// printedForm is the rules' verdict on w, which printed mode reads as s:
// a removed name, a word of the other language, or a form only cards
// print.
func (p *parser) printedForm(w string, s *sense, how noteKind) *Error {
	if err := p.usable(w, s, p.Lang); err != nil {
		return err
	}
	return p.strictError(note{kind: how, printed: w, s: s})
}

// printedSubtype is the rules' verdict, by printedForm, on the first
// subtype printed mode finds at toks[0]; nil if it finds none.
func (q *parser) printedSubtype(right string, toks []span, f *face) *Error {
	most := 1
	tok := right[toks[0].start:toks[0].end]
	for _, w := range []*word{vocab.lookup(tok), vocab.lookupLoose(tok)} {
		if w != nil {
			most = max(most, w.Phrase)
		}
	}
	for n := min(most, len(toks)); n >= 1; n-- {
		phrase := right[toks[0].start:toks[n-1].end]
		if s, how := q.subtypeSense(phrase, n, f); s != nil {
			return (&parser{Options: Options{Lang: q.Lang}}).printedForm(phrase, s, how)
		}
	}
	return nil
}

// subtypeSense finds the subtype a phrase of n words names on the face:
// as the rules spell it, else (printed mode) loosened, else (printed
// Spanish, one word) in the masculine; and how its spelling differs. For
// a plane n is 0: the phrase is one name whatever its words.
func (p *parser) subtypeSense(phrase string, n int, f *face) (*sense, noteKind) {
	return p.subtypeSenseOf(vocab.lookup(phrase), phrase, n, f)
}

// subtypeSenseOf is subtypeSense for a phrase already looked up as the
// rules spell it (exact, which may be nil).
func (p *parser) subtypeSenseOf(exact *word, phrase string, n int, f *face) (*sense, noteKind) {
	if s := p.subtypeOf(exact, f); s != nil {
		return s, variantOr(s, noteNone)
	}
	if !p.Printed {
		return nil, noteNone
	}
	if s := p.subtypeOf(vocab.lookupLoose(phrase), f); s != nil {
		return s, variantOr(s, noteSpelling)
	}
	if p.Lang == Spanish && n == 1 {
		var buf [3][maxName]byte
		forms, k := masculine(&buf, phrase)
		for _, m := range forms[:k] {
			ms := string(m)
			if s := p.subtypeOf(vocab.lookup(ms), f); s != nil {
				return s, noteFeminine
			}
			if s := p.subtypeOf(vocab.lookupLoose(ms), f); s != nil {
				return s, noteFeminine
			}
		}
	}
	return nil, noteNone
}

func variantOr(s *sense, k noteKind) noteKind {
	if s.Form == formVariant {
		return noteVariant
	}
	return k
}

// subtypeOf picks the sense of wd that is a subtype, in the line's
// language, of a category the face allows; a current name before a
// removed one. Printed variants count only in printed mode.
func (p *parser) subtypeOf(wd *word, f *face) *sense {
	if wd == nil {
		return nil
	}
	var best *sense
	for i := range wd.Senses {
		s := &wd.Senses[i]
		if s.Kind != kindSubtype || s.Langs&p.Lang.bit() == 0 || !f.allows(catOf(s)) || (s.Form == formVariant && !p.Printed) {
			continue
		}
		if best == nil || (!best.Cur && s.Cur) {
			best = s
		}
	}
	return best
}

// wrongSubtype explains why no name starting at toks[0] is a subtype of
// the face, trying the longest phrase first: a subtype of a category the
// card types cannot have (205.3d), a name of the other language, a card
// type or supertype after the dash, or a word the rules do not know.
func (p *parser) wrongSubtype(right string, toks []span, lang Lang, f *face) *Error {
	if p.quiet {
		return errQuiet
	}
	var wrongLang *Error
	for n := len(toks); n >= 1; n-- {
		phrase := right[toks[0].start:toks[n-1].end]
		wd := vocab.lookup(phrase)
		if wd == nil {
			continue
		}
		for i := range wd.Senses {
			s := &wd.Senses[i]
			switch {
			case s.Form != formRules:
			case s.Kind == kindSubtype && s.Langs&lang.bit() != 0 && !f.allows(catOf(s)):
				return p.fail(data.RuleSubtypes+"d", CauseCategory, phrase, func() string {
					return quote(phrase) + " is " + enum.Article(catOf(s).String()) + " type, but " + typeNames(f) + " cannot have " + catOf(s).String() + " types"
				})
			case s.Kind == kindSubtype && wrongLang == nil && s.Langs&lang.bit() == 0:
				wrongLang = p.usable(phrase, s, lang)
			case s.Kind != kindSubtype && s.Langs&lang.bit() != 0:
				return p.fail(data.RuleSubtypes, CauseStructure, phrase, func() string {
					return quote(phrase) + " is " + enum.Article(nounOf(s)) + ": card types and supertypes come before the dash"
				})
			}
		}
	}
	if wrongLang != nil {
		return wrongLang
	}
	w := right[toks[0].start:toks[0].end]
	return p.fail(data.RuleSubtypes, CauseUnknown, w, func() string {
		var b strings.Builder
		for i := range data.Categories {
			if c := subtype.Category(i + 1); f.allows(c) {
				if b.Len() > 0 {
					b.WriteString(" or ")
				}
				b.WriteString(c.String())
			}
		}
		return quote(w) + " is not " + enum.Article(b.String()) + " type, nor a subtype of any category"
	})
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
