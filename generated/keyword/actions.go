package keyword

import (
	"sort"
	"strings"

	"github.com/mtgrules/crgen/generated/internal/data"
)

// abilityWord appends the ability word heading a line ("Landfall —
// Whenever ...").
func (s *scan) abilityWord(line string, off int) {
	d := strings.Index(line, " — ")
	if d <= 0 || d > 40 {
		return
	}
	var v int
	if s.date == "" {
		v = data.AbilityWords.FindValue(line[:d])
	} else if n, ok := data.AbilityWords.Lookup(line[:d]); ok && listedIn(data.AbilityWords, n, s.words) {
		v = n
	}
	if v != 0 {
		s.dst = append(s.dst, Found{Kind: KindAbilityWord, Word: AbilityWord(v), Printed: line[:d], Offset: off})
	}
}

// verbEntry is one verb form of a keyword action ("scries", "venture
// into the dungeon"), by its first word, which verbIndex is sorted by.
type verbEntry struct {
	first, verb string
	action      Action
	past        bool // a past form: "tapped", "exiled"
}

// actions appends every keyword action line uses, in any of its verb
// forms, those of reminder text marked, the card's name left out.
func (s *scan) actions(line string, off int) {
	prev, depth := "", 0
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '(':
			depth++
			prev = "."
			i++
			continue
		case c == ')':
			depth = max(0, depth-1)
			prev = "."
			i++
			continue
		case !isLetter(c):
			if c != ' ' {
				prev = mark(c)
			}
			i++
			continue
		case c == s.first && strings.HasPrefix(line[i:], s.name):
			i += len(s.name) // the card's name, at a word's start
			prev = "~"
			continue
		}
		end := i
		for end < len(line) && (isLetter(line[end]) || line[end] == '-' || line[end] == '\'') {
			end++
		}
		if i == 0 || isBoundary(line[i-1]) {
			if f, ok := s.verbAt(line, i, end, prev); ok {
				f.Offset += off
				f.Reminder = depth > 0
				s.dst = append(s.dst, f)
			}
		}
		prev, i = line[i:end], end
	}
}

// mark is what a reader remembers of a character between words: "." for
// the end of a sentence or a clause, "+" for a token such as "+1/+1".
func mark(c byte) string {
	if c == '+' || c == '-' || c == '/' || c >= '0' && c <= '9' {
		return "+"
	}
	return "." // punctuation, a table's "|", the long dash, a curly quote
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0x80 }

func isBoundary(c byte) bool {
	return c == ' ' || c == '"' || c == '(' || c >= 0x80 || c == '.' || c == ','
}

// verbAt reads the keyword action whose verb begins at line[i] (its
// first word ending at end), prev the word before it.
func (s *scan) verbAt(line string, i, end int, prev string) (Found, bool) {
	w := line[i:end]
	best := -1
	for k := firstVerb(w); k < len(verbIndex) && compareFold(verbIndex[k].first, w) == 0; k++ {
		e := &verbIndex[k]
		if !wordAt(line, i, e.verb) || !s.listedAction(e.action) {
			continue
		}
		if best < 0 || len(e.verb) > len(verbIndex[best].verb) {
			best = k
		}
	}
	if best < 0 {
		return Found{}, false
	}
	e := &verbIndex[best]
	after := i + len(e.verb)
	if isNoun(line, after, prev, e) || s.headsAbility(line, i, end) {
		return Found{}, false
	}
	f := Found{Kind: KindAction, Action: e.action, Printed: line[i:after], Offset: i}
	f.Params[0] = number(line, after)
	return f, true
}

// number reads the number after an action's verb: "scry 2", "mill X",
// "mills three cards", "amass Zombies 2" (the word before it a subtype).
func number(line string, p int) Param {
	if p >= len(line) || line[p] != ' ' {
		return Param{}
	}
	p++
	end := wordEnd(line, p)
	w := line[p:end]
	if w != "" && w[0] >= 'A' && w[0] <= 'Z' && end < len(line) && line[end] == ' ' && typeWord(w) {
		p = end + 1
		end = wordEnd(line, p)
		w = line[p:end]
	}
	if w == "X" {
		return Param{Kind: ParamNumber, Text: w}
	}
	if n, ok := digits(w); ok {
		return Param{Kind: ParamNumber, Text: w, Number: n}
	}
	if !strings.HasPrefix(line[end:], " card") {
		return Param{} // "mills three cards"; not "exile five other cards"
	}
	for n, word := range numberWords {
		if strings.EqualFold(w, word) && n > 1 {
			return Param{Kind: ParamNumber, Text: w, Number: n}
		}
	}
	return Param{}
}

