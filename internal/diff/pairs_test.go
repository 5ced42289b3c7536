package diff_test

import (
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/diff/difftest"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Every comparison of two recorded releases reports exactly the names
// whose presence differs between them, in every list both say anything
// of: a list's first release (the keyword counters of 2020-04-17, the
// predefined tokens of 2019-07-12) adds its names, and no list a release
// does not read is compared. Every pair of the frozen tree's releases, in
// both languages (-short: each release with the next, the first and the
// last), and the spans scrape diff shows, checked against the releases
// in between.
func TestEveryPairOfReleasesAccountsForEveryName(t *testing.T) {
	store := corpus.FrozenStore(t)
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		pairs := 0
		for i := range h {
			for j := i + 1; j < len(h); j++ {
				if testing.Short() && j != i+1 && i != 0 && j != len(h)-1 {
					continue
				}
				pairs++
				for _, e := range difftest.Unaccounted(h[i], h[j], diff.Compare(h[i], h[j])) {
					t.Error(e)
				}
			}
		}
		// Spans: what scrape diff shows across releases, renames and moves
		// proved step by step.
		for _, span := range [][2]int{{0, len(h) - 1}, {len(h) / 2, len(h) - 1}, {0, len(h) / 2}} {
			if span[0] >= span[1] {
				continue
			}
			r := diff.CompareSpan(h[span[0] : span[1]+1])
			for _, e := range difftest.Unaccounted(h[span[0]], h[span[1]], r) {
				t.Error("span: " + e)
			}
			pairs++
		}
		t.Logf("%s: %d releases, %d comparisons", lang, len(h), pairs)
	}
}

// The release a list first appears in lists its names as added, in
// every output: the twelve keyword counters 122.1b first lists in
// 2020-04-17, beside the release before; and, had the rules dropped a
// list, its last release would list them as removed.
func TestAListsFirstAndLastRelease(t *testing.T) {
	before, first := corpus.Snapshot(t, "en", "2020-01-24"), corpus.Snapshot(t, "en", "2020-04-17")
	r := diff.Compare(before, first)
	if got := r.Added[snapshot.FactKeywordCounters]; len(got) != 12 || got[0] != "flying" {
		t.Errorf("keyword counters added in 2020-04-17: %q, want the twelve of 122.1b", got)
	}
	if !hasRule(r, "122.1b", diff.RuleAdded) {
		t.Errorf("rule 122.1b is not an added rule: %v", r.Rules)
	}
	// A whole release without the list: the rules dropped it.
	dropped := *first
	dropped.Effective = "2020-06-01"
	dropped.Lists = map[string][]string{}
	for k, v := range first.Lists {
		if k != snapshot.FactKeywordCounters {
			dropped.Lists[k] = v
		}
	}
	r = diff.Compare(first, &dropped)
	if got := r.Removed[snapshot.FactKeywordCounters]; len(got) != 12 {
		t.Errorf("keyword counters removed by a release without them: %q, want all twelve", got)
	}
	for _, e := range difftest.Unaccounted(first, &dropped, r) {
		t.Error(e)
	}
	// A rule page says nothing of the lists it does not give.
	page := &snapshot.Snapshot{Lang: "en", Effective: "2020-06-01", Partial: true, Sources: []snapshot.Source{{ID: "rule-205.3-en", Format: "plain"}},
		Subtypes: first.Subtypes, SubtypeRules: first.SubtypeRules}
	r = diff.Compare(first, page)
	if len(r.Removed) != 0 || len(r.Added) != 0 {
		t.Errorf("a rule page of 205.3 against a whole release: added %v, removed %v", r.Added, r.Removed)
	}
}

func hasRule(r *diff.Report, number, status string) bool {
	for _, rc := range r.Rules {
		if rc.Number == number && rc.Status == status {
			return true
		}
	}
	return false
}
