package keyword

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/internal/data"
)

// The matcher: one form's parts against a line's tokens, for the keyword
// abilities of a keyword line (an item, which must end where an item
// may) and for the parameters of a keyword action (inside a sentence).

// formEntry is one form of an ability, by its first word ("" for a form
// that begins with a parameter or a symbol), which formIndex is sorted by.
type formEntry struct {
	first   string
	ability Ability
	form    int // its index in abilityForms[ability]
}

// match is what one form read of a line.
type match struct {
	end       int // the token after the item
	words     int // words, glued endings and symbols of its own matched
	printedTo int // where its last word of its own ends in the line, in bytes
	endByte   int // where its last token ends in the line, in bytes
	params    [MaxParams]Param
	n         int  // parameters read
	lastParam int  // the token after the last parameter, before a shorthand
	symbolEnd int  // where a symbol matched ends in the line ("STATION 12+"), in bytes
	sentence  bool // a sentence follows the item to the end of the line
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

// item reads the keyword ability that begins at token i by the form that
// reads it best (better: "Equip planeswalker {1}" by "Equip planeswalker
// [cost]", not by "Equip [quality] [cost]"), and appends it: one Found for
// each ability a shorthand gives ("Protection from black and from red"
// is two). It returns the token after the item, and whether a sentence
// follows it to the end of the line.
func (s *scan) item(t []lexeme, i int) (end int, sentence, ok bool) {
	var best, withParams match
	var bestForm *Form
	var bestAbility, was Ability
	try := func(e *formEntry) {
		v := e.ability
		f := &abilityForms[v][e.form]
		as, renamed := v, Ability(0)
		if !s.listed(v) || !s.formListed(f, s.forms) {
			// A keyword the rules renamed since, printed under its old
			// name: read as the keyword that replaced it.
			r, ok := v.ReplacedBy()
			if !ok || !s.listed(r) {
				return
			}
			as, renamed = r, v
		}
		m, ok := s.matchParts(t, f.Parts, i, v, true)
		if !ok || m.words == 0 || !s.itemEnds(t, &m, f) {
			return
		}
		if m.n > 0 && (withParams.end == 0 || m.end > withParams.end || m.end == withParams.end && m.words > withParams.words) {
			withParams = m
		}
		if bestForm != nil && !m.better(&best) {
			return
		}
		best, bestForm, bestAbility, was = m, f, as, renamed
	}
	k := 0
	for ; k < len(formIndex) && formIndex[k].first == ""; k++ {
		try(&formIndex[k])
	}
	if s.is(t, i, tokWord) || s.is(t, i, tokOther) {
		w := s.word(t, i)
		for k = firstForm(k, w); k < len(formIndex) && compareFold(formIndex[k].first, w) == 0; k++ {
			try(&formIndex[k])
		}
	}
	if bestForm == nil {
		return i, false, false
	}
	if best.n == 0 && withParams.n > 0 && withParams.end == best.end {
		// A form of the words a card prints ("Gift a card", 702.174e)
		// says what the form with parameters that reads as much reads in
		// them ("Gift a [something]": card).
		best.params, best.n = withParams.params, withParams.n
	}
	// It ends with its last word or parameter ("Ward—Pay 3 life.": the
	// period is no part of it).
	best.endByte = max(best.printedTo, best.symbolEnd)
	for _, p := range best.params[:best.n] {
		best.endByte = max(best.endByte, p.End-s.off)
	}
	start := int(t[i].start)
	f := Found{Kind: KindAbility, Ability: bestAbility, Printed: s.src[start:best.printedTo], Params: best.params,
		Form: bestForm.Text, FormRule: bestForm.Rule, Offset: s.off + start, End: s.off + best.endByte}
	if was != 0 {
		f.Was = f.Printed
	}
	s.dst = append(s.dst, f)
	s.nested(t, &best)
	// "Protection from black and from red", "Kicker {1}{U} and/or
	// {2}{B}": the ability again for each parameter after the first.
	if best.n > 0 {
		kind := best.params[best.n-1].Kind
		for p := best.lastParam; ; {
			prm, next, ok := s.shorthand(t, kind, p)
			if !ok {
				break
			}
			f.Params[best.n-1] = prm
			f.End = prm.End
			s.dst = append(s.dst, f)
			p = next
		}
	}
	return best.end, best.sentence, true
}

// nested appends a keyword ability a parameter names ("Modular—Sunburst":
// sunburst, 702.44).
func (s *scan) nested(t []lexeme, m *match) {
	for _, p := range m.params[:m.n] {
		if p.Kind != ParamNumber || p.Number != 0 || p.Text == "X" || p.Text == "" {
			continue
		}
		if v, ok := data.Abilities.Lookup(p.Text); ok && s.listed(Ability(v)) {
			s.dst = append(s.dst, Found{Kind: KindAbility, Ability: Ability(v), Printed: p.Text, Offset: p.Offset, End: p.End,
				Form: abilityForms[v][0].Text, FormRule: abilityForms[v][0].Rule})
		}
	}
}

// itemEnds reports whether the item m read ends where an item may: at
// the end of the line, a separator or reminder text; after a cost or a
// number, at a sentence of the ability's own that ends the line ("Equip
// {10}. This ability costs {X} less ...", "Devour X, where X is ...");
// after an ability whose rule writes no form, at its cost printed after
// its name and what follows it ("Prototype {1}{R} — 3/2", 718.1).
func (s *scan) itemEnds(t []lexeme, m *match, f *Form) bool {
	p := m.end
	if m.n > 0 && m.lastParam == p && p < len(t) {
		k := m.params[m.n-1].Kind
		if (k == ParamCost || k == ParamNumber) && (s.is(t, p, tokPeriod) && p+1 < len(t) ||
			s.is(t, p, tokComma) && p+1 < len(t) && foldIs(s.word(t, p+1), "where")) {
			m.sentence = true
			return true
		}
	}
	e := s.skipReminder(t, p)
	if e >= len(t) || s.is(t, e, tokComma) || s.is(t, e, tokSemicolon) {
		return true
	}
	return s.nameAndCost(t, m, f)
}

// nameAndCost reads, after an ability whose rule writes no form (its name
// alone, its rule its title's), mana symbols printed after the name, a
// power and toughness after a dash, and what follows them to the end of
// the line: "Prototype {1}{R} — 3/2", the inset frame of rule 718.1. The
// cost and the power and toughness are its parameters.
func (s *scan) nameAndCost(t []lexeme, m *match, f *Form) bool {
	if m.n > 0 || hasLetter(f.Rule) || !s.is(t, m.end, tokSymbol) {
		return false // a form its rule writes, or no cost after the name
	}
	prm, end, ok := s.cost(t, m.end, nil, false)
	if !ok {
		return false
	}
	m.add(prm)
	m.lastParam, m.end, m.endByte, m.sentence = end, end, int(t[end-1].end), true
	if s.is(t, end, tokDash) && s.is(t, end+1, tokPT) {
		_, a, b := s.text(t, end+1, end+2)
		m.add(Param{Kind: ParamPT, Text: s.word(t, end+1), Offset: a, End: b})
		m.lastParam, m.end, m.endByte = end+2, end+2, int(t[end+1].end)
	}
	return true
}

// matchParts matches parts at token i (item: an ability of a keyword
// line; else an action's parameters in a sentence). name is the keyword's,
// for a symbol printed as its name ("STATION 12+").
func (s *scan) matchParts(t []lexeme, parts []Part, i int, v Ability, item bool) (match, bool) {
	var m match
	p := i
	for k := range parts {
		part := &parts[k]
		afterDash := k > 0 && parts[k-1].Kind == PartDash
		switch part.Kind {
		case PartWord:
			end, ok := s.wordPart(t, p, part.Text)
			if !ok {
				return m, false
			}
			p = end
			m.printedTo = int(t[p-1].end)
			m.words++
		case PartDash:
			if !s.is(t, p, tokDash) {
				return m, false
			}
			p++
		case PartColon:
			if !s.is(t, p, tokColon) {
				return m, false
			}
			p++
		case PartGlued:
			prm, end, ok := s.glued(t, part, p)
			if !ok {
				return m, false
			}
			m.add(prm)
			p = end
			m.printedTo = int(t[p-1].end)
			m.words++
		case PartSymbol:
			prm, printed, end, ok := s.symbol(t, part, p, v)
			if !ok {
				return m, false
			}
			m.add(prm)
			m.printedTo = printed
			m.symbolEnd = int(t[end-1].end)
			p = end
			m.words++
		case PartParam:
			var next *Part
			if k+1 < len(parts) {
				next = &parts[k+1]
			}
			if p >= len(t) && k > 0 && parts[0].Kind == PartSymbol {
				continue // a symbol's abilities are the lines after it (721.2a)
			}
			prm, end, ok := s.param(t, part.Param, p, next, afterDash, item)
			if !ok {
				return m, false
			}
			m.add(prm)
			p = end
			m.lastParam = p
			if next == nil && item {
				for {
					_, e, ok := s.shorthand(t, part.Param, p)
					if !ok {
						break
					}
					p = e
				}
			}
		}
	}
	m.end = p
	if p > i {
		m.endByte = int(t[p-1].end)
	}
	return m, true
}

// wordPart matches a word of a form at token p: the token, or, for a
// word of several tokens ("{level", "n1-n2}" of "{LEVEL N1-N2}
// [Abilities] [P/T]"), the text of the tokens it spans, in any case. It
// returns the token after it.
func (s *scan) wordPart(t []lexeme, p int, word string) (int, bool) {
	if p >= len(t) {
		return p, false
	}
	if (t[p].kind == tokWord || t[p].kind == tokOther) && wordIs(s.word(t, p), word) {
		return p + 1, true
	}
	start := int(t[p].start)
	if len(s.src)-start < len(word) || !strings.EqualFold(s.src[start:start+len(word)], word) {
		return p, false
	}
	for q := p; q < len(t); q++ {
		switch {
		case int(t[q].end) == start+len(word):
			return q + 1, true
		case int(t[q].end) > start+len(word):
			return p, false
		}
	}
	return p, false
}

// wordIs reports whether w is the word of a form (lower case) in any
// case; "a" and "an" stand for each other ("Champion an [object]" prints
// "Champion a Faerie").
func wordIs(w, word string) bool {
	if strings.EqualFold(w, word) {
		return true
	}
	if strings.Contains(word, apostrophe) {
		// Either apostrophe: compared as the index's first words are.
		return compareFold(word, w) == 0
	}
	switch word {
	case "a":
		return foldIs(w, "an")
	case "an":
		return foldIs(w, "a")
	}
	return false
}

// glued reads a type glued to the ending of part at token p
// ("Islandwalk"), the type perhaps a word or two before the glued one
// ("Basic landcycling", "Nonbasic landwalk"): the type, and the token
// after the glued word.
func (s *scan) glued(t []lexeme, part *Part, p int) (Param, int, bool) {
	// The word that ends with the part's text comes first: most lines
	// have none, and are told so before any word is looked up as a type.
	for q := p; q < p+3 && s.is(t, q, tokWord); q++ {
		w := s.word(t, q)
		if len(w) <= len(part.Text) || !strings.EqualFold(w[len(w)-len(part.Text):], part.Text) {
			continue
		}
		for r := p; r < q; r++ {
			if !typeWords(s.word(t, r)) {
				return Param{}, 0, false
			}
		}
		a, b := int(t[p].start), int(t[q].end)-len(part.Text)
		typ := s.src[a:b]
		if !typeWords(typ) {
			return Param{}, 0, false
		}
		return Param{Kind: part.Param, Text: typ, Offset: s.off + a, End: s.off + b}, q + 1, true
	}
	return Param{}, 0, false
}

// symbol reads a symbol of the part's keyword at token p: "{12+}", or as
// Oracle text prints it, its keyword's name in any case and the number
// ("STATION 12+"): the number, where the printed keyword ends in the
// line, and the token after it.
func (s *scan) symbol(t []lexeme, part *Part, p int, v Ability) (Param, int, int, bool) {
	if s.is(t, p, tokSymbol) {
		w := s.word(t, p)
		inner, ok := strings.CutSuffix(w[1:len(w)-1], part.Text)
		if n, okN := digits(inner); ok && okN {
			_, a, b := s.text(t, p, p+1)
			return Param{Kind: ParamNumber, Text: inner, Number: n, Offset: a + 1, End: a + 1 + len(inner)}, b - s.off, p + 1, true
		}
		return Param{}, 0, 0, false
	}
	if !s.is(t, p, tokWord) || !strings.EqualFold(s.word(t, p), printedName(v.String())) || !s.is(t, p+1, tokNumber) {
		return Param{}, 0, 0, false
	}
	end := p + 2
	if part.Text == "+" {
		if !s.is(t, end, tokPlus) {
			return Param{}, 0, 0, false
		}
		end++
	}
	n, ok := digits(s.word(t, p+1))
	_, a, b := s.text(t, p+1, p+2)
	return Param{Kind: ParamNumber, Text: s.word(t, p+1), Number: n, Offset: a, End: b}, int(t[p].end), end, ok
}

// printedName is a keyword's name as cards print it: its title without
// the gloss of a name of no letters ("∞ (Infinity)" prints "∞").
func printedName(name string) string {
	if head, gloss, ok := strings.Cut(name, " ("); ok && strings.HasSuffix(gloss, ")") {
		return head
	}
	return name
}

// firstForm is the first index of formIndex[from:] whose first word is
// not below w in ASCII case-folded order, counted from from.
func firstForm(from int, w string) int {
	return from + sort.Search(len(formIndex)-from, func(i int) bool { return compareFold(formIndex[from+i].first, w) >= 0 })
}

// compareFold compares a lower-case a with b in ASCII case-folded order,
// either apostrophe read as the ASCII one.
func compareFold(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		i++
		j++
		if x == apostrophe[0] && strings.HasPrefix(a[i-1:], apostrophe) {
			x = '\''
			i += len(apostrophe) - 1
		}
		if y == apostrophe[0] && strings.HasPrefix(b[j-1:], apostrophe) {
			y = '\''
			j += len(apostrophe) - 1
		}
		if y >= 'A' && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	switch {
	case i < len(a):
		return 1
	case j < len(b):
		return -1
	}
	return 0
}

// apostrophe is the typographic apostrophe, which the rules print ("Doctor’s
// companion") and card text as the rules or as ASCII ("Doctor's").
const apostrophe = "’"

// foldIs reports whether w is lit, a word the reader spells (lower-case
// ASCII), in any case, as strings.EqualFold does: most words of a line
// are not, and are told so by their length or their first letter before
// any folding (only a rune beyond ASCII folds to a letter of another
// length, the Kelvin sign to k, and it makes the word longer).
func foldIs(w, lit string) bool {
	if len(w) < len(lit) || len(w) > 0 && len(lit) > 0 && w[0] < utf8.RuneSelf && w[0]|0x20 != lit[0]|0x20 {
		return false
	}
	return strings.EqualFold(w, lit)
}
