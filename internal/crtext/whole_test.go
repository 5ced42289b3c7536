package crtext

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/rulenum"
	"github.com/mtgrules/crgen/internal/textenc"
)

const wholeExcerpt = `Magic: The Gathering Comprehensive Rules

These rules are effective as of February 27, 2026.

Contents

1. Game Concepts
100. General
119. Life
7. Additional Rules
702. Keyword Abilities
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

100.1a A two-player game is a game that begins with only two players.
Example: Two players.
     Of that list, two are one.

119. Life

119.1d. In a two-player Brawl game, 25 life. See rules 100.1a–b and section 7.

7. Additional Rules

702. Keyword Abilities

702.19. Trample

702.19a Trample is a static ability.
f

Glossary

Abandon
To turn a face-up ongoing scheme card face down.
See rule 701.33, "Abandon."

Ability
1. Text on an object.
2. An activated ability on the stack.

Credits

Design: Someone
`

func TestParseWhole(t *testing.T) {
	w, err := ParseWhole(wholeExcerpt)
	if err != nil {
		t.Fatal(err)
	}
	if w.Effective != "2026-02-27" || w.EndsInGlossary {
		t.Errorf("effective %s, ends in glossary %v", w.Effective, w.EndsInGlossary)
	}
	var heads []string
	for _, h := range w.Contents {
		heads = append(heads, h.Number+" "+h.Title)
	}
	if want := []string{"1 Game Concepts", "100 General", "119 Life", "7 Additional Rules", "702 Keyword Abilities"}; !slices.Equal(heads, want) {
		t.Errorf("contents %q, want %q", heads, want)
	}
	byNumber := map[string]Para{}
	for _, r := range w.Rules {
		byNumber[r.Number] = r
	}
	if r := byNumber["100.1a"]; !slices.Equal(r.More, []string{"Example: Two players.", "Of that list, two are one."}) || len(r.Examples()) != 1 {
		t.Errorf("100.1a: %+v", r)
	}
	if r := byNumber["119.1d"]; r.Lead != "119.1d." || r.Printed() != "119.1d. In a two-player Brawl game, 25 life. See rules 100.1a–b and section 7." {
		t.Errorf("119.1d: lead %q, printed %q", r.Lead, r.Printed())
	}
	if got := rulenum.References(byNumber["119.1d"].Text); !slices.Equal(got, []string{"100.1a", "100.1b", "7"}) {
		t.Errorf("119.1d's references %q", got)
	}
	if r := byNumber["702.19"]; r.Title() != "Trample" || byNumber["100.1"].Title() != "" {
		t.Errorf("titles: %q, %q", r.Title(), byNumber["100.1"].Title())
	}
	if len(w.Glossary) != 2 || w.Glossary[0].Term != "Abandon" || len(w.Glossary[1].Definition) != 2 {
		t.Errorf("glossary %+v", w.Glossary)
	}
	warned := strings.Join(w.Warnings, "\n")
	for _, want := range []string{`rule 119.1d printed "119.1d.": read as 119.1d`, `paragraph "f" of rule 702.19a does not begin a sentence`} {
		if !strings.Contains(warned, want) {
			t.Errorf("no warning %q in\n%s", want, warned)
		}
	}
	// Any line ending reads alike.
	for _, nl := range []string{"\r\n", "\r"} {
		v, err := ParseWhole(strings.ReplaceAll(wholeExcerpt, "\n", nl))
		if err != nil || len(v.Rules) != len(w.Rules) || len(v.Glossary) != 2 {
			t.Errorf("%q line endings: %v", nl, err)
		}
	}
}

// A release whose rules cannot be split is refused, naming the line and
// the rule: a rule under no heading of its section, numbering that goes
// back across sections; one cut short before its glossary as Parse does.
func TestParseWholeRefuses(t *testing.T) {
	for name, c := range map[string]struct{ from, to, want string }{
		"section missing": {"\n119. Life\n\n119.1d", "\n119.1d", "rule 119.1d is under no heading of section 119"},
		"backwards":       {"702.19a Trample is a static ability.", "100. General\n\n100.2a Trample is a static ability.", "line 37: rule 100.2a comes after rule 702.19 (line 33): the numbering goes back across sections"},
		"cut short":       {"Glossary\n\nAbandon", "", "truncated"},
	} {
		text := strings.Replace(wholeExcerpt, c.from, c.to, 1)
		if name == "cut short" {
			text = wholeExcerpt[:strings.Index(wholeExcerpt, "\nGlossary\n\nAbandon")]
		}
		if _, err := ParseWhole(text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

func FuzzParseWhole(f *testing.F) {
	f.Add(wholeExcerpt)
	f.Add(excerpt)
	f.Add("These rules are effective as of July 11, 2009.\n100. General\n100.1. A\n100.1 B\nGlossary\nX\n")
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ParseWhole(s)
		n, nerr := ParseWhole(textenc.NormalizeNewlines(s))
		if (err == nil) != (nerr == nil) {
			t.Fatalf("raw %v; normalised %v", err, nerr)
		}
		if err != nil {
			return
		}
		if len(w.Rules) != len(n.Rules) || len(w.Glossary) != len(n.Glossary) {
			t.Fatalf("raw and normalised read differently")
		}
		d, err := Parse(s)
		if err != nil {
			t.Fatalf("ParseWhole reads what Parse refuses: %v", err)
		}
		if len(d.Rules) != len(w.Rules) {
			t.Errorf("%d rules whole, %d by Parse", len(w.Rules), len(d.Rules))
		}
		for _, r := range w.Rules {
			if got, _, ok := SplitNumber(r.Printed()); !ok || got != r.Number {
				t.Errorf("rule %s prints as %q, which reads as %q", r.Number, r.Printed(), got)
			}
		}
	})
}
