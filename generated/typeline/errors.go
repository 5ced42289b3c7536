package typeline

import (
	"database/sql/driver"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/names"
)

// Cause classifies what is wrong with a line.
type Cause uint8

// The causes of an Error.
const (
	CauseUnknown   Cause = iota + 1 // a word that names nothing in the rules
	CauseRemoved                    // a name the rules dropped (as of a release: one they did not list then)
	CauseCategory                   // a subtype of a category the card types cannot have (205.3d)
	CauseStructure                  // empty line, no card type, nothing after the dash, a repeated name, order
	CauseDash                       // a hyphen, or a dash without spaces, where the long dash belongs
	CauseEncoding                   // bytes that are not UTF-8
	CauseLanguage                   // a word of the other language
	CausePrinted                    // a form cards print that the rules spell differently (printed mode accepts it)
	CauseKindred                    // a kindred face with no other card type (308.1)
)

var causeNames = [...]string{"", "unknown", "removed", "category", "structure", "dash", "encoding", "language", "printed", "kindred"}

// String returns the cause's name ("removed").
func (c Cause) String() string {
	if int(c) < len(causeNames) && c > 0 {
		return causeNames[c]
	}
	return "Cause(" + strconv.Itoa(int(c)) + ")"
}

// MarshalText returns the cause's name.
func (c Cause) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a cause's name ("removed"), as MarshalText writes
// it; "" is no cause.
func (c *Cause) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = 0
		return nil
	}
	for i, n := range causeNames {
		if i > 0 && n == strings.ToLower(string(b)) {
			*c = Cause(i)
			return nil
		}
	}
	return &Error{Cause: CauseUnknown, Reason: names.Quote(string(b)) + " is no cause of a type line's error (" + strings.Join(causeNames[1:], ", ") + ")"}
}

// Value stores the cause in a database as its name; NULL for no cause.
func (c Cause) Value() (driver.Value, error) {
	if c == 0 {
		return nil, nil
	}
	return c.String(), nil
}

// Scan reads a cause from a database: its name, or its number; NULL is
// no cause.
func (c *Cause) Scan(src any) error {
	return enum.ScanTextOrNumber(src, "typeline", "a cause", c.UnmarshalText, func(n int64) error {
		if n < 0 || n >= int64(len(causeNames)) {
			return &Error{Cause: CauseUnknown, Reason: strconv.FormatInt(n, 10) + " is no cause of a type line's error"}
		}
		*c = Cause(n)
		return nil
	})
}

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

// errAsGiven is what reread returns for a line it reads no differently:
// read it as given.
var errAsGiven = &Error{Cause: CauseUnknown, Reason: "read as given"}

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

// explain replaces the rules' verdict on a dash with a more useful one
// when printed mode reads further: if printed mode accepts the face, the
// error is the dash; if it stops later, at something no spelling excuses
// (Creature - Elf Lord), that is the error.
func (p *parser) explain(part string, off int, strict *Error) *Error {
	q := parser{Options: Options{Lang: p.Lang, Printed: true, AsOf: p.AsOf}, collect: true, face: p.face}
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

// usable checks that a sense found for w is in the rules today and in the
// line's language.
func (p *parser) usable(w string, s *sense, lang Lang) *Error {
	if !p.cur(s) {
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

// removed explains a name the rules no longer list: when they dropped it
// and what replaced it, or, for a name dropped before the history begins,
// what it was.
func (p *parser) removed(w string, s *sense) *Error {
	if s.Form == formDropped {
		if p.quiet {
			return errQuiet // Valid: no entry to find
		}
		d := droppedOf(s)
		return p.fail(d.Table.Rule, CauseRemoved, w, func() string {
			return quote(w) + " is not " + enum.Article(d.Table.Noun) + " of the rules: " + d.What + "; it was removed from rule " + d.Table.Rule + " before the release of " + data.OldestRelease + ", the oldest the history knows"
		})
	}
	t := tableOf(s)
	if p.AsOf != "" {
		return p.fail(t.Rule, CauseRemoved, w, func() string {
			if s.Kind == kindSubtype && !catOf(s).ListedIn(p.AsOf) {
				return quote(w) + " is " + enum.Article(nounOf(s)) + ", but the rules of " + p.AsOf + " have no " + catOf(s).String() + " types"
			}
			_, err := t.ParseAsOf(t.Entry(int(s.V)).EN, p.AsOf)
			return quote(w) + " " + err.(*enum.NameError).Why()
		})
	}
	return p.fail(t.Rule, CauseRemoved, w, func() string {
		e := t.Entry(int(s.V))
		return enum.RemovedReason(quote(w), t.Noun, e.EN, t.Rule, e.Removed, e.ReplacedBy)
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
		return droppedOf(s).Printed
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

func typeNames(f *face) string {
	var b strings.Builder
	for i, t := range f.cardTypes() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}
