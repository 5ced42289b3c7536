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
	"errors"
	"slices"
	"strconv"

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

// IsDate reports whether s is a date of the calendar written
// YYYY-MM-DD, as releases are named: "2024-13-01" and "2024-02-30" are
// not. CheckDate says what is wrong. It allocates nothing.
func IsDate(s string) bool { return dateFaultOf(s) == noDateFault }

// CheckDate returns nil for a date of the calendar written YYYY-MM-DD,
// else an error naming the date and what is wrong with it (`"2024-13-01"
// is not a date: month 13 is not one of 01 to 12`, `"2024-02-30" is not
// a date: day 30: February 2024 has 29 days`).
func CheckDate(s string) error {
	if !IsDate(s) {
		return errors.New(names.Quote(s) + " is not a date: " + dateProblem(s))
	}
	return nil
}

// dateFault is what makes a string no date.
type dateFault uint8

const (
	noDateFault dateFault = iota
	notYYYYMMDD
	notDigits
	noSuchMonth
	noSuchDay
)

// dateFaultOf checks s once, for IsDate and for the message of
// dateProblem alike.
func dateFaultOf(s string) dateFault {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return notYYYYMMDD
	}
	for i := range 10 {
		if i != 4 && i != 7 && (s[i] < '0' || s[i] > '9') {
			return notDigits
		}
	}
	year, month, day := dateParts(s)
	switch {
	case month < 1 || month > 12:
		return noSuchMonth
	case day < 1 || day > daysIn(year, month):
		return noSuchDay
	}
	return noDateFault
}

// dateParts is the year, month and day of s, ten bytes of which the
// digits are where YYYY-MM-DD has them.
func dateParts(s string) (year, month, day int) {
	year = int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0')
	return year, int(s[5]-'0')*10 + int(s[6]-'0'), int(s[8]-'0')*10 + int(s[9]-'0')
}

// dateProblem says what makes s no date, or "".
func dateProblem(s string) string {
	switch dateFaultOf(s) {
	case notYYYYMMDD:
		return "want YYYY-MM-DD (2026-09-25)"
	case notDigits:
		return "want YYYY-MM-DD, digits only (2026-09-25)"
	case noSuchMonth:
		return "month " + s[5:7] + " is not one of 01 to 12"
	case noSuchDay:
		year, month, _ := dateParts(s)
		return "day " + s[8:10] + ": " + monthNames[month-1] + " " + s[:4] + " has " + strconv.Itoa(daysIn(year, month)) + " days"
	}
	return ""
}

