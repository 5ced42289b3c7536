package keyword

import (
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/internal/kwform"
)

// heading reads the words heading a line before a long dash, when they
// are no keyword of it: an ability word (207.2c: "Landfall — Whenever
// ..."), appended, or a flavor word (207.2d: "Fear Gas — ...", italic
// words tailored to one ability, which the rules do not list), or a
// mode's name ("• Fight Crime — Counter target spell."), skipped. It
// returns the token after the dash, and whether the words are an ability
// word.
func (s *scan) heading(t []kwform.Token) (end int, word bool, ok bool) {
	i := 0
	if s.is(t, i, kwform.TokBullet) {
		i++
	}
	d := i
	for d < len(t) && d-i <= 6 && (t[d].Kind == kwform.TokWord || t[d].Kind == kwform.TokNumber && d > i) {
		d++ // words, and a number after one ("Descend 4")
	}
	if d == i || d-i > 6 || !s.is(t, d, kwform.TokDash) || t[d].Depth > 0 {
		return 0, false, false
	}
	if w, ok := s.abilityWord(t, i, d); ok {
		head, a, b := s.text(t, i, d)
		s.dst = append(s.dst, Found{Kind: KindAbilityWord, Word: w, Printed: head, Offset: a, End: b})
		return d + 1, true, true
	}
	if c := s.word(t, i)[0]; c >= 'a' && c <= 'z' {
		return 0, false, false // a sentence's words, not a name in italics
	}
	return d + 1, false, true
}

// abilityWord reads an ability word of the rules read that is the tokens
// i to d.
func (s *scan) abilityWord(t []kwform.Token, i, d int) (AbilityWord, bool) {
	for _, e := range s.refsAt(t, i) {
		if e.kind != refAbilityWord {
			continue
		}
		if end, ok := s.wordsAt(t, i+1, e.words); !ok || end != d {
			continue
		}
		if s.r.date == "" && e.word.IsValid() || s.r.date != "" && listedIn(data.AbilityWords, int(e.word), s.r.words) {
			return e.word, true
		}
	}
	return 0, false
}

// actions appends every keyword action the line uses from token from
// on, in any of its verb forms, with its parameters; the designations
// keywords give; the predefined tokens it creates. Those of reminder text
// are marked, those of a trigger's condition too; the card's name is no
// keyword.
func (s *scan) actions(t []kwform.Token, from int) {
	prev, before := ".", "." // the word before, and the one before it; "." at the start of a clause
	condition := -1          // the depth of the trigger condition being read, or -1
	creating := false        // in a clause that creates tokens
	supposed := false        // in a clause that supposes ("If it's suspected, ...")
	for i := from; i < len(t); i++ {
		tk := t[i]
		switch tk.Kind {
		case kwform.TokWord:
		case kwform.TokComma:
			if int(tk.Depth) == condition {
				condition = -1 // the condition ends, its effect begins
			}
			prev, before, supposed = ".", ".", false
			continue
		case kwform.TokPeriod, kwform.TokColon, kwform.TokOpen, kwform.TokClose, kwform.TokBullet, kwform.TokDash, kwform.TokSemicolon, kwform.TokQuote:
			condition, creating, supposed = -1, false, false
			prev, before = ".", "."
			continue
		case kwform.TokNumber, kwform.TokPT, kwform.TokPlus, kwform.TokSymbol:
			prev = "+"
			continue
		default:
			prev = "."
			continue
		}
		if end, ok := s.nameAt(t, i); ok {
			prev, i = "~", end-1
			continue
		}
		w := s.word(t, i)
		if prev == "." && (foldIs(w, "whenever") || foldIs(w, "when")) || foldIs(w, "after") || foldIs(w, "while") {
			// A trigger's condition (603.1), or a clause of the time
			// something happens ("after you scry or surveil", "while
			// scrying this way"): to its comma or its end.
			condition = int(tk.Depth)
		}
		if foldIs(w, "if") {
			supposed = true
		}
		use := UseHas
		if condition >= 0 {
			use = UseCondition
		}
		refs := s.refsAt(t, i)
		if end, ok := s.designation(t, i, refs, prev, before, supposed, use); ok {
			prev, before, i = s.word(t, end-1), prev, end-1
			continue
		}
		if end, ok := s.verbAt(t, i, refs, prev); ok {
			f := &s.dst[len(s.dst)-1]
			f.Reminder = tk.Depth > 0
			f.Use = use
			if f.Reminder && f.Action == ActionMeld && s.isWord(t, i+1, "with") && s.is(t, i-1, kwform.TokOpen) {
				f.Use = UsePair // "(Melds with ...)", the card its counterpart's ability melds (712.4a)
			}
			if f.Action == ActionCreate {
				creating = true
			}
			prev, before, i = s.word(t, end-1), prev, end-1
			continue
		}
		if creating || prev == "a" || prev == "." {
			if end, ok := s.tokenAt(t, i, refs, tk.Depth > 0, creating); ok {
				prev, before, i = "token", prev, end-1
				continue
			}
		}
		prev, before = w, prev
	}
}

