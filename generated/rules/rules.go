// Package rules is what the packages under generated/ share of the Magic:
// The Gathering Comprehensive Rules as a whole: the releases they know
// (Releases, InForce), the lives of a name across those releases (Life),
// and the error every package gives for a name its rule does not list
// (NameError).
//
// Every list of the other packages can be read as of a release: a value's
// Lives and ListedIn, the ValuesAsOf and ParseAsOf functions of each
// list, typeline.Options.AsOf and mana.ParseCostAsOf. A release is named
// by a date, YYYY-MM-DD: the rules in force that day, the newest release
// effective on or before it (InForce).
//
// # How this package is made
//
// cmd/gen writes tables.go (the releases the history records) from the
// snapshots; the rest is ordinary hand-written Go.
package rules

import (
	"slices"

	"github.com/mtgrules/crgen/internal/names"
)

// Releases returns the effective dates of the releases the packages know
// in a language, "en" or "es", oldest first: every English release the
// history records since 2009, and the Spanish releases paired with them.
// Another language has none.
func Releases(lang string) []string {
	switch lang {
	case "en":
		return slices.Clone(releasesEN)
	case "es":
		return slices.Clone(releasesES)
	}
	return nil
}

// InForce returns the English release in force on date (YYYY-MM-DD): the
// newest release the history records effective on or before it. It
// reports false for a date before the oldest release known, or not
// written YYYY-MM-DD. It allocates nothing.
func InForce(date string) (release string, ok bool) {
	if !IsDate(date) {
		return "", false
	}
	i, found := slices.BinarySearch(releasesEN, date)
	switch {
	case found:
		return releasesEN[i], true
	case i == 0:
		return "", false
	}
	return releasesEN[i-1], true
}

// IsDate reports whether s is written as a date, YYYY-MM-DD, as releases
// are named (the digits are not checked against a calendar).
func IsDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i := range 10 {
		if i != 4 && i != 7 && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

// Life is one unbroken stretch of releases listing a name.
type Life struct {
	// Since is the first release listing the name; Exact is false when
	// that is only the oldest release the history knows (the name may be
	// older).
	Since string
	Exact bool
	// Removed is the first release that no longer lists it; "" while the
	// rules list it.
	Removed string
}

// Includes reports whether the life covers date (YYYY-MM-DD): the rules
// in force that day list the name.
func (l Life) Includes(date string) bool {
	return date >= l.Since && (l.Removed == "" || date < l.Removed)
}

// String is "since 2018-07-13", "2009-07-11 until 2010-07-16" (the
// second the first release without it), "since at least 2009-07-11".
func (l Life) String() string {
	since := l.Since
	if !l.Exact {
		since = "at least " + since
	}
	if l.Removed == "" {
		return "since " + since
	}
	return since + " until " + l.Removed
}

// NameError is the error of the Parse functions of every package: a name
// that is not in the list of its rule today (or as of the release asked
// for), with, for a name the rules dropped, the release that dropped it
// and what replaced it. errors.As finds it.
type NameError struct {
	Pkg  string // the package reporting it: "subtype"
	Name string // as given
	Noun string // "creature type"
	Rule string // the rule whose list was searched: "205.3m"
	// For a name the rules dropped: its printed form, the first release
	// without it, and what replaced it when the rules renamed it.
	Printed, Removed, ReplacedBy string
	// AsOf is the release the list was searched as of, when one was
	// asked for; "" for today's rules.
	AsOf string
	// Since is, for a name the rules listed only later than AsOf (again,
	// when Removed is set too), the release they did.
	Since string
}

func (e *NameError) Error() string { return e.Pkg + ": " + names.Quote(e.Name) + " " + e.Why() }

// Why is the error without the package and the name: "is no longer a
// creature type: Cephalid was removed from rule 205.3m in the release of
// 2024-07-30".
func (e *NameError) Why() string {
	switch {
	case e.Removed != "" && e.AsOf == "":
		msg := "is no longer " + names.Article(e.Noun) + ": " + e.Printed + " was removed from rule " + e.Rule + " in the release of " + e.Removed
		if e.ReplacedBy != "" {
			msg += ", renamed " + e.ReplacedBy
		}
		return msg
	case e.Since != "" && e.Removed != "":
		return "was not " + names.Article(e.Noun) + " in the rules of " + e.AsOf + ": " + e.Printed + " was removed from rule " + e.Rule + " in the release of " + e.Removed + " and listed again since " + e.Since
	case e.Since != "":
		return "was not yet " + names.Article(e.Noun) + " in the rules of " + e.AsOf + ": rule " + e.Rule + " lists " + e.Printed + " since " + e.Since
	case e.Removed != "":
		return "was no longer " + names.Article(e.Noun) + " in the rules of " + e.AsOf + ": " + e.Printed + " was removed from rule " + e.Rule + " in the release of " + e.Removed
	case e.AsOf != "":
		return "is not " + names.Article(e.Noun) + " of the rules of " + e.AsOf + " (rule " + e.Rule + ")"
	}
	return "is not " + names.Article(e.Noun) + " (rule " + e.Rule + ")"
}

// DateError is a release asked for that the history cannot answer: a
// date not written YYYY-MM-DD, or one before the oldest release it
// records.
type DateError struct {
	Pkg  string // the package reporting it
	Date string // as given
}

func (e *DateError) Error() string {
	if !IsDate(e.Date) {
		return e.Pkg + ": release " + names.Quote(e.Date) + " is not a date (YYYY-MM-DD)"
	}
	return e.Pkg + ": no release of the rules the packages know was in force on " + e.Date + " (the oldest is " + releasesEN[0] + ")"
}
