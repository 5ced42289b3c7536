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
// pairs of the frozen tree's releases are package diff's test; here, every
// pair with a release the frozen tree does not hold as it is (one a rules
// update recorded, completed or amended since).
func TestEveryNewReleaseAccountsForEveryName(t *testing.T) {
	frozen := corpus.FrozenStore(t)
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
		for i, s := range h {
			r, ok := recorded[s.Effective]
			isNew[i] = !ok || !snapshot.SameFacts(r, s) || len(r.Sources) != len(s.Sources)
		}
		pairs := 0
		for i := range h {
			for j := i + 1; j < len(h); j++ {
				if !isNew[i] && !isNew[j] {
					continue
				}
				pairs++
				for _, e := range difftest.Unaccounted(h[i], h[j], diff.Compare(h[i], h[j])) {
					t.Error(e)
				}
			}
		}
		t.Logf("%s: %d releases, %d pairs with a release new since the frozen tree", lang, len(h), pairs)
	}
}
