package diff_test

import (
	"cmp"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/diff/difftest"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// fuzzSnapshot is a snapshot of two categories whose names are given
// "|"-separated and of the rule listing the creature types, read back
// from its canonical JSON as the report reads a pull request's; nil when
// that is no valid snapshot.
func fuzzSnapshot(date, creatures, artifacts, rule string) *snapshot.Snapshot {
	s := &snapshot.Snapshot{
		Lang: "en", Effective: date,
		Sources:      []snapshot.Source{{ID: "cr-en", URL: "file:en.txt", SHA256: strings.Repeat("0", 64), Format: "cr-txt"}},
		CardTypes:    []string{"artifact", "creature"},
		Subtypes:     snapshot.Subtypes{},
		SubtypeRules: snapshot.RuleRefs{"creature": "205.3m", "artifact": "205.3g"},
		Rules:        snapshot.Rules{"205.3m": rule, "205.3g": "The artifact types are " + strings.ReplaceAll(artifacts, "|", ", ") + "."},
	}
	for c, names := range map[string]string{"creature": creatures, "artifact": artifacts} {
		if names != "" {
			s.Subtypes[c] = strings.Split(names, "|")
		}
	}
	b, err := snapshot.Marshal(s)
	if err != nil {
		return nil
	}
	s, err = snapshot.Unmarshal(b)
	if err != nil {
		return nil
	}
	return s
}

// Whatever two snapshots list, Compare accounts for every name each
// list both carry gained or lost, and claims no other; its rule diffs give both
// texts back; and a snapshot compared with itself shows nothing.
func FuzzCompare(f *testing.F) {
	f.Add("Elf|Wizard", "Clue", "Elf|Wizard|Ape", "Clue", "The creature types are Elf and Wizard.", "The creature types are Ape, Elf and Wizard.")
	f.Add("Elf|Tribal", "Clue", "Elf|Kindred", "Clue", "Creatures and tribals share.", "Creatures and kindreds share.")
	f.Add("Elf|Urza's", "Clue", "Elf|Urza’s", "Clue|Elf", "a", "a ")
	f.Add("Elf|Elf|*/\n", "Clue|Elf", "elf|ELF", "", "x", "See rule 117.5.")
	f.Fuzz(func(t *testing.T, oldCreatures, oldArtifacts, newCreatures, newArtifacts, oldRule, newRule string) {
		old := fuzzSnapshot("2025-01-01", oldCreatures, oldArtifacts, oldRule)
		cur := fuzzSnapshot("2026-01-01", newCreatures, newArtifacts, newRule)
		if old == nil || cur == nil {
			return
		}
		for _, s := range []*snapshot.Snapshot{old, cur} {
			if r := diff.Compare(s, s); !r.Empty() {
				t.Fatalf("a snapshot compared with itself: %+v", r)
			}
		}
		r := diff.Compare(old, cur)
		for _, e := range difftest.Unaccounted(old, cur, r) {
			t.Error(e)
		}
		for _, rc := range r.Rules {
			var was, is strings.Builder
			for _, s := range rc.Diff {
				if s.Op != diff.Insert {
					was.WriteString(s.Text)
				}
				if s.Op != diff.Delete {
					is.WriteString(s.Text)
				}
			}
			oldNumber := cmp.Or(rc.OldNumber, rc.Number)
			if rc.Status != diff.RuleAdded && was.String() != old.Rules[oldNumber] || rc.Status != diff.RuleRemoved && is.String() != cur.Rules[rc.Number] {
				t.Errorf("rule %s (%s): the diff gives back %q and %q", rc.Number, rc.Status, was.String(), is.String())
			}
		}
	})
}
