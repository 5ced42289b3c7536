// Package enum is the hand-written half of the generated packages under
// generated/: the tables cmd/gen fills with the names of one rule's list,
// and everything every such list needs: lookups in either language and any
// case, the history of each name (the release that first listed it, the
// release that dropped it and what replaced it), text forms and errors.
//
// The generator writes data only (one Entry per line, values fixed once
// and for all, and the indexes it built); the algorithms live here and in
// internal/names, as ordinary Go with their own tests, the way
// golang.org/x/text keeps hand-written code beside a generated tables.go.
package enum

import (
	"cmp"
	"fmt"
	"strconv"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
)

// Entry is one name of a list, as the generator writes it. Its value is its
// position in the table plus one, assigned when the name first appeared in
// the rules and never changed after.
type Entry struct {
	EN    string   // printed English name ("Time Lord", "Artifact")
	ES    string   // printed Spanish name; "" when no Spanish source names it yet
	Forms []string // other accepted Spanish printed forms ("Básica")
	Since string   // first release that lists it
	Exact bool     // false when Since is only the oldest release known
	// ESSince is the first Spanish release printing ES, when later than
	// the table's first (Table.ESFirst); the index places spellings in
	// the order they were first printed.
	ESSince string
	// Removed is the first release that no longer lists the name; "" while
	// the rules list it.
	Removed string
	// ReplacedBy is the printed name that replaced it, when the rules
	// renamed it ("Kindred" for "Tribal").
	ReplacedBy string
	// Rule is the name's own rule, when it has one (a keyword: 702.2 for
	// Deathtouch), as the newest release listing it numbers it.
	Rule string
	// Gaps are the times the rules dropped the name and listed it again,
	// oldest first, between Since and Removed.
	Gaps []Gap
	// After is, for a name dropped since the table's newest order began
	// (Removed after OrderFrom), the value of the name its last listing
	// put it after; 0 when it came first.
	After int
}

// Variant is a spelling cards print of a current name that the rules
// spell differently: an older translation, a feminine form, a hyphen the
// rules page does not have. Printed mode accepts it, naming the current
// form; the rules' mode refuses it, saying so.
type Variant struct {
	Lang    string // "en" or "es"
	Table   *Table // the list of the name
	Value   int    // the current name
	Printed string // as cards print it
	Why     string
}

// Dropped is a name cards print that the rules dropped before the oldest
// release the history knows (Lord, Legend, Enchant Creature): refused in
// both modes, saying what it was.
type Dropped struct {
	Lang    string // "en" or "es"
	Table   *Table // the list the name was in
	Printed string // as cards print it
	What    string
}

// Member is a name of a table that a narrower list of the rules holds (a
// basic land type, rule 205.3i, among the land types): since when the
// rules put it there, and until when.
type Member struct {
	V       int    // its value in the table
	Since   string // first release listing it there
	Exact   bool   // false when Since is only the oldest release known
	Removed string // first release no longer listing it there; "" while listed
}

// Table is the list of one rule: every name it ever had, by value. The
// generator writes each table as a composite literal, its index built
// (names.Builder) when it ran: nothing is built when a program starts.
type Table struct {
	Pkg  string // package name, prefix of error messages
	Noun string // "creature type"
	Rule string // rule that lists the names ("205.3m")
	List []Entry
	// The index's Lookup (any name the table ever had) and Find (the
	// names the rules list today) are the table's: embedded, so a
	// generated FindX compiles to one call.
	*names.Index
	Words int // most words in any name
	// ESFirst is the first Spanish release, when any pairs the table's
	// names: the ESSince of an entry that gives none.
	ESFirst string
	// Epochs are the orders the rules listed the names in before the
	// newest, which holds from OrderFrom: the current names in their
	// order (each package's Values), those dropped since placed by After.
	Epochs    []Epoch
	OrderFrom string
	// Key is the list's key in the snapshots and the exported files
	// ("keyword_actions", "creature"); Label its plural ("keyword
	// actions", "creature types").
	Key, Label string
	// AsOf is the English release the names were read from, AsOfES the
	// Spanish one ("" when none names them); Unread the releases the
	// history records that did not read the list (rules.List).
	AsOf, AsOfES string
	Unread       []string
}

// Info is what the table says of its list as a whole (rules.List).
func (t *Table) Info() rules.List {
	return rules.NewList(t.Key, t.Noun, t.Rule, t.AsOf, t.AsOfES, t.Unread)
}

// knownAsOf is the release whose reading of the list holds on date
// (rules.List.KnownAsOf), and whether it is not the release in force
// that day.
func (t *Table) knownAsOf(date string) (release string, older bool) {
	inForce, _ := rules.InForce(date)
	known, ok := t.Info().KnownAsOf(date)
	if !ok {
		return inForce, false
	}
	return known, known != inForce
}

// RuleOf is the rule of value v: its own, or the table's.
func (t *Table) RuleOf(v int) string {
	if v >= 1 && v <= len(t.List) && t.List[v-1].Rule != "" {
		return t.List[v-1].Rule
	}
	return t.Rule
}

// Spellings are every spelling of the table's names, each with when the
// rules first printed it: what the table's index is built from
// (names.DatedIndex).
func (t *Table) Spellings() []names.Dated {
	var out []names.Dated
	for i := range t.List {
		e := &t.List[i]
		out = append(out, names.Dated{Text: e.EN, Since: e.Since, V: i + 1})
		es := cmp.Or(e.ESSince, t.ESFirst)
		if e.ES == "" {
			es = e.Since // no Spanish: other spellings come with the name
		}
		for _, n := range e.Names()[1:] {
			out = append(out, names.Dated{Text: n, Since: es, V: i + 1, Translated: true})
		}
	}
	return out
}

