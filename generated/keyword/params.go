package keyword

import (
	"strings"
	"unsafe"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/subtype"
)

// The parameters of a form, each read from a line's tokens by its kind:
// numbers, costs, qualities, types (in the plural as cards print them),
// names and abilities, a power and toughness.

// shorthand reads, after a quality or a cost that ends a form, the
// shorthand for one more of the same ability: "and from [quality]"
// (702.16g, 702.11f), "and/or [cost]" (702.33b).
func (s *scan) shorthand(t []lexeme, kind ParamKind, p int) (Param, int, bool) {
	q := p
	switch kind {
	case ParamQuality:
		if s.is(t, q, tokComma) {
			q++
		}
		if s.is(t, q, tokWord) && foldIs(s.word(t, q), "and") {
			q++
		}
		if !s.is(t, q, tokWord) || !foldIs(s.word(t, q), "from") || q == p {
			return Param{}, p, false
		}
		q++
	case ParamCost:
		if !(s.is(t, q, tokWord) && foldIs(s.word(t, q), "and") && s.is(t, q+1, tokOther) && s.word(t, q+1) == "/" && s.is(t, q+2, tokWord) && foldIs(s.word(t, q+2), "or")) {
			return Param{}, p, false
		}
		q += 3
	default:
		return Param{}, p, false
	}
	return s.param(t, kind, q, nil, false, true)
}

// param reads a parameter of kind at token p, before the part next (nil
// at the end of the form); afterDash when a long dash comes before it;
// item for an ability of a keyword line, which the parameter may not run
// past.
func (s *scan) param(t []lexeme, kind ParamKind, p int, next *Part, afterDash, item bool) (Param, int, bool) {
	switch kind {
	case ParamNumber:
		return s.number(t, p, item)
	case ParamCost:
		return s.cost(t, p, next, afterDash)
	case ParamPT:
		if !s.is(t, p, tokPT) {
			return Param{}, p, false
		}
		_, a, b := s.text(t, p, p+1)
		return Param{Kind: kind, Text: s.word(t, p), Offset: a, End: b}, p + 1, true
	case ParamName, ParamAbility:
		end := s.reminderStart(t, p)
		if next != nil && next.Kind == PartParam && next.Param == ParamPT && end-1 > p && t[end-1].kind == tokPT {
			end-- // "{LEVEL 1-3} [Abilities] [P/T]": the power and toughness last
		}
		if end == p {
			return Param{}, p, false
		}
		text, a, b := s.text(t, p, end)
		return Param{Kind: kind, Text: text, Offset: a, End: b}, end, true
	}
	// A quality or a type: words up to what follows it in the form, or
	// to the end of the item.
	end := s.wordsEnd(t, p, next, kind, item)
	if end <= p {
		return Param{}, p, false
	}
	text, a, b := s.text(t, p, end)
	prm := Param{Kind: kind, Text: text, Offset: a, End: b}
	if kind == ParamType {
		if !typeWords(text) {
			return Param{}, p, false
		}
		prm.Subtype = s.subtypeOf(text)
	}
	for q := p; q < end; q++ {
		if s.is(t, q, tokColon) || s.is(t, q, tokPeriod) {
			return Param{}, p, false // a sentence, not a quality
		}
	}
	return prm, end, true
}

// wordsEnd is where a quality or a type that begins at token p ends: at
// the part next (its word; a cost's symbols or dash; a number), or, at
// the end of the form, at the end of the item ("Enchant creature, land,
// or planeswalker" a list of one item), before "and from" (a shorthand)
// or, in a sentence, at its punctuation or a word that begins a clause.
func (s *scan) wordsEnd(t []lexeme, p int, next *Part, kind ParamKind, item bool) int {
	limit := s.reminderStart(t, p)
	if next != nil {
		for q := p; q < limit; q++ {
			switch {
			case next.Kind == PartWord && (s.is(t, q, tokWord) || s.is(t, q, tokOther)) && wordIs(s.word(t, q), next.Text):
				return q
			case next.Kind == PartParam && next.Param == ParamCost && (s.is(t, q, tokSymbol) || s.is(t, q, tokDash)):
				return q
			case next.Kind == PartParam && next.Param == ParamNumber && (s.is(t, q, tokNumber) || s.is(t, q, tokWord) && s.word(t, q) == "X"):
				return q
			case !item && (s.is(t, q, tokPeriod) || s.is(t, q, tokComma) || s.is(t, q, tokSemicolon)):
				return p // the sentence ends before the form does
			}
		}
		return p
	}
	if !item {
		for q := p; q < limit; q++ {
			if t[q].kind != tokWord && t[q].kind != tokNumber && t[q].kind != tokPT {
				return q
			}
			if q > p && clauseWord(s.word(t, q)) {
				return q
			}
		}
		return limit
	}
	// The end of the item, unless the rest is a list ("creature, land, or
	// planeswalker").
	list := false
	for q := p; q < limit; q++ {
		if s.is(t, q, tokComma) && s.is(t, q+1, tokWord) && foldIs(s.word(t, q+1), "or") {
			list = true
		}
	}
	for q := p; q < limit; q++ {
		switch {
		case (s.is(t, q, tokComma) || s.is(t, q, tokSemicolon)) && !list:
			return q
		case kind == ParamQuality && q > p && s.is(t, q, tokWord) && foldIs(s.word(t, q), "and") && s.is(t, q+1, tokWord) && foldIs(s.word(t, q+1), "from"):
			return q
		case s.is(t, q, tokPeriod) && q+1 == limit:
			return q
		}
	}
	return limit
}

