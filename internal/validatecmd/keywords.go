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
	// ID is the card's identifier in the data it comes from (Scryfall's
	// "id", MTGJSON's "uuid"), passed through to the verdict as it is.
	ID         json.RawMessage `json:"id"`
	UUID       json.RawMessage `json:"uuid"`
	Text       string          `json:"text"`        // none: a face without rules text
	OracleText string          `json:"oracle_text"` // Scryfall's
	Name       string          `json:"name"`
	FaceName   string          `json:"face_name"` // the face of a card of several
	FaceName5  string          `json:"faceName"`  // MTGJSON v5's
	TypeLine   string          `json:"type_line"`
}

// text and name are the face's rules text and name, by whichever field
// gives them.
func (c card) text() string { return cmp.Or(c.Text, c.OracleText) }
func (c card) name() string { return cmp.Or(c.FaceName, c.FaceName5, c.Name) }

// foundKeyword is one keyword of a verdict.
type foundKeyword struct {
	Name string       `json:"name"` // as the rules' title prints it: "Landwalk"; a token's name
	Kind keyword.Kind `json:"kind"`
	Rule string       `json:"rule"`
	// Printed is the variant as the card prints it: "Islandwalk",
	// "protection from", "scries".
	Printed string `json:"printed"`
	// DatabaseNames are the names card databases file it under (Scryfall's
	// and MTGJSON's "keywords": "First strike", "Basic landcycling",
	// "Typecycling", "Manifest" of manifest dread), each with its rule.
	DatabaseNames []databaseName   `json:"database_names"`
	Parameters    []foundParameter `json:"parameters,omitempty"`
	Form          string           `json:"form,omitempty"`      // the form it was read by: "[type]walk", "scry N"
	FormRule      string           `json:"form_rule,omitempty"` // the subrule that writes the form
	Offset        int              `json:"offset"`              // where printed begins, in bytes, in text
	End           int              `json:"end"`                 // where the keyword ends, its parameters included
	Reminder      bool             `json:"reminder,omitempty"`  // in reminder text (207.2a)
	Use           keyword.Use      `json:"use"`                 // has (had or done), condition, designation, pair
	Was           string           `json:"was,omitempty"`       // the name printed, for a keyword the rules renamed since
}

type databaseName struct {
	Name string `json:"name"`
	Rule string `json:"rule"`
}

type foundParameter struct {
	Kind      keyword.ParamKind `json:"kind"`
	Text      string            `json:"text"`
	Offset    int               `json:"offset"`             // where it begins, in bytes, in text
	End       int               `json:"end"`                // where it ends
	Number    *int              `json:"number,omitempty"`   // a number's value
	Variable  string            `json:"variable,omitempty"` // a variable: X
	Where     string            `json:"where,omitempty"`    // what the text says the variable is
	Ability   string            `json:"ability,omitempty"`  // the keyword ability printed in a number's place: Sunburst
	Mana      bool              `json:"mana,omitempty"`     // a cost of mana symbols only
	ManaValue *int              `json:"mana_value,omitempty"`
	Colors    *mana.Colors      `json:"colors,omitempty"`
	Choices   []costChoice      `json:"choices,omitempty"`  // a cost's choices: {W} or {U}
	Subtype   string            `json:"subtype,omitempty"`  // a type that is one subtype, in the singular: "Orc" of "Orcs"
	Category  string            `json:"category,omitempty"` // that subtype's category: "creature"
	Power     *number           `json:"power,omitempty"`    // a power and toughness, each a number or a variable
	Toughness *number           `json:"toughness,omitempty"`
}

// costChoice is one choice of a cost with choices.
type costChoice struct {
	Cost      string      `json:"cost"`
	ManaValue int         `json:"mana_value"`
	Colors    mana.Colors `json:"colors"`
}

// number is a side of a power and toughness.
type number struct {
	Value    *int   `json:"value,omitempty"`
	Variable string `json:"variable,omitempty"`
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
	keywords := []foundKeyword{}
	v := verdict{OK: true, ID: c.ID, Name: c.Name, Keywords: &keywords}
	if len(v.ID) == 0 || string(v.ID) == "null" {
		v.ID = c.UUID
	}
	for _, f := range r.Append(nil, c.text()) {
		k := foundKeyword{Name: f.Name(), Kind: f.Kind, Rule: f.Rule(), Printed: f.Printed,
			Form: f.Form, FormRule: f.FormRule, Offset: f.Offset, End: f.End, Reminder: f.Reminder, Use: f.Use, Was: f.Was}
		for _, n := range f.DatabaseNames(nil) {
			k.DatabaseNames = append(k.DatabaseNames, databaseName(n))
		}
		for i := range f.NumParams() {
			k.Parameters = append(k.Parameters, parameter(f.Param(i)))
		}
		keywords = append(keywords, k)
	}
	return v
}

