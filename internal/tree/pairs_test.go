package tree

import (
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/diff/difftest"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Every comparison of two releases the working tree records reports
// exactly the names whose presence differs between them, in every list
// both say anything of, in both languages (difftest.Unaccounted). The
// pairs of the frozen tree's releases are package diff's test; here, the
// pairs with a release the frozen tree does not hold as it is (one a rules
// update recorded, completed or amended since): each such release with
// the releases beside it, the spans scrape diff shows up to it (from the
// first release, from the middle of the history, from the release before
// the update's first), and a sample of its other pairs that moves with
// each commit (corpus.Sample; make sweep-pairs checks them all).
func TestEveryNewReleaseAccountsForEveryName(t *testing.T) {
	frozen := corpus.FrozenStore(t)
	sample := corpus.SampleOf(t)
	for _, lang := range snapshot.Languages {
		was, err := frozen.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		recorded := map[string]*snapshot.Snapshot{}
		for _, s := range was {
			recorded[s.Effective] = s
		}
		h, err := store(t).History(lang)
		if err != nil {
			t.Fatal(err)
		}
		isNew := make([]bool, len(h))
		firstNew := len(h)
		for i, s := range h {
			r, ok := recorded[s.Effective]
			isNew[i] = !ok || !snapshot.SameFacts(r, s) || len(r.Sources) != len(s.Sources)
			if isNew[i] {
				firstNew = min(firstNew, i)
			}
		}
		check := func(what string, i, j int, r *diff.Report) {
			for _, e := range difftest.Unaccounted(h[i], h[j], r) {
				t.Errorf("%s %s → %s: %s", what, h[i].Effective, h[j].Effective, e)
			}
		}
		adjacent, sampled, others, spans := 0, 0, 0, 0
		for j := range h {
			if !isNew[j] {
				continue
			}
			for i := range h {
				switch {
				case i == j:
				case i == j-1 || i == j+1:
					if i < j || !isNew[i] { // a pair of two new ones once
						lo, hi := min(i, j), max(i, j)
						check("adjacent", lo, hi, diff.Compare(h[lo], h[hi]))
						adjacent++
					}
				case !isNew[i] || i < j:
					if sample.Has(i + j) {
						lo, hi := min(i, j), max(i, j)
						check("sampled", lo, hi, diff.Compare(h[lo], h[hi]))
						sampled++
					}
					others++
				}
			}
			for _, from := range []int{0, len(h) / 2, firstNew - 1} {
				if from >= 0 && from < j-1 {
					check("span", from, j, diff.CompareSpan(h[from:j+1]))
					spans++
				}
			}
		}
		t.Logf("%s: %d releases: %d adjacent pairs with a release new since the frozen tree, %d other such pairs of %d (%s), %d spans", lang, len(h), adjacent, sampled, others, sample, spans)
	}
}
