package mana

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
)

// listed reports whether rule 107.4 of the rules in force on date lists
// the symbol, as the newest release that read 107.4 by then says
// (rules.List.KnownAsOf); "" is today. It allocates nothing.
func (i *symbolInfo) listed(date string) bool {
	if date == "" {
		return i.removed == ""
	}
	return !i.printed && enum.Listed(i.since, i.removed, i.gaps, knownAsOf(date))
}

// knownAsOf is the release whose 107.4 holds on date: the release in
// force, or the newest before it that read 107.4.
func knownAsOf(date string) string {
	if known, ok := SymbolList().KnownAsOf(date); ok {
		return known
	}
	return date
}

// notListed says why s is not a symbol of the rules in force on date.
func (s Symbol) notListed(date string) string {
	i := s.info()
	known := knownAsOf(date)
	of := "in the rules of " + date
	if r, _ := rules.InForce(date); known != r {
		of += " (their 107.4 is not read; known as of " + known + ")"
	}
	removed := i.removed
	for _, l := range s.Lives() {
		if known < l.Since {
			return "was not yet defined by rule 107.4 " + of + ": it lists " + i.text + " since " + l.Since
		}
		if l.Removed != "" && known >= l.Removed {
			removed = l.Removed
		}
	}
	return "was no longer defined by rule 107.4 " + of + ": " + i.text + " was removed in the release of " + removed
}

// Lives returns the stretches of releases whose 107.4 lists s, oldest
// first; nil for a symbol printed outside 107.4.
func (s Symbol) Lives() []rules.Life {
	i := s.info()
	if i == nil || i.printed {
		return nil
	}
	return enum.Lives(i.since, i.exact, i.removed, i.gaps)
}

// ListedIn reports whether rule 107.4 of the rules in force on date
// (YYYY-MM-DD) lists s. It allocates nothing.
func (s Symbol) ListedIn(date string) bool {
	i := s.info()
	return i != nil && date != "" && i.listed(date)
}

// symbolList is the symbols of 107.4 as enum.OrderAsOf reads a list.
type symbolList struct{}

func (symbolList) Len() int { return len(symbols) }
func (symbolList) Dropped(v int) (string, int) {
	return symbols[v-1].removed, symbols[v-1].after
}
func (symbolList) ListedIn(v int, date string) bool { return Symbol(v).ListedIn(date) }

// SymbolsAsOf returns the symbols rule 107.4 of the rules in force on date
// (YYYY-MM-DD) listed, in its order then; a *rules.DateError for a date
// before the oldest release known.
func SymbolsAsOf(date string) ([]Symbol, error) {
	if _, ok := rules.InForce(date); !ok {
		return nil, &rules.DateError{Pkg: "mana", Date: date}
	}
	cur := make([]int, len(symbolOrder))
	for i, s := range symbolOrder {
		cur[i] = int(s)
	}
	return enum.As[Symbol](enum.OrderAsOf(symbolList{}, knownAsOf(date), symbolEpochs, symbolOrderFrom, cur)), nil
}

// EverySymbol returns every symbol rule 107.4 has listed, removed ones
// included, by value; the symbols cards print outside it are
// PrintedSymbols.
func EverySymbol() []Symbol {
	out := make([]Symbol, len(symbols))
	for i := range out {
		out[i] = Symbol(i + 1)
	}
	return out
}

// Value stores s in a database as it is written, "{W/U}" (driver.Valuer);
// NULL for the zero value. Its number never changes either: store
// int64(s) to keep it.
func (s Symbol) Value() (driver.Value, error) {
	if s == 0 {
		return nil, nil
	}
	b, err := s.MarshalText()
	return string(b), err
}

// Scan reads s from a database (sql.Scanner): as written, or its number;
// NULL is the zero value.
func (s *Symbol) Scan(src any) error {
	switch x := src.(type) {
	case nil:
		*s = 0
		return nil
	case string:
		return s.UnmarshalText([]byte(x))
	case []byte:
		return s.UnmarshalText(x)
	case int64:
		return s.number(x)
	}
	return fmt.Errorf("mana: cannot scan %T into a Symbol: want it as written (TEXT) or its number (INTEGER)", src)
}

func (s *Symbol) number(n int64) error {
	if n < 0 || n > 255 || (n != 0 && Symbol(n).info() == nil) {
		return fmt.Errorf("mana: %d is no mana symbol", n)
	}
	*s = Symbol(n)
	return nil
}

// UnmarshalJSON reads a JSON string as UnmarshalText does, or a JSON
// number that is a symbol; null leaves s as it is.
func (s *Symbol) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		return nil
	case len(b) > 0 && b[0] == '"':
		var t string
		if err := json.Unmarshal(b, &t); err != nil {
			return err
		}
		return s.UnmarshalText([]byte(t))
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return errors.New("mana: " + names.Quote(string(b)) + " is neither a symbol nor a number of one")
	}
	return s.number(n)
}

// Value stores the cost in a database as the rules write it (driver.Valuer);
// NULL for no mana cost.
func (c Cost) Value() (driver.Value, error) {
	if c.text == "" {
		return nil, nil
	}
	return c.text, nil
}

// Scan reads a cost from a database (sql.Scanner) as ParseCost does;
// NULL is no mana cost.
func (c *Cost) Scan(src any) error { return enum.ScanText(src, "mana", "a mana cost", c.UnmarshalText) }

// Scan reads a cost from a database as ParseCostLenient does.
func (c *LenientCost) Scan(src any) error {
	return enum.ScanText(src, "mana", "a mana cost", c.UnmarshalText)
}

// Scan reads a cost from a database as ParseCostPrinted does.
func (c *PrintedCost) Scan(src any) error {
	return enum.ScanText(src, "mana", "a mana cost", c.UnmarshalText)
}
