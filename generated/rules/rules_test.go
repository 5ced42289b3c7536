package rules

import (
	"slices"
	"strings"
	"testing"
)

func TestReleases(t *testing.T) {
	en := Releases("en")
	if len(en) == 0 || !slices.IsSorted(en) || en[0] != "2009-07-11" || !slices.Contains(en, "2024-07-30") {
		t.Fatalf("English releases %v", en)
	}
	if len(slices.Compact(slices.Clone(en))) != len(en) {
		t.Errorf("a release twice: %v", en)
	}
	for _, r := range en {
		if !IsDate(r) {
			t.Errorf("release %q is no date", r)
		}
		if got, ok := InForce(r); !ok || got != r {
			t.Errorf("InForce(%s) = %s, %v", r, got, ok)
		}
	}
	if Releases("fr") != nil {
		t.Errorf("releases of a language the packages do not have")
	}
	en[0] = "changed"
	if Releases("en")[0] != "2009-07-11" {
		t.Errorf("Releases gives its own slice away")
	}
}

func TestInForce(t *testing.T) {
	for date, want := range map[string]string{"2024-07-29": "2024-04-12", "2024-07-30": "2024-07-30", "2009-07-10": "", "2024-7-30": "", "": "", "2024-07-30x": "", "9999-12-31": Releases("en")[len(Releases("en"))-1]} {
		if got, ok := InForce(date); got != want || ok != (want != "") {
			t.Errorf("InForce(%q) = %q, %v; want %q", date, got, ok, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { InForce("2020-06-15") }); n != 0 {
		t.Errorf("InForce: %v allocations", n)
	}
}

// A list the newest release did not read is known as of the release
// before it; every other release reads as itself.
func TestListKnownAsOf(t *testing.T) {
	rs := Releases("en")
	newest, before := rs[len(rs)-1], rs[len(rs)-2]
	l := NewList("keyword_actions", "keyword action", "701", before, "", []string{newest})
	for date, want := range map[string]string{newest: before, "9999-12-31": before, before: before, rs[0]: rs[0], "2009-01-01": ""} {
		if got, ok := l.KnownAsOf(date); got != want || ok != (want != "") {
			t.Errorf("KnownAsOf(%s) = %s, %v; want %s", date, got, ok, want)
		}
	}
	if l.ReadIn(newest) || !l.ReadIn(before) {
		t.Errorf("ReadIn: %v %v", l.ReadIn(newest), l.ReadIn(before))
	}
	read := NewList("card_types", "card type", "205.2a", newest, newest, nil)
	if got, _ := read.KnownAsOf(newest); got != newest {
		t.Errorf("a list every release read: KnownAsOf(%s) = %s", newest, got)
	}
	if en, es := NewestOf(l, read); en != newest || es != newest {
		t.Errorf("NewestOf = %s, %s", en, es)
	}
	if n := testing.AllocsPerRun(100, func() { l.KnownAsOf(newest) }); n != 0 {
		t.Errorf("KnownAsOf: %v allocations", n)
	}
}

func TestLife(t *testing.T) {
	l := Life{Since: "2010-01-01", Exact: true, Removed: "2012-01-01"}
	for date, in := range map[string]bool{"2009-12-31": false, "2010-01-01": true, "2011-06-01": true, "2012-01-01": false} {
		if l.Includes(date) != in {
			t.Errorf("%v includes %s: %v", l, date, !in)
		}
	}
	if s := (Life{Since: "2009-07-11"}).String(); s != "since at least 2009-07-11" {
		t.Errorf("%q", s)
	}
	if s := l.String(); s != "2010-01-01 until 2012-01-01" {
		t.Errorf("%q", s)
	}
}

func TestNameErrorWhy(t *testing.T) {
	for _, c := range []struct {
		e    NameError
		want string
	}{
		{NameError{Pkg: "subtype", Name: "hound", Noun: "creature type", Rule: "205.3m", Printed: "Hound", Removed: "2020-07-03"}, `subtype: "hound" is no longer a creature type: Hound was removed from rule 205.3m in the release of 2020-07-03`},
		{NameError{Pkg: "cardtype", Name: "Tribal", Noun: "card type", Rule: "205.2a", Printed: "Tribal", Removed: "2024-07-30", ReplacedBy: "Kindred"}, `cardtype: "Tribal" is no longer a card type: Tribal was removed from rule 205.2a in the release of 2024-07-30, renamed Kindred`},
		{NameError{Pkg: "subtype", Name: "Elk", Noun: "creature type", Rule: "205.3m"}, `subtype: "Elk" is not a creature type (rule 205.3m)`},
		{NameError{Pkg: "subtype", Name: "Elk", Noun: "creature type", Rule: "205.3m", AsOf: "2020-01-01"}, `subtype: "Elk" is not a creature type of the rules of 2020-01-01 (rule 205.3m)`},
		{NameError{Pkg: "subtype", Name: "Egg", Noun: "creature type", Rule: "205.3m", Printed: "Egg", AsOf: "2015-01-01", Removed: "2010-07-16", Since: "2018-07-13"}, `subtype: "Egg" was not a creature type in the rules of 2015-01-01: Egg was removed from rule 205.3m in the release of 2010-07-16 and listed again since 2018-07-13`},
		{NameError{Pkg: "cardtype", Name: "Tribal", Noun: "card type", Rule: "205.2a", Printed: "Tribal", AsOf: "2025-01-01", Removed: "2024-07-30"}, `cardtype: "Tribal" was no longer a card type in the rules of 2025-01-01: Tribal was removed from rule 205.2a in the release of 2024-07-30`},
		{NameError{Pkg: "cardtype", Name: "battle", Noun: "card type", Rule: "205.2a", Printed: "Battle", AsOf: "2020-01-01", Since: "2023-04-14"}, `cardtype: "battle" was not yet a card type in the rules of 2020-01-01: rule 205.2a lists Battle since 2023-04-14`},
		{NameError{Pkg: "keyword", Name: "Heal", Noun: "keyword action", Rule: "701", AsOf: "2026-09-25", Known: "2026-04-17", List: "keyword actions"}, `keyword: "Heal" is not a keyword action known as of 2026-09-25: the keyword actions of 2026-09-25 are not read; known as of 2026-04-17 (rule 701)`},
		{NameError{Pkg: "keyword", Name: "Heal", Noun: "keyword action", Rule: "701", Known: "2026-04-17", List: "keyword actions"}, `keyword: "Heal" is not a keyword action (rule 701) as of 2026-04-17, the newest release whose keyword actions are read`},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v:\n got %s\nwant %s", c.e, got, c.want)
		}
	}
	if got := (&DateError{Pkg: "mana", Date: "2024-7-30"}).Error(); got != `mana: release "2024-7-30" is not a date: want YYYY-MM-DD (2026-09-25)` {
		t.Errorf("%s", got)
	}
}

// A date of no calendar is refused by IsDate, and CheckDate and
// DateError say what is wrong with it.
func TestImpossibleDates(t *testing.T) {
	for date, want := range map[string]string{
		"2024-13-01": "month 13",
		"2024-00-10": "month 00",
		"2024-02-30": "February 2024 has 29 days",
		"2023-02-29": "February 2023 has 28 days",
		"1900-02-29": "February 1900 has 28 days",
		"2024-04-31": "April 2024 has 30 days",
		"2024-05-00": "day 00",
		"2024-5-01":  "YYYY-MM-DD",
		"2024/05/01": "YYYY-MM-DD",
		"2024-0a-01": "digits",
	} {
		if IsDate(date) {
			t.Errorf("IsDate(%q) = true", date)
		}
		err := CheckDate(date)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), date) {
			t.Errorf("CheckDate(%q) = %v, want an error naming %q and the date", date, err, want)
		}
		if _, ok := InForce(date); ok {
			t.Errorf("InForce(%q) found a release", date)
		}
		if msg := (&DateError{Pkg: "p", Date: date}).Error(); !strings.Contains(msg, want) {
			t.Errorf("DateError of %q: %s, want it to name %q", date, msg, want)
		}
	}
	for _, date := range []string{"2024-02-29", "2000-02-29", "2024-12-31", "2009-07-11"} {
		if !IsDate(date) || CheckDate(date) != nil {
			t.Errorf("%s refused: %v", date, CheckDate(date))
		}
	}
	var ok bool
	if n := testing.AllocsPerRun(10, func() { ok = IsDate("2024-02-30") }); n != 0 || ok {
		t.Errorf("IsDate allocates %v times", n)
	}
}

