// Package keyword lists the keywords of the Magic: The Gathering
// Comprehensive Rules: the keyword actions (the titles of rule 701.2
// onward: Activate, Attach, Tap, Untap, ...), the keyword abilities (the
// titles of rule 702.2 onward: Deathtouch, Defender, Double Strike, ...)
// and the ability words (the list of rule 207.2c, 206.2c before 2010:
// Adamant, Addendum, ...), every release since 2009, read from the rules
// themselves, not gathered from cards.
//
// A title that names two keywords is both: "Tap and Untap" (701.26 in
// 2026) gives ActionTap and ActionUntap, "Daybound and Nightbound" gives
// AbilityDaybound and AbilityNightbound; each keeps the rule of its title
// (Rule). A name keeps the rules' spelling, punctuation included ("For
// Mirrodin!", "∞ (Infinity)"); its identifier drops the punctuation
// (AbilityForMirrodin) or, for a name of no letters, takes its gloss
// (AbilityInfinity), and lookups find it by any of those spellings
// ("for mirrodin", "∞", "infinity"). Ability words are title-cased, as
// cards print them ("Descend 4").
//
// # Stable values
//
// A constant's number is given once, when the name is first recorded
// (generated/values.json), and never changes; a keyword the rules drop
// keeps its constant, marked Deprecated with the release that dropped it,
// after the current ones, and Parse refuses it saying so. No Spanish
// source names the keywords yet: Spanish returns "" until one does. The
// Values functions list rule order, Sorted a language's.
//
// # Past releases, text, JSON and databases
//
// As in package cardtype: Lives and ListedIn of a value, ActionValuesAsOf
// and ParseActionAsOf of a release (a date, YYYY-MM-DD, package rules),
// EveryAction for every value ever recorded, and likewise for the
// abilities and ability words; a value encodes as its name, decodes from
// its name or a JSON number, and stores in a database as its name (Value)
// and reads back from its name or number (Scan).
//
// # Reading card text
//
// Each keyword ability has the forms its own rule writes (Ability.Forms:
// "Ward [cost]", "Protection from [quality]", "[type]walk", the variants
// "Megamorph [cost]" and "Equip planeswalker [cost]"), and each keyword
// action the forms rule 701 writes (Action.Forms: "scry N", "amass
// [subtype] N"), read from the rules of every release, never typed in;
// what Forms returns is the caller's to change. A Reader, made once for
// the rules of a day (NewReader, which checks the day; its zero value
// reads by today's), appends the keywords of a card's rules text to a
// slice (Reader.Append, and Append by today's rules, as strconv appends).
// It lexes each line once, with the lexer cmd/gen reads the forms, verbs
// and names with (words, numbers, mana symbols, dashes, separators,
// reminder text by its depth), looks each word up once among the words
// that begin a keyword, and compares token to token, in any case, either
// apostrophe, any spaces and tabs between words. It finds the keyword
// abilities of its keyword lines, after a flavor word (207.2d, never
// reported) or an ability word heading the line, each with the variant as
// printed ("Islandwalk") and its parameters typed (NumParams, Param: a
// mana.Cost and each choice of a cost with choices, a Number that is a
// value, a variable with what the card says it is, or the ability
// printed in its place, a quality, a type with its subtype, a name, a
// power and toughness): "Protection from black and from red" is two
// abilities, "Hexproof from artifacts, creatures, and enchantments"
// three; a keyword inside another's cost ("Ward—Collect evidence 4");
// every keyword action in any of its verb forms and subjects, with its
// form's parameters; the designations keywords give ("suspected",
// "plotted", "the city's blessing"); the ability words heading its lines;
// the predefined tokens it creates. Each Found gives its span (Offset,
// End) and each parameter's, how the card uses it (Use: it has or does
// it, a trigger names it, a designation, the meld pair its reminder
// names), the name a card prints for a keyword the rules renamed since
// (Was), and the names card databases list it under, each by its rule
// (DatabaseNames: "Manifest" of manifest dread, which rule 701.62a
// defines through manifest). Reading as of a release finds only what its
// rules listed, and allocates nothing once the slice it appends to has
// grown.
//
// # How this package is made
//
// cmd/gen writes tables.go from the snapshots; the lookups and text forms
// are the hand-written code of generated/internal/enum, shared by every
// generated package. Lookups take any case and allocate nothing.
package keyword

import (
	"github.com/mtgrules/crgen/generated/rules"
)

// Effective returns the newest release the package's lists were read
// from (each list says its own: ActionList, AbilityList, AbilityWordList, CounterList); not a newer release that did not
// read them.
func Effective() string {
	en, _ := rules.NewestOf(ActionList(), AbilityList(), AbilityWordList(), CounterList())
	return en
}

// NameError is the error of the Parse functions (rules.NameError): a
// name that is not in the list today, or as of the release asked for,
// with, for a name the rules dropped, the release that dropped it.
type NameError = rules.NameError
