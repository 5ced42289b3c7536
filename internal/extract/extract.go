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
	// Lists are the facts that are plain lists of names (card types,
	// supertypes, basic land types, keyword lists), by fact name.
	Lists       map[string][]string
	Subtypes    snapshot.Subtypes
	SubtypeRule map[string]string // category → subrule number it came from
	ManaSymbols []snapshot.ManaSymbol
	// FactRule is the rule each fact was read from, as this release
	// numbers it (card types: 204.2a until 2011-07-15, 205.2a since);
	// FactRules the others, for a fact read from several (the steps).
	FactRule  map[string]string
	FactRules map[string][]string
	Rules     snapshot.Rules // text of every rule the facts came from
	// Relations tie names to a word the rules give each, by fact
	// (snapshot.Snapshot.Relations); Tokens are the predefined tokens.
	Relations map[string]map[string]string
	Tokens    []snapshot.Token
	// Forms are each keyword ability's forms, read from its subrules;
	// ActionForms each keyword action's; Designations the designations
	// each keyword gives, as its subrules name them; Through the keyword
	// actions each keyword action's rule defines it through.
	Forms, ActionForms, Designations, Through snapshot.KeywordForms
}

// List returns the names of a plain list fact.
func (f *Facts) List(fact string) []string { return f.Lists[fact] }

// Covers lists the facts found, in registry order.
func (f *Facts) Covers() []string {
	var c []string
	for _, fact := range snapshot.Registry {
		switch fact.Read {
		case snapshot.SubtypeLists:
			if len(f.Subtypes) > 0 {
				c = append(c, fact.Name)
			}
		case snapshot.ManaClauses:
			if len(f.ManaSymbols) > 0 {
				c = append(c, fact.Name)
			}
		case snapshot.TokenDefinitions:
			if len(f.Tokens) > 0 {
				c = append(c, fact.Name)
			}
		default:
			if len(f.Lists[fact.Name]) > 0 {
				c = append(c, fact.Name)
			}
		}
	}
	return c
}

// Into sets the facts found in s.
func (f *Facts) Into(s *snapshot.Snapshot) {
	s.Subtypes, s.SubtypeRules, s.ManaSymbols = f.Subtypes, snapshot.RuleRefs(f.SubtypeRule), f.ManaSymbols
	for _, fact := range snapshot.NamedLists() {
		fact.Set(s, f.Lists[fact.Name])
	}
	s.Tokens = f.Tokens
	if len(f.Forms) > 0 {
		s.KeywordForms = f.Forms
	}
	if len(f.ActionForms) > 0 {
		s.KeywordActionForms = f.ActionForms
	}
	if len(f.Designations) > 0 {
		s.KeywordDesignations = f.Designations
	}
	if len(f.Through) > 0 {
		s.KeywordActionThrough = f.Through
	}
	for k, r := range f.Relations {
		if len(r) > 0 && len(f.Lists[k]) > 0 {
			if s.Relations == nil {
				s.Relations = map[string]map[string]string{}
			}
			s.Relations[k] = r
		}
	}
	s.Rules = f.Rules
}

// FromRule reports whether a fact was read from rule n: a rule whose
// text is kept in Rules.
func (f *Facts) FromRule(n string) bool {
	_, ok := f.Rules[n]
	return ok
}

// Error is an extraction failure tied to one rule. Rule is empty when the
// rule itself was not found; Msg then says what was looked for.
type Error struct {
	Rule string
	Msg  string
}

func (e *Error) Error() string {
	if e.Rule == "" {
		return e.Msg
	}
	return "rule " + e.Rule + ": " + e.Msg
}

