package rulenum

import (
	"slices"
	"strings"
	"testing"
)

func TestReferences(t *testing.T) {
	for in, want := range map[string][]string{
		"See rules 601.2b and 601.2f–h.":            {"601.2b", "601.2f", "601.2g", "601.2h"},
		"See rule 702.19b.":                         {"702.19b"},
		"see section 6, “Spells, Abilities.”":       {"6"},
		"rules 702.19c, 702.19d, and 702.19e apply": {"702.19c", "702.19d", "702.19e"},
		"rules 903.2–903.4":                         {"903.2", "903.3", "903.4"},
		"See rule 113, “Abilities,” and section 6.": {"113", "6"},
		"sections 8 and 9":                          {"8", "9"},
		"rules 701.2j-n":                            {"701.2j", "701.2k", "701.2m", "701.2n"}, // no l
		"Rule 100.1 and rule 100.1 again":           {"100.1"},
		"The rules of Magic apply. 100 cards.":      nil,
		"If a rule or effect refers to 2 players":   nil,
	} {
		if got := References(in); !slices.Equal(got, want) {
			t.Errorf("References(%q) = %q, want %q", in, got, want)
		}
	}
}

// Each reference spans the number or range the text prints, so that a
// page can link those bytes.
func TestRefsSpanWhatIsPrinted(t *testing.T) {
	text := "See rules 601.2b and 601.2f–h, rule 702.19, and section 6."
	var got []string
	for _, r := range Refs(text) {
		got = append(got, text[r.Start:r.End]+"="+strings.Join(r.Numbers, ","))
	}
	want := []string{"601.2b=601.2b", "601.2f–h=601.2f,601.2g,601.2h", "702.19=702.19", "6=6"}
	if !slices.Equal(got, want) {
		t.Errorf("Refs(%q) spans %q, want %q", text, got, want)
	}
}

func FuzzReferences(f *testing.F) {
	f.Add("See rules 601.2b and 601.2f–h.")
	f.Add("rules 903.2–903.4, and section 6")
	f.Add("rule 1.2z–a")
	f.Fuzz(func(t *testing.T, s string) {
		refs := References(s)
		seen := map[string]bool{}
		for _, r := range refs {
			if seen[r] {
				t.Errorf("%q twice", r)
			}
			seen[r] = true
			if !strings.Contains(s, strings.TrimRight(r, subruleLetters)) && !strings.ContainsAny(s, "–-") {
				t.Errorf("%q: reference %q is not in the text", s, r)
			}
		}
		for _, r := range Refs(s) {
			if r.Start < 0 || r.End > len(s) || r.Start >= r.End || !isDigit(s[r.Start]) || len(r.Numbers) == 0 {
				t.Errorf("%q: reference %+v does not span a number of the text", s, r)
			}
		}
		if len(refs) > 60*len(s) {
			t.Errorf("%d references from %d bytes", len(refs), len(s))
		}
	})
}
