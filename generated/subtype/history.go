package subtype

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
)

// Number returns s's value within its category: the number of its
// category's constant (int(CreatureElf) for the Subtype of CreatureElf),
// which never changes; Of(s.Category(), s.Number()) is s.
func (s Subtype) Number() int { return int(s.v) }

// ReplacedBy returns the subtype that replaced s, when the rules renamed
// it.
func (s Subtype) ReplacedBy() (Subtype, bool) {
	if t := s.table(); t != nil {
		if r, ok := t.ReplacedBy(int(s.v)); ok {
			return Subtype{s.cat, uint16(r)}, true
		}
	}
	return Subtype{}, false
}

// Lives returns the stretches of releases listing s, oldest first.
func (s Subtype) Lives() []rules.Life {
	if t := s.table(); t != nil {
		return t.Lives(int(s.v))
	}
	return nil
}

// ListedIn reports whether the rules in force on date (YYYY-MM-DD) list
// s. It allocates nothing.
func (s Subtype) ListedIn(date string) bool {
	t := s.table()
	return t != nil && s.cat.ListedIn(date) && t.ListedIn(int(s.v), date)
}

// Value stores s in a database as its text form, "creature:Time Lord"
// (driver.Valuer); NULL for the zero value. A number alone does not name
// a subtype (each category numbers its own): to store numbers, store
// int64(s.Category()) and int64(s.Number()) in two columns.
func (s Subtype) Value() (driver.Value, error) {
	if s == (Subtype{}) {
		return nil, nil
	}
	b, err := s.MarshalText()
	return string(b), err
}

// Scan reads s from a database (sql.Scanner): its text form, NULL for the
// zero value.
func (s *Subtype) Scan(src any) error {
	switch x := src.(type) {
	case nil:
		*s = Subtype{}
		return nil
	case string:
		return s.UnmarshalText([]byte(x))
	case []byte:
		return s.UnmarshalText(x)
	}
	return fmt.Errorf("subtype: cannot scan %T into a Subtype: want its text form, category:name (TEXT)", src)
}

// Lives returns the stretches of releases listing the category, oldest
// first.
func (c Category) Lives() []rules.Life {
	i := c.info()
	if i == nil {
		return nil
	}
	return enum.Lives(i.Since, i.Since != data.OldestRelease, i.Removed, i.Gaps)
}

// ListedIn reports whether the rules in force on date (YYYY-MM-DD) list
// the category.
func (c Category) ListedIn(date string) bool {
	i := c.info()
	return i != nil && enum.Listed(i.Since, i.Removed, i.Gaps, known(i, date))
}

// known is the release whose rule 205.3 holds on date: the release in
// force, or the newest before it that read 205.3 (rules.List.KnownAsOf).
func known(i *enum.Category, date string) string {
	if r, ok := i.Table.Info().KnownAsOf(date); ok {
		return r
	}
	return date
}

// CardTypesAsOf returns the card types whose subtypes the category listed
// in the rules in force on date (YYYY-MM-DD): creature types went with
// tribal until 2024-07-30, with kindred since.
func (c Category) CardTypesAsOf(date string) []cardtype.CardType {
	i := c.info()
	if i == nil || !c.ListedIn(date) {
		return nil
	}
	var out []cardtype.CardType
	date = known(i, date)
	for _, l := range i.Links {
		if enum.Listed(l.Since, l.Removed, nil, date) {
			out = append(out, cardtype.CardType(l.CardType))
		}
	}
	return out
}

// HasAsOf reports whether the category listed subtypes of card type t in
// the rules in force on date. It allocates nothing.
func (c Category) HasAsOf(t cardtype.CardType, date string) bool {
	i := c.info()
	if i == nil || !c.ListedIn(date) {
		return false
	}
	date = known(i, date)
	for _, l := range i.Links {
		if l.CardType == int(t) && enum.Listed(l.Since, l.Removed, nil, date) {
			return true
		}
	}
	return false
}

