package mana

import "strings"

// Faces returns the faces of a cost, each a Cost of its own: {2}{W} and
// {2}{B} for "{2}{W} // {2}{B}" (rule 709.4: a split card keeps each
// half's cost, and its own is their combination); a cost of one face
// returns itself alone, the zero Cost none. A face with no mana cost is the
// zero Cost. A double-faced card has only its front face's
// characteristics in a deck, a hand or any zone but the battlefield and
// the stack (712.8a): its mana value and colours there are those of
// Faces()[0], not of the whole.
func (c Cost) Faces() []Cost {
	if c.text == "" {
		return nil
	}
	if !strings.Contains(c.text, faceSep) {
		return []Cost{c}
	}
	var out []Cost
	for _, f := range strings.Split(c.text, faceSep) {
		fc, _ := parseCost(f, true, "") // each face of a parsed cost parses
		out = append(out, fc)
	}
	return out
}

// withHint adds to the error of a strict or printed reading of a cost
// that ParseCostLenient reads it, with what it reads, when it does: a
// hint that leads somewhere, and only then. An error that names the
// rules' spelling of the symbol already ("it writes {W/U}") needs none.
func withHint(c Cost, err error) (Cost, error) {
	if err == nil {
		return c, nil
	}
	ce, ok := err.(*CostError)
	if !ok || strings.Contains(ce.Reason, "(it writes ") {
		return c, err
	}
	if l, lerr := ParseCostLenient(ce.Input); lerr == nil {
		hint := *ce
		hint.Reason += "; ParseCostLenient (validate -lenient) reads it as " + l.String()
		if l.String() == "" {
			hint.Reason += "no mana cost"
		}
		return Cost{}, &hint
	}
	return c, err
}

// LenientCost is a Cost read as ParseCostLenient reads it ("2WW", "1b",
// "2W//2B"): a field of data people typed, decoded by encoding/json
// (json.Unmarshal of {"mana_cost": "1B"} into a struct whose field is a
// LenientCost). It encodes as Cost does, in the rules' notation, which
// Cost and LenientCost both read back.
type LenientCost struct{ Cost }

// UnmarshalText reads a cost as ParseCostLenient does; "" is no mana cost.
func (c *LenientCost) UnmarshalText(b []byte) error {
	x, err := ParseCostLenient(string(b))
	if err == nil {
		c.Cost = x
	}
	return err
}

// PrintedCost is a Cost read as ParseCostPrinted reads it, with the
// symbols cards print outside rule 107.4 ({C/P}): a field of card data,
// decoded by encoding/json. It encodes as Cost does.
type PrintedCost struct{ Cost }

// UnmarshalText reads a cost as ParseCostPrinted does; "" is no mana
// cost.
func (c *PrintedCost) UnmarshalText(b []byte) error {
	x, err := ParseCostPrinted(string(b))
	if err == nil {
		c.Cost = x
	}
	return err
}
