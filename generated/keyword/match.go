package keyword

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/mana"
)

// item reads the keyword ability that begins at line[i] by the form that
// reads it best (match.better: "Equip planeswalker {1}" by "Equip
// planeswalker [cost]", not by "Equip [quality] [cost]"), and appends it: one Found for each ability a
// shorthand gives ("Protection from black and from red" is two). It
// returns where the item ends, and whether a sentence follows it to the
// end of the line.
func (s *scan) item(line string, i, off int) (end int, sentence, ok bool) {
	var best match
	var bestForm *Form
	bestAbility := 0
	try := func(e *formEntry) {
		v := int(e.ability)
		if !s.listed(Ability(v)) {
			return
		}
		f := &abilityForms[v][e.form]
		if !s.formListed(f) {
			return
		}
		m, ok := s.matchForm(f, line, i)
		if !ok || bestForm != nil && !m.better(&best) {
			return
		}
		best, bestForm, bestAbility = m, f, v
	}
	// Forms that begin with a parameter ("[type]walk", "[Quality]
	// offering") sort first, under no word; then those of the word at i.
	k := 0
	for ; k < len(formIndex) && formIndex[k].first == ""; k++ {
		try(&formIndex[k])
	}
	w := line[i:wordEnd(line, i)]
	for k = firstForm(k, w); k < len(formIndex) && compareFold(formIndex[k].first, w) == 0; k++ {
		try(&formIndex[k])
	}
	if bestForm == nil {
		return i, false, false
	}
	f := Found{Kind: KindAbility, Ability: Ability(bestAbility), Printed: line[i:best.printedTo], Params: best.params, Form: bestForm.Text, FormRule: bestForm.Rule, Offset: off + i}
	s.dst = append(s.dst, f)
	// "Protection from black and from red", "Kicker {1}{U} and/or
	// {2}{B}": the ability again for each parameter after the first.
	if best.n > 0 {
		kind := best.params[best.n-1].Kind
		for p := best.lastParam; ; {
			prm, next, ok := s.shorthand(kind, line, p)
			if !ok {
				break
			}
			f.Params[best.n-1] = prm
			s.dst = append(s.dst, f)
			p = next
		}
	}
	return best.end, best.sentence, true
}

// formEntry is one form of an ability, by its first word ("" for a form
// that begins with a parameter), which formIndex is sorted by.
type formEntry struct {
	first   string
	ability Ability
	form    int // its index in abilityForms[ability]
}

// better reports whether m reads the item better than o: more of it;
// as much, with more words of its own; as much and as many, with fewer
// parameters (a keyword's own name, "Swampwalk" were the rules to list
// one, before a form it fits, "[type]walk").
func (m *match) better(o *match) bool {
	switch {
	case m.end != o.end:
		return m.end > o.end
	case m.words != o.words:
		return m.words > o.words
	}
	return m.n < o.n
}

// match is what one form read of a line.
type match struct {
	end       int // where the item ends
	words     int // words and glued endings of its own matched
	printedTo int // where its last word of its own ends
	params    [MaxParams]Param
	n         int  // parameters read
	lastParam int  // where the last parameter ends, before a shorthand
	sentence  bool // a sentence follows the item to the end of the line
}

