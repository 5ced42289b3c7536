// Package mana reads and checks mana costs against rule 107.4 of the Magic:
// The Gathering Comprehensive Rules: the symbols it defines, their colours
// (202.2), mana value (202.3) and the ways a cost can be paid (107.4e,
// 107.4f, 107.4h).
//
// ParseCost reads a cost as the rules write it ("{2}{W/U}"),
// ParseCostLenient as people type it ("2WW"), ParseCostPrinted with the
// symbols cards print outside 107.4 ({C/P}); a Cost gives its mana value,
// colours, symbols and PaymentOptions. In a struct decoded by
// encoding/json, a Cost field reads the rules' notation, a LenientCost
// field shorthand too, a PrintedCost field the printed symbols too.
//
// # Costs of several faces
//
// A cost of several faces ("{2}{W} // {2}{B}") keeps them (Faces). Its
// own ManaValue and Colors read it as a split card's: the faces combined
// (709.4b), and PaymentOptions pays every symbol, as a fused split spell
// is paid (702.102c). " // " alone does not say the layout, which decides
// it: card databases write an adventurer card's cost ("{1}{G} // {G}") as
// a split card's. As gives the cost whose mana value and colours the
// card has by its Layout (an adventurer card's normal cost, 715.4; a
// double-faced card's front face, 712.8a; a flip card's one cost,
// 710.1c), and CastAs the costs a player casts it for, each with its own
// PaymentOptions.
//
// # Past releases and databases
//
// Each symbol knows the releases whose 107.4 listed it (Lives, ListedIn);
// SymbolsAsOf lists those of a release, in its order, and ParseCostAsOf
// reads a cost by its 107.4 (no {C} before 2016-01-16). A release is a
// date, YYYY-MM-DD (package rules). A cost saved under one release reads
// back under every later one. A Symbol and a Cost store in a database as
// their text (Value) and read back (Scan); a Symbol also from its number,
// int64(s), and from a JSON number.
//
// Numeric symbols are read as the rules write them, "{0}, {1}, {2}, ...
// and so on": any number an int holds, with no other limit; a number or a
// mana value that overflows is an error.
//
// # Stable values
//
// A Symbol's number is given once, when rule 107.4 first lists it, and
// never changes. A symbol the rules drop keeps its constant, marked
// Deprecated; IsValid is false for it and ParseCost refuses it.
//
// # Text and JSON
//
// Every type encodes as the text a person reads: a Symbol as "{W/U}", a
// Pip as "{2}" or "{W}", a Cost as "{2}{W/U}", Colors as "WU", a Payment as
// "{W} and 2 life". Zero values encode as "" (a Pip's zero value is {0}).
// Colors also decode from a JSON array of letters (["W","U"]), as card
// databases write them.
//
// # How this package is made
//
// cmd/gen writes tables.go (the symbols and what rule 107.4 says each
// means: colours, mana value, ways to pay) from the snapshots; the parser
// and the payment calculus are ordinary hand-written Go in this package.
package mana

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
)

// Effective returns the newest releases the package's lists were read
// from, English and Spanish (published later, so possibly older; each
// list says its own: SymbolList); not a newer release that did not read them.
func Effective() (en, es string) { return rules.NewestOf(SymbolList()) }

// Symbol is a mana symbol of rule 107.4 other than the numeric ones, which
// a Pip carries as a number. Its zero value is no symbol and encodes as "".
type Symbol uint8

// altKind is one kind of way to pay a symbol.
type altKind uint8

const (
	altMana     altKind = iota + 1 // one mana of a colour, or colorless C
	altGeneric                     // n mana of any type
	altLife                        // n life
	altSnow                        // one mana from a snow source
	altVariable                    // X, chosen as the cost is paid
)

// alt is one way to pay a symbol.
type alt struct {
	kind  altKind
	color rune // W U B R G C for altMana; X for altVariable
	n     int
}

// symbolInfo is what rule 107.4 says a symbol means, as cmd/gen read it
// (or, for a symbol printed outside 107.4, what its reminder text says).
type symbolInfo struct {
	text     string // "{W/U/P}"
	group    string // "hybrid_phyrexian"
	colors   Colors
	alts     []alt
	mv       int // its part of a mana value (202.3)
	since    string
	exact    bool
	removed  string
	gaps     []enum.Gap // the times 107.4 dropped it and listed it again
	after    int        // for a symbol dropped in the newest order, the one its last listing put it after
	printed  bool       // printed on cards, not listed by 107.4
	reminder string     // its reminder text, when printed
}

func (s Symbol) info() *symbolInfo {
	switch {
	case s >= PrintedSymbolBase && int(s-PrintedSymbolBase) < len(printedSymbols):
		return &printedSymbols[s-PrintedSymbolBase]
	case s >= 1 && int(s) <= len(symbols):
		return &symbols[s-1]
	}
	return nil
}

// Printed reports whether s is a symbol cards print that rule 107.4 does
// not list ({C/P}); Reminder is the reminder text that defines it.
func (s Symbol) Printed() bool {
	i := s.info()
	return i != nil && i.printed
}

