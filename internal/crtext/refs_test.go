package crtext

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// Every reference of every release of the corpus names a rule, a
// section or a chapter the release prints, but those the official text
// got wrong, pinned (history does not change): 605.3b's "rule 405.3c"
// (2009), 112.3a's "rules 112.5a-j" (2009-10-01), 702.123d's "rule
// 903.11a" (2016-11-11 to 2018-06-08).
func TestReferencesOfEveryRelease(t *testing.T) {
	t.Parallel()
	want := map[string]string{
		"2009-07-11": "401.6→602.1i 605.3b→405.3c",
		"2009-09-04": "605.3b→405.3c",
		"2009-10-01": "112.3a→112.5a 112.3a→112.5b 112.3a→112.5c 112.3a→112.5d 112.3a→112.5e 112.3a→112.5f 112.3a→112.5g 112.3a→112.5h 112.3a→112.5i 112.3a→112.5j 605.3b→405.3c",
	}
	for _, d := range []string{"2016-11-11", "2017-01-20", "2017-04-28", "2017-06-05", "2017-07-08", "2017-08-25", "2017-09-29", "2018-01-19", "2018-04-27", "2018-06-08"} {
		want[d] = "702.123d→903.11a"
	}
	total := 0
	for _, r := range corpus.Releases(t) {
		w, err := ReadWhole(corpus.Read(t, strings.ReplaceAll(r.Date, "-", "")))
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, p := range w.Rules {
			have[p.Number] = true
		}
		for _, h := range w.Contents {
			have[h.Number] = true
		}
		var dangling []string
		for _, p := range w.Rules {
			for _, para := range append([]string{p.Text}, p.More...) {
				for _, ref := range rulenum.References(para) {
					total++
					if !have[ref] && !slices.Contains(dangling, p.Number+"→"+ref) {
						dangling = append(dangling, p.Number+"→"+ref)
					}
				}
			}
		}
		slices.Sort(dangling)
		if got := strings.Join(dangling, " "); got != want[r.Date] {
			t.Errorf("%s: references to nothing %q, want %q", r.Date, got, want[r.Date])
		}
	}
	if total < 10000 {
		t.Errorf("%d references in the corpus: the reader misses them", total)
	}
}
