package rulenum

import (
	"slices"
	"strings"
	"testing"
)

func TestKindOf(t *testing.T) {
	for n, want := range map[string]Kind{
		"7": Chapter, "702": Section, "702.19": Rule, "702.19b": Subrule, "702.19aa": Subrule, "100.1": Rule,
		"": Invalid, "0": Invalid, "70": Invalid, "7020": Invalid, "702.": Invalid, "702.19B": Invalid,
		"702.12345": Invalid, "702.a": Invalid, "012.1": Invalid, "702.19b.": Invalid,
	} {
		if got := KindOf(n); got != want {
			t.Errorf("KindOf(%q) = %d, want %d", n, got, want)
		}
	}
}

// The rules' order: chapters before their sections, numbers by value,
// letters by length then alphabet (702.10z before 702.10aa).
func TestCompareOrdersAsTheRules(t *testing.T) {
	want := []string{"1", "100", "100.1", "100.1a", "100.2", "100.10", "7", "700", "702", "702.2", "702.10", "702.10a", "702.10z", "702.10aa", "702.100"}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortFunc(got, Compare)
	if !slices.Equal(got, want) {
		t.Errorf("sorted %q, want %q", got, want)
	}
	if testing.AllocsPerRun(100, func() { Compare("702.10aa", "702.10z") }) != 0 {
		t.Error("Compare allocates")
	}
	// Sort is Compare's order, and numbers Compare holds equal (terms of
	// the glossary, which are not numbers) by their text.
	for _, in := range [][]string{slices.Clone(want), append(slices.Clone(want), "Flying", "Absorb", "702.10z")} {
		slices.Reverse(in)
		ordered := slices.Clone(in)
		slices.SortStableFunc(ordered, func(a, b string) int {
			if c := Compare(a, b); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		Sort(in)
		if !slices.Equal(in, ordered) {
			t.Errorf("Sort: %q, want %q", in, ordered)
		}
	}
}

func TestParentUnderIsChild(t *testing.T) {
	for n, want := range map[string]string{"702.19b": "702.19", "702.19": "702", "702": "7", "7": "", "x": ""} {
		if got := Parent(n); got != want {
			t.Errorf("Parent(%q) = %q, want %q", n, got, want)
		}
	}
	for _, c := range []struct {
		n, parent     string
		under, direct bool
	}{
		{"702.19b", "702.19", true, true},
		{"702.19b", "702", true, false},
		{"702.19", "702", true, true},
		{"702", "7", true, true},
		{"702.19b", "7", true, false},
		{"702.190", "702.19", false, false},
		{"702.19", "702.19", false, false},
		{"7020", "702", false, false},
		{"702.19aa", "702.19a", false, false},
		{"601.2", "60", false, false},
	} {
		if got := Under(c.n, c.parent); got != c.under {
			t.Errorf("Under(%q, %q) = %v", c.n, c.parent, got)
		}
		if got := IsChild(c.n, c.parent); got != c.direct {
			t.Errorf("IsChild(%q, %q) = %v", c.n, c.parent, got)
		}
	}
}

func TestTitleOf(t *testing.T) {
	for _, c := range []struct {
		number, text string
		more         int
		want         string
	}{
		{"702.19", "Trample", 0, "Trample"},
		{"702.19", "Trample", 1, ""},
		{"702.19b", "Trample", 0, ""},
		{"100.1", "These Magic rules apply to any Magic game with two or more players.", 0, ""},
		{"702.9", "“Flash”", 0, ""},
	} {
		if got := TitleOf(c.number, c.text, c.more); got != c.want {
			t.Errorf("TitleOf(%q, %q, %d) = %q, want %q", c.number, c.text, c.more, got, c.want)
		}
	}
}
