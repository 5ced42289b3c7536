package extract

import (
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The forms of the keyword abilities, each read from the subrules of its
// own rule, in the rule's own words: what a card prints ("“Ward [cost]”
// means ...", "written “Protection from [quality].”", "appears ... as
// “[type]walk,”") and the variants the rule defines ("“Equip
// planeswalker [cost]” means", "“[Type]cycling [cost]” means",
// "“Megamorph [cost]” means"). A form is a phrase of the rule that names
// the ability, or a word of it, and that the rule says something means,
// or writes the ability as. An ability whose rule writes no form
// (deathtouch, flying) is written as its name alone. The reading scans
// the text by hand: it runs on every subrule of 702 that may write one.

// mayWriteForm reports whether a subrule's text (as published, in any
// encoding) can write a form: it says what something means, or how an
// ability is written. Most subrules of 702 do neither, and are not kept.
func mayWriteForm(number, text string) bool {
	// Each phrase is looked for by its rarest byte (search.go), those
	// sharing it in one scan: this runs on every subrule of 701 and 702.
	first := strings.HasSuffix(number, "a")
	switch {
	case anyQuote.in(text) && formSaid.in(text):
		// A quoted form (a text without a quote writes none, but for the
		// cases below; \x93 and \x94 are the quotes of Windows-1252).
		return true
	case isADesignation.in(text):
		// A designation a keyword gives ("Suspected is a designation").
		return true
	case symbolsAreKeywords.in(text):
		// An ability whose symbols are keyword abilities, written in a
		// rule of their own (702.184b: "See rule 721").
		return true
	case first && (strings.IndexByte(text, '[') >= 0 || numberN.in(text)):
		// A form written unquoted with a parameter in a keyword's first
		// subrule ("To amass [subtype] N means", "To incubate N, create",
		// "instruct a permanent to endure N.").
		return true
	}
	// The first subrule of an ability that names its cost ("paying any
	// foretell cost it has"): 702.1a, an ability's cost is its own.
	return first && namesACost.in(text)
}

// The phrases the readers of forms look for, each by its rarest byte
// (search.go): they run on every subrule of 701 and 702.
var (
	curlyOpen, curlyClose = newNeedle(openQuote), newNeedle(closeQuote)
	means                 = newNeedle(" means ")
	anyQuote              = newNeedles(openQuote, closeQuote, "\"", "\x93") // curly first: most releases print them
	// What a subrule says a quoted form is ("“Ward [cost]” means", "on
	// a permanent means"), how it is written, a variant, a form; a
	// phrase "as" a quote gives ("appears ... as “[type]walk”"); a
	// quoted form with its parameters ("“bands with other [quality]”",
	// 702.22c), which completes a form named bare.
	formSaid = newNeedles("means", "written", "variant", "in the form", "special form", " as “", " as \"", " as \x93",
		"]”", "]\"", "]\x94")
	isADesignation = newNeedle(" is a designation")
	// What a subrule says of an ability whose symbols are keyword
	// abilities (702.184b).
	symbolsAreKeywords = newNeedle("symbols that are themselves keyword abilities")
	numberN            = newNeedles(" N ", " N,", " N.")
	namesACost         = newNeedle(" cost")
	isASpecialFormOf   = newNeedle(" is a special form of ")
	become             = newNeedle("become")
	becomes            = [...]needle{newNeedle("becomes a "), newNeedle("becomes "), newNeedle("become ")}
)

// writesSymbolForm reports whether a rule outside the keyword sections
// writes the form of a symbol ("“{N+}[abilities]” means", 721.2a, the
// station symbols 702.184b calls keyword abilities).
func writesSymbolForm(text string) bool {
	return (strings.HasPrefix(text, "“{") || strings.HasPrefix(text, "\"{")) && means.in(text)
}

// readForms reads the forms of each keyword ability of names (each read
// from the rule of the same index of from) in the subrules of its rule,
// among rules; a symbol's forms in the rule of all that a subrule sends
// them to (symbolsSee).
func readForms(rules, all []crtext.Rule, names, from []string, f *Facts) {
	of := make(map[string][]int, len(from)) // a title's rule → its names (two: "Daybound and Nightbound")
	for i, r := range from {
		of[r] = append(of[r], i)
	}
	forms := make([][]snapshot.KeywordForm, len(names))
	first := make([]*crtext.Rule, len(names)) // each ability's first subrule (702.143a)
	for k := range rules {
		r := &rules[k]
		if !hasLetter(r.Number) {
			continue
		}
		title := r.Number[:len(r.Number)-1] // a subrule has one letter (hasLetter)
		if r.Number[len(title)] == 'a' {
			for _, i := range of[title] {
				first[i] = r
			}
		}
		for _, i := range of[title] {
			eachDefined(r.Text, func(phrase string) {
				phrase = formOf(phrase, names[i])
				if (ofAbility(phrase, printedName(names[i])) || opensDefining(r.Text, phrase, names[i])) && !slices.ContainsFunc(forms[i], func(k snapshot.KeywordForm) bool { return k.Form == phrase }) {
					forms[i] = append(forms[i], snapshot.KeywordForm{Form: phrase, Rule: r.Number})
					// The subrule is quoted as every rule a fact comes
					// from: a release's diff shows its words, and a release
					// rendered from the snapshots alone writes it again.
					f.Rules[r.Number] = r.Text
				}
			})
		}
	}
	for i := range forms {
		forms[i] = withCost(forms[i], names[i])
		if len(forms[i]) == 0 && first[i] != nil {
			forms[i] = namedCost(first[i], names[i], f)
		}
	}
	for k := range rules {
		r := &rules[k]
		if !hasLetter(r.Number) {
			continue
		}
		for _, i := range of[r.Number[:len(r.Number)-1]] {
			designations(r, names[i], f)
			forms[i] = withParams(forms[i], r.Text)
			if isASpecialFormOf.in(r.Text) && !slices.ContainsFunc(forms[i], func(k snapshot.KeywordForm) bool { return hasPrefixFold(k.Form, names[i]) }) {
				// "“Bands with other” is a special form of banding" (702.22b):
				// the ability is still printed as its name alone, which its
				// title's rule writes.
				forms[i] = append([]snapshot.KeywordForm{{Form: printedName(names[i]), Rule: from[i]}}, forms[i]...)
			}
			if see, ok := symbolsSee(r.Text); ok {
				forms[i] = append(forms[i], symbolForms(all, see, f)...)
			}
		}
	}
	for i, fs := range forms {
		if len(fs) > 0 {
			if f.Forms == nil {
				f.Forms = snapshot.KeywordForms{}
			}
			f.Forms[names[i]] = fs
		}
	}
}

// withCost gives the forms of an ability whose first form ends in its
// cost ("Equip [cost]") that cost where they leave it out: a restriction
// of the ability "in the form “Equip [quality]”" (702.6c) or a variant
// named before its form ("“Equip planeswalker” is a variant", 702.6e)
// is printed with the ability's cost ("Equip legendary creature {3}").
// A form the ability already has is not written twice.
func withCost(forms []snapshot.KeywordForm, name string) []snapshot.KeywordForm {
	const cost = " [cost]"
	if len(forms) < 2 || !strings.HasSuffix(forms[0].Form, cost) {
		return forms
	}
	out := forms[:1]
	for _, f := range forms[1:] {
		if strings.EqualFold(f.Form, name) {
			out = append(out, f) // written bare on purpose ("“Mayhem” without a cost means", 702.187c)
			continue
		}
		if !strings.Contains(strings.ToLower(f.Form), "[cost") {
			f.Form += cost
		}
		if !slices.ContainsFunc(out, func(k snapshot.KeywordForm) bool { return k.Form == f.Form }) {
			out = append(out, f)
		}
	}
	return out
}

// namedCost is the form of an ability whose rule writes none but whose
// first subrule names its cost ("paying any foretell cost it has",
// 702.143a): by 702.1a a
// "[keyword ability] cost" is the ability's own, which cards print
// after its name ("Foretell {1}{U}").
func namedCost(first *crtext.Rule, name string, f *Facts) []snapshot.KeywordForm {
	if !strings.Contains(strings.ToLower(first.Text), " "+strings.ToLower(printedName(name))+" cost") {
		return nil
	}
	f.Rules[first.Number] = first.Text
	return []snapshot.KeywordForm{{Form: printedName(name) + " [cost]", Rule: first.Number}}
}

// withParams writes a form the rule names bare ("“Bands with other” is a
// special form of banding", 702.22b) with the parameters another of its
// quotes gives it ("“bands with other [quality]”", 702.22c): cards print
// it with them.
func withParams(forms []snapshot.KeywordForm, text string) []snapshot.KeywordForm {
	if strings.IndexByte(text, '[') < 0 {
		return forms // no parameter to give
	}
	for i, f := range forms {
		if strings.ContainsAny(f.Form, "[]") {
			continue
		}
		eachQuoted(text, func(phrase string) {
			if len(phrase) <= len(f.Form)+1 || !hasPrefixFold(phrase, f.Form) || phrase[len(f.Form)] != ' ' {
				return
			}
			rest := phrase[len(f.Form)+1:]
			if !strings.HasPrefix(rest, "[") || !strings.HasSuffix(rest, "]") || strings.Contains(rest, " and ") {
				return
			}
			full := f.Form + phrase[len(f.Form):]
			if !slices.ContainsFunc(forms, func(k snapshot.KeywordForm) bool { return strings.EqualFold(k.Form, full) }) {
				forms[i].Form = full // not where the rule writes both ("Mayhem [cost]", and "Mayhem" without a cost)
			}
		})
	}
	return forms
}

// symbolsSee is the rule a subrule sends its ability's symbols to: "It
// has a nonstandard layout and includes station symbols that are
// themselves keyword abilities. See rule 721, “Station Cards.”" (702.184b).
func symbolsSee(text string) (string, bool) {
	if !symbolsAreKeywords.in(text) {
		return "", false
	}
	_, after, ok := strings.Cut(text, "See rule ")
	if !ok {
		return "", false
	}
	n := 0
	for n < len(after) && after[n] >= '0' && after[n] <= '9' {
		n++
	}
	return after[:n], n == 3
}

// symbolForms are the forms the subrules of rule see write of a symbol
// (“{N+}[abilities]” means ..., 721.2a), each quoted as its rule.
func symbolForms(rules []crtext.Rule, see string, f *Facts) []snapshot.KeywordForm {
	var out []snapshot.KeywordForm
	prefix := see + "."
	for k := range rules {
		r := &rules[k]
		if !strings.HasPrefix(r.Number, prefix) || !writesSymbolForm(r.Text) {
			continue
		}
		eachDefined(r.Text, func(phrase string) {
			if strings.HasPrefix(phrase, "{") && !slices.ContainsFunc(out, func(k snapshot.KeywordForm) bool { return k.Form == phrase }) {
				out = append(out, snapshot.KeywordForm{Form: phrase, Rule: r.Number})
				f.Rules[r.Number] = r.Text
			}
		})
	}
	return out
}

// eachQuoted calls f with each quoted phrase of text.
func eachQuoted(text string, f func(string)) {
	q := quotesOf(text)
	for i := 0; i < len(text); {
		open, width := q.opening(i)
		if open < 0 {
			return
		}
		start := open + width
		end, closeWidth := q.closing(start)
		if end < 0 {
			return
		}
		f(strings.TrimRight(strings.TrimSpace(text[start:end]), ".,"))
		i = end + closeWidth
	}
}

// printedName is an ability's name as cards print it: its title without
// the gloss of a name of no letters ("∞ (Infinity)" prints "∞").
func printedName(name string) string {
	if head, gloss, ok := strings.Cut(name, " ("); ok && strings.HasSuffix(gloss, ")") {
		return head
	}
	return name
}

// The quotes around a phrase: curly, or straight (the releases of
// 2009-2012 print straight ones).
const (
	openQuote  = "“"
	closeQuote = "”"
)

// eachDefined calls f with each phrase of a subrule's text the rule
// defines or writes an ability as: a quoted one followed by "means" (after
// an "on a permanent" for an ability that means two things), "is a
// variant" or "represents", or after "written" or "as" (not "as in",
// which gives an example); and the head of a sentence "Ward [cost] means
// “...”" that prints its phrase unquoted.
func eachDefined(text string, f func(string)) {
	formListed := false // "in the form “Equip [quality]” or “Equip [quality] creature.”"
	q := quotesOf(text)
	for i := 0; i < len(text); {
		open, width := q.opening(i)
		if open < 0 {
			break
		}
		start := open + width
		end, closeWidth := q.closing(start)
		if end < 0 {
			break
		}
		phrase := strings.TrimRight(strings.TrimSpace(text[start:end]), ".,")
		before, after := text[:open], text[end+closeWidth:]
		if defines(after) || strings.HasSuffix(before, "written ") || strings.HasSuffix(before, "written as ") ||
			strings.HasSuffix(before, "in the form ") || formListed && (strings.HasSuffix(before, "” or ") || strings.HasSuffix(before, "\" or ")) ||
			strings.HasSuffix(before, " as ") && !strings.HasSuffix(before, " as in ") {
			formListed = strings.HasSuffix(before, "in the form ") || formListed
			f(phrase)
		} else {
			formListed = false
		}
		i = end + closeWidth
	}
	for rest := text; ; {
		i := means.index(rest)
		if i < 0 {
			return
		}
		if head, ok := sentenceHead(rest[:i], 6); ok && !strings.ContainsAny(head, "“”\"") {
			f(strings.TrimSpace(head))
		}
		rest = rest[i+len(means.s):]
	}
}

// sentenceHead is the last sentence of text (what follows its last ". ")
// when it has fewer than max spaces; text is read backwards as far as
// that, not whole.
func sentenceHead(text string, max int) (string, bool) {
	spaces := 0
	for k := len(text) - 1; k >= 0; k-- {
		if text[k] != ' ' {
			continue
		}
		if k > 0 && text[k-1] == '.' {
			return text[k+1:], true
		}
		if spaces++; spaces == max {
			return "", false
		}
	}
	return text, true
}

// quotes finds the quotes of a text in order, curly or straight: it
// remembers where the next quote of each kind is, and looks again only
// once it is passed, so that a text of curly quotes is read for a
// straight one once, not at every quote.
type quotes struct {
	text string
	next [3]int // the next “, ” and ", at or after the last search; len(text) for none; -1 before the first
}

func quotesOf(text string) quotes { return quotes{text: text, next: [3]int{-1, -1, -1}} }

const (
	curlyOpening = iota
	curlyClosing
	straightQuote
)

// find is where the next quote of kind is at or after i, len(q.text)
// when there is none.
func (q *quotes) find(kind, i int) int {
	if q.next[kind] < i {
		var j int
		switch kind {
		case curlyOpening:
			j = curlyOpen.index(q.text[i:])
		case curlyClosing:
			j = curlyClose.index(q.text[i:])
		default:
			j = strings.IndexByte(q.text[i:], '"')
		}
		q.next[kind] = len(q.text)
		if j >= 0 {
			q.next[kind] = i + j
		}
	}
	return q.next[kind]
}

// opening is where the next opening quote is at or after i, and its
// width; -1 when there is none.
func (q *quotes) opening(i int) (int, int) {
	return q.first(q.find(curlyOpening, i), q.find(straightQuote, i), len(openQuote))
}

// closing is where the quote opened before start closes, and its width.
func (q *quotes) closing(start int) (int, int) {
	return q.first(q.find(curlyClosing, start), q.find(straightQuote, start), len(closeQuote))
}

// first is the first of a curly quote (of width curlyWidth) and a
// straight one, and its width; -1 when there is neither.
func (q *quotes) first(curly, straight, curlyWidth int) (int, int) {
	switch {
	case curly == len(q.text) && straight == len(q.text):
		return -1, 0
	case curly < straight:
		return curly, curlyWidth
	}
	return straight, 1
}

// defines reports whether the text after a quoted phrase says what it
// means: "means", "on a permanent means", "is a variant", "represents".
func defines(after string) bool {
	for _, p := range [...]string{" means", " is a variant", " represents", " is a special form"} {
		if strings.HasPrefix(after, p) {
			return true
		}
	}
	// "“Mayhem” without a cost means" (702.187c): the ability printed bare.
	if rest, ok := strings.CutPrefix(after, " without a "); ok {
		if _, means, ok := strings.Cut(rest, " "); ok && strings.HasPrefix(means, "means") {
			return true
		}
	}
	rest, ok := strings.CutPrefix(after, " on a")
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "n")
	for range 3 { // " on a permanent means", " on an instant or sorcery spell means"
		if strings.HasPrefix(rest, " means") {
			return true
		}
		i := strings.IndexByte(rest[min(1, len(rest)):], ' ')
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
	}
	return strings.HasPrefix(rest, " means")
}

