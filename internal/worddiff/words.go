package worddiff

import (
	"hash/maphash"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words are the words of s, each with the spaces after it (spaces that
// begin s are a word of their own): joined, they are s.
func Words(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(s); {
			j := wordEnd(s, i)
			if !yield(s[i:j]) {
				return
			}
			i = j
		}
	}
}

// Tokenize is the words of s in a slice.
func Tokenize(s string) []string {
	var out []string
	for w := range Words(s) {
		out = append(out, w)
	}
	return out
}

// CountWords is how many words s has.
func CountWords(s string) int {
	n := 0
	for i := 0; i < len(s); i = wordEnd(s, i) {
		n++
	}
	return n
}

// wordEnd is where the word of s that begins at byte i ends: after its
// characters and the spaces after them.
func wordEnd(s string, i int) int {
	i = skip(s, i, false)
	return skip(s, i, true)
}

// skip is where the run of spaces (or of other characters) of s that
// begins at byte i ends, decoding only non-ASCII bytes (a no-break space
// is a space).
func skip(s string, i int, spaces bool) int {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiSpace[c] != spaces {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) != spaces {
			return i
		}
		i += size
	}
	return i
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// seed hashes words for number; any seed gives the same numbers.
var seed = maphash.MakeSeed()

// number splits a and b into words and numbers them: the same word, the
// same number, in the order words first occur in a, then b.
func (d *differ) number() {
	d.offA = offsets(d.offA[:0], d.a)
	d.offB = offsets(d.offB[:0], d.b)
	size := 16
	for size < 2*(len(d.offA)+len(d.offB)) {
		size *= 2
	}
	d.slots = grow(d.slots, size)
	clear(d.slots)
	d.wa = d.numbered(d.wa[:0], d.a, d.offA)
	d.wb = d.numbered(d.wb[:0], d.b, d.offB)
}

// offsets appends where each word of s begins, and len(s).
func offsets(dst []int32, s string) []int32 {
	for i := 0; i < len(s); i = wordEnd(s, i) {
		dst = append(dst, int32(i))
	}
	return append(dst, int32(len(s)))
}

// numbered appends the number of each word of s (begun at off); folded,
// a word is its characters as TypographyKey folds them, its spaces aside.
func (d *differ) numbered(dst []int32, s string, off []int32) []int32 {
	mask := uint64(len(d.slots) - 1)
	for i := 0; i+1 < len(off); i++ {
		w := s[off[i]:off[i+1]]
		var h uint64
		if d.fold {
			w = w[:skip(w, 0, false)]
			h = foldedHash(w) & mask
		} else {
			h = maphash.String(seed, w) & mask
		}
		for {
			k := d.slots[h]
			if k == 0 {
				d.words = append(d.words, w)
				d.slots[h] = int32(len(d.words))
				dst = append(dst, int32(len(d.words)-1))
				break
			}
			if u := d.words[k-1]; u == w || d.fold && foldedEqual(u, w) {
				dst = append(dst, k-1)
				break
			}
			h = (h + 1) & mask
		}
	}
	return dst
}

// grow is s with length n, its memory reused when it has room.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// nextFolded is the rune of word w at byte i as TypographyKey folds it
// (a run of dashes one '-', an italics mark nothing: -1 at the end), and
// where the next begins.
func nextFolded(w string, i int) (rune, int) {
	for i < len(w) {
		r, size := utf8.DecodeRuneInString(w[i:])
		i += size
		switch r = foldRune(r); r {
		case 0:
			continue
		case '-':
			for i < len(w) {
				next, size := utf8.DecodeRuneInString(w[i:])
				if foldRune(next) != '-' {
					break
				}
				i += size
			}
		}
		return r, i
	}
	return -1, i
}

// foldedHash is FNV-1a of the folded runes of w.
func foldedHash(w string) uint64 {
	h := uint64(14695981039346656037)
	for r, i := nextFolded(w, 0); r >= 0; r, i = nextFolded(w, i) {
		h = (h ^ uint64(r)) * 1099511628211
	}
	return h
}

// foldedEqual reports whether words u and w fold alike.
func foldedEqual(u, w string) bool {
	r1, i := nextFolded(u, 0)
	r2, j := nextFolded(w, 0)
	for r1 == r2 && r1 >= 0 {
		r1, i = nextFolded(u, i)
		r2, j = nextFolded(w, j)
	}
	return r1 == r2
}

// FoldWord is word w as Similarity compares words: its characters as
// TypographyKey folds them, without the spaces after them.
func FoldWord(w string) string {
	w = w[:skip(w, 0, false)]
	if !needsFolding(w) {
		return w
	}
	var b strings.Builder
	b.Grow(len(w))
	for r, i := nextFolded(w, 0); r >= 0; r, i = nextFolded(w, i) {
		b.WriteRune(r)
	}
	return b.String()
}
