package gen

import (
	"strings"
	"testing"
)

// A name cards print that leaves the dropped names (the rules list it
// again) or the variants changes the lines of its own entry and its own
// words, not those of every entry after it: the senses of the lexicons
// do not refer to entries by index (they did, and a dropped name listed
// again renumbered 28 lines of index.go).
func TestPrintedEntryLeavingMovesNoOther(t *testing.T) {
	base := model(t)
	before, err := Generate(base, "generated")
	if err != nil {
		t.Fatal(err)
	}
	for _, list := range []string{"dropped", "variants"} {
		m := model(t)
		var gone string
		switch list {
		case "dropped":
			if len(m.Printed.Dropped) < 2 {
				t.Skip("printed.json records fewer than two dropped names")
			}
			gone = m.Printed.Dropped[0].Printed
			m.Printed.Dropped = m.Printed.Dropped[1:]
		case "variants":
			if len(m.Printed.Variants) < 2 {
				t.Skip("printed.json records fewer than two variants")
			}
			gone = m.Printed.Variants[0].Printed
			m.Printed.Variants = m.Printed.Variants[1:]
		}
		after, err := Generate(m, "generated")
		if err != nil {
			t.Fatal(err)
		}
		changed := 0
		for _, file := range []string{"generated/internal/data/index.go", "generated/internal/data/data.go"} {
			changed += lineChanges(string(before[file]), string(after[file]))
		}
		// Its entry (a few lines in data.go), and its word in each
		// lexicon: the word's senses and its slot of the index.
		if limit := 12; changed > limit {
			t.Errorf("the %s entry %q removed: %d lines of data.go and index.go changed, want at most %d", list, gone, changed, limit)
		}
	}
}

// lineChanges counts the lines of a and b that the other does not hold,
// as a diff of the two would show them.
func lineChanges(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	count := map[string]int{}
	for _, l := range la {
		count[l]++
	}
	for _, l := range lb {
		count[l]--
	}
	n := 0
	for _, c := range count {
		n += max(c, -c)
	}
	return n
}
