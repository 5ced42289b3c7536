package extract

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// The keyword actions each action's rule defines it through, pinned on
// past releases: manifest dread through manifest (701.62a, from its
// first release), investigate through create once create is an action
// (the rules of 2017 on); behold offers a choice (reveal or choose) and
// regenerate opens otherwise ("The next time ..."), so neither is.
func TestKeywordActionsThrough(t *testing.T) {
	for date, want := range map[string]string{
		"20160408": "",
		"20170428": "Investigate: Create 701.34a",
		"20240412": "Investigate: Create 701.36a",
		"20241108": "Investigate: Create 701.36a; Manifest Dread: Manifest 701.60a",
		"20260417": "Investigate: Create 701.16a; Manifest Dread: Manifest 701.62a",
	} {
		f := extractRelease(t, date)
		var got []string
		for _, a := range slices.Sorted(maps.Keys(f.Through)) {
			for _, th := range f.Through[a] {
				got = append(got, fmt.Sprintf("%s: %s %s", a, th.Form, th.Rule))
				if _, ok := f.Rules[th.Rule]; !ok {
					t.Errorf("%s: rule %s, which %s is read from, is not quoted", date, th.Rule, a)
				}
			}
		}
		if g := strings.Join(got, "; "); g != want {
			t.Errorf("%s: %q, want %q", date, g, want)
		}
	}
}
