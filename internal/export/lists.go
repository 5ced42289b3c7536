package export

import (
	"cmp"
	"slices"

	"github.com/mtgrules/crgen/internal/kwform"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// ListsFile is the file of the lists an engine keeps, which MTGJSON has
// no file for: this project's own shape, beside MTGJSON's.
const ListsFile = "Lists.json"

// Lists is Lists.json: {"meta": {...}, "as_of": {...}, "data": {...}},
// this project's own shape (snake_case keys, as every JSON it writes
// outside MTGJSON's shapes), each list in the rules' order (a turn's
// phases and steps are in turn order), names as the rules print them
// (lower case: "declare attackers", "first strike"), [] rather than
// null. as_of gives, for each list the release has, the release it is as
// of (a release of rule pages carries some lists; the others are those
// of the release before). A Spanish snapshot has empty lists: no Spanish
// source gives them.
//
//	colors            [{"name": "white", "letter": "W"}, ...]          (105.1; letters from 107.4a)
//	permanent_types   ["artifact", "battle", ...]                      (110.4)
//	zones             ["library", "hand", ...]                         (400.1; ante last)
//	phases            ["beginning", "precombat main", ...]             (500.1)
//	steps             [{"name": "untap", "phase": "beginning"}, ...]   (501.1, 506.1, 512.1)
//	keyword_counters  ["flying", "first strike", ...]                  (122.1b)
//	predefined_tokens [{"name": "Treasure", "rule": "111.10a", "faces": [{...}]}, ...]  (111.10)
//
// A token face: name (when it has one of its own), colors (one string of
// letters in WUBRG order, "B"; "" for colourless, as every colour the
// project writes), supertypes, card_types, subtypes,
// power and toughness (a creature's, as printed), abilities (the rules'
// words; a quoted ability without its quotes).
type Lists struct {
	Meta Meta              `json:"meta"`
	AsOf map[string]string `json:"as_of"`
	Data ListsData         `json:"data"`
}

// ListsData are the data of Lists.json.
type ListsData struct {
	Colors           []NamedColor `json:"colors"`
	PermanentTypes   []string     `json:"permanent_types"`
	Zones            []string     `json:"zones"`
	Phases           []string     `json:"phases"`
	Steps            []PhaseStep  `json:"steps"`
	KeywordCounters  []string     `json:"keyword_counters"`
	PredefinedTokens []Token      `json:"predefined_tokens"` // predefinedTokensKey
	// KeywordForms are each keyword ability's forms as its rule writes
	// them, by its name (keywordFormsKey); KeywordActionForms each keyword
	// action's (actionFormsKey); Designations the designations keywords
	// give, by the keyword's name (designationsKey).
	KeywordForms       map[string][]KeywordForm `json:"keyword_forms"`
	KeywordActionForms map[string][]KeywordForm `json:"keyword_action_forms"`
	Designations       map[string][]KeywordForm `json:"keyword_designations"`
	// ActionThrough are the keyword actions each keyword action's rule
	// defines it through, by the action's name (actionThroughKey): a card
	// that manifests dread also manifests (701.62a).
	ActionThrough map[string][]KeywordForm `json:"keyword_action_through"`
}

// KeywordForm is one form of a keyword ability: as its rule writes it
// ("Suspend N—[cost]", a variant "Megamorph [cost]", the name alone for
// an ability whose rule writes none), the subrule that writes it, and
// the kinds of its parameters in order (kwform: cost, number, quality,
// name, type, ability).
type KeywordForm struct {
	Form       string   `json:"form"`
	Rule       string   `json:"rule"`
	Parameters []string `json:"parameters"`
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
	Name       string                `json:"name,omitempty"`
	Colors     snapshot.ColorLetters `json:"colors"`
	Supertypes []string              `json:"supertypes"`
	CardTypes  []string              `json:"card_types"`
	Subtypes   []string              `json:"subtypes"`
	Power      string                `json:"power,omitempty"`
	Toughness  string                `json:"toughness,omitempty"`
	Abilities  []string              `json:"abilities"`
}

// predefinedTokensKey is the key of the tokens in Lists.json's data and
//
//	keyword_forms         {"Ward": [{"form": "Ward [cost]", "rule": "702.21a", "parameters": ["cost"]}], ...}  (702)
//	keyword_action_forms  {"Scry": [{"form": "scry N", "rule": "701.22a", "parameters": ["number"]}], ...}  (701)
//	keyword_designations  {"Suspect": [{"form": "suspected", "rule": "701.60b", "parameters": []}], ...}
//	keyword_action_through {"Manifest Dread": [{"form": "Manifest", "rule": "701.62a", "parameters": []}], ...}
//
// as_of: MTGJSON's "tokens" are token cards, not the rules' 111.10; the
// keyword forms are as of the keywords they are read with.
const (
	predefinedTokensKey = "predefined_tokens"
	keywordFormsKey     = "keyword_forms"
	actionFormsKey      = "keyword_action_forms"
	designationsKey     = "keyword_designations"
	actionThroughKey    = "keyword_action_through"
)

// buildLists makes Lists.json of s.
func buildLists(s *snapshot.Snapshot, meta Meta) Lists {
	// as_of is keyed as data is: the tokens are data's predefined_tokens.
	l := Lists{Meta: meta, AsOf: asOfAs(s, map[string]string{
		snapshot.FactColors: snapshot.FactColors, snapshot.FactPermanentTypes: snapshot.FactPermanentTypes,
		snapshot.FactZones: snapshot.FactZones, snapshot.FactPhases: snapshot.FactPhases, snapshot.FactSteps: snapshot.FactSteps,
		snapshot.FactKeywordCounters: snapshot.FactKeywordCounters, predefinedTokensKey: snapshot.FactTokens,
		keywordFormsKey: snapshot.FactKeywordAbilities, actionFormsKey: snapshot.FactKeywordActions, designationsKey: snapshot.FactKeywordActions,
		actionThroughKey: snapshot.FactKeywordActions,
	}), Data: ListsData{
		Colors: []NamedColor{}, Steps: []PhaseStep{}, PredefinedTokens: []Token{},
		KeywordForms:       keywordForms(s, snapshot.FactKeywordAbilities, s.KeywordForms),
		KeywordActionForms: keywordForms(s, snapshot.FactKeywordActions, s.KeywordActionForms),
		Designations:       named(s.KeywordDesignations),
		ActionThrough:      named(s.KeywordActionThrough),
		PermanentTypes:     list(s, snapshot.FactPermanentTypes),
		Zones:              list(s, snapshot.FactZones),
		Phases:             list(s, snapshot.FactPhases),
		KeywordCounters:    list(s, snapshot.FactKeywordCounters),
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
				Name: f.Name, Colors: letters(s, f.Colors), Supertypes: never(f.Supertypes), CardTypes: never(f.CardTypes),
				Subtypes: never(f.Subtypes), Power: f.Power, Toughness: f.Toughness, Abilities: never(f.Abilities),
			})
		}
		l.Data.PredefinedTokens = append(l.Data.PredefinedTokens, out)
	}
	return l
}

