// Package extract reads the facts of the type-line and mana-symbol rules
// (205.2a, 205.3, 205.4a, 107.4) from parsed rules, in English or Spanish.
//
// Lists are found by the sentences that introduce them ("The artifact types
// are ...", "Los tipos de artefacto son ..."), never by position, so a new
// subrule letter or a reworded neighbour does not shift a list into the
// wrong category. A sentence the tables do not know is not guessed at: a
// list-bearing subrule whose category cannot be named is an error.
package extract

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Apostrophe is the canonical apostrophe of printed names (Urza’s, C’tan).
const Apostrophe = "’"

// Facts is what Extract found. Missing facts are nil: a rule page covers
// only some rules.
type Facts struct {
	CardTypes      []string
	Supertypes     []string
	Subtypes       snapshot.Subtypes
	SubtypeRule    map[string]string // category → subrule number it came from
	BasicLandTypes []string
	ManaSymbols    []snapshot.ManaSymbol
	Rules          snapshot.Rules // text of every rule the facts came from
}

// Covers lists the facts found, in snapshot order.
func (f *Facts) Covers() []string {
	var c []string
	if len(f.CardTypes) > 0 {
		c = append(c, snapshot.FactCardTypes)
	}
	if len(f.Supertypes) > 0 {
		c = append(c, snapshot.FactSupertypes)
	}
	if len(f.Subtypes) > 0 {
		c = append(c, snapshot.FactSubtypes)
	}
	if len(f.BasicLandTypes) > 0 {
		c = append(c, snapshot.FactBasicLands)
	}
	if len(f.ManaSymbols) > 0 {
		c = append(c, snapshot.FactMana)
	}
	return c
}

// Error is an extraction failure tied to one rule.
type Error struct {
	Rule string
	Msg  string
}

func (e *Error) Error() string { return "rule " + e.Rule + ": " + e.Msg }