// The releases known and not recorded: each is no recorded release, and
// an answer as of its date names it (Gap); none as of a recorded one.
func TestUnrecorded(t *testing.T) {
	for _, d := range Unrecorded("en") {
		if !IsDate(d) || slices.Contains(Releases("en"), d) {
			t.Errorf("unrecorded %q: not a date, or recorded", d)
		}
		if r, ok := InForce(d); ok && Gap(d) != d {
			t.Errorf("as of %s (in force: recorded %s): gap %q", d, r, Gap(d))
		}
		if got := UnrecordedBetween("en", "", d); len(got) == 0 || got[len(got)-1] != d {
			t.Errorf("UnrecordedBetween up to %s: %v", d, got)
		}
	}
	for _, r := range Releases("en") {
		if g := Gap(r); g != "" {
			t.Errorf("as of the recorded %s: gap %q", r, g)
		}
	}
	// A life removed in a release with an unrecorded one before it is
	// inexact; removed in the oldest known release after another, exact
	// when nothing unrecorded lies between.
	rels := Releases("en")
	for i := 1; i < len(rels); i++ {
		l := Life{Since: rels[0], Removed: rels[i]}
		if want := len(UnrecordedBetween("en", rels[i-1], rels[i])) == 0; l.RemovedExact() != want {
			t.Errorf("removed in %s: exact %v, want %v", rels[i], l.RemovedExact(), want)
		}
	}
}
