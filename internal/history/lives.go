package history

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Life is everything the history knows of one name in one list.
type Life struct {
	Name  string // as the newest release listing it prints it
	First string // first release listing it
	// Oldest is set when First is the oldest release known: the name may
	// be older.
	Oldest bool
	Last   string // last release listing it
	// Removed is the first release carrying the list without the name,
	// after its last listing; "" while the newest release lists it.
	Removed string
	Rule    string // the rule that listed it last ("205.3m")
	// ReplacedBy is the name that replaced it when one release step shows
	// a rename with evidence in the rule text; Evidence quotes it.
	ReplacedBy, Evidence string
	// Gaps are the times the rules dropped the name and listed it again,
	// oldest first (Egg: gone in 2010-07-16, back in 2018-07-13): between
	// First and Last, the releases the name was not in.
	Gaps []Gap
}

// Gap is a stretch of releases without a name, between two of its lives:
// Removed is the first release that no longer listed it, Back the first
// that listed it again.
type Gap struct{ Removed, Back string }

// Listed reports whether the name is in release r, as far as the history
// knows: from First, before Removed, outside its gaps.
func (l Life) Listed(r string) bool {
	if r < l.First || l.Removed != "" && r >= l.Removed {
		return false
	}
	for _, g := range l.Gaps {
		if r >= g.Removed && r < g.Back {
			return false
		}
	}
	return true
}

// Lives returns every name list (a category or a fact name) ever had in
// snaps (one language, any order), in the order names first appeared:
// by release, then by rule order within the release. The position of a
// name in this order never changes as releases are added, which is what
// makes it usable as a stable value. renames are the history's renames
// (snapshot.Store.Renames), which fill ReplacedBy.
func Lives(snaps []*snapshot.Snapshot, list string, rns []snapshot.Rename) []Life {
	sorted := slices.Clone(snaps)
	slices.SortFunc(sorted, func(a, b *snapshot.Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
	var carrying []*snapshot.Snapshot
	for _, s := range sorted {
		if s.Carries(list) {
			carrying = append(carrying, s)
		}
	}
	var out []Life
	at := map[string]int{} // folded name → index in out
	for i, s := range carrying {
		present := map[int]bool{}
		ruleOf := s.NameRules(list) // a keyword's own rule (702.2), if it has one
		for _, n := range s.List(list) {
			k := NameKey(n)
			j, ok := at[k]
			if !ok {
				j = len(out)
				at[k] = j
				out = append(out, Life{First: s.Effective, Oldest: len(sorted) > 0 && s.Effective == sorted[0].Effective})
			}
			present[j] = true
			if out[j].Removed != "" { // back after a gap
				out[j].Gaps = append(out[j].Gaps, Gap{Removed: out[j].Removed, Back: s.Effective})
			}
			out[j].Name, out[j].Last, out[j].Rule = n, s.Effective, cmp.Or(ruleOf[n], s.ListRule(list))
			out[j].Removed, out[j].ReplacedBy, out[j].Evidence = "", "", ""
		}
		if i == 0 {
			continue
		}
		for j := range out {
			if !present[j] && out[j].Removed == "" && out[j].Last == carrying[i-1].Effective {
				out[j].Removed = s.Effective
			}
		}
	}
	renames(list, out, rns)
	return out
}

// renames fills ReplacedBy for the names a release step renamed.
func renames(list string, lives []Life, rns []snapshot.Rename) {
	for j := range lives {
		for _, rn := range rns {
			if rn.List == list && rn.Release == lives[j].Removed && rn.From == lives[j].Name {
				lives[j].ReplacedBy, lives[j].Evidence = rn.To, rn.Evidence
			}
		}
	}
}

// Epoch is a stretch of releases in which the rules list a list's names
// in one order: every name any release of it lists, in that order, from
// release From on until the next epoch's From. The rules reorder a list
// seldom ({X} moved among the mana symbols in 2016-01-16, the keyword
// actions were renumbered in 2016-09-30 and 2025-06-06): a list as of a
// release is its epoch's names that the release lists, in that order.
type Epoch struct {
	From  string
	Names []string // as Lives prints them (the newest spelling)
}

// Orders returns the epochs of list in snaps (one language, any order),
// oldest first: each release carrying the list is merged into the epoch
// of the release before it, its new names placed after the name it lists
// before them, unless it orders two names of that epoch otherwise, which
// starts an epoch.
func Orders(snaps []*snapshot.Snapshot, list string) []Epoch {
	sorted := slices.Clone(snaps)
	slices.SortFunc(sorted, func(a, b *snapshot.Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
	spelling := map[string]string{} // folded name → newest spelling
	var epochs []Epoch
	var cur []string // folded names of the epoch, in order
	for _, s := range sorted {
		names := s.List(list)
		if len(names) == 0 {
			continue // no names, no order: before a list's first release too
		}
		keys := make([]string, len(names))
		for i, n := range names {
			keys[i] = NameKey(n)
			spelling[keys[i]] = n
		}
		if epochs == nil || !sameOrder(cur, keys) {
			epochs = append(epochs, Epoch{From: s.Effective})
			cur = slices.Clone(keys)
		} else {
			cur = merge(cur, keys)
		}
		epochs[len(epochs)-1].Names = cur
	}
	for i := range epochs {
		out := make([]string, len(epochs[i].Names))
		for j, k := range epochs[i].Names {
			out[j] = spelling[k]
		}
		epochs[i].Names = out
	}
	return epochs
}

// sameOrder reports whether the names of next that order lists too come
// in the same order in both.
func sameOrder(order, next []string) bool {
	at := make(map[string]int, len(order))
	for i, k := range order {
		at[k] = i
	}
	last := -1
	for _, k := range next {
		if i, ok := at[k]; ok {
			if i < last {
				return false
			}
			last = i
		}
	}
	return true
}

// merge puts the names of next that order lacks into order, each right
// after the name next lists before it (at the front when none).
func merge(order, next []string) []string {
	out := slices.Clone(order)
	in := make(map[string]bool, len(out))
	for _, k := range out {
		in[k] = true
	}
	for i, k := range next {
		if in[k] {
			continue
		}
		at := 0
		if i > 0 {
			at = slices.Index(out, next[i-1]) + 1
		}
		out = slices.Insert(out, at, k)
		in[k] = true
	}
	return out
}
