package snapshot

import (
	"slices"
	"strings"
	"sync"
)

// Fact is one kind of fact the rules define: a list of names (the card
// types), or a family of lists (the subtype categories). The registry
// below is the one place each is described; the snapshot, extraction,
// merging, guards, history, reports and the generator loop over it, so
// that a new list of the rules is a new entry (and, only if it is read in
// a new way, a reader in internal/extract).
type Fact struct {
	Name  string // key in snapshots, provenance, reports: "keyword_actions"
	Label string // in reports: "keyword actions"
	Noun  string // one of its names: "keyword action"
	// Rule is where today's rules give it ("205.2a", "701", "207.2c"); a
	// snapshot's provenance records where its release gave it (RuleOf).
	Rule string
	Read Reading
	// Section is the title of the section of the rules it is read from
	// ("Type Line", "Keyword Actions"): a reader of a whole release keeps
	// the rules of these sections only. Also are the titles of more
	// sections it is read from (the steps, of three phases).
	Section string
	Also    []string
	// Group is the fact whose rules it moves with when sources are merged
	// (the basic land types come with the subtypes of 205.3); "" for its
	// own.
	Group string
	// Spanish is set when Spanish sources pair its names with the English
	// ones (by position, or by a curated file).
	Spanish bool
	// Package is the generated package that serves it, Type its Go type
	// there; "" where the generator serves it otherwise (the subtypes, the
	// mana symbols, the basic land types).
	Package, Type string
	// Prefix is put before each constant's name ("Action" + "Tap");
	// TitleCase says the rules print its names in lower case and the
	// generated names are title-cased ("artifact" → Artifact).
	Prefix    string
	TitleCase bool
	// Under is the constants' underlying Go type ("uint8"), fixed once a
	// version is published: changing it breaks the API.
	Under string
	// Since is the first release whose rules give it: a whole release
	// older than this lacks it without being misread.
	Since string
	// Relation is what the generated package ties each name to, if
	// anything (a step to its phase).
	Relation *Relation

	get func(*Snapshot) []string
	set func(*Snapshot, []string)
	// inLists: its names are Snapshot.Lists[Name] (no get and set: a
	// closure per fact would be made when the package starts).
	inLists bool
}

// Relation ties each name of a fact to a word: one the rules give it
// (Snapshot.Relations: a step's phase, a colour's letter), or its own name
// in another list (SameName: the permanent type artifact is the card type
// artifact).
type Relation struct {
	// Method is the generated package's accessor ("Phase", "Letter").
	Method string
	// To is the fact whose names the words are ("phases"), in the same
	// package; "" keeps the word as a string (a colour's letter).
	To       string
	SameName bool
}

// Reading is how a fact is read from the rules.
type Reading int

const (
	// ListSentence: a sentence introducing the list ("The card types are
	// ...").
	ListSentence Reading = iota + 1
	// SectionTitles: the titles of the numbered rules of a section after
	// its first (701.2 "Activate" onward); a title of two names, "Tap and
	// Untap", is both.
	SectionTitles
	// SubtypeLists: the list sentences of 205.3's subrules, one list per
	// category.
	SubtypeLists
	// BasicLandsSentence: "Of that list, ... are the basic land types".
	BasicLandsSentence
	// ManaClauses: the clauses of 107.4, one group of symbols each.
	ManaClauses
	// PhaseSteps: the sentences naming a phase's steps ("The beginning
	// phase consists of three steps, in this order: untap, upkeep, and
	// draw."), one a phase; each step's phase is its relation.
	PhaseSteps
	// TokenDefinitions: the subrules of the rule on predefined tokens, one
	// token each ("A Treasure token is a colorless Treasure artifact token
	// with ...").
	TokenDefinitions
)

// Fact names, used as keys of provenance, of Covers and of lists.
const (
	FactCardTypes        = "card_types"
	FactSupertypes       = "supertypes"
	FactSubtypes         = "subtypes"
	FactBasicLands       = "basic_land_types"
	FactMana             = "mana_symbols"
	FactKeywordActions   = "keyword_actions"
	FactKeywordAbilities = "keyword_abilities"
	FactAbilityWords     = "ability_words"
	FactKeywordCounters  = "keyword_counters"
	FactColors           = "colors"
	FactPermanentTypes   = "permanent_types"
	FactZones            = "zones"
	FactPhases           = "phases"
	FactSteps            = "steps"
	FactTokens           = "tokens"
)

// Registry is every fact, in snapshot and report order. (The facts are
// an array and Registry points into it: both are laid out by the linker,
// and importing the package costs nothing.)
var Registry = []*Fact{&registry[0], &registry[1], &registry[2], &registry[3], &registry[4], &registry[5], &registry[6], &registry[7], &registry[8], &registry[9], &registry[10], &registry[11], &registry[12], &registry[13], &registry[14]}

