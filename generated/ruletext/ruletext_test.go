package ruletext

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/rules"
)

// Past releases, pinned: history does not change.
func TestLookupAsOf(t *testing.T) {
	r, ok := LookupAsOf(English, "204.3k", "2010-01-01")
	if !ok || r.Release != "2009-10-01" || !strings.HasPrefix(r.Text, "Creatures and tribals share their lists of subtypes") || r.Section() != "Type Line" {
		t.Errorf("204.3k as of 2010-01-01: %+v, %v (section %q)", r, ok, r.Section())
	}
	if r, ok := LookupAsOf(English, "205.3", "2010-01-01"); !ok || r.Section() != "Expansion Symbol" {
		t.Errorf("205.3 as of 2010-01-01: section %q", r.Section())
	}
	if _, ok := LookupAsOf(English, "205.3m", "2010-01-01"); ok {
		t.Error("205.3m as of 2010: the rules had no such rule")
	}
	if r, ok := LookupAsOf(English, "702.19", "2015-06-01"); !ok || r.Title() != "Trample" {
		t.Errorf("702.19 as of 2015-06-01: title %q", r.Title())
	}
	r, ok = LookupAsOf(English, "601.2f", "2020-01-01")
	if !ok || len(r.References()) == 0 {
		t.Errorf("601.2f as of 2020: %+v, references %v", r, r.References())
	}
	for _, bad := range []string{"2024-02-30", "2001-01-01", "yesterday"} {
		if _, ok := LookupAsOf(English, "100.1", bad); ok {
			t.Errorf("as of %q: a rule", bad)
		}
	}
	if _, ok := Lookup("fr", "100.1"); ok {
		t.Error("French: a rule")
	}
}

// The newest release, whatever it holds: each rule Subrules names reads,
// under its parent; a rule reads as of the newest release's own date as
// it does today. Past releases, pinned: 702.19's subrules in 2015, the
// contents and glossary of then.
func TestLookup(t *testing.T) {
	rels := Releases(English)
	newest := rels[len(rels)-1]
	checked := 0
	for _, sec := range Contents(English, "") {
		if len(sec[0]) != 3 {
			continue
		}
		for _, n := range Subrules(English, sec[0], "") {
			r, ok := Lookup(English, n)
			if !ok || r.Release != newest.Date || r.Since > r.Release || !strings.HasPrefix(n, sec[0]+".") {
				t.Fatalf("%s, a subrule of %s today: %+v, %v", n, sec[0], r, ok)
			}
			if a, _ := LookupAsOf(English, n, newest.Date); a.Text != r.Text {
				t.Errorf("%s today and as of %s differ", n, newest.Date)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no rule today: the newest release reads as empty")
	}
	if subs := Subrules(English, "702.19", "2015-06-01"); len(subs) < 3 || subs[0] != "702.19a" {
		t.Errorf("702.19's subrules as of 2015-06-01: %v", subs)
	}
	if h, ok := Heading(English, "7", "2015-06-01"); !ok || h != "Additional Rules" {
		t.Errorf("chapter 7 as of 2015-06-01: %q, %v", h, ok)
	}
	if c := Contents(English, "2009-07-11"); len(c) < 100 || c[0] != [2]string{"1", "Game Concepts"} {
		t.Errorf("the contents of 2009-07-11: %d headings, first %v", len(c), c[0])
	}
	if e, ok := Term(English, "tribal", "2020-01-01"); !ok || e.Term != "Tribal" || !strings.Contains(strings.Join(e.Definition, " "), "card type") {
		t.Errorf("tribal as of 2020: %+v, %v", e, ok)
	}
	if r, ok := LookupAsOf(Spanish, "205.3m", "2026-09-25"); !ok || !strings.Contains(r.Text, "Señor del Tiempo") {
		t.Errorf("Spanish 205.3m as of 2026-09-25: %.80q, %v", r.Text, ok)
	}
}

// A rule's trace and the diff of two releases, from the package.
func TestTraceAndCompare(t *testing.T) {
	steps, err := Trace(English, "205.3m", "2015-06-01")
	if err != nil || steps[0].Number != "204.3k" || steps[0].Release != "2009-07-11" {
		t.Errorf("205.3m's trace: %v, %v", steps, err)
	}
	d, err := Compare(English, "2011-07-15", "2011-09-30")
	if err != nil || len(d.Rules) == 0 {
		t.Errorf("2011-07-15 → 2011-09-30: %v", err)
	}
}

// Lookups allocate nothing once the book is read.
func TestLookupsAllocateNothing(t *testing.T) {
	Lookup(English, "100.1")
	for name, f := range map[string]func(){
		"Lookup":     func() { Lookup(English, "100.1") },
		"LookupAsOf": func() { LookupAsOf(English, "204.3k", "2010-01-01") },
		"Gap":        func() { LookupAsOf(English, "205.3m", "2099-01-01") },
		"Term":       func() { Term(English, "Trample", "") },
		"Heading":    func() { Heading(English, "702", "2015-06-01") },
		"Missing":    func() { Lookup(English, "999.9") },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

// BenchmarkLookup is a rule's text as of a date, beside the strongest
// baseline for one release: a map of number to text built ahead.
func BenchmarkLookup(b *testing.B) {
	Lookup(English, "100.1")
	numbers := Subrules(English, "702", "")
	b.Run("impl=ruletext/as-of", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			LookupAsOf(English, numbers[i%len(numbers)], "2025-01-01")
			i++
		}
	})
	texts := map[string]string{}
	for _, n := range numbers {
		r, _ := Lookup(English, n)
		texts[n] = r.Text
	}
	b.Run("impl=baseline=map-one-release", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = texts[numbers[i%len(numbers)]]
			i++
		}
	})
}

// BenchmarkFirstUse is what the first call costs: reading the book.
func BenchmarkFirstUse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		load(English)
	}
}

// A rule as of a date an unrecorded release was in force names it: the
// text is of the recorded release before it.
func TestGap(t *testing.T) {
	for _, gap := range rules.Unrecorded("en") {
		r, ok := LookupAsOf(English, "100.1", gap)
		if !ok || r.Gap != gap || r.Release >= gap {
			t.Errorf("100.1 as of %s (not recorded): release %s, gap %q", gap, r.Release, r.Gap)
		}
	}
	for _, rel := range Releases(English) {
		if r, ok := LookupAsOf(English, "100.1", rel.Date); ok && r.Gap != "" {
			t.Errorf("100.1 as of %s, a recorded release: gap %q", rel.Date, r.Gap)
		}
	}
}
