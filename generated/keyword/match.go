package keyword

import (
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/internal/kwform"
)

// The matcher: one form's parts against a line's tokens, for the keyword
// abilities of a keyword line (an item, which must end where an item
// may) and for the parameters of a keyword action (inside a sentence).

// match is what one form read of a line.
type match struct {
	end       int // the token after the item
	words     int // words, glued endings and symbols of its own matched
	printedTo int // where its last word of its own ends in the line, in bytes
	endByte   int // where its last token ends in the line, in bytes
	n         int // parameters read
	lastParam int // the token after the last parameter, before a shorthand
	symbolEnd int // where a symbol matched ends in the line ("STATION 12+"), in bytes
	whereEnd  int // where ", where X is ..." after it ends in the line, in bytes
	sentence  bool
	params    [kwform.MaxParams]Param
}

// reset makes m the match of nothing (its parameters past n are not
// read, and are left as they are).
func (m *match) reset() {
	*m = match{params: m.params}
}

// better reports whether m reads the item better than o: more of it;
// as much, with more words of its own; as much and as many, with no
// parameter (a keyword's own name, "Swampwalk" were the rules to list
// one, before a form it fits, "[type]walk"), else with more of them (the
// form that tells more apart: "{N+}[abilities][P/T]" of "{3+} Flying
// 2/2").
func (m *match) better(o *match) bool {
	switch {
	case m.end != o.end:
		return m.end > o.end
	case m.words != o.words:
		return m.words > o.words
	case (m.n == 0) != (o.n == 0):
		return m.n == 0
	}
	return m.n > o.n
}

// add records a parameter read (a form has at most MaxParams: cmd/gen
// refuses one with more).
func (m *match) add(p Param) {
	if m.n < len(m.params) {
		m.params[m.n] = p
		m.n++
	}
}

// itemForm is the form an item was read by best.
type itemForm struct {
	form        *Form
	ability     Ability // as the rules read name it
	was         Ability // the ability the card prints, renamed since; 0 if not
	afterFrom   bool    // its last parameter is a quality after "from"
	have, param bool    // a form read it; one with a parameter read as much
}

// item reads the keyword ability that begins at token i by the form that
// reads it best (better: "Equip planeswalker {1}" by "Equip planeswalker
// [cost]", not by "Equip [quality] [cost]"), and appends it: one Found for
// each ability a shorthand or a series gives ("Protection from black and
// from red" is two). It returns the token after the item, and whether a
// sentence follows it to the end of the line.
func (s *scan) item(t []kwform.Token, i int) (end int, sentence, ok bool) {
	var ms [3]match
	best, cur, withParams := &ms[0], &ms[1], &ms[2]
	var in itemForm
	try := func(e *ref) {
		v := e.ability
		f := &abilityForms[v][e.form]
		as, renamed := v, Ability(0)
		if !s.listed(v) || !s.formListed(f, s.r.forms) {
			// A keyword the rules renamed since, printed under its old
			// name: read as the keyword that replaced it.
			r, ok := v.ReplacedBy()
			if !ok || !s.listed(r) {
				return
			}
			as, renamed = r, v
		}
		cur.reset()
		if !s.matchParts(t, f.Parts, i, v, true, cur) || cur.words == 0 || !s.itemEnds(t, cur, f) {
			return
		}
		if cur.n > 0 && (!in.param || cur.end > withParams.end || cur.end == withParams.end && cur.words > withParams.words) {
			*withParams, in.param = *cur, true
		}
		if in.have && !cur.better(best) {
			return
		}
		best, cur = cur, best
		in = itemForm{form: f, ability: as, was: renamed, afterFrom: lastAfterFrom(f.Parts), have: true, param: in.param}
	}
	for k := range formsAnywhere {
		try(&formsAnywhere[k])
	}
	refs := s.refsAt(t, i)
	for k := range refs {
		if refs[k].kind == refForm {
			try(&refs[k])
		}
	}
	if !in.have {
		return i, false, false
	}
	if best.n == 0 && in.param && withParams.end == best.end {
		// A form of the words a card prints ("Gift a card", 702.174e)
		// says what the form with parameters that reads as much reads in
		// them ("Gift a [something]": card).
		best.params, best.n = withParams.params, withParams.n
	}
	s.appendItem(t, i, best, &in)
	return best.end, best.sentence, true
}

