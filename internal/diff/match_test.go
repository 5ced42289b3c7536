package diff_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/diff"
)

// said lists the changes as "status old→number".
func said(changes []diff.RuleChange) []string {
	var out []string
	for _, rc := range changes {
		s := rc.Status + " " + rc.Number
		if rc.OldNumber != "" {
			s = rc.Status + " " + rc.OldNumber + "→" + rc.Number
		}
		out = append(out, s)
	}
	return out
}

// Each class of evidence the matcher weighs, on rules made for it (the
// rule book's tests hold the real cases).
func TestCompareReleaseEvidence(t *testing.T) {
	hand := "Each vanguard card has a hand modifier printed in its lower left corner."
	life := "Each vanguard card has a life modifier printed in its lower right corner."
	convoke := "Convoke is a static ability that functions while the spell with convoke is on the stack, and lets you tap untapped creatures you control to pay."
	costRule := "The convoke ability isn't an additional or alternative cost."
	example := "Example: A creature spell costs {2} less and has convoke. Its controller pays what remains of its cost, and may tap a creature for any of that mana."
	for _, c := range []struct {
		name     string
		old, cur diff.Texts
		rules    []string
		headings []string
	}{{
		// Near-identical neighbours moved down by a new rule before them
		// are each the rule they were, not the one that took their number.
		name:  "neighbours move in order",
		old:   diff.Texts{Rules: map[string]string{"310.1": hand + " It is a number.", "310.2": life + " It is a number."}},
		cur:   diff.Texts{Rules: map[string]string{"310.1": "Vanguard cards have no subtypes.", "310.2": hand + " It is a signed number.", "310.3": life + " It is a signed number."}},
		rules: []string{"added 310.1", "renumbered 310.1→310.2", "renumbered 310.2→310.3"},
	}, {
		// A text printed twice in each release goes with its number, the
		// other printing with the other.
		name:  "a text printed twice",
		old:   diff.Texts{Rules: map[string]string{"209.1": hand, "310.6": hand}},
		cur:   diff.Texts{Rules: map[string]string{"210.1": hand, "310.6": hand}},
		rules: []string{"renumbered 209.1→210.1"},
	}, {
		// A section moved by one inserted before it, and its rules with
		// it, though their words changed (the references they cite).
		name: "sections move with their titles",
		old: diff.Texts{
			Rules:    map[string]string{"613.1": "Replacement effects apply; see rule 614.", "614.1": "Prevention effects apply; see rule 613."},
			Headings: map[string]string{"6": "Spells, Abilities, and Effects", "613": "Replacement Effects", "614": "Prevention Effects"},
		},
		cur: diff.Texts{
			Rules:    map[string]string{"613.1": "Layers apply in order.", "614.1": "Replacement effects apply; see rule 615.", "615.1": "Prevention effects apply; see rule 614."},
			Headings: map[string]string{"6": "Spells, Abilities, and Effects", "613": "Interaction of Continuous Effects", "614": "Replacement Effects", "615": "Prevention Effects"},
		},
		rules:    []string{"added 613.1", "renumbered 613.1→614.1", "renumbered 614.1→615.1"},
		headings: []string{"added 613", "renumbered 613→614", "renumbered 614→615"},
	}, {
		// A section retitled is the section its rules stayed under.
		name: "a section retitled",
		old: diff.Texts{
			Rules:    map[string]string{"903.1": "Each deck is led by a general.", "903.2": "A deck has one hundred cards."},
			Headings: map[string]string{"9": "Casual Variants", "903": "EDH"},
		},
		cur: diff.Texts{
			Rules:    map[string]string{"903.1": "Each deck is led by a commander.", "903.2": "A deck has one hundred cards."},
			Headings: map[string]string{"9": "Casual Variants", "903": "Commander"},
		},
		rules:    []string{"changed 903.1"},
		headings: []string{"changed 903"},
	}, {
		// A rule reworded under its own number is changed, though it
		// keeps fewer than half its words.
		name:  "reworded under its own number",
		old:   diff.Texts{Rules: map[string]string{"104.3": "A", "104.4": "There are several ways to draw the game.", "104.5": "B"}},
		cur:   diff.Texts{Rules: map[string]string{"104.3": "A", "104.4": "There are several ways for the game to be a draw.", "104.5": "B"}},
		rules: []string{"changed 104.4"},
	}, {
		// A rule whose first words stayed under its number, less a
		// sentence and its example that became the rule after it, is the
		// rule under its number, though more of its words went (702.50a,
		// 2017-01-20).
		name: "a sentence split off",
		old: diff.Texts{Rules: map[string]string{
			"702.50":  "Convoke",
			"702.50a": convoke + " " + costRule + "\n" + example,
		}},
		cur: diff.Texts{Rules: map[string]string{
			"702.50":  "Convoke",
			"702.50a": convoke,
			"702.50b": costRule + "\n" + example,
		}},
		rules: []string{"changed 702.50a", "added 702.50b"},
	}, {
		// A rule moved almost word for word is that rule, whatever took
		// its place among its old neighbours.
		name:  "moved elsewhere word for word",
		old:   diff.Texts{Rules: map[string]string{"712.4": "Each face has its own characteristics.", "712.4c": "While its front face is up, a permanent has only the characteristics of its front face."}},
		cur:   diff.Texts{Rules: map[string]string{"712.4": "Each face has its own characteristics.", "712.4c": "While its front face is up, it has the characteristics of that face and no other.", "712.8d": "While its front face is up, a double-faced permanent has only the characteristics of its front face."}},
		rules: []string{"added 712.4c", "renumbered 712.4c→712.8d"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			rules, headings := diff.CompareRelease(c.old, c.cur)
			if got := said(rules); !slices.Equal(got, c.rules) {
				t.Errorf("rules %q, want %q", got, c.rules)
			}
			if got := said(headings); !slices.Equal(got, c.headings) {
				t.Errorf("headings %q, want %q", got, c.headings)
			}
		})
	}
}

// CompareTexts is CompareRelease's rules without headings, and every
// rule of either release is said once.
func TestCompareTextsSaysEveryRuleOnce(t *testing.T) {
	old := map[string]string{"100.1": "a b c d", "100.2": "e f g h", "100.3": "i j k l"}
	cur := map[string]string{"100.1": "e f g h", "100.2": "a b c x", "100.4": "m n o p"}
	got := said(diff.CompareTexts(old, cur))
	if want := []string{"renumbered 100.2→100.1", "renumbered 100.1→100.2", "removed 100.3", "added 100.4"}; !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
	if got := strings.Join(said(diff.CompareTexts(nil, nil)), ","); got != "" {
		t.Errorf("nothing compared: %q", got)
	}
}
