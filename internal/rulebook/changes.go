package rulebook

import (
	"fmt"
	"slices"
)

// What a whole diff of a rule book's update is (Change.Kind).
const (
	// KindRelease: the releases newer than every release the book held,
	// from the newest it held to the newest it holds.
	KindRelease = "release"
	// KindCompletion: a release the book held some rules of (rule pages,
	// a text of some sections) read whole, or more of it.
	KindCompletion = "completion"
	// KindAmendment: a recorded release whose text was corrected, or read
	// again and recorded otherwise (scrape -amend).
	KindAmendment = "amendment"
	// KindRecorded: a release older than the newest the book held,
	// recorded for the first time (scrape import of a past release).
	KindRecorded = "recorded"
)

// Change is one whole diff of a rule book's update: what the book held
// before → what it holds after, in the rules, the glossary and the
// contents. A completion or an amendment compares a release as the book
// held it with the same release as it holds it now (From and To are its
// date); a release, the newest release the book held with the newest it
// holds; a past release newly recorded, the release before it with it.
type Change struct {
	Kind string `json:"kind"`
	DocDiff
	// Held and Before, of a completion or an amendment of a release the
	// book held some rules of: the rules it held (its pages' rules, or
	// its sections), compared as held before and now; and the release
	// before it, from which its other rules are compared.
	Held   []string `json:"held,omitempty"`
	Before string   `json:"before,omitempty"`
}

// Changes is what the rule book of lang in newDir says beyond the one in
// oldDir, each read once: the whole diffs of Diff, and how the pairings
// amended by hand (scrape pair) differ.
func Changes(oldDir, newDir, lang string) ([]*Change, []PairAmendment, error) {
	old, err := Load(oldDir, lang)
	if err != nil {
		return nil, nil, err
	}
	cur, err := Load(newDir, lang)
	if err != nil {
		return nil, nil, err
	}
	changes, err := Diff(old, cur)
	if err != nil {
		return nil, nil, fmt.Errorf("%s against %s: %w", newDir, oldDir, err)
	}
	return changes, pairAmendments(old, cur), nil
}

// Diff is every change of the rules between two records of a book, each
// shown once, oldest release first: each release up to the newest old
// held whose own text changed (completed, amended, or recorded for the
// first time), then the releases newer than that (one diff from old's
// newest to cur's newest, through cur's pairing). Nothing when either
// book holds no release.
//
// A completion or an amendment compares, for the rules the release
// held in old (all of them for a whole text, the rules of its pages
// otherwise), what old held with what cur holds, a number being the same
// rule; its other rules are those of the release before it, as cur
// holds that one, followed through cur's pairing. So the diffs of every
// update shown one after the other add up to scrape diff -whole between
// the releases: what a release's pages showed, the completion of its
// text does not show again.
func Diff(old, cur *Book) ([]*Change, error) {
	o, ok := old.Newest()
	n, ok2 := cur.Newest()
	if !ok || !ok2 {
		return nil, nil
	}
	for _, r := range old.Releases {
		if cur.indexOf(r.Date) < 0 {
			return nil, fmt.Errorf("the rule book lacks %s@%s, which the book before it held", cur.Lang, r.Date)
		}
	}
	var out []*Change
	for _, d := range cur.revised(old, o.Date) {
		c, err := cur.revision(old, d)
		if err != nil {
			return nil, err
		}
		if c != nil && !c.Empty() {
			out = append(out, c)
		}
	}
	if n.Date > o.Date {
		d, err := cur.Compare(o.Date, n.Date)
		if err != nil {
			return nil, err
		}
		out = append(out, &Change{Kind: KindRelease, DocDiff: *d})
	}
	return out, nil
}

// revised are the releases of b up to upto whose record differs from
// old's: releases old lacks, and those where a rule, heading or term
// reads otherwise.
func (b *Book) revised(old *Book, upto string) []string {
	var dates []string
	differs := map[string]bool{}
	for _, r := range b.Releases {
		if r.Date > upto {
			break
		}
		dates = append(dates, r.Date)
		if old.indexOf(r.Date) < 0 {
			differs[r.Date] = true
		}
	}
	mark := func(was, is []Version) {
		if slices.EqualFunc(was, is, sameRecord) {
			return
		}
		for _, d := range dates {
			v, ok := At(was, d)
			w, ok2 := At(is, d)
			if ok != ok2 || ok && !sameVersion(v, w) {
				differs[d] = true
			}
		}
	}
	for _, h := range pairHistories(old.Rules, b.Rules) {
		mark(h[0], h[1])
	}
	for _, h := range pairHistories(old.Contents, b.Contents) {
		mark(h[0], h[1])
	}
	for _, h := range pairHistories(termHistories(old.Glossary), termHistories(b.Glossary)) {
		mark(h[0], h[1])
	}
	var out []string
	for _, d := range dates {
		if differs[d] {
			out = append(out, d)
		}
	}
	return out
}

func sameRecord(a, b Version) bool {
	return a.Since == b.Since && a.Gone == b.Gone && sameVersion(a, b)
}

// pairHistories are the versions each number has in was and in is (nil
// where one lacks it), by number.
func pairHistories(was, is []Rule) map[string][2][]Version {
	out := make(map[string][2][]Version, len(is))
	for _, h := range was {
		out[h.Number] = [2][]Version{h.Versions, nil}
	}
	for _, h := range is {
		p := out[h.Number]
		p[1] = h.Versions
		out[h.Number] = p
	}
	return out
}