// matchForm matches the parts of a form at line[i:]; the item must end
// there: at the end of the line, a separator or reminder text, or, after
// a parameter, at a sentence that ends the line.
func (s *scan) matchForm(f *Form, line string, i int) (match, bool) {
	var m match
	parts := f.Parts
	p := i
	for k := range parts {
		part := &parts[k]
		afterDash := k > 0 && parts[k-1].Kind == PartDash
		if k > 0 && part.Kind != PartDash && part.Kind != PartColon && !afterDash && parts[k-1].Kind != PartColon {
			switch {
			case p < len(line) && line[p] == ' ':
				p++
			case part.Kind == PartParam && part.Param == ParamCost && strings.HasPrefix(line[p:], "—"):
				// "Ward—Pay 3 life.": a cost of words after a dash.
			default:
				return m, false
			}
		}
		switch part.Kind {
		case PartWord:
			n := wordAtFold(line, p, part.Text)
			if n == 0 {
				return m, false
			}
			p += n
			m.printedTo = p
			m.words++
		case PartDash:
			end, ok := dashAt(line, p)
			if !ok {
				return m, false
			}
			p = end
		case PartColon:
			if !strings.HasPrefix(line[p:], ": ") {
				return m, false
			}
			p += 2
		case PartGlued:
			prm, end, ok := s.glued(part, line, p)
			if !ok {
				return m, false
			}
			m.add(prm)
			p = end
			m.printedTo = p
			m.words++
		case PartParam:
			var next *Part
			if k+1 < len(parts) {
				next = &parts[k+1]
			}
			prm, end, ok := s.param(part.Param, line, p, next, afterDash)
			if !ok {
				return m, false
			}
			m.add(prm)
			p = end
			m.lastParam = p
			if next == nil {
				for {
					_, e, ok := s.shorthand(part.Param, line, p)
					if !ok {
						break
					}
					p = e
				}
			}
		}
	}
	if m.words == 0 {
		return m, false // parameters alone name no keyword
	}
	m.end = p
	if m.ends(line) {
		return m, true
	}
	return m, s.nameAndCost(&m, f, line)
}

// nameAndCost reads, after an ability whose rule writes no form (its name
// alone, its rule its title's), mana symbols printed after the name and
// what follows them to the end of the line: "Prototype {1}{R} — 3/2",
// the inset frame of rule 718.1. The cost is its parameter.
func (s *scan) nameAndCost(m *match, f *Form, line string) bool {
	if m.n > 0 || hasLetter(f.Rule) || !strings.HasPrefix(line[m.end:], " {") {
		return false // a form its rule writes, or no cost after the name
	}
	prm, end, ok := s.cost(line, m.end+1, nil, false)
	if !ok {
		return false
	}
	m.add(prm)
	m.lastParam, m.end, m.sentence = end, reminderStart(line, end), true
	return true
}

// ends reports whether the item read ends where an item may: at the end
// of the line, a separator or reminder text, or, after a cost or a
// number, at a sentence of the ability's own that ends the line ("Equip
// {10}. This ability costs {X} less ...", "Devour X, where X is ...").
func (m *match) ends(line string) bool {
	p := m.end
	if m.n > 0 && m.lastParam == p && (strings.HasPrefix(line[p:], ". ") || strings.HasPrefix(line[p:], ", where ")) {
		if k := m.params[m.n-1].Kind; k == ParamCost || k == ParamNumber {
			m.sentence = true
			return true
		}
	}
	e := skipReminder(line, p)
	return e >= len(line) || strings.HasPrefix(line[e:], ", ") || strings.HasPrefix(line[e:], "; ")
}

// dashAt reads a long dash at line[p:], spaces around it or not, and
// returns where what follows it begins.
func dashAt(line string, p int) (int, bool) {
	for p < len(line) && line[p] == ' ' {
		p++
	}
	if !strings.HasPrefix(line[p:], "—") {
		return p, false
	}
	p += len("—")
	for p < len(line) && line[p] == ' ' {
		p++
	}
	return p, true
}

// add records a parameter read (a form has at most MaxParams: cmd/gen
// refuses one with more).
func (m *match) add(p Param) {
	if m.n < len(m.params) {
		m.params[m.n] = p
		m.n++
	}
}

// glued reads a type glued to the ending of part at line[p:]
// ("Islandwalk"), the type perhaps a word or two before the glued one
// ("Basic landcycling", "Nonbasic landwalk"): the type, and where the
// glued word ends.
func (s *scan) glued(part *Part, line string, p int) (Param, int, bool) {
	for q, words := p, 0; words < 3; words++ {
		end := wordEnd(line, q)
		w := line[q:end]
		if len(w) > len(part.Text) && strings.EqualFold(w[len(w)-len(part.Text):], part.Text) {
			typ := line[p : end-len(part.Text)]
			if !s.typeWords(typ) {
				return Param{}, 0, false
			}
			return Param{Kind: part.Param, Text: typ}, end, true
		}
		if !s.typeWords(w) || end >= len(line) || line[end] != ' ' {
			return Param{}, 0, false
		}
		q = end + 1
	}
	return Param{}, 0, false
}