// parameter is a parameter of a verdict, typed as the reader types it.
func parameter(p keyword.Param) foundParameter {
	fp := foundParameter{Kind: p.Kind, Text: p.Text, Offset: p.Offset, End: p.End, Mana: p.Mana, Where: p.Where}
	if st := p.Subtype; st.Category() != 0 {
		fp.Subtype, fp.Category = st.String(), st.Category().String()
	}
	if p.Kind == keyword.ParamNumber {
		switch n := p.Number; {
		case n.Variable != "":
			fp.Variable = n.Variable
		case n.Ability != 0:
			fp.Ability = n.Ability.String()
		default:
			fp.Number = &n.Value
		}
	}
	if p.Kind == keyword.ParamPT {
		fp.Power, fp.Toughness = side(p.Power), side(p.Toughness)
	}
	if p.Cost.Len() > 0 {
		mv, colors := p.Cost.ManaValue(), p.Cost.Colors()
		fp.ManaValue, fp.Colors = &mv, &colors
	}
	if choices := p.AppendChoices(nil); len(choices) > 1 {
		for _, c := range choices {
			fp.Choices = append(fp.Choices, costChoice{Cost: c.String(), ManaValue: c.ManaValue(), Colors: c.Colors()})
		}
	}
	return fp
}

// side is one side of a power and toughness.
func side(n keyword.Number) *number {
	if n.Variable != "" {
		return &number{Variable: n.Variable}
	}
	return &number{Value: &n.Value}
}

// keywordsDoc is the manual's part on -keywords.
var keywordsDoc = `With -keywords each line is a card face as a JSON object: "text" (its
rules text, Oracle or as printed, lines separated by "\n"; Scryfall's
"oracle_text" too; none for a face without), and "name" (a face's
"face_name" or MTGJSON's "faceName" before it), "type_line" and "id"
(or MTGJSON's "uuid") where given: the name keeps the card's own name
from reading as a keyword ("Myriad Landscape"), the id is passed through
to the verdict as it is; other fields are passed over, so a face of
Scryfall's or MTGJSON's data reads as it is. The verdict adds "id",
"name" and "keywords", every keyword the text uses, in order:

  {"line": 1, "input": "...", "ok": true, "id": "...", "name": "Black Knight", "keywords": [
    {"name": "First Strike", "kind": "ability", "rule": "702.7",
     "printed": "First strike", "database_names": [{"name": "First strike", "rule": "702.7"}],
     "form": "First Strike", "offset": 0, "end": 12, "use": "has", ...},
    {"name": "Protection", "kind": "ability", "rule": "702.16",
     "printed": "Protection from", "parameters": [{"kind": "quality", "text": "white", "offset": 111, "end": 116}],
     "form": "Protection from [quality]", "form_rule": "702.16a", ...}]}

"kind" is ability (702: the abilities of a keyword line, "Flying,
vigilance", each read by a form its rule writes), action (701: any of
its verb forms anywhere in the text, with the parameters its rule's
form writes, "amass Orcs 2"), ability word (207.2c, heading a line; a
flavor word, 207.2d, is none) or token (a predefined token the text
creates, 111.10). "printed" is the keyword as the card prints it
("Islandwalk", "Basic landcycling", "scries"); "database_names" the
names Scryfall and MTGJSON list it under, each with the rule that names
it so (the rules' name; the variant printed, "Typecycling"; "Manifest"
of manifest dread, which rule 701.62a defines through manifest);
"offset" and "end" its span, parameters included, and ", where X is
..." after it. "use" is has (the card has it or does it), condition (an
action a trigger names: "Whenever you scry"), designation ("suspected
creatures", "it becomes plotted") or pair (the meld of a meld pair
named in the reminder text of the card that does not meld, "(Melds with
...)", 712.4a); "reminder" is set in reminder text; "was" names a
keyword the rules renamed since ("Totem armor"). A parameter's kind is
cost ("{2}{W}", with its mana value and colours, and each of its
"choices" where it has some, "{W} or {U}"; or the words of a non-mana
cost: "Pay 3 life"), number ("number" 2; "variable" X, with "where" the
text says what X is; or "ability" Sunburst, the ability printed in its
place, 702.44c), quality, type (with its subtype and category where it
names one: "Orcs", Orc, creature), name, ability (the rest of a line,
"Boast — {1}{R}: [ability]") or pt (a power and toughness, "3/3", its
"power" and "toughness" each a "value" or a "variable", X or *); each
with its span. -as-of DATE reads by the rules of that day: a keyword
they did not list is not found. -no-input leaves "input" out of every
verdict.`
