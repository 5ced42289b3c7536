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
)

var kindNames = [...]string{"", "ability", "action", "ability word"}

// String is "ability", "action" or "ability word".
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

// ParamKind says what a keyword's parameter holds.
type ParamKind uint8

// The kinds of parameter.
const (
	// ParamCost is mana symbols ("{2}{W}"), or after a long dash the words
	// of a cost ("Ward—Pay 3 life.").
	ParamCost    ParamKind = iota + 1
	ParamNumber            // "Bushido 2", "Bloodthirst X", "scry 2"
	ParamQuality           // "Protection from black", "Enchant creature", "Affinity for artifacts"
	ParamName              // "Partner with Pir, Imaginative Rascal"
	ParamType              // "Islandwalk": Island; "Basic landcycling": basic land
	ParamAbility           // "Boast — {1}{R}: ...": the ability after the cost; "Companion — ...": the condition
)

var paramKindNames = [...]string{"", "cost", "number", "quality", "name", "type", "ability"}

// String is the kind's name: "cost", "number", "quality", "name",
// "type", "ability".
func (k ParamKind) String() string { return nameOf(paramKindNames[:], int(k)) }

// MarshalText writes the kind's name.
func (k ParamKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *ParamKind) UnmarshalText(b []byte) error {
	n, err := parseName(paramKindNames[:], string(b), "kind of parameter")
	*k = ParamKind(n)
	return err
}

// Value stores the kind in a database as its name.
func (k ParamKind) Value() (driver.Value, error) { return k.String(), nil }

// Scan reads a kind from a database, as Value stores it.
func (k *ParamKind) Scan(src any) error {
	return enum.ScanText(src, "keyword", "a kind of parameter", k.UnmarshalText)
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