// shorthand reads, after a quality or a cost that ends a form, the
// shorthand for one more of the same ability: "and from [quality]"
// (702.16g, 702.11f), "and/or [cost]" (702.33b).
func (s *scan) shorthand(kind ParamKind, line string, p int) (Param, int, bool) {
	var lead string
	switch kind {
	case ParamQuality:
		for _, l := range [...]string{" and from ", ", and from ", ", from "} {
			if strings.HasPrefix(line[p:], l) {
				lead = l
			}
		}
	case ParamCost:
		lead = " and/or "
	}
	if lead == "" || !strings.HasPrefix(line[p:], lead) {
		return Param{}, p, false
	}
	return s.param(kind, line, p+len(lead), nil, false)
}

// param reads a parameter of kind at line[p:], before the part next (nil
// at the end of the form); afterDash when a long dash comes before it.
func (s *scan) param(kind ParamKind, line string, p int, next *Part, afterDash bool) (Param, int, bool) {
	switch kind {
	case ParamNumber:
		end := wordEnd(line, p)
		w := line[p:end]
		if w == "X" {
			return Param{Kind: kind, Text: w}, end, true
		}
		n, ok := digits(w)
		return Param{Kind: kind, Text: w, Number: n}, end, ok
	case ParamCost:
		return s.cost(line, p, next, afterDash)
	case ParamName, ParamAbility:
		end := reminderStart(line, p)
		text := strings.TrimSpace(line[p:end])
		return Param{Kind: kind, Text: text}, p + len(text), text != ""
	}
	// A quality or a type: words up to what follows it in the form, or
	// to the end of the item ("Enchant creature, land, or planeswalker"
	// a list of one item).
	end := reminderStart(line, p)
	if sep := itemEnd(line[p:end]); sep >= 0 && !(next == nil && strings.Contains(line[p:end], ", or ")) {
		end = p + sep
	}
	if next != nil {
		e := -1
		switch {
		case next.Kind == PartWord:
			e = indexFold(line[p:end], " "+next.Text)
		case next.Kind == PartParam && next.Param == ParamCost:
			e = strings.Index(line[p:end], " {")
			if d := strings.Index(line[p:end], "—"); d > 0 && (e < 0 || d < e) {
				e = d
			}
		case next.Kind == PartParam && next.Param == ParamNumber:
			e = strings.LastIndexByte(line[p:end], ' ')
		}
		if e <= 0 {
			return Param{}, p, false
		}
		end = p + e
	} else if e := strings.Index(line[p:end], " and from "); e > 0 && kind == ParamQuality {
		end = p + e
	}
	text := strings.TrimRight(line[p:end], " .")
	if text == "" || strings.Contains(text, ": ") || strings.Contains(text, ". ") || kind == ParamType && !s.typeWords(text) {
		return Param{}, p, false
	}
	return Param{Kind: kind, Text: text}, p + len(text), true
}

// cost reads a cost at line[p:]: mana symbols, or the words of a cost
// after a long dash ("Ward—Pay 3 life.", "Boast — Sacrifice a
// creature: ..."), up to the colon of an ability that follows it.
func (s *scan) cost(line string, p int, next *Part, afterDash bool) (Param, int, bool) {
	start := p
	if strings.HasPrefix(line[p:], "—") {
		start, afterDash = p+len("—"), true
	}
	for afterDash && start < len(line) && line[start] == ' ' {
		start++
	}
	symbols := start
	for symbols < len(line) && line[symbols] == '{' {
		c := strings.IndexByte(line[symbols:], '}')
		if c < 0 {
			return Param{}, p, false
		}
		symbols += c + 1
	}
	var c mana.Cost
	if symbols > start {
		var err error
		if s.date == "" {
			c, err = mana.ParseCost(line[start:symbols])
		} else {
			c, err = mana.ParseCostAsOf(line[start:symbols], s.date)
		}
		if err != nil {
			return Param{}, p, false
		}
	}
	if !afterDash || symbols > start && (symbols == len(line) || line[symbols] != ',') {
		// Mana symbols, the whole cost: "Suspend X—{X}{3}{U}. X can't be 0."
		return Param{Kind: ParamCost, Text: line[start:symbols], Cost: c, Mana: true}, symbols, symbols > start
	}
	// The words of a cost, perhaps after its mana symbols, to the colon
	// of the ability after it or to reminder text.
	end := reminderStart(line, start)
	if next != nil && next.Kind == PartColon {
		c := strings.Index(line[start:end], ": ")
		if c < 0 {
			return Param{}, p, false
		}
		end = start + c
	}
	text := strings.TrimRight(line[start:end], " ")
	stop := start + len(text)
	if next == nil && strings.HasSuffix(text, ".") {
		text = text[:len(text)-1] // "Ward—Pay 3 life.": the period ends the line
	}
	if text == "" {
		return Param{}, p, false
	}
	return Param{Kind: ParamCost, Text: text, Cost: c, Mana: len(text) == symbols-start}, stop, true
}

