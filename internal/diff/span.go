package diff

import (
	"slices"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// CompareSpan compares the first and the last of releases (one language,
// oldest first) and checks what the two ends alone cannot show against
// the releases in between: a rename stands only if one release step shows
// the old name leaving and the new one arriving with evidence in the rule
// text, and no release lists both; a move only if one step shows the name
// leaving one list for the other; a translation change only if the
// English entry was listed throughout. Anything unproven is reported as
// what the ends show: a removal and an addition.
func CompareSpan(releases []*snapshot.Snapshot) *Report {
	first, last := releases[0], releases[len(releases)-1]
	r := Compare(first, last)
	if len(releases) <= 2 {
		return r
	}
	var steps []*Report
	for i := 0; i+1 < len(releases); i++ {
		steps = append(steps, Compare(releases[i], releases[i+1]))
	}
	for k, renames := range r.Renamed {
		var kept []Rename
		for _, rn := range renames {
			if renamedInOneStep(releases, steps, k, rn) {
				kept = append(kept, rn)
				continue
			}
			r.Removed[k] = append(r.Removed[k], rn.From)
			r.Added[k] = append(r.Added[k], rn.To)
		}
		if len(kept) == 0 {
			delete(r.Renamed, k)
		} else {
			r.Renamed[k] = kept
		}
	}
	var moves []Move
	for _, m := range r.Moved {
		if !snapshot.IsCategory(m.From) || movedInOneStep(steps, m) {
			moves = append(moves, m)
			continue
		}
		r.Removed[m.From] = append(r.Removed[m.From], m.Name)
		r.Added[m.To] = append(r.Added[m.To], m.Name)
	}
	r.Moved = moves
	for c, trs := range r.Translations {
		kept := slices.DeleteFunc(slices.Clone(trs), func(tr Translate) bool {
			return !listedThroughout(releases, c, tr.EN)
		})
		if len(kept) == 0 {
			delete(r.Translations, c)
		} else {
			r.Translations[c] = kept
		}
	}
	// Removals and additions put back keep the order of the lists they
	// come from.
	for k := range r.Removed {
		r.Removed[k] = inOrder(r.Removed[k], first.List(k))
	}
	for k := range r.Added {
		r.Added[k] = inOrder(r.Added[k], last.List(k))
	}
	return r
}

func renamedInOneStep(releases []*snapshot.Snapshot, steps []*Report, k string, rn Rename) bool {
	for _, s := range releases {
		if s.Carries(k) && slices.Contains(s.List(k), rn.From) && slices.Contains(s.List(k), rn.To) {
			return false // listed side by side: two names, not one renamed
		}
	}
	for _, st := range steps {
		if slices.ContainsFunc(st.Renamed[k], func(x Rename) bool { return x.From == rn.From && x.To == rn.To }) {
			return true
		}
	}
	return false
}

func movedInOneStep(steps []*Report, m Move) bool {
	for _, st := range steps {
		if slices.Contains(st.Moved, m) {
			return true
		}
	}
	return false
}

// listedThroughout reports whether every release carrying category c
// pairs a Spanish name with English en.
func listedThroughout(releases []*snapshot.Snapshot, c, en string) bool {
	for _, s := range releases {
		if !s.Carries(c) {
			continue
		}
		if !slices.ContainsFunc(s.PairingEN[c], func(p snapshot.Pair) bool { return p.EN == en }) {
			return false
		}
	}
	return true
}

// inOrder returns names in the order they have in list, names not in list
// last in their given order.
func inOrder(names, list []string) []string {
	pos := make(map[string]int, len(list))
	for i, n := range list {
		pos[n] = i
	}
	out := slices.Clone(names)
	slices.SortStableFunc(out, func(a, b string) int {
		pa, oka := pos[a]
		pb, okb := pos[b]
		switch {
		case oka && okb:
			return pa - pb
		case oka:
			return -1
		case okb:
			return 1
		}
		return 0
	})
	return out
}
