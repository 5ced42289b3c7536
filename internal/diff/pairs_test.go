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
// does not read is compared. Checked on the frozen tree's releases, in
// both languages: each release with the next (where every change first
// shows), the spans scrape diff shows across releases (the whole history
// and its halves, checked against the releases in between), and a sample
// of the other pairs that moves with each commit (corpus.Sample: every
// pair within corpus.Windows commits; make sweep-pairs checks them all).
func TestEveryPairOfReleasesAccountsForEveryName(t *testing.T) {
	store := corpus.FrozenStore(t)
	sample := corpus.SampleOf(t)
	if testing.Short() {
		sample = corpus.Sample{Commit: -1} // no window: adjacent pairs and spans
	}
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, old, cur *snapshot.Snapshot, r *diff.Report) {
			for _, e := range difftest.Unaccounted(old, cur, r) {
				t.Errorf("%s %s → %s: %s", what, old.Effective, cur.Effective, e)
			}
		}
		adjacent, sampled, spans := 0, 0, 0
		for i := 0; i+1 < len(h); i++ {
			check("adjacent", h[i], h[i+1], diff.Compare(h[i], h[i+1]))
			adjacent++
		}
		k := 0 // the index of a pair among those not adjacent
		for i := range h {
			for j := i + 2; j < len(h); j++ {
				if sample.Commit >= 0 && sample.Has(k) {
					check("sampled", h[i], h[j], diff.Compare(h[i], h[j]))
					sampled++
				}
				k++
			}
		}
		// Spans: what scrape diff shows across releases, renames and moves
		// proved step by step; the fixed three and one of the sample.
		ends := [][2]int{{0, len(h) - 1}, {len(h) / 2, len(h) - 1}, {0, len(h) / 2}}
		if sample.Commit >= 0 && len(h) > 2 {
			// From the window's release to one of the later ones, a span
			// of three releases or more.
			from := sample.Window() % (len(h) - 2)
			to := from + 2 + sample.Commit%(len(h)-2-from)
			ends = append(ends, [2]int{from, to})
		}
		for _, span := range ends {
			if span[0] >= span[1] {
				continue
			}
			check("span", h[span[0]], h[span[1]], diff.CompareSpan(h[span[0]:span[1]+1]))
			spans++
		}
		t.Logf("%s: %d releases: %d adjacent pairs, %d other pairs of %d (%s), %d spans", lang, len(h), adjacent, sampled, k, sample, spans)
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