// CategoriesAsOf returns the categories of the rules in force on date
// (YYYY-MM-DD), in rule order; a *rules.DateError for a date before the
// oldest release known.
func CategoriesAsOf(date string) ([]Category, error) {
	if _, ok := rules.InForce(date); !ok {
		return nil, &rules.DateError{Pkg: "subtype", Date: date}
	}
	var out []Category
	for i := range data.Categories {
		if c := Category(i + 1); c.ListedIn(date) {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b Category) int { return ruleLess(a.Rule(), b.Rule()) })
	return out, nil
}

// ruleLess orders the subrules of 205.3 by their letter.
func ruleLess(a, b string) int {
	switch {
	case len(a) != len(b):
		return len(a) - len(b)
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// EveryCategory returns every category the rules have had, dropped ones
// included, by value.
func EveryCategory() []Category {
	out := make([]Category, len(data.Categories))
	for i := range out {
		out[i] = Category(i + 1)
	}
	return out
}

// Value stores the category in a database as its name, "creature"
// (driver.Valuer); NULL for the zero value. Its number never changes
// either: store int64(c) to keep it.
func (c Category) Value() (driver.Value, error) {
	if c == 0 {
		return nil, nil
	}
	if c.info() == nil {
		return nil, errors.New("subtype: cannot store " + c.String() + ": not a category")
	}
	return c.String(), nil
}

// Scan reads a category from a database (sql.Scanner): its name, in any
// case, or its number; NULL is the zero value.
func (c *Category) Scan(src any) error {
	switch x := src.(type) {
	case nil:
		*c = 0
		return nil
	case string:
		return c.UnmarshalText([]byte(x))
	case []byte:
		return c.UnmarshalText(x)
	case int64:
		return c.number(x)
	}
	return fmt.Errorf("subtype: cannot scan %T into a Category: want its name (TEXT) or number (INTEGER)", src)
}

func (c *Category) number(n int64) error {
	if n < 0 || n > int64(len(data.Categories)) {
		return fmt.Errorf("subtype: %d is no category: the values go from 1 to %d", n, len(data.Categories))
	}
	*c = Category(n)
	return nil
}

// UnmarshalJSON reads a JSON string as UnmarshalText does, or a JSON
// number that is a category; null leaves c as it is.
func (c *Category) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		return nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		return c.UnmarshalText([]byte(s))
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return errors.New("subtype: " + names.Quote(string(b)) + " is neither a name nor a number of a category")
	}
	return c.number(n)
}

// Every returns every subtype category c has listed, removed ones
// included, by value.
func Every(c Category) []Subtype {
	i := c.info()
	if i == nil {
		return nil
	}
	out := make([]Subtype, i.Table.Len())
	for v := range out {
		out[v] = Subtype{c, uint16(v + 1)}
	}
	return out
}

// ValuesAsOf returns the subtypes of category c the rules in force on date
// (YYYY-MM-DD) listed, in their order then: none when the category was
// not listed then; a *rules.DateError for a date before the oldest
// release known.
func ValuesAsOf(c Category, date string) ([]Subtype, error) {
	i := c.info()
	if i == nil {
		return nil, errors.New("subtype: " + c.String() + " is not a category")
	}
	vs, err := i.Table.ValuesAsOf(date, orderedValues(c))
	if err != nil || !c.ListedIn(date) {
		return nil, err
	}
	out := make([]Subtype, len(vs))
	for j, v := range vs {
		out[j] = Subtype{c, uint16(v)}
	}
	return out, nil
}

// ParseAsOf reads a name the rules in force on date (YYYY-MM-DD) listed
// in category c, in either language and any case: a name they did not
// list then is a *NameError saying when they listed it (ParseCreatureAsOf
// and the others, for a category of any type).
func ParseAsOf(c Category, name, date string) (Subtype, error) {
	i := c.info()
	if i == nil {
		return Subtype{}, errors.New("subtype: " + c.String() + " is not a category")
	}
	v, err := i.Table.ParseAsOf(name, date)
	if err != nil {
		return Subtype{}, err
	}
	return Subtype{cat: c, v: uint16(v)}, nil
}
