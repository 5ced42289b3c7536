package typeline

import (
	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/internal/names"
)

// The fast path. Nearly every real line is spelled as the rules spell
// it: each word one name the rules list today, one meaning each.
// fastRead reads such a line with one lookup per word and the summary gen
// made of each word for the line's language (names.Today), and says only
// "valid"; anything else (a word it does not know for sure, a word of the
// other language, a printed form, a name of several words, a plane, any
// error) it leaves to the full reading, which then costs what it did
// before the fast path existed. A line the fast path accepts, the full
// reading accepts (TestFastPathAgrees, FuzzFastPath): it decides nothing
// the rules' reading would not.

// fastVerdict is what the fast path found.
type fastVerdict uint8

const (
	fastUnsure     fastVerdict = iota // the full reading decides
	fastValid                         // valid by the rules
	fastDecomposed                    // a word it missed holds a combining mark: read the line in NFC
)

// fastRead reads line as a type line of lang.
func fastRead(line string, lang Lang) fastVerdict {
	for rest := line; ; {
		face, tail, more := cutFace(rest)
		if v := fastFace(face, lang); v != fastValid {
			return v
		}
		if !more {
			return fastValid
		}
		rest = tail
	}
}

// missed is the verdict on a word the vocabulary does not have.
func missed(word string) fastVerdict {
	if names.MaybeDecomposed(word) {
		return fastDecomposed
	}
	return fastUnsure
}

func fastFace(s string, lang Lang) fastVerdict {
	left, right, hasDash := s, "", false
	if i := indexDash(s); i >= 0 {
		left, right, hasDash = s[:i], s[i+len(dash):], true
	}
	allowed, v := fastTypes(left, lang)
	if v != fastValid || !hasDash {
		return v
	}
	if allowed == 0 {
		return fastUnsure
	}
	return fastSubtypes(right, allowed, lang)
}

// fastTypes reads the words before the dash: supertypes and at least one
// card type (in English the supertypes first), none twice, no plane (the
// words after a plane's dash are one planar type, which the full reading
// reads); it returns the categories the card types' subtypes come from.
func fastTypes(left string, lang Lang) (allowed uint32, v fastVerdict) {
	var types, supers uint64 // bit v: the card type or supertype of value v
	nTypes, nSupers := 0, 0
	var first cardtype.CardType
	for i := 0; ; {
		for i < len(left) && left[i] == ' ' {
			i++
		}
		if i == len(left) {
			break
		}
		j := wordEnd(left, i)
		w := vocab.lookup(left[i:j])
		if w == nil {
			return 0, missed(left[i:j])
		}
		i = j
		switch t := &w.Today[lang]; {
		case t.CardType != 0:
			ct := t.CardType
			bit := uint64(1) << (ct & 63)
			if types&bit != 0 || nTypes == maxType || cardtype.CardType(ct) == cardtype.Plane {
				return 0, fastUnsure
			}
			types |= bit
			nTypes++
			first = cardtype.CardType(ct)
			allowed |= data.CategoriesOf[ct]
		case t.Supertype != 0:
			bit := uint64(1) << (t.Supertype & 63)
			if lang == English && nTypes > 0 || supers&bit != 0 || nSupers == maxType {
				return 0, fastUnsure
			}
			supers |= bit
			nSupers++
		default:
			return 0, fastUnsure
		}
	}
	if nTypes == 0 || nTypes == 1 && needsAnother(first) {
		return 0, fastUnsure
	}
	return allowed, fastValid
}

// fastSubtypes reads the words after the dash: each one current subtype
// of a category the card types allow, none twice.
func fastSubtypes(right string, allowed uint32, lang Lang) fastVerdict {
	var seen [maxSub]uint32
	n := 0
	for i := 0; ; {
		for i < len(right) && right[i] == ' ' {
			i++
		}
		if i == len(right) {
			if n == 0 {
				return fastUnsure
			}
			return fastValid
		}
		j := wordEnd(right, i)
		w := vocab.lookup(right[i:j])
		if w == nil {
			return missed(right[i:j])
		}
		i = j
		t := &w.Today[lang]
		if w.Phrase > 1 || t.Cat == 0 || allowed&(1<<t.Cat) == 0 || n == maxSub {
			return fastUnsure
		}
		id := uint32(t.Cat)<<16 | uint32(t.Sub)
		for _, x := range seen[:n] {
			if x == id {
				return fastUnsure
			}
		}
		seen[n] = id
		n++
	}
}
