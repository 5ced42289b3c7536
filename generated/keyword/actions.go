package keyword

import (
	"sort"
	"strings"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/token"
)

// heading reads the words heading a line before a long dash, when they
// are no keyword of it: an ability word (207.2c: "Landfall — Whenever
// ..."), appended, or a flavor word (207.2d: "Fear Gas — ...", italic
// words tailored to one ability, which the rules do not list), or a
// mode's name ("• Fight Crime — Counter target spell."), skipped. It
// returns the token after the dash, and whether the words are an ability
// word.
func (s *scan) heading(t []lexeme) (end int, word bool, ok bool) {
	i := 0
	if s.is(t, i, tokBullet) {
		i++
	}
	d := i
	for d < len(t) && d-i <= 6 && (t[d].kind == tokWord || t[d].kind == tokNumber && d > i) {
		d++ // words, and a number after one ("Descend 4")
	}
	if d == i || d-i > 6 || !s.is(t, d, tokDash) || t[d].depth > 0 {
		return 0, false, false
	}
	head, a, b := s.text(t, i, d)
	if w, ok := s.abilityWord(head); ok {
		s.dst = append(s.dst, Found{Kind: KindAbilityWord, Word: w, Printed: head, Offset: a, End: b})
		return d + 1, true, true
	}
	if c := s.word(t, i)[0]; c >= 'a' && c <= 'z' {
		return 0, false, false // a sentence's words, not a name in italics
	}
	return d + 1, false, true
}

// abilityWord looks up an ability word of the rules read.
func (s *scan) abilityWord(head string) (AbilityWord, bool) {
	if s.date == "" {
		v := data.AbilityWords.FindValue(head)
		return AbilityWord(v), v != 0
	}
	if n, ok := data.AbilityWords.Lookup(head); ok && listedIn(data.AbilityWords, n, s.words) {
		return AbilityWord(n), true
	}
	return 0, false
}

// verbEntry is one verb form of a keyword action ("scries", "venture
// into the dungeon"), by its first word, which verbIndex is sorted by.
type verbEntry struct {
	first, verb string
	action      Action
	past        bool // a past form: "tapped", "exiled"
}

// designationEntry is a designation a keyword gives, as its rule names
// it ("suspected", 701.60b; "plotted", 702.170a), by its word, which
// designationIndex is sorted by.
type designationEntry struct {
	word    string
	kind    Kind // KindAction or KindAbility
	action  Action
	ability Ability
	rule    string
}

// actions appends every keyword action the line uses from token from
// on, in any of its verb forms, with its parameters; the designations
// keywords give; the predefined tokens it creates. Those of reminder text
// are marked, those of a trigger's condition too; the card's name is no
// keyword.
func (s *scan) actions(t []lexeme, from int) {
	prev, before := ".", "." // the word before, and the one before it; "." at the start of a clause
	condition := -1          // the depth of the trigger condition being read, or -1
	creating := false        // in a clause that creates tokens
	supposed := false        // in a clause that supposes ("If it's suspected, ...")
	for i := from; i < len(t); i++ {
		tk := t[i]
		switch tk.kind {
		case tokWord:
		case tokComma:
			if int(tk.depth) == condition {
				condition = -1 // the condition ends, its effect begins
			}
			prev, before, supposed = ".", ".", false
			continue
		case tokPeriod, tokColon, tokOpen, tokClose, tokBullet, tokDash, tokSemicolon, tokQuote:
			condition, creating, supposed = -1, false, false
			prev, before = ".", "."
			continue
		case tokNumber, tokPT, tokPlus, tokSymbol:
			prev = "+"
			continue
		default:
			prev = "."
			continue
		}
		w := s.word(t, i)
		if s.name != "" && w[0] == s.name[0] && strings.HasPrefix(s.src[tk.start:], s.name) {
			// The card's name, at a word's start.
			for i+1 < len(t) && int(t[i+1].end) <= int(tk.start)+len(s.name) {
				i++
			}
			prev = "~"
			continue
		}
		if prev == "." && (foldIs(w, "whenever") || foldIs(w, "when")) || foldIs(w, "after") || foldIs(w, "while") {
			// A trigger's condition (603.1), or a clause of the time
			// something happens ("after you scry or surveil", "while
			// scrying this way"): to its comma or its end.
			condition = int(tk.depth)
		}
		if foldIs(w, "if") {
			supposed = true
		}
		use := UseHas
		if condition >= 0 {
			use = UseCondition
		}
		if end, ok := s.designation(t, i, prev, before, supposed, use); ok {
			prev, before, i = s.word(t, end-1), prev, end-1
			continue
		}
		if end, ok := s.verbAt(t, i, prev); ok {
			f := &s.dst[len(s.dst)-1]
			f.Reminder = tk.depth > 0
			f.Use = use
			if f.Action == ActionCreate {
				creating = true
			}
			prev, before, i = s.word(t, end-1), prev, end-1
			continue
		}
		if creating || prev == "a" || prev == "." {
			if end, ok := s.tokenAt(t, i, tk.depth > 0, creating); ok {
				prev, before, i = "token", prev, end-1
				continue
			}
		}
		prev, before = w, prev
	}
}

