package extract

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The predefined tokens (111.10): each subrule of the rule that says
// effects "create a predefined token" defines one, in a sentence whose
// words are the token's characteristics:
//
//	A Treasure token is a colorless Treasure artifact token with “{T}, Sacrifice this token: Add one mana of any color.”
//	A Walker token is a 2/2 black Zombie creature token named Walker.
//	An Incubator token is a double-faced token. Its front face is a colorless Incubator artifact with “...” Its back face is a 0/0 colorless Phyrexian artifact creature named Phyrexian Token.
//
// Each word is read against the release's own lists: its colours (105.1),
// card types and supertypes (205), its subtypes (a subtype of two words,
// "Young Hero", as the release lists it; any other capitalised word is
// one: the generator checks each against the categories of the token's
// card types), and the symbols of its abilities against 107.4. A
// sentence that does not read so stops the release, naming the rule and
// the words.

// tokenPhrases are the words of the token sentences.
var tokenPhrases = struct {
	articleA, articleAn, is, doubleFaced, front, back, colorless, named, with, token string
	// symbols are the symbols an ability may print besides the mana
	// symbols of 107.4: the tap and untap symbols (107.5, 107.6).
	symbols []string
}{
	articleA:    "A ",
	articleAn:   "An ",
	is:          " token is ",
	doubleFaced: "double-faced token.",
	front:       "Its front face is ",
	back:        " Its back face is ",
	colorless:   "colorless",
	named:       " named ",
	with:        " with ",
	token:       " token",
	symbols:     []string{"{T}", "{Q}"},
}

var (
	seeRuleRE = regexp.MustCompile(`\s*See rules? [0-9][^“]*(?:“[^”]*”)?\.?$`)
	ptRE      = regexp.MustCompile(`^(\d+|\*|X)/(\d+|\*|X)$`)
)

// readTokens reads the predefined tokens, when lang's tables know their
// rule.
func readTokens(p *phrases, fact *snapshot.Fact, rules []crtext.Rule, full bool, f *Facts) error {
	if p.tokens == "" {
		return nil
	}
	var parent *crtext.Rule
	for i := range rules {
		if hasLetter(rules[i].Number) || !strings.Contains(rules[i].Text, p.tokens) {
			continue
		}
		if parent != nil {
			return errorf(rules[i].Number, "says effects %q, as rule %s does: which one defines the %s?", p.tokens, parent.Number, fact.Label)
		}
		parent = &rules[i]
	}
	if parent == nil {
		if full {
			return errorf("", "no rule says effects %q: expected the %s", p.tokens, fact.Label)
		}
		return nil
	}
	lists := tokenWords{f: f}
	var tokens []snapshot.Token
	for _, r := range rules {
		if !isSubruleOf(r.Number, parent.Number) {
			continue
		}
		t, err := lists.token(r)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(tokens, func(x snapshot.Token) bool { return x.Name == t.Name }) {
			return errorf(r.Number, "defines the %s token, as an earlier subrule does", t.Name)
		}
		tokens = append(tokens, t)
		f.Rules[r.Number] = r.Text
	}
	if len(tokens) == 0 {
		return errorf(parent.Number, "defines no %s in its subrules", fact.Label)
	}
	f.Rules[parent.Number] = parent.Text
	f.Tokens = tokens
	f.FactRule[fact.Name] = parent.Number
	return nil
}

// tokenHead reads the head of a token's subrule, "A[n] <name> token is
// a[n] <rest>": the name, the shortest before " token is", and the rest.
func tokenHead(text string) (name, rest string, ok bool) {
	after, ok := strings.CutPrefix(text, tokenPhrases.articleAn)
	if !ok {
		if after, ok = strings.CutPrefix(text, tokenPhrases.articleA); !ok {
			return "", "", false
		}
	}
	for from := 1; from <= len(after); {
		i := strings.Index(after[from:], tokenPhrases.is)
		if i < 0 {
			return "", "", false
		}
		i += from
		r := after[i+len(tokenPhrases.is):]
		for _, art := range [...]string{"a ", "an "} {
			if len(r) > len(art) && strings.HasPrefix(r, art) {
				return after[:i], r[len(art):], true
			}
		}
		from = i + 1
	}
	return "", "", false
}

// tokenWords reads a token's words against the release's lists.
type tokenWords struct{ f *Facts }

