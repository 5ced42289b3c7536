package export

import (
	"slices"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// ListsFile is the file of the lists an engine keeps, which MTGJSON has
// no file for: this project's own shape, beside MTGJSON's.
const ListsFile = "Lists.json"

// Lists is Lists.json: {"meta": {...}, "data": {...}}, each list in the
// rules' order (a turn's phases and steps are in turn order), names as
// the rules print them (lower case: "declare attackers", "first
// strike"), [] rather than null. A Spanish snapshot has empty lists: no
// Spanish source gives them.
//
//	colors           [{"name": "white", "letter": "W"}, ...]          (105.1; letters from 107.4a)
//	permanentTypes   ["artifact", "battle", ...]                      (110.4)
//	zones            ["library", "hand", ...]                         (400.1; ante last)
//	phases           ["beginning", "precombat main", ...]             (500.1)
//	steps            [{"name": "untap", "phase": "beginning"}, ...]   (501.1, 506.1, 512.1)
//	keywordCounters  ["flying", "first strike", ...]                  (122.1b)
//	predefinedTokens [{"name": "Treasure", "rule": "111.10a", "faces": [{...}]}, ...]  (111.10)
//
// A token face: name (when it has one of its own), colors, supertypes,
// cardTypes, subTypes, power and toughness (a creature's, as printed),
// abilities (the rules' words; a quoted ability without its quotes).
type Lists struct {
	Meta Meta      `json:"meta"`
	Data ListsData `json:"data"`
}

// ListsData are the data of Lists.json.
type ListsData struct {
	Colors           []NamedColor `json:"colors"`
	PermanentTypes   []string     `json:"permanentTypes"`
	Zones            []string     `json:"zones"`
	Phases           []string     `json:"phases"`
	Steps            []PhaseStep  `json:"steps"`
	KeywordCounters  []string     `json:"keywordCounters"`
	PredefinedTokens []Token      `json:"predefinedTokens"`
}

// NamedColor is a colour and the letter of its mana symbol.
type NamedColor struct {
	Name   string `json:"name"`
	Letter string `json:"letter"`
}

// PhaseStep is a step and its phase.
type PhaseStep struct {
	Name  string `json:"name"`
	Phase string `json:"phase"`
}

// Token is a predefined token.
type Token struct {
	Name  string      `json:"name"`
	Rule  string      `json:"rule"`
	Faces []TokenFace `json:"faces"`
}

// TokenFace is one face of a predefined token.
type TokenFace struct {
	Name       string   `json:"name,omitempty"`
	Colors     []string `json:"colors"`
	SuperTypes []string `json:"supertypes"`
	CardTypes  []string `json:"cardTypes"`
	SubTypes   []string `json:"subtypes"`
	Power      string   `json:"power,omitempty"`
	Toughness  string   `json:"toughness,omitempty"`
	Abilities  []string `json:"abilities"`
}

// buildLists makes Lists.json of s.
func buildLists(s *snapshot.Snapshot, meta Meta) Lists {
	l := Lists{Meta: meta, Data: ListsData{
		Colors: []NamedColor{}, Steps: []PhaseStep{}, PredefinedTokens: []Token{},
		PermanentTypes:  list(s, snapshot.FactPermanentTypes),
		Zones:           list(s, snapshot.FactZones),
		Phases:          list(s, snapshot.FactPhases),
		KeywordCounters: list(s, snapshot.FactKeywordCounters),
	}}
	for _, c := range s.List(snapshot.FactColors) {
		l.Data.Colors = append(l.Data.Colors, NamedColor{Name: c, Letter: s.Relations[snapshot.FactColors][c]})
	}
	for _, st := range s.List(snapshot.FactSteps) {
		l.Data.Steps = append(l.Data.Steps, PhaseStep{Name: st, Phase: s.Relations[snapshot.FactSteps][st]})
	}
	for _, t := range s.Tokens {
		out := Token{Name: t.Name, Rule: t.Rule, Faces: []TokenFace{}}
		for _, f := range t.Faces {
			out.Faces = append(out.Faces, TokenFace{
				Name: f.Name, Colors: never(f.Colors), SuperTypes: never(f.Supertypes), CardTypes: never(f.CardTypes),
				SubTypes: never(f.Subtypes), Power: f.Power, Toughness: f.Toughness, Abilities: never(f.Abilities),
			})
		}
		l.Data.PredefinedTokens = append(l.Data.PredefinedTokens, out)
	}
	return l
}

// list is a list of s in rule order, never nil.
func list(s *snapshot.Snapshot, fact string) []string { return never(s.List(fact)) }

func never(names []string) []string {
	if names == nil {
		return []string{}
	}
	return slices.Clone(names)
}

// ReadLists decodes a Lists.json, refusing fields its shape does not
// have.
func ReadLists(data []byte) (*Lists, error) {
	var l Lists
	if err := strict(data, &l); err != nil {
		return nil, err
	}
	return &l, nil
}