func errorf(rule, format string, args ...any) error {
	return &Error{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// Needed reports whether facts are read from rule number: the card types
// (205.2a), supertypes (205.4a), rule 205.3 and its subrules, and rule
// 107.4 and its subrules. A reader of a whole release keeps only these.
func Needed(number string) bool {
	switch number {
	case "205.2a", "205.4a", "205.3", "107.4":
		return true
	}
	return isSubruleOf(number, "205.3") || isSubruleOf(number, "107.4")
}

// Extract reads every fact present in rules. With full set (a whole CR
// release), each fact must be found; otherwise only rules present are read,
// and a page that covers a rule but yields no fact from it is still an error.
func Extract(lang Lang, rules []crtext.Rule, full bool) (*Facts, error) {
	p := langPhrases[lang]
	if p == nil {
		return nil, fmt.Errorf("no phrase table for language %q", lang)
	}
	byNum := make(map[string]crtext.Rule, len(rules))
	for _, r := range rules {
		if prev, dup := byNum[r.Number]; dup {
			if prev.Text != r.Text {
				return nil, errorf(r.Number, "the rule appears twice with different text, on lines %d and %d: which one is the rules?", prev.Line, r.Line)
			}
			continue
		}
		byNum[r.Number] = r
	}
	f := &Facts{Rules: snapshot.Rules{}}

	if r, ok := byNum["205.2a"]; ok {
		names, err := simpleList(p, p.cardTypes, r, "a sentence \""+p.cardTypesWording+" ...\"")
		if err != nil {
			return nil, err
		}
		f.CardTypes = names
		f.Rules[r.Number] = r.Text
	} else if full {
		return nil, errorf("205.2a", "rule not found; expected the list of card types")
	}

	if r, ok := byNum["205.4a"]; ok {
		names, err := simpleList(p, p.supertypes, r, "a sentence \""+p.supertypesWording+" ...\"")
		if err != nil {
			return nil, err
		}
		f.Supertypes = names
		f.Rules[r.Number] = r.Text
	} else if full {
		return nil, errorf("205.4a", "rule not found; expected the list of supertypes")
	}

	if err := extractSubtypes(p, rules, byNum, full, f); err != nil {
		return nil, err
	}

	if r, ok := byNum["107.4"]; ok {
		syms, err := manaSymbols(p, r)
		if err != nil {
			return nil, err
		}
		f.ManaSymbols = syms
		for _, sr := range rules {
			if sr.Number == "107.4" || isSubruleOf(sr.Number, "107.4") {
				f.Rules[sr.Number] = sr.Text
			}
		}
	} else if full {
		return nil, errorf("107.4", "rule not found; expected the list of mana symbols")
	}
	return f, nil
}

// isSubruleOf reports whether n is a lettered subrule of rule (205.3m of 205.3).
func isSubruleOf(n, rule string) bool {
	rest, ok := strings.CutPrefix(n, rule)
	return ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
}

func extractSubtypes(p *phrases, rules []crtext.Rule, byNum map[string]crtext.Rule, full bool, f *Facts) error {
	var sub []crtext.Rule
	for _, r := range rules {
		if isSubruleOf(r.Number, "205.3") {
			sub = append(sub, r)
		}
	}
	if len(sub) == 0 {
		if full {
			return errorf("205.3", "no subrules found; expected the subtype lists")
		}
		return nil
	}
	if r, ok := byNum["205.3"]; ok {
		f.Rules[r.Number] = r.Text
	}
	f.Subtypes = snapshot.Subtypes{}
	f.SubtypeRule = map[string]string{}
	for _, r := range sub {
		f.Rules[r.Number] = r.Text
		cat, names, basic, err := subtypeRule(p, r)
		if err != nil {
			return err
		}
		if cat == "" {
			continue
		}
		if prev, dup := f.SubtypeRule[cat]; dup {
			return errorf(r.Number, "lists %s types again (already listed in rule %s)", cat, prev)
		}
		f.Subtypes[cat] = names
		f.SubtypeRule[cat] = r.Number
		if basic != nil {
			f.BasicLandTypes = basic
		}
	}
	for _, c := range requiredCategories {
		if _, ok := f.Subtypes[c]; !ok {
			return errorf("205.3", "no subrule lists the %s types (expected a sentence like %q)", c, "The "+c+" types are ...")
		}
	}
	return nil
}

// subtypeRule reads one subrule of 205.3. A subrule without a list returns
// an empty category.
func subtypeRule(p *phrases, r crtext.Rule) (cat string, names, basic []string, err error) {
	for _, s := range sentences(p.withoutAsides(r.Text)) {
		c, list, isBasic, ok := matchListSentence(p, s)
		switch {
		case !ok && looksLikeList(s):
			return "", nil, nil, errorf(r.Number, "sentence %q looks like a list but matches no known wording: teach extract/lang.go its wording", crtext.Abbreviate(s))
		case !ok:
			continue
		case c == "" && !isBasic:
			return "", nil, nil, errorf(r.Number, "unknown subtype category in sentence %q; expected one of %s", crtext.Abbreviate(s), strings.Join(snapshot.Categories, ", "))
		}
		part, err := splitList(p, r.Number, list)
		if err != nil {
			return "", nil, nil, err
		}
		if isBasic {
			basic = part
			continue
		}
		if cat != "" && c != cat {
			return "", nil, nil, errorf(r.Number, "lists both %s and %s types", cat, c)
		}
		cat = c
		names = append(names, part...)
	}
	if err := checkUnique(r.Number, names); err != nil {
		return "", nil, nil, err
	}
	for _, b := range basic {
		if !slices.Contains(names, b) {
			return "", nil, nil, errorf(r.Number, "basic land type %q is not in the list of land types", b)
		}
	}
	return cat, names, basic, nil
}

// matchListSentence recognises a sentence that carries a list of 205.3.
// ok with an empty category means the wording is known but names a category
// the tables do not know.
func matchListSentence(p *phrases, s string) (cat, list string, basic, ok bool) {
	if m := p.basicLands.FindStringSubmatch(s); m != nil {
		return "", m[1], true, true
	}
	for _, re := range p.subtypeLists {
		if m := re.FindStringSubmatchIndex(s); m != nil && m[1] < len(s) {
			return p.category[s[m[2]:m[3]]], s[m[1]:], false, true
		}
	}
	return "", "", false, false
}

// looksLikeList spots a list sentence in an unknown wording, so that a
// reworded rule fails loudly instead of silently losing its list.
func looksLikeList(s string) bool {
	return strings.Count(s, ", ") >= 3 && len(nameListRE.FindAllStringIndex(s, 4)) >= 4
}

// nameListRE matches ", Name" (capitalised, as subtype names are).
var nameListRE = regexp.MustCompile(`, (?:and |y )?\p{Lu}`)

func simpleList(p *phrases, re *regexp.Regexp, r crtext.Rule, expected string) ([]string, error) {
	for _, s := range sentences(p.withoutAsides(r.Text)) {
		if m := re.FindStringSubmatch(s); m != nil {
			names, err := splitList(p, r.Number, m[1])
			if err != nil {
				return nil, err
			}
			return names, checkUnique(r.Number, names)
		}
	}
	return nil, errorf(r.Number, "expected %s, found %q", expected, crtext.Abbreviate(r.Text))
}

func checkUnique(rule string, names []string) error {
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return errorf(rule, "%q is listed twice", sorted[i])
		}
	}
	return nil
}