func errorf(rule, format string, args ...any) error {
	return &Error{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// Sections the facts are read from are named by the registry
// (snapshot.Fact.Section: "Type Line", "Numbers and Symbols", "Keyword
// Actions", ...), by the titles the rules give them whatever their
// numbers (the Type Line rule was 204 until 2011-07-15, 205 since); the
// mana values are read from "Mana Cost and Color" (SectionCost).
const (
	SectionTypeLine = "Type Line"
	SectionSymbols  = "Numbers and Symbols"
)

// hasLetter reports whether rule number n ends in a subrule's letter
// ("205.3m"); an empty number (a caller's rule without one) has none.
func hasLetter(n string) bool {
	if n == "" {
		return false
	}
	c := n[len(n)-1]
	return c >= 'a' && c <= 'z'
}

// Extract reads every fact present in rules, fact by fact as the registry
// says: each list found by the sentence that introduces it ("The card
// types are ...", "The mana symbols are ...", "The artifact types are
// ..."), or by the section whose titles it is ("Keyword Actions"),
// whatever the rule's number, so a release of 2009 (rule 204) reads like
// one of 2026 (205). Of a whole CR release (whole is its effective date),
// each fact the language's tables know and the release is not older than
// (snapshot.Fact.Since) must be found; of a rule page (whole ""), only
// rules present are read, and a page that covers a rule but yields no
// fact from it is still an error.
func Extract(lang Lang, rules []crtext.Rule, whole string) (*Facts, error) {
	p := langPhrases[lang]
	if p == nil {
		return nil, fmt.Errorf("no phrase table for language %q", lang)
	}
	typeLine, symbols := inSection(rules, SectionTypeLine), inSection(rules, SectionSymbols)
	byNum := make(map[string]crtext.Rule, len(typeLine)+len(symbols))
	for _, r := range slices.Concat(typeLine, symbols) {
		if prev, dup := byNum[r.Number]; dup {
			if prev.Text != r.Text {
				return nil, errorf(r.Number, "the rule appears twice with different text, on lines %d and %d: which one is the rules?", prev.Line, r.Line)
			}
			continue
		}
		byNum[r.Number] = r
	}
	// The rules facts come from are some of those given: room for all of
	// them, rather than a map grown five times over.
	f := &Facts{Rules: make(snapshot.Rules, len(rules)), FactRule: map[string]string{}, FactRules: map[string][]string{}, Lists: map[string][]string{}, Relations: map[string]map[string]string{}}
	sections := map[string][]crtext.Rule{SectionTypeLine: typeLine, SectionSymbols: symbols}
	for _, fact := range snapshot.Registry {
		var err error
		full := whole != "" && whole >= fact.Since
		switch fact.Read {
		case snapshot.ListSentence:
			in, ok := sections[fact.Section]
			if !ok {
				in = inSection(rules, fact.Section)
				sections[fact.Section] = in
			}
			err = readListSentence(p, fact, in, full, f)
		case snapshot.SectionTitles:
			err = readTitles(p, fact, rules, full, f)
		case snapshot.SubtypeLists:
			err = extractSubtypes(p, typeLine, byNum, full, f)
		case snapshot.ManaClauses:
			err = readMana(lang, p, rules, symbols, full, f)
		case snapshot.PhaseSteps:
			err = readSteps(p, fact, rules, full, f)
		case snapshot.TokenDefinitions:
			err = readTokens(p, fact, inSection(rules, fact.Section), full, f)
		}
		if err != nil {
			return nil, err
		}
	}
	relateColors(symbols, f)
	if err := relateZones(p, inSection(rules, snapshot.FactNamed(snapshot.FactZones).Section), f); err != nil {
		return nil, err
	}
	return f, nil
}

// readMana reads the mana symbols rule (107.4) and, in English, what each
// symbol means.
func readMana(lang Lang, p *phrases, rules, symbols []crtext.Rule, full bool, f *Facts) error {
	r, err := findRule(p, symbols, p.manaSymbols, p.manaWording, "mana symbols", full)
	if err != nil || r == nil {
		return err
	}
	var sub []crtext.Rule
	for _, sr := range symbols {
		if isSubruleOf(sr.Number, r.Number) {
			sub = append(sub, sr)
		}
	}
	syms, err := manaSymbols(p, *r, sub)
	if err != nil {
		return err
	}
	if lang == English {
		m := readManaRules(sub, inSection(rules, SectionCost))
		if err := m.meanings(r.Number, syms); err != nil && (full || m.value != "") {
			return err
		}
	}
	f.ManaSymbols = syms
	f.FactRule[snapshot.FactMana] = r.Number
	f.Rules[r.Number] = r.Text
	for _, sr := range sub {
		f.Rules[sr.Number] = sr.Text
	}
	return nil
}

// inSection returns the rules of the section titled title, and those of
// no known section (a rule page has no headings). The card types are
// listed twice in a release, in the Type Line section and in 300.1: the
// section says which list is the Type Line's.
func inSection(rules []crtext.Rule, title string) []crtext.Rule {
	i := slices.IndexFunc(rules, func(r crtext.Rule) bool { return r.Section != "" && r.Section != title })
	if i < 0 {
		return rules // no rule of another section: nothing to leave out
	}
	// A whole release: each rule under a heading, a section's rules one
	// run of them. That run is the answer, with nothing copied.
	lo := slices.IndexFunc(rules, func(r crtext.Rule) bool { return r.Section == title })
	hi := lo + 1
	for lo >= 0 && hi < len(rules) && rules[hi].Section == title {
		hi++
	}
	if lo >= 0 && !slices.ContainsFunc(rules[:lo], outside(title)) && !slices.ContainsFunc(rules[hi:], outside(title)) {
		return rules[lo:hi:hi]
	}
	out := slices.Clone(rules[:i])
	for _, r := range rules[i:] {
		if r.Section == "" || r.Section == title {
			out = append(out, r)
		}
	}
	return out
}

// outside reports whether a rule is of section title or of none, being
// outside the run of the section's rules.
func outside(title string) func(crtext.Rule) bool {
	return func(r crtext.Rule) bool { return r.Section == "" || r.Section == title }
}

// findRule returns the one rule with a sentence matching re, or nil when
// none has one and the extraction is not full. wording is how the
// sentence begins, for messages.
func findRule(p *phrases, rules []crtext.Rule, re *regexp.Regexp, wording, what string, full bool) (*crtext.Rule, error) {
	var found *crtext.Rule
	for i := range rules {
		r := &rules[i]
		if !strings.Contains(r.Text, wording) || !hasSentence(p, r.Text, re) {
			continue
		}
		if found != nil && found.Number != r.Number {
			return nil, errorf(r.Number, "says %q, as rule %s does: which one lists the %s?", wording+" ...", found.Number, what)
		}
		found = r
	}
	if found == nil && full {
		return nil, errorf("", "no rule says %q: expected the list of %s", wording+" ...", what)
	}
	return found, nil
}

func hasSentence(p *phrases, text string, re *regexp.Regexp) bool {
	text = p.withoutAsides(text)
	for s, rest, ok := nextSentence(text); ok; s, rest, ok = nextSentence(rest) {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// isSubruleOf reports whether n is a lettered subrule of rule (205.3m of 205.3).
func isSubruleOf(n, rule string) bool {
	rest, ok := strings.CutPrefix(n, rule)
	return ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
}

// parentRule is the rule a lettered subrule belongs to (205.3 of 205.3m),
// or "" for a rule without a letter.
func parentRule(n string) string {
	if i := len(n) - 1; i > 0 && n[i] >= 'a' && n[i] <= 'z' {
		return n[:i]
	}
	return ""
}

// extractSubtypes finds the subtype lists: the lettered subrules of one
// rule (205.3 today, 204.3 until 2011-07-15) whose sentences introduce
// lists, and reads every subrule of that rule.
func extractSubtypes(p *phrases, rules []crtext.Rule, byNum map[string]crtext.Rule, full bool, f *Facts) error {
	parent, first := "", ""
	for _, r := range rules {
		par := parentRule(r.Number)
		if par == "" || par == parent || f.FromRule(r.Number) || !strings.Contains(r.Text, p.typeWord) || !hasListSentence(p, r.Text) {
			continue // (the card types and supertypes sentences read like lists)
		}
		if parent != "" {
			return errorf(r.Number, "lists subtypes, as rule %s does, but they are subrules of different rules (%s and %s): which one is the subtypes rule?", first, parent, par)
		}
		parent, first = par, r.Number
	}
	if parent == "" {
		if full {
			return errorf("", "no rule lists subtypes: expected sentences like %q in the subrules of one rule", p.exampleList)
		}
		return nil
	}
	var sub []crtext.Rule
	for _, r := range rules {
		if isSubruleOf(r.Number, parent) {
			sub = append(sub, r)
		}
	}
	if r, ok := byNum[parent]; ok {
		f.Rules[r.Number] = r.Text
	}
	f.FactRule[snapshot.FactSubtypes] = parent
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
			f.Lists[snapshot.FactBasicLands] = basic
			f.FactRule[snapshot.FactBasicLands] = r.Number
		}
	}
	return nil
}

// hasListSentence reports whether text has a sentence worded like a
// subtype list, of a known category or not (an unknown one is reported
// once the subtypes rule is found).
func hasListSentence(p *phrases, text string) bool {
	text = p.withoutAsides(text)
	for s, rest, ok := nextSentence(text); ok; s, rest, ok = nextSentence(rest) {
		if _, _, _, ok := matchListSentence(p, s); ok {
			return true
		}
	}
	return false
}

// subtypeRule reads one subrule of 205.3. A subrule without a list returns
// an empty category.
func subtypeRule(p *phrases, r crtext.Rule) (cat string, names, basic []string, err error) {
	text := p.withoutAsides(r.Text)
	for s, rest, more := nextSentence(text); more; s, rest, more = nextSentence(rest) {
		words, list, isBasic, ok := matchListSentence(p, s)
		switch {
		case !ok && looksLikeList(s):
			return "", nil, nil, errorf(r.Number, "sentence %q looks like a list but matches no known wording: teach extract/lang.go its wording", crtext.Abbreviate(s))
		case !ok:
			continue
		}
		c := ""
		if !isBasic {
			if c, err = p.namedCategory(r, words); err != nil {
				return "", nil, nil, err
			}
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

// namedCategory is the category a list sentence of rule r names by
// words. In English the word must be a category's (one lower-case word)
// and the subrule must name its subtypes so ("these subtypes are called
// paragon types"): a new category needs no table, and a misread sentence
// does not become one.
func (p *phrases) namedCategory(r crtext.Rule, words string) (string, error) {
	c := p.categoryOf(words)
	if p.called == nil {
		return c, nil
	}
	if !snapshot.IsCategory(c) {
		return "", errorf(r.Number, "%q in %q is not a subtype category (one lower-case word, as in %q)", words, crtext.Abbreviate(r.Text), p.listOf("artifact"))
	}
	for _, m := range p.called.FindAllStringSubmatch(r.Text, -1) {
		if m[1] == words {
			return c, nil
		}
	}
	return "", errorf(r.Number, "lists %s types, but no sentence of the subrule says its subtypes are called %s types (expected the words %q): the list sentence may be misread", words, words, "these subtypes are called "+words+" types")
}

// matchListSentence recognises a sentence that carries a list of 205.3,
// and returns the words that name its category ("creature", "de
// criatura").
func matchListSentence(p *phrases, s string) (words, list string, basic, ok bool) {
	if rest, ok := strings.CutPrefix(s, p.basicLands); ok {
		if m := p.basicLandsEnd.FindStringIndex(rest); m != nil && m[0] > 0 {
			return "", rest[:m[0]], true, true
		}
	}
	// The wordings end before their list: a matcher given the whole
	// sentence (thousands of bytes for creatures) would clear a state as
	// long as it on every try.
	head := s[:min(len(s), listWordingMax)]
	for _, re := range p.subtypeLists {
		if m := re.FindStringSubmatchIndex(head); m != nil && m[1] < len(s) {
			return s[m[2]:m[3]], s[m[1]:], false, true
		}
	}
	return "", "", false, false
}

// listWordingMax bounds the words of a list sentence before its list
// ("All other creature types are one word long: ").
const listWordingMax = 200

// looksLikeList spots a list sentence in an unknown wording, so that a
// reworded rule fails loudly instead of silently losing its list.
func looksLikeList(s string) bool {
	return strings.Count(s, ", ") >= 3 && len(nameListRE.FindAllStringIndex(s, 4)) >= 4
}

// nameListRE matches ", Name" (capitalised, as subtype names are).
var nameListRE = regexp.MustCompile(`, (?:and |y )?\p{Lu}`)

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

// nextSentence returns the first sentence of text, split at ". " (or
// its end), and the rest. Rule numbers ("305.6") have no space after
// their period, so they never split a sentence. ok is false when text
// holds no more sentences.
func nextSentence(text string) (sentence, rest string, ok bool) {
	for text != "" {
		i := strings.Index(text, ". ")
		if i < 0 {
			s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "."))
			return s, "", s != ""
		}
		s := strings.TrimSpace(text[:i])
		text = text[i+2:]
		if s != "" {
			return s, text, true
		}
	}
	return "", "", false
}

// splitList splits "A, B, and C" / "A y B" / "A" into names.
func splitList(p *phrases, rule, list string) ([]string, error) {
	return splitNames(p, rule, list, false)
}

func splitNames(p *phrases, rule, list string, digits bool) ([]string, error) {
	parts := strings.Split(list, ",")
	last := strings.TrimSpace(parts[len(parts)-1])
	if rest, ok := strings.CutPrefix(last, p.and+" "); ok && len(parts) > 1 {
		parts[len(parts)-1] = rest
	} else if a, b, ok := strings.Cut(last, " "+p.and+" "); ok {
		parts = append(parts[:len(parts)-1], a, b)
	}
	names := make([]string, 0, len(parts))
	for _, part := range parts {
		n, err := canonical(part, digits)
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
func CanonicalName(s string) (string, error) { return canonical(s, false) }

func canonical(s string, digits bool) (string, error) {
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
		case unicode.IsLetter(r), digits && unicode.IsDigit(r) && i > 0:
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