// verbAt appends the keyword action whose verb begins at token i (refs
// are what its word begins), prev the word before it, with its
// parameters where a form of its rule reads them, and returns the token
// after it.
func (s *scan) verbAt(t []kwform.Token, i int, refs []ref, prev string) (int, bool) {
	var e *ref
	bestEnd := 0
	for k := range refs {
		r := &refs[k]
		if r.kind != refVerb {
			continue
		}
		end, ok := s.wordsAt(t, i+1, r.words)
		if ok && end > bestEnd && s.listedAction(r.action) {
			e, bestEnd = r, end
		}
	}
	if e == nil || s.isNoun(t, i, bestEnd, prev, e) || s.headsAbility(t, i, refs) {
		return 0, false
	}
	start := int(t[i].Start)
	f := Found{Kind: KindAction, Action: e.action, Printed: s.src[start:t[bestEnd-1].End], Offset: s.off + start, End: s.off + int(t[bestEnd-1].End)}
	// Its parameters, by the form of its rule that reads the most.
	names := 1 + len(e.words)
	var ms [2]match
	best, cur := &ms[0], &ms[1]
	var bestForm *Form
	for k := range actionForms[e.action] {
		fm := &actionForms[e.action][k]
		if len(fm.Parts) <= names || !s.formListed(fm, s.r.verbs) {
			continue
		}
		cur.reset()
		if !s.matchParts(t, fm.Parts[names:], bestEnd, 0, false, cur) || cur.n == 0 {
			continue
		}
		if bestForm == nil || cur.end > best.end {
			best, cur, bestForm = cur, best, fm
		}
	}
	end := bestEnd
	if bestForm != nil {
		f.params, f.n, f.Form, f.FormRule = best.params, uint8(best.n), bestForm.Text, bestForm.Rule
		f.End, end = s.off+best.endByte, best.end
	} else if p, next, ok := s.cardsNumber(t, bestEnd); ok {
		f.params[0], f.n = p, 1 // "mills three cards"
		f.End, end = p.End, next
	}
	if f.n > 0 {
		if e, ok := s.where(t, end, &f.params[f.n-1]); ok {
			f.End = s.off + int(t[e-1].End) // "amass Orcs X, where X is ..."
		}
	}
	s.dst = append(s.dst, f)
	return max(end, bestEnd), true
}

