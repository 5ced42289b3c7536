package ruletext

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/bookfile"
)

func asOf(t *testing.T, l Lang, date string) Edition {
	t.Helper()
	e, err := l.AsOf(date)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Past releases, pinned: history does not change.
func TestLookupAsOf(t *testing.T) {
	e := asOf(t, English, "2010-01-01")
	r, ok := e.Lookup("204.3k")
	if !ok || r.Release != "2009-10-01" || r.Printed != "2009-10-01" || r.Since > r.Release ||
		!strings.HasPrefix(r.Text, "Creatures and tribals share their lists of subtypes") || r.Section() != "Type Line" || r.Kind() != Subrule {
		t.Errorf("204.3k as of 2010-01-01: %+v, %v (section %q)", r, ok, r.Section())
	}
	if e.Date() != "2009-10-01" || e.Asked() != "2010-01-01" {
		t.Errorf("the edition of 2010-01-01: %s, asked %s", e.Date(), e.Asked())
	}
	if r, ok := e.Lookup("205.3"); !ok || r.Section() != "Expansion Symbol" {
		t.Errorf("205.3 as of 2010-01-01: section %q", r.Section())
	}
	if _, ok := e.Lookup("205.3m"); ok {
		t.Error("205.3m as of 2010: the rules had no such rule")
	}
	e15 := asOf(t, English, "2015-06-01")
	if r, ok := e15.Lookup("702.19"); !ok || r.Title() != "Trample" || r.Kind() != Numbered {
		t.Errorf("702.19 as of 2015-06-01: title %q", r.Title())
	}
	if r, ok := asOf(t, English, "2020-01-01").Lookup("601.2f"); !ok || len(r.References()) == 0 {
		t.Errorf("601.2f as of 2020: %+v, references %v", r, r.References())
	}
	// A section and a chapter are looked up as rules are.
	if r, ok := e15.Lookup("702"); !ok || r.Text != "Keyword Abilities" || r.Title() != r.Text || r.Kind() != Section || r.More() != nil {
		t.Errorf("section 702 as of 2015: %+v, %v", r, ok)
	}
	if r, ok := e15.Lookup("7"); !ok || r.Text != "Additional Rules" || r.Kind() != Chapter {
		t.Errorf("chapter 7 as of 2015: %+v, %v", r, ok)
	}
	if got := e15.Children("702.19"); len(got) < 3 || got[0] != "702.19a" || slices.ContainsFunc(got, func(n string) bool { return !strings.HasPrefix(n, "702.19") || len(n) != 7 }) {
		t.Errorf("702.19's subrules as of 2015-06-01: %v", got)
	}
	if got := e15.Children("702"); len(got) < 50 || got[0] != "702.1" || slices.ContainsFunc(got, func(n string) bool { return strings.ContainsAny(n[4:], "abcdefghijklmnopqrstuvwxyz") }) {
		t.Errorf("the rules of 702 as of 2015-06-01: %d, %v", len(got), got[:min(3, len(got))])
	}
	if got := e15.Children("7"); len(got) < 5 || got[0] != "700" {
		t.Errorf("the sections of chapter 7: %v", got)
	}
	if got := e15.Subrules("702.19"); !slices.Equal(got, e15.Children("702.19")) {
		t.Errorf("every rule under 702.19 is a child of it: %v", got)
	}
	if c := asOf(t, English, "2009-07-11").Contents(); len(c) < 100 || c[0] != (Heading{"1", "Game Concepts"}) {
		t.Errorf("the contents of 2009-07-11: %d headings, first %v", len(c), c[0])
	}
	if _, ok := English.Newest().Lookup("bogus"); ok {
		t.Error("no number: a rule")
	}
	if _, ok := Lang("fr").Newest().Lookup("100.1"); ok {
		t.Error("French: a rule")
	}
}

// Every function with a date refuses alike what is not one and a date
// before the first release.
func TestDatesRefusedAlike(t *testing.T) {
	first := English.Releases()[0].Date
	for _, bad := range []string{"2024-02-30", "2001-01-01", "yesterday", "bogus", "2024-1-01"} {
		_, err := English.AsOf(bad)
		var de *DateError
		if !errors.As(err, &de) || de.Date != bad {
			t.Errorf("as of %q: %v", bad, err)
		}
		if bad == "2001-01-01" && (de.First != first || !strings.Contains(err.Error(), first)) {
			t.Errorf("before the first release: %v", err)
		}
		if _, err := English.Compare(bad, ""); !errors.As(err, &de) {
			t.Errorf("compare from %q: %v", bad, err)
		}
		if _, err := English.Compare(first, bad); !errors.As(err, &de) {
			t.Errorf("compare to %q: %v", bad, err)
		}
	}
	if _, err := English.Compare("", first); err == nil {
		t.Error("the newest compared to the oldest: the older must come first")
	}
}

// The newest edition, whatever it holds: each rule Subrules names reads,
// under its section, as of the newest release's date as today; each
// says which release printed it (the newest, or before it for a release
// of some rules only) and since when.
func TestNewest(t *testing.T) {
	rels := English.Releases()
	newest := English.Newest()
	if newest.Date() != rels[len(rels)-1].Date || newest.Asked() != "" {
		t.Fatalf("the newest edition is %s", newest.Date())
	}
	same := asOf(t, English, newest.Date())
	checked := 0
	for _, sec := range newest.Contents() {
		if len(sec.Number) != 3 {
			continue
		}
		for _, n := range newest.Subrules(sec.Number) {
			r, ok := newest.Lookup(n)
			if !ok || r.Release != newest.Date() || r.Printed > r.Release || r.Since > r.Printed || !strings.HasPrefix(n, sec.Number+".") {
				t.Fatalf("%s, a subrule of %s today: %+v, %v", n, sec.Number, r, ok)
			}
			if a, _ := same.Lookup(n); a.Text != r.Text {
				t.Errorf("%s today and as of %s differ", n, newest.Date())
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no rule today: the newest release reads as empty")
	}
}

// A release of some rules only printed those: a rule of its pages was
// printed by it, every other by the release before it that printed it.
func TestPrintedNamesTheReleaseOfTheText(t *testing.T) {
	partial := 0
	for _, l := range Langs() {
		rels := l.Releases()
		for i, rel := range rels {
			if len(rel.Holds) == 0 || i == 0 {
				continue
			}
			partial++
			e := asOf(t, l, rel.Date)
			for _, held := range rel.Holds {
				r, ok := e.Lookup(held)
				if ok && r.Printed != rel.Date {
					t.Errorf("%s %s of %s, on its pages: printed by %s", l, held, rel.Date, r.Printed)
				}
			}
			if l != English {
				continue
			}
			for _, n := range []string{"100.1", "702.19b"} {
				if slices.ContainsFunc(rel.Holds, func(h string) bool { return n == h || strings.HasPrefix(n, h) }) {
					continue
				}
				r, ok := e.Lookup(n)
				if !ok || r.Printed >= rel.Date || r.Release != rel.Date {
					t.Errorf("%s as of %s, not on its pages: printed by %s, release %s", n, rel.Date, r.Printed, r.Release)
				}
				if before := asOf(t, l, rels[i-1].Date); r.Text != mustLookup(t, before, n).Text {
					t.Errorf("%s as of %s is not the text of the release before", n, rel.Date)
				}
			}
		}
	}
	if partial == 0 {
		t.Log("no release of some rules only is recorded: nothing to check")
	}
}

func mustLookup(t *testing.T, e Edition, n string) Rule {
	t.Helper()
	r, ok := e.Lookup(n)
	if !ok {
		t.Fatalf("%s as of %s: none", n, e.Date())
	}
	return r
}

// The glossary forgives case, punctuation and plurals, and suggests the
// nearest terms for a miss (2015-06-01, pinned).
func TestTerm(t *testing.T) {
	e := asOf(t, English, "2015-06-01")
	for q, want := range map[string]string{"trample": "Trample", "Tribal": "Tribal", "double-faced cards": "Double-Faced Cards", "Planeswalkers": "Planeswalker", "CONVERTED MANA COST": "Converted Mana Cost"} {
		got, err := e.Term(q)
		if err != nil || got.Term != want || got.Release != e.Date() || got.Since > got.Release || len(got.Definition()) == 0 {
			t.Errorf("term %q as of 2015: %+v, %v", q, got, err)
		}
	}
	if got, _ := e.Term("tribal"); !strings.Contains(strings.Join(got.Definition(), " "), "card type") {
		t.Errorf("tribal as of 2015: %q", got.Definition())
	}
	_, err := e.Term("Flying creature")
	var te *TermError
	if !errors.As(err, &te) || !slices.Equal(te.Suggestions, []string{"Flying", "Creature"}) || !strings.Contains(err.Error(), `did you mean "Flying" or "Creature"?`) {
		t.Errorf("Flying creature: %v", err)
	}
	if _, err := e.Term("Trampel"); !errors.As(err, &te) || !slices.Contains(te.Suggestions, "Trample") {
		t.Errorf("Trampel: %v", err)
	}
	terms := e.Terms()
	if len(terms) < 300 || !slices.Contains(terms, "Trample") {
		t.Errorf("the terms of 2015: %d", len(terms))
	}
	for _, term := range terms {
		if got, err := e.Term(term); err != nil || got.Term != term {
			t.Errorf("term %q, listed, looks up as %q, %v", term, got.Term, err)
		}
	}
}

// Search finds the words with their context, as of any release.
func TestSearch(t *testing.T) {
	e := asOf(t, English, "2020-01-24")
	ms := e.Search("Lethal damage")
	var rules []string
	for _, m := range ms {
		if !strings.EqualFold(m.Text[m.Start:m.End], "lethal damage") || !strings.Contains(m.Context(60), m.Text[m.Start:m.End]) {
			t.Errorf("%s%s: %q at %d-%d", m.Number, m.Term, m.Text, m.Start, m.End)
		}
		if m.Number != "" && !slices.Contains(rules, m.Number) {
			rules = append(rules, m.Number)
		}
	}
	for _, want := range []string{"120.6", "702.19b", "704.5g"} {
		if !slices.Contains(rules, want) {
			t.Errorf("lethal damage as of 2020-01-24: not in %s (found in %v)", want, rules)
		}
	}
	if last := ms[len(ms)-1]; last.Term != "Lethal Damage" {
		t.Errorf("the glossary's entry last: %+v", last)
	}
	m := Match{Text: "The controller of an attacking creature with trample first assigns damage to the creature(s) blocking it.", Start: 45, End: 52}
	if got := m.Context(30); got != "…with trample first…" {
		t.Errorf("context %q", got)
	}
}

// Nothing returned shares memory with the book: changing it changes no
// later answer.
func TestNothingReturnedIsShared(t *testing.T) {
	e := asOf(t, English, "2015-06-01")
	r := mustLookup(t, e, "702.19b")
	more := r.More()
	if len(more) == 0 {
		more = r.Examples()
	}
	before := mustLookup(t, e, "100.1").More()
	for i := range more {
		more[i] = "changed"
	}
	if got := mustLookup(t, e, "100.1").More(); !slices.Equal(got, before) {
		t.Errorf("a More changed the book: %q", got)
	}
	entry, _ := e.Term("Trample")
	def := entry.Definition()
	def[0] = "changed"
	if again, _ := e.Term("Trample"); again.Definition()[0] == "changed" {
		t.Error("a Definition changed the book")
	}
	rels := English.Releases()
	for i := range rels {
		rels[i].Holds = append(rels[i].Holds, "changed")
		rels[i].Quirks = nil
	}
	if slices.ContainsFunc(English.Releases(), func(r Release) bool { return slices.Contains(r.Holds, "changed") }) {
		t.Error("Releases' Holds changed the book")
	}
}

// A lookup allocates nothing once its text was read.
func TestLookupsAllocateNothing(t *testing.T) {
	e := English.Newest()
	e.Lookup("702.19b")
	_, _ = e.Term("Trample")
	if n := testing.AllocsPerRun(100, func() {
		r, _ := e.Lookup("702.19b")
		_ = r.Text
		e.Lookup("702")
		_, _ = e.Term("trample")
		e.Heading("7")
	}); n != 0 {
		t.Errorf("%v allocations a lookup", n)
	}
}

// Every paragraph of every embedded book reads: a corrupt chunk would
// fail a lookup at run time, so the tests read them all.
func TestEveryParagraphReads(t *testing.T) {
	for _, l := range Langs() {
		f := l.file()
		if f == nil || f.Releases() == 0 {
			t.Fatalf("%s: no book", l)
		}
		paras := 0
		for _, k := range []bookfile.Kind{bookfile.Rules, bookfile.Contents, bookfile.Glossary} {
			for h := range f.Len(k) {
				for _, v := range f.Versions(k, h) {
					if _, err := v.FullText(); err != nil {
						t.Fatalf("%s %s: %v", l, f.Key(k, h), err)
					}
					paras += v.Paras()
				}
			}
		}
		if paras == 0 {
			t.Errorf("%s: no paragraph", l)
		}
	}
}