// itemEnd is where the item of s ends (a separator), or -1.
func itemEnd(s string) int {
	a, b := strings.Index(s, ", "), strings.Index(s, "; ")
	switch {
	case a < 0:
		return b
	case b < 0 || a < b:
		return a
	}
	return b
}

// reminderStart is where reminder text begins after p, or the line's end.
func reminderStart(line string, p int) int {
	if i := strings.Index(line[p:], " ("); i >= 0 {
		return p + i
	}
	return len(line)
}

// wordAtFold returns the length of word (lower case) at line[p:] in any
// case, whole (no letter after it), or 0; "a" and "an" stand for each
// other ("Champion an [object]" prints "Champion a Faerie").
func wordAtFold(line string, p int, word string) int {
	if wordAt(line, p, word) {
		return len(word)
	}
	switch word {
	case "a":
		if wordAt(line, p, "an") {
			return 2
		}
	case "an":
		if wordAt(line, p, "a") {
			return 1
		}
	}
	return 0
}

// wordAt reports whether line holds word at p, in any case, whole.
func wordAt(line string, p int, word string) bool {
	if len(line)-p < len(word) || !strings.EqualFold(line[p:p+len(word)], word) {
		return false
	}
	return !letterAt(line, p+len(word))
}

// letterAt reports whether a letter begins at line[i] (none past the
// end): an ASCII one, or one of the other letters of card names.
func letterAt(line string, i int) bool {
	if i >= len(line) {
		return false
	}
	if c := line[i]; c < utf8.RuneSelf {
		return c|0x20 >= 'a' && c|0x20 <= 'z'
	}
	r, _ := utf8.DecodeRuneInString(line[i:])
	return unicode.IsLetter(r)
}

// wordEnd is where the word at p ends: at a space, a separator, a
// period, reminder text or the long dash ("Suspend 4—{1}{U}").
func wordEnd(line string, p int) int {
	for p < len(line) && line[p] != ' ' && line[p] != ',' && line[p] != ';' && line[p] != '(' && line[p] != '.' && !strings.HasPrefix(line[p:], "—") {
		p++
	}
	return p
}

// indexFold is strings.Index of a lower-case sub in s, in any case.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// hasLetter reports whether a rule number ends in a subrule's letter: a
// form written by a subrule, not its ability's name alone.
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

// typeWords reports whether s is words of types ("basic land",
// "Island", "nonbasic land", "snow"): each a card type, a supertype or a
// subtype, "non" before one too.
func (s *scan) typeWords(t string) bool {
	if t == "" {
		return false
	}
	for rest, more := t, true; more; {
		var w string
		w, rest, more = strings.Cut(rest, " ")
		if len(w) > 3 && strings.EqualFold(w[:3], "non") {
			w = strings.TrimPrefix(w[3:], "-")
		}
		if !typeWord(w) {
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

// firstForm is the first index of formIndex[from:] whose first word is
// not below w in ASCII case-folded order, counted from from.
func firstForm(from int, w string) int {
	return from + sort.Search(len(formIndex)-from, func(i int) bool { return compareFold(formIndex[from+i].first, w) >= 0 })
}

// compareFold compares a lower-case a with b in ASCII case-folded order.
func compareFold(a, b string) int {
	n := min(len(a), len(b))
	for k := 0; k < n; k++ {
		x, y := a[k], b[k]
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
	return len(a) - len(b)
}
