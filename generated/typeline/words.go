package typeline

import (
	"strings"

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

// sense is one thing a spelling can name: a card type, a supertype or a
// subtype of one category, in the languages that print it so.
type sense struct {
	kind  kind
	cat   subtype.Category // for subtypes
	v     uint16           // value in its table
	st    subtype.Subtype  // for subtypes, made once when the index is built
	langs langs
	fem   bool // a Spanish feminine form (legendaria)
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
// in both languages: a type line costs one lookup per word.
type vocabulary struct {
	index *enum.Index
	words []word
}

var vocab = buildVocabulary()

func buildVocabulary() *vocabulary {
	voc := &vocabulary{}
	at := map[string]int{} // folded spelling → index in words
	get := func(spelling string) *word {
		k := enum.Fold(strings.ReplaceAll(spelling, "'", "’"))
		i, ok := at[k]
		if !ok {
			i = len(voc.words)
			at[k] = i
			voc.words = append(voc.words, word{phrase: 1})
		}
		return &voc.words[i]
	}
	addSense := func(spelling string, s sense) {
		w := get(spelling)
		for i := range w.senses {
			x := &w.senses[i]
			if x.kind == s.kind && x.cat == s.cat && x.v == s.v {
				x.langs |= s.langs
				return
			}
		}
		if s.kind == kindSubtype {
			s.st = makeSubtype(s.cat, s.v)
		}
		w.senses = append(w.senses, s)
		if f := strings.Fields(spelling); len(f) > 1 {
			first := get(f[0])
			first.phrase = max(first.phrase, len(f))
		}
	}
	addTable := func(t *enum.Table, k kind, cat subtype.Category) {
		for v := 1; v <= t.Len(); v++ {
			e := t.Entry(v)
			addSense(e.EN, sense{kind: k, cat: cat, v: uint16(v), langs: inEnglish})
			if e.ES != "" {
				addSense(e.ES, sense{kind: k, cat: cat, v: uint16(v), langs: inSpanish})
			}
			for _, f := range e.Forms {
				addSense(f, sense{kind: k, cat: cat, v: uint16(v), langs: inSpanish, fem: true})
			}
		}
	}
	addTable(data.CardTypes, kindCardType, 0)
	addTable(data.Supertypes, kindSupertype, 0)
	for i := range data.Categories {
		addTable(data.Categories[i].Table, kindSubtype, subtype.Category(i+1))
	}
	var b enum.Builder
	for k, i := range at {
		if err := b.Add(k, i+1); err != nil {
			panic("typeline: " + err.Error())
		}
	}
	x, err := b.Build()
	if err != nil {
		panic("typeline: " + err.Error())
	}
	voc.index = x
	return voc
}

// lookup returns what a spelling can be, or nil. It allocates nothing.
func (voc *vocabulary) lookup(s string) *word {
	i, ok := voc.index.Lookup(s)
	if !ok {
		return nil
	}
	return &voc.words[i-1]
}

// current reports whether the rules list a sense today.
func (s *sense) current() bool {
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
func (voc *vocabulary) supertypeForms(s cardtype.Supertype) []string {
	if e := data.Supertypes.Entry(int(s)); e != nil {
		return e.Forms
	}
	return nil
}
