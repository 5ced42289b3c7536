package gen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// What a list says of the releases before today, so that the packages
// give the lists as of any release: each name's lives (its gaps), the
// orders the rules listed the names in (epochs), and, for a category, the
// card types it went with when.

// Epoch is an order the rules listed a list's names in, from release From
// until the next epoch: every value any release of it lists, in order.
type Epoch struct {
	From   string
	Values []int
}

// Link is a card type whose subtypes a category listed, from Since until
// Removed ("" while it does): creature types went with tribal until
// 2024-07-30, with kindred since.
type Link struct {
	CardType       string // as 205.2a prints it
	Since, Removed string
}

// orders sets the epochs of l (by name, values from at): every epoch but
// the newest in full (they never change again), the newest by OrderFrom
// and, for each name dropped in it, After: the name its last listing put
// it after. The current names' order is Order.
func (l *List) orders(h []*snapshot.Snapshot, key string, at map[string]int) {
	epochs := history.Orders(h, key)
	if len(epochs) == 0 {
		return
	}
	for _, e := range epochs[:len(epochs)-1] {
		ep := Epoch{From: e.From}
		for _, n := range e.Names {
			ep.Values = append(ep.Values, at[history.NameKey(n)])
		}
		l.Epochs = append(l.Epochs, ep)
	}
	l.OrderFrom = epochs[len(epochs)-1].From
	for i := range l.Values {
		v := &l.Values[i]
		if v.Removed == "" || v.last < l.OrderFrom {
			continue
		}
		v.After = predecessor(h, key, v.last, v.EN, at)
	}
}

// predecessor is the value of the name release r lists right before
// name in key, names without a value (the numeric mana symbols) passed
// over; 0 when none comes before it.
func predecessor(h []*snapshot.Snapshot, key, r, name string, at map[string]int) int {
	for _, s := range h {
		if s.Effective != r || !s.Carries(key) {
			continue
		}
		names := s.List(key)
		i := slices.IndexFunc(names, func(n string) bool { return history.NameKey(n) == history.NameKey(name) })
		for i--; i >= 0; i-- {
			if v := at[history.NameKey(names[i])]; v != 0 {
				return v
			}
		}
		return 0
	}
	must(fmt.Errorf("%s %q: no release %s lists it, though the history says it was last listed then", key, name, r))
	return 0
}

// links are the card types category c listed subtypes for, release by
// release, as the releases that record them say (a rule page of 205.3
// alone records none).
func links(h []*snapshot.Snapshot, c string) []Link {
	var out []Link
	open := map[string]int{} // card type → index in out, while linked
	for _, s := range h {
		if s.SubtypeCardTypes == nil {
			continue
		}
		now := s.SubtypeCardTypes[c]
		for ct, i := range open {
			if !slices.Contains(now, ct) {
				out[i].Removed = s.Effective
				delete(open, ct)
			}
		}
		for _, ct := range now {
			if _, ok := open[ct]; !ok {
				open[ct] = len(out)
				out = append(out, Link{CardType: ct, Since: s.Effective})
			}
		}
	}
	return out
}

// rulesFile is the tables.go of package rules: the releases the
// history records.
func (m *Model) rulesFile() *jen.File {
	f := jen.NewFilePathName(ModulePath+"/rules", "rules")
	for _, l := range []struct{ lang, name string }{{"en", "English"}, {"es", "Spanish"}} {
		f.Comment("The " + l.name + " releases the history records, oldest first.")
		f.Var().Id("releases" + strings.ToUpper(l.lang)).Op("=").Index().String().Add(rows(func(g *jen.Group) {
			for _, r := range m.Releases[l.lang] {
				g.Lit(r).Op(",")
			}
		}))
		f.Comment("The " + l.name + " releases known to exist that the history does not record")
		f.Comment("(snapshots/catalogue.json), oldest first.")
		f.Var().Id("unrecorded" + strings.ToUpper(l.lang)).Op("=").Index().String().Add(rows(func(g *jen.Group) {
			for _, r := range m.Catalogue.Unrecorded(l.lang) {
				g.Lit(r).Op(",")
			}
		}))
	}
	return f
}

// releases are the effective dates of a language's recorded releases,
// oldest first.
func releases(h []*snapshot.Snapshot) []string {
	out := make([]string, len(h))
	for i, s := range h {
		out[i] = s.Effective
	}
	return out
}
