package kwform

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for form, want := range map[string][]Part{
		"Ward [cost]":                    {{Kind: Word, Text: "ward"}, {Kind: Param, Param: Cost}},
		"Suspend N—[cost]":               {{Kind: Word, Text: "suspend"}, {Kind: Param, Param: Number}, {Kind: Dash}, {Kind: Param, Param: Cost}},
		"[type]walk":                     {{Kind: Glued, Text: "walk", Param: Type}},
		"[Type]cycling [cost]":           {{Kind: Glued, Text: "cycling", Param: Type}, {Kind: Param, Param: Cost}},
		"Boast — [Cost]: [Effect]":       {{Kind: Word, Text: "boast"}, {Kind: Dash}, {Kind: Param, Param: Cost}, {Kind: Colon}, {Kind: Param, Param: Ability}},
		"Protection from [quality]":      {{Kind: Word, Text: "protection"}, {Kind: Word, Text: "from"}, {Kind: Param, Param: Quality}},
		"Partner with [name]":            {{Kind: Word, Text: "partner"}, {Kind: Word, Text: "with"}, {Kind: Param, Param: Name}},
		"[Quality] offering":             {{Kind: Param, Param: Quality}, {Kind: Word, Text: "offering"}},
		"Forecast — [Activated ability]": {{Kind: Word, Text: "forecast"}, {Kind: Dash}, {Kind: Param, Param: Ability}},
		"For Mirrodin!":                  {{Kind: Word, Text: "for"}, {Kind: Word, Text: "mirrodin!"}},
		"Kicker [cost 1]":                {{Kind: Word, Text: "kicker"}, {Kind: Param, Param: Cost}},
		"{N+}[abilities]":                {{Kind: Symbol, Text: "+", Param: Number}, {Kind: Param, Param: Ability}},
		"{N+}[abilities][P/T]":           {{Kind: Symbol, Text: "+", Param: Number}, {Kind: Param, Param: Ability}, {Kind: Param, Param: PT}},
		"amass [subtype] N":              {{Kind: Word, Text: "amass"}, {Kind: Param, Param: Type}, {Kind: Param, Param: Number}},
		"Bands with other [quality]":     {{Kind: Word, Text: "bands"}, {Kind: Word, Text: "with"}, {Kind: Word, Text: "other"}, {Kind: Param, Param: Quality}},
	} {
		if got := Parse(form); !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q) = %+v\nwant %+v", form, got, want)
		}
	}
}

func TestVerbs(t *testing.T) {
	for action, want := range map[string]string{
		"Scry":                     "scry scries scried scrying",
		"Mill":                     "mill mills milled milling",
		"Fight":                    "fight fights fought fighting",
		"Tap":                      "tap taps tapped tapping",
		"Untap":                    "untap untaps untapped untapping",
		"Exile":                    "exile exiles exiled exiling",
		"Set in Motion":            "set in motion|sets in motion|setting in motion",
		"Venture into the Dungeon": "venture into the dungeon|ventures into the dungeon|ventured into the dungeon|venturing into the dungeon",
		"Search":                   "search searches searched searching",
		"Play":                     "play plays played playing",
		"Investigate":              "investigate investigates investigated investigating",
		"Behold":                   "behold beholds beheld beholding",
		"The Ring Tempts You":      "the ring tempts you",
		"Monstrosity":              "monstrosity",
	} {
		sep := " "
		if strings.Contains(want, "|") {
			sep = "|"
		}
		var got []string
		for _, v := range Verbs(action) {
			got = append(got, v.Text)
		}
		if got := strings.Join(got, sep); got != want {
			t.Errorf("Verbs(%q) = %q, want %q", action, got, want)
		}
	}
}

// Whatever a form holds, Parse returns parts that say it again: every
// word, dash and parameter, none empty.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"Ward [cost]", "Suspend N—[cost]", "[type]walk", "Boast — [Cost]: [Effect]", "[", "]x", "—", "a  b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, form string) {
		for _, p := range Parse(form) {
			switch p.Kind {
			case Word:
				if p.Text == "" || strings.ContainsAny(p.Text, " :") {
					t.Fatalf("%q: word %q", form, p.Text)
				}
			case Param, Glued, Symbol:
				if p.Param == 0 {
					t.Fatalf("%q: a parameter of no kind", form)
				}
			case Dash, Colon:
			default:
				t.Fatalf("%q: part of kind %d", form, p.Kind)
			}
		}
	})
}