// cardsNumber reads the number of cards after an action's verb whose
// rule writes no number: "mills three cards", "mill X cards", "mills a
// card" is no number. It returns the token after "cards".
func (s *scan) cardsNumber(t []kwform.Token, p int) (Param, int, bool) {
	if !s.is(t, p, kwform.TokWord) && !s.is(t, p, kwform.TokNumber) || !s.is(t, p+1, kwform.TokWord) || !hasPrefixFold(s.word(t, p+1), "card") {
		return Param{}, p, false
	}
	w := s.word(t, p)
	_, a, b := s.text(t, p, p+1)
	if w == "X" {
		return Param{Kind: ParamNumber, Text: w, Number: Number{Variable: "X"}, Offset: a, End: b}, p + 2, true
	}
	if n, ok := digits(w); ok {
		return Param{Kind: ParamNumber, Text: w, Number: Number{Value: n}, Offset: a, End: b}, p + 2, true
	}
	for n, word := range numberWords {
		if foldIs(w, word) && n > 1 {
			return Param{Kind: ParamNumber, Text: w, Number: Number{Value: n}, Offset: a, End: b}, p + 2, true
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
// that's tapped and attacking" (either apostrophe: compared as keys).
var beforeStatus = [...]string{"is", "are", "was", "were", "be", "been", "isn't", "aren't", "it's", "they're", "that's", "remains", "remain", "enters", "enter", "battlefield", "stays", "stay"}

// objectNouns are the nouns of objects a past form may stand before as
// an adjective ("tapped creature", "exiled card"), types aside.
var objectNouns = [...]string{"card", "cards", "spell", "spells", "permanent", "permanents", "token", "tokens", "creatures", "lands", "artifacts", "object", "objects"}

// isNoun reports whether the verb form e, which begins at token i, ends
// before token after and follows the word prev, is no verb where it
// stands: a noun after an article, a possessive, a preposition, a number
// or a token ("a +1/+1 counter", "from exile"), a counter of "counters on
// it", a status (110.5) after "is" or "enters", or a past form before a
// noun ("tapped creature", "exiled card").
func (s *scan) isNoun(t []kwform.Token, i, after int, prev string, e *ref) bool {
	for _, w := range nounAfter {
		if foldIs(prev, w) {
			return true
		}
	}
	next := ""
	if s.is(t, after, kwform.TokWord) {
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
	if len(e.words) == 0 {
		for _, st := range statusWords {
			if !foldIs(s.word(t, i), st) {
				continue
			}
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

// headsAbility reports whether the verb at token i (refs are what its
// word begins) begins the name of a keyword ability of two words or more
// ("double strike", "level up"): the words a form of its rule begins
// with; the ability, not the action.
func (s *scan) headsAbility(t []kwform.Token, i int, refs []ref) bool {
	for k := range refs {
		e := &refs[k]
		if e.kind != refForm || !s.listed(e.ability) {
			continue
		}
		parts := abilityForms[e.ability][e.form].Parts
		if len(parts) >= 2 && parts[1].Kind == PartWord && s.wordPart(t, i+1, parts[1].Text) {
			return true
		}
	}
	return false
}

// designation appends the designation a keyword gives whose words begin
// at token i (refs are what its word begins: "suspected", "plotted",
// "monstrous", "Ring-bearer"), prev and before the two words before it,
// supposed set in a clause that supposes ("If it's suspected"), and
// returns the token after it.
//
// A designation of an action something is given ("Enchanted creature ...
// is goaded": given) is the action done (UseHas, or UseCondition in a
// trigger's condition); one the text refers to ("suspected creatures",
// "if it's suspected", "can't become suspected"), or an ability's ("It
// becomes plotted"), is UseDesignation.
func (s *scan) designation(t []kwform.Token, i int, refs []ref, prev, before string, supposed bool, use Use) (int, bool) {
	given := givenBy(prev) && !supposed && !foldIs(before, "can't") && !foldIs(before, "longer")
	for k := range refs {
		d := &refs[k]
		if d.kind != refDesignation || d.of == KindAction && !s.listedAction(d.action) || d.of == KindAbility && !s.listed(d.ability) {
			continue
		}
		end, ok := s.wordsAt(t, i+1, d.words)
		if !ok {
			continue
		}
		if !given || d.of == KindAbility {
			// Referred to; or an ability's, which an effect gives without
			// giving the ability (702.170c: "cause a card in exile to
			// become plotted").
			use = UseDesignation
		}
		printed, a, b := s.text(t, i, end)
		s.dst = append(s.dst, Found{Kind: d.of, Action: d.action, Ability: d.ability, Printed: printed, Offset: a, End: b,
			Reminder: t[i].Depth > 0, Use: use, FormRule: d.rule})
		return end, true
	}
	return i, false
}

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

// tokenAt appends the predefined token whose name begins at token i
// (refs are what its word begins) when a token is created there: "create
// a Treasure token", "create two tapped Food tokens", "Gift a Food"
// (702.174: a gift of a token), the name before "token" in a clause that
// creates, and returns the token after its name.
func (s *scan) tokenAt(t []kwform.Token, i int, refs []ref, reminder, creating bool) (int, bool) {
	var e *ref
	after := 0
	for k := range refs {
		r := &refs[k]
		if r.kind != refToken || s.r.tokens != "" && !listedIn(data.Tokens, int(r.token), s.r.tokens) || s.r.tokens == "" && !r.token.IsValid() {
			continue
		}
		if end, ok := s.wordsAt(t, i+1, r.words); ok && end > after {
			e, after = r, end
		}
	}
	if e == nil {
		return i, false
	}
	named := s.is(t, after, kwform.TokWord) && hasPrefixFold(s.word(t, after), "token")
	if !(creating && named) && !s.giftedAt(t, i) {
		return i, false
	}
	name, a, b := s.text(t, i, after)
	s.dst = append(s.dst, Found{Kind: KindToken, Token: e.token, Printed: name, Offset: a, End: b, Reminder: reminder})
	return after, true
}

// giftedAt reports whether the token at i is what a gift gives: "Gift a
// Food" (the keyword ability Gift, 702.174, whose parameter is a token).
func (s *scan) giftedAt(t []kwform.Token, i int) bool {
	return i >= 2 && s.isWord(t, i-2, "gift") && s.is(t, i-1, kwform.TokWord) && s.wordPart(t, i-1, "a")
}

// hasPrefixFold reports whether s begins with prefix (lower case) in any
// case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && foldIs(s[:len(prefix)], prefix)
}

// foldIs reports whether w is lit, a word the reader spells (a key:
// lower case, the ASCII apostrophe), in any case and with either
// apostrophe: most words of a line are not, and are told so by their
// first letter before any folding.
func foldIs(w, lit string) bool {
	if w == "" || w[0]|0x20 != lit[0]|0x20 {
		return false
	}
	return kwform.Equal(w, lit)
}