// token reads one subrule.
func (w tokenWords) token(r crtext.Rule) (snapshot.Token, error) {
	text := strings.TrimSpace(r.Text)
	if strings.Contains(text, "See rule") { // the expression only where it may match: it is slow
		if loc := seeRuleRE.FindStringIndex(text); loc != nil {
			text = text[:loc[0]]
		}
	}
	name, rest, ok := tokenHead(text)
	if !ok {
		return snapshot.Token{}, errorf(r.Number, "does not read %q: %q", "A[n] <name> token is a ...", crtext.Abbreviate(text))
	}
	t := snapshot.Token{Name: name, Rule: r.Number}
	if _, after, ok := strings.Cut(rest, tokenPhrases.doubleFaced); ok {
		front, back, ok := strings.Cut(after, tokenPhrases.back)
		front, isFront := strings.CutPrefix(strings.TrimSpace(front), tokenPhrases.front)
		if !ok || !isFront {
			return t, errorf(r.Number, "a double-faced token: expected %q and %q: %q", tokenPhrases.front+"...", strings.TrimSpace(tokenPhrases.back)+" ...", crtext.Abbreviate(text))
		}
		for _, face := range []string{front, back} {
			fc, err := w.face(r.Number, strings.TrimPrefix(strings.TrimPrefix(face, "a "), "an "), false)
			if err != nil {
				return t, err
			}
			t.Faces = append(t.Faces, fc)
		}
		return t, nil
	}
	fc, err := w.face(r.Number, rest, true)
	if err != nil {
		return t, err
	}
	t.Faces = []snapshot.TokenFace{fc}
	return t, nil
}

// face reads "[P/T] colours types[ token][ named N][ with abilities]".
func (w tokenWords) face(rule, s string, token bool) (snapshot.TokenFace, error) {
	var fc snapshot.TokenFace
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	desc, tail := s, ""
	if i := outsideQuotes(s, tokenPhrases.named, tokenPhrases.with); i >= 0 {
		desc, tail = s[:i], s[i:]
	}
	if token {
		var ok bool
		if desc, ok = strings.CutSuffix(desc, tokenPhrases.token); !ok {
			return fc, errorf(rule, "expected %q after the token's types: %q", strings.TrimSpace(tokenPhrases.token), crtext.Abbreviate(s))
		}
	}
	if err := w.describe(rule, strings.Fields(desc), &fc); err != nil {
		return fc, err
	}
	if name, ok := strings.CutPrefix(tail, tokenPhrases.named); ok {
		end := outsideQuotes(name, tokenPhrases.with)
		if end < 0 {
			end = len(name)
		}
		fc.Name = strings.TrimSuffix(strings.Trim(strings.TrimSpace(name[:end]), "“”"), ".")
		tail = name[end:]
	}
	if abilities, ok := strings.CutPrefix(tail, tokenPhrases.with); ok {
		var err error
		if fc.Abilities, err = w.abilities(rule, abilities); err != nil {
			return fc, err
		}
	} else if tail != "" {
		return fc, errorf(rule, "does not read %q after the token's types", crtext.Abbreviate(tail))
	}
	return fc, nil
}

// describe sorts the words before "token": a power and toughness, the
// colours, then supertypes, subtypes and card types, each a name of the
// release's lists.
func (w tokenWords) describe(rule string, words []string, fc *snapshot.TokenFace) error {
	if len(words) > 0 {
		if m := ptRE.FindStringSubmatch(words[0]); m != nil {
			fc.Power, fc.Toughness, words = m[1], m[2], words[1:]
		}
	}
	fc.Colors = []string{}
colors:
	for len(words) > 0 {
		switch wd := words[0]; {
		case wd == tokenPhrases.colorless && len(fc.Colors) == 0:
		case slices.Contains(w.f.Lists[snapshot.FactColors], strings.TrimSuffix(wd, ",")):
			fc.Colors = append(fc.Colors, strings.TrimSuffix(wd, ","))
		case wd == "and" && len(fc.Colors) > 0:
		default:
			break colors
		}
		words = words[1:]
	}
	for i := 0; i < len(words); {
		wd := words[i]
		switch {
		case slices.Contains(w.f.Lists[snapshot.FactCardTypes], wd):
			fc.CardTypes = append(fc.CardTypes, wd)
		case slices.Contains(w.f.Lists[snapshot.FactSupertypes], wd):
			fc.Supertypes = append(fc.Supertypes, wd)
		default:
			n := w.subtype(words[i:])
			if n == 0 && unicode.IsUpper([]rune(wd)[0]) {
				n = 1 // a subtype the release's lists lack: the generator says so
			}
			if n == 0 {
				return errorf(rule, "%q is no colour, card type, supertype or subtype of this release: a token's words are its characteristics", wd)
			}
			fc.Subtypes = append(fc.Subtypes, strings.Join(words[i:i+n], " "))
			i += n
			continue
		}
		i++
	}
	if len(fc.CardTypes) == 0 {
		return errorf(rule, "names no card type of this release: %q", strings.Join(words, " "))
	}
	return nil
}

