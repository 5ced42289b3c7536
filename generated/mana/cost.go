package mana

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
)

// Cost is a parsed mana cost: its symbols as the rules write them, with
// its mana value and colours computed once. It is a small value (no
// pointer into shared state) and parsing a cost in strict notation
// allocates nothing. Its zero value is no mana cost and encodes as "".
type Cost struct {
	text    string
	mv      int
	n       int
	colors  Colors
	printed bool
}

// Printed reports whether the cost holds a symbol cards print that rule
// 107.4 does not list (only ParseCostPrinted accepts those).
func (c Cost) Printed() bool { return c.printed }

// Len returns the number of symbols.
func (c Cost) Len() int { return c.n }

// Pip returns the i-th symbol (0-based); it panics if i is out of range.
func (c Cost) Pip(i int) Pip {
	if i < 0 || i >= c.n {
		panic("mana: Pip index " + strconv.Itoa(i) + " out of range for a cost of " + strconv.Itoa(c.n) + " symbols")
	}
	var out Pip
	k := 0
	c.each(func(p Pip) bool {
		if k == i {
			out = p
			return false
		}
		k++
		return true
	})
	return out
}

// Pips returns the symbols in order, in a new slice.
func (c Cost) Pips() []Pip {
	out := make([]Pip, 0, c.n)
	c.each(func(p Pip) bool {
		out = append(out, p)
		return true
	})
	return out
}

// each calls f with each symbol of a cost already checked by a parser.
func (c Cost) each(f func(Pip) bool) {
	s := c.text
	for i := 0; i < len(s); {
		if s[i] != '{' { // a face separator, " // "
			i += len(faceSep)
			continue
		}
		j := strings.IndexByte(s[i:], '}')
		body := s[i+1 : i+j]
		var p Pip
		if isDigits(body) {
			p.Generic, _ = strconv.Atoi(body)
		} else {
			p.Symbol, _ = symbolFor(body)
		}
		if !f(p) {
			return
		}
		i += j + 1
	}
}

// String returns the cost in the rules' notation; "" for no mana cost.
func (c Cost) String() string { return c.text }

// ManaValue is the cost's mana value (rule 202.3): numbers count their
// value, X counts 0, {2/W} counts 2, every other symbol 1. A cost of
// several faces is a split card's (709.4b: its mana value is that of its
// faces' combined costs): the sum of its faces'.
func (c Cost) ManaValue() int { return c.mv }

// Colors returns the colours of the cost (rule 202.2): every colour of
// every symbol, hybrid symbols counting all their colours; for a cost of
// several faces, every colour of every face (709.4b).
func (c Cost) Colors() Colors { return c.colors }

// MarshalText returns the cost in the rules' notation ("" for no cost).
func (c Cost) MarshalText() ([]byte, error) { return []byte(c.text), nil }

// UnmarshalText reads a cost in strict notation, as ParseCost does.
func (c *Cost) UnmarshalText(b []byte) error {
	x, err := ParseCost(string(b))
	if err != nil {
		x, err = readSaved(string(b), err)
	}
	if err == nil {
		*c = x
	}
	return err
}

// holdsRemoved reports whether s writes a symbol rule 107.4 dropped.
func holdsRemoved(s string) bool {
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return false
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return false
		}
		if sym, ok := symbolFor(s[i+1 : i+j]); ok && !sym.Printed() && sym.info().removed != "" {
			return true
		}
		s = s[i+j:]
	}
}

// readSaved reads a cost today's 107.4 refuses by the newest release
// whose 107.4 reads it (a symbol the rules dropped): a cost saved before
// a rules update reads back. The error is today's.
func readSaved(s string, today error) (Cost, error) {
	if !holdsRemoved(s) {
		return Cost{}, today
	}
	rs := rules.Releases("en")
	for i := len(rs) - 1; i >= 0; i-- {
		if c, err := parseCost(s, false, rs[i]); err == nil {
			return c, nil
		}
	}
	return Cost{}, today
}

// CostError says what is wrong with a mana cost and where.
type CostError struct {
	Input  string
	Pos    int    // 1-based byte position of the offending symbol
	Symbol string // the offending text, if any
	Reason string
}

