package diff

import (
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Renames lists every rename of a history (one language, any order):
// for each list, each step between two releases carrying it that drops a
// name is compared, and its renames kept. The generator reads them from
// snapshots/renames.json, so that it compares no rule text itself.
func Renames(history []*snapshot.Snapshot) []snapshot.Rename {
	sorted := slices.Clone(history)
	slices.SortFunc(sorted, func(a, b *snapshot.Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
	steps := map[[2]string]*Report{}
	var out []snapshot.Rename
	for _, list := range snapshot.ListsOf(sorted...) {
		var prev *snapshot.Snapshot
		for _, s := range sorted {
			if !s.Carries(list) {
				continue
			}
			if prev != nil && len(setDiff(prev.List(list), s.List(list))) > 0 {
				k := [2]string{prev.Effective, s.Effective}
				if steps[k] == nil {
					steps[k] = Compare(prev, s)
				}
				for _, rn := range steps[k].Renamed[list] {
					out = append(out, snapshot.Rename{Release: s.Effective, List: list, From: rn.From, To: rn.To, Evidence: rn.Evidence})
				}
			}
			prev = s
		}
	}
	slices.SortStableFunc(out, func(a, b snapshot.Rename) int { return strings.Compare(a.Release, b.Release) })
	return out
}
