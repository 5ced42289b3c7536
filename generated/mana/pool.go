package mana

import (
	"strconv"
	"strings"
)

// Pool is mana by type: white, blue, black, red, green and colorless.
type Pool struct{ W, U, B, R, G, C int }

// String writes the mana as symbols in WUBRG order, colorless first
// ("{C}{W}{W}"); "" for none.
func (p Pool) String() string {
	var b strings.Builder
	for i, t := range poolTypes {
		b.WriteString(strings.Repeat(t, *p.at(i)))
	}
	return b.String()
}

// Total is how much mana the pool holds.
func (p Pool) Total() int { return p.C + p.W + p.U + p.B + p.R + p.G }

// poolTypes are the types of mana in the order a cost's generic part
// spends them: colorless first, which pays nothing else.
var poolTypes = [...]string{"{C}", "{W}", "{U}", "{B}", "{R}", "{G}"}

func (p *Pool) at(i int) *int {
	switch i {
	case 0:
		return &p.C
	case 1:
		return &p.W
	case 2:
		return &p.U
	case 3:
		return &p.B
	case 4:
		return &p.R
	}
	return &p.G
}

// typeIndex is the index in poolTypes of a colour letter or C.
func typeIndex(c rune) int { return strings.IndexRune("CWUBRG", c) }

// Mana is what a player has to pay a cost with: mana from sources that
// are not snow, mana from snow sources ({S} is paid with one of those:
// 107.4h), life for Phyrexian symbols (107.4f: 2 life each), and the value
// chosen for X (107.3: each {X} is that much generic mana).
type Mana struct {
	Pool Pool
	Snow Pool
	Life int
	X    int
}

// String writes what the mana is: "{W}{W}, snow {G}, 4 life, X=2"; parts
// at zero are left out.
func (m Mana) String() string {
	var parts []string
	if s := m.Pool.String(); s != "" {
		parts = append(parts, s)
	}
	if s := m.Snow.String(); s != "" {
		parts = append(parts, "snow "+s)
	}
	if m.Life > 0 {
		parts = append(parts, strconv.Itoa(m.Life)+" life")
	}
	if m.X > 0 {
		parts = append(parts, "X="+strconv.Itoa(m.X))
	}
	return strings.Join(parts, ", ")
}

// Paid is how a cost was paid: what paid each symbol, in the cost's
// order, and all that was spent.
type Paid struct {
	Pips  []PaidPip
	Spent Mana // X is the value paid with
}

// PaidPip is one symbol of a cost and what paid it: mana from the pool,
// mana from snow sources, or life.
type PaidPip struct {
	Pip  Pip
	With Mana // X unset
}

// PayWith tells whether the cost can be paid with m, and how: each
// symbol paid one of the ways rule 107.4 gives it (PaymentOptions): a
// hybrid symbol with either colour, {2/W} with {W} or two generic mana, a
// Phyrexian symbol with its colour or 2 life, {S} with mana from a snow
// source, {C} with colorless mana, a number and each {X} with that much
// mana of any type. Of the ways that pay, it takes the one that pays the
// least life, then the first in the symbols' order of halves; a colour
// or colorless symbol takes mana not from snow sources first, and generic
// mana takes colorless mana first, then the colours, then snow mana, so
// that what is left pays the most. A cost of several faces is paid
// whole. It reports false, with nothing paid, when no way pays, and for
// a cost of more ways to choose from than MaxPayments.
func (c Cost) PayWith(m Mana) (Paid, bool) {
	pips := c.Pips()
	ways := make([][]alt, len(pips))
	combos := 1
	for i, p := range pips {
		if p.Symbol == 0 {
			ways[i] = []alt{{kind: altGeneric, n: p.Generic}}
			continue
		}
		ways[i] = p.Symbol.info().alts
		if combos *= len(ways[i]); combos > MaxPayments {
			return Paid{}, false
		}
	}
	s := payer{m: m, ways: ways, choice: make([]int, len(pips)), best: -1}
	s.search(0, need{})
	if s.best < 0 {
		return Paid{}, false
	}
	return s.assign(pips), true
}