// verbAt appends the keyword action whose verb begins at token i, prev
// the word before it, with its parameters where a form of its rule reads
// them, and returns the token after it.
func (s *scan) verbAt(t []lexeme, i int, prev string) (int, bool) {
	w := s.word(t, i)
	best, bestEnd := -1, 0
	for k := firstVerb(w); k < len(verbIndex) && compareFold(verbIndex[k].first, w) == 0; k++ {
		e := &verbIndex[k]
		end, ok := s.wordsAt(t, i, e.verb)
		if !ok || !s.listedAction(e.action) {
			continue
		}
		if best < 0 || end > bestEnd {
			best, bestEnd = k, end
		}
	}
	if best < 0 {
		return 0, false
	}
	e := &verbIndex[best]
	if s.isNoun(t, bestEnd, prev, e) || s.headsAbility(t, i) {
		return 0, false
	}
	start := int(t[i].start)
	f := Found{Kind: KindAction, Action: e.action, Printed: s.src[start:t[bestEnd-1].end], Offset: s.off + start, End: s.off + int(t[bestEnd-1].end)}
	// Its parameters, by the form of its rule that reads the most.
	names := strings.Count(e.verb, " ") + 1
	var bestM match
	var bestForm *Form
	for k := range actionForms[e.action] {
		fm := &actionForms[e.action][k]
		if len(fm.Parts) <= names || !s.formListed(fm, s.verbs) {
			continue
		}
		m, ok := s.matchParts(t, fm.Parts[names:], bestEnd, 0, false)
		if !ok || m.n == 0 {
			continue
		}
		if bestForm == nil || m.end > bestM.end {
			bestM, bestForm = m, fm
		}
	}
	if bestForm != nil {
		f.Params, f.Form, f.FormRule = bestM.params, bestForm.Text, bestForm.Rule
		f.End = s.off + bestM.endByte
		s.dst = append(s.dst, f)
		return bestM.end, true
	}
	if p, _, ok := s.cardsNumber(t, bestEnd); ok {
		f.Params[0] = p // "mills three cards"
		f.End = p.End
	}
	s.dst = append(s.dst, f)
	return bestEnd, true
}

// wordsAt reports whether the words of verb (lower case, spaces between)
// are the tokens from i, and the token after them.
func (s *scan) wordsAt(t []lexeme, i int, verb string) (int, bool) {
	for rest, more := verb, true; more; i++ {
		var w string
		w, rest, more = strings.Cut(rest, " ")
		if !s.is(t, i, tokWord) || !strings.EqualFold(s.word(t, i), w) {
			return 0, false
		}
	}
	return i, true
}

// cardsNumber reads the number of cards after an action's verb whose
// rule writes no number: "mills three cards", "mill X cards", "mills a
// card" is no number.
func (s *scan) cardsNumber(t []lexeme, p int) (Param, int, bool) {
	if !s.is(t, p, tokWord) && !s.is(t, p, tokNumber) || !s.is(t, p+1, tokWord) || !hasPrefixFold(s.word(t, p+1), "card") {
		return Param{}, p, false
	}
	w := s.word(t, p)
	_, a, b := s.text(t, p, p+1)
	if w == "X" {
		return Param{Kind: ParamNumber, Text: w, Offset: a, End: b}, p + 1, true
	}
	if n, ok := digits(w); ok {
		return Param{Kind: ParamNumber, Text: w, Number: n, Offset: a, End: b}, p + 1, true
	}
	for n, word := range numberWords {
		if foldIs(w, word) && n > 1 {
			return Param{Kind: ParamNumber, Text: w, Number: n, Offset: a, End: b}, p + 1, true
		}
	}
	return Param{}, p, false
}