func (e *CostError) Error() string {
	return "mana cost " + names.Quote(e.Input) + ": position " + strconv.Itoa(e.Pos) + ": " + e.Reason
}

func costErr(in string, pos int, sym, reason string) error {
	return &CostError{Input: in, Pos: pos + 1, Symbol: sym, Reason: reason}
}

// ParseCost reads a cost in strict notation ("{2}{W/U}{G/P}"): only
// symbols rule 107.4 defines, written as it writes them. The empty string
// is a card without a mana cost. The faces of a card with several ("{2}{W}
// // {2}{B}", a split card) are joined by " // ", and each is kept
// (Faces); a face with no mana cost is empty ("{1}{G} // "). It
// allocates nothing unless it fails. An error that says ParseCostLenient
// reads the input is only given when it does.
func ParseCost(s string) (Cost, error) { return withHint(parseCost(s, false, "")) }

// ParseCostPrinted is ParseCost that also accepts the symbols cards print
// outside rule 107.4, with what their reminder text says they mean;
// Cost.Printed reports it.
func ParseCostPrinted(s string) (Cost, error) { return withHint(parseCost(s, true, "")) }

// ParseCostAsOf is ParseCost by the rules in force on date (YYYY-MM-DD):
// only the symbols rule 107.4 listed then (no {C} before 2016-01-16) are
// read, with what the rules say of them today; a *rules.DateError for a
// date before the oldest release known.
func ParseCostAsOf(s, date string) (Cost, error) {
	if _, ok := rules.InForce(date); !ok {
		return Cost{}, &rules.DateError{Pkg: "mana", Date: date}
	}
	return parseCost(s, false, date)
}

// faceSep joins the faces of a cost, as it joins those of a type line.
const faceSep = " // "

// parseCost reads s; printed admits the symbols cards print outside
// 107.4, asOf ("" for today) the release whose 107.4 judges the symbols.
func parseCost(s string, printed bool, asOf string) (Cost, error) {
	c := Cost{text: s}
	for i := 0; i < len(s); {
		if s[i] != '{' {
			if strings.HasPrefix(s[i:], faceSep) {
				i += len(faceSep)
				continue
			}
			why := "strict notation writes every symbol in braces"
			if s[i] == '/' || s[i] == ' ' {
				why = "strict notation joins faces by \" // \""
			}
			return Cost{}, costErr(s, i, s[i:i+1], "expected '{' ("+why+")")
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return Cost{}, costErr(s, i, s[i:], "unclosed '{'")
		}
		// The common symbols go straight into the cost: a short number
		// read in place, or one lookup; no Pip.
		if n, ok := smallNumber(s[i+1 : i+j]); ok && c.mv <= math.MaxInt-n {
			c.mv += n
			c.n++
			i += j + 1
			continue
		}
		if sym, ok := symbolFor(s[i+1 : i+j]); ok {
			if info := sym.info(); info.listed(asOf) && (printed || !info.printed) && c.mv <= math.MaxInt-info.mv {
				c.mv += info.mv
				c.colors |= info.colors
				c.printed = c.printed || info.printed
				c.n++
				i += j + 1
				continue
			}
		}
		p, err := pipFor(s, i, s[i+1:i+j], printed, asOf)
		if err != nil {
			return Cost{}, err
		}
		if err := c.add(p, s, i); err != nil {
			return Cost{}, err
		}
		i += j + 1
	}
	return c, nil
}

// add counts p into the mana value and colours.
func (c *Cost) add(p Pip, s string, i int) error {
	v := p.Generic
	if p.Symbol != 0 {
		info := p.Symbol.info()
		v = info.mv
		c.colors |= info.colors
		c.printed = c.printed || info.printed
	}
	if c.mv > math.MaxInt-v {
		return costErr(s, i, "", "the mana value overflows an int")
	}
	c.mv += v
	c.n++
	return nil
}

