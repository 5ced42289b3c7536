package ruletext_test

import (
	"errors"
	"fmt"

	"github.com/mtgrules/crgen/generated/ruletext"
)

// A rule as the rules in force on a day printed it. (The examples read
// past releases: what they print never changes.)
func ExampleLang_AsOf() {
	e, err := ruletext.English.AsOf("2015-06-01")
	if err != nil {
		panic(err)
	}
	r, _ := e.Lookup("702.19")
	fmt.Println(e.Date(), r.Number, r.Title(), "since", r.Since)
	fmt.Println(e.Children("702.19"))
	// Output:
	// 2015-03-27 702.19 Trample since 2013-07-13
	// [702.19a 702.19b 702.19c 702.19d 702.19e]
}

// Every function that takes a date refuses alike what is not one.
func ExampleDateError() {
	_, err := ruletext.English.AsOf("2024-02-30")
	var de *ruletext.DateError
	fmt.Println(errors.As(err, &de), err)
	// Output: true ruletext: "2024-02-30" is not a date: day 30: February 2024 has 29 days
}

// Sections and chapters are looked up as rules are.
func ExampleEdition_Lookup() {
	e, _ := ruletext.English.AsOf("2015-06-01")
	for _, n := range []string{"7", "702", "702.19c"} {
		r, _ := e.Lookup(n)
		fmt.Printf("%s %.60s\n", r.Number, r.Text)
	}
	// Output:
	// 7 Additional Rules
	// 702 Keyword Abilities
	// 702.19c If an attacking creature with trample is blocked, but there
}

// The glossary forgives case, punctuation and plurals, and says what it
// has nearest to a term it has not.
func ExampleEdition_Term() {
	e, _ := ruletext.English.AsOf("2015-06-01")
	entry, _ := e.Term("double-faced cards")
	fmt.Println(entry.Term, "since", entry.Since)
	fmt.Println(entry.Definition()[0])
	_, err := e.Term("Flying creature")
	fmt.Println(err)
	// Output:
	// Double-Faced Cards since 2015-01-23
	// Cards with two faces, one on each side of the card, and no Magic card back. See rule 711, “Double-Faced Cards.”
	// ruletext: the glossary of 2015-03-27 has no term "Flying creature"; did you mean "Flying" or "Creature"?
}

// Words in the rules, with their context.
func ExampleEdition_Search() {
	e, _ := ruletext.English.AsOf("2015-06-01")
	for _, m := range e.Search("lethal damage")[:2] {
		fmt.Println(m.Number, m.Context(50))
	}
	// Output:
	// 119.6 …has been dealt lethal damage and is destroyed…
	// 302.7 …has been dealt lethal damage and is destroyed…
}

// A rule's history across its renumbering, asked by the number it had:
// the creature types were 204.3k until the Type Line moved to 205.
func ExampleLang_Trace() {
	steps, _ := ruletext.English.Trace("204.3k")
	for _, s := range steps {
		switch s.Event {
		case ruletext.First:
			fmt.Println(s.Release, s.Number, s.Event)
		case ruletext.Renumbered:
			fmt.Println(s.Release, s.Number, s.Event, "from", s.From)
		}
	}
	// Output:
	// 2009-07-11 204.3k first
	// 2011-09-30 205.3m renumbered from 204.3k
}

// The whole rules of two dates compared: each rule followed across its
// renumbering.
func ExampleLang_Compare() {
	d, _ := ruletext.English.Compare("2011-07-01", "2011-10-01")
	fmt.Println(d.From, "→", d.To)
	for _, c := range d.Rules {
		if c.Number == "205.3m" {
			fmt.Println(c.Number, c.Status, "from", c.OldNumber)
		}
	}
	// Output:
	// 2011-06-17 → 2011-09-30
	// 205.3m renumbered from 204.3k
}
