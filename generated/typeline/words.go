package typeline

import (
	"strings"
	"unsafe"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
)

// langs is a set of languages that print a spelling.
type langs uint8

const (
	inEnglish langs = 1 << English
	inSpanish langs = 1 << Spanish
)

func (l Lang) bit() langs { return 1 << l }

func langOf(code string) langs {
	if code == "es" {
		return inSpanish
	}
	return inEnglish
}

// form says where a spelling comes from.
type form uint8

const (
	formRules   form = iota // as a list of the rules spells it
	formVariant             // as cards print it (data.Variants[ref]); printed mode only
	formDropped             // a name dropped before the history begins (data.Dropped[ref])
)

// sense is one thing a spelling can name: a card type, a supertype or a
// subtype of one category, in the languages that print it so.
type sense struct {
	kind  kind
	cat   subtype.Category // for subtypes
	v     uint16           // value in its table; 0 for a dropped name
	st    subtype.Subtype  // for subtypes, made once when the index is built
	langs langs
	form  form
	ref   uint16 // index into data.Variants or data.Dropped
	cur   bool   // the rules list it today
}

type kind uint8

const (
	kindCardType kind = iota + 1
	kindSupertype
	kindSubtype
)

// word is everything a spelling (one word, or a multi-word name) can be.
type word struct {
	senses []sense
	// phrase is the most words of any name that starts with this word
	// (Time Lord starts with Time), in either language; at least 1.
	phrase int
}

// vocabulary indexes every spelling of every list, current and removed,
// in both languages, with the printed variants and dropped names: a type
// line costs one lookup per word. A second index holds the same spellings
// loosened (looseKey), for printed mode.
type vocabulary struct {
	exact, loose lexicon
}

type lexicon struct {
	index *enum.Index
	words []word
	keys  map[string]int // folded spelling → index in words, while built
}

var vocab = buildVocabulary()

func buildVocabulary() *vocabulary {
	type entry struct {
		spelling string
		s        sense
	}
	var all []entry
	addTable := func(t *enum.Table, k kind, cat subtype.Category) {
		for v := 1; v <= t.Len(); v++ {
			e := t.Entry(v)
			s := sense{kind: k, cat: cat, v: uint16(v), langs: inEnglish}
			all = append(all, entry{e.EN, s})
			s.langs = inSpanish
			if e.ES != "" {
				all = append(all, entry{e.ES, s})
			}
			for _, f := range e.Forms {
				all = append(all, entry{f, s})
			}
		}
	}
	addTable(data.CardTypes, kindCardType, 0)
	addTable(data.Supertypes, kindSupertype, 0)
	for i := range data.Categories {
		addTable(data.Categories[i].Table, kindSubtype, subtype.Category(i+1))
	}
	for i, v := range data.Variants {
		k, cat := listOf(v.Table)
		all = append(all, entry{v.Printed, sense{kind: k, cat: cat, v: uint16(v.Value), langs: langOf(v.Lang), form: formVariant, ref: uint16(i)}})
	}
	for i, d := range data.Dropped {
		k, cat := listOf(d.Table)
		all = append(all, entry{d.Printed, sense{kind: k, cat: cat, langs: langOf(d.Lang), form: formDropped, ref: uint16(i)}})
	}
	for i := range all {
		if s := &all[i].s; s.kind == kindSubtype && s.v != 0 {
			s.st = makeSubtype(s.cat, s.v)
		}
		all[i].s.cur = all[i].s.isCurrent()
	}
	voc := &vocabulary{}
	var buf [maxName]byte
	for _, e := range all {
		voc.exact.add(e.spelling, e.s)
		if k := looseKey(buf[:0], e.spelling); k != nil {
			voc.loose.add(string(k), e.s)
		}
	}
	voc.exact.build()
	voc.loose.build()
	return voc
}

// listOf returns the kind and category of a table.
func listOf(t *enum.Table) (kind, subtype.Category) {
	switch t {
	case data.CardTypes:
		return kindCardType, 0
	case data.Supertypes:
		return kindSupertype, 0
	}
	for i := range data.Categories {
		if data.Categories[i].Table == t {
			return kindSubtype, subtype.Category(i + 1)
		}
	}
	panic("typeline: a printed form names a table that is not a list of the rules")
}

// add records that spelling can name s. Spellings are keyed as the index
// compares them: any case, either apostrophe.
func (lx *lexicon) add(spelling string, s sense) {
	w := lx.get(spelling)
	for i := range w.senses {
		x := &w.senses[i]
		if x.kind == s.kind && x.cat == s.cat && x.v == s.v && x.form == s.form && x.ref == s.ref {
			x.langs |= s.langs
			return
		}
	}
	w.senses = append(w.senses, s)
	if f := strings.Fields(spelling); len(f) > 1 {
		first := lx.get(f[0])
		first.phrase = max(first.phrase, len(f))
	}
}

