package names

import (
	"fmt"
	"slices"
	"strings"
)

// The vocabulary of type lines: every spelling of every list (card
// types, supertypes, each subtype category), current and removed, in
// both languages, with the spellings cards print beside the rules
// (variants) and the names the rules dropped before the history begins:
// a type line costs one lookup per word. A second lexicon holds the same
// spellings loosened (LooseKey), for printed mode. The generator builds
// both and writes them out; typeline reads them.

// Kind is what list a sense belongs to.
type Kind uint8

const (
	KindCardType Kind = iota + 1
	KindSupertype
	KindSubtype
)

// Langs is a set of languages that print a spelling.
type Langs uint8

const (
	English Langs = 1 << iota
	Spanish
)

// LangOf is the language of a code: "es" is Spanish, anything else
// English.
func LangOf(code string) Langs {
	if code == "es" {
		return Spanish
	}
	return English
}

// Form says where a spelling comes from.
type Form uint8

const (
	FormRules   Form = iota // as a list of the rules spells it
	FormVariant             // as cards print it (a variant); printed mode only
	FormDropped             // a name dropped before the history begins
)

// Sense is one thing a spelling can name: a value of a list, in the
// languages that print it so.
type Sense struct {
	Kind  Kind
	Cat   uint8  // for subtypes, the category's value
	V     uint16 // the value in its list; 0 for a dropped name
	Langs Langs
	Form  Form
	Ref   uint16 // which variant or dropped name of this spelling: see SpellingOrdinals
	Cur   bool   // the rules list it today
}

// Word is everything a spelling (a word, or a multi-word name) can be.
type Word struct {
	Senses []Sense
	// Phrase is the most words of any name that starts with this word
	// (Time Lord starts with Time), in either language; at least 1.
	Phrase int
	// Today is what the word names in a type line read by the rules, in
	// English and in Spanish, when that is one thing the rules list today:
	// the summary the fast path of type lines reads instead of the senses.
	Today [2]Today
}

// Today is the one meaning of a word in a type line of one language by
// the rules, as the full reading would find it: the card type or supertype
// it names before the dash, and the subtype after it. A zero field is
// "not one current English name": the full reading decides (a removed
// name, another language, a printed form, a name in several categories).
type Today struct {
	CardType  uint8  // the card type's value
	Supertype uint8  // the supertype's value, when it names no card type
	Cat       uint8  // the category of its one current English subtype
	Sub       uint16 // that subtype's value
}

// today finds a word's Today as the type-line parser reads its senses in
// lang by the rules (printed variants aside): before the dash a card type
// sense wins over a supertype, and the line's language over the other;
// after the dash, the subtype must be the word's only subtype of the
// rules in the line's language, and current.
func today(senses []Sense, lang Langs) Today {
	var t Today
	pick := func(k Kind) (Sense, bool) {
		var other Sense
		found := false
		for _, s := range senses {
			if s.Kind != k || s.Form == FormVariant {
				continue
			}
			if s.Langs&lang != 0 {
				return s, true
			}
			other, found = s, true
		}
		return other, found
	}
	usable := func(s Sense) bool { return s.Cur && s.Form == FormRules && s.Langs&lang != 0 }
	if s, ok := pick(KindCardType); ok {
		if usable(s) {
			t.CardType = uint8(s.V)
		}
	} else if s, ok := pick(KindSupertype); ok && usable(s) {
		t.Supertype = uint8(s.V)
	}
	var subs []Sense
	for _, s := range senses {
		if s.Kind == KindSubtype && s.Langs&lang != 0 && s.Form != FormVariant {
			subs = append(subs, s)
		}
	}
	if len(subs) == 1 && usable(subs[0]) {
		t.Cat, t.Sub = subs[0].Cat, subs[0].V
	}
	return t
}

// Lexicon finds the Word of a spelling. Words are laid out by slot:
// Words[i] is the word of Index.Slots[i] (zero for an empty slot), and a
// slot's value is its position + 1.
type Lexicon struct {
	Index Index
	Words []Word
}

// Lookup returns what a spelling can be, or nil. It allocates nothing,
// and takes s as it is (a type line is normalized as a whole).
func (lx *Lexicon) Lookup(s string) *Word {
	i := lx.Index.find(s, false, false)
	if i == 0 {
		return nil
	}
	return &lx.Words[i-1]
}

// List is one list of the rules, for the vocabulary.
type List struct {
	Kind    Kind
	Cat     uint8 // for subtypes
	Current bool  // the list is current (a category the rules still have)
	Names   []Name
}