// pipFor reads the symbol {body} at byte i of s; printed admits the
// symbols cards print outside 107.4, asOf judges them by an older 107.4.
func pipFor(s string, i int, body string, printed bool, asOf string) (Pip, error) {
	if body != "" && isDigits(body) {
		if len(body) > 1 && body[0] == '0' {
			return Pip{}, costErr(s, i, "{"+body+"}", braced(body)+" has a leading zero; rule 107.4 writes numbers plainly")
		}
		n, err := strconv.Atoi(body)
		if err != nil {
			return Pip{}, costErr(s, i, "{"+body+"}", braced(body)+" is too large a number for an int")
		}
		return Pip{Generic: n}, nil
	}
	sym, ok := symbolFor(body)
	if !ok {
		reason := braced(body) + " is not a mana symbol defined by rule 107.4"
		if alt, ok := reordered(body); ok {
			reason += " (it writes " + alt.String() + ")"
		}
		return Pip{}, costErr(s, i, "{"+body+"}", reason)
	}
	if asOf != "" && !sym.Printed() && !sym.info().listed(asOf) {
		return Pip{}, costErr(s, i, "{"+body+"}", braced(body)+" "+sym.notListed(asOf))
	}
	if r, removed := sym.Removed(); removed && !sym.Printed() && asOf == "" {
		return Pip{}, costErr(s, i, "{"+body+"}", enum.RemovedReason(braced(body), "mana symbol", sym.String(), "107.4", r, ""))
	}
	if sym.Printed() && !printed {
		return Pip{}, costErr(s, i, "{"+body+"}", braced(body)+" is printed on cards (\""+sym.Reminder()+"\") but not defined by rule 107.4; ParseCostPrinted (validate -printed) accepts it")
	}
	return Pip{Symbol: sym}, nil
}

// braced writes a symbol's text for an error message, its body cut at
// 40 bytes: a message never repeats a huge input.
func braced(body string) string {
	const keep = 40
	if len(body) <= keep {
		return "{" + body + "}"
	}
	cut := keep
	for cut > 0 && !utf8.RuneStart(body[cut]) {
		cut--
	}
	return "{" + body[:cut] + "…}"
}