// keywordForms are the forms of every keyword of list fact of s: those
// its rule writes, or its name alone, with the rule of its title.
func keywordForms(s *snapshot.Snapshot, fact string, forms snapshot.KeywordForms) map[string][]KeywordForm {
	out := map[string][]KeywordForm{}
	rules := s.NameRules(fact)
	for _, name := range s.List(fact) {
		written := forms[name]
		if len(written) == 0 {
			rule := cmp.Or(rules[name], s.RuleOf(fact)) // its title's, or the section's
			written = []snapshot.KeywordForm{{Form: name, Rule: rule}}
		}
		for _, f := range written {
			params := []string{}
			for _, p := range kwform.Parse(f.Form) {
				if p.Kind == kwform.PartParam || p.Kind == kwform.PartGlued || p.Kind == kwform.PartSymbol {
					params = append(params, p.Param.String())
				}
			}
			out[name] = append(out[name], KeywordForm{Form: f.Form, Rule: f.Rule, Parameters: params})
		}
	}
	return out
}

// named are words the rules tie to keywords, by the keyword's name (the
// designations a keyword gives, the actions one is defined through):
// each word, its rule, no parameters.
func named(forms snapshot.KeywordForms) map[string][]KeywordForm {
	out := map[string][]KeywordForm{}
	for name, ds := range forms {
		for _, d := range ds {
			out[name] = append(out[name], KeywordForm{Form: d.Form, Rule: d.Rule, Parameters: []string{}})
		}
	}
	return out
}

