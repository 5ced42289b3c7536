package validatecmd

import (
	"bytes"
	"cmp"
	"encoding/json"

	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
)

// card is one input line of -keywords: a card face, as card data gives
// it (Scryfall's and MTGJSON's field names; other fields are passed
// over, so that a face of either reads as it is).
type card struct {
	Text       string `json:"text"`        // none: a face without rules text
	OracleText string `json:"oracle_text"` // Scryfall's
	Name       string `json:"name"`
	FaceName   string `json:"face_name"` // the face of a card of several
	FaceName5  string `json:"faceName"`  // MTGJSON v5's
	TypeLine   string `json:"type_line"`
}

// text and name are the face's rules text and name, by whichever field
// gives them.
func (c card) text() string { return cmp.Or(c.Text, c.OracleText) }
func (c card) name() string { return cmp.Or(c.FaceName, c.FaceName5, c.Name) }

// foundKeyword is one keyword of a verdict.
type foundKeyword struct {
	Name string       `json:"name"` // as the rules' title prints it: "Landwalk"
	Kind keyword.Kind `json:"kind"`
	Rule string       `json:"rule"`
	// Printed is the variant as the card prints it: "Islandwalk",
	// "protection from", "scries".
	Printed string `json:"printed"`
	// Parameter is the first parameter as printed (a cost, number,
	// quality or name); absent for a bare keyword. Parameters are all of
	// them, typed.
	Parameter  *string          `json:"parameter,omitempty"`
	Parameters []foundParameter `json:"parameters,omitempty"`
	Form       string           `json:"form,omitempty"`      // the ability's form it was read by: "[type]walk"
	FormRule   string           `json:"form_rule,omitempty"` // the subrule that writes the form
	Offset     int              `json:"offset"`              // in bytes, in text
	Reminder   bool             `json:"reminder,omitempty"`  // an action of reminder text (207.2a)
}

type foundParameter struct {
	Kind      keyword.ParamKind `json:"kind"`
	Text      string            `json:"text"`
	Number    *int              `json:"number,omitempty"` // a number's value (none for X)
	Mana      bool              `json:"mana,omitempty"`   // a cost of mana symbols only
	ManaValue *int              `json:"mana_value,omitempty"`
	Colors    *mana.Colors      `json:"colors,omitempty"`
}

// readKeywords reads the keywords of one card given as a JSON object.
func readKeywords(line string, r keyword.Reader) verdict {
	var c card
	dec := json.NewDecoder(bytes.NewReader([]byte(line)))
	if err := dec.Decode(&c); err != nil {
		return verdict{Error: "not a card as a JSON object with \"text\" (and \"name\", \"type_line\" where given): " + err.Error()}
	}
	if dec.More() {
		return verdict{Error: "more than one JSON value on the line: one card per line"}
	}
	r.Name = c.name()
	found, err := r.Read(c.text(), nil)
	if err != nil {
		return verdict{Error: err.Error()}
	}
	keywords := []foundKeyword{}
	v := verdict{OK: true, Name: c.Name, Keywords: &keywords}
	for _, f := range found {
		k := foundKeyword{Name: f.Name(), Kind: f.Kind, Rule: f.Rule(), Printed: f.Printed, Form: f.Form, FormRule: f.FormRule, Offset: f.Offset, Reminder: f.Reminder}
		for _, p := range f.Params {
			if p.Kind == 0 {
				continue
			}
			fp := foundParameter{Kind: p.Kind, Text: p.Text, Mana: p.Mana}
			if p.Kind == keyword.ParamNumber && p.Text != "X" {
				n := p.Number
				fp.Number = &n
			}
			if p.Cost.Len() > 0 {
				mv, colors := p.Cost.ManaValue(), p.Cost.Colors()
				fp.ManaValue, fp.Colors = &mv, &colors
			}
			k.Parameters = append(k.Parameters, fp)
		}
		if len(k.Parameters) > 0 {
			k.Parameter = &k.Parameters[0].Text
		}
		keywords = append(keywords, k)
	}
	return v
}

// keywordsDoc is the manual's part on -keywords.
var keywordsDoc = `With -keywords each line is a card face as a JSON object: "text" (its
rules text, Oracle or as printed, lines separated by "\n"; Scryfall's
"oracle_text" too; none for a face without), and "name" (a face's
"face_name" or MTGJSON's "faceName" before it) and "type_line" where
given: the name keeps the card's own name from reading as a
keyword ("Myriad Landscape"); other fields are passed over, so a face of
Scryfall's or MTGJSON's data reads as it is. The verdict adds "name" and
"keywords", every keyword the text uses, in order:

  {"line": 1, "input": "...", "ok": true, "name": "Black Knight", "keywords": [
    {"name": "First Strike", "kind": "ability", "rule": "702.7",
     "printed": "First strike", "form": "First Strike", ...},
    {"name": "Protection", "kind": "ability", "rule": "702.16",
     "printed": "Protection from", "parameter": "white",
     "parameters": [{"kind": "quality", "text": "white"}],
     "form": "Protection from [quality]", "form_rule": "702.16a", ...}]}

"kind" is ability (702: the abilities of a keyword line, "Flying,
vigilance", each read by a form its rule writes), action (701: any of
its verb forms anywhere in the text, "reminder": true in reminder text)
or ability word (207.2c, heading a line). "printed" is the keyword as the
card prints it ("Islandwalk", "Basic landcycling", "scries"); a
parameter is a cost ("{2}{W}", with its mana value and colours, or the
words of a non-mana cost: "Pay 3 life"), a number, a quality, a type or
a name, "parameters" all of them (Suspend has a number and a cost).
-as-of DATE reads by the rules of that day: a keyword they did not list
is not found.`