// appendItem appends the ability an item was read as, by the match m of
// its form: one Found, and one more for each shorthand or quality of a
// series after its last parameter.
func (s *scan) appendItem(t []kwform.Token, i int, m *match, in *itemForm) {
	// It ends with its last word, parameter or what its variable is
	// ("Ward—Pay 3 life.": the period is no part of it).
	m.endByte = max(m.printedTo, m.symbolEnd, m.whereEnd)
	for _, p := range m.params[:m.n] {
		m.endByte = max(m.endByte, p.End-s.off)
	}
	start := int(t[i].Start)
	f := Found{Kind: KindAbility, Ability: in.ability, Printed: s.src[start:m.printedTo], params: m.params, n: uint8(m.n),
		Form: in.form.Text, FormRule: in.form.Rule, Offset: s.off + start, End: s.off + m.endByte}
	if in.was != 0 {
		f.Was = f.Printed
	}
	s.dst = append(s.dst, f)
	s.nested(m)
	// "Protection from black and from red", "Kicker {1}{U} and/or
	// {2}{B}", "Hexproof from artifacts, creatures, and enchantments":
	// the ability again for each parameter after the first.
	if m.n > 0 {
		kind := m.params[m.n-1].Kind
		for p := m.lastParam; ; {
			prm, next, ok := s.more(t, kind, p, in.afterFrom)
			if !ok {
				break
			}
			f.params[m.n-1] = prm
			f.End = prm.End
			s.dst = append(s.dst, f)
			p = next
		}
	}
}

// lastAfterFrom reports whether a form ends with a quality after the
// word "from" ("Protection from [quality]", "Hexproof from [quality]"),
// of which a card may print a series.
func lastAfterFrom(parts []Part) bool {
	n := len(parts)
	return n >= 2 && parts[n-1].Kind == PartParam && parts[n-1].Param == ParamQuality && parts[n-2].Kind == PartWord && parts[n-2].Text == "from"
}

// nested appends the keyword ability a parameter names in place of a
// number ("Modular—Sunburst": sunburst, 702.44c).
func (s *scan) nested(m *match) {
	for _, p := range m.params[:m.n] {
		if v := p.Number.Ability; v != 0 {
			s.dst = append(s.dst, Found{Kind: KindAbility, Ability: v, Printed: p.Text, Offset: p.Offset, End: p.End,
				Form: abilityForms[v][0].Text, FormRule: abilityForms[v][0].Rule})
		}
	}
}

// itemEnds reports whether the item m read ends where an item may: at
// the end of the line, a separator or reminder text; after a cost or a
// number, at a sentence of the ability's own that ends the line ("Equip
// {10}. This ability costs {X} less ..."), after what its variable is
// ("Devour X, where X is ..."); after an ability whose rule writes no
// form, at its cost printed after its name and what follows it
// ("Prototype {1}{R} — 3/2", 718.1).
func (s *scan) itemEnds(t []kwform.Token, m *match, f *Form) bool {
	p := m.end
	if m.n > 0 && m.lastParam == p && p < len(t) {
		if e, ok := s.where(t, p, &m.params[m.n-1]); ok {
			m.whereEnd = int(t[e-1].End)
			m.end, m.lastParam, p = e, e, e
			if s.is(t, p, kwform.TokPeriod) && p+1 == len(t) {
				m.end = p + 1 // the period that ends the line
				return true
			}
		}
		k := m.params[m.n-1].Kind
		if (k == ParamCost || k == ParamNumber) && (s.is(t, p, kwform.TokPeriod) && p+1 < len(t) ||
			s.is(t, p, kwform.TokComma) && s.isWord(t, p+1, "where")) {
			m.sentence = true // a sentence of the ability's own, or what a variable of it is
			return true
		}
	}
	e := s.skipReminder(t, p)
	if e >= len(t) || s.is(t, e, kwform.TokComma) || s.is(t, e, kwform.TokSemicolon) {
		return true
	}
	return s.nameAndCost(t, m, f)
}

// where reads ", where X is ..." at token p after a keyword whose
// parameter prm is the variable X: what X is (prm.Where), to the end of
// its sentence or the clause after it (", then draw three cards", ",
// and Y is ..."). It returns the token after it.
func (s *scan) where(t []kwform.Token, p int, prm *Param) (int, bool) {
	x := prm.Number.Variable
	if x == "" || !s.is(t, p, kwform.TokComma) || !s.isWord(t, p+1, "where") || !s.is(t, p+2, kwform.TokWord) || s.word(t, p+2) != x || !s.isWord(t, p+3, "is") {
		return p, false
	}
	q, e := p+4, p+4
	for e < len(t) && t[e].Depth == t[p].Depth {
		if k := t[e].Kind; k == kwform.TokPeriod || k == kwform.TokSemicolon || k == kwform.TokOpen || k == kwform.TokClose ||
			k == kwform.TokComma && (s.isWord(t, e+1, "then") || s.isWord(t, e+1, "and")) {
			break
		}
		e++
	}
	if e == q {
		return p, false
	}
	prm.Where, _, _ = s.text(t, q, e)
	return e, true
}