// letters are the colours a token's rule names (their words in s),
// as the letters of their mana symbols in WUBRG order.
func letters(s *snapshot.Snapshot, colors []string) snapshot.ColorLetters {
	var out snapshot.ColorLetters
	for _, c := range s.List(snapshot.FactColors) {
		if slices.Contains(colors, c) {
			out += snapshot.ColorLetters(s.Relations[snapshot.FactColors][c])
		}
	}
	return out
}

// asOf is, for each of facts that s carries, the release it is as of:
// its provenance's, else s's own.
func asOf(s *snapshot.Snapshot, facts ...string) map[string]string {
	out := map[string]string{}
	for _, f := range facts {
		if !s.Has(f) {
			continue
		}
		out[f] = s.Effective
		if p, ok := s.Provenance[f]; ok && p.Effective != "" {
			out[f] = p.Effective
		}
	}
	return out
}

// asOfAs is asOf of the facts keys names, each under its key: the name
// the file gives the list.
func asOfAs(s *snapshot.Snapshot, keys map[string]string) map[string]string {
	out := map[string]string{}
	for key, fact := range keys {
		if d, ok := asOf(s, fact)[fact]; ok {
			out[key] = d
		}
	}
	return out
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
func ReadLists(data []byte) (*Lists, error) { return readStrict[Lists](data) }

// PairsFile is, for a Spanish release, each Spanish name with the English
// one it translates.
const PairsFile = "Pairs.json"

// Pairs is Pairs.json: {"meta", "as_of", "data": {list: [{"en", "es",
// "forms", "rank"}]}}, a list keyed as in the snapshots (card_types,
// supertypes, a subtype category), in the English list's order: the
// rules' pairing of the release, each Spanish name with the other forms
// cards print of it ("legendaria" beside "legendario"), [] when none,
// and its rank in its list in Spanish alphabetical order (1 first:
// "Ácaro" beside "Abeja", not after "Zubera"), to sort by without a
// Spanish collation. as_of is keyed as data is.
type Pairs struct {
	Meta Meta              `json:"meta"`
	AsOf map[string]string `json:"as_of"`
	Data map[string][]Pair `json:"data"`
}

// Pair is one English name and its Spanish translation.
type Pair struct {
	EN    string   `json:"en"`
	ES    string   `json:"es"`
	Forms []string `json:"forms"`
	Rank  int      `json:"rank"`
}

// buildPairs makes Pairs.json of a Spanish snapshot; nil for English.
func buildPairs(s *snapshot.Snapshot, meta Meta) *Pairs {
	if s.Lang == "en" {
		return nil
	}
	out := &Pairs{Meta: meta, Data: map[string][]Pair{}, AsOf: map[string]string{}}
	group := asOf(s, snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactSubtypes)
	for list, pairs := range s.PairingEN {
		var spanish []string
		for _, p := range pairs {
			spanish = append(spanish, p.ES)
		}
		rank := map[string]int{}
		for i, es := range sortedIn(s.Lang, spanish) {
			rank[es] = i + 1
		}
		ps := []Pair{}
		for _, p := range pairs {
			ps = append(ps, Pair{EN: p.EN, ES: p.ES, Forms: never(s.Forms[p.ES]), Rank: rank[p.ES]})
		}
		out.Data[list] = ps
		fact := list
		if snapshot.IsCategory(list) {
			fact = snapshot.FactSubtypes
		}
		if d, ok := group[fact]; ok {
			out.AsOf[list] = d
		}
	}
	return out
}

// ReadPairs decodes a Pairs.json, refusing fields its shape does not have.
func ReadPairs(data []byte) (*Pairs, error) { return readStrict[Pairs](data) }
