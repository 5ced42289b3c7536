package extract

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Lang is a language the rules are published in.
type Lang string

const (
	English Lang = "en"
	Spanish Lang = "es"
)

// requiredManaGroups have been in 107.4 since 2009-07-11 (the Phyrexian
// symbols came in 2011, {C} and the variable symbol's own clause in 2016).
var requiredManaGroups = []string{"basic", "numeric", "hybrid"}

// phrases holds, per language, every wording the rules have used for the
// sentences that carry facts. One place, so a new wording is one new line.
type phrases struct {
	// list sentences of 205.3 up to their list, which is the rest of the
	// sentence: group 1 names the category. (A trailing "(.+)$" would make
	// the matcher walk the whole list, thousands of bytes for creatures.)
	subtypeLists []*regexp.Regexp
	// category names the category of group 1's words, where they are not
	// the category itself: Spanish ("de criatura" → creature). English
	// needs none: its word is the category ("paragon" in "The paragon
	// types are ...").
	category map[string]string
	// called finds the sentence that names a category's subtypes
	// ("these subtypes are called artifact types", "called a battle
	// type"): group 1 must be the word of the list sentence, or the list
	// was misread. Every English release since 2009 has one per list.
	called *regexp.Regexp
	// basicLands is the sentence of the basic land types: how it begins,
	// and how it ends after its list, whatever the lands' category is
	// called ("are the basic land types").
	basicLands    string
	basicLandsEnd *regexp.Regexp
	// lists are the sentences that introduce each list read from a
	// sentence, by fact name ("The card types are"): the rule that holds
	// one is found by them. A fact without one here is not read in the
	// language.
	lists map[string]listPhrase
	// steps is the sentence naming a phase's steps: group 1 the phase,
	// group 2 the list.
	steps *regexp.Regexp
	// tokens are the words of the rule on predefined tokens, whose
	// subrules define one token each.
	tokens string
	// titles says that the language's sources are whole releases, whose
	// sections give lists by their titles (the keyword actions).
	titles      bool
	manaSymbols *regexp.Regexp
	manaWording string            // how the mana symbols sentence begins
	manaGroup   map[string]string // clause words before the first symbol → group
	// zoneKindPhrases are the words, one of which every sentence
	// zoneKinds reads holds: the expression runs on those only (it
	// backtracks along the whole of a sentence of 400.7 that names a
	// public zone in passing).
	zoneKindPhrases needles
	// zoneKinds is the sentence of 400.2 naming the public or the hidden
	// zones: group 1 the zones, group 2 the kind.
	zoneKinds *regexp.Regexp
	// manaVerb ends the words of 107.4's first clause ("The mana symbols
	// are {W}, ..."): no word of its group's name.
	manaVerb string
	// variable matches a subrule calling a symbol a variable symbol
	variable *regexp.Regexp
	and      string // the word before the last list entry
	// aside matches "(see rule 301.5)" inside lists; withoutAsides drops
	// the spaces before it too. It starts with its parenthesis, so that
	// the matcher skips to each "(" instead of trying every space.
	aside *regexp.Regexp
	// typeWord is in every subtype list sentence; exampleList is one,
	// for messages, with %s for the category
	typeWord, exampleList string
}

// listOf is the list sentence of category c, for messages.
func (p *phrases) listOf(c string) string {
	for words, cat := range p.category {
		if cat == c {
			return fmt.Sprintf(p.exampleList, words)
		}
	}
	return fmt.Sprintf(p.exampleList, c)
}

// categoryOf names the category of a list sentence's words: in English
// the word itself, in Spanish the table's, or a provisional name
// (snapshot.Unnamed) that pairing with the English release of the same
// date replaces by the English category of the same subrule.
func (p *phrases) categoryOf(words string) string {
	if p.category == nil {
		return words
	}
	if c, ok := p.category[words]; ok {
		return c
	}
	return snapshot.Unnamed(words)
}

// calledVariable reports whether a subrule of 107.4 calls sym a variable
// symbol ("variable symbols (such as {X})").
func (p *phrases) calledVariable(sym string, sub []crtext.Rule) bool {
	for _, r := range sub {
		for _, m := range p.variable.FindAllStringSubmatch(r.Text, -1) {
			if m[1] == sym {
				return true
			}
		}
	}
	return false
}

