package kwform

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for form, want := range map[string][]Part{
		"Ward [cost]":                    {{Kind: PartWord, Text: "ward"}, {Kind: PartParam, Param: ParamCost}},
		"Suspend N—[cost]":               {{Kind: PartWord, Text: "suspend"}, {Kind: PartParam, Param: ParamNumber}, {Kind: PartDash}, {Kind: PartParam, Param: ParamCost}},
		"[type]walk":                     {{Kind: PartGlued, Text: "walk", Param: ParamType}},
		"[Type]cycling [cost]":           {{Kind: PartGlued, Text: "cycling", Param: ParamType}, {Kind: PartParam, Param: ParamCost}},
		"Boast — [Cost]: [Effect]":       {{Kind: PartWord, Text: "boast"}, {Kind: PartDash}, {Kind: PartParam, Param: ParamCost}, {Kind: PartColon}, {Kind: PartParam, Param: ParamAbility}},
		"Protection from [quality]":      {{Kind: PartWord, Text: "protection"}, {Kind: PartWord, Text: "from"}, {Kind: PartParam, Param: ParamQuality}},
		"Partner with [name]":            {{Kind: PartWord, Text: "partner"}, {Kind: PartWord, Text: "with"}, {Kind: PartParam, Param: ParamName}},
		"[Quality] offering":             {{Kind: PartParam, Param: ParamQuality}, {Kind: PartWord, Text: "offering"}},
		"Forecast — [Activated ability]": {{Kind: PartWord, Text: "forecast"}, {Kind: PartDash}, {Kind: PartParam, Param: ParamAbility}},
		"For Mirrodin!":                  {{Kind: PartWord, Text: "for"}, {Kind: PartWord, Text: "mirrodin!"}},
		"Kicker [cost 1]":                {{Kind: PartWord, Text: "kicker"}, {Kind: PartParam, Param: ParamCost}},
		"{N+}[abilities]":                {{Kind: PartSymbol, Text: "+", Param: ParamNumber}, {Kind: PartParam, Param: ParamAbility}},
		"{N+}[abilities][P/T]":           {{Kind: PartSymbol, Text: "+", Param: ParamNumber}, {Kind: PartParam, Param: ParamAbility}, {Kind: PartParam, Param: ParamPT}},
		"amass [subtype] N":              {{Kind: PartWord, Text: "amass"}, {Kind: PartParam, Param: ParamType}, {Kind: PartParam, Param: ParamNumber}},
		"Bands with other [quality]":     {{Kind: PartWord, Text: "bands"}, {Kind: PartWord, Text: "with"}, {Kind: PartWord, Text: "other"}, {Kind: PartParam, Param: ParamQuality}},
		// Each word a token of a card's line: the apostrophe either way,
		// a sign ("∞"), the dash glued or not.
		"Doctor’s companion":   {{Kind: PartWord, Text: "doctor's"}, {Kind: PartWord, Text: "companion"}},
		"∞ — [Ability]":        {{Kind: PartWord, Text: "∞"}, {Kind: PartDash}, {Kind: PartParam, Param: ParamAbility}},
		"Reinforce N — [cost]": {{Kind: PartWord, Text: "reinforce"}, {Kind: PartParam, Param: ParamNumber}, {Kind: PartDash}, {Kind: PartParam, Param: ParamCost}},
		"Web-slinging [cost]":  {{Kind: PartWord, Text: "web-slinging"}, {Kind: PartParam, Param: ParamCost}},
		"{LEVEL N3+} [P/T]":    {{Kind: PartWord, Text: "{"}, {Kind: PartWord, Text: "level"}, {Kind: PartWord, Text: "n3"}, {Kind: PartWord, Text: "+"}, {Kind: PartWord, Text: "}"}, {Kind: PartParam, Param: ParamPT}},
		"Ward  [cost]":         {{Kind: PartWord, Text: "ward"}, {Kind: PartParam, Param: ParamCost}},
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
			case PartWord:
				if p.Text == "" || strings.ContainsAny(p.Text, " \t:[") || p.Text != Key(p.Text) {
					t.Fatalf("%q: word %q", form, p.Text)
				}
			case PartParam, PartGlued, PartSymbol:
				if p.Param == 0 {
					t.Fatalf("%q: a parameter of no kind", form)
				}
			case PartDash, PartColon:
			default:
				t.Fatalf("%q: part of kind %d", form, p.Kind)
			}
		}
	})
}

// A form's words are the tokens a card's line has: the keys of a form
// and of a line that prints it are one sequence, whatever the spaces.
func TestFormWordsAreLineTokens(t *testing.T) {
	for form, line := range map[string]string{
		"Doctor’s companion":      "Doctor's  companion",
		"For Mirrodin!":           "For\tMirrodin!",
		"More Than Meets the Eye": "MORE THAN MEETS THE EYE",
		"Web-slinging":            "Web-slinging",
	} {
		var words []string
		for _, p := range Parse(form) {
			words = append(words, p.Text)
		}
		if got := Keys(line); !reflect.DeepEqual(got, words) {
			t.Errorf("%q: the line %q has the keys %q, the form the words %q", form, line, got, words)
		}
	}
}

func TestCheck(t *testing.T) {
	for form, ok := range map[string]bool{
		"Ward [cost]": true, "{N+}[abilities][P/T]": true, "[type]walk": true,
		"[cost]": false, "Ward [cost": false, "Ward [cost] N [cost] [cost]": false,
	} {
		if err := Check(form); (err == nil) != ok {
			t.Errorf("Check(%q) = %v", form, err)
		}
	}
}
