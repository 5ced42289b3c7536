package extract

import (
	"regexp"
	"strings"
)

// Lang is a language the rules are published in.
type Lang string

const (
	English Lang = "en"
	Spanish Lang = "es"
)

// requiredCategories have been in every release since 2016; a full document
// lacking one of them was misread.
var requiredCategories = []string{"artifact", "enchantment", "land", "planeswalker", "spell", "creature", "planar"}

// phrases holds, per language, every wording the rules have used for the
// sentences that carry facts. One place, so a new wording is one new line.
type phrases struct {
	// list sentences of 205.3 up to their list, which is the rest of the
	// sentence: group 1 names the category. (A trailing "(.+)$" would make
	// the matcher walk the whole list, thousands of bytes for creatures.)
	subtypeLists []*regexp.Regexp
	category     map[string]string // words of group 1 → category
	basicLands   *regexp.Regexp
	cardTypes    *regexp.Regexp
	supertypes   *regexp.Regexp
	// how the card types and supertypes sentences begin, for messages
	cardTypesWording, supertypesWording string
	manaGroup                           map[string]string // clause words before the first symbol → group
	and                                 string            // the word before the last list entry
	aside                               *regexp.Regexp    // "(see rule 301.5)" inside lists
}

var langPhrases = map[Lang]*phrases{
	English: {
		subtypeLists: []*regexp.Regexp{
			regexp.MustCompile(`^The (\S+) types are `),
			regexp.MustCompile(`^That (\S+) type is `),
			regexp.MustCompile(`^One (\S+) type is [^:]+: `),
			regexp.MustCompile(`^All other (\S+) types are [^:]+: `),
		},
		category: map[string]string{
			"artifact": "artifact", "enchantment": "enchantment", "land": "land",
			"planeswalker": "planeswalker", "spell": "spell", "creature": "creature",
			"planar": "planar", "dungeon": "dungeon", "battle": "battle",
		},
		basicLands:       regexp.MustCompile(`^Of that list, (.+) are the basic land types$`),
		cardTypes:        regexp.MustCompile(`^The card types are (.+)$`),
		supertypes:       regexp.MustCompile(`^The supertypes are (.+)$`),
		cardTypesWording: "The card types are", supertypesWording: "The supertypes are",
		manaGroup: map[string]string{
			"mana symbols are":              "basic",
			"numerical symbols":             "numeric",
			"variable symbol":               "variable",
			"hybrid symbols":                "hybrid",
			"monocolored hybrid symbols":    "monocolored_hybrid",
			"phyrexian mana symbols":        "phyrexian",
			"hybrid phyrexian symbols":      "hybrid_phyrexian",
			"hybrid phyrexian mana symbols": "hybrid_phyrexian",
			"snow mana symbol":              "snow",
			"snow symbol":                   "snow",
		},
		and:   "and",
		aside: regexp.MustCompile(`\s*\((?:[Ss]ee|[Ss]ee also) rules? [0-9][^)]*\)`),
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
		basicLands:       regexp.MustCompile(`^De esa lista, (.+) son los tipos de tierra básicos$`),
		cardTypes:        regexp.MustCompile(`^Los tipos de carta son (.+)$`),
		supertypes:       regexp.MustCompile(`^Los supertipos son (.+)$`),
		cardTypesWording: "Los tipos de carta son", supertypesWording: "Los supertipos son",
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
		and:   "y",
		aside: regexp.MustCompile(`\s*\((?:[Vv]éase|[Vv]er) (?:también )?(?:la |las )?reglas? [0-9][^)]*\)`),
	},
}

// withoutAsides removes the "(see rule ...)" asides from a rule's text;
// most rules have none, and the regular expression is not run on them.
func (p *phrases) withoutAsides(text string) string {
	if !strings.Contains(text, "(") {
		return text
	}
	return p.aside.ReplaceAllString(text, "")
}
