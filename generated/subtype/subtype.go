// Package subtype lists the subtypes of rule 205.3 of the Magic: The
// Gathering Comprehensive Rules, one Go type per category (Creature, Land,
// Planar, ...), in English and Spanish, which card types each category
// goes with (205.3c, 205.3d), and the rule on choosing a subtype.
//
// Each category's functions read and list its names: ParseCreature reads
// a creature type in either language and any case, saying why when the
// rules do not list it today, FindCreature looks one up without an error,
// CreatureValues lists today's creature types in rule order, and Sorted
// orders them alphabetically for a language, for a list shown to people;
// likewise ParseLand, LandValues and the others. Choose checks a player's
// choice of one subtype ("choose a creature type", 205.3e). IsBasic and
// BasicLandValues say which land types are basic (205.3i). Each value has
// its English name (String) and Spanish name, its rule, and its history:
// Since, Removed, ReplacedBy. Subtype holds a subtype of any category.
//
// # Stable values
//
// A constant's number is given once, when the name is first recorded
// (generated/values.json), and never changes: a value stored in a
// database or a file means the same name after every rules update. The
// numbers say nothing of order: Values lists rule order, Sorted a
// language's. A name the rules drop keeps its constant, marked Deprecated
// with the release that dropped it ("Cephalid was removed from rule
// 205.3m in the release of 2024-07-30"), after the current ones; IsValid
// is false for it, Parse refuses it with a *NameError that says so, and
// the Values functions list the current names only.
//
// # Past releases
//
// Every value and category knows the releases that listed it (Lives,
// ListedIn; Egg left the creature types in 2010-07-16 and came back in
// 2018-07-13), and each list can be read as of any release since 2009,
// in that release's order: CreatureValuesAsOf, ValuesAsOf(c, date),
// CategoriesAsOf, ParseCreatureAsOf; a category's card types changed too
// (CardTypesAsOf, HasAsOf: creature types went with tribal until
// 2024-07-30). Every and EveryCreature list every value ever recorded. A
// release is a date, YYYY-MM-DD: the rules in force that day (package
// rules).
//
// # Text, JSON and databases
//
// A category value (Creature, Land, ...) encodes as its English name
// ("Time Lord") and decodes from an English or Spanish name in any case,
// removed names included, or from a JSON number, its value; its zero
// value encodes as "". A Subtype, which can be of any category, encodes
// in JSON as {"category": "creature", "name": "Time Lord"} (a name alone
// can be ambiguous: Spacecraft is both an artifact and a planar type) and
// as the text "creature:Time Lord"; its zero value encodes as null and
// "". A Category encodes as "creature". In a database (database/sql)
// each stores as its text (Value) and reads back (Scan); a value's
// number, which never changes, is int64(v), and a Subtype's is its
// Category and Number, in two columns.
//
// # How this package is made
//
// cmd/gen writes tables.go (the types, constants and one-line methods) from
// the snapshots; the lookups (any case, either apostrophe, no allocation)
// and the rule on choosing a subtype are ordinary hand-written Go, here and
// in generated/internal/enum.
package subtype

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
)

// Effective returns the newest releases the subtype lists were read
// from, English and Spanish (published later, so possibly older; each
// says its own: Category.List); not a newer release that did not read
// rule 205.3.
func Effective() (en, es string) {
	for _, c := range data.Categories {
		l := c.Table.Info()
		en, es = max(en, l.AsOf), max(es, l.AsOfES)
	}
	return en, es
}

// List says where the rules give the category's subtypes and the release
// their names were read from (rules.List).
func (c Category) List() rules.List {
	if cat := c.info(); cat != nil {
		return cat.Table.Info()
	}
	return rules.List{}
}

// NameError is the error of the Parse functions (rules.NameError): a
// name that is not in the list of its rule today, or as of the release
// asked for, with, for a name the rules dropped, the release that dropped
// it.
type NameError = rules.NameError

// Category is a subtype category of rule 205.3, named by the rule's own
// words ("creature" for 205.3m). Its zero value is no category and
// encodes as "".
type Category uint8

