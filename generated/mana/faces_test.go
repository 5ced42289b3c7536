package mana_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/mana"
)

// A cost of several faces keeps each (709.4) and has the mana value and
// colours of the faces combined (709.4b); each parser reads it, errors
// name places in the whole input, and a face may be empty (a face with
// no mana cost).
func TestCostsOfSeveralFaces(t *testing.T) {
	colored := mana.Symbols()
	var w, b mana.Symbol
	for _, s := range colored {
		if s.Colors() != 0 && s.Colors()&(s.Colors()-1) == 0 && s.ManaValue() == 1 && s.Group() != "phyrexian" {
			if w == 0 {
				w = s
			} else if s.Colors() != w.Colors() && b == 0 {
				b = s
			}
		}
	}
	if w == 0 || b == 0 {
		t.Skip("rule 107.4 lists fewer than two one-colour symbols of mana value 1")
	}
	in := "{2}" + w.String() + " // {3}" + b.String()
	for name, parse := range map[string]func(string) (mana.Cost, error){"strict": mana.ParseCost, "printed": mana.ParseCostPrinted, "lenient": mana.ParseCostLenient} {
		c, err := parse(in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		faces := c.Faces()
		if c.String() != in || c.ManaValue() != 7 || c.Colors() != w.Colors()|b.Colors() || c.Len() != 4 || len(faces) != 2 ||
			faces[0].String() != "{2}"+w.String() || faces[1].ManaValue() != 4 || faces[1].Colors() != b.Colors() {
			t.Errorf("%s: %q reads as %q, mana value %d, colours %s, %d symbols, faces %v", name, in, c, c.ManaValue(), c.Colors(), c.Len(), faces)
		}
		if got := c.Pips(); !slices.Equal(got, slices.Concat(faces[0].Pips(), faces[1].Pips())) || c.Pip(2) != (mana.Pip{Generic: 3}) {
			t.Errorf("%s: symbols %v", name, got)
		}
	}
	// Shorthand, with or without spaces around the slashes.
	for _, typed := range []string{"2" + strings.Trim(w.String(), "{}") + "//3" + strings.Trim(b.String(), "{}"), strings.ToLower("2" + strings.Trim(w.String(), "{}") + " // 3" + strings.Trim(b.String(), "{}"))} {
		c, err := mana.ParseCostLenient(typed)
		if err != nil || c.String() != in {
			t.Errorf("lenient %q: %v, %v", typed, c, err)
		}
	}
	// A face without a cost.
	if c, err := mana.ParseCost("{1}" + w.String() + " // "); err != nil || len(c.Faces()) != 2 || c.Faces()[1] != (mana.Cost{}) || c.ManaValue() != 2 {
		t.Errorf("an empty face: %v, %v", c, err)
	}
	// An error in the second face names its place in the whole input.
	bad := "{2}" + w.String() + " // {2}{" + absentSymbol() + "}"
	_, err := mana.ParseCost(bad)
	var ce *mana.CostError
	if !errors.As(err, &ce) || ce.Input != bad || ce.Pos != strings.Index(bad, "{"+absentSymbol())+1 {
		t.Errorf("%q: %v", bad, err)
	}
	// One face: Faces is the cost alone; no cost: none.
	if c, _ := mana.ParseCost("{2}"); len(c.Faces()) != 1 || c.Faces()[0] != c {
		t.Errorf("one face: %v", c.Faces())
	}
	if faces := (mana.Cost{}).Faces(); faces != nil {
		t.Errorf("no cost: %v", faces)
	}
}

// absentSymbol is the body of a symbol rule 107.4 does not define.
func absentSymbol() string {
	body := "Q"
	for {
		if _, err := mana.ParseSymbol("{" + body + "}"); err != nil {
			if _, err := mana.ParseSymbolPrinted("{" + body + "}"); err != nil {
				return body
			}
		}
		body += "Q"
	}
}

// Colours encode in JSON as an array of letters (["W","U"]), as card
// databases write them, and decode from that or from the letters as one
// string ("WU"), as text encodes them and JSON did before.
func TestColorsJSON(t *testing.T) {
	for in, want := range map[string]mana.Colors{
		`"WU"`:            mana.White | mana.Blue,
		`"uw"`:            mana.White | mana.Blue,
		`["W","U"]`:       mana.White | mana.Blue,
		`["g"]`:           mana.Green,
		`[]`:              0,
		`""`:              0,
		`"WUBRG"`:         mana.White | mana.Blue | mana.Black | mana.Red | mana.Green,
		`["B", "R", "G"]`: mana.Black | mana.Red | mana.Green,
	} {
		var c mana.Colors
		if err := json.Unmarshal([]byte(in), &c); err != nil || c != want {
			t.Errorf("%s: %v, %v; want %v", in, c, err, want)
		}
		b, _ := json.Marshal(want)
		var back []string
		if json.Unmarshal(b, &back) != nil || back == nil || strings.Join(back, "") != want.String() {
			t.Errorf("%v encodes as %s, want an array of its letters", want, b)
		}
		if text, _ := want.MarshalText(); string(text) != want.String() {
			t.Errorf("%v encodes as text %q", want, text)
		}
	}
	for _, bad := range []string{`"WX"`, `["W","X"]`, `7`, `{"W":true}`} {
		var c mana.Colors
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("%s decodes as %v", bad, c)
		}
	}
	c := mana.Red
	if err := json.Unmarshal([]byte(`null`), &c); err != nil || c != mana.Red {
		t.Errorf("null: %v, %v", c, err)
	}
}

// A LenientCost field reads shorthand and a PrintedCost field the symbols
// cards print outside 107.4, where a Cost field refuses them; each encodes
// as a Cost in the rules' notation, which a Cost field reads back.
func TestCostFieldsDecodeAsUsersWrite(t *testing.T) {
	var card struct {
		Lenient mana.LenientCost `json:"lenient"`
		Printed mana.PrintedCost `json:"printed"`
		Strict  mana.Cost        `json:"strict"`
	}
	if err := json.Unmarshal([]byte(`{"lenient": "2ww // x1u"}`), &card); err != nil || card.Lenient.String() != "{2}{W}{W} // {X}{1}{U}" || card.Lenient.ManaValue() != 6 {
		t.Errorf("lenient: %v, %v", card.Lenient, err)
	}
	if err := json.Unmarshal([]byte(`{"strict": "2ww"}`), &card); err == nil || !strings.Contains(err.Error(), "ParseCostLenient (validate -lenient) reads it as {2}{W}{W}") {
		t.Errorf("a Cost field on shorthand: %v", err)
	}
	b, _ := json.Marshal(card.Lenient)
	var back mana.Cost
	if err := json.Unmarshal(b, &back); err != nil || back != card.Lenient.Cost {
		t.Errorf("%s reads back as %v, %v", b, back, err)
	}
	outside := mana.PrintedSymbols()
	if len(outside) == 0 {
		t.Skip("rule 107.4 lists every symbol cards print")
	}
	in := `{"printed": "{1}` + outside[0].String() + `"}`
	if err := json.Unmarshal([]byte(in), &card); err != nil || !card.Printed.Printed() || card.Printed.Len() != 2 {
		t.Errorf("printed: %v, %v", card.Printed, err)
	}
	if err := json.Unmarshal([]byte(`{"strict": "{1}`+outside[0].String()+`"}`), &card); err == nil {
		t.Error("a Cost field reads a symbol outside 107.4")
	}
}
