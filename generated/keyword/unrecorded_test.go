package keyword

import (
	"slices"
	"testing"

	"github.com/mtgrules/crgen/generated/rules"
)

// A keyword's Since is exact only where the history is: not the oldest
// release known, and no release known and not recorded between it and
// the release before it (Toxic, first recorded in 2023-04-14, may be of
// 2022-11-18, which is not).
func TestSinceIsExactOnlyWithoutAGap(t *testing.T) {
	rels := rules.Releases("en")
	for _, v := range EveryAbility() {
		since, exact := v.Since()
		i := slices.Index(rels, since)
		if i < 0 {
			t.Fatalf("%v: since %s, no recorded release", v, since)
		}
		want := i > 0 && len(rules.UnrecordedBetween("en", rels[i-1], since)) == 0
		if exact != want {
			t.Errorf("%v: since %s exact %v, want %v (the release before: %v; unrecorded between: %v)", v, since, exact, want, rels[max(i-1, 0)], rules.UnrecordedBetween("en", rels[max(i-1, 0)], since))
		}
	}
}
