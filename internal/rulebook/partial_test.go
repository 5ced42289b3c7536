package rulebook

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/crtext"
)

const partialBase = `These rules are effective as of February 27, 2026.

Contents

1. Game Concepts
100. General
119. Life
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

119. Life

119.1. Each player begins the game with a starting life total of 20.

Glossary

Abandon
To turn a face-up ongoing scheme card face down.

Ability
Text on an object.

Credits
`

// A text whose contents leave out a section the release before listed
// holds the sections it lists: the rules of the others, and the terms of
// the glossary it does not print, keep their text; it says so.
func TestTextOfSomeSections(t *testing.T) {
	b := &Book{Lang: "en"}
	add := func(text string) {
		t.Helper()
		w, err := crtext.ParseWhole(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Add(w); err != nil {
			t.Fatal(err)
		}
	}
	add(partialBase)
	part := strings.NewReplacer(
		"February 27, 2026", "April 17, 2026",
		"119. Life\n", "",
		"119.1. Each player begins the game with a starting life total of 20.\n", "",
		"any Magic game", "any game of Magic",
		"Ability\nText on an object.\n\n", "",
	).Replace(partialBase)
	add(part)
	rel, _ := b.Newest()
	if rel.Date != "2026-04-17" || strings.Join(rel.Holds, ",") != "100" || !strings.Contains(strings.Join(rel.Quirks, "\n"), "the contents do not list sections 119") {
		t.Errorf("release %+v", rel)
	}
	if v, ok := b.Rule("119.1", rel.Date); !ok || v.Since != "2026-02-27" {
		t.Errorf("119.1, in a section the text leaves out: %+v, %v", v, ok)
	}
	if v, ok := b.Rule("100.1", rel.Date); !ok || v.Since != rel.Date || !strings.Contains(v.Text, "any game of Magic") {
		t.Errorf("100.1, changed: %+v", v)
	}
	if tm := b.Term("Ability"); tm == nil {
		t.Error("Ability left the glossary")
	} else if _, ok := At(tm.Versions, rel.Date); !ok {
		t.Error("Ability, not printed by a text of some sections, is gone")
	}
	if h, ok := b.Heading("119", rel.Date); !ok || h != "Life" {
		t.Errorf("section 119's heading: %q, %v", h, ok)
	}
	w, _ := crtext.ParseWhole(part)
	if d := b.Differences(w, 3); len(d) > 0 {
		t.Errorf("the partial text read again: %v", d)
	}
	d, err := b.Compare("2026-02-27", rel.Date)
	if err != nil || len(d.Rules) != 1 || d.Rules[0].Number != "100.1" || len(d.Partial) != 1 {
		t.Errorf("the diff: %+v, %v", d, err)
	}
}
