package rulebook

import (
	"fmt"
	"slices"
	"strings"
)

// ReleaseAsOf is the release in force on date (YYYY-MM-DD): the newest
// recorded on or before it.
func (b *Book) ReleaseAsOf(date string) (Release, bool) {
	i, found := slices.BinarySearch(b.releaseDates(), date)
	if found {
		return b.Releases[i], true
	}
	if i == 0 {
		return Release{}, false
	}
	return b.Releases[i-1], true
}

// Newest is the newest recorded release.
func (b *Book) Newest() (Release, bool) {
	if len(b.Releases) == 0 {
		return Release{}, false
	}
	return b.Releases[len(b.Releases)-1], true
}

// At is the version of a history the rules of release held: the last
// from release or before, false when there is none or it is gone.
func At(versions []Version, release string) (Version, bool) {
	// The first version after release, by hand: a search by function
	// would copy each version it compares.
	lo, hi := 0, len(versions)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if versions[m].Since <= release {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 || versions[lo-1].Gone {
		return Version{}, false
	}
	return versions[lo-1], true
}

// History is the recorded history of rule number, or nil.
func (b *Book) History(number string) *Rule {
	if b.ruleIndex == nil {
		b.ruleIndex = make(map[string]int, len(b.Rules))
		for i, r := range b.Rules {
			b.ruleIndex[r.Number] = i
		}
	}
	i, ok := b.ruleIndex[number]
	if !ok {
		return nil
	}
	return &b.Rules[i]
}

// Rule is rule number's text as of release, and false when the rules of
// release have no such rule.
func (b *Book) Rule(number, release string) (Version, bool) {
	h := b.History(number)
	if h == nil {
		return Version{}, false
	}
	return At(h.Versions, release)
}

// Subrules are the numbers of the rules under number as of release, in
// order: 702.19a, 702.19b for 702.19; 702.1 ... for 702.
func (b *Book) Subrules(number, release string) []string {
	i, _ := slices.BinarySearchFunc(b.Rules, number, func(r Rule, n string) int { return CompareNumbers(r.Number, n) })
	var subs []string
	for ; i < len(b.Rules); i++ {
		n := b.Rules[i].Number
		if n == number {
			continue
		}
		if !heldBy(n, []string{number}) {
			break
		}
		if _, ok := At(b.Rules[i].Versions, release); ok {
			subs = append(subs, n)
		}
	}
	return subs
}

// Heading is the title of chapter or section number as of release.
func (b *Book) Heading(number, release string) (string, bool) {
	i, ok := slices.BinarySearchFunc(b.Contents, number, func(r Rule, n string) int { return CompareNumbers(r.Number, n) })
	if !ok {
		return "", false
	}
	v, ok := At(b.Contents[i].Versions, release)
	return v.Text, ok
}

// Term is glossary term's history (its case aside), or nil.
func (b *Book) Term(term string) *Term {
	for i := range b.Glossary {
		if strings.EqualFold(b.Glossary[i].Term, term) {
			return &b.Glossary[i]
		}
	}
	return nil
}

// Unchanged reports the first rule, heading or term whose text in a
// release of old, other than those of except, the book gives otherwise:
// recording a release leaves every other as it was.
func (b *Book) Unchanged(old *Book, except ...string) error {
	var dates []string
	for _, r := range old.Releases {
		if !slices.Contains(except, r.Date) {
			dates = append(dates, r.Date)
		}
	}
	cmp := func(kind string, before, after []Rule) error {
		now := make(map[string][]Version, len(after))
		for _, h := range after {
			now[h.Number] = h.Versions
		}
		for _, h := range before {
			was, is := expand(h.Versions, dates), expand(now[h.Number], dates)
			for i := range dates {
				if (was[i] == nil) != (is[i] == nil) || was[i] != nil && !sameVersion(*was[i], *is[i]) {
					return fmt.Errorf("%s %s: its text in %s would change", kind, h.Number, dates[i])
				}
			}
		}
		return nil
	}
	terms := func(ts []Term) []Rule {
		out := make([]Rule, len(ts))
		for i, t := range ts {
			out[i] = Rule{Number: t.Term, Versions: t.Versions}
		}
		return out
	}
	if err := cmp("rule", old.Rules, b.Rules); err != nil {
		return err
	}
	if err := cmp("heading", old.Contents, b.Contents); err != nil {
		return err
	}
	return cmp("glossary term", terms(old.Glossary), terms(b.Glossary))
}

// indexOf is the index of the release of date, or -1.
func (b *Book) indexOf(date string) int {
	i, ok := slices.BinarySearch(b.releaseDates(), date)
	if !ok {
		return -1
	}
	return i
}
