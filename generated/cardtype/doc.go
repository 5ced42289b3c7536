// Package cardtype lists the card types (rule 205.2a) and supertypes (rule
// 205.4a) of the Magic: The Gathering Comprehensive Rules, in English and
// Spanish.
//
// ParseCardType and ParseSupertype read a name in either language and any
// case, saying why when it is not one the rules list today;
// FindCardType and FindSupertype look one up without an error.
// CardTypeValues and SupertypeValues list today's names in rule order,
// Sorted in the alphabetical order of a language, for a list shown to
// people. Each value has its English name (String) and Spanish name, the
// rule that lists it, and its history: Since, Removed, ReplacedBy.
//
// # Stable values
//
// A constant's number is given once, when the name is first recorded
// (generated/values.json), and never changes: a value stored in a
// database or a file means the same name after every rules update. The
// numbers say nothing of order: Values lists rule order, Sorted a
// language's. A name the rules drop keeps its constant, marked Deprecated
// with the release that dropped it and what replaced it ("Tribal was
// removed from rule 205.2a in the release of 2024-07-30, renamed
// Kindred"), after the current ones; IsValid is false for it and Parse
// refuses it with a *NameError that says so, while the Values functions
// list the current names only.
//
// # Past releases
//
// Every value knows the releases that listed it (Lives, ListedIn), and
// each list can be read as of any release since 2009:
// CardTypeValuesAsOf("2024-04-12") lists that release's card types, in
// its order (Tribal among them), ParseCardTypeAsOf reads a name it
// listed, EveryCardType lists every value ever recorded. A release is a
// date, YYYY-MM-DD: the rules in force that day (package rules).
//
// # Text, JSON and databases
//
// Every type encodes as its English name ("Artifact", "Legendary") and
// decodes from an English or Spanish name in any case, removed names
// included, so data written before an update reads back; a JSON number
// decodes as the value of that number. In a database (database/sql) a
// value is stored as its name by Value and read back by Scan from its
// name or its number; store int64(v) to keep the number, which never
// changes either. The zero value is no card type: it encodes as "" and
// stores as NULL, and both read back to it.
//
// # How this package is made
//
// cmd/gen writes tables.go (the constants, their names and their history)
// from the snapshots; the lookups and text forms are ordinary hand-written
// Go in generated/internal/enum, shared by every generated package.
// Lookups take any case and either apostrophe and allocate nothing.
package cardtype

import (
	"github.com/mtgrules/crgen/generated/rules"
)

// Effective returns the newest releases the package's lists were read
// from, English and Spanish (published later, so possibly older; each
// list says its own: CardTypeList, SupertypeList, PermanentTypeList); not a newer release that did not read them.
func Effective() (en, es string) {
	return rules.NewestOf(CardTypeList(), SupertypeList(), PermanentTypeList())
}

// NameError is the error of the Parse functions (rules.NameError): a name
// that is not in the list of its rule today, or as of the release asked
// for, with, for a name the rules dropped, the release that dropped it
// and what replaced it.
type NameError = rules.NameError
