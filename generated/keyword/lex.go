package keyword

import (
	"unicode"
	"unicode/utf8"
)

// The lexer of a card's line: the reader matches forms and verbs against
// its tokens, never against bytes, so that a word is a word whatever
// stands beside it ("Cumulative upkeep—Sacrifice a land.", the long dash
// glued to the words around it; "Urza’s", a curly apostrophe inside one;
// "(Whenever ...)", reminder text one level down). As go/scanner reads
// Go: one pass, no allocation, each token its kind and its place.

// tokKind is what a token of a card's line is.
type tokKind uint8

const (
	tokWord      tokKind = iota + 1 // letters of any script, with apostrophes and hyphens inside, and a closing "!" or "?": "can't", "non-Human", "Urza’s", "engines!", "X"
	tokNumber                       // digits: "2", "12"
	tokSymbol                       // a symbol in braces: "{2}", "{W/U}", "{T}", "{12+}"
	tokPT                           // a power and toughness, or a change of them: "3/3", "+1/+1", "-2/-0", "X/X", "*/*"
	tokDash                         // the long dash "—" (or "--")
	tokComma                        // ,
	tokSemicolon                    // ;
	tokPeriod                       // .
	tokColon                        // :
	tokOpen                         // (
	tokClose                        // )
	tokBullet                       // • (a mode)
	tokPlus                         // + alone: "12+" after its number, "+ {1} —" (a spree's cost)
	tokQuote                        // " “ ” (a granted ability, quoted)
	tokOther                        // any other character: "∞", "/", "|"
)

// lexeme is one token of a line: its kind, where it is (bytes of the
// line), and how many parentheses are open around it (reminder text:
// one or more).
type lexeme struct {
	kind       tokKind
	depth      uint8
	start, end int32
}

// maxTokens is how many tokens of a line a reading keeps on the stack; a
// longer line (none is printed) costs one allocation.
const maxTokens = 256

// lexLine appends the tokens of line to dst.
func lexLine(line string, dst []lexeme) []lexeme {
	depth := 0
	for i := 0; i < len(line); {
		c := line[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		k, end := lexAt(line, i)
		if k == tokClose && depth > 0 {
			depth--
		}
		dst = append(dst, lexeme{kind: k, depth: uint8(min(depth, 255)), start: int32(i), end: int32(end)})
		if k == tokOpen {
			depth++
		}
		i = end
	}
	return dst
}

// lexAt reads the token that begins at line[i] (not a space): its kind
// and where it ends.
func lexAt(line string, i int) (tokKind, int) {
	c := line[i]
	switch c {
	case ',':
		return tokComma, i + 1
	case ';':
		return tokSemicolon, i + 1
	case '.':
		return tokPeriod, i + 1
	case ':':
		return tokColon, i + 1
	case '(':
		return tokOpen, i + 1
	case ')':
		return tokClose, i + 1
	case '"':
		return tokQuote, i + 1
	case '{':
		for j := i + 1; j < len(line); j++ {
			if line[j] == '}' {
				return tokSymbol, j + 1
			}
			if line[j] == '{' || line[j] == ' ' {
				break
			}
		}
		return tokOther, i + 1
	case '-':
		if i+1 < len(line) && line[i+1] == '-' {
			return tokDash, i + 2
		}
	}
	if end, ok := ptAt(line, i); ok {
		return tokPT, end
	}
	switch {
	case c >= '0' && c <= '9':
		j := i + 1
		for j < len(line) && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		return tokNumber, j
	case c == '+':
		return tokPlus, i + 1
	case c < utf8.RuneSelf && !isASCIILetter(c):
		return tokOther, i + 1
	}
	r, size := rune(c), 1
	if c >= utf8.RuneSelf {
		r, size = utf8.DecodeRuneInString(line[i:])
	}
	switch r {
	case '—':
		return tokDash, i + size
	case '•':
		return tokBullet, i + size
	case '“', '”':
		return tokQuote, i + size
	}
	if !unicode.IsLetter(r) {
		return tokOther, i + size
	}
	return tokWord, wordEndAt(line, i+size)
}

// wordEndAt is where a word that goes on at line[j] ends: letters and
// digits, an apostrophe or a hyphen between two of them, and a closing
// "!" or "?".
func wordEndAt(line string, j int) int {
	for j < len(line) {
		c := line[j]
		switch {
		case isASCIILetter(c) || c >= '0' && c <= '9':
			j++
		case c == '\'' || c == '-':
			if !letterAt(line, j+1) {
				return j
			}
			j++
		case c == '!' || c == '?':
			return j + 1
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(line[j:])
			if r == '’' {
				if !letterAt(line, j+size) {
					return j
				}
			} else if !unicode.IsLetter(r) {
				return j
			}
			j += size
		default:
			return j
		}
	}
	return j
}

// ptAt reads a power and toughness at line[i]: a side, a slash, a side,
// each side an optional sign and digits, X or *, not glued to a letter
// after it.
func ptAt(line string, i int) (int, bool) {
	side := func(j int) (int, bool) {
		if j < len(line) && (line[j] == '+' || line[j] == '-') {
			j++
		}
		switch {
		case j < len(line) && (line[j] == 'X' || line[j] == '*'):
			return j + 1, true
		case j < len(line) && line[j] >= '0' && line[j] <= '9':
			for j < len(line) && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			return j, true
		}
		return j, false
	}
	j, ok := side(i)
	if !ok || j >= len(line) || line[j] != '/' {
		return 0, false
	}
	j, ok = side(j + 1)
	if !ok || letterAt(line, j) {
		return 0, false
	}
	return j, true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// letterAt reports whether a letter begins at line[i] (none past the
// end): an ASCII one, or one of the other letters of card names.
func letterAt(line string, i int) bool {
	if i >= len(line) {
		return false
	}
	if c := line[i]; c < utf8.RuneSelf {
		return isASCIILetter(c)
	}
	r, _ := utf8.DecodeRuneInString(line[i:])
	return unicode.IsLetter(r)
}
