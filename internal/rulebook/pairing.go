package rulebook

import (
	"slices"
	"strings"

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

// pairAround pairs the release at index i with the one before it, and
// the one after it with it: recording a release changes only those
// two steps.
func (b *Book) pairAround(i int) {
	for _, j := range []int{i, i + 1} {
		if j <= 0 || j >= len(b.Releases) {
			if j == 0 {
				b.Releases[0].Pairing = Pairing{}
			}
			continue
		}
		old, cur := b.Texts(b.Releases[j-1].Date), b.Texts(b.Releases[j].Date)
		b.Releases[j].Pairing = PairingOf(diff.SplitsAndMerges(diff.CompareTexts(old, cur), old, cur), old, cur)
	}
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

// pairingIndex is a release's Pairing by number.
type pairingIndex struct {
	to, from map[string]string // Moves by From, by To
	reused   map[string]bool
}

func (b *Book) pairing(i int) pairingIndex {
	if b.pairings == nil {
		b.pairings = make([]pairingIndex, len(b.Releases))
	}
	if b.pairings[i].to == nil {
		p := b.Releases[i].Pairing
		x := pairingIndex{to: map[string]string{}, from: map[string]string{}, reused: map[string]bool{}}
		for _, m := range p.Moves {
			x.to[m.From], x.from[m.To] = m.To, m.From
		}
		for _, n := range p.Reused {
			x.reused[n] = true
		}
		b.pairings[i] = x
	}
	return b.pairings[i]
}

// Next is the number rule n of the release before is in release i, and
// false when that rule is not in it (removed, merged, or its number
// reused by another): held says which numbers release i prints.
func (b *Book) Next(i int, n string, held func(string) bool) (string, bool) {
	p := b.pairing(i)
	if to, ok := p.to[n]; ok {
		return to, true
	}
	if p.reused[n] {
		return "", false
	}
	return n, held(n)
}

// Previous is the number rule n of release i had in the release before,
// and false when it was not in it (added, split off).
func (b *Book) Previous(i int, n string, held func(string) bool) (string, bool) {
	p := b.pairing(i)
	if from, ok := p.from[n]; ok {
		return from, true
	}
	if p.reused[n] {
		return "", false
	}
	return n, held(n)
}
