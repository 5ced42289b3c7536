package conformance

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/token"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

// What a deck builder asks of real cards: which land types are basic,
// what a split card's cost is, and costs typed as people type them.

// The basic land types are those rule 205.3i names, as the working tree's
// history records them: BasicSince is the first release naming each, and
// IsBasic says whether the newest does. Real cards agree: every land type
// a basic land card of the corpus prints is a basic land type.
func TestBasicLandTypesOnCards(t *testing.T) {
	h, err := workingStore(t).History("en")
	if err != nil {
		t.Fatal(err)
	}
	firstNamed := map[string]string{} // folded land type → first release naming it basic
	var today []string
	for _, s := range h {
		for _, n := range s.BasicLandTypes {
			if firstNamed[fold(n)] == "" {
				firstNamed[fold(n)] = s.Effective
			}
		}
		if len(s.Subtypes) > 0 {
			today = s.BasicLandTypes // the newest release carrying 205.3
		}
	}
	if len(firstNamed) == 0 {
		t.Fatal("no release of the history names basic land types")
	}
	for _, v := range subtype.LandValues() {
		since, named := v.BasicSince()
		if want := firstNamed[fold(v.String())]; since != want || named != (want != "") {
			t.Errorf("%s.BasicSince() = %q, %v; the history first names it basic in %q", v, since, named, want)
		}
		if basic := slices.ContainsFunc(today, func(n string) bool { return fold(n) == fold(v.String()) }); v.IsBasic() != basic {
			t.Errorf("%s.IsBasic() = %v; the newest release's 205.3i says %v", v, v.IsBasic(), basic)
		}
	}
	if got := subtype.BasicLandValues(); len(got) != len(today) {
		t.Errorf("BasicLandValues() = %v; the newest release names %v", got, today)
	}

	printedOnBasics := map[subtype.Land]int{}
	for _, c := range cards(t) {
		tl, err := typeline.Parse(c.TypeLine, typeline.English)
		if err != nil {
			continue // TestEveryTypeLine's concern
		}
		for _, f := range tl.Faces {
			if !slices.Contains(f.Supertypes, cardtype.Basic) || !slices.Contains(f.CardTypes, cardtype.Land) {
				continue
			}
			for _, s := range f.Subtypes {
				if l, ok := subtype.As[subtype.Land](s); ok {
					printedOnBasics[l]++
					if !l.IsBasic() {
						t.Errorf("%s (%s): %s is printed on a basic land but is no basic land type", c.Name, c.TypeLine, l)
					}
				}
			}
		}
	}
	if len(printedOnBasics) == 0 {
		t.Fatal("no basic land with a land type in the corpus")
	}
	t.Logf("land types printed on basic lands: %v", printedOnBasics)
}

// Every cost of several faces in the corpus (split cards, and Who // What
// // When // Where // Why, of five) reads whole with ParseCost, keeping
// each face, with the mana value and colours of the faces combined
// (709.4b). The same cost typed as people type it ("2W//2B") reads with
// ParseCostLenient and into a LenientCost field, and ParseCost's error on
// it says so, giving the cost lenient reads.
func TestMultiFacedCostsOfCards(t *testing.T) {
	seen := 0
	for _, c := range cards(t) {
		if c.ManaCost == nil || !strings.Contains(*c.ManaCost, " // ") || c.SetType == "funny" {
			continue
		}
		seen++
		in := *c.ManaCost
		cost, err := mana.ParseCost(in)
		if err != nil {
			t.Errorf("%s: ParseCost(%q): %v", c.Name, in, err)
			continue
		}
		parts := costFaces(in)
		faces := cost.Faces()
		mv, colors, pips := 0, mana.Colors(0), []mana.Pip{}
		for i, part := range parts {
			face, err := mana.ParseCost(part)
			if err != nil {
				t.Fatalf("%s: face %q: %v", c.Name, part, err)
			}
			mv, colors, pips = mv+face.ManaValue(), colors|face.Colors(), append(pips, face.Pips()...)
			if i >= len(faces) || faces[i] != face {
				t.Errorf("%s: Faces() = %v, want face %d %v", c.Name, faces, i+1, face)
			}
		}
		if len(faces) != len(parts) || cost.String() != in || cost.ManaValue() != mv || cost.Colors() != colors || !slices.Equal(cost.Pips(), pips) {
			t.Errorf("%s: %q reads as %q, %d faces, mana value %d, colours %s, symbols %v; its faces give %d, %d, %s, %v",
				c.Name, in, cost, len(faces), cost.ManaValue(), cost.Colors(), cost.Pips(), len(parts), mv, colors, pips)
		}
		if want, pinned := knownManaValues[c.Name]; pinned && cost.ManaValue() != want {
			t.Errorf("%s: mana value %d, printed %d", c.Name, cost.ManaValue(), want)
		}

		typed := shorthand(in)
		var field struct {
			Cost mana.LenientCost `json:"mana_cost"`
		}
		b, _ := json.Marshal(map[string]string{"mana_cost": typed})
		if err := json.Unmarshal(b, &field); err != nil || field.Cost.ManaValue() != mv || field.Cost.Colors() != colors || len(field.Cost.Faces()) != len(parts) {
			t.Errorf("%s: %q decodes as a LenientCost to %v, %v", c.Name, typed, field.Cost, err)
		}
		lenient, _ := mana.ParseCostLenient(typed)
		if _, err := mana.ParseCost(typed); err == nil || !strings.Contains(err.Error(), "ParseCostLenient (validate -lenient) reads it as "+lenient.String()) {
			t.Errorf("%s: ParseCost(%q) = %v, want an error pointing at lenient mode's %s", c.Name, typed, err, lenient)
		}
	}
	if seen == 0 {
		t.Fatal("no cost of several faces in the corpus")
	}
	t.Logf("%d costs of several faces", seen)
}

