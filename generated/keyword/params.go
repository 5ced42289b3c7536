package keyword

import (
	"unsafe"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/kwform"
)

// The parameters of a form, each read from a line's tokens by its kind:
// numbers, costs, qualities, types (in the plural as cards print them),
// names and abilities, a power and toughness.

// paramAt is where a parameter is in its form: the part after it (nil at
// the end of the form), whether a long dash or the word "from" comes
// before it, and whether it is of an ability of a keyword line (an item,
// which the parameter may not run past) or of an action in a sentence.
type paramAt struct {
	next                 *Part
	afterDash, afterFrom bool
	item                 bool
}

// more reads, after a quality or a cost that ends a form, one more of the
// same ability: the shorthand "and from [quality]" (702.16g, 702.11f),
// "and/or [cost]" (702.33b), or, after "from", the next quality of a
// series ("Hexproof from artifacts, creatures, and enchantments": from
// each, as the shorthand says).
func (s *scan) more(t []kwform.Token, kind ParamKind, p int, afterFrom bool) (Param, int, bool) {
	q := p
	switch kind {
	case ParamQuality:
		if s.is(t, q, kwform.TokComma) {
			q++
		}
		if s.isWord(t, q, "and") {
			q++
		}
		switch {
		case q == p:
			return Param{}, p, false
		case s.isWord(t, q, "from"):
			q++
		case !afterFrom || !s.seriesTail(t, p):
			return Param{}, p, false
		}
	case ParamCost:
		if !(s.isWord(t, q, "and") && s.is(t, q+1, kwform.TokOther) && s.word(t, q+1) == "/" && s.isWord(t, q+2, "or")) {
			return Param{}, p, false
		}
		q += 3
	default:
		return Param{}, p, false
	}
	return s.param(t, kind, q, paramAt{afterFrom: afterFrom, item: true})
}

// seriesTail reports whether the tokens from p end a series of
// qualities to the end of the item: ", B, and C", " and C" after its
// first, each of words, the last after "and".
func (s *scan) seriesTail(t []kwform.Token, p int) bool {
	limit := s.itemLimit(t, p)
	for q, and := p, false; q < limit; {
		if s.is(t, q, kwform.TokComma) {
			q++
		}
		if s.isWord(t, q, "and") {
			q, and = q+1, true
		}
		start := q
		for q < limit && !s.is(t, q, kwform.TokComma) && !s.isWord(t, q, "and") {
			if !s.is(t, q, kwform.TokWord) && !s.is(t, q, kwform.TokNumber) {
				return false
			}
			q++
		}
		if q == start || s.isWord(t, start, "from") {
			return false
		}
		if and {
			return q == limit
		}
	}
	return false
}

// itemLimit is where the item at p ends at the latest: its semicolon,
// reminder text, or the end of the line, before a period that ends it.
func (s *scan) itemLimit(t []kwform.Token, p int) int {
	limit := s.reminderStart(t, p)
	for q := p; q < limit; q++ {
		if s.is(t, q, kwform.TokSemicolon) {
			limit = q
		}
	}
	if limit > p && s.is(t, limit-1, kwform.TokPeriod) {
		limit--
	}
	return limit
}