// smallNumber reads a number of up to 18 digits written as 107.4 writes
// them (no leading zero, "0" alone); anything else is left to pipFor.
func smallNumber(s string) (int, bool) {
	if s == "" || len(s) > 18 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// reordered finds the defined symbol whose halves are body's in another
// order ({U/W} → {W/U}, {P/G} → {G/P}).
func reordered(body string) (Symbol, bool) {
	parts := strings.Split(body, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	var found Symbol
	permute(parts, 0, func(p []string) bool {
		if s, ok := symbolFor(strings.Join(p, "/")); ok {
			found = s
			return false
		}
		return true
	})
	return found, found != 0
}

func permute(a []string, k int, f func([]string) bool) bool {
	if k == len(a) {
		return f(a)
	}
	for i := k; i < len(a); i++ {
		a[k], a[i] = a[i], a[k]
		if !permute(a, k+1, f) {
			a[k], a[i] = a[i], a[k]
			return false
		}
		a[k], a[i] = a[i], a[k]
	}
	return true
}

// ParseCostLenient reads the community's shorthand as well: "2WW",
// lower case, spaces, hybrid halves in either order ({U/W}), split generic
// ({1}{1}), faces joined by "//" with or without spaces ("2W//2B"). The
// result is canonical: in each face, variable symbols first, then one
// generic number, then the other symbols in the order given; faces
// joined by " // ".
func ParseCostLenient(s string) (Cost, error) {
	var l lenientCost
	var faces []string
	up := asciiUpper(s) // same length as s, so positions in errors stay right
	for i := 0; i < len(up); {
		var err error
		switch ch := up[i]; {
		case ch == ' ' || ch == '\t':
			i++
		case strings.HasPrefix(up[i:], "//"): // the faces of a split card
			faces = append(faces, l.canonical())
			l = lenientCost{}
			i += 2
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(up) && up[j] >= '0' && up[j] <= '9' {
				j++
			}
			n, convErr := strconv.Atoi(up[i:j])
			if convErr != nil {
				return Cost{}, costErr(s, i, s[i:j], s[i:j]+" is too large a number for an int")
			}
			err = l.addGeneric(s, i, n)
			i = j
		case ch == '{':
			j := strings.IndexByte(up[i:], '}')
			if j < 0 {
				return Cost{}, costErr(s, i, s[i:], "unclosed '{'")
			}
			err = l.braced(s, i, j, strings.ReplaceAll(up[i+1:i+j], " ", ""))
			i += j + 1
		default:
			sym, ok := symbolFor(up[i : i+1])
			if !ok || !sym.IsValid() {
				return Cost{}, costErr(s, i, s[i:i+1], names.Quote(s[i:i+1])+" is not a mana symbol")
			}
			l.keep(sym)
			i++
		}
		if err != nil {
			return Cost{}, err
		}
	}
	faces = append(faces, l.canonical())
	return parseCost(strings.Join(faces, faceSep), false, "")
}

// lenientCost gathers what ParseCostLenient read: the generic amount, the
// variable symbols, which the rules write first, and the rest.
type lenientCost struct {
	variable, rest []Symbol
	generic        int
	sawGeneric     bool // "{0}" is a cost; no generic part at all is none
}

func (l *lenientCost) addGeneric(s string, i, n int) error {
	if l.generic > math.MaxInt-n {
		return costErr(s, i, "", "the generic parts add up to more than an int holds")
	}
	l.generic, l.sawGeneric = l.generic+n, true
	return nil
}

func (l *lenientCost) keep(sym Symbol) {
	if sym.Group() == "variable" {
		l.variable = append(l.variable, sym)
	} else {
		l.rest = append(l.rest, sym)
	}
}

// braced reads the symbol between braces at s[i], j bytes long.
func (l *lenientCost) braced(s string, i, j int, body string) error {
	if isDigits(body) {
		n, err := strconv.Atoi(body)
		if err != nil {
			return costErr(s, i, s[i:i+j+1], braced(body)+" is too large a number for an int")
		}
		return l.addGeneric(s, i, n)
	}
	sym, ok := symbolFor(body)
	if !ok {
		sym, ok = reordered(body)
	}
	if !ok || !sym.IsValid() {
		return costErr(s, i, s[i:i+j+1], braced(body)+" is not a mana symbol defined by rule 107.4")
	}
	l.keep(sym)
	return nil
}

// canonical writes the cost as the rules order it: variable symbols,
// the generic amount, the other symbols.
func (l *lenientCost) canonical() string {
	var b strings.Builder
	for _, sym := range l.variable {
		b.WriteString(sym.String())
	}
	if l.generic > 0 || (l.sawGeneric && len(l.variable)+len(l.rest) == 0) {
		b.WriteString("{" + strconv.Itoa(l.generic) + "}")
	}
	for _, sym := range l.rest {
		b.WriteString(sym.String())
	}
	return b.String()
}

func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

// MaxPayments bounds PaymentOptions.
const MaxPayments = 4096

// ErrTooManyPayments is returned when a cost can be paid in more ways than MaxPayments.
var ErrTooManyPayments = errors.New("mana: cost has too many payment options to list")

// PaymentOptions lists the distinct ways to pay the cost (rules 107.4e,
// 107.4f, 107.4h): each hybrid symbol by either half, {2/W} by {W} or two
// generic mana, a Phyrexian symbol by its colour or life, {S} by mana from
// a snow source. Options are in the order of the symbols' halves, first
// occurrence kept: {G/W}{G/W} gives {G}{G}, {G}{W}, {W}{W}.
func (c Cost) PaymentOptions() ([]Payment, error) {
	opts := []Payment{{}}
	var err error
	c.each(func(p Pip) bool {
		if p.Symbol == 0 {
			for i := range opts {
				opts[i].Generic += p.Generic
			}
			return true
		}
		alts := p.Symbol.info().alts
		next := make([]Payment, 0, len(opts)*len(alts))
		seen := make(map[Payment]bool, len(opts)*len(alts))
		for _, o := range opts {
			for _, a := range alts {
				n := o
				n.add(a)
				if !seen[n] {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		if len(next) > MaxPayments {
			err = ErrTooManyPayments
			return false
		}
		opts = next
		return true
	})
	if err != nil {
		return nil, err
	}
	return opts, nil
}
