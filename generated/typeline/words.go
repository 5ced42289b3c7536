package typeline

import (
	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
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
