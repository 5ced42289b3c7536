package bookfile

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold is a glossary term, or what a reader asks for, as lookups compare
// them: letters in lower case, digits, and one space for every run of
// anything else; apostrophes (either) are dropped, so "Urza’s" and
// "urzas" are one key, and "Double-Faced Card" is "double faced card".
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '‘':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}

// folder yields the runes of Fold(s) one at a time, so that a lookup by
// term compares and hashes without building Fold(s).
type folder struct {
	s              string
	i              int
	space, started bool
}

// next is the next rune of Fold(s), or -1 at its end.
func (f *folder) next() rune {
	for f.i < len(f.s) {
		c, size := rune(f.s[f.i]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRuneInString(f.s[f.i:])
		} else if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			// ASCII letters and digits, the most of every term, at once.
			if f.space && f.started {
				f.space = false
				return ' '
			}
			f.i++
			f.started, f.space = true, false
			if c <= 'Z' && c >= 'A' {
				c += 'a' - 'A'
			}
			return c
		}
		switch {
		case c == '\'' || c == '’' || c == '‘':
			f.i += size
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			if f.space && f.started {
				f.space = false
				return ' ' // the space before c, which comes next
			}
			f.i += size
			f.started, f.space = true, false
			return unicode.ToLower(c)
		default:
			f.space = true
			f.i += size
		}
	}
	return -1
}

// compareFolded compares Fold(s) with key, a folded string.
func compareFolded(s, key string) int {
	f := folder{s: s}
	k := 0
	for {
		r := f.next()
		if k >= len(key) {
			if r < 0 {
				return 0
			}
			return 1
		}
		if r < 0 {
			return -1
		}
		kr, size := utf8.DecodeRuneInString(key[k:])
		if r != kr {
			if r < kr {
				return -1
			}
			return 1
		}
		k += size
	}
}

// foldHash is the hash of Fold(s) (hash of its UTF-8 bytes).
func foldHash(s string) uint32 {
	f := folder{s: s}
	h := uint32(fnvOffset)
	var buf [utf8.UTFMax]byte
	for r := f.next(); r >= 0; r = f.next() {
		n := utf8.EncodeRune(buf[:], r)
		for _, b := range buf[:n] {
			h = (h ^ uint32(b)) * fnvPrime
		}
	}
	return h
}

// hash is FNV-1a of s: the slot of a key in a table of the file.
func hash(s string) uint32 {
	h := uint32(fnvOffset)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * fnvPrime
	}
	return h
}

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)