var monthNames = [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// daysIn is the number of days of month (1 to 12) of year, in the
// Gregorian calendar.
func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// List is one list of the rules as the packages hold it: where the rules
// give it and the release its names were read from. Every list of the
// other packages has one (keyword.ActionList, cardtype.CardTypeList,
// subtype.Category.List, mana.SymbolList, ...).
//
// A release the history records from rule pages, not from the official
// TXT, reads only the rules of its pages (the release of 2026-09-25 was
// recorded from its pages of 205.3 and 107.4): every other list is as of
// the newest release before it that read it, and says so. The names of
// a list carry forward until a release that read it says otherwise.
type List struct {
	// Key is the list's key in the files the project exports
	// ("keyword_actions", "creature", "mana_symbols").
	Key  string
	Noun string // one of its names: "keyword action"
	Rule string // the rule that lists it, as AsOf numbers it
	// AsOf is the English release its names were read from: the newest
	// release the history records that read this list.
	AsOf string
	// AsOfES is the Spanish release its Spanish names were read from; ""
	// when no Spanish source names them.
	AsOfES string
	// unread are the English releases the history records that did not
	// read the list, oldest first.
	unread []string
}

// NewList is a list whose English names were read as of asOf, and not by
// the releases of unread (oldest first), for the generated packages.
func NewList(key, noun, rule, asOf, asOfES string, unread []string) List {
	return List{Key: key, Noun: noun, Rule: rule, AsOf: asOf, AsOfES: asOfES, unread: unread}
}

// ReadIn reports whether release, one the history records, read the list
// (its names as of release are release's own).
func (l List) ReadIn(release string) bool {
	_, unread := slices.BinarySearch(l.unread, release)
	return !unread
}

// KnownAsOf returns the release whose reading of the list holds on date
// (YYYY-MM-DD): the release in force that day (InForce), or, when that
// one did not read the list, the newest release before it that did. It
// reports false for a date no release was in force on. It allocates
// nothing.
func (l List) KnownAsOf(date string) (release string, ok bool) {
	r, ok := InForce(date)
	if !ok {
		return "", false
	}
	i, _ := slices.BinarySearch(releasesEN, r)
	for ; i >= 0; i-- {
		if l.ReadIn(releasesEN[i]) {
			return releasesEN[i], true
		}
	}
	return "", false
}

// NewestOf returns the newest release any of lists was read from, in
// English and in Spanish ("" when none names its names in Spanish): a
// package's tables are as of it, and no newer release.
func NewestOf(lists ...List) (en, es string) {
	for _, l := range lists {
		en, es = max(en, l.AsOf), max(es, l.AsOfES)
	}
	return en, es
}

// Newest returns the newest English release the history records.
func Newest() string { return releasesEN[len(releasesEN)-1] }

// Life is one unbroken stretch of releases listing a name.
type Life struct {
	// Since is the first release listing the name; Exact is false when
	// that is only the oldest release the history knows (the name may be
	// older), or when a release the history does not record lies between
	// it and the release before it (Unrecorded: the name may have come in
	// that one).
	Since string
	Exact bool
	// Removed is the first release that no longer lists it; "" while the
	// rules list it.
	Removed string
}

// RemovedExact reports whether Removed is the release that dropped the
// name: false when a release the history does not record lies between it
// and the release before it (the name may have gone in that one). A life
// that goes on is exact.
func (l Life) RemovedExact() bool {
	if l.Removed == "" {
		return true
	}
	i, ok := slices.BinarySearch(releasesEN, l.Removed)
	if !ok || i == 0 {
		return ok
	}
	return len(UnrecordedBetween("en", releasesEN[i-1], l.Removed)) == 0
}

// Unrecorded are the releases of lang ("en", "es") known to exist that the
// history does not record, oldest first: what the answers of the
// generated packages cannot see. A release recorded leaves the list.
func Unrecorded(lang string) []string {
	switch lang {
	case "en":
		return slices.Clone(unrecordedEN)
	case "es":
		return slices.Clone(unrecordedES)
	}
	return nil
}

// UnrecordedBetween are the unrecorded releases of lang after after and
// up to upTo (after "" is the beginning), oldest first.
func UnrecordedBetween(lang, after, upTo string) []string {
	var out []string
	list := unrecordedEN
	if lang == "es" {
		list = unrecordedES
	}
	for _, d := range list {
		if d > after && d <= upTo {
			out = append(out, d)
		}
	}
	return out
}

// Gap is the release in force on date (YYYY-MM-DD) that the history does
// not record, if any: an answer as of date is by the rules of
// InForce(date), the newest recorded release on or before it, and Gap
// names the newer one it cannot see ("" when none is known).
func Gap(date string) string {
	r, ok := InForce(date)
	if !ok {
		return ""
	}
	return GapAfter(r, date)
}

// GapAfter is the newest English release not recorded after release and
// on or before date, or "". It allocates nothing.
func GapAfter(release, date string) string {
	gap := ""
	for _, d := range unrecordedEN {
		if d > release && d <= date {
			gap = d
		}
	}
	return gap
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
	// Known is, when the release asked for (AsOf, or today's rules) did
	// not read the list, the release the list is known as of: the newest
	// before it that read it (List.KnownAsOf). The name is not in the
	// list as of Known; the release asked for may list it.
	Known string
	// List names the list, for the message about Known: "keyword
	// actions".
	List string
}

func (e *NameError) Error() string { return e.Pkg + ": " + names.Quote(e.Name) + " " + e.Why() }

// Why is the error without the package and the name: "is no longer a
// creature type: Cephalid was removed from rule 205.3m in the release of
// 2024-07-30".
func (e *NameError) Why() string {
	if e.Known != "" && e.Removed == "" && e.Since == "" {
		list := e.List
		if list == "" {
			list = e.Noun + "s"
		}
		if e.AsOf == "" {
			return "is not " + names.Article(e.Noun) + " (rule " + e.Rule + ") as of " + e.Known + ", the newest release whose " + list + " are read"
		}
		return "is not " + names.Article(e.Noun) + " known as of " + e.AsOf + ": the " + list + " of " + e.AsOf + " are not read; known as of " + e.Known + " (rule " + e.Rule + ")"
	}
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

// DateError is a release asked for that the history cannot answer: no
// date of the calendar written YYYY-MM-DD (its Error says what is wrong),
// or one before the oldest release it records.
type DateError struct {
	Pkg  string // the package reporting it
	Date string // as given
}

func (e *DateError) Error() string {
	if !IsDate(e.Date) {
		return e.Pkg + ": release " + names.Quote(e.Date) + " is not a date: " + dateProblem(e.Date)
	}
	return e.Pkg + ": no release of the rules the packages know was in force on " + e.Date + " (the oldest is " + releasesEN[0] + ")"
}