// numberWords are the numbers card text spells out, by value.
var numberWords = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen"}

// The words before which a verb's form is a noun ("a +1/+1 counter",
// "from exile", "its counters"): articles, determiners, possessives,
// prepositions and numbers. ("each" is not one: "target players each
// mill two cards".)
var nounAfter = [...]string{"a", "an", "the", "this", "that", "these", "those", "its", "their", "your", "his", "her", "no", "another", "all", "any", "other", "of", "from", "in", "into", "with", "for", "on", "one", "two", "three", "four", "five", "six", "x", "+"}

// counterObjects are the words that begin what the verb "counter"
// counters: a spell or ability, targeted, named or quantified.
var counterObjects = [...]string{"target", "that", "it", "them", "the", "all", "each", "up", "any", "this", "those", "another", "spell", "spells", "ability", "abilities", "a", "an"}

// statusWords are the statuses of rule 110.5 that a keyword action's
// past form also spells: a permanent that "enters tapped" or "is
// untapped" has a status, no action was taken.
var statusWords = [...]string{"tapped", "untapped"}

// beforeStatus are the words after which a status word is one: "is
// tapped", "enters the battlefield tapped", "remains untapped", "a token
// that's tapped and attacking" (with either apostrophe cards print).
var beforeStatus = [...]string{"is", "are", "was", "were", "be", "been", "isn't", "aren't", "it's", "they're", "that's", "isn’t", "aren’t", "it’s", "they’re", "that’s", "remains", "remain", "enters", "enter", "battlefield", "stays", "stay"}

// objectNouns are the nouns of objects a past form may stand before as
// an adjective ("tapped creature", "exiled card"), types aside.
var objectNouns = [...]string{"card", "cards", "spell", "spells", "permanent", "permanents", "token", "tokens", "creatures", "lands", "artifacts", "object", "objects"}

// isNoun reports whether the verb form of e, which ends before token
// after and follows the word prev, is no verb where it stands: a noun
// after an article, a possessive, a preposition, a number or a token ("a
// +1/+1 counter", "from exile"), a counter of "counters on it", a status
// (110.5) after "is" or "enters", or a past form before a noun ("tapped
// creature", "exiled card").
func (s *scan) isNoun(t []lexeme, after int, prev string, e *verbEntry) bool {
	for _, w := range nounAfter {
		if foldIs(prev, w) {
			return true
		}
	}
	next := ""
	if s.is(t, after, tokWord) {
		next = s.word(t, after)
	}
	if e.action == ActionCounter && !e.past {
		// The one action that is also an object of the rules: the verb
		// counters a spell or an ability ("counter target spell",
		// "counters it"); before anything else "counter" is a marker of
		// rule 122 ("charge counters equal to its power").
		for _, o := range counterObjects {
			if foldIs(next, o) {
				return false
			}
		}
		return true
	}
	for _, st := range statusWords {
		if foldIs(e.verb, st) {
			for _, b := range beforeStatus {
				if foldIs(prev, b) {
					return true
				}
			}
		}
	}
	if e.past && next != "" {
		for _, n := range objectNouns {
			if foldIs(next, n) {
				return true
			}
		}
		var buf [34]byte
		if typeWord(next) || singular(next, &buf) != "" {
			return true
		}
	}
	return false
}

// headsAbility reports whether the verb at token i begins the name of a
// keyword ability ("double strike"): the ability, not the action.
func (s *scan) headsAbility(t []lexeme, i int) bool {
	if !s.is(t, i+1, tokWord) {
		return false
	}
	name, _, _ := s.text(t, i, i+2)
	v, ok := data.Abilities.Lookup(name)
	return ok && s.listed(Ability(v))
}

