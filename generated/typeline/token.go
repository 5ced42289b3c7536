package typeline

import (
	"strings"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
)

// Two rules of the type line that are not about names: the word
// "Token" card databases print before a token card's types, and a kindred
// card's other card type.

// tokenWord is what card databases (Scryfall, MTGJSON) print before the
// types of a token card.
const tokenWord = "Token"

// noteToken is "Token" printed before the types (printed mode).
const noteToken = noteSpecial + 1

// token reads "Token" at offset at of left, the words before the dash
// (which starts at offset off of the line): printed mode notes it and
// marks the face; the rules' mode refuses it, saying why, but in text
// the package wrote (UnmarshalText), where it marks the face.
func (p *parser) token(left string, at, off int, f *face) *Error {
	w := left[at : at+len(tokenWord)]
	if p.saved && !p.Printed {
		f.token = true // as Format writes a token's face: no note, nothing misspelled
		return nil
	}
	if !p.Printed {
		return p.fail(data.RuleCardTypes, CausePrinted, w, func() string {
			return quote(w) + " is no card type or supertype: card databases print it before the types of a token card, and printed mode reads it (Options{Printed: true})"
		})
	}
	f.token = true
	// The note spans the word and the space after it, so that the rules'
	// form of the line (Current) has no space left in its place.
	end := at + len(w)
	if end < len(left) && left[end] == ' ' {
		end++
	}
	p.note(noteToken, off+at, left[at:end], nil)
	return nil
}

// ruleKindred is the rule that each kindred card has another card type
// (Tribal's before 2024-07-30): 308.1, which 300.2b repeats.
const ruleKindred = "308.1"

// kindred refuses a face whose one card type needs another (308.1).
func (p *parser) kindred(f *face) *Error {
	if f.nTypes != 1 || !needsAnother(f.types[0]) {
		return nil
	}
	ct := f.types[0]
	return p.fail(ruleKindred, CauseKindred, ct.String(), func() string {
		return "each " + strings.ToLower(ct.String()) + " card has another card type, and this face has none"
	})
}

// needsAnother reports whether a card of card type t has another card
// type by the rules: a kindred card (308.1), or a tribal one, which
// kindred replaced.
func needsAnother(t cardtype.CardType) bool {
	if t == cardtype.Kindred {
		return true
	}
	r, ok := t.ReplacedBy()
	return ok && r == cardtype.Kindred
}

// tokenWhy is the note of "Token".
const tokenWhy = "printed before the types of a token card; no type of the rules"