// formOf is a phrase as a form: its dashes the long dash ("--" in the
// releases of 2009-2012), one space between words, and an ability "without
// a number" (vanishing) its name alone, as cards print it.
func formOf(phrase, name string) string {
	if strings.Contains(phrase, "--") || strings.Contains(phrase, "  ") {
		phrase = strings.Join(strings.Fields(strings.ReplaceAll(phrase, "--", "—")), " ")
	}
	if head, ok := strings.CutSuffix(phrase, " without a number"); ok && strings.EqualFold(head, name) {
		return head
	}
	return phrase
}

// ofAbility reports whether phrase is a form of the ability name: it
// begins with the name ("Equip planeswalker [cost]"), or one of its first
// two words is the name ("Commander ninjutsu [cost]", "[Quality]
// offering"), ends with it ("Multikicker [cost]", "Megamorph [cost]") or
// is a parameter and an ending the name ends with ("[type]walk" of
// landwalk, "[Type]cycling [cost]" of cycling). A shorthand for several
// abilities ("Protection from [quality A] and from [quality B]", "Kicker
// [cost 1], kicker [cost 2]") is no form of its own, nor is a phrase
// that mentions the ability further on ("if the first listed kicker cost
// was paid").
func ofAbility(phrase, name string) bool {
	for _, short := range [...]string{" and from ", "from each ", "and/or", ","} {
		if strings.Contains(phrase, short) {
			return false
		}
	}
	if hasPrefixFold(phrase, name) {
		rest := phrase[len(name):]
		if rest == "" || rest[0] == ' ' || strings.HasPrefix(rest, "—") {
			return true
		}
	}
	rest := phrase
	for range 2 {
		w, after, _ := strings.Cut(rest, " ")
		switch {
		case strings.EqualFold(w, name) || sameStem(w, name):
			return true
		case len(w) > len(name) && strings.EqualFold(w[len(w)-len(name):], name) && isLetters(w):
			return true
		case strings.HasPrefix(w, "["):
			if _, suffix, ok := strings.Cut(w, "]"); ok && len(suffix) >= 3 && len(name) >= len(suffix) && strings.EqualFold(name[len(name)-len(suffix):], suffix) {
				return true
			}
		}
		if after == "" {
			break
		}
		rest = after
	}
	return false
}

