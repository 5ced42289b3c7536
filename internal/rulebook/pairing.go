package rulebook

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mtgrules/crgen/internal/diff"
)

// Texts are the rules of release as text to compare (number → its
// paragraphs, one a line; a rule printed twice, both).
func (b *Book) Texts(release string) map[string]string {
	out := make(map[string]string, len(b.Rules))
	for _, h := range b.Rules {
		if v, ok := At(h.Versions, release); ok {
			out[h.Number] = fullText(v)
		}
	}
	return out
}

func fullText(v Version) string {
	parts := append([]string{v.Text}, v.More...)
	for _, a := range v.Also {
		parts = append(append(parts, a.Text), a.More...)
	}
	return strings.Join(parts, "\n")
}

// Pairing is the pairing of the rules (and headings) of release i with
// those of the release before it (none for the oldest): computed from
// their texts (diff.CompareRelease, splits and merges) on first use, the
// pairs amended by hand holding over it. It is derived, never stored: a
// better matcher changes it everywhere at once.
func (b *Book) Pairing(i int) Pairing { return b.pairing(i).Pairing }

// pairingIndex is a release's Pairing, and its pairs by number: of
// the rules, and of the headings.
type pairingIndex struct {
	Pairing
	rules, headings, terms numbering
}

// numbering is a pairing's moves by number, each way, and the numbers
// reused.
type numbering struct {
	to, from map[string]string
	reused   map[string]bool
}

func numberingOf(moves []Move, reused []string) numbering {
	x := numbering{to: map[string]string{}, from: map[string]string{}, reused: map[string]bool{}}
	for _, m := range moves {
		x.to[m.From], x.from[m.To] = m.To, m.From
	}
	for _, n := range reused {
		x.reused[n] = true
	}
	return x
}

// next is the number n has in the release, and false when it is not in
// it (held says which numbers the release prints).
func (x numbering) next(n string, held func(string) bool) (string, bool) {
	if to, ok := x.to[n]; ok {
		return to, true
	}
	if x.reused[n] {
		return "", false
	}
	return n, held(n)
}

// previous is the number n had in the release before, and false when it
// was not in it (held says which numbers that release prints).
func (x numbering) previous(n string, held func(string) bool) (string, bool) {
	if from, ok := x.from[n]; ok {
		return from, true
	}
	if x.reused[n] {
		return "", false
	}
	return n, held(n)
}

// pairingSlot computes one release's pairing once, whichever goroutine
// asks first.
type pairingSlot struct {
	once sync.Once
	x    pairingIndex
}

func (b *Book) pairing(i int) *pairingIndex {
	if b.pairings == nil {
		b.pairings = make([]pairingSlot, len(b.Releases))
	}
	s := &b.pairings[i]
	s.once.Do(func() {
		var p Pairing
		if i > 0 {
			before, date := b.Releases[i-1].Date, b.Releases[i].Date
			old, cur := b.Texts(before), b.Texts(date)
			oldHeads, curHeads := b.headings(before), b.headings(date)
			rules, heads := diff.CompareRelease(diff.Texts{Rules: old, Headings: oldHeads}, diff.Texts{Rules: cur, Headings: curHeads})
			p = PairingOf(diff.SplitsAndMerges(rules, old, cur), old, cur)
			for _, a := range b.Releases[i].Amended {
				p = p.With(a, old, cur)
			}
			h := PairingOf(heads, oldHeads, curHeads)
			p.HeadingMoves, p.HeadingsReused = h.Moves, h.Reused
			// A term renamed keeps its identity as a rule renumbered does.
			oldTerms, curTerms := b.termTexts(before), b.termTexts(date)
			t := PairingOf(diff.CompareTexts(oldTerms, curTerms), oldTerms, curTerms)
			p.TermMoves, p.TermsReused = t.Moves, t.Reused
		}
		s.x = newPairingIndex(p)
	})
	return &s.x
}

// newPairingIndex is p with its pairs by number, of the rules, the
// headings and the terms.
func newPairingIndex(p Pairing) pairingIndex {
	return pairingIndex{Pairing: p, rules: numberingOf(p.Moves, p.Reused), headings: numberingOf(p.HeadingMoves, p.HeadingsReused),
		terms: numberingOf(p.TermMoves, p.TermsReused)}
}

// PairingOf is the pairing the changes between two releases' rules
// (old, cur) say.
func PairingOf(changes []diff.RuleChange, old, cur map[string]string) Pairing {
	var p Pairing
	notSelf := map[string]bool{} // numbers not paired with themselves
	for _, rc := range changes {
		switch rc.Status {
		case diff.RuleRenumbered:
			p.Moves = append(p.Moves, Move{From: rc.OldNumber, To: rc.Number})
			notSelf[rc.OldNumber], notSelf[rc.Number] = true, true
		case diff.RuleAdded, diff.RuleRemoved:
			notSelf[rc.Number] = true
		case diff.RuleSplit:
			p.Splits = append(p.Splits, Move{From: rc.OldNumber, To: rc.Number})
			notSelf[rc.Number] = true
		case diff.RuleMerged:
			p.Merges = append(p.Merges, Move{From: rc.OldNumber, To: rc.Number})
			notSelf[rc.OldNumber] = true
		}
	}
	for n := range notSelf {
		_, inOld := old[n]
		_, inCur := cur[n]
		if inOld && inCur && !slices.ContainsFunc(p.Moves, func(m Move) bool { return m.From == n && m.To == n }) {
			p.Reused = append(p.Reused, n)
		}
	}
	order := func(a, b Move) int {
		if c := CompareNumbers(a.To, b.To); c != 0 {
			return c
		}
		return CompareNumbers(a.From, b.From)
	}
	slices.SortFunc(p.Moves, order)
	slices.SortFunc(p.Splits, order)
	slices.SortFunc(p.Merges, order)
	slices.SortFunc(p.Reused, CompareNumbers)
	return p
}