func termHistories(ts []Term) []Rule {
	out := make([]Rule, len(ts))
	for i, t := range ts {
		out[i] = Rule{Number: t.Term, Versions: t.Versions}
	}
	return out
}

// revision is the whole diff of release d of b, which old records
// otherwise: a release old lacks, from the release before it; one old
// holds, from what old held for it (see Diff). Nil for a release old
// lacks with none before it: there is nothing to compare it with.
func (b *Book) revision(old *Book, d string) (*Change, error) {
	k := b.indexOf(d)
	o := old.indexOf(d)
	if o < 0 {
		if k == 0 {
			return nil, nil
		}
		dd, err := b.Compare(b.Releases[k-1].Date, d)
		if err != nil {
			return nil, err
		}
		return &Change{Kind: KindRecorded, DocDiff: *dd}, nil
	}
	was, is := old.Releases[o], b.Releases[k]
	kind := KindAmendment
	if len(was.Holds) > 0 && (len(is.Holds) == 0 || !slices.Equal(was.Holds, is.Holds) && !slices.ContainsFunc(was.Holds, func(h string) bool { return !heldBy(h, is.Holds) })) {
		kind = KindCompletion
	}
	rec, before := b.heldAndHolds(old, was, k)
	dd, err := rec.Compare(before, d)
	if err != nil {
		return nil, err
	}
	dd.From = d
	c := &Change{Kind: kind, DocDiff: *dd}
	if len(was.Holds) > 0 {
		c.Held = was.Holds
		if k > 0 {
			c.Before = before
		}
	}
	return c, nil
}

// heldAndHolds is what old held of release k of b (was, as old records
// it) and what b holds of it, as a book of two releases: first the rules
// the release held in old (all of them for a whole text), the rest as b
// holds the release before it (before, its date); then the release as b
// holds it. Its pairing: a rule the release held in old is the same rule
// in b; every other goes as b pairs the release before with it.
func (b *Book) heldAndHolds(old *Book, was Release, k int) (rec *Book, before string) {
	d, whole := b.Releases[k].Date, len(was.Holds) == 0
	ownsRule := func(n string) bool { return whole || heldBy(n, was.Holds) }
	ownsHeading := func(n string) bool {
		return whole || was.Source == "txt" && (len(n) == 1 || slices.Contains(was.Holds, n))
	}
	ownsTerm := func(string) bool { return whole }
	before = "0001-01-01" // no release before d: nothing but what old held of it
	if k > 0 {
		before = b.Releases[k-1].Date
	}
	dates := []string{before, d}
	two := func(histories map[string][2][]Version, owns func(string) bool) []Rule {
		var out []Rule
		for n, h := range histories {
			var first, second *Version
			if owns(n) {
				if v, ok := At(h[0], d); ok {
					first = &v
				}
			} else if v, ok := At(h[1], before); ok && k > 0 {
				first = &v
			}
			if v, ok := At(h[1], d); ok {
				second = &v
			}
			if vs := compress([]*Version{first, second}, dates); len(vs) > 0 {
				out = append(out, Rule{Number: n, Versions: vs})
			}
		}
		slices.SortFunc(out, func(x, y Rule) int { return CompareNumbers(x.Number, y.Number) })
		return out
	}
	is := b.Releases[k]
	rec = &Book{
		Lang:     b.Lang,
		Releases: []Release{{Date: before, Source: "txt"}, {Date: d, Source: is.Source, Holds: is.Holds}},
		Rules:    two(pairHistories(old.Rules, b.Rules), ownsRule),
		Contents: two(pairHistories(old.Contents, b.Contents), ownsHeading),
	}
	for _, t := range two(pairHistories(termHistories(old.Glossary), termHistories(b.Glossary)), ownsTerm) {
		rec.Glossary = append(rec.Glossary, Term{Term: t.Number, Versions: t.Versions})
	}
	slices.SortFunc(rec.Glossary, func(x, y Term) int { return compareTerms(x.Term, y.Term) })
	var p Pairing
	if k > 0 {
		p = b.Pairing(k).without(ownsRule, ownsHeading, ownsTerm)
	}
	rec.pairings = make([]pairingSlot, 2)
	rec.pairings[1].x = newPairingIndex(p)
	rec.pairings[1].once.Do(func() {})
	return rec, before
}

// without is p without the pairs of the rules owned says stay
// themselves (a move, split or merge from one, a move to one, one
// reused), and of the headings and terms ownedHeading and ownedTerm say
// stay themselves.
func (p Pairing) without(owned, ownedHeading, ownedTerm func(string) bool) Pairing {
	return Pairing{
		Moves: movesWithout(p.Moves, owned, true), Reused: numbersWithout(p.Reused, owned),
		Splits: movesWithout(p.Splits, owned, false), Merges: movesWithout(p.Merges, owned, false),
		HeadingMoves: movesWithout(p.HeadingMoves, ownedHeading, true), HeadingsReused: numbersWithout(p.HeadingsReused, ownedHeading),
		TermMoves: movesWithout(p.TermMoves, ownedTerm, true), TermsReused: numbersWithout(p.TermsReused, ownedTerm),
	}
}

// movesWithout are the moves of ms from a number owned does not own (and,
// with to, to one).
func movesWithout(ms []Move, owned func(string) bool, to bool) []Move {
	var out []Move
	for _, m := range ms {
		if !owned(m.From) && !(to && owned(m.To)) {
			out = append(out, m)
		}
	}
	return out
}

func numbersWithout(ns []string, owned func(string) bool) []string {
	var out []string
	for _, n := range ns {
		if !owned(n) {
			out = append(out, n)
		}
	}
	return out
}
