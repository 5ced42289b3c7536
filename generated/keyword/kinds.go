package keyword

import (
	"database/sql/driver"
	"fmt"

	"github.com/mtgrules/crgen/generated/internal/enum"
)

// Kind is what a keyword found is.
type Kind uint8

// The kinds of keyword.
const (
	KindAbility     Kind = iota + 1 // a keyword ability (702)
	KindAction                      // a keyword action (701)
	KindAbilityWord                 // an ability word (207.2c)
	KindToken                       // a predefined token the text creates (111.10)
)

var kindNames = [...]string{"", "ability", "action", "ability word", "token"}

// String is "ability", "action", "ability word" or "token".
func (k Kind) String() string { return nameOf(kindNames[:], int(k)) }

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	n, err := parseName(kindNames[:], string(b), "kind of keyword")
	*k = Kind(n)
	return err
}

// Value stores the kind in a database as its name.
func (k Kind) Value() (driver.Value, error) { return k.String(), nil }

// Scan reads a kind from a database, as Value stores it.
func (k *Kind) Scan(src any) error {
	return enum.ScanText(src, "keyword", "a kind of keyword", k.UnmarshalText)
}

// Use is how a card's text uses a keyword it names.
type Use uint8

// The uses of a keyword.
const (
	// UseHas is a keyword the card has or does: an ability of its keyword
	// lines, an action it performs, the ability word heading its line.
	UseHas Use = iota
	// UseCondition is an action named as the condition of a triggered
	// ability (603.1): "Whenever you scry or surveil, ...". The card
	// rewards it; it does not perform it.
	UseCondition
	// UseDesignation is the designation a keyword gives, which its rule
	// names ("Suspected is a designation", 701.60b; "It becomes a plotted
	// card", 702.170a): "suspected creatures", "it becomes plotted".
	UseDesignation
	// UsePair is the meld of a meld pair named in the reminder text of
	// the card that does not meld ("(Melds with Gisela, the Broken
	// Blade.)"): one card of each pair has the ability that melds both
	// (712.4a, 701.42a); the other is melded by it, and meld is nothing it
	// does. The text names the card's counterpart.
	UsePair
)

var useNames = [...]string{"has", "condition", "designation", "pair"}

// String is "has", "condition", "designation" or "pair".
func (u Use) String() string {
	if int(u) < len(useNames) {
		return useNames[u]
	}
	return ""
}

// MarshalText writes the use's name.
func (u Use) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText reads a use's name.
func (u *Use) UnmarshalText(b []byte) error {
	for i, n := range useNames {
		if n == string(b) {
			*u = Use(i)
			return nil
		}
	}
	return fmt.Errorf("keyword: %q is no use of a keyword (want one of %q)", b, useNames)
}

// Value stores the use in a database as its name.
func (u Use) Value() (driver.Value, error) { return u.String(), nil }

// Scan reads a use from a database, as Value stores it.
func (u *Use) Scan(src any) error {
	return enum.ScanText(src, "keyword", "a use of a keyword", u.UnmarshalText)
}

// nameOf is names[n], or "" out of range.
func nameOf(names []string, n int) string {
	if n > 0 && n < len(names) {
		return names[n]
	}
	return ""
}

// parseName is the index of name in names (from 1), or an error naming
// what.
func parseName(names []string, name, what string) (int, error) {
	for i, n := range names {
		if i > 0 && n == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("keyword: %q is no %s (want one of %q)", name, what, names[1:])
}
