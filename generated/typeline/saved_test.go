package typeline_test

import (
	"encoding/json"
	"errors"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

// The rules of a release, past facts: Tribal was a card type until
// 2024-07-30, Kindred from then on; battles came in 2023-04-14, Time Lord
// in 2023-10-13; Egg left the creature types in 2010-07-16 and came back
// in 2018-07-13.
func TestAsOfARelease(t *testing.T) {
	for _, c := range []struct{ line, asOf, want string }{
		{"Tribal Instant — Goblin", "2024-04-12", ""},
		{"Tribal Instant — Goblin", "2024-07-29", ""}, // the rules in force that day: 2024-04-12's
		{"Kindred Instant — Goblin", "2024-04-12", `"Kindred" was not yet a card type in the rules of 2024-04-12: rule 205.2a lists Kindred since 2024-07-30`},
		{"Tribal Instant — Goblin", "2024-07-30", `"Tribal" was no longer a card type in the rules of 2024-07-30: Tribal was removed from rule 205.2a in the release of 2024-07-30`},
		{"Battle — Siege", "2023-04-14", ""},
		{"Battle — Siege", "2022-01-01", `"Battle" was not yet a card type in the rules of 2022-01-01`},
		{"Creature — Time Lord", "2023-01-01", `"Time Lord" was not yet a creature type in the rules of 2023-01-01`},
		{"Creature — Egg", "2009-07-11", ""},
		{"Creature — Egg", "2015-01-01", `"Egg" was not a creature type in the rules of 2015-01-01: Egg was removed from rule 205.3m in the release of 2010-07-16 and listed again since 2018-07-13`},
		{"Criatura — Elfo", "2020-01-01", ""}, // Spanish names of the values listed then
		{"Creature — Elf", "2009-07-10", "no release of the rules the packages know was in force on 2009-07-10"},
		{"Creature — Elf", "2024-7-30", `release "2024-7-30" is not a date`},
	} {
		err := typeline.Options{Lang: typeline.Either, AsOf: c.asOf}.Validate(c.line)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q as of %s: %v", c.line, c.asOf, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q as of %s: %v, want %q", c.line, c.asOf, err, c.want)
		}
		if valid := (typeline.Options{Lang: typeline.Either, AsOf: c.asOf}).Valid(c.line); valid != (c.want == "") {
			t.Errorf("%q as of %s: Valid %v, Validate %v", c.line, c.asOf, valid, err)
		}
	}
	var de *rules.DateError
	if err := (typeline.Options{AsOf: "someday"}).Validate("Creature — Elf"); !errors.As(err, &de) {
		t.Errorf("a date that is none: %#v, want a *rules.DateError", err)
	}
}

// Every line of today's rules reads as of the newest release, and a
// valid line as of a release allocates nothing, as today's does.
func TestAsOfTheNewestIsToday(t *testing.T) {
	rs := rules.Releases("en")
	newest := rs[len(rs)-1]
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	for _, s := range picks.Current(subtype.CategoryCreature) {
		line := creature.String() + " — " + s.String()
		if err := (typeline.Options{AsOf: newest}).Validate(line); err != nil {
			t.Errorf("%q as of %s: %v", line, newest, err)
		}
	}
	line := creature.String() + " — " + picks.Current(subtype.CategoryCreature)[0].String()
	if n := testing.AllocsPerRun(100, func() { _ = typeline.Options{AsOf: newest}.Validate(line) }); n != 0 {
		t.Errorf("Validate as of a release: %v allocations", n)
	}
}

// Data written by the packages reads back after a rules update: a line
// holding a name the rules dropped decodes to what it said, in a TypeLine
// and in a Printed, and Check says why today's rules refuse it.
func TestSavedLinesReadBack(t *testing.T) {
	gone, removed := picks.RemovedCreature(t)
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	kept := picks.Current(subtype.CategoryCreature)[0]
	saved := typeline.TypeLine{Faces: []typeline.Face{{CardTypes: []cardtype.CardType{creature}, Subtypes: []subtype.Subtype{gone.Subtype(), kept}}}}
	b, err := json.Marshal(map[string]any{"line": saved})
	if err != nil {
		t.Fatalf("a line the rules of an earlier release accepted does not encode: %v", err)
	}
	var back struct{ Line typeline.TypeLine }
	var printed struct{ Line typeline.Printed }
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s does not read back: %v", b, err)
	}
	if err := json.Unmarshal(b, &printed); err != nil {
		t.Fatalf("%s does not read back as printed: %v", b, err)
	}
	for _, got := range []typeline.TypeLine{back.Line, printed.Line.TypeLine} {
		if got.String() != saved.String() || len(got.Faces) != 1 || len(got.Faces[0].Subtypes) != 2 || got.Faces[0].Subtypes[0] != gone.Subtype() {
			t.Errorf("%s read back as %v", b, got)
		}
	}
	var te *typeline.Error
	if err := back.Line.Check(); !errors.As(err, &te) || te.Cause != typeline.CauseRemoved || !strings.Contains(err.Error(), "removed from rule "+gone.Rule()+" in the release of "+removed) {
		t.Errorf("Check of %v: %v, want today's reason", back.Line, err)
	}
	if err := (typeline.TypeLine{Faces: []typeline.Face{{CardTypes: []cardtype.CardType{creature}, Subtypes: []subtype.Subtype{kept}}}}).Check(); err != nil {
		t.Errorf("Check of a line of today's rules: %v", err)
	}
	if err := (typeline.TypeLine{}).Check(); err != nil {
		t.Errorf("Check of the zero TypeLine: %v", err)
	}
}