// nameAndCost reads, after an ability whose rule writes no form (its name
// alone, its rule its title's), mana symbols printed after the name, a
// power and toughness after a dash, and what follows them to the end of
// the line: "Prototype {1}{R} — 3/2", the inset frame of rule 718.1. The
// cost and the power and toughness are its parameters.
func (s *scan) nameAndCost(t []kwform.Token, m *match, f *Form) bool {
	if m.n > 0 || hasLetter(f.Rule) || !s.is(t, m.end, kwform.TokSymbol) {
		return false // a form its rule writes, or no cost after the name
	}
	prm, end, ok := s.cost(t, m.end, nil, false)
	if !ok {
		return false
	}
	m.add(prm)
	m.lastParam, m.end, m.endByte, m.sentence = end, end, int(t[end-1].End), true
	if s.is(t, end, kwform.TokDash) {
		if pt, ok := s.pt(t, end+1); ok {
			m.add(pt)
			m.lastParam, m.end, m.endByte = end+2, end+2, int(t[end+1].End)
		}
	}
	return true
}

// matchParts matches parts at token i into m (item: an ability of a
// keyword line; else an action's parameters in a sentence). v is the
// keyword, for a symbol printed as its name ("STATION 12+").
func (s *scan) matchParts(t []kwform.Token, parts []Part, i int, v Ability, item bool, m *match) bool {
	p := i
	for k := range parts {
		part := &parts[k]
		switch part.Kind {
		case PartWord:
			if !s.wordPart(t, p, part.Text) {
				return false
			}
			p++
			m.printedTo = int(t[p-1].End)
			m.words++
		case PartDash, PartColon:
			if !s.is(t, p, punctuation[part.Kind]) {
				return false
			}
			p++
		case PartGlued:
			prm, end, ok := s.glued(t, part, p)
			if !ok {
				return false
			}
			m.add(prm)
			p = end
			m.printedTo = int(t[p-1].End)
			m.words++
		case PartSymbol:
			prm, printed, end, ok := s.symbol(t, part, p, v)
			if !ok {
				return false
			}
			m.add(prm)
			m.printedTo, m.symbolEnd = printed, int(t[end-1].End)
			p = end
			m.words++
		case PartParam:
			if p >= len(t) && k > 0 && parts[0].Kind == PartSymbol {
				continue // a symbol's abilities are the lines after it (721.2a)
			}
			at := paramAt{afterDash: k > 0 && parts[k-1].Kind == PartDash, afterFrom: k > 0 && parts[k-1].Kind == PartWord && parts[k-1].Text == "from", item: item}
			if k+1 < len(parts) {
				at.next = &parts[k+1]
			}
			prm, end, ok := s.param(t, part.Param, p, at)
			if !ok {
				return false
			}
			m.add(prm)
			p = end
			m.lastParam = p
			for at.next == nil && item {
				_, e, ok := s.more(t, part.Param, p, at.afterFrom)
				if !ok {
					break
				}
				p = e
			}
		}
	}
	m.end = p
	if p > i {
		m.endByte = int(t[p-1].End)
	}
	return true
}

// punctuation is the token each part of punctuation matches.
var punctuation = [...]kwform.TokKind{PartDash: kwform.TokDash, PartColon: kwform.TokColon}

// wordPart reports whether the token at p is the word of a form (its
// key), in any case; "a" and "an" stand for each other ("Champion an
// [object]" prints "Champion a Faerie").
func (s *scan) wordPart(t []kwform.Token, p int, word string) bool {
	if p >= len(t) {
		return false
	}
	w := s.word(t, p)
	switch {
	case kwform.Equal(w, word):
		return true
	case word == "a":
		return foldIs(w, "an")
	case word == "an":
		return foldIs(w, "a")
	}
	return false
}

// glued reads a type glued to the ending of part at token p
// ("Islandwalk"), the type perhaps a word or two before the glued one
// ("Basic landcycling", "Nonbasic landwalk"): the type, and the token
// after the glued word.
func (s *scan) glued(t []kwform.Token, part *Part, p int) (Param, int, bool) {
	// The word that ends with the part's text comes first: most lines
	// have none, and are told so before any word is looked up as a type.
	for q := p; q < p+3 && s.is(t, q, kwform.TokWord); q++ {
		w := s.word(t, q)
		stem := len(w) - len(part.Text)
		if stem <= 0 || !kwform.Equal(w[stem:], part.Text) {
			continue
		}
		if !isTypeWord(w[:stem]) {
			return Param{}, 0, false
		}
		for r := p; r < q; r++ {
			if !isTypeWord(s.word(t, r)) {
				return Param{}, 0, false
			}
		}
		a, b := int(t[p].Start), int(t[q].End)-len(part.Text)
		prm := Param{Kind: part.Param, Text: s.src[a:b], Offset: s.off + a, End: s.off + b}
		if q == p {
			prm.Subtype = s.subtypeOf(w[:stem])
		}
		return prm, q + 1, true
	}
	return Param{}, 0, false
}

