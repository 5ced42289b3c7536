package rulebook

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/diff"
)

// The whole-document diff accounts for every rule of both releases, each
// once: a rule of the older is unchanged, changed, renumbered, merged or
// removed; a rule of the newer unchanged, changed, renumbered, split off
// or added. Checked on every adjacent pair of the corpus, on the spans
// of its whole history and its halves, and on a sample of the other
// pairs that moves with each commit (make sweep-pairs: every pair).
func TestCompareAccountsForEveryRule(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	n := len(b.Releases)
	type span struct{ i, j int }
	spans := []span{{0, n - 1}, {0, n / 2}, {n / 2, n - 1}}
	for i := 1; i < n; i++ {
		spans = append(spans, span{i - 1, i})
	}
	sample := corpus.SampleOf(t)
	k := 0
	for i := 0; i < n; i++ {
		for j := i + 2; j < n; j++ {
			if sample.Has(k) {
				spans = append(spans, span{i, j})
			}
			k++
		}
	}
	t.Logf("%d spans: adjacent, whole, halves, and the %s of %d other pairs", len(spans), sample, k)
	for _, s := range spans {
		from, to := b.Releases[s.i].Date, b.Releases[s.j].Date
		d, err := b.Compare(from, to)
		if err != nil {
			t.Fatal(err)
		}
		if err := accounts(d, b.Texts(from), b.Texts(to)); err != nil {
			t.Errorf("%s → %s: %v", from, to, err)
		}
	}
	if _, err := b.Compare(b.Releases[1].Date, b.Releases[0].Date); err == nil {
		t.Error("a diff from newer to older: no error")
	}
	if d, err := b.Compare(b.Releases[1].Date, b.Releases[1].Date); err != nil || !d.Empty() {
		t.Errorf("a release with itself: %v, %v", d, err)
	}
}

// accounts checks that d says of each rule of old and cur one thing.
func accounts(d *DocDiff, old, cur map[string]string) error {
	oldSaid, curSaid := map[string]int{}, map[string]int{}
	for _, rc := range d.Rules {
		switch rc.Status {
		case diff.RuleChanged, diff.RuleTypography, diff.RuleReference:
			oldSaid[rc.Number]++
			curSaid[rc.Number]++
		case diff.RuleRenumbered:
			oldSaid[rc.OldNumber]++
			curSaid[rc.Number]++
		case diff.RuleMerged:
			oldSaid[rc.OldNumber]++
		case diff.RuleRemoved:
			oldSaid[rc.Number]++
		case diff.RuleAdded:
			curSaid[rc.Number]++
		case diff.RuleSplit:
			curSaid[rc.Number]++
			if _, ok := old[rc.OldNumber]; !ok {
				return fmt.Errorf("%s split off %s, which the older release does not print", rc.Number, rc.OldNumber)
			}
		default:
			return fmt.Errorf("%s: status %q", rc.Number, rc.Status)
		}
	}
	for n, t := range old {
		said := oldSaid[n]
		if said == 0 && cur[n] == t {
			said = 1 // unchanged
		}
		if said != 1 {
			return fmt.Errorf("rule %s of the older release: said %d times", n, said)
		}
	}
	for n, t := range cur {
		said := curSaid[n]
		if said == 0 && old[n] == t {
			said = 1
		}
		if said != 1 {
			return fmt.Errorf("rule %s of the newer release: said %d times", n, said)
		}
	}
	for n := range oldSaid {
		if _, ok := old[n]; !ok {
			return fmt.Errorf("rule %s: not in the older release", n)
		}
	}
	return nil
}

// A rule's trace follows it through its renumberings: 205.3m was 204.3k
// until 2011-09-30 and is in the oldest release recorded; 603.10a was
// 603.6d until 2016-11-11.
func TestTrace(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	newest, _ := b.Newest()
	for _, c := range []struct{ number, first, firstNumber, moved, from string }{
		{"205.3m", "2009-07-11", "204.3k", "2011-09-30", "204.3k"},
		{"603.10a", "2009-07-11", "603.6d", "2016-11-11", "603.6d"},
	} {
		steps, err := b.Trace(c.number, newest.Date)
		if err != nil {
			t.Fatal(err)
		}
		if steps[0].Release != c.first || steps[0].Number != c.firstNumber || steps[0].Event != "first" {
			t.Errorf("%s: begins %+v", c.number, steps[0])
		}
		if !slices.ContainsFunc(steps, func(s Step) bool { return s.Release == c.moved && s.From == c.from && s.Event == diff.RuleRenumbered }) {
			t.Errorf("%s: no renumbering from %s in %s", c.number, c.from, c.moved)
		}
		for i := 1; i < len(steps); i++ {
			if steps[i].Release <= steps[i-1].Release {
				t.Errorf("%s: steps out of order: %s after %s", c.number, steps[i].Release, steps[i-1].Release)
			}
		}
		if last := steps[len(steps)-1]; last.Number != c.number {
			t.Errorf("%s: the trace ends as %s", c.number, last.Number)
		}
	}
	// As of the release before the split, 603.6d's trace goes on to
	// 603.10a.
	steps, err := b.Trace("603.6d", "2016-09-30")
	if err != nil || steps[len(steps)-1].Number != "603.10a" {
		t.Errorf("603.6d as of 2016-09-30: %v, %v", steps, err)
	}
	if _, err := b.Trace("702.999", newest.Date); err == nil {
		t.Error("a rule no release prints: no error")
	}
}