// numberWords are the numbers card text spells out, by value.
var numberWords = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen"}

// The words before which a verb's form is a noun ("a +1/+1 counter",
// "from exile", "its counters"): articles, determiners, possessives,
// prepositions and numbers.
var nounAfter = [...]string{"a", "an", "the", "this", "that", "these", "those", "its", "their", "your", "his", "her", "no", "another", "each", "all", "any", "other", "of", "from", "in", "into", "with", "for", "on", "one", "two", "three", "four", "five", "six", "x", "+"}

// counterObjects are the words that begin what the verb "counter"
// counters: a spell or ability, targeted, named or quantified.
var counterObjects = [...]string{"target", "that", "it", "them", "the", "all", "each", "up", "any", "this", "those", "another", "spell", "spells", "ability", "abilities", "a", "an"}

// statusWords are the statuses of rule 110.5 that a keyword action's
// past form also spells: a permanent that "enters tapped" or "is
// untapped" has a status, no action was taken.
var statusWords = [...]string{"tapped", "untapped"}

// beforeStatus are the words after which a status word is one: "is
// tapped", "enters the battlefield tapped", "remains untapped".
var beforeStatus = [...]string{"is", "are", "was", "were", "be", "been", "isn't", "aren't", "it's", "they're", "remains", "remain", "enters", "enter", "battlefield", "stays", "stay"}

// objectNouns are the nouns of objects a past form may stand before as
// an adjective ("tapped creature", "exiled card"), types aside.
var objectNouns = [...]string{"card", "cards", "spell", "spells", "permanent", "permanents", "token", "tokens", "creatures", "lands", "artifacts", "object", "objects"}

// isNoun reports whether the verb form of e, which ends at line[after]
// and follows the word prev, is no verb where it stands: a noun after an
// article, a possessive, a preposition, a number or a token ("a +1/+1
// counter", "from exile"), a counter of "counters on it", a status (110.5)
// after "is" or "enters", or a past form before a noun ("tapped
// creature", "exiled card").
func isNoun(line string, after int, prev string, e *verbEntry) bool {
	for _, w := range nounAfter {
		if strings.EqualFold(prev, w) {
			return true
		}
	}
	next := line[after:]
	if e.action == ActionCounter && !e.past {
		// The one action that is also an object of the rules: the verb
		// counters a spell or an ability ("counter target spell",
		// "counters it"); before anything else "counter" is a marker of
		// rule 122 ("charge counters equal to its power").
		if len(next) < 2 || next[0] != ' ' {
			return true
		}
		w := next[1:wordEnd(next, 1)]
		for _, o := range counterObjects {
			if strings.EqualFold(w, o) {
				return false
			}
		}
		return true
	}
	for _, st := range statusWords {
		if strings.EqualFold(e.verb, st) {
			for _, b := range beforeStatus {
				if strings.EqualFold(prev, b) {
					return true
				}
			}
		}
	}
	if e.past && len(next) > 1 && next[0] == ' ' {
		w := next[1:wordEnd(next, 1)]
		for _, n := range objectNouns {
			if strings.EqualFold(w, n) {
				return true
			}
		}
		if typeWord(strings.TrimSuffix(w, "s")) || typeWord(w) {
			return true
		}
	}
	return false
}

// headsAbility reports whether the verb at line[i:end] begins the name
// of a keyword ability ("double strike"): the ability, not the action.
func (s *scan) headsAbility(line string, i, end int) bool {
	if end+1 >= len(line) || line[end] != ' ' {
		return false
	}
	e := end + 1
	for e < len(line) && isLetter(line[e]) {
		e++
	}
	v, ok := data.Abilities.Lookup(line[i:e])
	return ok && s.listed(Ability(v))
}

func (s *scan) listedAction(v Action) bool {
	if s.date == "" {
		return v.IsValid()
	}
	return listedIn(data.Actions, int(v), s.verbs)
}

// firstVerb is the first index of verbIndex whose first word is not
// below w in ASCII case-folded order, among the verbs of w's first
// letter; len(verbIndex) for a word no verb begins like.
func firstVerb(w string) int {
	c := w[0] | 0x20
	if c < 'a' || c > 'z' {
		return len(verbIndex)
	}
	lo, hi := int(verbLetters[c-'a']), int(verbLetters[c-'a'+1])
	return lo + sort.Search(hi-lo, func(i int) bool { return compareFold(verbIndex[lo+i].first, w) >= 0 })
}
