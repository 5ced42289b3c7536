package gen

import (
	"fmt"
	"github.com/mtgrules/crgen/internal/history"
	"regexp"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// ManaSymbol is one symbol of 107.4 with the semantics the generator derived
// for it from the rule's text. Its value is its index in Model.Mana + 1.
type ManaSymbol struct {
	Value   int    // the constant's value, from the record
	Text    string // "{W/U/P}"
	Group   string
	Ident   string // "WUP"
	Colors  string // colours of the symbol, in WUBRG order: "WU"
	Pay     []string
	Generic int // the generic half of {2/W}
	Life    int // life paid instead of a Phyrexian symbol
	Since   string
	Exact   bool
	Removed string
	// Reminder is the reminder text of a symbol cards print outside
	// 107.4; empty for the rules' own.
	Reminder string
}

var colorWords = map[string]string{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

// manaSemantics derives what each symbol means from the subrules of 107.4:
// the colour of each primary symbol (107.4a), colorless {C} (107.4c), the
// halves of hybrid symbols and the "two mana of any type" of {2/B} (107.4e),
// the life paid for Phyrexian symbols (107.4f), and the snow source of {S}
// (107.4h). A group the generator does not know, or a subrule that no
// longer says what the semantics rest on, stops generation: guessing would
// put wrong rules into every validator built on this code.
//
// Every symbol the English history ever listed gets a value, in order of
// first listing; numeric symbols are not values (a Pip carries a number).
// The Spanish 107.4 may lag behind: symbols are the same in both languages.
func manaSemantics(en *snapshot.Snapshot, enHistory []*snapshot.Snapshot, rec *Record) ([]ManaSymbol, error) {
	// Examples illustrate; the semantics come from the rule's own sentences
	// ("by paying 4 life" in 107.4f's example must not be read as the price).
	text := func(rule string) string {
		t, _, _ := strings.Cut(en.Rules[rule], " Example:")
		return t
	}
	need := func(rule, what string, ok bool) error {
		if !ok {
			return fmt.Errorf("rule %s no longer says %s: the generator cannot derive the semantics of the mana symbols", rule, what)
		}
		return nil
	}
	colors := map[string]string{}
	for _, m := range regexp.MustCompile(`\{([WUBRG])\} (?:is )?(white|blue|black|red|green)`).FindAllStringSubmatch(text("107.4a"), -1) {
		colors[m[1]] = colorWords[m[2]]
	}
	if err := need("107.4a", "which colour each primary mana symbol is", len(colors) == 5); err != nil {
		return nil, err
	}
	if err := need("107.4c", "that {C} is colorless mana", strings.Contains(text("107.4c"), "{C}") && strings.Contains(text("107.4c"), "colorless")); err != nil {
		return nil, err
	}
	if err := need("107.4e", "that a hybrid symbol can be paid in one of two ways", strings.Contains(text("107.4e"), "one of two ways")); err != nil {
		return nil, err
	}
	twoAny := regexp.MustCompile(`\{2/B\} can be paid with either one black mana or (two|\d+) mana of any type`).FindStringSubmatch(text("107.4e"))
	if err := need("107.4e", "what pays the generic half of a monocolored hybrid symbol", twoAny != nil); err != nil {
		return nil, err
	}
	life := regexp.MustCompile(`by paying (\d+) life`).FindStringSubmatch(text("107.4f"))
	if err := need("107.4f", "how much life pays a Phyrexian symbol", life != nil); err != nil {
		return nil, err
	}
	lifeN, _ := strconv.Atoi(life[1])
	if err := need("107.4h", "that {S} is paid with mana from a snow source", strings.Contains(text("107.4h"), "snow source") || strings.Contains(text("107.4h"), "snow permanent")); err != nil {
		return nil, err
	}

	groups := map[string]string{} // symbol → group in the newest release listing it
	for _, h := range enHistory {
		for _, sym := range h.ManaSymbols {
			groups[sym.Symbol] = sym.Group
		}
	}
	var out []ManaSymbol
	for _, life := range history.Lives(enHistory, snapshot.FactMana) {
		if groups[life.Name] == "numeric" {
			continue // any number; the cost parser reads digits
		}
		s := snapshot.ManaSymbol{Symbol: life.Name, Group: groups[life.Name]}
		body := strings.Trim(s.Symbol, "{}")
		parts := strings.Split(body, "/")
		m := ManaSymbol{Text: s.Symbol, Group: s.Group, Ident: strings.Join(parts, ""), Since: life.First, Exact: !life.Oldest, Removed: life.Removed}
		colorOf := func(p string) (string, error) {
			c, ok := colors[p]
			if !ok {
				return "", fmt.Errorf("mana symbol %s: %q is not a colour named by 107.4a", s.Symbol, p)
			}
			return c, nil
		}
		switch s.Group {
		case "basic":
			if body == "C" {
				m.Pay = []string{"C"}
				break
			}
			c, err := colorOf(body)
			if err != nil {
				return nil, err
			}
			m.Colors, m.Pay = c, []string{c}
		case "variable":
			m.Pay = []string{body}
		case "hybrid":
			if len(parts) != 2 {
				return nil, fmt.Errorf("hybrid symbol %s does not have two halves", s.Symbol)
			}
			for _, p := range parts {
				c, err := colorOf(p)
				if err != nil {
					return nil, err
				}
				m.Colors += c
				m.Pay = append(m.Pay, c)
			}
		case "monocolored_hybrid":
			if len(parts) != 2 {
				return nil, fmt.Errorf("monocolored hybrid symbol %s does not have two halves", s.Symbol)
			}
			c, err := colorOf(parts[1])
			if err != nil {
				return nil, err
			}
			m.Colors = c
			switch parts[0] {
			case "C":
				m.Pay = []string{"C", c}
			default:
				n, err := strconv.Atoi(parts[0])
				if err != nil {
					return nil, fmt.Errorf("monocolored hybrid symbol %s: %q is neither C nor a number", s.Symbol, parts[0])
				}
				m.Generic, m.Pay = n, []string{c, "generic"}
			}
		case "phyrexian", "hybrid_phyrexian":
			if parts[len(parts)-1] != "P" || len(parts) < 2 || len(parts) > 3 {
				return nil, fmt.Errorf("symbol %s is in a Phyrexian group but does not end in /P", s.Symbol)
			}
			for _, p := range parts[:len(parts)-1] {
				if p == "C" { // colorless mana (107.4c), as in {C/W}: no colour
					m.Pay = append(m.Pay, "C")
					continue
				}
				c, err := colorOf(p)
				if err != nil {
					return nil, err
				}
				m.Colors += c
				m.Pay = append(m.Pay, c)
			}
			m.Life, m.Pay = lifeN, append(m.Pay, "life")
		case "snow":
			m.Pay = []string{"snow"}
		default:
			return nil, fmt.Errorf("rule 107.4 lists a group of mana symbols the generator does not understand: %q (symbols such as %s); teach internal/gen/mana.go what it means", s.Group, s.Symbol)
		}
		m.Colors = wubrg(m.Colors)
		out = append(out, m)
	}
	return byRecord(rec, snapshot.FactMana, out, 1)
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

// wubrg orders colour letters as the rules do.
func wubrg(s string) string {
	var b strings.Builder
	for _, c := range "WUBRG" {
		if strings.ContainsRune(s, c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// printedSymbols gives the symbols cards print outside 107.4 their
// semantics: the ways to pay them come from the curated file, the life a
// Phyrexian half costs from 107.4f, as for the rules' own symbols.
func printedSymbols(en *snapshot.Snapshot, syms []snapshot.PrintedSymbol, official int, rec *Record) ([]ManaSymbol, error) {
	if official >= PrintedSymbolBase || len(syms) > 255-PrintedSymbolBase {
		return nil, fmt.Errorf("mana symbols: %d of rule 107.4 and %d printed do not fit their ranges of values", official, len(syms))
	}
	life := regexp.MustCompile(`by paying (\d+) life`).FindStringSubmatch(strings.SplitN(en.Rules["107.4f"], " Example:", 2)[0])
	var out []ManaSymbol
	for _, s := range syms {
		body := strings.Trim(s.Symbol, "{}")
		m := ManaSymbol{Text: s.Symbol, Group: s.Group, Ident: "Printed" + strings.ReplaceAll(body, "/", ""), Reminder: s.Reminder}
		for _, p := range s.Pay {
			switch p {
			case "life":
				if life == nil {
					return nil, fmt.Errorf("printed symbol %s is paid with life, but rule 107.4f no longer says how much", s.Symbol)
				}
				m.Life, _ = strconv.Atoi(life[1])
			case "generic":
				return nil, fmt.Errorf("printed symbol %s: a generic half needs its amount, which the curated file cannot give yet: teach internal/gen/mana.go", s.Symbol)
			case "W", "U", "B", "R", "G":
				m.Colors += p
			}
			m.Pay = append(m.Pay, p)
		}
		m.Colors = wubrg(m.Colors)
		out = append(out, m)
	}
	return byRecord(rec, recordPrintedMana, out, PrintedSymbolBase)
}