// Reminder returns the reminder text that defines a printed symbol; "" for
// the symbols of 107.4.
func (s Symbol) Reminder() string {
	if i := s.info(); i != nil {
		return i.reminder
	}
	return ""
}

// IsValid reports whether rule 107.4 lists s today (a printed symbol is
// not valid: 107.4 does not list it).
func (s Symbol) IsValid() bool {
	i := s.info()
	return i != nil && i.removed == "" && !i.printed
}

// String returns the symbol as the rules write it ("{W/U/P}"), or
// Symbol(n) for a number that is no symbol.
func (s Symbol) String() string {
	if i := s.info(); i != nil {
		return i.text
	}
	return "Symbol(" + strconv.Itoa(int(s)) + ")"
}

// Group returns the group rule 107.4 puts the symbol in ("hybrid_phyrexian").
func (s Symbol) Group() string {
	if i := s.info(); i != nil {
		return i.group
	}
	return ""
}

// Colors returns the symbol's colours (rule 202.2).
func (s Symbol) Colors() Colors {
	if i := s.info(); i != nil {
		return i.colors
	}
	return 0
}

// ManaValue returns the symbol's part of a mana value (rule 202.3): 0 for
// X, 2 for {2/W}, 1 for the others.
func (s Symbol) ManaValue() int {
	if i := s.info(); i != nil {
		return i.mv
	}
	return 0
}

// Since returns the first release whose 107.4 lists s; exact is false
// when that is only the oldest release known.
func (s Symbol) Since() (release string, exact bool) {
	if i := s.info(); i != nil {
		return i.since, i.exact
	}
	return "", false
}

// Removed returns the first release whose 107.4 no longer lists s.
func (s Symbol) Removed() (release string, removed bool) {
	if i := s.info(); i != nil && i.removed != "" {
		return i.removed, true
	}
	return "", false
}

// MarshalText returns the symbol as written ("{W/U}"); "" for the zero value.
func (s Symbol) MarshalText() ([]byte, error) {
	if s == 0 {
		return []byte{}, nil
	}
	if s.info() == nil {
		return nil, errors.New("mana: cannot marshal " + s.String() + ": not a symbol")
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a symbol as ParseSymbol does, removed and printed
// symbols included; "" is the zero value.
func (s *Symbol) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*s = 0
		return nil
	}
	body := strings.TrimSuffix(strings.TrimPrefix(string(b), "{"), "}")
	x, ok := symbolFor(body)
	if !ok {
		return &CostError{Input: string(b), Pos: 1, Symbol: string(b), Reason: string(b) + " is not a mana symbol defined by rule 107.4"}
	}
	*s = x
	return nil
}

// ParseSymbol reads one symbol of rule 107.4 as the rules write it ("{W/U}").
// Numeric symbols are not Symbols: read them with ParseCost.
func ParseSymbol(s string) (Symbol, error) {
	c, err := ParseCost(s)
	return symbolOf(s, c, err)
}

// ParseSymbolPrinted is ParseSymbol that also reads the symbols cards
// print outside rule 107.4 ({C/P}).
func ParseSymbolPrinted(s string) (Symbol, error) {
	c, err := ParseCostPrinted(s)
	return symbolOf(s, c, err)
}

func symbolOf(s string, c Cost, err error) (Symbol, error) {
	if err != nil {
		return 0, err
	}
	if c.Len() != 1 || c.Pip(0).Symbol == 0 {
		return 0, &CostError{Input: s, Pos: 1, Symbol: s, Reason: "expected one non-numeric mana symbol"}
	}
	return c.Pip(0).Symbol, nil
}

// Symbols returns every symbol rule 107.4 lists today, in rule order.
func Symbols() []Symbol { return append([]Symbol(nil), symbolOrder...) }

// PrintedSymbols returns the symbols cards print that rule 107.4 does not
// list, which ParseCostPrinted accepts.
func PrintedSymbols() []Symbol {
	var out []Symbol
	for i := range printedSymbols {
		if s := PrintedSymbolBase + Symbol(i); symbolIndexed(s) {
			out = append(out, s)
		}
	}
	return out
}

// symbolIndexed reports whether lookups by text find s (a printed symbol
// that 107.4 came to list is found as the rules' own).
func symbolIndexed(s Symbol) bool {
	got, ok := symbolFor(strings.Trim(s.String(), "{}"))
	return ok && got == s
}

// symbolFor returns the symbol written {body}, removed ones included, from
// the index gen built (symbolIndex, in tables.go).
func symbolFor(body string) (Symbol, bool) {
	v, ok := symbolIndex.Find(body)
	return Symbol(v), ok
}

// Colors is a set of colours, W U B R G. Its zero value is colorless.
type Colors uint8

// The five colours.
const (
	White Colors = 1 << iota
	Blue
	Black
	Red
	Green
)

const colorLetters = "WUBRG"

// ColorOfLetter returns the colour of one letter of W U B R G, in any
// case, or 0 (colorless) for any other text. Package color ties each
// colour of rule 105.1 to its letter.
func ColorOfLetter(letter string) Colors {
	if len(letter) != 1 {
		return 0
	}
	if i := strings.IndexByte(colorLetters, letter[0]&^0x20); i >= 0 {
		return 1 << i
	}
	return 0
}

