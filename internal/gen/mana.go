package gen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// ManaSymbol is one symbol of 107.4 with the meaning the English
// snapshots record for it. Its value is its index in Model.Mana + 1.
type ManaSymbol struct {
	Value int    // the constant's value, from the record
	Text  string // "{W/U/P}"
	Group string
	Ident string // "WUP"
	snapshot.Meaning
	Since   string
	Exact   bool
	Removed string
	Gaps    []history.Gap
	After   int    // as Value.After
	last    string // the last release listing it
	// Reminder is the reminder text of a symbol cards print outside
	// 107.4; empty for the rules' own.
	Reminder string
}

// manaSymbols gives every symbol the English history ever listed a value,
// in order of first listing, and the meaning the newest release listing
// it recorded; numeric symbols are not values (a Pip carries a number).
// The Spanish 107.4 may lag behind: symbols are the same in both
// languages.
func manaSymbols(enHistory []*snapshot.Snapshot, renames []snapshot.Rename, rec *Record) ([]ManaSymbol, error) {
	newest := map[string]snapshot.ManaSymbol{}
	for _, h := range enHistory {
		for _, sym := range h.ManaSymbols {
			newest[sym.Symbol] = sym
		}
	}
	var out []ManaSymbol
	for _, life := range history.Lives(enHistory, snapshot.FactMana, renames) {
		s := newest[life.Name]
		if s.Group == "numeric" {
			continue // any number; the cost parser reads digits
		}
		if s.Meaning == nil {
			return nil, fmt.Errorf("en@%s: mana symbol %s has no meaning recorded: run make history, then make regen", life.Last, s.Symbol)
		}
		if err := checkSymbol(s); err != nil {
			return nil, fmt.Errorf("en@%s: %w", life.Last, err)
		}
		out = append(out, ManaSymbol{
			Text: s.Symbol, Group: s.Group, Ident: strings.ReplaceAll(strings.Trim(s.Symbol, "{}"), "/", ""), Meaning: *s.Meaning,
			Since: life.First, Exact: !life.Oldest, Removed: life.Removed, Gaps: life.Gaps, last: life.Last,
		})
	}
	return byRecord(rec, snapshot.FactMana, out, 1)
}

// manaOrders sets the orders 107.4 listed the symbols in, as List.orders
// does for a list; numeric symbols, which are no values, are left out.
func (m *Model) manaOrders(h []*snapshot.Snapshot) {
	l := List{Values: make([]Value, len(m.Mana))}
	at := map[string]int{}
	for i, s := range m.Mana {
		l.Values[i] = Value{EN: s.Text, Removed: s.Removed, last: s.last}
		at[history.NameKey(s.Text)] = i + 1
	}
	l.orders(h, snapshot.FactMana, at)
	for i := range l.Epochs {
		l.Epochs[i].Values = slices.DeleteFunc(l.Epochs[i].Values, func(v int) bool { return v == 0 })
	}
	m.ManaEpochs, m.ManaOrderFrom = l.Epochs, l.OrderFrom
	m.ManaReading.Key, m.ManaReading.Noun, m.ManaReading.Rule = snapshot.FactMana, "mana symbol", m.EN.RuleOf(snapshot.FactMana)
	m.ManaReading.Label, m.ManaReading.AsOf, m.ManaReading.AsOfES, m.ManaReading.Unread = m.reading(h, snapshot.FactMana)
	for i := range m.Mana {
		m.Mana[i].After = l.Values[i].After
	}
}

// checkSymbol refuses a symbol the constants and tables cannot hold: its
// text becomes an identifier ("{W/U}" → SymbolWU), its ways to pay the
// entries of a table (its colours the snapshot checked when it was read).
func checkSymbol(s snapshot.ManaSymbol) error {
	if !snapshot.IsSymbol(s.Symbol) {
		return fmt.Errorf("mana symbol %q is not written as a symbol ({W/U}, {2/B}): it can name no constant", s.Symbol)
	}
	for _, p := range s.Meaning.Pay {
		if !slices.Contains([]string{"W", "U", "B", "R", "G", "C", "X", "Y", "Z", "generic", "life", "snow"}, p) {
			return fmt.Errorf("mana symbol %s: %q is no way to pay it (a colour, C, X, Y, Z, generic, life or snow)", s.Symbol, p)
		}
	}
	return nil
}

// byRecord numbers symbols by the record, appending those it lacks, and
// returns them by value, from base.
func byRecord(rec *Record, list string, syms []ManaSymbol, base int) ([]ManaSymbol, error) {
	texts := make([]string, len(syms))
	for i, s := range syms {
		texts[i] = s.Text
	}
	values, err := rec.Assign(list, texts, base)
	if err != nil {
		return nil, err
	}
	out := make([]ManaSymbol, len(syms))
	for i, s := range syms {
		if v := values[i] - base; v >= len(syms) {
			return nil, fmt.Errorf("values record: %s %s has value %d, but there are %d symbols: the record has a gap", list, s.Text, values[i], len(syms))
		}
		s.Value = values[i]
		out[values[i]-base] = s
	}
	return out, nil
}

// printedSymbols gives the symbols cards print outside 107.4 the ways to
// pay them the curated file lists, and what a symbol of their group pays
// in life and counts in mana value by the rules (the newest meaning of a
// symbol of that group in en).
func printedSymbols(en *snapshot.Snapshot, syms []snapshot.PrintedSymbol, official int, rec *Record) ([]ManaSymbol, error) {
	if official >= PrintedSymbolBase || len(syms) > 255-PrintedSymbolBase {
		return nil, fmt.Errorf("mana symbols: %d of rule 107.4 and %d printed do not fit their ranges of values", official, len(syms))
	}
	var out []ManaSymbol
	for _, s := range syms {
		i := slices.IndexFunc(en.ManaSymbols, func(m snapshot.ManaSymbol) bool { return m.Group == s.Group && m.Meaning != nil })
		if i < 0 {
			return nil, fmt.Errorf("printed symbol %s is of the group %s, which no symbol of rule 107.4 in %s@%s has a meaning for", s.Symbol, s.Group, en.Lang, en.Effective)
		}
		rules := en.ManaSymbols[i].Meaning
		m := ManaSymbol{Text: s.Symbol, Group: s.Group, Ident: "Printed" + strings.ReplaceAll(strings.Trim(s.Symbol, "{}"), "/", ""), Reminder: s.Reminder}
		m.ManaValue = rules.ManaValue
		for _, p := range s.Pay {
			switch p {
			case "life":
				m.Life = rules.Life
			case "generic":
				return nil, fmt.Errorf("printed symbol %s: a generic half needs its amount, which the curated file cannot give yet", s.Symbol)
			case "W", "U", "B", "R", "G":
				m.Colors += snapshot.ColorLetters(p)
			}
			m.Pay = append(m.Pay, p)
		}
		out = append(out, m)
	}
	return byRecord(rec, recordPrintedMana, out, PrintedSymbolBase)
}
