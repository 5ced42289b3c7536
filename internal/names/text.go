package names

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Real-world text: names typed on macOS, pasted from web forms or PDFs
// arrive decomposed (n + U+0303 for ñ), with no-break or thin spaces, or
// with invisible characters. The rules print names in NFC with plain
// spaces; lookups read input as NFC, and messages that quote input show
// what cannot be seen.

// IsASCII reports whether s is all ASCII, which is NFC.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// MaybeDecomposed reports whether s holds a combining mark (or a Hangul
// jamo): what a decomposed or not yet composed string holds, and what the
// names of the rules, printed in NFC, do not. A string without one is
// taken as it is, at no cost.
func MaybeDecomposed(s string) bool {
	// One pass over the bytes, decoding only what may be a mark: ASCII,
	// the leads of Latin letters (U+0080 to U+02FF) and continuation
	// bytes are all under 0xCC; the combining diacritical marks (U+0300
	// to U+036F) start with 0xCC or 0xCD; general punctuation (the long
	// dash, the curly apostrophe, Unicode spaces: U+2000 to U+20CF) starts
	// with 0xE2 0x80 to 0x83 and holds no mark. Bytes are skipped only
	// when they continue the character: a stray lead byte must not hide
	// the mark that follows it.
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0xCC:
			continue
		case c == 0xCC:
			return true
		case c == 0xCD:
			if i+1 < len(s) && s[i+1] < 0xB0 {
				return true
			}
			continue
		case c == 0xE2 && i+2 < len(s) && s[i+2]&0xC0 == 0x80 && (0x80 <= s[i+1] && s[i+1] < 0x83 || s[i+1] == 0x83 && s[i+2] < 0x90):
			i += 2
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if 0x1100 <= r && r <= 0x11FF || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
			return true
		}
		i += size - 1
	}
	return false
}

// NFC returns s in Unicode normalization form C: s itself, without
// allocating, unless it holds a combining mark.
func NFC(s string) string {
	if !MaybeDecomposed(s) {
		return s
	}
	// A copy: the normalizer may keep what it reads, and s must not escape.
	return string(norm.NFC.Bytes([]byte(s)))
}

// NFCMap returns s in NFC and, for each byte of the result, the offset in
// s of the segment it came from (and, last, len(s)), so that an offset in
// the normalized text names a place in the input. ok is false when s
// needs no normalizing.
func NFCMap(s string) (text string, back []int, ok bool) {
	if !MaybeDecomposed(s) {
		return s, nil, false
	}
	src := []byte(s) // as in NFC: s must not escape
	var it norm.Iter
	it.Init(norm.NFC, src)
	var b strings.Builder
	b.Grow(len(s)) // NFC is never longer than the decomposed text it composes
	back = make([]int, 0, len(s)+1)
	for !it.Done() {
		start := it.Pos()
		seg := it.Next()
		b.Write(seg)
		for range seg {
			back = append(back, start)
		}
	}
	if b.String() == s {
		return s, nil, false
	}
	return b.String(), append(back, len(s)), true
}

// Special is a character of a type line that the rules never print and
// that a reader cannot see for what it is: a space other than U+0020, or
// an invisible character.
type Special struct {
	At   int  // byte offset
	Rune rune // the character
	Size int  // its bytes
}

// Invisible reports whether the character is zero-width (it stands for
// nothing), else it stands for a space.
func (sp Special) Invisible() bool { return !unicode.IsSpace(sp.Rune) }

// Name is the character's code point and what it is: "U+00A0 no-break
// space".
func (sp Special) Name() string {
	what := specialNames[sp.Rune]
	if what == "" {
		if sp.Invisible() {
			what = "invisible character"
		} else {
			what = "space"
		}
	}
	return fmt.Sprintf("U+%04X %s", sp.Rune, what)
}

var specialNames = map[rune]string{
	0x00A0: "no-break space", 0x2002: "en space", 0x2003: "em space", 0x2007: "figure space",
	0x2009: "thin space", 0x200A: "hair space", 0x202F: "narrow no-break space", 0x3000: "ideographic space",
	0x200B: "zero width space", 0x200C: "zero width non-joiner", 0x200D: "zero width joiner",
	0x2060: "word joiner", 0xFEFF: "zero width no-break space", 0x00AD: "soft hyphen",
	'\t': "tab", '\n': "line feed", '\v': "line tabulation", '\f': "form feed", '\r': "carriage return",
}

// isSpecial reports whether r is a space other than U+0020 or a
// zero-width character.
func isSpecial(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return asciiSpace(byte(r)) // a tab between words, say
	case r < 0x300:
		// Latin-1 and Latin Extended, the letters of Spanish: three
		// specials only, and no table to search for the others.
		return r == 0x85 || r == 0xA0 || r == 0xAD
	case 0x2010 <= r && r <= 0x2027:
		return false // dashes and quotes: the long dash, the curly apostrophe
	case unicode.IsSpace(r):
		return true
	}
	return unicode.Is(unicode.Cf, r) // format characters: zero-width, joiners, soft hyphen, BOM
}

// asciiSpace reports whether c is an ASCII space other than U+0020: tab,
// line feed, line tabulation, form feed, carriage return.
func asciiSpace(c byte) bool { return c >= '\t' && c <= '\r' }

// Specials lists the special characters of s, in order.
func Specials(s string) []Special {
	var out []Special
	for i := 0; i < len(s); i++ {
		// ASCII, the two-byte letters of Latin scripts (U+00C0 to
		// U+02FF) and dashes and quotes (U+2010 to U+2027) are passed
		// over without decoding: a line that failed is scanned here,
		// whatever its language.
		switch c := s[i]; {
		case c < utf8.RuneSelf:
			if asciiSpace(c) {
				out = append(out, Special{At: i, Rune: rune(c), Size: 1})
			}
			continue
		case 0xC3 <= c && c <= 0xCB && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			i++
			continue
		case c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && 0x90 <= s[i+2] && s[i+2] <= 0xA7:
			i += 2
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if isSpecial(r) {
			out = append(out, Special{At: i, Rune: r, Size: size})
		}
		i += size - 1
	}
	return out
}

// Plain replaces each special character of s by what the rules print: a
// space for a space, nothing for an invisible character; back maps each
// byte of the result to its offset in s (and, last, len(s)).
func Plain(s string, specials []Special) (text string, back []int) {
	var b strings.Builder
	last := 0
	emit := func(part string, from int) {
		b.WriteString(part)
		for i := 0; i < len(part); i++ { // every byte, not every rune
			back = append(back, from+i)
		}
	}
	for _, sp := range specials {
		emit(s[last:sp.At], last)
		if !sp.Invisible() {
			b.WriteByte(' ')
			back = append(back, sp.At)
		}
		last = sp.At + sp.Size
	}
	emit(s[last:], last)
	return b.String(), append(back, len(s))
}

// Quote quotes input for a message as strconv.Quote does, but shows what
// a reader cannot see: combining marks, format characters and spaces
// other than U+0020 are escaped ("Sen\u0303or", "Time\u00a0Lord"), so a
// message never looks like valid input.
func Quote(s string) string {
	q := strconv.Quote(s)
	if IsASCII(q) {
		return q
	}
	var b strings.Builder
	for _, r := range q {
		if isSpecial(r) || unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Article prefixes a noun with "a" or "an", as every message of the
// packages words a noun.
func Article(noun string) string {
	if noun != "" && (noun[0] == 'a' || noun[0] == 'e' || noun[0] == 'i' || noun[0] == 'o' || noun[0] == 'u') {
		return "an " + noun
	}
	return "a " + noun
}