// String returns the colours as letters in WUBRG order ("WU"), or "" for
// colorless.
func (c Colors) String() string {
	var b [5]byte
	n := 0
	for i := 0; i < 5; i++ {
		if c&(1<<i) != 0 {
			b[n] = colorLetters[i]
			n++
		}
	}
	return string(b[:n])
}

// Letters returns the colours as one-letter strings in WUBRG order, an
// empty (not nil) slice for colorless.
func (c Colors) Letters() []string {
	out := []string{}
	for _, r := range c.String() {
		out = append(out, string(r))
	}
	return out
}

// MarshalText returns the letters ("WU"; "" for colorless), for text:
// a map key, a flag, a TEXT column.
func (c Colors) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// MarshalJSON writes the colours as an array of letters in WUBRG order
// (["W","U"]; [] for colorless), as Scryfall and MTGJSON write them and as
// every JSON file of this module writes colours (validate -manacost, the
// exported symbols and tokens, the snapshots).
func (c Colors) MarshalJSON() ([]byte, error) { return json.Marshal(c.Letters()) }

// UnmarshalJSON reads an array of one-letter strings (["W","U"]), as
// MarshalJSON writes them, or the letters as one string ("WU"), as
// MarshalText writes them and this module's JSON did before 2026-12;
// null leaves c unchanged, as encoding/json does for values.
func (c *Colors) UnmarshalJSON(b []byte) error {
	var letters []string
	switch err := json.Unmarshal(b, &letters); {
	case bytes.Equal(bytes.TrimSpace(b), []byte("null")):
		return nil
	case err == nil:
		return c.UnmarshalText([]byte(strings.Join(letters, "")))
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errors.New("mana: colours are a string of letters (\"WU\") or an array of them ([\"W\",\"U\"])")
	}
	return c.UnmarshalText([]byte(s))
}

// Value stores the colours in a database as their letters (driver.Valuer),
// "WR", as MarshalText writes them, like every type of the module; ""
// for colorless, which is a value, not NULL.
func (c Colors) Value() (driver.Value, error) { return c.String(), nil }

// Scan reads colours from a database (sql.Scanner): their letters in any
// order and case, as Value stores them; a number, the set's bits (White
// 1, Blue 2, Black 4, Red 8, Green 16), as database/sql stored Colors
// before they had Value; NULL or "" is colorless.
func (c *Colors) Scan(src any) error {
	return enum.ScanTextOrNumber(src, "mana", "colours", c.UnmarshalText, func(n int64) error {
		if n < 0 || n > int64(White|Blue|Black|Red|Green) {
			return errors.New("mana: " + strconv.FormatInt(n, 10) + " is no set of colours: the bits of W U B R G make 0 to 31")
		}
		*c = Colors(n)
		return nil
	})
}

// UnmarshalText reads colour letters in any order and case ("uw").
func (c *Colors) UnmarshalText(b []byte) error {
	var x Colors
	for _, ch := range strings.ToUpper(string(b)) {
		i := strings.IndexRune(colorLetters, ch)
		if i < 0 {
			return errors.New("mana: " + names.Quote(string(b)) + " is not a set of colour letters (W U B R G)")
		}
		x |= 1 << i
	}
	*c = x
	return nil
}

// Pip is one symbol of a cost: a Symbol, or, when Symbol is zero, a numeric
// symbol worth Generic generic mana. Its zero value is {0}.
type Pip struct {
	Symbol  Symbol
	Generic int
}

// String returns the pip as the rules write it ("{2}", "{W}").
func (p Pip) String() string {
	if p.Symbol == 0 {
		return "{" + strconv.Itoa(p.Generic) + "}"
	}
	return p.Symbol.String()
}

// MarshalText returns the pip as written.
func (p Pip) MarshalText() ([]byte, error) {
	if p.Symbol != 0 && p.Symbol.info() == nil {
		return nil, errors.New("mana: cannot marshal " + p.Symbol.String() + ": not a symbol")
	}
	return []byte(p.String()), nil
}

// Value stores the pip in a database as its text ("{2}", "{W}").
func (p Pip) Value() (driver.Value, error) {
	b, err := p.MarshalText()
	return string(b), err
}

// Scan reads a pip from a database as UnmarshalText does; NULL is {0}.
func (p *Pip) Scan(src any) error {
	return enum.ScanText(src, "mana", "a mana symbol", func(b []byte) error {
		if len(b) == 0 {
			*p = Pip{}
			return nil
		}
		return p.UnmarshalText(b)
	})
}

// UnmarshalText reads one symbol as ParseCost does.
func (p *Pip) UnmarshalText(b []byte) error {
	c, err := ParseCost(string(b))
	if err != nil {
		return err
	}
	if c.Len() != 1 {
		return &CostError{Input: string(b), Pos: 1, Reason: "expected exactly one mana symbol"}
	}
	*p = c.Pip(0)
	return nil
}