// subtype is how many of words make the longest subtype name of the
// release they begin with; 0 for none.
func (w tokenWords) subtype(words []string) int {
	best := 0
	if len(words) == 0 || words[0] == "" {
		return 0
	}
	for _, names := range w.f.Subtypes {
		for _, n := range names {
			if n == "" || n[0] != words[0][0] {
				continue // most names, at their first byte
			}
			if k := wordsOf(n, words); k > best {
				best = k
			}
		}
	}
	return best
}

// wordsOf is how many words name is, when words begin with them; else 0.
// It allocates nothing (a subtype is compared with every name a release
// lists).
func wordsOf(name string, words []string) int {
	k := 0
	for rest := name; ; k++ {
		w, more, two := strings.Cut(rest, " ")
		if k >= len(words) || words[k] != w {
			return 0
		}
		if !two {
			return k + 1
		}
		rest = more
	}
}

// abilities reads "enchant creature and “...”", "“...,” and “...”": the
// keywords and the quoted abilities, each as printed (without its
// quotes), every symbol one of 107.4 or of tokenPhrases.symbols.
func (w tokenWords) abilities(rule, s string) ([]string, error) {
	var out []string
	for s = strings.TrimSpace(s); s != ""; {
		var item string
		if rest, ok := strings.CutPrefix(s, "“"); ok {
			end := closingQuote(rest)
			if end < 0 {
				return nil, errorf(rule, "an ability's quotation does not close: %q", crtext.Abbreviate(s))
			}
			item, s = strings.TrimSuffix(rest[:end], ","), rest[end+len("”"):]
		} else {
			end := outsideQuotes(s, ", ", " and ")
			if end < 0 {
				end = len(s)
			}
			item, s = s[:end], s[end:]
		}
		if item = strings.TrimSpace(item); item == "" {
			return nil, errorf(rule, "an ability of the token is empty: %q", crtext.Abbreviate(s))
		}
		out = append(out, item)
		s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, ","), " "), "and ")
		s = strings.TrimSpace(s)
	}
	for _, a := range out {
		for rest := a; ; {
			open := strings.IndexByte(rest, '{')
			if open < 0 {
				break
			}
			end := strings.IndexByte(rest[open:], '}')
			if end < 0 {
				break
			}
			sym := rest[open : open+end+1]
			if !w.symbol(sym) {
				return nil, errorf(rule, "an ability prints %s, which is no symbol of rule 107.4 (nor the tap or untap symbol): %q", sym, crtext.Abbreviate(a))
			}
			rest = rest[open+end+1:]
		}
	}
	return out, nil
}

func (w tokenWords) symbol(sym string) bool {
	if slices.Contains(tokenPhrases.symbols, sym) || strings.Trim(sym, "{}0123456789") == "" && len(sym) > 2 {
		return true
	}
	return slices.ContainsFunc(w.f.ManaSymbols, func(m snapshot.ManaSymbol) bool { return m.Symbol == sym })
}

// outsideQuotes is the offset of the first of seps in s that is not
// inside a quotation (“...”), or -1.
func outsideQuotes(s string, seps ...string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "“"):
			depth++
		case strings.HasPrefix(s[i:], "”"):
			depth--
		case depth == 0:
			for _, sep := range seps {
				if strings.HasPrefix(s[i:], sep) {
					return i
				}
			}
		}
	}
	return -1
}

// closingQuote is the offset of the ” closing a quotation s is inside,
// past nested ones, or -1.
func closingQuote(s string) int {
	depth := 1
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "“"):
			depth++
		case strings.HasPrefix(s[i:], "”"):
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}
