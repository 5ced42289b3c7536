// Package kwform reads the forms of the keywords as the rules write them
// ("Ward [cost]", "Suspend N—[cost]", "[type]walk", "Boast — [Cost]:
// [Effect]") into parts a reader of card text matches, and gives the
// verb forms of the keyword actions ("scry", "scries", "scried",
// "scrying"). cmd/gen calls it and writes what it returns as static data
// of package keyword, whose reader of card text (hand-written beside the
// tables) matches the parts; snapshot validation refuses a form it
// cannot read (Check).
package kwform

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is the kind of one part of a form.
type Kind uint8

const (
	Word  Kind = iota + 1 // a word the card prints, in any case: "ward", "from"
	Dash                  // the long dash, spaces around it or not
	Colon                 // ": " after a cost (Boast — [Cost]: [Effect])
	Param                 // a parameter: Param says which
	// Glued is a parameter printed glued to the word after it: "[type]walk"
	// is Glued{Param: Type, Text: "walk"} ("islandwalk").
	Glued
	// Symbol is a symbol with a number in it: "{N+}" is Symbol{Param:
	// Number, Text: "+"}, the station symbol of 721.2a, which a card's
	// text prints "{12+}" or, in Oracle text, "STATION 12+".
	Symbol
)

// ParamKind is what a parameter holds.
type ParamKind uint8

const (
	Cost    ParamKind = iota + 1 // [cost]: mana symbols, or after a long dash the words of a cost
	Number                       // N, X
	Quality                      // [quality], [text], [object], [a player]: words
	Name                         // [name]: a card's name, to the end of the line
	Type                         // [type], [subtype]: type words ("basic land", "island")
	Ability                      // [Effect], [Ability], [Condition], [abilities]: the rest of the line
	PT                           // [P/T], [power]/[toughness]: "3/3"
)

var paramNames = [...]string{"", "cost", "number", "quality", "name", "type", "ability", "pt"}

// String is the parameter kind's name: "cost", "number", ...
func (k ParamKind) String() string {
	if int(k) < len(paramNames) {
		return paramNames[k]
	}
	return ""
}

// Part is one part of a form.
type Part struct {
	Kind  Kind
	Text  string    // the word (lower case), or the ending a Glued parameter is glued to
	Param ParamKind // for Param and Glued
}

// MaxParams is how many parameters a form may have: "Suspend N—[cost]",
// "Craft with [materials] [cost]", "Boast — [Cost]: [Effect]" have two,
// "{N+}[abilities][P/T]" (721.2b) three. A reader keeps them in an array
// of this size, allocating nothing.
const MaxParams = 3

// Check reports why a reader of card text could not read a form, or nil:
// it must print a word of its own (a parameter alone reads no keyword),
// close its brackets, and have at most MaxParams parameters.
func Check(form string) error {
	if strings.Count(form, "[") != strings.Count(form, "]") {
		return fmt.Errorf("the form %q leaves a bracket open", form)
	}
	params, words := 0, 0
	for _, p := range Parse(form) {
		switch p.Kind {
		case Param:
			params++
		case Glued:
			params++
			words++
		case Word:
			words++
		case Symbol:
			params++
			words++ // a symbol of its keyword's own
		}
	}
	switch {
	case words == 0:
		return fmt.Errorf("the form %q prints no word of its own: a reader could not tell its keyword", form)
	case params > MaxParams:
		return fmt.Errorf("the form %q has %d parameters, and a reader of card text keeps at most %d", form, params, MaxParams)
	}
	return nil
}

// Parse reads a form as the rules write it into its parts: words, the
// long dash, a colon after a cost, and parameters ("[cost]", "N", "X",
// "[quality]", "[type]walk"). Words are lower-cased, as a reader compares
// them in any case.
func Parse(form string) []Part {
	var out []Part
	for _, f := range fields(form) {
		switch {
		case f == "—":
			out = append(out, Part{Kind: Dash})
		case f == ":":
			out = append(out, Part{Kind: Colon})
		case f == "N" || f == "X":
			out = append(out, Part{Kind: Param, Param: Number})
		case strings.HasPrefix(f, "{") && strings.HasSuffix(f, "}"):
			inner := f[1 : len(f)-1]
			if after, ok := strings.CutPrefix(inner, "N"); ok {
				out = append(out, Part{Kind: Symbol, Text: after, Param: Number})
			} else {
				out = append(out, Part{Kind: Word, Text: strings.ToLower(f)})
			}
		case strings.HasPrefix(f, "["):
			inner, glued, _ := strings.Cut(f[1:], "]")
			k := paramKind(inner)
			if glued != "" {
				out = append(out, Part{Kind: Glued, Text: strings.ToLower(glued), Param: k})
			} else {
				out = append(out, Part{Kind: Param, Param: k})
			}
		default:
			out = append(out, Part{Kind: Word, Text: strings.ToLower(f)})
		}
	}
	return out
}