// Category is a subtype category of rule 205.3: its names, and the card
// types (values of the card type table) whose subtypes it lists.
type Category struct {
	Name      string // "creature"
	Rule      string // "205.3m"
	Since     string
	Removed   string
	Gaps      []Gap
	CardTypes []int  // today's
	Links     []Link // release by release
	Table     *Table
}

// Names returns every spelling a lookup accepts for e, printed forms only
// (lookups ignore case and the kind of apostrophe).
func (e *Entry) Names() []string {
	out := []string{e.EN}
	if e.ES != "" {
		out = append(out, e.ES)
	}
	return append(out, e.Forms...)
}

// MaxWords is the most words any name of the table has, in either language.
func (t *Table) MaxWords() int { return t.Words }

// Len is the number of values, current and removed.
func (t *Table) Len() int { return len(t.List) }

// Entry returns the entry of value v, or nil.
func (t *Table) Entry(v int) *Entry {
	if v < 1 || v > len(t.List) {
		return nil
	}
	return &t.List[v-1]
}

// Current reports whether v is a name the rules list today.
func (t *Table) Current(v int) bool {
	e := t.Entry(v)
	return e != nil && e.Removed == ""
}

// Known reports whether v is a value of the table, current or removed.
func (t *Table) Known(v int) bool { return v >= 1 && v <= len(t.List) }

// Since returns the first release listing v; exact is false when that is
// only the oldest release known.
func (t *Table) Since(v int) (release string, exact bool) {
	if e := t.Entry(v); e != nil {
		return e.Since, e.Exact
	}
	return "", false
}

// Removed returns the first release that no longer lists v.
func (t *Table) Removed(v int) (release string, removed bool) {
	if e := t.Entry(v); e != nil && e.Removed != "" {
		return e.Removed, true
	}
	return "", false
}

// ReplacedBy returns the value that replaced v when the rules renamed it.
func (t *Table) ReplacedBy(v int) (int, bool) {
	if e := t.Entry(v); e != nil && e.ReplacedBy != "" {
		return t.Lookup(e.ReplacedBy)
	}
	return 0, false
}

// Parse finds a current name. A removed name is an error saying when the
// rules dropped it and what replaced it; an unknown name is an error
// naming the rule.
func (t *Table) Parse(name string) (int, error) {
	v, ok := t.Lookup(name)
	if !ok {
		fail := &NameError{Pkg: t.Pkg, Name: name, Noun: t.Noun, Rule: t.Rule}
		if t.AsOf != "" && t.AsOf != rules.Newest() {
			fail.Known, fail.List = t.AsOf, t.Label // today's rules did not read the list
		}
		return 0, fail
	}
	if e := &t.List[v-1]; e.Removed != "" {
		return 0, &NameError{Pkg: t.Pkg, Name: name, Noun: t.Noun, Rule: t.RuleOf(v), Printed: e.EN, Removed: e.Removed, ReplacedBy: e.ReplacedBy}
	}
	return v, nil
}

// Name returns the English name of v, or typ(v) for a value the table
// does not have, as stringer does.
func (t *Table) Name(v int, typ string) string {
	if e := t.Entry(v); e != nil {
		return e.EN
	}
	return typ + "(" + strconv.Itoa(v) + ")"
}

// Spanish returns the Spanish name of v ("" when none is known yet).
func (t *Table) Spanish(v int) string {
	if e := t.Entry(v); e != nil {
		return e.ES
	}
	return ""
}

// MarshalText is the text form of v: its English name, "" for the zero
// value (so a struct with an unset field still encodes), an error for a
// value the table does not have.
func (t *Table) MarshalText(v int) ([]byte, error) {
	if v == 0 {
		return []byte{}, nil
	}
	e := t.Entry(v)
	if e == nil {
		return nil, fmt.Errorf("%s: cannot marshal %d: not a %s", t.Pkg, v, t.Noun)
	}
	return []byte(e.EN), nil
}

// UnmarshalText reads a text form: a name in English or Spanish, in any
// case; "" is the zero value. Removed names are read too, so data written
// before a rules update reads back as the same name.
func (t *Table) UnmarshalText(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	if v, ok := t.Lookup(string(b)); ok {
		return v, nil
	}
	return 0, &NameError{Pkg: t.Pkg, Name: string(b), Noun: t.Noun, Rule: t.Rule}
}

// NameError is the error of a name a table does not list (rules.NameError).
type NameError = rules.NameError

// RemovedReason is how every package words a name the rules dropped, so
// that the same fact reads the same wherever it is met
// (rules.NameError.Why): "quoted" is no longer a noun: printed was removed
// from rule R in the release of D, renamed X. quoted is the name as given,
// quoted; printed the name as the rules printed it; replacedBy "" when it
// was not renamed.
func RemovedReason(quoted, noun, printed, rule, removed, replacedBy string) string {
	return quoted + " " + (&rules.NameError{Noun: noun, Printed: printed, Rule: rule, Removed: removed, ReplacedBy: replacedBy}).Why()
}

// Article prefixes a noun with "a" or "an".
func Article(noun string) string { return names.Article(noun) }