// need is what a choice of ways asks of the mana: of each type
// (poolTypes' order), from snow sources, of any type, and life.
type need struct {
	typed   [6]int
	snow    int
	generic int
	life    int
}

// payer searches the ways to pay a cost's symbols for the one PayWith
// takes.
type payer struct {
	m          Mana
	ways       [][]alt
	choice     []int
	best       int // the least life of a way that pays; -1 for none yet
	bestChoice []int
}

func (s *payer) search(i int, n need) {
	if n.life > s.m.Life || s.best >= 0 && n.life >= s.best {
		return // no better than one found already
	}
	for t, k := range n.typed {
		if k > *s.m.Pool.at(t)+*s.m.Snow.at(t) {
			return
		}
	}
	if i == len(s.ways) {
		if s.fits(n) {
			s.best, s.bestChoice = n.life, append(s.bestChoice[:0], s.choice...)
		}
		return
	}
	for j, a := range s.ways[i] {
		s.choice[i] = j
		next := n
		switch a.kind {
		case altMana:
			next.typed[typeIndex(a.color)]++
		case altGeneric:
			next.generic += a.n
		case altVariable:
			next.generic += s.m.X
		case altSnow:
			next.snow += a.n
		case altLife:
			next.life += a.n
		}
		s.search(i+1, next)
	}
}

// fits reports whether the mana pays n: each type from the mana not from
// snow sources first, which leaves the most snow mana for {S}, then the
// snow mana {S} asks for, then the rest, any type, for generic mana.
func (s *payer) fits(n need) bool {
	left, snowLeft := 0, 0
	for t, k := range n.typed {
		plain, snow := *s.m.Pool.at(t), *s.m.Snow.at(t)
		fromSnow := max(0, k-plain)
		left += plain - (k - fromSnow)
		snowLeft += snow - fromSnow
	}
	if n.snow > snowLeft {
		return false
	}
	return n.generic <= left+snowLeft-n.snow
}

// assign pays each symbol of pips the way s.bestChoice says, in the
// order fits spends the mana: the typed symbols, then snow, then
// generic.
func (s *payer) assign(pips []Pip) Paid {
	pool, snow := s.m.Pool, s.m.Snow
	out := Paid{Pips: make([]PaidPip, len(pips))}
	take := func(from *Pool, t, n int) int {
		k := min(n, *from.at(t))
		*from.at(t) -= k
		return k
	}
	for i, p := range pips {
		out.Pips[i].Pip = p
		a := s.ways[i][s.bestChoice[i]]
		switch a.kind {
		case altMana:
			t := typeIndex(a.color)
			if take(&pool, t, 1) == 1 {
				*out.Pips[i].With.Pool.at(t) = 1
			} else {
				*out.Pips[i].With.Snow.at(t) = take(&snow, t, 1)
			}
		case altLife:
			out.Pips[i].With.Life = a.n
		}
	}
	for i := range pips {
		if a := s.ways[i][s.bestChoice[i]]; a.kind == altSnow {
			for t := range poolTypes {
				if take(&snow, t, 1) == 1 {
					*out.Pips[i].With.Snow.at(t) = 1
					break
				}
			}
		}
	}
	for i := range pips {
		a := s.ways[i][s.bestChoice[i]]
		n := a.n
		switch a.kind {
		case altVariable:
			n = s.m.X
		case altGeneric:
		default:
			continue
		}
		for t := range poolTypes {
			k := take(&pool, t, n)
			*out.Pips[i].With.Pool.at(t) += k
			n -= k
		}
		for t := range poolTypes {
			k := take(&snow, t, n)
			*out.Pips[i].With.Snow.at(t) += k
			n -= k
		}
	}
	for _, p := range out.Pips {
		for t := range poolTypes {
			*out.Spent.Pool.at(t) += *p.With.Pool.at(t)
			*out.Spent.Snow.at(t) += *p.With.Snow.at(t)
		}
		out.Spent.Life += p.With.Life
	}
	out.Spent.X = s.m.X
	return out
}
