package rulebook

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/worddiff"
)

// The pairings issue 46 found crosswise, each as the texts say now
// (pinned: history does not change). Near-identical neighbours moved by
// a rule or section inserted before them are each the rule they were;
// a rule reworded under its own number is that rule, and the new rule
// modelled on it is new.
func TestNeighboursArePairedInOrder(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	for _, c := range []struct{ date, from, to string }{
		{"2011-09-30", "209.1", "210.1"}, // the hand modifier, when 208 came before it
		{"2011-09-30", "210.1", "211.1"}, // the life modifier
		{"2009-10-01", "613.1", "614.1"}, // replacement effects, when 613 came before them
		{"2009-10-01", "613.2", "614.2"},
		{"2009-10-01", "614.1", "615.1"}, // prevention effects
		{"2009-10-01", "614.2", "615.2"},
		{"2011-02-04", "903.10", "903.11"},     // the general to the graveyard, now the commander
		{"2011-02-04", "903.11", "903.12"},     // to exile
		{"2021-04-22", "702.127a", "702.128a"}, // Embalm, with its title 702.127 → 702.128
		{"2021-04-22", "702.128a", "702.129a"}, // Eternalize
		{"2010-10-01", "119.3c", "119.3d"},     // wither, not infect's 702.87c
		{"2010-10-01", "119.3d", "119.3e"},
		{"2025-04-04", "701.47d", "701.47d"}, // connive, not explore's 701.40d
		{"2010-07-16", "204.3n", "204.3n"},   // vanguard, not the schemes' 311.3
		{"2020-04-17", "613.2", "613.3"},     // layers 1-6, now 2-6: a layer 1 rule came before
		{"2020-04-17", "613.3", "613.4"},
		{"2012-06-01", "310.5", "311.5"},       // the vanguard's owner, when the phenomena came before
		{"2018-04-27", "717.3", "718.3"},       // restarting the game, when the monarch came before
		{"2025-06-06", "701.40b", "701.44b"},   // explore, not connive's 701.50b
		{"2026-04-17", "702.155b", "702.155b"}, // read ahead, reworded under its number
		{"2015-01-23", "700.2", "700.2"},       // modal: curly quotes, a bulleted list
		{"2015-01-23", "117.12a", "117.12a"},
	} {
		i := b.indexOf(c.date)
		cur := b.Texts(c.date)
		if got, ok := b.Next(i, c.from, func(n string) bool { _, ok := cur[n]; return ok }); !ok || got != c.to {
			t.Errorf("%s: %s is %q (%v) in it, want %s", c.date, c.from, got, ok, c.to)
		}
	}
	for _, c := range []struct{ date, rule string }{
		{"2010-10-01", "702.87c"}, {"2025-04-04", "701.40d"}, {"2010-07-16", "311.3"}, {"2020-04-17", "613.2"},
	} {
		i := b.indexOf(c.date)
		old := b.Texts(b.Releases[i-1].Date)
		if got, ok := b.Previous(i, c.rule, func(n string) bool { _, ok := old[n]; return ok }); ok {
			t.Errorf("%s: %s comes from %s, want a new rule", c.date, c.rule, got)
		}
	}
}

// Under no adjacent pair of releases are two neighbouring rules paired
// crosswise: swapping the releases' partners of two rules paired (each
// with the next four, in order) never makes them more alike by a tenth.
func TestNoNeighboursCrosswise(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	bags := map[string]map[string]int{}
	bagOf := func(s string) map[string]int {
		if bag, ok := bags[s]; ok {
			return bag
		}
		bag := map[string]int{}
		for w := range worddiff.Words(s) {
			bag[worddiff.FoldWord(w)]++
		}
		bags[s] = bag
		return bag
	}
	// bound is at least the similarity of a and b: twice the words
	// they share, in any order, over all their words.
	bound := func(a, b string) float64 {
		shared := 0
		for w, n := range bagOf(a) {
			shared += min(n, bagOf(b)[w])
		}
		return float64(2*shared) / float64(max(1, worddiff.CountWords(a)+worddiff.CountWords(b)))
	}
	const margin = 0.1
	for i := 1; i < len(b.Releases); i++ {
		old, cur := b.Texts(b.Releases[i-1].Date), b.Texts(b.Releases[i].Date)
		inCur := func(n string) bool { _, ok := cur[n]; return ok }
		var pairs [][2]string
		for _, o := range sortedKeys(old) {
			if n, ok := b.Next(i, o, inCur); ok && old[o] != cur[n] {
				pairs = append(pairs, [2]string{o, n})
			}
		}
		for x, p := range pairs {
			for _, q := range pairs[x+1 : min(len(pairs), x+5)] {
				kept := worddiff.Similarity(old[p[0]], cur[p[1]]) + worddiff.Similarity(old[q[0]], cur[q[1]])
				if bound(old[p[0]], cur[q[1]])+bound(old[q[0]], cur[p[1]]) <= kept+margin {
					continue
				}
				if cross := worddiff.Similarity(old[p[0]], cur[q[1]]) + worddiff.Similarity(old[q[0]], cur[p[1]]); cross > kept+margin {
					t.Errorf("%s: %s → %s and %s → %s (%.2f alike), crosswise %.2f", b.Releases[i].Date, p[0], p[1], q[0], q[1], kept, cross)
				}
			}
		}
	}
}