var registry = [...]Fact{
	{Name: FactCardTypes, Label: "card types", Noun: "card type", Rule: "205.2a", Read: ListSentence, Section: "Type Line",
		Spanish: true, Package: "cardtype", Type: "CardType", TitleCase: true, Under: "uint8",
		get: func(s *Snapshot) []string { return s.CardTypes }, set: func(s *Snapshot, v []string) { s.CardTypes = v }},
	{Name: FactSupertypes, Label: "supertypes", Noun: "supertype", Rule: "205.4a", Read: ListSentence, Section: "Type Line",
		Spanish: true, Package: "cardtype", Type: "Supertype", TitleCase: true, Under: "uint8",
		get: func(s *Snapshot) []string { return s.Supertypes }, set: func(s *Snapshot, v []string) { s.Supertypes = v }},
	{Name: FactSubtypes, Label: "subtypes", Noun: "subtype", Rule: "205.3", Read: SubtypeLists, Section: "Type Line", Spanish: true},
	{Name: FactBasicLands, Label: "basic land types", Noun: "basic land type", Rule: "205.3i", Read: BasicLandsSentence, Section: "Type Line",
		Group: FactSubtypes, Since: "2022-09-08",
		get: func(s *Snapshot) []string { return s.BasicLandTypes }, set: func(s *Snapshot, v []string) { s.BasicLandTypes = v }},
	{Name: FactMana, Label: "mana symbols", Noun: "mana symbol", Rule: "107.4", Read: ManaClauses, Section: "Numbers and Symbols"},
	{Name: FactKeywordActions, Label: "keyword actions", Noun: "keyword action", Rule: "701", Read: SectionTitles, Section: "Keyword Actions",
		Package: "keyword", Type: "Action", Prefix: "Action", Under: "uint16",
		inLists: true},
	{Name: FactKeywordAbilities, Label: "keyword abilities", Noun: "keyword ability", Rule: "702", Read: SectionTitles, Section: "Keyword Abilities",
		Package: "keyword", Type: "Ability", Prefix: "Ability", Under: "uint16",
		inLists: true},
	{Name: FactAbilityWords, Label: "ability words", Noun: "ability word", Rule: "207.2c", Read: ListSentence, Section: "Text Box",
		Package: "keyword", Type: "AbilityWord", Prefix: "AbilityWord", TitleCase: true, Under: "uint16",
		inLists: true},
	{Name: FactKeywordCounters, Label: "keyword counters", Noun: "keyword counter", Rule: "122.1b", Read: ListSentence, Section: "Counters",
		Package: "keyword", Type: "Counter", Prefix: "Counter", TitleCase: true, Under: "uint16", Since: "2020-04-17",
		Relation: &Relation{Method: "Ability", To: FactKeywordAbilities, SameName: true},
		inLists:  true},
	{Name: FactColors, Label: "colors", Noun: "color", Rule: "105.1", Read: ListSentence, Section: "Colors",
		Package: "color", Type: "Color", TitleCase: true, Under: "uint8", Relation: &Relation{Method: "Letter"},
		inLists: true},
	{Name: FactPermanentTypes, Label: "permanent types", Noun: "permanent type", Rule: "110.4", Read: ListSentence, Section: "Permanents",
		Package: "cardtype", Type: "PermanentType", Prefix: "Permanent", TitleCase: true, Under: "uint8",
		Relation: &Relation{Method: "CardType", To: FactCardTypes, SameName: true},
		inLists:  true},
	{Name: FactZones, Label: "zones", Noun: "zone", Rule: "400.1", Read: ListSentence, Section: "General",
		Package: "zone", Type: "Zone", TitleCase: true, Under: "uint8", Relation: &Relation{Method: "Visibility"},
		inLists: true},
	{Name: FactPhases, Label: "phases", Noun: "phase", Rule: "500.1", Read: ListSentence, Section: "General",
		Package: "turn", Type: "Phase", Prefix: "Phase", TitleCase: true, Under: "uint8",
		inLists: true},
	{Name: FactSteps, Label: "steps", Noun: "step", Rule: "501.1", Read: PhaseSteps, Section: "Beginning Phase", Also: []string{"Combat Phase", "Ending Phase"},
		Package: "turn", Type: "Step", Prefix: "Step", TitleCase: true, Under: "uint8", Relation: &Relation{Method: "Phase", To: FactPhases},
		inLists: true},
	{Name: FactTokens, Label: "predefined tokens", Noun: "predefined token", Rule: "111.10", Read: TokenDefinitions, Section: "Tokens",
		Package: "token", Type: "Token", Under: "uint16", Since: "2019-07-12",
		get: func(s *Snapshot) []string {
			out := make([]string, len(s.Tokens))
			for i, t := range s.Tokens {
				out[i] = t.Name
			}
			return out
		}},
}