// shorthand writes a cost as people type it: the braces of single
// letters and numbers dropped, faces joined by "//" without spaces.
func shorthand(cost string) string {
	single := regexp.MustCompile(`\{([0-9]+|[A-Z])\}`)
	return single.ReplaceAllString(strings.ReplaceAll(cost, " // ", "//"), "$1")
}

// A hint that leads somewhere: every error of ParseCost or
// ParseCostPrinted that points at lenient mode is on an input lenient
// mode reads, as the error says it does; and an input lenient mode reads
// that the rules' notation refuses gets the hint, unless the error names
// the rules' spelling already. The inputs are the corpus's costs as
// printed and as people mistype them.
func TestLenientHintsLeadSomewhere(t *testing.T) {
	costs := map[string]bool{}
	for _, c := range cards(t) {
		if c.ManaCost != nil && *c.ManaCost != "" {
			costs[*c.ManaCost] = true
		}
	}
	hinted, inputs := 0, 0
	for cost := range costs {
		for _, in := range []string{
			cost, shorthand(cost), strings.ToLower(cost), strings.ReplaceAll(cost, " // ", "//"),
			strings.TrimPrefix(cost, "{"), cost + "}", cost + "{", cost + " x", strings.ReplaceAll(cost, "}{", "} {"),
		} {
			inputs++
			lenient, lerr := mana.ParseCostLenient(in)
			for name, parse := range map[string]func(string) (mana.Cost, error){"ParseCost": mana.ParseCost, "ParseCostPrinted": mana.ParseCostPrinted} {
				_, err := parse(in)
				if err == nil {
					continue
				}
				says := strings.Contains(err.Error(), "ParseCostLenient")
				switch {
				case says && lerr != nil:
					t.Errorf("%s(%q) = %v, but ParseCostLenient refuses it: %v", name, in, err, lerr)
				case says && !strings.HasSuffix(err.Error(), "reads it as "+lenient.String()) && lenient.String() != "":
					t.Errorf("%s(%q) = %v; ParseCostLenient reads %s", name, in, err, lenient)
				case !says && lerr == nil && !strings.Contains(err.Error(), "(it writes "):
					t.Errorf("%s(%q) = %v, with no word of lenient mode, which reads it as %s", name, in, err, lenient)
				case says:
					hinted++
				}
			}
		}
	}
	if hinted == 0 {
		t.Fatal("no input got the hint")
	}
	t.Logf("%d inputs, %d errors pointing at lenient mode", inputs, hinted)
}

