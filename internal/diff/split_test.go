package diff

import (
	"strings"
	"testing"
)

// Rules split, merged, modelled on another, and moved with a rewrite.
func TestSplitsAndMerges(t *testing.T) {
	part1 := "Leaves-the-battlefield abilities trigger when an object leaves the battlefield for any zone."
	part2 := "They look back in time to determine whether they trigger, and so do abilities of phasing."
	kept := "Abilities that trigger when a player loses control of an object also look back in time."
	long := part1 + " " + part2 + " " + kept
	old := map[string]string{
		"603.6d":  long,
		"603.7":   "Another rule that stays as it is, word for word, here.",
		"701.34a": "To manifest a card, turn it face down. It becomes a 2/2 face-down creature card with no text.",
		"712.4":   "A player may look at the back face of a double-faced card they own at any time.",
		"712.5":   "The front face of a double-faced card is the face with the symbol in its upper left corner.",
		"509.7":   "Completely different words that were once here and now are somewhere else entirely rewritten.",
	}
	cur := map[string]string{
		"603.6d":  kept,
		"603.7":   old["603.7"],
		"603.10a": part1,
		"603.10b": part2,
		// Modelled on 701.34a, which stays: no split.
		"701.34a": old["701.34a"],
		"701.56a": "To cloak a card, turn it face down. It becomes a 2/2 face-down creature card with ward {2}.",
		// 712.4 went into 712.5.
		"712.5": old["712.5"] + " " + old["712.4"],
		"509.4": "Completely different words that were once here, now rewritten a great deal somewhere else entirely.",
	}
	got := map[string]RuleChange{}
	for _, rc := range SplitsAndMerges(CompareTexts(old, cur), old, cur) {
		got[rc.Status+" "+rc.OldNumber+" "+rc.Number] = rc
	}
	for _, want := range []string{
		"split 603.6d 603.10a", "split 603.6d 603.10b",
		"added  701.56a",
		"merged 712.4 712.5",
	} {
		if _, ok := got[want]; !ok {
			t.Errorf("no %q in %v", want, keys(got))
		}
	}
	if rc, ok := got["renumbered 509.7 509.4"]; !ok || rc.Text != "" {
		t.Errorf("509.7 moved to 509.4 and rewritten: %v", keys(got))
	}
}

// A rule whose words stay and whose typography changes is that rule,
// however many of its words carry a quotation mark (302.5, 2015-01-23).
func TestTypographyOnlyIsTheSameRule(t *testing.T) {
	o := `Creatures can attack and block. (See rule 508, "Declare Attackers Step," and rule 509, "Declare Blockers Step.")`
	n := "Creatures can attack and block. (See rule 508, “Declare Attackers Step,” and rule 509, “Declare Blockers Step.”)"
	for _, nums := range [][2]string{{"302.5", "302.5"}, {"302.5", "302.6"}} {
		got := CompareTexts(map[string]string{nums[0]: o}, map[string]string{nums[1]: n})
		if len(got) != 1 || got[0].Number != nums[1] || !got[0].Minor() {
			t.Errorf("%s → %s: %+v", nums[0], nums[1], got)
		}
	}
}

func keys(m map[string]RuleChange) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return strings.Join(ks, "; ")
}