var langPhrases = map[Lang]*phrases{
	English: {
		subtypeLists: []*regexp.Regexp{
			regexp.MustCompile(`^The (\S+) types are `),
			regexp.MustCompile(`^That (\S+) type is `),
			regexp.MustCompile(`^One (\S+) type is [^:]+: `),
			regexp.MustCompile(`^All other (\S+) types are [^:]+: `),
			regexp.MustCompile(`^The only (\S+) type at this time is `), // a list of one, until 2009-10-01
		},
		called:        regexp.MustCompile(`called (?:an? )?(\S+) types?\b`),
		basicLands:    "Of that list, ",
		basicLandsEnd: regexp.MustCompile(` are the basic \S+ types$`),
		lists: map[string]listPhrase{
			snapshot.FactCardTypes:       {wording: "The card types are"},
			snapshot.FactSupertypes:      {wording: "The supertypes are"},
			snapshot.FactAbilityWords:    {wording: "The ability words are"},
			snapshot.FactKeywordCounters: {wording: "The keywords that a keyword counter can be are", end: ", as well as any variants"},
			snapshot.FactColors:          {wording: "colors in the", intro: `There are \S+ colors in the _?Magic_? game:`},
			snapshot.FactPermanentTypes:  {wording: "permanent types:", intro: `There are \S+ permanent types:`},
			snapshot.FactZones:           {wording: "zones:", intro: `There are normally \S+ zones:`, also: `Some older cards also use the (\S+) zone`},
			snapshot.FactPhases:          {wording: "phases, in this order:", intro: `A turn consists of \S+ phases, in this order:`},
		},
		steps:       regexp.MustCompile(`^The (\S+) phase (?:consists of|has) \S+ steps(?:, in this order|, which proceed in order)?: (.+)$`),
		tokens:      "create a predefined token",
		titles:      true,
		manaSymbols: regexp.MustCompile(`^The mana symbols are `),
		manaWording: "The mana symbols are",
		manaVerb:    "are",
		zoneKinds:   regexp.MustCompile(`^(.+?) (?:are|is(?: an?)?) (public|hidden) zones?\b`),
		zoneKindPhrases: newNeedles(" are public zone", " are hidden zone", " is public zone", " is hidden zone",
			" is a public zone", " is a hidden zone", " is an public zone", " is an hidden zone"),
		manaGroup: map[string]string{
			"mana symbols are":              "basic",
			"numerical symbols":             "numeric",
			"numerals":                      "numeric", // until 2016
			"numeral symbols":               "numeric",
			"variable symbol":               "variable",
			"hybrid symbols":                "hybrid",
			"monocolored hybrid symbols":    "monocolored_hybrid",
			"phyrexian mana symbols":        "phyrexian",
			"hybrid phyrexian symbols":      "hybrid_phyrexian",
			"hybrid phyrexian mana symbols": "hybrid_phyrexian",
			"snow mana symbol":              "snow",
			"snow symbol":                   "snow",
		},
		variable:    regexp.MustCompile(`variable (?:mana )?symbols? (?:\(such as )?(\{[A-Z]\})`),
		and:         "and",
		aside:       regexp.MustCompile(`\((?:[Ss]ee|[Ss]ee also) rules? [0-9][^)]*\)`),
		typeWord:    " type",
		exampleList: "The %s types are ...",
	},
	Spanish: {
		subtypeLists: []*regexp.Regexp{
			regexp.MustCompile(`^Los tipos (de \S+|planares) son `),
			regexp.MustCompile(`^Ese tipo (de \S+) es `),
			regexp.MustCompile(`^Un tipo (de \S+) tiene [^:]+: `),
			regexp.MustCompile(`^Todos los demás tipos (de \S+) tienen [^:]+: `),
		},
		category: map[string]string{
			"de artefacto": "artifact", "de encantamiento": "enchantment", "de tierra": "land",
			"de planeswalker": "planeswalker", "de hechizo": "spell", "de criatura": "creature",
			"planares": "planar", "de mazmorra": "dungeon", "de batalla": "battle",
		},
		basicLands:    "De esa lista, ",
		basicLandsEnd: regexp.MustCompile(` son los tipos (?:de \S+|\S+) básicos$`),
		lists: map[string]listPhrase{
			snapshot.FactCardTypes:  {wording: "Los tipos de carta son"},
			snapshot.FactSupertypes: {wording: "Los supertipos son"},
		},
		manaSymbols: regexp.MustCompile(`^Los símbolos de maná son `),
		manaWording: "Los símbolos de maná son",
		manaVerb:    "son",
		manaGroup: map[string]string{
			"símbolos de maná son":          "basic",
			"símbolos numéricos":            "numeric",
			"símbolo variable":              "variable",
			"símbolos híbridos":             "hybrid",
			"símbolos híbridos monocolores": "monocolored_hybrid",
			"símbolos de maná pirexiano":    "phyrexian",
			"símbolos híbridos pirexianos":  "hybrid_phyrexian",
			"símbolo de maná nevado":        "snow",
		},
		variable:    regexp.MustCompile(`símbolos? variables? (?:\(como )?(\{[A-Z]\})`),
		typeWord:    "tipo",
		exampleList: "Los tipos %s son ...",
		and:         "y",
		aside:       regexp.MustCompile(`\((?:[Vv]éase|[Vv]er) (?:también )?(?:la |las )?reglas? [0-9][^)]*\)`),
	},
}