func (c Category) info() *enum.Category {
	if c < 1 || int(c) > len(data.Categories) {
		return nil
	}
	return &data.Categories[c-1]
}

// String returns the category's name ("creature"), or Category(n).
func (c Category) String() string {
	if i := c.info(); i != nil {
		return i.Name
	}
	return "Category(" + strconv.Itoa(int(c)) + ")"
}

// IsValid reports whether c is a category of the current rules.
func (c Category) IsValid() bool {
	i := c.info()
	return i != nil && i.Removed == ""
}

// Rule returns the subrule of 205.3 that lists the category ("205.3m").
func (c Category) Rule() string {
	if i := c.info(); i != nil {
		return i.Rule
	}
	return ""
}

// CardTypes returns the card types whose subtypes the category lists
// (creature types go with creature and kindred, spell types with instant
// and sorcery), in a new slice.
func (c Category) CardTypes() []cardtype.CardType {
	i := c.info()
	if i == nil {
		return nil
	}
	out := make([]cardtype.CardType, len(i.CardTypes))
	for j, t := range i.CardTypes {
		out[j] = cardtype.CardType(t)
	}
	return out
}

// Has reports whether the category lists subtypes of card type t. It
// allocates nothing.
func (c Category) Has(t cardtype.CardType) bool {
	if i := c.info(); i != nil {
		for _, x := range i.CardTypes {
			if x == int(t) {
				return true
			}
		}
	}
	return false
}

// MarshalText returns the category's name ("" for the zero value).
func (c Category) MarshalText() ([]byte, error) {
	if c == 0 {
		return []byte{}, nil
	}
	if c.info() == nil {
		return nil, errors.New("subtype: cannot marshal " + c.String() + ": not a category")
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a category name ("creature", any case); "" is the
// zero value.
func (c *Category) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = 0
		return nil
	}
	x, err := ParseCategory(string(b))
	if err == nil {
		*c = x
	}
	return err
}

// ParseCategory reads a category by its name in rule 205.3 ("creature",
// "planar", any case).
func ParseCategory(s string) (Category, error) {
	for i := range data.Categories {
		if strings.EqualFold(data.Categories[i].Name, s) {
			return Category(i + 1), nil
		}
	}
	return 0, &NameError{Pkg: "subtype", Name: s, Noun: "subtype category", Rule: data.RuleSubtypes}
}

// Categories returns every category of the current rules in rule order.
func Categories() []Category { return append([]Category(nil), categoryOrder...) }

// For returns the categories whose subtypes card type t can have.
func For(t cardtype.CardType) []Category {
	var out []Category
	for _, c := range categoryOrder {
		if c.Has(t) {
			out = append(out, c)
		}
	}
	return out
}

// Subtype is a subtype of any category: what a type line lists after its
// dash. It is comparable; its zero value is no subtype.
type Subtype struct {
	cat Category
	v   uint16
}

func (s Subtype) table() *enum.Table {
	if i := s.cat.info(); i != nil {
		return i.Table
	}
	return nil
}

// Of returns the subtype of category c whose constant has value v
// (CreatureElf is Of(CategoryCreature, int(CreatureElf))); the zero
// Subtype when c has no such value.
func Of(c Category, v int) Subtype {
	if i := c.info(); i == nil || !i.Table.Known(v) {
		return Subtype{}
	}
	return Subtype{c, uint16(v)}
}

// Category returns the subtype's category.
func (s Subtype) Category() Category { return s.cat }

// String returns the English name ("Time Lord").
func (s Subtype) String() string {
	if t := s.table(); t != nil && t.Known(int(s.v)) {
		return t.Entry(int(s.v)).EN
	}
	if s == (Subtype{}) {
		return ""
	}
	return "Subtype(" + s.cat.String() + ", " + strconv.Itoa(int(s.v)) + ")"
}

// Spanish returns the Spanish name, or "" while no Spanish source names it.
func (s Subtype) Spanish() string {
	if t := s.table(); t != nil {
		return t.Spanish(int(s.v))
	}
	return ""
}