// clauseWord reports whether a word begins a new clause after an
// action's object ("behold a Dragon or pay {2}").
func clauseWord(w string) bool {
	for _, c := range [...]string{"or", "and", "then", "unless", "if", "to", "rather", "as", "where", "until", "from", "for", "with"} {
		if foldIs(w, c) {
			return true
		}
	}
	return false
}

// reminderStart is the token where reminder text begins at or after p,
// or the line's end.
func (s *scan) reminderStart(t []lexeme, p int) int {
	for q := p; q < len(t); q++ {
		if t[q].kind == tokOpen {
			return q
		}
	}
	return len(t)
}

// number reads a number at token p: digits, X, or, after a long dash, the
// keyword ability that gives it ("Modular—Sunburst", 702.43, 702.44).
func (s *scan) number(t []lexeme, p int, item bool) (Param, int, bool) {
	switch {
	case s.is(t, p, tokNumber):
		n, ok := digits(s.word(t, p))
		_, a, b := s.text(t, p, p+1)
		return Param{Kind: ParamNumber, Text: s.word(t, p), Number: n, Offset: a, End: b}, p + 1, ok
	case s.is(t, p, tokWord) && s.word(t, p) == "X":
		_, a, b := s.text(t, p, p+1)
		return Param{Kind: ParamNumber, Text: "X", Offset: a, End: b}, p + 1, true
	case item && s.is(t, p, tokDash) && s.is(t, p+1, tokWord):
		end := s.reminderStart(t, p+1)
		if s.is(t, end-1, tokPeriod) {
			end--
		}
		text, a, b := s.text(t, p+1, end)
		if v, ok := data.Abilities.Lookup(text); ok && s.listed(Ability(v)) {
			return Param{Kind: ParamNumber, Text: text, Offset: a, End: b}, end, true
		}
	}
	return Param{}, p, false
}

// cost reads a cost at token p: mana symbols (with choices: "{W} or
// {U}"), or the words of a cost after a long dash ("Ward—Pay 3 life.",
// "Boast — Sacrifice a creature: ..."), up to the colon of an ability
// that follows it.
func (s *scan) cost(t []lexeme, p int, next *Part, afterDash bool) (Param, int, bool) {
	start := p
	if s.is(t, start, tokDash) {
		start, afterDash = start+1, true
	}
	sym := start
	for s.is(t, sym, tokSymbol) {
		sym++
	}
	first := sym // the end of the first choice
	choices := false
	for sym > start && s.is(t, sym, tokWord) && foldIs(s.word(t, sym), "or") && s.is(t, sym+1, tokSymbol) {
		choices = true
		for sym++; s.is(t, sym, tokSymbol); sym++ {
		}
	}
	var c mana.Cost
	if first > start {
		symbols, _, _ := s.text(t, start, first)
		var err error
		if s.date == "" {
			c, err = mana.ParseCost(symbols)
		} else {
			c, err = mana.ParseCostAsOf(symbols, s.date)
		}
		if err != nil {
			if !afterDash {
				return Param{}, p, false
			}
			// Symbols of no mana ("Exhaust — {T}: Draw a card.", 107.5):
			// a cost of words and symbols, read to its colon as words are.
			c, first, sym = mana.Cost{}, start, start
		}
	}
	if !afterDash || sym > start && !s.is(t, sym, tokComma) {
		// Mana symbols, the whole cost: "Suspend X—{X}{3}{U}. X can't be 0."
		text, a, b := s.text(t, start, sym)
		return Param{Kind: ParamCost, Text: text, Cost: c, Mana: !choices, Offset: a, End: b}, sym, sym > start
	}
	// The words of a cost, perhaps after its mana symbols, to the colon
	// of the ability after it or to reminder text.
	end := s.reminderStart(t, start)
	if next != nil && next.Kind == PartColon {
		colon := start
		for colon < end && !s.is(t, colon, tokColon) {
			colon++
		}
		if colon == end {
			return Param{}, p, false
		}
		end = colon
	}
	stop := end
	if next == nil && end > start && s.is(t, end-1, tokPeriod) {
		end-- // "Ward—Pay 3 life.": the period ends the line
	}
	if end <= start {
		return Param{}, p, false
	}
	text, a, b := s.text(t, start, end)
	return Param{Kind: ParamCost, Text: text, Cost: c, Mana: first == end && !choices, Offset: a, End: b}, stop, true
}