// Name is one value of a list (its value is its index + 1).
type Name struct {
	EN, ES  string
	Forms   []string // other Spanish printed forms
	Current bool
	// ENSince and ESSince are when the rules first printed the English
	// and the Spanish spelling (Forms come with the Spanish one): the
	// vocabulary takes its spellings in that order, so that a rules
	// update adds its spellings last and moves none (Builder.Build).
	ENSince, ESSince string
}

// Printed is a spelling cards print beside the rules: a variant of a
// current name (V its value), or a dropped name (V 0).
type Printed struct {
	Lang     string // "en" or "es"
	Kind     Kind
	Cat      uint8
	V        uint16
	Spelling string
	Dropped  bool
}

// SpellingOrdinals gives each of a list of printed entries (variants, or
// dropped names) the Ref of its sense: how many entries before it have
// the same spelling. It tells apart entries of one spelling (one per
// language) and, unlike an index, does not change when an entry of
// another spelling comes or goes: a name the rules list again, leaving
// the dropped names, changes its own lines of the tables only.
func SpellingOrdinals(spellings []string) []uint16 {
	seen := map[string]uint16{}
	out := make([]uint16, len(spellings))
	for i, sp := range spellings {
		out[i] = seen[sp]
		seen[sp]++
	}
	return out
}

// BuildVocabulary builds the exact and loose lexicons of the lists and
// printed spellings (variants and dropped names; a sense's Ref is the
// ordinal SpellingOrdinals gives its entry). Two builds of the same input
// are identical.
func BuildVocabulary(lists []List, printed []Printed) (exact, loose Lexicon, err error) {
	type entry struct {
		spelling string
		s        Sense
	}
	type dated struct {
		entry
		since string
	}
	var names []dated
	for _, l := range lists {
		for i, n := range l.Names {
			s := Sense{Kind: l.Kind, Cat: l.Cat, V: uint16(i + 1), Langs: English, Cur: n.Current && l.Current}
			names = append(names, dated{entry{n.EN, s}, n.ENSince})
			s.Langs = Spanish
			if n.ES != "" {
				names = append(names, dated{entry{n.ES, s}, n.ESSince})
			}
			for _, f := range n.Forms {
				names = append(names, dated{entry{f, s}, n.ESSince})
			}
		}
	}
	slices.SortStableFunc(names, func(a, b dated) int { return strings.Compare(a.since, b.since) })
	all := make([]entry, 0, len(names)+len(printed))
	for _, d := range names {
		all = append(all, d.entry)
	}
	var variants, dropped []string
	for _, p := range printed {
		if p.Dropped {
			dropped = append(dropped, p.Spelling)
		} else {
			variants = append(variants, p.Spelling)
		}
	}
	variantRefs, droppedRefs := SpellingOrdinals(variants), SpellingOrdinals(dropped)
	for _, p := range printed {
		var s Sense
		if p.Dropped {
			s = Sense{Kind: p.Kind, Cat: p.Cat, Langs: LangOf(p.Lang), Form: FormDropped, Ref: droppedRefs[0]}
			droppedRefs = droppedRefs[1:]
		} else {
			s = Sense{Kind: p.Kind, Cat: p.Cat, V: p.V, Langs: LangOf(p.Lang), Form: FormVariant, Ref: variantRefs[0], Cur: currentOf(lists, p)}
			variantRefs = variantRefs[1:]
		}
		all = append(all, entry{p.Spelling, s})
	}
	var ex, lo lexiconBuilder
	var buf [MaxName]byte
	for _, e := range all {
		ex.add(e.spelling, e.s)
		if k := LooseKey(buf[:0], e.spelling); k != nil {
			lo.add(string(k), e.s)
		}
	}
	for i := range ex.words {
		ex.words[i].Today = [2]Today{today(ex.words[i].Senses, English), today(ex.words[i].Senses, Spanish)}
	}
	if exact, err = ex.build(); err != nil {
		return Lexicon{}, Lexicon{}, err
	}
	if loose, err = lo.build(); err != nil {
		return Lexicon{}, Lexicon{}, err
	}
	return exact, loose, nil
}

// currentOf reports whether a variant's name is current in its list.
func currentOf(lists []List, p Printed) bool {
	for _, l := range lists {
		if l.Kind == p.Kind && l.Cat == p.Cat && int(p.V) >= 1 && int(p.V) <= len(l.Names) {
			return l.Current && l.Names[p.V-1].Current
		}
	}
	return false
}

