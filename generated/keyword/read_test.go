package keyword

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/kwform"
)

// reader is the reader of the rules in force on date, for a card named
// name.
func reader(t testing.TB, date, name string) Reader {
	t.Helper()
	r, err := NewReader(date)
	if err != nil {
		t.Fatalf("NewReader(%q): %v", date, err)
	}
	r.Name = name
	return r
}

// params are the parameters of a keyword found.
func params(f Found) []Param {
	var out []Param
	for i := range f.NumParams() {
		out = append(out, f.Param(i))
	}
	return out
}

// past is a day the rules in force are a past release: what they list
// and how their rules write each keyword does not change, so cards read
// as of it may be pinned.
const past = "2022-04-25"

// want is one keyword a test expects, written "Kind Name|printed|param|param".
func describe(f Found) string {
	s := fmt.Sprintf("%s %s|%s", f.Kind, f.Name(), f.Printed)
	for _, p := range params(f) {
		s += "|" + p.Kind.String() + ":" + p.Text
	}
	if f.Reminder {
		s += " (reminder)"
	}
	return s
}

func readAll(t *testing.T, r Reader, text string) []string {
	t.Helper()
	fs := r.Append(nil, text)
	var out []string
	for _, f := range fs {
		if got := text[f.Offset-0 : f.Offset+len(f.Printed)]; got != f.Printed {
			t.Errorf("%q: %s at %d, where the text has %q", text, describe(f), f.Offset, got)
		}
		out = append(out, describe(f))
	}
	return out
}

