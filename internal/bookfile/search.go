package bookfile

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Match is one place a search found its words.
type Match struct {
	Kind Kind   // Rules or Glossary
	Key  string // the rule's number or the term
	// Para is the paragraph of the rule (0 its first) or the line of the
	// term's definition it was found in; -1 for the term itself.
	Para int
	// Text is that paragraph (or the term), Text[Start:End] what matched.
	Text       string
	Start, End int
}

// Search finds query in the rules and the glossary of release i: every
// paragraph (examples included) and every line of a definition where
// its words occur in a row, regardless of case, of straight or curly
// quotes and of runs of spaces, starting and ending on word boundaries;
// rules first in their order, then the glossary. At most max (0: all).
func (f *File) Search(query string, i, max int) ([]Match, error) {
	q := []rune(strings.Join(strings.Fields(query), " "))
	if len(q) == 0 {
		return nil, nil
	}
	var out []Match
	full := func() bool { return max > 0 && len(out) >= max }
	// A query starting with an ASCII letter or digit is looked for where
	// that byte is, in either case, byte by byte; any other, rune by rune.
	lo, up := byte(0), byte(0)
	if c := q[0]; c < utf8.RuneSelf && isWordRune(c) {
		lo, up = byte(unicode.ToLower(c)), byte(unicode.ToUpper(c))
	}
	scan := func(kind Kind, key string, para int, text string) {
		for start := 0; start < len(text) && !full(); {
			if lo != 0 {
				i := start
				for i < len(text) && text[i] != lo && text[i] != up {
					i++
				}
				if start = i; i == len(text) {
					break
				}
			}
			end, ok := matchAt(text, start, q)
			if ok {
				out = append(out, Match{Kind: kind, Key: key, Para: para, Text: text, Start: start, End: end})
				start = end
				continue
			}
			_, size := utf8.DecodeRuneInString(text[start:])
			start += size
		}
	}
	for _, k := range []Kind{Rules, Glossary} {
		for h := range f.Len(k) {
			v, ok := f.At(k, h, i)
			if !ok {
				continue
			}
			key := f.Key(k, h)
			if k == Glossary {
				scan(k, key, -1, key)
			}
			for p := range v.Paras() {
				t, err := v.Para(p)
				if err != nil {
					return nil, err
				}
				scan(k, key, p, t)
			}
			if full() {
				return out, nil
			}
		}
	}
	return out, nil
}

// matchAt reports whether q matches text at byte start, on word
// boundaries, and where the match ends.
func matchAt(text string, start int, q []rune) (int, bool) {
	if start > 0 && isWordRune(q[0]) {
		if r, _ := utf8.DecodeLastRuneInString(text[:start]); isWordRune(r) {
			return 0, false
		}
	}
	i := start
	for k := 0; k < len(q); k++ {
		if i >= len(text) {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if q[k] == ' ' {
			if !unicode.IsSpace(r) {
				return 0, false
			}
			for i < len(text) {
				r, size = utf8.DecodeRuneInString(text[i:])
				if !unicode.IsSpace(r) {
					break
				}
				i += size
			}
			continue
		}
		if !sameRune(r, q[k]) {
			return 0, false
		}
		i += size
	}
	if isWordRune(q[len(q)-1]) && i < len(text) {
		if r, _ := utf8.DecodeRuneInString(text[i:]); isWordRune(r) {
			return 0, false
		}
	}
	return i, true
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// sameRune compares runes as a search does: case folded, curly quotes as
// straight ones.
func sameRune(a, b rune) bool {
	a, b = plainQuote(a), plainQuote(b)
	if a == b {
		return true
	}
	return unicode.ToLower(a) == unicode.ToLower(b)
}

func plainQuote(r rune) rune {
	switch r {
	case '’', '‘':
		return '\''
	case '“', '”':
		return '"'
	}
	return r
}
