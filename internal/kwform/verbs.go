package kwform

import (
	"slices"
	"strings"
	"unicode"
)

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