// Real cards' text (Oracle, 2022), read by the rules of that day: the
// cases card databases get wrong (mtgjson issue 757), each with its
// parameter.
func TestReadCards(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"Black Knight", "First strike (This creature deals combat damage before creatures without first strike.)\nProtection from white (This creature can't be blocked, targeted, dealt damage, or enchanted by anything white.)",
			[]string{"ability First Strike|First strike", "ability Protection|Protection from|quality:white"}},
		{"Knight of Malice", "First strike\nHexproof from white (This creature can't be the target of white spells or abilities your opponents control.)",
			[]string{"ability First Strike|First strike", "ability Hexproof|Hexproof from|quality:white"}},
		{"Absorb Vis", "Target player loses 4 life and you gain 4 life.\nBasic landcycling {1}{B} ({1}{B}, Discard this card: Search your library for a basic land card, reveal it, put it into your hand, then shuffle.)",
			[]string{"ability Cycling|Basic landcycling|type:Basic land|cost:{1}{B}", "action Discard|Discard (reminder)", "action Search|Search (reminder)", "action Reveal|reveal (reminder)", "action Shuffle|shuffle (reminder)"}},
		{"Commander's Plate", "Equipped creature gets +3/+3 and has protection from each color that's not in your commander's color identity.\nEquip commander {3}\nEquip {5}",
			[]string{"ability Equip|Equip|quality:commander|cost:{3}", "ability Equip|Equip|cost:{5}"}},
		{"Benthic Behemoth", "Islandwalk (This creature can't be blocked as long as defending player controls an Island.)",
			[]string{"ability Landwalk|Islandwalk|type:Island"}},
		{"Anaconda", "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)",
			[]string{"ability Landwalk|Swampwalk|type:Swamp"}},
		{"Dryad Sophisticate", "Nonbasic landwalk (This creature can't be blocked as long as defending player controls a nonbasic land.)",
			[]string{"ability Landwalk|Nonbasic landwalk|type:Nonbasic land"}},
		{"", "Flying, vigilance", []string{"ability Flying|Flying", "ability Vigilance|vigilance"}},
		{"", "Protection from black and from red", []string{"ability Protection|Protection from|quality:black", "ability Protection|Protection from|quality:red"}},
		{"", "Ward—Pay 3 life.", []string{"ability Ward|Ward|cost:Pay 3 life"}},
		{"", "Equip {2}{W}", []string{"ability Equip|Equip|cost:{2}{W}"}},
		{"", "Equip legendary creature {3}", []string{"ability Equip|Equip legendary creature|quality:legendary|cost:{3}"}},
		{"", "Enchant creature", []string{"ability Enchant|Enchant|quality:creature"}},
		{"Imprisoned in the Moon", "Enchant creature, land, or planeswalker", []string{"ability Enchant|Enchant|quality:creature, land, or planeswalker"}},
		{"", "Suspend 4—{1}{U}", []string{"ability Suspend|Suspend|number:4|cost:{1}{U}"}},
		{"Aeon Chronicler", "Suspend X—{X}{3}{U}. X can't be 0.", []string{"ability Suspend|Suspend|number:X|cost:{X}{3}{U}"}},
		{"Thieving Skydiver", "Kicker {X}. X can't be 0. (You may pay an additional {X} as you cast this spell.)", []string{"ability Kicker|Kicker|cost:{X}", "action Cast|cast (reminder)"}},
		{"", "Partner with Pir, Imaginative Rascal (When this creature enters the battlefield, target player may put Pir into their hand from their library, then shuffle.)",
			[]string{"ability Partner|Partner with|name:Pir, Imaginative Rascal", "action Shuffle|shuffle (reminder)"}},
		{"", "Boast — {1}{R}: Tormentor deals 1 damage to any target.", []string{"ability Boast|Boast|cost:{1}{R}|ability:Tormentor deals 1 damage to any target."}},
		{"", "Double strike; bushido 2", []string{"ability Double Strike|Double strike", "ability Bushido|bushido|number:2"}},
		{"", "Escape—{3}{B}{B}, Exile five other cards from your graveyard.", []string{"ability Escape|Escape|cost:{3}{B}{B}, Exile five other cards from your graveyard", "action Exile|Exile"}},
		{"", "Champion a Faerie (When this enters the battlefield, sacrifice it unless you exile another Faerie you control.)",
			[]string{"ability Champion|Champion a|quality:Faerie", "action Sacrifice|sacrifice (reminder)", "action Exile|exile (reminder)"}},
		{"", "Goblin offering", []string{"ability Offering|Goblin offering|type:Goblin"}}, // "[Type] offering" until 2023
		{"", "Foretell {1}{U}", []string{"ability Foretell|Foretell|cost:{1}{U}"}},
		{"Thromok the Insatiable", "Devour X, where X is the number of creatures devoured this way", []string{"ability Devour|Devour|number:X"}},
		{"", "Landfall — Whenever a land enters the battlefield under your control, scry 1.", []string{"ability word Landfall|Landfall", "action Scry|scry|number:1"}},
		{"", "Each player mills three cards, then investigates.", []string{"action Mill|mills|number:three", "action Investigate|investigates"}},
		{"", "Dredge 2 (If you would draw a card, you may mill two cards instead.)", []string{"ability Dredge|Dredge|number:2", "action Mill|mill|number:two (reminder)"}},
		{"", "Return it to the battlefield transformed under your control.", []string{"action Transform|transformed"}},
		{"", "Enchanted creature is goaded.", []string{"action Goad|goaded"}},
		{"", "Counter target spell.", []string{"action Counter|Counter"}},
		{"", "Tap target untapped creature.", []string{"action Tap|Tap"}},
		{"", "{T}: Untap target land. Activate only during your untap step.", []string{"action Untap|Untap", "action Activate|Activate"}},
		{"", "Target creature gains double strike until end of turn.", nil},
		{"", "Put a +1/+1 counter on target creature. Return target card from exile to its owner's hand.", nil},
		{"Myriad Landscape", "Myriad Landscape enters the battlefield tapped.", nil},
		{"", "Whenever you planeswalk to a plane, draw a card.", []string{"action Planeswalk|planeswalk"}},
		{"", "Enchanted creature has flying.", nil},
		{"", "Flying creatures you control get +1/+1.", nil},
		{"", "Equip abilities you activate cost {1} less to activate.", []string{"action Activate|activate", "action Activate|activate"}},
		{"Clash of Titans", "Clash of Titans deals 3 damage to target creature.", nil},
	} {
		got := readAll(t, reader(t, past, c.name), c.text)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %q:\n got %q\nwant %q", c.name, c.text, got, c.want)
		}
	}
}