// sentences splits text at ". " (and at its end). Rule numbers ("305.6")
// have no space after their period, so they never split a sentence.
func sentences(text string) []string {
	var out []string
	for {
		i := strings.Index(text, ". ")
		if i < 0 {
			break
		}
		out = append(out, strings.TrimSpace(text[:i]))
		text = text[i+2:]
	}
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "."))
	if text != "" {
		out = append(out, text)
	}
	return out
}

// splitList splits "A, B, and C" / "A y B" / "A" into names.
func splitList(p *phrases, rule, list string) ([]string, error) {
	parts := strings.Split(list, ",")
	last := strings.TrimSpace(parts[len(parts)-1])
	if rest, ok := strings.CutPrefix(last, p.and+" "); ok && len(parts) > 1 {
		parts[len(parts)-1] = rest
	} else if a, b, ok := strings.Cut(last, " "+p.and+" "); ok {
		parts = append(parts[:len(parts)-1], a, b)
	}
	names := make([]string, 0, len(parts))
	for _, part := range parts {
		n, err := CanonicalName(part)
		if err != nil {
			return nil, errorf(rule, "%v", err)
		}
		names = append(names, n)
	}
	return names, nil
}

// CanonicalName returns a name as printed, with spaces collapsed and the
// straight apostrophe replaced by the canonical one. It rejects anything
// that cannot be a type name, so a misparsed sentence never becomes a type.
func CanonicalName(s string) (string, error) {
	n := strings.TrimSpace(s)
	// A name as the rules print it is a substring of the rule: no copy
	// unless spaces or apostrophes need mending.
	words, clean := 0, true
	for i := 0; i < len(n); i++ {
		switch c := n[i]; {
		case c == ' ' && n[i+1] != ' ':
			words++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\'' || c == 0xC2 && i+1 < len(n) && n[i+1] == 0xA0:
			clean = false // collapse spaces (the no-break one too), mend apostrophes
		}
	}
	if !clean {
		n = strings.ReplaceAll(strings.Join(strings.Fields(n), " "), "'", Apostrophe)
		words = strings.Count(n, " ")
	}
	if n == "" {
		return "", fmt.Errorf("empty entry in list")
	}
	if words+1 > 4 {
		return "", fmt.Errorf("entry %q is too long to be a type name: the list sentence was probably misread", n)
	}
	for i, r := range n {
		switch {
		case unicode.IsLetter(r):
		case r == ' ' || r == '-' || r == '’':
			if i == 0 {
				return "", fmt.Errorf("entry %q does not start with a letter", n)
			}
		default:
			return "", fmt.Errorf("entry %q contains %q, which no type name has", n, r)
		}
	}
	return n, nil
}

var symbolRE = regexp.MustCompile(`\{[^{}]*\}`)

func manaSymbols(p *phrases, r crtext.Rule) ([]snapshot.ManaSymbol, error) {
	var out []snapshot.ManaSymbol
	seen := map[string]bool{}
	groups := map[string]bool{}
	for _, clause := range strings.Split(p.aside.ReplaceAllString(r.Text, ""), ";") {
		clause = strings.TrimSpace(clause)
		i := strings.IndexByte(clause, '{')
		if i < 0 {
			return nil, errorf(r.Number, "clause %q names no mana symbol", clause)
		}
		group, ok := p.manaGroup[manaPhrase(p, clause[:i])]
		if !ok {
			return nil, errorf(r.Number, "unknown group of mana symbols %q (expected one of the known wordings, e.g. %q)", strings.TrimSpace(clause[:i]), "the hybrid symbols")
		}
		if groups[group] {
			return nil, errorf(r.Number, "group %s is listed twice", group)
		}
		groups[group] = true
		for _, sym := range symbolRE.FindAllString(clause, -1) {
			if !validSymbol(sym) {
				return nil, errorf(r.Number, "%q is not a mana symbol", sym)
			}
			if seen[sym] {
				return nil, errorf(r.Number, "mana symbol %s is listed twice", sym)
			}
			seen[sym] = true
			out = append(out, snapshot.ManaSymbol{Symbol: sym, Group: group})
		}
	}
	for _, g := range []string{"basic", "numeric", "hybrid", "phyrexian"} {
		if !groups[g] {
			return nil, errorf(r.Number, "no %s mana symbols found", g)
		}
	}
	return out, nil
}

// manaPhrase reduces "; and the snow mana symbol " to "snow mana symbol".
func manaPhrase(p *phrases, s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.TrimPrefix(s, p.and+" ")
	for _, art := range []string{"the ", "los ", "las ", "el ", "la "} {
		s = strings.TrimPrefix(s, art)
	}
	return s
}

func validSymbol(s string) bool {
	body := s[1 : len(s)-1]
	if body == "" {
		return false
	}
	for _, part := range strings.Split(body, "/") {
		if part == "" {
			return false
		}
		for _, c := range part {
			if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}
