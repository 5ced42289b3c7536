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
