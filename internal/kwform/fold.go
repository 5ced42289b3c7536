package kwform

import (
	"unicode"
	"unicode/utf8"
)

// The reader compares a card's word with a keyword's by their keys: the
// word in lower case (each letter by unicode.ToLower), the typographic
// apostrophe read as the ASCII one ("Doctor’s" and "doctor's" are one
// word). Gen lays out the keywords' words as keys (Key); the reader
// hashes and compares a card's words without making theirs (Hash,
// Equal).

// Key is the key of a word: lower case, the ASCII apostrophe.
func Key(w string) string {
	return string(AppendKey(make([]byte, 0, len(w)), w))
}

// AppendKey appends the key of w to dst.
func AppendKey(dst []byte, w string) []byte {
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			dst = append(dst, lowerASCII(c))
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(w[i:])
		i += n
		dst = utf8.AppendRune(dst, foldRune(r))
	}
	return dst
}

// Hash is the FNV-1a hash of the key of w, made without the key.
func Hash(w string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			h = (h ^ uint32(lowerASCII(c))) * 16777619
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(w[i:])
		i += n
		var b [utf8.UTFMax]byte
		for _, x := range b[:utf8.EncodeRune(b[:], foldRune(r))] {
			h = (h ^ uint32(x)) * 16777619
		}
	}
	return h
}

// Equal reports whether the key of w is key (a key, as Key makes it),
// made without the key of w.
func Equal(w, key string) bool {
	j := 0
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			if j >= len(key) || key[j] != lowerASCII(c) {
				return false
			}
			i++
			j++
			continue
		}
		r, n := utf8.DecodeRuneInString(w[i:])
		i += n
		k, m := utf8.DecodeRuneInString(key[j:])
		if m == 0 || k != foldRune(r) {
			return false
		}
		j += m
	}
	return j == len(key)
}

// Same reports whether two words have one key.
func Same(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, n := keyRune(a, i)
		y, m := keyRune(b, j)
		if x != y {
			return false
		}
		i, j = i+n, j+m
	}
	return i == len(a) && j == len(b)
}

// keyRune is the rune of the key of the rune at w[i], and its size in w.
func keyRune(w string, i int) (rune, int) {
	if c := w[i]; c < utf8.RuneSelf {
		return rune(lowerASCII(c)), 1
	}
	r, n := utf8.DecodeRuneInString(w[i:])
	return foldRune(r), n
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// foldRune is a rune beyond ASCII as a key holds it.
func foldRune(r rune) rune {
	if r == '’' {
		return '\''
	}
	return unicode.ToLower(r)
}