// InSection reports whether the fact is read from the section titled
// title.
func (f *Fact) InSection(title string) bool {
	return title == f.Section || slices.Contains(f.Also, title)
}

// Generated are the facts the generator serves as a list of its own
// (Package set), in registry order.
func Generated() []*Fact {
	var out []*Fact
	for _, f := range Registry {
		if f.Package != "" {
			out = append(out, f)
		}
	}
	return out
}

// Table is the name of the variable of generated/internal/data holding
// the fact's names: the plural of its Type ("CardTypes", "Abilities").
func (f *Fact) Table() string {
	if t, ok := strings.CutSuffix(f.Type, "y"); ok {
		return t + "ies"
	}
	return f.Type + "s"
}

// FactNamed returns the fact of a name, or nil.
func FactNamed(name string) *Fact {
	for _, f := range Registry {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Facts are the names of the facts, in registry order (built on first
// use: importing the package costs nothing).
func Facts() []string {
	facts.once.Do(func() {
		for _, f := range Registry {
			facts.names = append(facts.names, f.Name)
		}
	})
	return facts.names
}

var facts struct {
	once  sync.Once
	names []string
}

// NamedLists are the facts that are one list of names each (not the
// family of subtype lists), in registry order.
func NamedLists() []*Fact {
	var out []*Fact
	for _, f := range Registry {
		if f.Read != SubtypeLists {
			out = append(out, f)
		}
	}
	return out
}

// Get returns the names of the fact in s (mana symbols as written); for
// the subtypes, every category's names.
func (f *Fact) Get(s *Snapshot) []string {
	switch {
	case f.inLists:
		return s.Lists[f.Name]
	case f.get != nil:
		return f.get(s)
	case f.Read == ManaClauses:
		out := make([]string, len(s.ManaSymbols))
		for i, m := range s.ManaSymbols {
			out[i] = m.Symbol
		}
		return out
	}
	var out []string
	for _, c := range s.Categories() {
		out = append(out, s.Subtypes[c]...)
	}
	return out
}

// Set replaces the names of a fact that is one plain list; it does
// nothing for the subtypes and the mana symbols, which carry more than
// names.
func (f *Fact) Set(s *Snapshot, names []string) {
	switch {
	case f.inLists && len(names) == 0:
		delete(s.Lists, f.Name)
	case f.inLists:
		if s.Lists == nil {
			s.Lists = map[string][]string{}
		}
		s.Lists[f.Name] = names
	case f.set != nil:
		f.set(s, names)
	}
}

// TitleNames are the names a section title gives: "Tap and Untap" is two
// keyword actions, "Daybound and Nightbound" two keyword abilities; any
// other title is one name ("For Mirrodin!", "Double Strike").
func TitleNames(title string) []string {
	if a, b, two := SplitTitle(title); two {
		return []string{a, b}
	}
	return []string{title}
}

// SplitTitle is TitleNames without allocating: the names of a title, and
// whether it has two.
func SplitTitle(title string) (string, string, bool) {
	if a, b, ok := strings.Cut(title, " and "); ok && !strings.Contains(a, " ") && !strings.Contains(b, " ") && a != "" && b != "" {
		return a, b, true
	}
	return title, "", false
}

// NameRules maps each name of a fact read from a section's titles to the
// rule of s that gives it (Deathtouch → 702.2), and each step to the rule
// that lists its phase's steps (upkeep → 501.1, declare attackers →
// 506.1, cleanup → 512.1); nil for any other fact, whose names share
// their list's rule (ListRule).
func (s *Snapshot) NameRules(fact string) map[string]string {
	f := FactNamed(fact)
	if f != nil && f.Read == PhaseSteps {
		return s.stepRules(fact)
	}
	if f == nil || f.Read != SectionTitles {
		return nil
	}
	section := s.RuleOf(fact) + "."
	out := map[string]string{}
	for n, title := range s.Rules {
		rest, ok := strings.CutPrefix(n, section)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" {
			continue
		}
		a, b, two := SplitTitle(title)
		for _, name := range []string{a, b}[:1+boolInt(two)] {
			if prev, ok := out[name]; !ok || RuleLess(n, prev) {
				out[name] = n
			}
		}
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// stepRules maps each step to the rule of its phase's sentence: the first
// of the rules the steps are read from that names the phase ("The
// combat phase has five steps"; "beginning of combat" does not name the
// beginning phase).
func (s *Snapshot) stepRules(fact string) map[string]string {
	rules := append([]string{s.RuleOf(fact)}, s.Provenance[fact].Rules...)
	out := map[string]string{}
	for step, phase := range s.Relations[fact] {
		for _, r := range rules {
			if strings.Contains(strings.ToLower(s.Rules[r]), strings.ToLower(phase)+" phase") {
				out[step] = r
				break
			}
		}
	}
	return out
}