// lexiconBuilder collects words in the order spellings first come.
type lexiconBuilder struct {
	words []Word
	// keys are the spellings first seen, with the rules' apostrophe: the
	// index keeps its keys as given and compares them as printed first,
	// so a line spelled as the rules spell it finds each word at once,
	// before any folding of case.
	keys []string
	at   map[string]int // folded spelling → index in words
}

// add records that spelling can name s. Spellings are keyed as the index
// compares them: any case, either apostrophe.
func (lb *lexiconBuilder) add(spelling string, s Sense) {
	w := lb.get(spelling)
	for i := range w.Senses {
		x := &w.Senses[i]
		if x.Kind == s.Kind && x.Cat == s.Cat && x.V == s.V && x.Form == s.Form && x.Ref == s.Ref {
			x.Langs |= s.Langs
			return
		}
	}
	w.Senses = append(w.Senses, s)
	if f := strings.Fields(spelling); len(f) > 1 {
		first := lb.get(f[0])
		first.Phrase = max(first.Phrase, len(f))
	}
}

func (lb *lexiconBuilder) get(spelling string) *Word {
	if lb.at == nil {
		lb.at = map[string]int{}
	}
	key := strings.ReplaceAll(spelling, "'", "’")
	k := Fold(key)
	i, ok := lb.at[k]
	if !ok {
		i = len(lb.words)
		lb.at[k] = i
		lb.keys = append(lb.keys, key)
		lb.words = append(lb.words, Word{Phrase: 1})
	}
	return &lb.words[i]
}

// build indexes the words and lays them out by slot: a word's number is
// its slot's position, not the order words were first met, so a name
// added to one list leaves every other word where it was.
func (lb *lexiconBuilder) build() (Lexicon, error) {
	var b Builder
	for i, k := range lb.keys {
		if err := b.Add(k, i+1); err != nil {
			return Lexicon{}, fmt.Errorf("vocabulary: %w", err)
		}
	}
	x, err := b.Build()
	if err != nil {
		return Lexicon{}, fmt.Errorf("vocabulary: %w", err)
	}
	if len(x.Slots) > maxValue {
		return Lexicon{}, fmt.Errorf("vocabulary: %d slots, more than a slot's value can number", len(x.Slots))
	}
	words := make([]Word, len(x.Slots))
	for p := range x.Slots {
		if sl := &x.Slots[p]; sl.N != 0 {
			words[p] = lb.words[sl.V-1]
			sl.V = uint16(p + 1)
		}
	}
	return Lexicon{Index: *x, Words: words}, nil
}

// MaxName bounds the names a loose lookup can find; longer phrases are
// not names (the longest name of the rules is under 40 bytes).
const MaxName = 96

// LooseKey appends to dst the spelling with the differences cards print
// and the rules page does not erased: acute and grave accents and the
// diaeresis (Cálix is Calix; ñ stays, it is a letter of its own), a
// hyphen for a space (Pueblo-lunar, pueblo lunar), runs of spaces. Case
// is left to the index. It returns nil for a spelling too long to be a
// name.
func LooseKey(dst []byte, s string) []byte {
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 0xC3 && i+1 < len(s) {
			if plain := unaccented(s[i+1]); plain != 0 {
				c = plain
				i++
			}
		}
		if c == '-' || c == ' ' {
			if space || len(dst) == 0 {
				continue
			}
			space = true
			c = ' '
		} else {
			space = false
		}
		if len(dst) == cap(dst) {
			return nil
		}
		dst = append(dst, c)
	}
	if space {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// unaccented maps the second byte of a UTF-8 accented vowel (first byte
// 0xC3) to the vowel, or returns 0.
func unaccented(b byte) byte {
	switch b {
	case 0xA0, 0xA1, 0xA4:
		return 'a'
	case 0x80, 0x81, 0x84:
		return 'A'
	case 0xA8, 0xA9, 0xAB:
		return 'e'
	case 0x88, 0x89, 0x8B:
		return 'E'
	case 0xAC, 0xAD, 0xAF:
		return 'i'
	case 0x8C, 0x8D, 0x8F:
		return 'I'
	case 0xB2, 0xB3, 0xB6:
		return 'o'
	case 0x92, 0x93, 0x96:
		return 'O'
	case 0xB9, 0xBA, 0xBC:
		return 'u'
	case 0x99, 0x9A, 0x9C:
		return 'U'
	}
	return 0
}