// hasLetter reports whether a rule number ends in a subrule's letter: a
// form written by a subrule, not its keyword's name alone.
func hasLetter(rule string) bool {
	return rule != "" && rule[len(rule)-1] >= 'a' && rule[len(rule)-1] <= 'z'
}

func digits(w string) (int, bool) {
	if w == "" || len(w) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return 0, false
		}
		n = n*10 + int(w[i]-'0')
	}
	return n, true
}

// typeWords reports whether t is words of types ("basic land",
// "Island", "nonbasic land", "snow", "Orcs"): each a card type, a
// supertype or a subtype, in the singular or as cards print its plural,
// "non" before one too.
func typeWords(t string) bool {
	if t == "" {
		return false
	}
	for rest, more := t, true; more; {
		var w string
		w, rest, more = strings.Cut(rest, " ")
		if len(w) > 3 && foldIs(w[:3], "non") {
			w = strings.TrimPrefix(w[3:], "-")
		}
		var buf [34]byte
		if !typeWord(w) && singular(w, &buf) == "" {
			return false
		}
	}
	return true
}

// typeWord reports whether w names a card type, a supertype or a subtype
// the rules have listed.
func typeWord(w string) bool {
	if _, ok := data.CardTypes.Lookup(w); ok {
		return true
	}
	if _, ok := data.Supertypes.Lookup(w); ok {
		return true
	}
	for i := range data.Categories {
		if _, ok := data.Categories[i].Table.Lookup(w); ok {
			return true
		}
	}
	return false
}

// singular is the type whose plural w is as cards print it ("Orcs",
// "Zombies", "Elves", "Dwarves", "Octopuses"), or "": a slice of w, or
// spelled in buf (valid while buf is), so that nothing is allocated.
func singular(w string, buf *[34]byte) string { return singularOf(w, buf, false) }

// singularOf is singular, of a subtype only where subtypes is set
// ("Zombies" is Zombie, were "zombi" a card type too).
func singularOf(w string, buf *[34]byte, subtypes bool) string {
	if len(w) > 32 {
		return ""
	}
	for _, e := range [...]struct{ plural, one string }{{"ies", "y"}, {"ves", "f"}, {"ves", "fe"}, {"s", ""}, {"es", ""}} {
		stem, ok := strings.CutSuffix(w, e.plural)
		if !ok || len(stem) < 2 {
			continue
		}
		one := stem
		if e.one != "" {
			n := copy(buf[:], stem)
			n += copy(buf[n:], e.one)
			one = unsafe.String(&buf[0], n)
		}
		if subtypes && isSubtype(one) || !subtypes && typeWord(one) {
			return one
		}
	}
	return ""
}

// subtypeOf is the subtype one word of a type parameter names, in the
// singular or its plural ("Zombies" is Zombie before "Zombi", "-s"
// before "-es"), in a category that lists it in the rules read, else in
// the first that has ever listed it (the text may be older than they);
// the zero Subtype for several words or none.
func (s *scan) subtypeOf(t string) subtype.Subtype {
	if strings.Contains(t, " ") {
		return subtype.Subtype{}
	}
	var buf [34]byte
	var anyTime subtype.Subtype
	for _, w := range [2]string{t, singularOf(t, &buf, true)} {
		if w == "" {
			continue
		}
		for i := range data.Categories {
			v, ok := data.Categories[i].Table.Lookup(w)
			if !ok {
				continue
			}
			c := subtype.Category(i + 1)
			st := subtype.Of(c, v)
			if s.date == "" && st.IsValid() {
				return st
			}
			if known, ok := c.List().KnownAsOf(s.date); s.date != "" && ok && listedIn(data.Categories[i].Table, v, known) {
				return st
			}
			if anyTime == (subtype.Subtype{}) {
				anyTime = st
			}
		}
	}
	return anyTime
}

// isSubtype reports whether w names a subtype the rules have listed, in
// any category.
func isSubtype(w string) bool {
	for i := range data.Categories {
		if _, ok := data.Categories[i].Table.Lookup(w); ok {
			return true
		}
	}
	return false
}
