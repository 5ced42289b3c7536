package typeline

import (
	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
)

// The fast path. Nearly every real English line is spelled as the rules
// spell it: each word one name the rules list today, one meaning each.
// fastValid reads such a line with one lookup per word and the summary
// gen made of each word (names.Today), and says only "valid"; anything
// else (a word it does not know for sure, another language, a printed
// form, a name of several words, a plane, any error) it leaves to the
// full reading, which then costs what it did before the fast path
// existed. A line the fast path accepts, the full reading accepts
// (TestFastPathAgrees, FuzzFastPath): it decides nothing the rules'
// reading would not.

// fastValid reports whether line is an English type line the fast path
// can accept; false means "not sure", never "invalid".
func fastValid(line string) bool {
	for rest := line; ; {
		face, tail, more := cutFace(rest)
		if !fastFace(face) {
			return false
		}
		if !more {
			return true
		}
		rest = tail
	}
}

func fastFace(s string) bool {
	left, right, hasDash := s, "", false
	if i := indexDash(s); i >= 0 {
		left, right, hasDash = s[:i], s[i+len(dash):], true
	}
	allowed, ok := fastTypes(left)
	if !ok {
		return false
	}
	if !hasDash {
		return true
	}
	return allowed != 0 && fastSubtypes(right, allowed)
}

// fastTypes reads the words before the dash: supertypes, then at least
// one card type, none twice, no plane (the words after a plane's dash
// are one planar type, which the full reading reads); it returns the categories the
// card types' subtypes come from.
func fastTypes(left string) (allowed uint32, ok bool) {
	var types, supers uint64 // bit v: the card type or supertype of value v
	nTypes, nSupers := 0, 0
	for i := 0; ; {
		for i < len(left) && left[i] == ' ' {
			i++
		}
		if i == len(left) {
			break
		}
		j := wordEnd(left, i)
		w := vocab.lookup(left[i:j])
		i = j
		switch {
		case w == nil:
			return 0, false
		case w.Today.CardType != 0:
			ct := w.Today.CardType
			bit := uint64(1) << (ct & 63)
			if types&bit != 0 || nTypes == maxType || cardtype.CardType(ct) == cardtype.Plane {
				return 0, false
			}
			types |= bit
			nTypes++
			allowed |= data.CategoriesOf[ct]
		case w.Today.Supertype != 0:
			bit := uint64(1) << (w.Today.Supertype & 63)
			if nTypes > 0 || supers&bit != 0 || nSupers == maxType {
				return 0, false
			}
			supers |= bit
			nSupers++
		default:
			return 0, false
		}
	}
	return allowed, nTypes > 0
}

// fastSubtypes reads the words after the dash: each one current subtype
// of a category the card types allow, none twice.
func fastSubtypes(right string, allowed uint32) bool {
	var seen [maxSub]uint32
	n := 0
	for i := 0; ; {
		for i < len(right) && right[i] == ' ' {
			i++
		}
		if i == len(right) {
			return n > 0
		}
		j := wordEnd(right, i)
		w := vocab.lookup(right[i:j])
		i = j
		if w == nil || w.Phrase > 1 || w.Today.Cat == 0 || allowed&(1<<w.Today.Cat) == 0 || n == maxSub {
			return false
		}
		id := uint32(w.Today.Cat)<<16 | uint32(w.Today.Sub)
		for _, x := range seen[:n] {
			if x == id {
				return false
			}
		}
		seen[n] = id
		n++
	}
}