// IsValid reports whether the rules list s today.
func (s Subtype) IsValid() bool {
	t := s.table()
	return t != nil && s.cat.IsValid() && t.Current(int(s.v))
}

// Since returns the first release listing s; exact is false when that is
// only the oldest release known.
func (s Subtype) Since() (release string, exact bool) {
	if t := s.table(); t != nil {
		return t.Since(int(s.v))
	}
	return "", false
}

// Removed returns the first release that no longer lists s.
func (s Subtype) Removed() (release string, removed bool) {
	if t := s.table(); t != nil {
		return t.Removed(int(s.v))
	}
	return "", false
}

// Rule returns the subrule of 205.3 that lists s.
func (s Subtype) Rule() string { return s.cat.Rule() }

// MarshalText returns "category:name" ("creature:Time Lord"); "" for the
// zero value.
func (s Subtype) MarshalText() ([]byte, error) {
	if s == (Subtype{}) {
		return []byte{}, nil
	}
	t := s.table()
	if t == nil || !t.Known(int(s.v)) {
		return nil, errors.New("subtype: cannot marshal " + s.String() + ": not a subtype")
	}
	return []byte(s.cat.String() + ":" + s.String()), nil
}

// UnmarshalText reads "category:name", the name in English or Spanish in
// any case, removed names included; "" is the zero value.
func (s *Subtype) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*s = Subtype{}
		return nil
	}
	cs, name, ok := strings.Cut(string(b), ":")
	if !ok {
		return errors.New("subtype: " + names.Quote(string(b)) + " is not category:name (creature:Time Lord)")
	}
	return s.set(cs, name)
}

func (s *Subtype) set(category, name string) error {
	c, err := ParseCategory(category)
	if err != nil {
		return err
	}
	v, err := c.info().Table.UnmarshalText([]byte(name))
	if err != nil {
		return err
	}
	*s = Subtype{cat: c, v: uint16(v)}
	return nil
}

type subtypeJSON struct {
	Category string `json:"category"`
	Name     string `json:"name"`
}

// MarshalJSON returns {"category": "creature", "name": "Time Lord"}; null
// for the zero value.
func (s Subtype) MarshalJSON() ([]byte, error) {
	if s == (Subtype{}) {
		return []byte("null"), nil
	}
	if _, err := s.MarshalText(); err != nil {
		return nil, err
	}
	return json.Marshal(subtypeJSON{Category: s.cat.String(), Name: s.String()})
}

// UnmarshalJSON reads what MarshalJSON writes, the name in English or
// Spanish; null leaves s unchanged, as encoding/json does for values.
func (s *Subtype) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		return nil
	}
	var j subtypeJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	return s.set(j.Category, j.Name)
}

// Find looks up a name the rules list today in one category: English or
// Spanish, any case, either apostrophe. It allocates nothing.
func Find(c Category, name string) (Subtype, bool) {
	if c < 1 || int(c) > len(data.Categories) {
		return Subtype{}, false
	}
	cat := &data.Categories[c-1]
	if cat.Removed != "" {
		return Subtype{}, false
	}
	v, ok := cat.Table.Find(name)
	if !ok {
		return Subtype{}, false
	}
	return Subtype{cat: c, v: uint16(v)}, true
}

// Parse reads a name the rules list today in category c. A name they
// dropped is a *NameError saying when.
func Parse(c Category, name string) (Subtype, error) {
	i := c.info()
	if i == nil {
		return Subtype{}, errors.New("subtype: " + c.String() + " is not a category")
	}
	v, err := i.Table.Parse(name)
	if err != nil {
		return Subtype{}, err
	}
	return Subtype{cat: c, v: uint16(v)}, nil
}

// As returns s as a value of its category's type, if that is T:
// As[Creature](s) is the Creature s is, when s is a creature type.
func As[T interface {
	~uint16
	Category() Category
}](s Subtype) (T, bool) {
	var zero T
	if s.cat == 0 || s.cat != zero.Category() {
		return zero, false
	}
	return T(s.v), true
}