// The layout a card's faces share its cost by, read from its type line
// as card data gives it: an Adventure's face says "Adventure" (715), a
// split card's halves are instants and sorceries (709). Each card of the
// corpus whose cost has faces gets the mana value its layout's rule gives
// (715.4: an adventurer card's normal cost; 709.4b: a split card's
// combined cost) and is cast for each face.
func TestLayoutsOfCards(t *testing.T) {
	counts := map[mana.Layout]int{}
	for _, c := range cards(t) {
		if c.ManaCost == nil || !strings.Contains(*c.ManaCost, " // ") || c.SetType == "funny" {
			continue
		}
		cost, err := mana.ParseCost(*c.ManaCost)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		faces := cost.Faces()
		types := strings.Split(c.TypeLine, " // ")
		var l mana.Layout
		switch {
		case len(types) == 2 && strings.HasSuffix(types[1], "— Adventure"):
			l = mana.Adventurer
		case len(types) == 2 && !strings.Contains(c.TypeLine, "Creature") && !strings.Contains(c.TypeLine, "Land"):
			l = mana.Split
		default:
			continue
		}
		counts[l]++
		want := cost // 709.4b: the halves combined
		if l == mana.Adventurer {
			want = faces[0] // 715.4: the normal characteristics
		}
		if got := cost.As(l); got.ManaValue() != want.ManaValue() || got.Colors() != want.Colors() {
			t.Errorf("%s (%s, %s): as %v, mana value %d and colours %s; want %d and %s", c.Name, *c.ManaCost, c.TypeLine, l, got.ManaValue(), got.Colors(), want.ManaValue(), want.Colors())
		}
		if cast := cost.CastAs(l, false); !slices.Equal(cast, faces) {
			t.Errorf("%s: cast as %v for %v, want each face %v", c.Name, l, cast, faces)
		}
	}
	if counts[mana.Adventurer] == 0 || counts[mana.Split] == 0 {
		t.Fatalf("the corpus exercised %v", counts)
	}
	t.Logf("adventurer cards %d, split cards %d", counts[mana.Adventurer], counts[mana.Split])
}

// Token cards' type lines, as the card data prints them ("Token Creature
// — Vampire"), read in printed mode as tokens, and written back so; the
// rules' mode refuses them, saying why.
func TestTokenTypeLinesOfCards(t *testing.T) {
	if picks.Listed("Token") {
		t.Skip("the rules list a name Token: a line holding it reads by them")
	}
	seen := 0
	for _, c := range cards(t) {
		if !strings.HasPrefix(c.TypeLine, "Token ") || c.SetType == "funny" {
			continue
		}
		tl, err := typeline.Options{Printed: true}.Parse(c.TypeLine)
		if usesRemovedName(err) {
			continue // card data older than the release that removed the name
		}
		seen++
		if err != nil || !tl.Faces[0].Token || !strings.HasPrefix(tl.String(), "Token ") {
			t.Errorf("%s %s: %q in printed mode: %v, %v", c.Set, c.Name, c.TypeLine, tl, err)
		}
		if err := typeline.Validate(c.TypeLine, typeline.English); err == nil || !strings.Contains(err.Error(), "token card") {
			t.Errorf("%s %s: %q by the rules: %v", c.Set, c.Name, c.TypeLine, err)
		}
	}
	if seen == 0 {
		t.Skip("no token card in the corpus")
	}
	t.Logf("%d token cards", seen)
}

// usesRemovedName says whether a card's line failed only because a later
// release removed a name it prints: the card data may predate the tree.
func usesRemovedName(err error) bool {
	var te *typeline.Error
	return errors.As(err, &te) && te.Cause == typeline.CauseRemoved
}

// A token card named as a predefined token prints the types the rules
// define it with (111.10): its printed type line reads in printed mode to
// the types of one of the token's faces.
func TestPredefinedTokensAgreeWithTokenCards(t *testing.T) {
	if picks.Listed("Token") {
		t.Skip("the rules list a name Token: a line holding it reads by them")
	}
	seen := 0
	for _, c := range cards(t) {
		tk, ok := token.FindToken(c.Name)
		if !strings.HasPrefix(c.TypeLine, "Token ") || !ok {
			continue
		}
		tl, err := typeline.Options{Printed: true}.Parse(c.TypeLine)
		if usesRemovedName(err) {
			continue
		}
		seen++
		if err != nil || len(tl.Faces) != 1 {
			t.Errorf("%s %s: %q: %v", c.Set, c.Name, c.TypeLine, err)
			continue
		}
		printed := typeline.TypeLine{Faces: tl.Faces}.String()
		var defined []string
		for _, f := range tk.Faces() {
			defined = append(defined, typeline.TypeLine{Faces: []typeline.Face{f.TypeLine()}}.String())
		}
		if !slices.Contains(defined, printed) {
			t.Errorf("%s %s prints %q; the rules define the %v token as %q", c.Set, c.Name, printed, tk, defined)
		}
	}
	if seen == 0 {
		t.Skip("no token card of the corpus is named as a predefined token")
	}
	t.Logf("%d token cards named as a predefined token", seen)
}