// fields splits a form into its words, the long dash and a colon after a
// parameter each a field of its own ("N—[cost]" is "N", "—", "[cost]"),
// a bracketed parameter one field whatever its spaces ("[cost 1]",
// "[Activated ability]").
func fields(form string) []string {
	var out []string
	for i := 0; i < len(form); {
		r, size := utf8.DecodeRuneInString(form[i:])
		switch r {
		case ' ':
			i += size
		case '—':
			out = append(out, "—")
			i += size
		case ':':
			out = append(out, ":")
			i += size
		case '{':
			// A symbol with a number, "{N+}", is a field of its own; one
			// with words, "{LEVEL N1-N2}", is words, as is one a colon or a
			// dash cuts ("{a:b}": the colon is a field of its own).
			end := strings.IndexAny(form[i:], "} :—")
			if end < 0 || form[i+end] != '}' {
				j := i
				for j < len(form) && form[j] != ' ' && form[j] != ':' && !strings.HasPrefix(form[j:], "—") {
					j++
				}
				out = append(out, form[i:j])
				i = j
				continue
			}
			out = append(out, form[i:i+end+1])
			i += end + 1
		case '[':
			end := strings.IndexByte(form[i:], ']')
			if end < 0 {
				end = len(form) - i - 1
			}
			j := i + end + 1
			for j < len(form) && form[j] != ' ' && form[j] != ':' && form[j] != '[' && !strings.HasPrefix(form[j:], "—") {
				j++ // a word glued after it: "[type]walk"
			}
			out = append(out, form[i:j])
			i = j
		default:
			j := i
			for j < len(form) && form[j] != ' ' && form[j] != ':' && !strings.HasPrefix(form[j:], "—") {
				j++
			}
			out = append(out, form[i:j])
			i = j
		}
	}
	return out
}

// paramKind is the kind of a parameter by the words in its brackets.
func paramKind(inner string) ParamKind {
	w := strings.ToLower(inner)
	switch {
	case strings.HasPrefix(w, "cost"):
		return Cost
	case w == "name":
		return Name
	case w == "type" || w == "subtype":
		return Type
	case strings.Contains(w, "abilit") || w == "effect" || w == "condition":
		return Ability
	case w == "p/t" || w == "power" || w == "toughness":
		return PT
	}
	return Quality
}

// Verb is one form of a keyword action's verb: "scries", and whether it
// is its past form ("tapped", "exiled"), which may stand as an adjective
// before a noun ("tapped creature").
type Verb struct {
	Text string
	Past bool
}

// Verbs are the forms a keyword action's verb takes in card text, its
// first word inflected and the rest as the rules write it: "Scry" is
// scry, scries, scried, scrying; "Venture into the Dungeon" is venture
// into the dungeon, ventures into the dungeon, ...; lower case, each
// once, the name's own first. A name that is a clause ("The Ring Tempts
// You") or a noun ("Monstrosity", printed "Monstrosity 3") is printed as
// it is.
func Verbs(action string) []Verb {
	name := strings.ToLower(action)
	verb, rest, _ := strings.Cut(name, " ")
	if verb == "the" || strings.HasSuffix(verb, "ity") {
		return []Verb{{Text: name}}
	}
	if rest != "" {
		rest = " " + rest
	}
	var out []Verb
	for k, v := range [...]string{verb, third(verb), past(verb), gerund(verb)} {
		if v != "" && !slices.ContainsFunc(out, func(o Verb) bool { return o.Text == v+rest }) {
			out = append(out, Verb{Text: v + rest, Past: k == 2})
		}
	}
	return out
}

// irregular are the past forms of the verbs of the keyword actions that
// do not add -ed.
var irregular = map[string]string{"behold": "beheld", "cast": "cast", "fight": "fought", "seek": "sought", "set": "set"}

func third(v string) string {
	switch {
	case strings.HasSuffix(v, "s") || strings.HasSuffix(v, "x") || strings.HasSuffix(v, "z") || strings.HasSuffix(v, "ch") || strings.HasSuffix(v, "sh"):
		return v + "es"
	case consonantY(v):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

func past(v string) string {
	switch p, ok := irregular[v]; {
	case ok:
		return p
	case strings.HasSuffix(v, "e"):
		return v + "d"
	case consonantY(v):
		return v[:len(v)-1] + "ied"
	case doubles(v):
		return v + v[len(v)-1:] + "ed"
	}
	return v + "ed"
}

func gerund(v string) string {
	switch {
	case strings.HasSuffix(v, "ee"):
		return v + "ing"
	case strings.HasSuffix(v, "e"):
		return v[:len(v)-1] + "ing"
	case doubles(v):
		return v + v[len(v)-1:] + "ing"
	}
	return v + "ing"
}

func consonantY(v string) bool {
	return len(v) >= 2 && v[len(v)-1] == 'y' && !isVowel(rune(v[len(v)-2]))
}

// doubles reports whether a verb doubles its last consonant before -ed
// and -ing: a short word ending consonant, vowel, consonant ("tap",
// "set"; "untap" as "tap").
func doubles(v string) bool {
	if strings.HasSuffix(v, "tap") {
		return true
	}
	if len(v) > 3 || len(v) < 3 {
		return false
	}
	a, b, c := rune(v[0]), rune(v[1]), rune(v[2])
	return !isVowel(a) && isVowel(b) && !isVowel(c) && !strings.ContainsRune("wxy", c) && unicode.IsLetter(c)
}

func isVowel(r rune) bool { return strings.ContainsRune("aeiou", r) }
