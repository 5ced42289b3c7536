package enum

import (
	"slices"

	"github.com/mtgrules/crgen/generated/rules"
)

// What the tables say of the releases before today: each name's lives,
// the orders its list had, and for a category the card types it went
// with when. Every function takes a date, YYYY-MM-DD: the rules in force
// that day (rules.InForce); dates compare as the releases do.

// Gap is a stretch of releases without a name between two of its lives:
// Removed is the first release that no longer listed it, Back the first
// that listed it again.
type Gap struct{ Removed, Back string }

// Epoch is an order the rules listed a table's names in, from release
// From until the next epoch's: every value a release of it lists, in
// order.
type Epoch struct {
	From  string
	Order []uint16
}

// Link is a card type (its value) whose subtypes a category listed, from
// Since until Removed ("" while it does).
type Link struct {
	CardType       int
	Since, Removed string
}

// Lives are the unbroken stretches of releases of a name listed from
// since (exact: a real first listing) until removed, but for its gaps.
func Lives(since string, exact bool, removed string, gaps []Gap) []rules.Life {
	out := make([]rules.Life, 0, len(gaps)+1)
	for _, g := range gaps {
		out = append(out, rules.Life{Since: since, Exact: exact, Removed: g.Removed})
		since, exact = g.Back, true
	}
	return append(out, rules.Life{Since: since, Exact: exact, Removed: removed})
}

// Listed reports whether the rules in force on date list a name listed
// from since until removed, but for its gaps. It allocates nothing.
func Listed(since, removed string, gaps []Gap, date string) bool {
	return rules.IsDate(date) && ListedOn(since, removed, gaps, date)
}

// ListedOn is Listed of a date known to be one (a recorded release's),
// for a reader that asks it of many values.
func ListedOn(since, removed string, gaps []Gap, date string) bool {
	if date < since || removed != "" && date >= removed {
		return false
	}
	for _, g := range gaps {
		if date >= g.Removed && date < g.Back {
			return false
		}
	}
	return true
}

// Lives returns the lives of v, oldest first; nil for no value.
func (t *Table) Lives(v int) []rules.Life {
	e := t.Entry(v)
	if e == nil {
		return nil
	}
	return Lives(e.Since, e.Exact, e.Removed, e.Gaps)
}

// ListedIn reports whether the rules in force on date list v: as the
// newest release that read the list by then says (rules.List.KnownAsOf).
func (t *Table) ListedIn(v int, date string) bool {
	e := t.Entry(v)
	if e == nil {
		return false
	}
	known, _ := t.knownAsOf(date)
	return Listed(e.Since, e.Removed, e.Gaps, known)
}

// Ordered is what OrderAsOf needs of a list: for each value dropped in
// the newest order, the release that dropped it and the value it came
// after.
type Ordered interface {
	Len() int
	Dropped(v int) (removed string, after int)
	ListedIn(v int, date string) bool
}

// Dropped returns, for value v, the first release no longer listing it
// and the value its last listing put it after (Ordered).
func (t *Table) Dropped(v int) (removed string, after int) {
	e := t.Entry(v)
	return e.Removed, e.After
}

// OrderAsOf returns the values the rules in force on date list, in their
// order then: from an epoch of epochs (those before the newest order), or
// from current, today's values in today's order, with those dropped since
// orderFrom put back after the value their last listing put them after.
// A date before the oldest release gives nothing.
func OrderAsOf(l Ordered, date string, epochs []Epoch, orderFrom string, current []int) []int {
	var out []int
	if date < orderFrom {
		i := len(epochs) - 1
		for i >= 0 && epochs[i].From > date {
			i--
		}
		if i < 0 {
			return nil
		}
		for _, v := range epochs[i].Order {
			if l.ListedIn(int(v), date) {
				out = append(out, int(v))
			}
		}
		return out
	}
	out = slices.Clone(current)
	var pending []int
	for v := 1; v <= l.Len(); v++ {
		if r, _ := l.Dropped(v); r > orderFrom {
			pending = append(pending, v)
		}
	}
	// The latest dropped first: a name dropped earlier came before one
	// dropped later after the same name. A name after another dropped in
	// the same release waits for it.
	slices.SortStableFunc(pending, func(a, b int) int {
		ra, _ := l.Dropped(a)
		rb, _ := l.Dropped(b)
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	for len(pending) > 0 {
		left := pending[:0]
		for _, v := range pending {
			_, after := l.Dropped(v)
			at := 0
			if after != 0 {
				if at = slices.Index(out, after) + 1; at == 0 {
					left = append(left, v)
					continue
				}
			}
			out = slices.Insert(out, at, v)
		}
		if len(left) == len(pending) {
			break // an After the table lacks: a broken table, placed last
		}
		pending = left
	}
	out = append(out, pending...)
	return slices.DeleteFunc(out, func(v int) bool { return !l.ListedIn(v, date) })
}

// ParseAsOf finds a name the rules in force on date list (rules.InForce),
// in either language and any case: a name they did not list then, or
// dropped by then, or listed only later, is a *NameError saying so.
func (t *Table) ParseAsOf(name, date string) (int, error) {
	if _, ok := rules.InForce(date); !ok {
		return 0, &DateError{Pkg: t.Pkg, Date: date}
	}
	fail := &NameError{Pkg: t.Pkg, Name: name, Noun: t.Noun, Rule: t.Rule, AsOf: date}
	// A release that did not read the list: as the newest before it that
	// did says, and the error says so.
	known, older := t.knownAsOf(date)
	if older {
		fail.Known, fail.List = known, t.Label
	}
	v, ok := t.Lookup(name)
	if !ok {
		return 0, fail
	}
	e := &t.List[v-1]
	if Listed(e.Since, e.Removed, e.Gaps, known) {
		return v, nil
	}
	fail.Rule, fail.Printed = t.RuleOf(v), e.EN
	for _, l := range Lives(e.Since, e.Exact, e.Removed, e.Gaps) {
		if known < l.Since {
			fail.Since = l.Since // and Removed, when an earlier life ended
			return 0, fail
		}
		fail.Removed = l.Removed
	}
	return 0, fail
}

// DateError is a release asked for that the history cannot answer
// (rules.DateError).
type DateError = rules.DateError

// ValuesAsOf returns the values the rules in force on date list, in
// their order then; current are today's values in today's order.
func (t *Table) ValuesAsOf(date string, current []int) ([]int, error) {
	if _, ok := rules.InForce(date); !ok {
		return nil, &DateError{Pkg: t.Pkg, Date: date}
	}
	known, _ := t.knownAsOf(date)
	return OrderAsOf(t, known, t.Epochs, t.OrderFrom, current), nil
}

// Ints is vs as ints, for ValuesAsOf.
func Ints[T ~uint8 | ~uint16](vs []T) []int {
	out := make([]int, len(vs))
	for i, v := range vs {
		out[i] = int(v)
	}
	return out
}

// At is table[v], or the zero value when v is past its end: a relation's
// table (turn's stepPhases) is indexed by value.
func At[T any, V ~uint8 | ~uint16](table []T, v V) T {
	if int(v) < len(table) {
		return table[v]
	}
	var zero T
	return zero
}

// As is vs as values of T, for ValuesAsOf.
func As[T ~uint8 | ~uint16](vs []int) []T {
	if vs == nil {
		return nil
	}
	out := make([]T, len(vs))
	for i, v := range vs {
		out[i] = T(v)
	}
	return out
}