func (lx *lexicon) get(spelling string) *word {
	if lx.keys == nil {
		lx.keys = map[string]int{}
	}
	k := enum.Fold(strings.ReplaceAll(spelling, "'", "’"))
	i, ok := lx.keys[k]
	if !ok {
		i = len(lx.words)
		lx.keys[k] = i
		lx.words = append(lx.words, word{phrase: 1})
	}
	return &lx.words[i]
}

func (lx *lexicon) build() {
	var b enum.Builder
	for k, i := range lx.keys {
		if err := b.Add(k, i+1); err != nil {
			panic("typeline: " + err.Error())
		}
	}
	x, err := b.Build()
	if err != nil {
		panic("typeline: " + err.Error())
	}
	lx.index = x
	lx.keys = nil
}

// lookup returns what a spelling can be, or nil. It allocates nothing.
func (lx *lexicon) lookup(s string) *word {
	i, ok := lx.index.Lookup(s)
	if !ok {
		return nil
	}
	return &lx.words[i-1]
}

// lookup returns what a spelling as the rules print it can be, or nil.
func (voc *vocabulary) lookup(s string) *word { return voc.exact.lookup(s) }

// lookupLoose returns what a spelling can be once loosened, or nil. It
// allocates nothing: the key is built on the stack.
func (voc *vocabulary) lookupLoose(s string) *word {
	var buf [maxName]byte
	k := looseKey(buf[:0], s)
	if len(k) == 0 {
		return nil
	}
	// The index keeps nothing of the key, so a view of the stack buffer
	// does: no copy.
	return voc.loose.lookup(unsafe.String(&k[0], len(k)))
}

// maxName bounds the names a loose lookup can find; longer phrases are
// not names (the longest name of the rules is under 40 bytes).
const maxName = 96

// looseKey appends to dst the spelling with the differences cards print
// and the rules page does not erased: acute and grave accents and the
// diaeresis (Cálix is Calix; ñ stays, it is a letter of its own), a
// hyphen for a space (Pueblo-lunar, pueblo lunar), runs of spaces. Case
// is left to the index. It returns nil for a spelling too long to be a
// name.
func looseKey(dst []byte, s string) []byte {
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

// masculine writes into buf the masculine forms a Spanish feminine noun or
// adjective can have (felina → felino, cazadora → cazador, campeona →
// campeón, which a loose lookup finds as campeon) and returns how many.
func masculine(buf *[3][maxName]byte, w string) (forms [3][]byte, n int) {
	if len(w) < 3 || len(w) > maxName {
		return forms, 0
	}
	add := func(stem string, end string) {
		b := append(buf[n][:0], stem...)
		forms[n] = append(b, end...)
		n++
	}
	switch last := w[len(w)-1]; {
	case last == 'a' || last == 'A':
		add(w[:len(w)-1], "o")
		if suffixFold(w, "ora") || suffixFold(w, "ona") {
			add(w[:len(w)-1], "")
		}
	case (last == 's' || last == 'S') && len(w) > 3 && (w[len(w)-2] == 'a' || w[len(w)-2] == 'A'):
		add(w[:len(w)-2], "os")
	}
	return forms, n
}

// suffixFold reports whether s ends in the lower-case ASCII suffix, in
// any case.
func suffixFold(s, suffix string) bool {
	if len(s) < len(suffix) {
		return false
	}
	t := s[len(s)-len(suffix):]
	for i := 0; i < len(t); i++ {
		if t[i]|0x20 != suffix[i] {
			return false
		}
	}
	return true
}

// current reports whether the rules list a sense today.
func (s *sense) current() bool { return s.cur }

// isCurrent works out current once, when the vocabulary is built.
func (s *sense) isCurrent() bool {
	if s.form == formDropped {
		return false
	}
	switch s.kind {
	case kindCardType:
		return cardtype.CardType(s.v).IsValid()
	case kindSupertype:
		return cardtype.Supertype(s.v).IsValid()
	}
	return s.st.IsValid()
}

// makeSubtype makes the Subtype of value v in category c through the
// public text form, once, when the index is built: a Subtype is only
// ever made by its own package.
func makeSubtype(c subtype.Category, v uint16) subtype.Subtype {
	e := data.Categories[c-1].Table.Entry(int(v))
	var st subtype.Subtype
	if err := st.UnmarshalText([]byte(c.String() + ":" + e.EN)); err != nil {
		panic("typeline: " + err.Error())
	}
	return st
}

// supertypeForms returns the other Spanish printed forms of a supertype
// (the feminine "legendaria" of "legendario").
func supertypeForms(s cardtype.Supertype) []string {
	if e := data.Supertypes.Entry(int(s)); e != nil {
		return e.Forms
	}
	return nil
}
