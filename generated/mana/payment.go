package mana

import (
	"database/sql/driver"
	"errors"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/internal/names"
)

// Payment is one way to pay a cost: mana of each colour (and colorless C),
// generic mana of any type, mana from snow sources, life, and X. Its zero
// value pays nothing and encodes as "".
type Payment struct {
	W, U, B, R, G, C int
	Generic          int
	Snow             int
	Life             int
	X                int
}

// String writes the payment as the rules' examples do: "{G}{W}",
// "{W} and 2 life", "4 life"; "nothing" for the zero value.
func (p Payment) String() string {
	if p == (Payment{}) {
		return "nothing"
	}
	return p.text()
}

func (p Payment) text() string {
	var b strings.Builder
	for i := 0; i < p.X; i++ {
		b.WriteString("{X}")
	}
	if p.Generic > 0 {
		b.WriteString("{" + strconv.Itoa(p.Generic) + "}")
	}
	for _, c := range []struct {
		n int
		s string
	}{{p.W, "{W}"}, {p.U, "{U}"}, {p.B, "{B}"}, {p.R, "{R}"}, {p.G, "{G}"}, {p.C, "{C}"}} {
		for i := 0; i < c.n; i++ {
			b.WriteString(c.s)
		}
	}
	if p.Snow > 0 {
		if b.Len() > 0 {
			b.WriteString(" and ")
		}
		b.WriteString(strconv.Itoa(p.Snow) + " mana from snow sources")
	}
	if p.Life > 0 {
		if b.Len() > 0 {
			b.WriteString(" and ")
		}
		b.WriteString(strconv.Itoa(p.Life) + " life")
	}
	return b.String()
}

// MarshalText writes the payment as String does; "" for the zero value.
func (p Payment) MarshalText() ([]byte, error) { return []byte(p.text()), nil }

// Value stores the payment in a database as its text, as MarshalText
// writes it ("{W} and 2 life"; "" pays nothing).
func (p Payment) Value() (driver.Value, error) { return p.text(), nil }

// Scan reads a payment from a database as UnmarshalText does; NULL pays
// nothing.
func (p *Payment) Scan(src any) error {
	return enum.ScanText(src, "mana", "a payment", p.UnmarshalText)
}

// UnmarshalText reads what MarshalText writes: mana symbols, then
// "and N mana from snow sources", "and N life"; "" and "nothing" are the
// zero value.
func (p *Payment) UnmarshalText(b []byte) error {
	s := strings.TrimSpace(string(b))
	var x Payment
	if s == "" || s == "nothing" {
		*p = x
		return nil
	}
	bad := func() error {
		return errors.New("mana: " + names.Quote(string(b)) + " is not a payment (\"{2}{W}\", \"{W} and 2 life\")")
	}
	for i, part := range strings.Split(s, " and ") {
		if n, ok := strings.CutSuffix(part, " life"); ok {
			v, err := strconv.Atoi(n)
			if err != nil || v <= 0 || x.Life > 0 {
				return bad()
			}
			x.Life = v
			continue
		}
		if n, ok := strings.CutSuffix(part, " mana from snow sources"); ok {
			v, err := strconv.Atoi(n)
			if err != nil || v <= 0 || x.Snow > 0 {
				return bad()
			}
			x.Snow = v
			continue
		}
		if i > 0 {
			return bad()
		}
		c, err := ParseCost(part)
		if err != nil {
			return bad()
		}
		ok := true
		c.each(func(pip Pip) bool {
			switch {
			case pip.Symbol == 0:
				x.Generic += pip.Generic
			case pip.Symbol.info().text == "{X}":
				x.X++
			case len(pip.Symbol.info().alts) == 1 && pip.Symbol.info().alts[0].kind == altMana:
				x.add(pip.Symbol.info().alts[0])
			default:
				ok = false // a payment is made of mana, not of hybrid symbols
			}
			return ok
		})
		if !ok {
			return bad()
		}
	}
	*p = x
	return nil
}

func (p *Payment) add(a alt) {
	switch a.kind {
	case altGeneric:
		p.Generic += a.n
	case altLife:
		p.Life += a.n
	case altSnow:
		p.Snow += a.n
	case altVariable:
		p.X++
	case altMana:
		switch a.color {
		case 'W':
			p.W++
		case 'U':
			p.U++
		case 'B':
			p.B++
		case 'R':
			p.R++
		case 'G':
			p.G++
		case 'C':
			p.C++
		}
	}
}
