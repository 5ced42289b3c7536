package snapshot_test

import (
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Each step's rule is the rule that lists its phase's steps, as every
// release of the history numbers them (501.1, 506.1, 512.1 since 2009);
// "beginning of combat" is no step of the beginning phase.
func TestStepRules(t *testing.T) {
	for _, date := range []string{"2009-07-11", "2026-02-27"} {
		got := corpus.Snapshot(t, "en", date).NameRules(snapshot.FactSteps)
		for step, want := range map[string]string{"untap": "501.1", "draw": "501.1", "beginning of combat": "506.1", "end of combat": "506.1", "end": "512.1", "cleanup": "512.1"} {
			if got[step] != want {
				t.Errorf("%s: the rule of the %s step is %q, want %s", date, step, got[step], want)
			}
		}
		if len(got) != 10 {
			t.Errorf("%s: rules of %d steps, want the ten", date, len(got))
		}
	}
}