// listPhrase is the sentence of a list: how it begins, found by its
// words (wording, in messages too) and read by its intro, a regular
// expression when the words vary ("There are \S+ colors in the _?Magic_?
// game:": the number changes with the rules; _Magic_ until 2012); where
// the list stops when it is not the sentence's end (", as well as any
// variants of those keywords"); and a sentence naming one more (the ante
// zone "some older cards" use).
type listPhrase struct {
	wording string
	intro   string
	end     string
	also    string
	re      *regexp.Regexp // "^intro (.+)$"
	alsoRE  *regexp.Regexp
}

func init() {
	for _, p := range langPhrases {
		for fact, l := range p.lists {
			intro := l.intro
			if intro == "" {
				intro = regexp.QuoteMeta(l.wording)
			}
			l.re = regexp.MustCompile("^" + intro + " (.+)$")
			if l.also != "" {
				l.alsoRE = regexp.MustCompile("^" + l.also + "$")
			}
			p.lists[fact] = l
		}
	}
}

// withoutAsides removes the "(see rule ...)" asides from a rule's text;
// most rules have none, and the regular expression is not run on them.
func (p *phrases) withoutAsides(text string) string {
	if !strings.Contains(text, "(") {
		return text
	}
	found := p.aside.FindAllStringIndex(text, -1)
	if found == nil {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	last := 0
	for _, m := range found {
		start := m[0]
		for start > last && strings.IndexByte(" \t\n\f\r", text[start-1]) >= 0 { // \s before the aside
			start--
		}
		b.WriteString(text[last:start])
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// Reads reports whether lang's sources give fact: its phrase table reads
// it. No Spanish source gives the keyword lists, say.
func Reads(lang Lang, fact string) bool {
	p, f := langPhrases[lang], snapshot.FactNamed(fact)
	if p == nil || f == nil {
		return false
	}
	switch f.Read {
	case snapshot.ListSentence:
		_, ok := p.lists[fact]
		return ok
	case snapshot.SectionTitles:
		return p.titles
	case snapshot.PhaseSteps:
		return p.steps != nil
	case snapshot.TokenDefinitions:
		return p.tokens != ""
	}
	return true
}

// ListSentence is how lang's rules introduce the list of category c, for
// messages: "The battle types are ...".
func ListSentence(lang Lang, c string) string {
	if p := langPhrases[lang]; p != nil {
		return p.listOf(c)
	}
	return c
}

// Expected says what a rule page of fact should hold, in lang's words, for
// messages: "the subtype lists, sentences like "The artifact types are ..."".
func Expected(lang Lang, fact string) string {
	p := langPhrases[lang]
	f := snapshot.FactNamed(fact)
	if p == nil || f == nil {
		return fact
	}
	switch {
	case f.Read == snapshot.ManaClauses:
		return fmt.Sprintf("the mana symbols, a sentence %q", p.manaWording+" ...")
	case f.Read == snapshot.SubtypeLists || f.Read == snapshot.BasicLandsSentence:
		return fmt.Sprintf("the subtype lists, sentences like %q", p.listOf("artifact"))
	case f.Read == snapshot.SectionTitles:
		return fmt.Sprintf("the %s, the titles of the rules of the section %q", f.Label, f.Section)
	case p.lists[fact].wording != "":
		return fmt.Sprintf("the %s, a sentence %q", f.Label, p.lists[fact].wording+" ...")
	}
	return "the " + f.Label
}