// Next is the number rule n of the release before is in release i, and
// false when that rule is not in it (removed, merged, or its number
// reused by another): held says which numbers release i prints.
func (b *Book) Next(i int, n string, held func(string) bool) (string, bool) {
	return b.pairing(i).rules.next(n, held)
}

// Previous is the number rule n of release i had in the release before,
// and false when it was not in it (added, split off).
func (b *Book) Previous(i int, n string, held func(string) bool) (string, bool) {
	return b.pairing(i).rules.previous(n, held)
}

// With is the pairing with a set by hand: a.From of the release before
// (old) is a.To of this one (cur); a.To "" says a.From is not in this
// one, a.From "" that a.To is new. The rules each of them was paired
// with lose that pair (a number both releases print becomes Reused), the
// splits and merges naming them go.
func (p Pairing) With(a Move, old, cur map[string]string) Pairing {
	orphanNew, orphanOld := p.orphans(a, old, cur)
	out := Pairing{}
	touches := func(m Move) bool {
		return m.From != "" && (m.From == a.From || m.From == orphanOld) || m.To != "" && (m.To == a.To || m.To == orphanNew)
	}
	for _, m := range p.Moves {
		if !touches(m) {
			out.Moves = append(out.Moves, m)
		}
	}
	for _, m := range p.Splits {
		if !touches(m) {
			out.Splits = append(out.Splits, m)
		}
	}
	for _, m := range p.Merges {
		if !touches(m) {
			out.Merges = append(out.Merges, m)
		}
	}
	reused := map[string]bool{}
	for _, n := range p.Reused {
		reused[n] = true
	}
	_, fromInCur := cur[a.From]
	_, toInOld := old[a.To]
	switch {
	case a.From != "" && a.From == a.To:
		delete(reused, a.From) // the same rule, under its number
	case a.From != "" && a.To != "":
		out.Moves = append(out.Moves, Move{From: a.From, To: a.To})
	case a.To == "" && fromInCur:
		reused[a.From] = true // not in this release: its number is another's
	case a.From == "" && toInOld:
		reused[a.To] = true // new: the number was another's
	}
	// A number left without its partner is no longer paired with itself.
	if _, ok := old[orphanNew]; ok && orphanNew != "" {
		reused[orphanNew] = true
	}
	if _, ok := cur[orphanOld]; ok && orphanOld != "" {
		reused[orphanOld] = true
	}
	for n := range reused {
		out.Reused = append(out.Reused, n)
	}
	order := func(x, y Move) int {
		if c := CompareNumbers(x.To, y.To); c != 0 {
			return c
		}
		return CompareNumbers(x.From, y.From)
	}
	slices.SortFunc(out.Moves, order)
	slices.SortFunc(out.Splits, order)
	slices.SortFunc(out.Merges, order)
	slices.SortFunc(out.Reused, CompareNumbers)
	return out
}

// orphans are the rules an amendment a leaves without their partner: the
// rule of this release a.From was paired with (orphanNew), the rule of
// the release before a.To was paired with (orphanOld); "" for none.
func (p Pairing) orphans(a Move, old, cur map[string]string) (orphanNew, orphanOld string) {
	// The partners each number had.
	partnerOf := func(from string) string { // in cur, of from in old
		for _, m := range p.Moves {
			if m.From == from {
				return m.To
			}
		}
		if _, ok := cur[from]; ok && !slices.Contains(p.Reused, from) {
			return from
		}
		return ""
	}
	partnerBefore := func(to string) string { // in old, of to in cur
		for _, m := range p.Moves {
			if m.To == to {
				return m.From
			}
		}
		if _, ok := old[to]; ok && !slices.Contains(p.Reused, to) {
			return to
		}
		return ""
	}
	if a.From != "" {
		if t := partnerOf(a.From); t != "" && t != a.To {
			orphanNew = t
		}
	}
	if a.To != "" {
		if f := partnerBefore(a.To); f != "" && f != a.From {
			orphanOld = f
		}
	}
	return orphanNew, orphanOld
}

// Amend sets by hand that rule from of the release before release is
// rule to of release (to "": it is not in release; from "": to is new)
// and pairs release again: the amendment holds every time the pairing is
// computed. It refuses numbers the releases do not print.
func (b *Book) Amend(release, from, to string) error {
	i := b.indexOf(release)
	switch {
	case i < 0:
		return fmt.Errorf("%s@%s is not a recorded release of the rule book", b.Lang, release)
	case i == 0:
		return fmt.Errorf("%s@%s is the oldest release recorded: there is no release before it to pair with", b.Lang, release)
	case from == "" && to == "":
		return fmt.Errorf("a pair needs a rule of one release or the other")
	}
	before := b.Releases[i-1].Date
	if _, ok := b.Rule(from, before); from != "" && !ok {
		return fmt.Errorf("rule %s is not in %s@%s, the release before %s", from, b.Lang, before, release)
	}
	if _, ok := b.Rule(to, release); to != "" && !ok {
		return fmt.Errorf("rule %s is not in %s@%s", to, b.Lang, release)
	}
	amended := append(slices.DeleteFunc(b.Releases[i].Amended, func(m Move) bool {
		return m.From != "" && m.From == from || m.To != "" && m.To == to
	}), Move{From: from, To: to})
	slices.SortFunc(amended, func(x, y Move) int {
		if c := CompareNumbers(x.To, y.To); c != 0 {
			return c
		}
		return CompareNumbers(x.From, y.From)
	})
	b.Releases[i].Amended = amended
	b.reindex()
	return nil
}