// The contents are paired as the rules are: a section inserted is added
// and the sections after it renumbered (722 "Preparation Cards" in
// 2026-04-17), a section retitled over the same rules changed (308
// "Tribals" → "Kindreds", 2024-07-30).
func TestContentsPairSectionsAsRules(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	d, err := b.Compare("2026-02-27", "2026-04-17")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rc := range d.Contents {
		got = append(got, strings.Join(strings.Fields(rc.Status+" "+rc.OldNumber+" "+rc.Number+" "+rc.Text), " "))
	}
	want := []string{"added 722"}
	for n := 722; n <= 732; n++ {
		want = append(want, "renumbered "+strconv.Itoa(n)+" "+strconv.Itoa(n+1)+" same")
	}
	if !slices.Equal(got, want) {
		t.Errorf("contents %q, want %q", got, want)
	}
	d, err = b.Compare("2024-04-12", "2024-07-30")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Contents, func(rc diff.RuleChange) bool { return rc.Number == "308" && rc.Status == diff.RuleChanged }) {
		t.Errorf("308 Tribals → Kindreds: %+v", d.Contents)
	}
	// A span follows the sections through every release between.
	d, err = b.Compare("2025-11-14", "2026-04-17")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Contents, func(rc diff.RuleChange) bool { return rc.OldNumber == "732" && rc.Number == "733" }) {
		t.Errorf("2025-11-14 → 2026-04-17: 732 not renumbered 733: %+v", d.Contents)
	}
}

// Statuses say what changed: quotes, dashes, their spaces and italics are
// typography; the numbers of the rules cited, ranges too, a reference;
// a rule reworded under its number is changed, with its word diff.
func TestStatusesSayWhatChanged(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	for _, c := range []struct{ date, rule, status string }{
		{"2012-06-01", "614.1", diff.RuleTypography},   // "happen -- they" → "happen--they"
		{"2015-01-23", "100.1", diff.RuleTypography},   // "_Magic_" → "Magic"
		{"2014-02-01", "601.2h", diff.RuleTypography},  // "601.2a-g" → "601.2a–g", "spell's" → "spell’s"
		{"2015-07-17", "702.102a", diff.RuleReference}, // "601.2e–g." → "601.2f–h."
		{"2018-08-10", "719.5", diff.RuleReference},    // "719.5a–c" → "719.5a–d"
		{"2022-10-07", "601.2", diff.RuleReference},    // "illegal ;" → "illegal;", "727" → "728"
		{"2026-04-17", "702.155b", diff.RuleChanged},
		{"2015-01-23", "700.2", diff.RuleChanged},
		{"2015-01-23", "117.12a", diff.RuleChanged},
	} {
		i := b.indexOf(c.date)
		d, err := b.Compare(b.Releases[i-1].Date, c.date)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, rc := range d.Rules {
			if rc.Number == c.rule || rc.OldNumber == c.rule {
				got = append(got, rc.Status)
			}
		}
		if !slices.Equal(got, []string{c.status}) {
			t.Errorf("%s: rule %s is %q, want %s", c.date, c.rule, got, c.status)
		}
	}
}

// The whole diff is the same bytes every time, the glossary's order too
// where a term is removed and added (three pairs of releases whose
// order changed from run to run).
func TestWholeDiffIsDeterministic(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	for _, pair := range [][2]string{{"2013-05-01", "2013-07-13"}, {"2016-07-22", "2016-09-30"}, {"2021-06-18", "2021-07-23"}} {
		var first []byte
		for range 5 {
			d, err := b.Compare(pair[0], pair[1])
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = got
			} else if !bytes.Equal(got, first) {
				t.Fatalf("%s → %s: the diff differs from one run to the next", pair[0], pair[1])
			}
		}
	}
}

// A rule the release printed twice (702.30d, 2009-09-04) is compared
// with both its printings as one rule, and the diff says so.
func TestPrintedTwiceIsSaid(t *testing.T) {
	t.Parallel()
	b := corpusBook(t)
	d, err := b.Compare("2009-07-11", "2009-09-04")
	if err != nil {
		t.Fatal(err)
	}
	want := "en@2009-09-04 prints rule 702.30d twice (a flaw of its numbering): both printings are compared as one rule"
	if !slices.Equal(d.Quirks, []string{want}) {
		t.Errorf("quirks %q, want %q", d.Quirks, want)
	}
	if d, _ := b.Compare("2010-02-01", "2010-04-23"); len(d.Quirks) != 0 {
		t.Errorf("2010-04-23: quirks %q", d.Quirks)
	}
}