// Encoding refuses what no release accepts, which would not read back.
func TestEncodingRefusesWhatDoesNotReadBack(t *testing.T) {
	land := picks.CardTypeFor(t, subtype.CategoryLand, false)
	goblin := picks.Current(subtype.CategoryCreature)[0]
	for _, f := range []typeline.Face{
		{CardTypes: []cardtype.CardType{99}},
		{CardTypes: []cardtype.CardType{land}, Subtypes: []subtype.Subtype{goblin}},
		{Supertypes: []cardtype.Supertype{picks.Supertype(t, false)}},
	} {
		if b, err := f.MarshalText(); err == nil {
			t.Errorf("%#v encodes as %q", f, b)
		}
		if b, err := json.Marshal(typeline.TypeLine{Faces: []typeline.Face{f}}); err == nil {
			t.Errorf("%#v encodes in JSON as %s", f, b)
		}
	}
	if b, err := (typeline.TypeLine{}).MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("the zero TypeLine: %q, %v", b, err)
	}
}

// No limit the rules do not make: a line with every creature type (a
// changeling's, as one might save it) reads, writes and reads back.
func TestEveryCreatureTypeOnOneLine(t *testing.T) {
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	f := typeline.Face{CardTypes: []cardtype.CardType{creature}, Subtypes: picks.Current(subtype.CategoryCreature)}
	line := f.String()
	if err := typeline.Validate(line, typeline.English); err != nil {
		t.Errorf("%d subtypes: %v", len(f.Subtypes), err)
	}
	// In Spanish, those Spanish names: a name Spanish has not translated
	// yet is written in English, which a Spanish line refuses.
	es := typeline.Face{CardTypes: f.CardTypes}
	for _, s := range f.Subtypes {
		if s.Spanish() != "" {
			es.Subtypes = append(es.Subtypes, s)
		}
	}
	if err := typeline.Validate(es.Format(typeline.Spanish), typeline.Spanish); err != nil && creature.Spanish() != "" {
		t.Errorf("Spanish, %d subtypes: %v", len(es.Subtypes), err)
	}
	var back typeline.Face
	if err := back.UnmarshalText([]byte(line)); err != nil || len(back.Subtypes) != len(f.Subtypes) {
		t.Errorf("every creature type: read back %d of %d, %v", len(back.Subtypes), len(f.Subtypes), err)
	}
	// Past the face's arrays a line allocates its names, doubling: no more.
	if n := testing.AllocsPerRun(20, func() { _ = typeline.Validate(line, typeline.English) }); n > float64(bits.Len(uint(len(f.Subtypes)))) {
		t.Errorf("%d subtypes: %v allocations", len(f.Subtypes), n)
	}
}

// A kindred card has another card type (308.1): a face of one card type
// that needs another is an error of its own cause, whatever the card type
// is called; another card type beside it mends it.
func TestKindredHasAnotherCardType(t *testing.T) {
	needs := 0
	for _, ct := range cardtype.CardTypeValues() {
		err := typeline.Validate(ct.String(), typeline.English)
		var te *typeline.Error
		if err == nil || !errors.As(err, &te) || te.Cause != typeline.CauseKindred {
			if err != nil && len(subtype.For(ct)) > 0 {
				t.Errorf("%s alone: %v", ct, err)
			}
			continue
		}
		needs++
		if !strings.Contains(err.Error(), "rule 308.1: each "+strings.ToLower(ct.String())+" card has another card type") {
			t.Errorf("%s alone: %v", ct, err)
		}
		if err := (typeline.Options{Printed: true}).Validate(ct.String()); err == nil {
			t.Errorf("%s alone reads in printed mode", ct)
		}
		for _, other := range cardtype.CardTypeValues() {
			if typeline.Validate(other.String(), typeline.English) == nil {
				if err := typeline.Validate(ct.String()+" "+other.String(), typeline.English); err != nil {
					t.Errorf("%s %s: %v", ct, other, err)
				}
				break
			}
		}
	}
	if needs == 0 {
		t.Skip("no card type the rules list today needs another")
	}
}

