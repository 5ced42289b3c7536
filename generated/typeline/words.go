package typeline

import (
	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/names"
)

// The vocabulary of type lines is the generator's (data.Exact and
// data.Loose, built by internal/names when gen ran): every spelling of
// every list, current and removed, in both languages, with the printed
// variants and dropped names; a type line costs one lookup per word.

type (
	sense = names.Sense
	word  = names.Word
	kind  = names.Kind
	langs = names.Langs
)

const (
	kindCardType  = names.KindCardType
	kindSupertype = names.KindSupertype
	kindSubtype   = names.KindSubtype
	formRules     = names.FormRules
	formVariant   = names.FormVariant
	formDropped   = names.FormDropped
)

func (l Lang) bit() langs { return 1 << l }

// catOf is the category of a subtype sense.
func catOf(s *sense) subtype.Category { return subtype.Category(s.Cat) }

// stOf is the subtype a subtype sense names.
func stOf(s *sense) subtype.Subtype { return subtype.Of(subtype.Category(s.Cat), int(s.V)) }

// vocab looks spellings up in the generated lexicons.
var vocab vocabulary

type vocabulary struct{}

// lookup returns what a spelling as the rules print it can be, or nil.
func (vocabulary) lookup(s string) *word { return data.Exact.Lookup(s) }

// lookupLoose returns what a spelling can be once loosened, or nil. It
// allocates nothing: the key is built on the stack.
func (vocabulary) lookupLoose(s string) *word {
	var buf [maxName]byte
	k := names.LooseKey(buf[:0], s)
	if len(k) == 0 {
		return nil
	}
	// The index keeps nothing of the key, so the conversion stays on the
	// stack: no allocation, and no unsafe view is needed (measured with a
	// view and without: 0 allocs/op both, printed Spanish faces).
	return data.Loose.Lookup(string(k))
}

const maxName = names.MaxName

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

// supertypeForms returns the other Spanish printed forms of a supertype
// (the feminine "legendaria" of "legendario").
func supertypeForms(s cardtype.Supertype) []string {
	if e := data.Supertypes.Entry(int(s)); e != nil {
		return e.Forms
	}
	return nil
}

// droppedOf is the dropped name a sense of Form formDropped comes from.
func droppedOf(s *sense) *enum.Dropped {
	i := printedEntry(s, len(data.Dropped), func(i int) (string, string) { return data.Dropped[i].Printed, data.Dropped[i].Lang })
	return &data.Dropped[i]
}

// variantOf is the printed variant a sense of Form formVariant comes from.
func variantOf(s *sense) *enum.Variant {
	i := printedEntry(s, len(data.Variants), func(i int) (string, string) { return data.Variants[i].Printed, data.Variants[i].Lang })
	return &data.Variants[i]
}

// printedEntry is the index, among n printed entries (the variants, or
// the dropped names) whose spelling and language entry gives, of the one
// sense s was built from. A sense's Ref is its entry's ordinal among the
// entries of its spelling (names.SpellingOrdinals), not an index, so that
// a name leaving the dropped names changes no other line of the tables:
// the entry is the one of s's word with that ordinal and a language of s.
// It allocates nothing (Valid of a dropped name does not), and looks the
// few entries up one by one.
func printedEntry(s *sense, n int, entry func(i int) (spelling, lang string)) int {
	for _, same := range [...]func(a, b *sense) bool{sameSense, equalSense} {
		for i := range n {
			sp, lang := entry(i)
			if s.Langs&names.LangOf(lang) == 0 || ordinal(i, sp, entry) != s.Ref {
				continue
			}
			if holds(vocab.lookup(sp), s, same) || holds(vocab.lookupLoose(sp), s, same) {
				return i
			}
		}
	}
	panic("typeline: a printed sense with no entry in data.Variants or data.Dropped") // gen builds both from one list
}

// ordinal is how many entries before the i-th are spelled sp, as
// names.SpellingOrdinals counts.
func ordinal(i int, sp string, entry func(i int) (spelling, lang string)) uint16 {
	var k uint16
	for j := range i {
		if other, _ := entry(j); other == sp {
			k++
		}
	}
	return k
}

// sameSense is s itself; equalSense a copy of it, for a caller that
// copied one.
func sameSense(a, b *sense) bool  { return a == b }
func equalSense(a, b *sense) bool { return *a == *b }

func holds(wd *word, s *sense, same func(a, b *sense) bool) bool {
	if wd == nil {
		return false
	}
	for i := range wd.Senses {
		if same(&wd.Senses[i], s) {
			return true
		}
	}
	return false
}