// param reads a parameter of kind at token p, where at says.
func (s *scan) param(t []kwform.Token, kind ParamKind, p int, at paramAt) (Param, int, bool) {
	switch kind {
	case ParamNumber:
		return s.number(t, p, at.item)
	case ParamCost:
		return s.cost(t, p, at.next, at.afterDash)
	case ParamPT:
		prm, ok := s.pt(t, p)
		return prm, p + 1, ok
	case ParamName, ParamAbility:
		end := s.reminderStart(t, p)
		if at.next != nil && at.next.Kind == PartParam && at.next.Param == ParamPT && end-1 > p && t[end-1].Kind == kwform.TokPT {
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
	end := s.wordsEnd(t, p, kind, at)
	if end <= p {
		return Param{}, p, false
	}
	text, a, b := s.text(t, p, end)
	prm := Param{Kind: kind, Text: text, Offset: a, End: b}
	for q := p; q < end; q++ {
		switch {
		case kind == ParamType && !isTypeWord(s.word(t, q)):
			return Param{}, p, false
		case s.is(t, q, kwform.TokColon) || s.is(t, q, kwform.TokPeriod):
			return Param{}, p, false // a sentence, not a quality
		}
	}
	if kind == ParamType && end == p+1 {
		prm.Subtype = s.subtypeOf(text)
	}
	return prm, end, true
}

// wordsEnd is where a quality or a type that begins at token p ends: at
// the part next (its word; a cost's symbols or dash; a number), or, at
// the end of the form, at the end of the item ("Enchant creature, land,
// or planeswalker" a list of one item), before "and from" (a shorthand),
// at each quality of a series after "from" ("from artifacts, creatures,
// and enchantments"), or, in a sentence, at its punctuation or a word
// that begins a clause.
func (s *scan) wordsEnd(t []kwform.Token, p int, kind ParamKind, at paramAt) int {
	limit := s.reminderStart(t, p)
	if next := at.next; next != nil {
		for q := p; q < limit; q++ {
			switch {
			case next.Kind == PartWord && s.wordPart(t, q, next.Text):
				return q
			case next.Kind == PartParam && next.Param == ParamCost && (s.is(t, q, kwform.TokSymbol) || s.is(t, q, kwform.TokDash)):
				return q
			case next.Kind == PartParam && next.Param == ParamNumber && (s.is(t, q, kwform.TokNumber) || s.is(t, q, kwform.TokWord) && s.word(t, q) == "X"):
				return q
			case !at.item && (s.is(t, q, kwform.TokPeriod) || s.is(t, q, kwform.TokComma) || s.is(t, q, kwform.TokSemicolon)):
				return p // the sentence ends before the form does
			}
		}
		return p
	}
	if !at.item {
		for q := p; q < limit; q++ {
			if k := t[q].Kind; k != kwform.TokWord && k != kwform.TokNumber && k != kwform.TokPT || q > p && clauseWord(s.word(t, q)) {
				return q
			}
		}
		return limit
	}
	// The end of the item, unless the rest is a list ("creature, land, or
	// planeswalker").
	list := false
	for q := p; q < limit; q++ {
		if s.is(t, q, kwform.TokComma) && s.isWord(t, q+1, "or") {
			list = true
		}
	}
	for q := p; q < limit; q++ {
		switch {
		case (s.is(t, q, kwform.TokComma) || s.is(t, q, kwform.TokSemicolon)) && !list:
			return q
		case kind == ParamQuality && q > p && s.isWord(t, q, "and") && (s.isWord(t, q+1, "from") || at.afterFrom && s.seriesTail(t, q)):
			return q
		case s.is(t, q, kwform.TokPeriod) && q+1 == limit:
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

// number reads a number at token p: digits, a variable (X), or, of an
// item after a long dash, the keyword ability printed in its place
// ("Modular—Sunburst", 702.43, 702.44c).
func (s *scan) number(t []kwform.Token, p int, item bool) (Param, int, bool) {
	switch {
	case s.is(t, p, kwform.TokNumber):
		n, ok := digits(s.word(t, p))
		_, a, b := s.text(t, p, p+1)
		return Param{Kind: ParamNumber, Text: s.word(t, p), Number: Number{Value: n}, Offset: a, End: b}, p + 1, ok
	case s.is(t, p, kwform.TokWord) && s.word(t, p) == "X":
		_, a, b := s.text(t, p, p+1)
		return Param{Kind: ParamNumber, Text: "X", Number: Number{Variable: "X"}, Offset: a, End: b}, p + 1, true
	case item && s.is(t, p, kwform.TokDash):
		if v, end, ok := s.abilityNamed(t, p+1); ok {
			text, a, b := s.text(t, p+1, end)
			return Param{Kind: ParamNumber, Text: text, Number: Number{Ability: v}, Offset: a, End: b}, end, true
		}
	}
	return Param{}, p, false
}

// abilityNamed reads the name of a keyword ability the rules read list
// at token p, to the end of the item (a form of its rule's that is words
// alone, "Sunburst"): the ability (as the rules read name it), and the
// token after its name.
func (s *scan) abilityNamed(t []kwform.Token, p int) (Ability, int, bool) {
	limit := s.itemLimit(t, p)
	for _, e := range s.refsAt(t, p) {
		if e.kind != refForm {
			continue
		}
		end, ok := s.leadingWords(t, p, abilityForms[e.ability][e.form].Parts)
		if !ok || end != limit {
			continue
		}
		if s.listed(e.ability) {
			return e.ability, end, true
		}
		if r, ok := e.ability.ReplacedBy(); ok && s.listed(r) {
			return r, end, true
		}
	}
	return 0, p, false
}

// leadingWords matches the words a form begins with at token p: all its
// parts, when they are words. It returns the token after them, and
// whether the form is words alone.
func (s *scan) leadingWords(t []kwform.Token, p int, parts []Part) (int, bool) {
	for _, part := range parts {
		if part.Kind != PartWord {
			return p, false
		}
		if !s.wordPart(t, p, part.Text) {
			return p, false
		}
		p++
	}
	return p, true
}

// cost reads a cost at token p: mana symbols (with choices: "{W} or
// {U}"), or the words of a cost after a long dash ("Ward—Pay 3 life.",
// "Boast — Sacrifice a creature: ..."), up to the colon of an ability
// that follows it.
func (s *scan) cost(t []kwform.Token, p int, next *Part, afterDash bool) (Param, int, bool) {
	start := p
	if s.is(t, start, kwform.TokDash) {
		start, afterDash = start+1, true
	}
	sym := start
	for s.is(t, sym, kwform.TokSymbol) {
		sym++
	}
	first := sym // the end of the first choice
	choices := false
	for sym > start && s.isWord(t, sym, "or") && s.is(t, sym+1, kwform.TokSymbol) {
		choices = true
		for sym++; s.is(t, sym, kwform.TokSymbol); sym++ {
		}
	}
	var c mana.Cost
	if first > start {
		var err error
		if c, err = s.manaCost(t, start, first); err != nil {
			if !afterDash {
				return Param{}, p, false
			}
			// Symbols of no mana ("Exhaust — {T}: Draw a card.", 107.5):
			// a cost of words and symbols, read to its colon as words are.
			c, first, sym = mana.Cost{}, start, start
		}
	}
	if !afterDash || sym > start && !s.is(t, sym, kwform.TokComma) {
		// Mana symbols, the whole cost: "Suspend X—{X}{3}{U}. X can't be 0."
		text, a, b := s.text(t, start, sym)
		return Param{Kind: ParamCost, Text: text, Cost: c, Mana: !choices, Offset: a, End: b}, sym, sym > start
	}
	// The words of a cost, perhaps after its mana symbols, to the colon
	// of the ability after it or to reminder text.
	end := s.reminderStart(t, start)
	if next != nil && next.Kind == PartColon {
		colon := start
		for colon < end && !s.is(t, colon, kwform.TokColon) {
			colon++
		}
		if colon == end {
			return Param{}, p, false
		}
		end = colon
	}
	stop := end
	if next == nil && end > start && s.is(t, end-1, kwform.TokPeriod) {
		end-- // "Ward—Pay 3 life.": the period ends the line
	}
	if end <= start {
		return Param{}, p, false
	}
	text, a, b := s.text(t, start, end)
	return Param{Kind: ParamCost, Text: text, Cost: c, Mana: first == end && !choices, Offset: a, End: b}, stop, true
}

// manaCost reads the mana symbols of tokens i to j by the rules read.
func (s *scan) manaCost(t []kwform.Token, i, j int) (mana.Cost, error) {
	symbols, _, _ := s.text(t, i, j)
	if s.r.date == "" {
		return mana.ParseCost(symbols)
	}
	return mana.ParseCostAsOf(symbols, s.r.date)
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

// isTypeWord reports whether a word is a type ("basic", "land",
// "Island", "snow", "Orcs", "nonbasic"): a card type, a supertype or a
// subtype, in the singular or as cards print its plural, "non" before one
// too.
func isTypeWord(w string) bool {
	if len(w) > 3 && foldIs(w[:3], "non") {
		w = w[3:]
		if w != "" && w[0] == '-' {
			w = w[1:]
		}
	}
	var buf [34]byte
	return typeWord(w) || singular(w, &buf) != ""
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
	return isSubtype(w)
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
		if len(w) < len(e.plural)+2 || !foldIs(w[len(w)-len(e.plural):], e.plural) {
			continue
		}
		one := w[:len(w)-len(e.plural)]
		if e.one != "" {
			n := copy(buf[:], one)
			n += copy(buf[n:], e.one)
			one = unsafe.String(&buf[0], n)
		}
		if subtypes && isSubtype(one) || !subtypes && typeWord(one) {
			return one
		}
	}
	return ""
}

// subtypeOf is the subtype a word of a type parameter names, in the
// singular or its plural ("Zombies" is Zombie before "Zombi", "-s"
// before "-es"), in a category that lists it in the rules read, else in
// the first that has ever listed it (the text may be older than they).
func (s *scan) subtypeOf(w string) subtype.Subtype {
	var buf [34]byte
	var anyTime subtype.Subtype
	for _, w := range [2]string{w, singularOf(w, &buf, true)} {
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
			if s.r.date == "" && st.IsValid() {
				return st
			}
			if known, ok := c.List().KnownAsOf(s.r.date); s.r.date != "" && ok && listedIn(data.Categories[i].Table, v, known) {
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