// symbol reads a symbol of the part's keyword at token p: "{12+}", or as
// Oracle text prints it, its keyword's name in any case and the number
// ("STATION 12+"): the number, where the printed keyword ends in the
// line, and the token after it.
func (s *scan) symbol(t []kwform.Token, part *Part, p int, v Ability) (Param, int, int, bool) {
	if s.is(t, p, kwform.TokSymbol) {
		w := s.word(t, p)
		inner := w[1 : len(w)-1]
		cut := len(inner) - len(part.Text)
		if n, ok := digits(inner[:max(cut, 0)]); cut > 0 && ok && kwform.Equal(inner[cut:], part.Text) {
			_, a, b := s.text(t, p, p+1)
			return Param{Kind: ParamNumber, Text: inner[:cut], Number: Number{Value: n}, Offset: a + 1, End: a + 1 + cut}, b - s.off, p + 1, true
		}
		return Param{}, 0, 0, false
	}
	if !s.is(t, p, kwform.TokWord) || !kwform.Same(s.word(t, p), printedName(v.String())) || !s.is(t, p+1, kwform.TokNumber) {
		return Param{}, 0, 0, false
	}
	end := p + 2
	if part.Text != "" {
		if !s.is(t, end, kwform.TokPlus) || part.Text != "+" {
			return Param{}, 0, 0, false
		}
		end++
	}
	n, ok := digits(s.word(t, p+1))
	_, a, b := s.text(t, p+1, p+2)
	return Param{Kind: ParamNumber, Text: s.word(t, p+1), Number: Number{Value: n}, Offset: a, End: b}, int(t[p].End), end, ok
}

// printedName is a keyword's name as cards print it: its title without
// the gloss of a name of no letters ("∞ (Infinity)" prints "∞").
func printedName(name string) string {
	for i := 0; i+1 < len(name); i++ {
		if name[i] == ' ' && name[i+1] == '(' && name[len(name)-1] == ')' {
			return name[:i]
		}
	}
	return name
}

// pt reads a power and toughness at token p, typed.
func (s *scan) pt(t []kwform.Token, p int) (Param, bool) {
	if !s.is(t, p, kwform.TokPT) {
		return Param{}, false
	}
	w, a, b := s.text(t, p, p+1)
	slash := 0
	for w[slash] != '/' {
		slash++
	}
	return Param{Kind: ParamPT, Text: w, Offset: a, End: b, Power: side(w[:slash]), Toughness: side(w[slash+1:])}, true
}

// side is one side of a power and toughness: a number with its sign, or
// a variable ("X", "*").
func side(w string) Number {
	neg := w[0] == '-'
	if w[0] == '+' || w[0] == '-' {
		w = w[1:]
	}
	if w == "X" || w == "*" {
		return Number{Variable: w}
	}
	n, _ := digits(w)
	if neg {
		n = -n
	}
	return Number{Value: n}
}

// choices appends the mana cost of each choice of a cost of mana symbols
// printed with "or" between them ("{W} or {U}"): the symbols of each, as
// mana.ParseCostPrinted reads them; the cost of one choice alone.
func choices(dst []mana.Cost, text string) []mana.Cost {
	var buf [32]kwform.Token
	t := kwform.Lex(text, buf[:0])
	for i := 0; i < len(t); {
		j := i
		for j < len(t) && t[j].Kind == kwform.TokSymbol {
			j++
		}
		if j == i {
			break
		}
		if c, err := mana.ParseCostPrinted(text[t[i].Start:t[j-1].End]); err == nil {
			dst = append(dst, c)
		}
		if j+1 >= len(t) || t[j].Kind != kwform.TokWord || !foldIs(t[j].Text(text), "or") {
			break
		}
		i = j + 1
	}
	return dst
}

// AppendChoices appends to dst the mana cost of each choice of a cost
// with choices ("Cumulative upkeep {W} or {U}": {W}, {U}), or its Cost
// alone for a cost of one; nothing for a cost of words.
func (p Param) AppendChoices(dst []mana.Cost) []mana.Cost {
	if p.Kind != ParamCost || p.Cost.Len() == 0 {
		return dst
	}
	if p.Mana {
		return append(dst, p.Cost)
	}
	return choices(dst, p.Text)
}