// designation appends the designation a keyword gives whose word is the
// token at i ("suspected", "plotted", "monstrous", "Ring-bearer"), prev
// and before the two words before it, supposed set in a clause that
// supposes ("If it's suspected"), and returns the token after it.
//
// A designation of an action something is given ("Enchanted creature ...
// is goaded": given) is the action done (UseHas, or UseCondition in a
// trigger's condition); one the text refers to ("suspected creatures",
// "if it's suspected", "can't become suspected"), or an ability's ("It
// becomes plotted"), is UseDesignation.
func (s *scan) designation(t []lexeme, i int, prev, before string, supposed bool, use Use) (int, bool) {
	w := s.word(t, i)
	if c := w[0] | 0x20; c >= 'a' && c <= 'z' && (len(w) >= 32 || designationShapes[c-'a']&(1<<len(w)) == 0) {
		return i, false // most words: no designation of their first letter has their length
	}
	given := givenBy(prev) && !supposed && !foldIs(before, "can't") && !foldIs(before, "longer")
	k := sort.Search(len(designationIndex), func(k int) bool { return compareFold(designationIndex[k].word, w) >= 0 })
	for ; k < len(designationIndex) && compareFold(designationIndex[k].word, w) == 0; k++ {
		d := &designationIndex[k]
		if d.kind == KindAction && !s.listedAction(d.action) || d.kind == KindAbility && !s.listed(d.ability) {
			continue
		}
		_, a, b := s.text(t, i, i+1)
		if !given || d.kind == KindAbility {
			// Referred to; or an ability's, which an effect gives without
			// giving the ability (702.170c: "cause a card in exile to
			// become plotted").
			use = UseDesignation
		}
		s.dst = append(s.dst, Found{Kind: d.kind, Action: d.action, Ability: d.ability, Printed: w, Offset: a, End: b,
			Reminder: t[i].depth > 0, Use: use, FormRule: d.rule})
		return i + 1, true
	}
	return i, false
}

// designationShapes has, for each letter c from a to z, bit n set where
// a designation of designationIndex of n bytes begins with c (a word that
// begins otherwise, or is longer, is looked up).
var designationShapes = func() (shapes [26]uint32) {
	for _, d := range designationIndex {
		if c := d.word[0] | 0x20; c >= 'a' && c <= 'z' && len(d.word) < 32 {
			shapes[c-'a'] |= 1 << len(d.word)
		}
	}
	return shapes
}()

// givenBy reports whether a designation after the word prev is given
// there: "becomes plotted", "is goaded".
func givenBy(prev string) bool {
	for _, w := range [...]string{"becomes", "become", "is", "are"} {
		if foldIs(prev, w) {
			return true
		}
	}
	return false
}

// tokenAt appends the predefined token whose name begins at token i when
// a token is created there: "create a Treasure token", "create two
// tapped Food tokens", "Gift a Food" (702.174: a gift of a token), the
// name before "token" in a clause that creates, and returns the token
// after its name.
func (s *scan) tokenAt(t []lexeme, i int, reminder, creating bool) (int, bool) {
	for words := 3; words >= 1; words-- {
		if i+words > len(t) {
			continue
		}
		name, a, b := s.text(t, i, i+words)
		v, ok := data.Tokens.Lookup(name)
		if !ok || s.tokens != "" && !listedIn(data.Tokens, v, s.tokens) || s.tokens == "" && !token.Token(v).IsValid() {
			continue
		}
		after := i + words
		named := s.is(t, after, tokWord) && hasPrefixFold(s.word(t, after), "token")
		if !(creating && named) && !s.giftedAt(t, i) {
			continue
		}
		s.dst = append(s.dst, Found{Kind: KindToken, Token: token.Token(v), Printed: name, Offset: a, End: b, Reminder: reminder})
		return after, true
	}
	return i, false
}

// giftedAt reports whether the token at i is what a gift gives: "Gift a
// Food" (the keyword ability Gift, 702.174, whose parameter is a token).
func (s *scan) giftedAt(t []lexeme, i int) bool {
	return i >= 2 && s.is(t, i-2, tokWord) && foldIs(s.word(t, i-2), "gift") && s.is(t, i-1, tokWord) && wordIs(s.word(t, i-1), "a")
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

// hasPrefixFold reports whether s begins with prefix (lower case) in any
// case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
