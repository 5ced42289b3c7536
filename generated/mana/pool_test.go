package mana_test

import (
	"math/rand/v2"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
)

// The rules' ways to pay, from what a player has: a hybrid symbol with
// either colour, a Phyrexian one with its colour or 2 life (life only
// when the colour is lacking), {2/W} with two generic mana, {S} with snow
// mana, {X} with X; generic mana spends colorless first. Past facts of
// 107.4: the symbols are parsed as the rules of 2026-02-27 list them.
func TestPayWith(t *testing.T) {
	for _, c := range []struct {
		cost  string
		have  mana.Mana
		ok    bool
		spent string
	}{
		{"{2}{W/U}{G/P}", mana.Mana{Pool: mana.Pool{W: 1, C: 2}, Life: 4}, true, "{C}{C}{W}, 2 life"},
		{"{2}{W/U}{G/P}", mana.Mana{Pool: mana.Pool{W: 1, G: 1, C: 2}, Life: 4}, true, "{C}{C}{W}{G}"},
		{"{2}{W/U}{G/P}", mana.Mana{Pool: mana.Pool{W: 1, C: 2}, Life: 1}, false, ""},
		{"{2/W}", mana.Mana{Pool: mana.Pool{C: 2}}, true, "{C}{C}"},
		{"{2/W}", mana.Mana{Pool: mana.Pool{W: 1, C: 2}}, true, "{W}"},
		{"{S}{S}", mana.Mana{Pool: mana.Pool{G: 2}, Snow: mana.Pool{G: 1}}, false, ""},
		{"{S}{G}", mana.Mana{Pool: mana.Pool{G: 1}, Snow: mana.Pool{G: 1}}, true, "{G}, snow {G}"},
		{"{X}{R}", mana.Mana{Pool: mana.Pool{R: 2, B: 2}, X: 3}, true, "{B}{B}{R}{R}, X=3"},
		{"{X}{R}", mana.Mana{Pool: mana.Pool{R: 2, B: 1}, X: 3}, false, ""},
		{"{C}{1}", mana.Mana{Pool: mana.Pool{W: 2}}, false, ""},
		{"{W/U}{W/U}", mana.Mana{Pool: mana.Pool{U: 2}}, true, "{U}{U}"},
	} {
		cost, err := mana.ParseCostAsOf(c.cost, "2026-02-27")
		if err != nil {
			t.Fatal(err)
		}
		paid, ok := cost.PayWith(c.have)
		if ok != c.ok || ok && paid.Spent.String() != c.spent {
			t.Errorf("%s with %v: %v, spent %q; want %v, %q", c.cost, c.have, ok, paid.Spent, c.ok, c.spent)
		}
		if ok && len(paid.Pips) != cost.Len() {
			t.Errorf("%s: %d symbols paid, of %d", c.cost, len(paid.Pips), cost.Len())
		}
	}
}

// Against the ways PaymentOptions lists: whatever the cost and the mana,
// PayWith pays exactly when one of those ways fits the mana (checked
// here by brute force over how the snow mana is used), each symbol with
// one of its own ways, spending no more than there is, and no more life
// than the cheapest way in life that fits.
func TestPayWithAgreesWithPaymentOptions(t *testing.T) {
	symbols := []string{"{W}", "{U}", "{G}", "{C}", "{1}", "{2}", "{W/U}", "{2/W}", "{G/P}", "{W/U/P}", "{S}", "{X}", "{C/W}"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		text := ""
		for range 1 + r.IntN(4) {
			text += symbols[r.IntN(len(symbols))]
		}
		cost, err := mana.ParseCostAsOf(text, "2026-02-27")
		if err != nil {
			continue // a symbol that release did not list
		}
		have := mana.Mana{Pool: randomPool(r), Snow: randomPool(r), Life: r.IntN(5), X: r.IntN(3)}
		opts, err := cost.PaymentOptions()
		if err != nil {
			t.Fatal(err)
		}
		least := -1
		for _, o := range opts {
			if fitsByBruteForce(o, have) && (least < 0 || o.Life < least) {
				least = o.Life
			}
		}
		paid, ok := cost.PayWith(have)
		if ok != (least >= 0) {
			t.Errorf("%s with %v: PayWith %v, and a way of PaymentOptions fits: %v", text, have, ok, least >= 0)
			continue
		}
		if !ok {
			continue
		}
		if paid.Spent.Life != least || !within(paid.Spent.Pool, have.Pool) || !within(paid.Spent.Snow, have.Snow) {
			t.Errorf("%s with %v: spent %v, the least life that pays is %d", text, have, paid.Spent, least)
		}
	}
}

func randomPool(r *rand.Rand) mana.Pool {
	return mana.Pool{W: r.IntN(3), U: r.IntN(2), B: r.IntN(2), R: r.IntN(2), G: r.IntN(3), C: r.IntN(3)}
}

func within(a, b mana.Pool) bool {
	return a.W <= b.W && a.U <= b.U && a.B <= b.B && a.R <= b.R && a.G <= b.G && a.C <= b.C
}

// fitsByBruteForce tries every split of each type's snow mana between
// the typed symbols and the rest.
func fitsByBruteForce(o mana.Payment, m mana.Mana) bool {
	typed := [6]int{o.C, o.W, o.U, o.B, o.R, o.G}
	plain := [6]int{m.Pool.C, m.Pool.W, m.Pool.U, m.Pool.B, m.Pool.R, m.Pool.G}
	snow := [6]int{m.Snow.C, m.Snow.W, m.Snow.U, m.Snow.B, m.Snow.R, m.Snow.G}
	if o.Life > m.Life {
		return false
	}
	var try func(t, plainLeft, snowLeft int) bool
	try = func(t, plainLeft, snowLeft int) bool {
		if t == 6 {
			return o.Snow <= snowLeft && o.Generic+o.X*m.X <= plainLeft+snowLeft-o.Snow
		}
		for fromSnow := 0; fromSnow <= min(typed[t], snow[t]); fromSnow++ {
			if fromPlain := typed[t] - fromSnow; fromPlain <= plain[t] && try(t+1, plainLeft+plain[t]-fromPlain, snowLeft+snow[t]-fromSnow) {
				return true
			}
		}
		return false
	}
	return try(0, 0, 0)
}
