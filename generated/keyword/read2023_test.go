package keyword

import (
	"slices"
	"strings"
	"testing"
)

// past2026 is a day the rules in force are a past release (2026-04-17,
// with the keywords of 2023-2026), so cards read as of it may be pinned.
const past2026 = "2026-04-17"

// kept is a keyword as a test expects it: describe's text, the text its
// span covers, its use, and the name it was printed under when renamed.
func kept(f Found, text string) string {
	s := describe(f) + " [" + text[f.Offset:f.End] + "]"
	if f.Use != UseHas {
		s += " " + f.Use.String()
	}
	if f.Was != "" {
		s += " was " + f.Was
	}
	return s
}

// The cards of 2023-2026 (lines as their Oracle text prints them), each
// class the reader once got wrong, by the rules of 2026-04-17: each
// keyword with its parameters and the whole of what it spans.
func TestReadCardsOf2023To2026(t *testing.T) {
	for _, c := range []struct {
		date, text string
		want       []string
	}{
		// A flavor word (207.2d) or a mode's name heads the line: skipped,
		// never an ability word or an action.
		{"", "Name — Equip {4}", []string{"ability Equip|Equip|cost:{4} [Equip {4}]"}},
		{"", "• Fight Crime — Counter target spell.", []string{"action Counter|Counter [Counter]"}},
		{"", "Fear Gas — Wraith can't be blocked.", nil},
		// Plural subjects.
		{"", "Target players each mill two cards.", []string{"action Mill|mill|number:two [mill two]"}},
		{"", "You and target opponent each mill three cards.", []string{"action Mill|mill|number:three [mill three]"}},
		// Actions with the parameters their rules write.
		{"", "Amass Orcs 2.", []string{"action Amass|Amass|type:Orcs|number:2 [Amass Orcs 2]"}},
		{"", "When this enters, amass Goblins X, where X is your life.", []string{"action Amass|amass|type:Goblins|number:X [amass Goblins X, where X is your life]"}},
		{"", "Collect evidence 6.", []string{"action Collect Evidence|Collect evidence|number:6 [Collect evidence 6]"}},
		{"", "Discover 3.", []string{"action Discover|Discover|number:3 [Discover 3]"}},
		{"", "Endure 2.", []string{"action Endure|Endure|number:2 [Endure 2]"}},
		// Materials as a list, a cost with choices, bare forms the rules
		// write, a keyword inside a cost.
		{"", "Craft with a Dinosaur, a Merfolk, a Pirate, and a Vampire {4}", []string{"ability Craft|Craft with|quality:a Dinosaur, a Merfolk, a Pirate, and a Vampire|cost:{4} [Craft with a Dinosaur, a Merfolk, a Pirate, and a Vampire {4}]"}},
		{"", "Cumulative upkeep {W} or {U}", []string{"ability Cumulative Upkeep|Cumulative upkeep|cost:{W} or {U} [Cumulative upkeep {W} or {U}]"}},
		{"", "Mayhem", []string{"ability Mayhem|Mayhem [Mayhem]"}},
		{"", "Gift a card", []string{"ability Gift|Gift a card|quality:card [Gift a card]"}},
		{"", "Ward—Collect evidence 4.", []string{"ability Ward|Ward|cost:Collect evidence 4 [Ward—Collect evidence 4]", "action Collect Evidence|Collect evidence|number:4 [Collect evidence 4]"}},
		// A cost of symbols that are no mana (107.5: {T}, {Q}).
		{"", "Exhaust — {T}: Draw a card.", []string{"ability Exhaust|Exhaust|cost:{T}|ability:Draw a card. [Exhaust — {T}: Draw a card.]"}},
		{"", "Exhaust — {T}, Pay 1 life: Draw a card.", []string{"ability Exhaust|Exhaust|cost:{T}, Pay 1 life|ability:Draw a card. [Exhaust — {T}, Pay 1 life: Draw a card.]"}},
		// A long dash glued to the words around it.
		{"", "Cumulative upkeep—Sacrifice a land.", []string{"ability Cumulative Upkeep|Cumulative upkeep|cost:Sacrifice a land [Cumulative upkeep—Sacrifice a land]", "action Sacrifice|Sacrifice [Sacrifice]"}},
		{"", "Flashback—Tap three untapped white creatures you control.", []string{"ability Flashback|Flashback|cost:Tap three untapped white creatures you control [Flashback—Tap three untapped white creatures you control]", "action Tap|Tap [Tap]"}},
		// Designations, conditions.
		{"", "Suspected creatures you control have menace.", []string{"action Suspect|Suspected [Suspected] designation"}},
		{"", "Enchanted creature is goaded.", []string{"action Goad|goaded [goaded]"}},
		{"", "Exile target spell. It becomes plotted.", []string{"action Exile|Exile [Exile]", "ability Plot|plotted [plotted] designation"}},
		{"", "Whenever you scry or surveil, draw a card.", []string{"action Scry|scry [scry] condition", "action Surveil|surveil [surveil] condition"}},
		// Older printings and other forms.
		{"", "Modular—Sunburst", []string{"ability Modular|Modular|number:Sunburst [Modular—Sunburst]", "ability Sunburst|Sunburst [Sunburst]"}},
		{"", "Flying; trample", []string{"ability Flying|Flying [Flying]", "ability Trample|trample [trample]"}},
		{"", "STATION 12+", []string{"ability Station|STATION|number:12 [STATION 12+]"}},
		{"", "Bands with other legendary creatures", []string{"ability Banding|Bands with other|quality:legendary creatures [Bands with other legendary creatures]"}},
		{"2024-02-02", "Prototype {1}{B}{B} — 3/3", []string{"ability Prototype|Prototype|cost:{1}{B}{B}|pt:3/3 [Prototype {1}{B}{B} — 3/3]"}},
		// Variants of an ability under names of their own (702.124a lists
		// "the partner abilities"), either apostrophe.
		{"", "Choose a Background", []string{"ability Partner|Choose a Background [Choose a Background]"}},
		{"", "Doctor's companion", []string{"ability Partner|Doctor's companion [Doctor's companion]"}},
		{"", "Flying\nDoctor’s companion (You can have two commanders if the other is the Doctor.)", []string{"ability Flying|Flying [Flying]", "ability Partner|Doctor’s companion [Doctor’s companion]"}},
		{"2023-04-14", "Friends forever", []string{"ability Partner|Friends forever [Friends forever]"}},
		{"", "Partner—Friends forever", []string{"ability Partner|Partner|quality:Friends forever [Partner—Friends forever]"}},
		// A keyword the rules renamed, under its name of the rules read.
		{"", "Totem armor", []string{"ability Umbra Armor|Totem armor [Totem armor] was Totem armor"}},
		// A status (110.5) is no action, after any verb of being.
		{"", "• Create a 1/1 white Rabbit creature token that's tapped and attacking.", []string{"action Create|Create [Create]"}},
		{"", "Create a token that’s a copy of it, except it’s tapped.", []string{"action Create|Create [Create]"}},
		// Predefined tokens a card creates.
		{"", "When this enters, create two Treasure tokens and a Food token.", []string{"action Create|create [create]", "token Treasure|Treasure [Treasure]", "token Food|Food [Food]"}},
		{"", "Gift a Treasure", []string{"ability Gift|Gift a Treasure|quality:Treasure [Gift a Treasure]", "token Treasure|Treasure [Treasure]"}},
	} {
		date := c.date
		if date == "" {
			date = past2026
		}
		var got []string
		for _, f := range reader(t, date, "").Append(nil, c.text) {
			got = append(got, kept(f, c.text))
			for _, p := range params(f) {
				if c.text[p.Offset:p.End] != p.Text {
					t.Errorf("%q: parameter %q at [%d:%d], where the text has %q", c.text, p.Text, p.Offset, p.End, c.text[p.Offset:p.End])
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.text, got, c.want)
		}
	}
}

// A type parameter is typed as the subtype it names, in the plural as
// cards print it.
func TestTypedSubtypes(t *testing.T) {
	var got []string
	for _, f := range reader(t, past2026, "").Append(nil, "Amass Zombies 2. Then amass Elves 1.") {
		got = append(got, f.Param(0).Subtype.String())
	}
	if !slices.Equal(got, []string{"Zombie", "Elf"}) {
		t.Errorf("subtypes %q", got)
	}
}

// What Forms returns is the caller's: changing it changes no reading.
func TestFormsAreCopies(t *testing.T) {
	forms := AbilityWard.Forms()
	for i := range forms {
		for j := range forms[i].Parts {
			forms[i].Parts[j].Text = "changed"
		}
	}
	if got := Append(nil, "Ward {2}"); len(got) != 1 || got[0].Ability != AbilityWard {
		t.Errorf("after a caller changed what Forms returned, Ward {2} reads %v", got)
	}
	for _, f := range AbilityWard.Forms() {
		if f.Parts[0].Text != "ward" {
			t.Errorf("Forms gives %+v after a caller changed an earlier copy", f.Parts)
		}
	}
	if len(ActionScry.Forms()) == 0 || ActionScry.Forms()[0].Text != "scry N" {
		t.Errorf("Scry's forms %+v", ActionScry.Forms())
	}
}

// The names card databases file keywords under.
func TestDatabaseNames(t *testing.T) {
	for text, want := range map[string][]string{
		"First strike":             {"First strike"},
		"Swampcycling {2}":         {"Cycling", "Swampcycling", "Typecycling", "Landcycling"},
		"Basic landcycling {1}{G}": {"Cycling", "Basic landcycling", "Typecycling", "Landcycling"},
		"Hexproof from white":      {"Hexproof", "Hexproof from"},
		"Collect evidence 4.":      {"Collect evidence"},
	} {
		fs := reader(t, past2026, "").Append(nil, text)
		if len(fs) == 0 {
			t.Errorf("%q reads nothing", text)
			continue
		}
		var got []string
		for _, n := range fs[0].DatabaseNames(nil) {
			got = append(got, n.Name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// Every form a keyword action's rule writes with parameters, today's and
// as of the release that first wrote it, reads back from a sentence that
// prints it: the action, with the parameters printed. A keyword action a
// release adds is found with its parameters the day it is recorded.
func TestEveryActionFormReads(t *testing.T) {
	n := 0
	for _, v := range EveryAction() {
		for _, f := range v.Forms() {
			line, want := sample(f)
			if len(want) == 0 {
				continue
			}
			k := 0 // the index of a parameter among params
			for _, p := range f.Parts {
				if p.Kind != PartParam && p.Kind != PartGlued && p.Kind != PartSymbol {
					continue
				}
				if p.Param == ParamType {
					// A subtype in the plural, as cards print it.
					line = strings.Replace(line, want[k], "Goblins", 1)
					want[k] = "Goblins"
				}
				k++
			}
			line = "Then you " + line + "."
			dates := []string{f.Since}
			if f.Removed == "" && v.IsValid() {
				dates = append(dates, "")
			}
			for _, date := range dates {
				fs := reader(t, date, "").Append(nil, line)
				i := slices.IndexFunc(fs, func(g Found) bool { return g.Kind == KindAction && g.Action == v })
				if i < 0 {
					t.Errorf("%s form %q as of %q: %q reads %v", v, f.Text, date, line, fs)
					continue
				}
				var got []string
				for _, p := range params(fs[i]) {
					got = append(got, p.Text)
				}
				if !slices.Equal(got, want) || fs[i].Form != f.Text {
					t.Errorf("%s form %q: %q reads parameters %q by %q, want %q", v, f.Text, line, got, fs[i].Form, want)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Error("no keyword action has a form with parameters")
	}
}