// An ability whose rule writes no form, printed with a cost after its
// name (Prototype, 718.1's inset frame), reads with that cost and its
// power and toughness; of the rules of 2024, a past release that lists
// it.
func TestReadNameAndCost(t *testing.T) {
	got := readAll(t, reader(t, "2024-02-02", ""), "Prototype {1}{R} — 3/2\nCounter target spell unless its controller pays {2}. Put two charge counters on it.")
	if want := []string{"ability Prototype|Prototype|cost:{1}{R}|pt:3/2", "action Counter|Counter"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The parameters typed: a cost as mana.Cost, a number as an int.
func TestReadParameters(t *testing.T) {
	fs := reader(t, past, "").Append(nil, "Suspend 4—{1}{U}\nWard—Pay 3 life.")
	if len(fs) != 2 {
		t.Fatalf("%v", fs)
	}
	n, c := fs[0].Param(0), fs[0].Param(1)
	if n.Number != (Number{Value: 4}) || !c.Mana || c.Cost.ManaValue() != 2 || c.Cost.String() != "{1}{U}" || fs[0].NumParams() != 2 {
		t.Errorf("Suspend 4—{1}{U}: %+v, %+v", n, c)
	}
	if w := fs[1].Param(0); w.Mana || w.Text != "Pay 3 life" || w.Cost.Len() != 0 || fs[1].Param(1) != (Param{}) {
		t.Errorf("Ward—Pay 3 life.: %+v", w)
	}
	if fs[0].Form != "Suspend N—[cost]" || !strings.HasPrefix(fs[0].FormRule, AbilitySuspend.Rule()) || fs[0].Rule() != AbilitySuspend.Rule() {
		t.Errorf("Suspend read by %q (%s), rule %s", fs[0].Form, fs[0].FormRule, fs[0].Rule())
	}
}

// sample is a line a card with form f would print, its parameters
// filled in, and the parameters' texts.
func sample(f Form) (string, []string) {
	var b strings.Builder
	var params []string
	typ := cardtype.CardTypeValues()[0].String() // a type word, today's
	for k, p := range f.Parts {
		if k > 0 && p.Kind != PartDash && p.Kind != PartColon && f.Parts[k-1].Kind != PartDash && f.Parts[k-1].Kind != PartColon {
			b.WriteByte(' ')
		}
		switch p.Kind {
		case PartWord:
			b.WriteString(p.Text)
		case PartDash:
			b.WriteString("—")
		case PartColon:
			b.WriteString(": ")
		case PartGlued:
			b.WriteString(typ + p.Text)
			params = append(params, typ)
		case PartSymbol:
			b.WriteString("{3" + p.Text + "}")
			params = append(params, "3")
		case PartParam:
			text := map[ParamKind]string{ParamCost: "{2}{G}", ParamNumber: "3", ParamQuality: "black", ParamName: "Some Card, the Named", ParamType: typ, ParamAbility: "Draw a card.", ParamPT: "2/2"}[p.Param]
			b.WriteString(text)
			params = append(params, text)
		}
	}
	return b.String(), params
}

// Every form of every keyword ability, today's and as of the release
// that first wrote it, reads back from a line that prints it: one
// ability, with the parameters printed; and not as of the release before
// its ability's first. A keyword a release adds is found in cards the
// day it is recorded, by the form its rule writes, never typed in.
func TestEveryFormReads(t *testing.T) {
	releases := rules.Releases("en")
	n := 0
	for _, v := range EveryAbility() {
		for _, f := range v.Forms() {
			line, want := sample(f)
			dates := []string{f.Since}
			if f.Removed == "" && v.IsValid() {
				dates = append(dates, "")
			}
			for _, date := range dates {
				r, err := NewReader(date)
				fs := r.Append(nil, line)
				var abilities []Found
				for _, g := range fs {
					if g.Kind == KindAbility {
						abilities = append(abilities, g)
					}
				}
				if err != nil || len(abilities) != 1 || abilities[0].Ability != v {
					t.Errorf("%s form %q as of %q: %q reads %v, %v", v, f.Text, date, line, fs, err)
					continue
				}
				var got []string
				for _, p := range params(abilities[0]) {
					got = append(got, p.Text)
				}
				// A form of words alone ("Gift a card") may be read with
				// the parameters of a form that reads as much ("Gift a
				// [something]").
				if !slices.Equal(got, want) && len(want) > 0 {
					t.Errorf("%s form %q: %q reads parameters %q, want %q", v, f.Text, line, got, want)
				}
				n++
			}
			since, _ := v.Since()
			if i := slices.Index(releases, since); i > 0 && f.Since == since {
				before := releases[i-1]
				for _, g := range reader(t, before, "").Append(nil, line) {
					if g.Kind == KindAbility && g.Ability == v {
						t.Errorf("%s (since %s) found as of %s in %q", v, since, before, line)
					}
				}
			}
		}
	}
	if n < len(AbilityValues()) {
		t.Errorf("%d forms read for %d abilities", n, len(AbilityValues()))
	}
}

// Every verb form of every keyword action today (kwform.Verbs, what
// cmd/gen lays out) reads as that action, in a sentence that uses it as
// a verb, with an object.
func TestEveryVerbReads(t *testing.T) {
	for _, v := range ActionValues() {
		for _, verb := range kwform.Verbs(v.String()) {
			line := "Then you " + verb.Text + " it."
			fs := Append(nil, line)
			if !slices.ContainsFunc(fs, func(f Found) bool {
				return f.Kind == KindAction && f.Action == v && strings.EqualFold(f.Printed, verb.Text)
			}) {
				t.Errorf("%s: %q reads %v", v, line, fs)
			}
		}
	}
}

// Every ability word today heads a line.
func TestEveryAbilityWordReads(t *testing.T) {
	for _, v := range AbilityWordValues() {
		line := v.String() + " — Draw a card."
		fs := Append(nil, line)
		if len(fs) == 0 || fs[0].Kind != KindAbilityWord || fs[0].Word != v {
			t.Errorf("%s: %q reads %v", v, line, fs)
		}
	}
}

// The day read as of is checked once, when the reader is made.
func TestNewReaderDateError(t *testing.T) {
	_, err := NewReader("1999-01-01")
	var de *rules.DateError
	if !errors.As(err, &de) {
		t.Errorf("as of 1999: %v", err)
	}
	if r := reader(t, past, ""); r.AsOf() != past || (Reader{}).AsOf() != "" {
		t.Errorf("AsOf %q", r.AsOf())
	}
}

// Reading allocates nothing once dst has room: the forms, verbs and
// words are static tables, and parameters are slices of the text.
func TestReadDoesNotAllocate(t *testing.T) {
	text := "Flying, protection from black and from red\nWard—Pay 3 life.\nSuspend 4—{1}{U}\nBasic landcycling {1}{B} ({1}{B}, Discard this card: Search your library for a basic land card.)\nLandfall — Whenever a land enters, scry 2.\nEach player mills three cards."
	dst := make([]Found, 0, 64)
	for _, r := range []Reader{{}, reader(t, past, "Myriad Landscape")} {
		if n := testing.AllocsPerRun(100, func() { dst = r.Append(dst[:0], text) }); n != 0 {
			t.Errorf("Append as of %q: %v allocations, want 0", r.AsOf(), n)
		}
	}
	if len(dst) < 8 {
		t.Errorf("read %v", dst)
	}
}

// Whatever the text, reading stops, each keyword's Printed is the text
// at its Offset, its span holds it, and each parameter is the text at its
// span, within the keyword's.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"Flying, vigilance", "Protection from black and from red", "Ward—Pay 3 life.", "Suspend X—{X}{3}{U}. X can't be 0.",
		"Boast — {1}{R}: Draw.", "Basic landcycling {1}{B} (x)", "Equip legendary creature {3}", "Landfall — Scry 2.", "Enchant creature, land, or planeswalker",
		"((", "—", "Kicker {1}{U} and/or {2}{B}", "Devour X, where X", "Partner with A, B (C)", "{", "Champion an", "islandwalk,", "Gift a",
		"Double  strike", "Descend\t4 — Scry 1.", "Hexproof from artifacts, creatures, and enchantments", "Devour X, where X is your life.",
		"Cumulative upkeep {W} or {U}", "(Melds with A.)", "Modular—Sunburst", "Amass Orcs X, where X is 2. Draw."} {
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, text, name string) {
		for _, r := range []Reader{{}, reader(t, past, name)} {
			fs := r.Append(nil, text)
			// Spaces and tabs, any number, read as one space does.
			if spread := describeAll(r.Append(nil, strings.ReplaceAll(text, " ", " \t "))); !slices.Equal(spread, describeAll(fs)) {
				t.Fatalf("%q reads %q; with its spaces spread, %q", text, describeAll(fs), spread)
			}
			for _, k := range fs {
				if k.Offset < 0 || k.Offset+len(k.Printed) > len(text) || text[k.Offset:k.Offset+len(k.Printed)] != k.Printed || k.Name() == "" || k.End < k.Offset+len(k.Printed) || k.End > len(text) {
					t.Fatalf("%q: %+v", text, k)
				}
				for _, p := range params(k) {
					if p.Kind == 0 || p.Offset < k.Offset || p.End > k.End || p.Offset > p.End || text[p.Offset:p.End] != p.Text {
						t.Fatalf("%q: %+v: parameter %+v is not the text at its span within the keyword's", text, k, p)
					}
					if p.Where != "" && !strings.Contains(text[k.Offset:k.End], p.Where) {
						t.Fatalf("%q: %+v: what %s is, %q, is not within the keyword's span", text, k, p.Text, p.Where)
					}
				}
			}
		}
	})
}

// The parts of every form are kwform's reading of its text, and no form
// has more parameters than a Found keeps.
func TestFormPartsAreKwformsReading(t *testing.T) {
	for _, v := range EveryAbility() {
		for _, f := range v.Forms() {
			if want := kwform.Parse(f.Text); !slices.Equal(want, f.Parts) || kwform.Check(f.Text) != nil {
				t.Errorf("%s %q: parts %+v, kwform %+v (%v)", v, f.Text, f.Parts, want, kwform.Check(f.Text))
			}
		}
	}
}