// Printed mode reads what card databases print: a tab or another space
// between words (noted, the rules' mode refusing it), and "Token" before
// a token card's types (Face.Token; no type, which Format writes before
// an English face's types and the text the package writes reads back
// with).
func TestPrintedWhitespaceAndToken(t *testing.T) {
	if picks.Listed(tokenWord) {
		t.Skip("the rules list a name Token: a line holding it reads by them")
	}
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	subs := picks.Current(subtype.CategoryCreature)
	two := creature.String() + " — " + subs[0].String() + "\t" + subs[1].String()
	tl, err := typeline.Options{Printed: true}.Parse(two)
	if err != nil || len(tl.Faces) != 1 || len(tl.Faces[0].Subtypes) != 2 || len(tl.Notes) != 1 || tl.Notes[0].Current != " " {
		t.Errorf("%q in printed mode: %v %+v, %v", two, tl, tl.Notes, err)
	}
	var te *typeline.Error
	if err := typeline.Validate(two, typeline.English); !errors.As(err, &te) || te.Cause != typeline.CausePrinted || !strings.Contains(err.Error(), "tab") {
		t.Errorf("%q by the rules: %v, want the tab named and printed mode pointed to", two, err)
	}

	line := creature.String() + " — " + subs[0].String()
	token := tokenWord + " " + line
	tl, err = typeline.Options{Printed: true}.Parse(token)
	if err != nil || !tl.Faces[0].Token || tl.String() != token || len(tl.Notes) != 1 || tl.Notes[0].Printed != "Token " || tl.Notes[0].Current != "" {
		t.Errorf("%q in printed mode: %v %+v, %v", token, tl, tl.Notes, err)
	}
	if cur, err := (typeline.Options{Printed: true}).Current(token); err != nil || cur != line {
		t.Errorf("the rules' form of %q: %q, %v", token, cur, err)
	}
	if err := typeline.Validate(token, typeline.English); !errors.As(err, &te) || te.Cause != typeline.CausePrinted || !strings.Contains(err.Error(), "token card") {
		t.Errorf("%q by the rules: %v, want it said that token cards print it", token, err)
	}
	var p typeline.Printed
	if err := json.Unmarshal([]byte(`"`+token+`"`), &p); err != nil || !p.Faces[0].Token {
		t.Errorf("a Printed field of %q: %v, %v", token, p, err)
	}
	// What the package writes reads back, by the rules' mode too, Token
	// and all; Check judges the types.
	b, err := tl.MarshalText()
	var back typeline.TypeLine
	if err != nil || string(b) != token || back.UnmarshalText(b) != nil || !back.Faces[0].Token || back.String() != token || back.Check() != nil {
		t.Errorf("%q written as %q, %v, read back as %+v (Check %v)", token, b, err, back, back.Check())
	}
}

// isTribal names the card type by its text: the constant is deprecated,
// and the lint refuses a use of it.
func isTribal(c cardtype.CardType) bool { return c.String() == "Tribal" }

// tokenWord is what card databases print before a token card's types.
const tokenWord = "Token"

// A line saved before a rename comes to today's names, saying what it
// replaced (Tribal → Kindred in 2024-07-30, a past fact); a line of
// today's names comes back as it is.
func TestToday(t *testing.T) {
	var saved typeline.TypeLine
	if err := saved.UnmarshalText([]byte("Tribal Instant — Goblin")); err != nil {
		t.Fatal(err)
	}
	now, renamed := saved.Today()
	if len(renamed) == 0 || renamed[0] != (typeline.Renamed{From: "Tribal", To: "Kindred", Release: "2024-07-30"}) {
		t.Fatalf("Today of %v: %+v", saved, renamed)
	}
	if now.Check() != nil || slices.ContainsFunc(now.Faces[0].CardTypes, isTribal) {
		t.Errorf("Today of %v: %v (Check %v)", saved, now, now.Check())
	}
	// The subtype stays, unless a release renamed it too (Goblin is
	// today's name as this is written; a rename would say so).
	from, to := saved.Faces[0].Subtypes[0].String(), now.Faces[0].Subtypes[0].String()
	if from != to && !slices.ContainsFunc(renamed, func(r typeline.Renamed) bool { return r.From == from && r.To == to }) {
		t.Errorf("Today of %v: %v, %s became %s unsaid (%+v)", saved, now, from, to, renamed)
	}
	again, none := now.Today()
	if len(none) != 0 || again.String() != now.String() {
		t.Errorf("Today of today's line %v: %v, %+v", now, again, none)
	}
}
