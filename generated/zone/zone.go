// Package zone lists the zones of the Magic: The Gathering Comprehensive
// Rules (rule 400.1: library, hand, battlefield, graveyard, stack, exile,
// command, and ante), read from every release since 2009: the command
// zone since 2010-07-16, the releases before it list seven.
//
// Each zone is public or hidden (rule 400.2: library and hand hidden),
// as the rules of its newest listing call it: Visibility, IsPublic,
// IsHidden.
//
// ParseZone reads a name in any case, FindZone looks one up without an
// error, ZoneValues lists today's zones in rule order. As every generated
// package: a constant's number never changes, values encode as their
// English name and decode from a name or a JSON number, store in a
// database as their name (Value) and read back from a name or number
// (Scan), and Lives, ListedIn, ZoneValuesAsOf and ParseZoneAsOf say what
// any release since 2009 listed. No Spanish source names the zones yet:
// Spanish returns "" until one does.
//
// cmd/gen writes tables.go from the snapshots; this file is hand-written.
package zone

import (
	"github.com/mtgrules/crgen/generated/rules"
)

// Effective returns the newest release the package's lists were read
// from (each list says its own: ZoneList); not a newer release that did not
// read them.
func Effective() string {
	en, _ := rules.NewestOf(ZoneList())
	return en
}

// NameError is the error of the Parse functions (rules.NameError).
type NameError = rules.NameError

// Kinds of zone (400.2), as Visibility gives them.
const (
	// Public zones: all players can see the cards' faces (graveyard,
	// battlefield, stack, exile, ante, command).
	Public = "public"
	// Hidden zones: not all players can be expected to see the cards'
	// faces (library, hand).
	Hidden = "hidden"
)

// IsPublic reports whether the rules call the zone a public zone (400.2).
func (v Zone) IsPublic() bool { return v.Visibility() == Public }

// IsHidden reports whether the rules call the zone a hidden zone (400.2).
func (v Zone) IsHidden() bool { return v.Visibility() == Hidden }