// opensDefining reports whether a subrule opens by saying what the quoted
// phrase means or that it is a variant of the ability name: in the rule
// of an ability, a variant of it under a name of its own, which names the
// ability in none of its words ("“Choose a Background” means", "“Doctor’s
// companion” means", 702.124k and m, which 702.124a lists among "the
// partner abilities"; "“Friends forever” is a variant of the partner
// ability", 702.124g of 2022).
func opensDefining(text, phrase, name string) bool {
	for _, q := range [...][2]string{{"“", "”"}, {"\"", "\""}, {"\x93", "\x94"}} {
		if !strings.HasPrefix(text, q[0]) || !strings.HasPrefix(text[len(q[0]):], phrase) {
			continue
		}
		rest, ok := strings.CutPrefix(text[len(q[0])+len(phrase):], q[1])
		if !ok {
			continue
		}
		if strings.HasPrefix(rest, " means ") {
			return true
		}
		if v, ok := strings.CutPrefix(rest, " is a variant of the "); ok && hasPrefixFold(v, name) && strings.HasPrefix(v[len(name):], " ability") {
			return true
		}
	}
	return false
}

// sameStem reports whether a word and a one-word name are the same verb
// but for their endings ("Bands", "Banding": band), four letters at least.
func sameStem(w, name string) bool {
	stem := func(s string) string {
		s = strings.ToLower(s)
		for _, e := range [...]string{"ing", "s"} {
			if t, ok := strings.CutSuffix(s, e); ok && len(t) >= 4 {
				return t
			}
		}
		return s
	}
	return !strings.Contains(name, " ") && isLetters(w) && stem(w) != strings.ToLower(w) && stem(w) == stem(name)
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// isLetters reports whether w is ASCII letters only.
func isLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
