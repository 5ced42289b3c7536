package extract

import (
	"errors"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// SectionCost is the title of rule 202, whose 202.3 gives the mana value
// (converted mana cost until 2021) of each kind of symbol.
const SectionCost = "Mana Cost and Color"

// manaRules are the sentences of 107.4's subrules and of 202.3 that say
// what the symbols are, each found by its words, whatever its letter
// (the snow symbol is 107.4f in 2009, 107.4h since 2011). An empty rule
// is a sentence the release does not have.
type manaRules struct {
	colors     map[string]string // primary symbol → its colour letter (107.4a)
	colorsRule string
	colorless  string // {C} is one colorless mana (107.4c, since 2016)
	variable   string // variable symbols represent generic mana (107.4b)
	hybrid     string // a hybrid symbol is paid in one of two ways (107.4e)
	// phyrexian says how much life pays a Phyrexian symbol (107.4f)
	phyrexian string
	life      int
	snow      string // {S} is paid with mana from a snow source (107.4h)

	value          string // mana value is the total amount of mana (202.3)
	valueX         string // X is treated as a number off the stack (202.3e)
	x              int
	valueHybrid    string // the largest component of a hybrid symbol (202.3f)
	valuePhyrexian string // a Phyrexian symbol contributes a number (202.3g)
	phyrexianValue int
}

var (
	colorRE          = regexp.MustCompile(`\{([WUBRG])\} (?:is )?(white|blue|black|red|green)`)
	genericHalfRE    = regexp.MustCompile(`\{2/B\} can be paid with either one black mana or (?:two|2) mana of any type`)
	phyrexianLifeRE  = regexp.MustCompile(`Phyrexian mana symbol represents a cost that can be paid either with one mana of its color or by paying (\d+) life`)
	manaValueRE      = regexp.MustCompile(`^The (?:mana value|converted mana cost) of an object is a number equal to the total amount of mana in its mana cost`)
	valueXRE         = regexp.MustCompile(`with an \{X\} in its mana cost, X is treated as (\d+) while the object is not on the stack`)
	valueHybridRE    = regexp.MustCompile(`with a hybrid mana symbol in its mana cost, use the largest component of each hybrid symbol`)
	valuePhyrexianRE = regexp.MustCompile(`Each Phyrexian mana symbol in a card.s mana cost contributes (\d+) to its (?:mana value|converted mana cost)`)
)

var colorLetters = map[string]string{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

// readManaRules finds the sentences of meaning among the subrules of the
// mana symbols rule (sub) and the rules of 202.3 (cost).
func readManaRules(sub, cost []crtext.Rule) manaRules {
	m := manaRules{colors: map[string]string{}}
	for _, r := range sub {
		t, _, _ := strings.Cut(r.Text, " Example:") // examples illustrate; a price in one is not the rule
		if found := colorRE.FindAllStringSubmatch(t, -1); len(found) == 5 && m.colorsRule == "" {
			for _, c := range found {
				m.colors[c[1]] = colorLetters[c[2]]
			}
			m.colorsRule = r.Number
		}
		switch {
		case strings.Contains(t, "{C}") && strings.Contains(t, "colorless mana"):
			m.colorless = r.Number
		case strings.Contains(t, "variable symbols (such as {X}) represent generic mana"):
			m.variable = r.Number
		case strings.Contains(t, "one of two ways") && genericHalfRE.MatchString(t):
			m.hybrid = r.Number
		case strings.Contains(t, "{S}") && (strings.Contains(t, "snow source") || strings.Contains(t, "snow permanent")) && strings.Contains(t, "one mana of any type"):
			m.snow = r.Number
		}
		if l := phyrexianLifeRE.FindStringSubmatch(t); l != nil {
			m.phyrexian, m.life = r.Number, atoi(l[1])
		}
	}
	for _, r := range cost {
		switch t := r.Text; {
		case manaValueRE.MatchString(t):
			m.value = r.Number
		case valueXRE.MatchString(t):
			m.valueX, m.x = r.Number, atoi(valueXRE.FindStringSubmatch(t)[1])
		case valueHybridRE.MatchString(t):
			m.valueHybrid = r.Number
		case valuePhyrexianRE.MatchString(t):
			m.valuePhyrexian, m.phyrexianValue = r.Number, atoi(valuePhyrexianRE.FindStringSubmatch(t)[1])
		}
	}
	return m
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// errNotNumber is a part of a symbol that is no number.
var errNotNumber = errors.New("not a number")

// meanings gives each symbol of syms what the rules say it is. A symbol
// whose meaning rests on a sentence the release lacks is an error naming
// the rule and the words expected: a guess would put wrong rules into
// every validator built on the snapshot. mana is the mana symbols rule.
// Meanings share their backing arrays, so that reading them costs a few
// allocations per release, not per symbol.
func (m manaRules) meanings(mana string, syms []snapshot.ManaSymbol) error {
	if m.value == "" {
		return errorf("202.3", "no rule says %q: the mana value of the mana symbols cannot be read", "The mana value of an object is a number equal to the total amount of mana in its mana cost")
	}
	all := make([]snapshot.Meaning, len(syms))
	pays := make([]string, 0, len(syms)*len(reading{}.pay))
	rules := map[[len(reading{}.from)]string][]string{} // the same rules, one slice
	for i, s := range syms {
		if s.Group == "numeric" {
			continue // any number: its value is its number
		}
		var r reading
		if err := m.read(mana, s, &r); err != nil {
			return err
		}
		mean := &all[i]
		mean.Colors, mean.Generic, mean.Life, mean.ManaValue = colorSets[r.colors], r.generic, r.life, r.value
		n := len(pays)
		pays = append(pays, r.pay[:r.npay]...)
		mean.Pay = pays[n:len(pays):len(pays)]
		if rules[r.from] == nil {
			from := slices.DeleteFunc(slices.Clone(r.from[:]), func(r string) bool { return r == "" })
			slices.SortFunc(from, ruleCmp)
			rules[r.from] = slices.Compact(from)
		}
		mean.Rules = rules[r.from]
		syms[i].Meaning = mean
	}
	return nil
}

// reading is one symbol's meaning as it is read, in fixed arrays.
type reading struct {
	pay                  [4]string
	npay                 int
	colors               uint8 // bit i: "WUBRG"[i]
	generic, life, value int
	from                 [6]string // rules read, "" unused
	nfrom                int
}

func (r *reading) paid(ways ...string) {
	for _, w := range ways {
		r.pay[r.npay] = w
		r.npay++
	}
}

func (r *reading) readFrom(rules ...string) {
	for _, n := range rules {
		r.from[r.nfrom] = n
		r.nfrom++
	}
}

// colorSets are the colour strings by bit set, in WUBRG order ("WU" for
// 0b00011), so a symbol's colours cost no allocation.
var colorSets = func() (sets [32]snapshot.ColorLetters) {
	for mask := range sets {
		for i, c := range snapshot.ColorOrder {
			if mask&(1<<i) != 0 {
				sets[mask] += snapshot.ColorLetters(c)
			}
		}
	}
	return sets
}()

// color reads colour p of symbol s as 107.4a names it.
func (m manaRules) color(mana string, s snapshot.ManaSymbol, p string, r *reading) error {
	c, ok := m.colors[p]
	if !ok {
		return errorf(mana, "%s: %q is not a colour %s names", s.Symbol, p, orRule(m.colorsRule, mana+"a"))
	}
	r.colors |= 1 << strings.Index(snapshot.ColorOrder, c)
	r.paid(c)
	r.from[1] = m.colorsRule // one slot: colours come from one rule
	return nil
}

// need is an error for a sentence the meaning of sym rests on, or nil.
func need(rule, parent, sym, what, words string) error {
	if rule != "" {
		return nil
	}
	return errorf(parent, "no subrule says %s, which %s rests on (expected the words %q)", what, sym, words)
}

// read reads what the rules say s is into r. A symbol is read by what it
// is made of, not by the name of its group, so that a group the rules
// add ({C/P} as "the colorless Phyrexian symbol") is read by the rules of
// its parts: a colour of 107.4a, C, a number (generic mana), X (a
// variable symbol, as 107.4 calls it), S (snow), two halves (hybrid,
// 107.4e) or a last part P (Phyrexian, 107.4f). A part no rule gives a
// meaning is an error naming the rule.
func (m manaRules) read(mana string, s snapshot.ManaSymbol, r *reading) error {
	body := strings.Trim(s.Symbol, "{}")
	var parts [3]string // split without allocating
	n := 0
	for rest, more := body, true; more; n++ {
		if n == len(parts) {
			return errorf(mana, "%s has more parts than any mana symbol", s.Symbol)
		}
		parts[n], rest, more = strings.Cut(rest, "/")
	}
	r.value, r.from[0], r.nfrom = 1, m.value, 2 // from[1]: the colours' rule
	switch {
	case n > 1 && parts[n-1] == "P":
		r.readFrom(m.phyrexian, m.valuePhyrexian)
		return m.phyrexianMeaning(mana, s, parts[:n], r)
	case n == 2:
		r.readFrom(m.hybrid, m.valueHybrid)
		return m.hybridMeaning(mana, s, parts[:n], r)
	case n > 2:
		return errorf(mana, "%s has three parts, the last not P: no rule says what such a symbol is (%s group)", s.Symbol, s.Group)
	case body == "C":
		if err := need(m.colorless, mana, s.Symbol, "that {C} is colorless mana", "{C} ... colorless mana"); err != nil {
			return err
		}
		r.paid("C")
		r.readFrom(m.colorless)
	case body == "S":
		if err := need(m.snow, mana, s.Symbol, "that {S} is paid with one mana from a snow source", "{S} ... one mana of any type produced by a snow source"); err != nil {
			return err
		}
		r.paid("snow")
		r.readFrom(m.snow)
	case s.Group == "variable":
		if err := need(m.valueX, "202.3", s.Symbol, "what X counts for in a mana value", "X is treated as 0 while the object is not on the stack"); err != nil {
			return err
		}
		r.paid(body)
		r.value = m.x
		r.readFrom(m.valueX, m.variable)
	case m.colors[body] != "":
		return m.color(mana, s, body, r)
	default:
		return errorf(mana, "%s (%s group): no rule gives %q a meaning (a colour of %s, C, S, a number, a variable symbol, two halves or a last part P): teach internal/extract/meaning.go what the rules say of it", s.Symbol, s.Group, body, orRule(m.colorsRule, mana+"a"))
	}
	return nil
}

// hybridMeaning reads a hybrid symbol: paid with either half (107.4e), its mana
// value its largest component (202.3f); a half is a colour, a number
// ({2/W}: that much mana of any type) or C ({C/W}: colorless mana).
func (m manaRules) hybridMeaning(mana string, s snapshot.ManaSymbol, parts []string, r *reading) error {
	if err := need(m.hybrid, mana, s.Symbol, "how a hybrid symbol is paid", "paid in one of two ways ... {2/B} can be paid with either one black mana or two mana of any type"); err != nil {
		return err
	}
	if err := need(m.valueHybrid, "202.3", s.Symbol, "the mana value of a hybrid symbol", "use the largest component of each hybrid symbol"); err != nil {
		return err
	}
	generic := -1 // a generic half is paid last, after the colour: {2/W} is W or 2 generic
	for _, p := range parts {
		n, err := -1, errNotNumber // a colour's letter is no number: no error built for it
		if p != "" && strings.Trim(p, "0123456789") == "" {
			n, err = strconv.Atoi(p)
		}
		switch {
		case p == "C":
			r.paid("C")
		case err == nil && n >= 0 && generic < 0:
			generic = n
		case err == nil:
			return errorf(mana, "%s has two numbers: no rule says what such a hybrid symbol is", s.Symbol)
		default:
			if err := m.color(mana, s, p, r); err != nil {
				return err
			}
		}
	}
	if generic >= 0 {
		r.paid("generic")
		r.generic, r.value = generic, max(generic, 1)
	}
	return nil
}

// phyrexianMeaning reads a Phyrexian symbol: paid with its colours (or
// colorless mana, as in {C/P}) or with life (107.4f), contributing a fixed
// amount to the mana value (202.3g).
func (m manaRules) phyrexianMeaning(mana string, s snapshot.ManaSymbol, parts []string, r *reading) error {
	if len(parts) < 2 || parts[len(parts)-1] != "P" {
		return errorf(mana, "%s is in a Phyrexian group but does not end in /P", s.Symbol)
	}
	if err := need(m.phyrexian, mana, s.Symbol, "how much life pays a Phyrexian symbol", "paid either with one mana of its color or by paying 2 life"); err != nil {
		return err
	}
	if err := need(m.valuePhyrexian, "202.3", s.Symbol, "the mana value of a Phyrexian symbol", "Each Phyrexian mana symbol in a card’s mana cost contributes 1"); err != nil {
		return err
	}
	for _, p := range parts[:len(parts)-1] {
		if p == "C" {
			r.paid("C")
			continue
		}
		if err := m.color(mana, s, p, r); err != nil {
			return err
		}
	}
	r.paid("life")
	r.life, r.value = m.life, m.phyrexianValue
	return nil
}

func orRule(rule, fallback string) string {
	if rule == "" {
		return "rule " + fallback
	}
	return "rule " + rule
}

// Categories reads two facts of 205.3 from an English snapshot: which
// card types each category's subtypes go with, from the first sentence of
// the category's subrule ("Creatures and kindreds share their lists of
// subtypes" → creature, kindred; "One dungeon card (Undercity) has a
// subtype" → dungeon), and the subrule saying a subtype chosen is of one
// category only. The first needs the card types (205.2a) beside 205.3, so
// it runs on a snapshot, after a release's sources are merged; a snapshot
// without both, or in another language, is left as it is.
func Categories(s *snapshot.Snapshot) error { return CategoriesWith(s, s.CardTypes) }

// CategoriesWith is Categories of a snapshot of rule pages that lacks
// 205.2a, with the card types of the release before it (which its page
// of 205.3 does not change): what the snapshot then records of each
// category, so that nothing reads its rules again.
func CategoriesWith(s *snapshot.Snapshot, cardTypes []string) error {
	s.SubtypeCardTypes, s.SubtypeChoiceRule = nil, ""
	if s.Lang != string(English) || !s.Has(snapshot.FactSubtypes) {
		return nil
	}
	for _, n := range slices.SortedFunc(maps.Keys(s.Rules), ruleCmp) {
		if parentRule(n) == s.RuleOf(snapshot.FactSubtypes) && strings.Contains(s.Rules[n], "choose a subtype") && strings.Contains(s.Rules[n], "only one") {
			s.SubtypeChoiceRule = n
			break
		}
	}
	if len(cardTypes) == 0 {
		return nil
	}
	s.SubtypeCardTypes = snapshot.CardTypesOf{}
	for _, cat := range s.Categories() {
		rule, ok := s.SubtypeRules[cat]
		if !ok {
			continue
		}
		first, _, _ := strings.Cut(s.Rules[rule], ";")
		first, _, _ = strings.Cut(first, ".")
		words := strings.FieldsFunc(strings.ToLower(first), func(r rune) bool { return r < 'a' || r > 'z' })
		var types []string
		for _, ct := range cardTypes {
			forms := []string{ct, ct + "s", strings.TrimSuffix(ct, "y") + "ies"}
			if slices.ContainsFunc(words, func(w string) bool { return slices.Contains(forms, w) }) {
				types = append(types, ct)
			}
		}
		if len(types) == 0 {
			return errorf(rule, "the %s types' subrule names no card type in its first sentence %q: cannot tell which card types its subtypes go with (expected, say, %q)", cat, first, "Creatures and kindreds share their lists of subtypes")
		}
		s.SubtypeCardTypes[cat] = types
	}
	return nil
}

func ruleCmp(a, b string) int {
	switch {
	case snapshot.RuleLess(a, b):
		return -1
	case snapshot.RuleLess(b, a):
		return 1
	}
	return 0
}
