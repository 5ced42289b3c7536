package export

import (
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// SymbolsFile is the file of the mana symbols (107.4) with what the
// rules say each is (107.4 and 202.3), in the manner of Scryfall's
// /symbology: one object a symbol.
const SymbolsFile = "Symbols.json"

// Symbols is Symbols.json: {"meta", "as_of", "data": [...]}, the symbols
// in the order of rule 107.4; as_of, as in every file of this project's
// shapes, gives the release each list is as of: {"mana_symbols": date}.
type Symbols struct {
	Meta Meta              `json:"meta"`
	AsOf map[string]string `json:"as_of"`
	Data []Symbol          `json:"data"`
}

// Symbol is one mana symbol.
//
//	symbol                 "{W/U}", as the rules write it
//	group                  the group of 107.4 ("hybrid"), the same key in every language
//	group_words            the words the release's own 107.4 names the group by
//	                       ("hybrid symbols", "símbolos híbridos")
//	colors                 its colours as a list of letters in WUBRG order (["W","U"]; [] for
//	                       colourless), as every colour the project writes, snapshots and
//	                       validate included
//	mana_value             what it adds to a card's mana value off the stack (202.3)
//	hybrid, phyrexian, snow, variable, numeric
//	                       what kind of symbol it is
//	pay                    the ways to pay it, one of which pays it: {"mana": "W"} (one mana of
//	                       a colour, or "C" colourless), {"generic": 2}, {"life": 2},
//	                       {"snow": 1} (one mana from a snow source), {"variable": "X"}
//	appears_in_mana_costs  true: every symbol of 107.4 may (Scryfall's field, for its readers)
//	rules                  the rules its meaning is read from, as the release numbers them
//
// A Spanish release's symbols take their meaning from the English release
// it is paired with: the symbols are the same, only the group words are
// Spanish.
type Symbol struct {
	Symbol             string                `json:"symbol"`
	Group              string                `json:"group"`
	GroupWords         string                `json:"group_words"`
	Colors             snapshot.ColorLetters `json:"colors"`
	ManaValue          int                   `json:"mana_value"`
	Hybrid             bool                  `json:"hybrid"`
	Phyrexian          bool                  `json:"phyrexian"`
	Snow               bool                  `json:"snow"`
	Variable           bool                  `json:"variable"`
	Numeric            bool                  `json:"numeric"`
	Pay                []Payment             `json:"pay"`
	AppearsInManaCosts bool                  `json:"appears_in_mana_costs"`
	Rules              []string              `json:"rules"`
}

// Payment is one way to pay a symbol: exactly one field is set.
type Payment struct {
	Mana     string `json:"mana,omitempty"`
	Generic  int    `json:"generic,omitempty"`
	Life     int    `json:"life,omitempty"`
	Snow     int    `json:"snow,omitempty"`
	Variable string `json:"variable,omitempty"`
}

// buildSymbols makes Symbols.json of s; meanings come from english when s
// is not English.
func buildSymbols(s, english *snapshot.Snapshot, meta Meta) Symbols {
	out := Symbols{Meta: meta, AsOf: asOf(s, snapshot.FactMana), Data: []Symbol{}}
	meanings := map[string]*snapshot.Meaning{}
	for _, src := range []*snapshot.Snapshot{english, s} {
		if src == nil {
			continue
		}
		for _, m := range src.ManaSymbols {
			if m.Meaning != nil {
				meanings[m.Symbol] = m.Meaning
			}
		}
	}
	for _, m := range s.ManaSymbols {
		sym := Symbol{Symbol: m.Symbol, Group: m.Group, GroupWords: m.GroupWords, Pay: []Payment{}, Rules: []string{}, AppearsInManaCosts: true}
		body := strings.Trim(m.Symbol, "{}")
		parts := strings.Split(body, "/")
		sym.Hybrid = len(parts) > 1 && !(len(parts) == 2 && parts[1] == "P")
		sym.Phyrexian = parts[len(parts)-1] == "P"
		sym.Snow = body == "S"
		sym.Variable = m.Group == "variable"
		if n, err := strconv.Atoi(body); err == nil {
			// A number of generic mana (107.4: "the numerical symbols"),
			// worth that number (202.3).
			sym.Numeric, sym.ManaValue, sym.Pay = true, n, []Payment{{Generic: n}}
			if n == 0 {
				sym.Pay = []Payment{}
			}
		}
		if mn := meanings[m.Symbol]; mn != nil {
			sym.ManaValue, sym.Rules = mn.ManaValue, append([]string{}, mn.Rules...)
			sym.Colors = mn.Colors
			for _, p := range mn.Pay {
				switch p {
				case "generic":
					sym.Pay = append(sym.Pay, Payment{Generic: mn.Generic})
				case "life":
					sym.Pay = append(sym.Pay, Payment{Life: mn.Life})
				case "snow":
					sym.Pay = append(sym.Pay, Payment{Snow: 1})
				case "X", "Y", "Z":
					sym.Pay = append(sym.Pay, Payment{Variable: p})
				default:
					sym.Pay = append(sym.Pay, Payment{Mana: p})
				}
			}
		}
		out.Data = append(out.Data, sym)
	}
	return out
}

// ReadSymbols decodes a Symbols.json, refusing fields its shape does not
// have.
func ReadSymbols(data []byte) (*Symbols, error) { return readStrict[Symbols](data) }
